"""Build a layout's table, layer by layer, restartably (``tiki tables build``).

The layers are built in the order of :class:`~.tallies.Tallies` (the last tally of a
game first): each reads the finished layers its moves lead to, mapped from their
files once every block of them is checked against its checksums (once a build), and
writes its own, then its checksums (``.sum``, :mod:`.sums`, with the longest distance
it holds); a layer is complete once its ``.done`` marker is written, after them, and a
build that is stopped starts again after the last complete layer. Each layer's
measures go to ``build.log`` (:mod:`.store`; ``t_sums``: the CPU-seconds of the checks
and the checksums). The builder maps those files: one cut short under a running build
kills it (``SIGBUS``), and the layer it was building is not marked complete.

A layer whose tally is another's with x's and o's fruits exchanged (24 of seed 1's
68) is not built: its positions are its mirror's with the colours swapped
(:meth:`~.tallies.Tallies.mirror_of`), so it gets its ``.done`` marker and no file,
and a log line with its mirror's counts (``mirror_of``; no CPU-seconds). The builder
reads such a layer, where a move leads to it, through the swap from its mirror's file,
and so must a reader: the layer and the position (:func:`~.tallies.swap_board`, the
other player on turn) given by ``mirror_of``.

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
from .sums import verify_file, write_sums
from .tallies import tally_layers

__all__ = ["SECONDS_PER_LAYER", "Estimate", "build", "estimate"]

SECONDS_PER_LAYER = 20.0
"""CPU-seconds a layer built whole, measured: 706 s for seed 1's layout (its 24 layers
built whole 486 s, 17 to 25 s each; its 20 own mirrors, folded, 220 s, 9 to 13 s; its
24 mirror layers none), on the shared machine of ``docs/tiki-solve.md`` (the builder
before the colour symmetry: 1,663 s, 15 to 41 s a layer for all 68)."""
PEAK_MEMORY_GB = 1.9
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
    """CPU-seconds, about (:data:`SECONDS_PER_LAYER` a layer, half that for a layer
    that is its own mirror, built folded in two)."""
    disk: int
    """Bytes it will add on disk."""
    mirrors: int = 0
    """Layers that this build completes without building them: each is read through
    the colour swap from its mirror (:meth:`~.tallies.Tallies.mirror_of`)."""

    def text(self) -> str:
        """The estimate in words, as ``tiki tables build`` prints it first.

        >>> text = Estimate(68, 0, 44, 680.0, 44 * 109_303_204, 24).text()
        >>> text[:60], text[61:]  # doctest: +NORMALIZE_WHITESPACE
        ('building 44 of 68 layers (0 built; 24 more read as mirrors):',
         'about 11 CPU-minutes, 4.8 GB on disk, 1.9 GB of memory')
        >>> Estimate(68, 0, 1, 10.0, 109_303_204).text()[:56]
        'building 1 of 68 layers (0 built): about 10 CPU-seconds,'
        """
        cpu = (f"{self.seconds:.0f} CPU-seconds" if self.seconds < 120
               else f"{self.seconds / 60:.0f} CPU-minutes")  # fmt: skip
        mirrors = f"; {self.mirrors} more read as mirrors" if self.mirrors else ""
        return (
            f"building {self.todo} of {self.layers} layers ({self.built} built{mirrors}): "
            f"about {cpu}, {self.disk / 1e9:.1f} GB on disk, {PEAK_MEMORY_GB} GB of memory"
        )


def estimate(layout: tuple[int, ...], top: str | os.PathLike[str], layers: int | None) -> Estimate:
    """The cost of building at most ``layers`` more layers of ``layout`` under ``top``
    (the mirror layers met on the way are completed, not built, nor counted in ``layers``)."""
    t = tally_layers(layout)
    n = len(t.order)
    done = set(LayoutDir(top, layout).built(n))
    todo = mirrors = 0
    work = 0.0
    for layer in range(n):
        if layer in done:
            continue
        if t.mirror_of(layer)[1]:
            mirrors += 1
        elif layers is None or todo < layers:
            todo += 1
            work += 0.5 if t.is_own_mirror(layer) else 1.0  # folded in two
        else:
            break
    return Estimate(n, len(done), todo, work * SECONDS_PER_LAYER, todo * LAYER_BYTES, mirrors)


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
    verified: set[int] = set()  # the layers read by this build, checked once each
    for layer in range(len(t.order)):
        if where.is_built(layer):
            continue
        mirror, swapped = t.mirror_of(layer)
        if swapped:  # its mirror, built before it, holds its positions
            _mark_mirror(where, layer, mirror, t.describe(layer))
            continue
        if layers is not None and len(done) >= layers:
            break
        missing = [k for k in t.kids[layer] if not where.is_built(k)]
        if missing:  # pragma: no cover - the order makes it impossible
            raise TableError(f"layer {layer} needs layers {missing}, not built")
        started, cpu = time.time(), time.process_time()
        for source in sorted({t.mirror_of(k)[0] for k in t.kids[layer]} - verified):
            verify_file(where.layer_path(source), LAYER_BYTES // 2)  # read whole, checked
            verified.add(source)
        checked = time.process_time() - cpu
        stats = _build_layer(builder, where, layer, t.kids[layer])
        if stats.order_err:
            raise TableError(f"layer {layer}: {stats.order_err} order decisions split the layer")
        cpu = time.process_time()
        write_sums(where.layer_path(layer), stats.max_dist)  # before its .done marker
        record = {
            "layer": layer,
            "tally": t.describe(layer),
            "kids": len(t.kids[layer]),
            "wall": round(time.time() - started, 1),
            **stats.asdict(),
            "t_sums": round(checked + time.process_time() - cpu, 2),
            "peak_mb": _peak_mb(),
        }
        where.log(record)
        where.mark_built(layer)
        done.append(record)
        if progress is not None:
            progress(record)
    return done


_COPIED = ("wins", "losses", "draws", "positions", "in_edges", "known_edges", "order_err",
           "max_dist", "pushes", "unmove_edges")  # fmt: skip
"""The measures of a layer that its mirror layer shares (the colours swapped)."""


def _mark_mirror(where: LayoutDir, layer: int, mirror: int, tally: str) -> None:
    """Complete ``layer``, the mirror of the built layer ``mirror``: its marker, and a
    log line with the mirror's counts and no time."""
    if not where.is_built(mirror):  # pragma: no cover - the order makes it impossible
        raise TableError(f"layer {layer} is the mirror of layer {mirror}, not built")
    source = next((r for r in where.records() if r["layer"] == mirror), {})
    record: dict[str, Any] = {"layer": layer, "tally": tally, "mirror_of": mirror, "wall": 0.0,
                              "t_init": 0.0, "t_prop": 0.0, "t_total": 0.0}  # fmt: skip
    record.update({k: source[k] for k in _COPIED if k in source})
    where.log(record)
    where.mark_built(layer)


def _build_layer(builder: Builder, where: LayoutDir, layer: int, kids: tuple[int, ...]) -> Stats:
    """Build one layer into its file, its children's files mapped for the C side (a
    mirror layer's through its mirror's file, read through the colour swap)."""
    files: list[Any] = []
    maps: list[mmap.mmap] = []
    views: list[Any] = []  # ctypes views of the maps: dropped before the maps close

    def view(m: mmap.mmap) -> int:
        views.append((ctypes.c_char * LAYER_BYTES).from_buffer(m))
        return ctypes.addressof(views[-1])

    try:
        addresses: dict[int, int] = {}
        mapped: dict[int, int] = {}
        swapped = set()
        for k in kids:
            source, through = builder.tallies.mirror_of(k)
            if source not in mapped:
                files.append(open(where.layer_path(source), "rb"))  # noqa: SIM115 - closed below
                maps.append(mmap.mmap(files[-1].fileno(), 0, access=mmap.ACCESS_COPY))
                mapped[source] = view(maps[-1])
            addresses[k] = mapped[source]
            if through:
                swapped.add(k)
        files.append(open(where.layer_path(layer), "w+b"))  # noqa: SIM115 - closed below
        files[-1].truncate(LAYER_BYTES)
        maps.append(mmap.mmap(files[-1].fileno(), LAYER_BYTES))
        stats = builder.build(layer, addresses, view(maps[-1]), frozenset(swapped))
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
