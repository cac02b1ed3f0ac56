"""A layout's files checked, layer by layer: what ``tiki tables info`` says (issue 33).

A layer is marked complete by its ``.done`` marker, but the marker is not the layer:
:func:`check_layout` looks at the files each complete layer must have. A layer kept in
a file of its own needs its ``layer_NN.u16`` of exactly :data:`~.store.LAYER_BYTES`
with its checksums (``.sum``, :mod:`.sums`), or its compact ``layer_NN.tkc`` (its header
and index whole, its size what its index says); a mirror layer, kept in no file, needs
its mirror complete. With ``full`` (the default) every block of every file is read and
checked against its checksum (a compact block's CRC is of its compressed bytes: it is
not decompressed): measured, 0.06 CPU-seconds a ``.u16`` layer (109 MB, 1.7 GB a
second), the time to read the files from the disk aside. What is wrong is a
:class:`Damage`, in words naming the file.

>>> import tempfile
>>> from tiki.tools.tables.store import LayoutDir
>>> from tiki.tools.tables.tallies import tally_layers
>>> with tempfile.TemporaryDirectory() as top:
...     where = LayoutDir(top, (0, 1, -1, 1, 2, 1, 1, 0, 1))
...     where.write_meta(tally_layers(where.layout).order)
...     where.mark_built(0)
...     found = check_layout(where, tally_layers(where.layout).order)
>>> found.built, found.complete, [d.layer for d in found.damaged]
((0,), False, [0])
>>> found.damaged[0].problem.split(": ", 1)[1][:56]
'missing, though its .done marker says layer 0 is built ('
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import attrs

from ...errors import TableError
from .compact import CompactLayer
from .store import LAYER_BYTES, NVALID, LayoutDir
from .sums import Sums, verify_file
from .tallies import mirror_tally

__all__ = ["Damage", "Status", "check_layer", "check_layout"]


@attrs.frozen
class Damage:
    """What is wrong with one layer marked complete."""

    layer: int
    """The layer."""
    problem: str
    """What is wrong, in words naming the file."""


@attrs.frozen
class Status:
    """A layout's layers as :func:`check_layout` found them."""

    layers: int
    """The layers of the layout."""
    built: tuple[int, ...]
    """The layers marked complete (their ``.done`` markers)."""
    damaged: tuple[Damage, ...]
    """What is wrong with those, a layer at a time (a layer may have two)."""
    full: bool
    """Whether every block was read and checked, or only the sizes and headers."""
    checked_bytes: int
    """The bytes read to check them."""
    seconds: float
    """The time it took."""

    @property
    def complete(self) -> bool:
        """Every layer marked complete, and none damaged."""
        return len(self.built) == self.layers and not self.damaged

    def text(self, name: str, cpu: float) -> list[str]:
        """The lines of ``tiki tables info`` for the layout ``name`` (``cpu``: the
        CPU-seconds its build logged).

        >>> Status(68, (0, 1, 2, 5), (), True, 0, 0.0).text("L", 17.0)
        ['L: 4 of 68 layers (layers 0-2, 5 built); 17 CPU-s logged']
        >>> Status(68, tuple(range(68)), (Damage(5, "f: gone"),), False, 0, 0.0).text("L", 9)
        ['L: 68 of 68 layers (DAMAGED: layer 5); 9 CPU-s logged', '  layer 5: f: gone']
        """
        if self.damaged:
            hurt = sorted({d.layer for d in self.damaged})
            state = f"DAMAGED: layer{'s' if len(hurt) > 1 else ''} {_ranges(hurt)}"
        else:
            state = "complete" if self.complete else f"layers {_ranges(self.built)} built"
        head = f"{name}: {len(self.built)} of {self.layers} layers ({state}); "
        lines = [f"  layer {d.layer}: {d.problem}" for d in self.damaged]
        return [f"{head}{cpu:.0f} CPU-s logged", *lines]


def _ranges(numbers: Sequence[int]) -> str:
    """``[0, 1, 2, 5]`` as ``'0-2, 5'``; ``'none'`` when empty."""
    out: list[str] = []
    for n in numbers:
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out) or "none"


def check_layer(where: LayoutDir, layer: int, *, full: bool = True) -> tuple[list[str], int]:
    """What is wrong with the files of ``layer``, kept in a file of its own and marked
    complete, in words; and the bytes read to check them."""
    problems: list[str] = []
    read = 0
    u16, tkc = where.layer_path(layer), where.compact_path(layer)
    if u16.is_file():
        try:
            size = u16.stat().st_size
            if size != LAYER_BYTES:
                raise TableError(f"{u16}: {size:,} bytes, not a layer ({LAYER_BYTES:,})")
            if full:
                verify_file(u16, 2 * NVALID)
                read += size
            else:
                Sums.read(u16, 2 * NVALID)
        except (TableError, OSError) as error:
            problems.append(str(error))
    if tkc.is_file():
        try:
            with CompactLayer(tkc, cache_blocks=1) as compact:
                if compact.positions != 2 * NVALID:
                    raise TableError(f"{tkc}: {compact.positions:,} positions, not a layer's")
                if full:
                    compact.check_crcs()
                    read += tkc.stat().st_size
        except (TableError, OSError) as error:
            problems.append(str(error))
    if not u16.is_file() and not tkc.is_file():
        problems.append(
            f"{u16}: missing, though its .done marker says layer {layer} is built (nor is "
            f"there a {tkc.name}); build it again (delete the marker, then 'tiki tables build')"
        )
    return problems, read


def check_layout(where: LayoutDir, tallies: Sequence[int], *, full: bool = True) -> Status:
    """The layers of the layout of ``where`` (whose tally layers are ``tallies``, from
    its ``meta.json``) marked complete, and what is wrong with their files."""
    started = time.perf_counter()
    index = {t: i for i, t in enumerate(tallies)}
    built = where.built(len(tallies))
    damaged: list[Damage] = []
    read = 0
    for layer in built:
        mirror = index.get(mirror_tally(tallies[layer]), layer)
        if mirror < layer:  # kept in no file: read through its mirror
            if mirror not in built:
                damaged.append(Damage(layer, f"its mirror, layer {mirror}, is not built"))
            continue
        problems, size = check_layer(where, layer, full=full)
        damaged += [Damage(layer, p) for p in problems]
        read += size
    return Status(len(tallies), tuple(built), tuple(damaged), full, read,
                  time.perf_counter() - started)  # fmt: skip
