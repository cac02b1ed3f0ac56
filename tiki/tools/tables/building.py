"""Build a layout's table, layer by layer, restartably (``tiki tables build``).

The layers are built in the order of :class:`~.tallies.Tallies` (the last tally of a
game first): each reads the finished layers its moves lead to, mapped from their
files, and writes its own; a layer is complete once its ``.done`` marker is written,
and a build that is stopped starts again after the last complete layer. Each layer's
measures go to ``build.log`` (:mod:`.store`).

Inside a layer (``_retro.c``): every position's moves are generated once; those that
end the game or change the tally are valued from the tables or the finished layers;
then the values spread backwards through the unmoves in buckets of increasing
distance, so a winner's distance is his shortest and a loser's his longest (edges of
one ply, two through an order decision that stays in the layer); what is never
decided is a draw (the game can go on for ever, TIKI-END-6).
"""

from __future__ import annotations

import ctypes
import mmap
import os
import time
from collections.abc import Callable
from typing import Any

import attrs

from ...errors import TableError
from .native import Builder, Stats
from .store import LAYER_BYTES, LayoutDir
from .tallies import tally_layers

__all__ = ["SECONDS_PER_LAYER", "Estimate", "build", "estimate"]

SECONDS_PER_LAYER = 22.5
"""CPU-seconds a layer, measured: 1,528 s for the 68 layers of seed 1's layout (15 to
39 s a layer; the tie-break layers are the quickest) on the machine of
``docs/tiki-solve.md``."""
PEAK_MEMORY_GB = 2.2
"""The build's peak memory, measured (the working cells, the rank tables, the layers
mapped)."""


@attrs.frozen
class Estimate:
    """What a build will cost, from the layers left and the measured figures."""

    layers: int
    """The layers of the layout."""
    built: int
    """Those already complete."""
    todo: int
    """Those this build will make."""
    seconds: float
    """CPU-seconds, about (:data:`SECONDS_PER_LAYER` a layer)."""
    disk: int
    """Bytes it will add on disk."""

    def text(self) -> str:
        """The estimate in words, as ``tiki tables build`` prints it first.

        >>> Estimate(68, 0, 68, 1530.0, 68 * 109_303_204).text()
        'building 68 of 68 layers (0 built): about 26 CPU-minutes, 7.4 GB on disk, 2.2 GB of memory'
        >>> Estimate(68, 0, 1, 22.5, 109_303_204).text()[:56]
        'building 1 of 68 layers (0 built): about 22 CPU-seconds,'
        """
        cpu = (f"{self.seconds:.0f} CPU-seconds" if self.seconds < 120
               else f"{self.seconds / 60:.0f} CPU-minutes")  # fmt: skip
        return (
            f"building {self.todo} of {self.layers} layers ({self.built} built): about "
            f"{cpu}, {self.disk / 1e9:.1f} GB on disk, {PEAK_MEMORY_GB} GB of memory"
        )


def estimate(layout: tuple[int, ...], top: str | os.PathLike[str], layers: int | None) -> Estimate:
    """The cost of building at most ``layers`` more layers of ``layout`` under ``top``."""
    n = len(tally_layers(layout).order)
    built = len(LayoutDir(top, layout).built(n))
    todo = n - built if layers is None else min(layers, n - built)
    return Estimate(n, built, todo, todo * SECONDS_PER_LAYER, todo * LAYER_BYTES)


def _peak_mb() -> int:
    try:
        import resource
    except ImportError:  # pragma: no cover - not a Unix
        return 0
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) // 1024


def build(
    layout: tuple[int, ...],
    top: str | os.PathLike[str],
    *,
    layers: int | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Build the missing layers of ``layout`` under ``top`` (at most ``layers`` of them,
    in order), calling ``progress`` with each layer's measures; return them."""
    builder = Builder(layout)
    t = builder.tallies
    where = LayoutDir(top, layout)
    where.write_meta(t.order)
    done: list[dict[str, Any]] = []
    for layer in range(len(t.order)):
        if where.is_built(layer):
            continue
        if layers is not None and len(done) >= layers:
            break
        missing = [k for k in t.kids[layer] if not where.is_built(k)]
        if missing:  # pragma: no cover - the order makes it impossible
            raise TableError(f"layer {layer} needs layers {missing}, not built")
        started = time.time()
        stats = _build_layer(builder, where, layer, t.kids[layer])
        if stats.order_err:
            raise TableError(f"layer {layer}: {stats.order_err} order decisions split the layer")
        record = {
            "layer": layer,
            "tally": t.describe(layer),
            "kids": len(t.kids[layer]),
            "wall": round(time.time() - started, 1),
            **stats.asdict(),
            "peak_mb": _peak_mb(),
        }
        where.log(record)
        where.mark_built(layer)
        done.append(record)
        if progress is not None:
            progress(record)
    return done


def _build_layer(builder: Builder, where: LayoutDir, layer: int, kids: tuple[int, ...]) -> Stats:
    """Build one layer into its file, its children's files mapped for the C side."""
    files: list[Any] = []
    maps: list[mmap.mmap] = []
    views: list[Any] = []  # ctypes views of the maps: dropped before the maps close

    def view(m: mmap.mmap) -> int:
        views.append((ctypes.c_char * LAYER_BYTES).from_buffer(m))
        return ctypes.addressof(views[-1])

    try:
        addresses = {}
        for k in kids:
            files.append(open(where.layer_path(k), "rb"))  # noqa: SIM115 - closed below
            maps.append(mmap.mmap(files[-1].fileno(), 0, access=mmap.ACCESS_COPY))
            addresses[k] = view(maps[-1])
        files.append(open(where.layer_path(layer), "w+b"))  # noqa: SIM115 - closed below
        files[-1].truncate(LAYER_BYTES)
        maps.append(mmap.mmap(files[-1].fileno(), LAYER_BYTES))
        stats = builder.build(layer, addresses, view(maps[-1]))
        maps[-1].flush()
        return stats
    except OSError as error:
        raise TableError(f"layer {layer}: {error}") from None
    finally:
        views.clear()
        for m in maps:
            m.close()
        for f in files:
            f.close()
