"""The tables on disk: one directory per layout, one file per tally layer.

A table directory (``tiki tables build --dir DIR``) holds a folder per layout, named
by its village values (``0_1_-1_1_2_1_1_0_1``), and in it:

- ``meta.json``: the format, the layout, the positions per layer, the layers' tallies;
- ``layer_NN.u16``: layer ``NN`` (in building order), 2 × 27,325,801 ``uint16`` in the
  machine's byte order: position ``2 * rank(board) + player on turn``; 0 a draw, else
  ``plies << 1 | 1`` if the player on turn loses, ``plies << 1`` if he wins;
- ``layer_NN.u16.sum``: its checksums, a CRC-32 per block of 16,384 positions, and the
  longest distance it holds (:mod:`.sums`), written when it is finished, before:
- ``layer_NN.u16.done``: written once the layer is complete (a build restarts after it);
- ``layer_NN.tkc``: the same layer in the compact format of :mod:`.compact` (``tiki
  tables compact``), about an eighth of the size; a finished layout may keep only these
  (a build needs the ``.u16`` files of the layers it builds on);
- ``build.log``: one JSON line of measures per layer built.

A board is a base-7 number, the stack code of village ``v`` (0 empty, 1 x, 2 o, 3 xx,
4 (o,x), 5 (x,o), 6 oo; bottom first) times ``7**v``; only boards with at most 8 tikis
of each player are stored, in increasing order (:func:`rank`). :class:`LayerFile` is the
one reader of this format, :class:`~.compact.CompactLayer` that of the compact one, and
:meth:`LayoutDir.open_layer` chooses. Neither maps its file: each reads a block at a
time and checks it (its checksum, and every value against the layer's longest
distance), so a damaged file, or one cut short while it is open, is a
:class:`~tiki.errors.TableError` naming it, never a value nor a crash
(:mod:`.integrity` checks a layout's files, ``tiki tables info``).

>>> NVALID
27325801
>>> rank(0), rank(1), rank(7**9 - 1) == -1
(0, 1, True)
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ...errors import TableError
from .compact import CompactLayer
from .sums import Sums, read_exactly, sum_path

__all__ = [
    "FORMAT",
    "NVALID",
    "Layer",
    "LayerFile",
    "LayoutDir",
    "decode",
    "layout_name",
    "layouts_in",
    "rank",
]

FORMAT = "tiki-retro-u16-v1"
"""The format name in ``meta.json``."""
_NX = (0, 1, 0, 2, 1, 1, 0)
_NO = (0, 0, 1, 0, 1, 1, 2)
_MAX = 8


def _fits() -> list[list[list[int]]]:
    """``fits[n][a][b]``: boards of ``n`` villages with at most ``a`` x and ``b`` o tikis."""
    fits = [[[1] * (_MAX + 1) for _ in range(_MAX + 1)]]
    for n in range(1, 10):
        fits.append([
            [sum(fits[n - 1][a - _NX[c]][b - _NO[c]] for c in range(7)
                 if _NX[c] <= a and _NO[c] <= b) for b in range(_MAX + 1)]
            for a in range(_MAX + 1)
        ])  # fmt: skip
    return fits


_FITS = _fits()
NVALID = _FITS[9][_MAX][_MAX]
"""Boards with at most 8 tikis of each player: the positions per layer and player."""
LAYER_BYTES = 4 * NVALID
"""The size of a layer file."""


def rank(board: int) -> int:
    """The index of dense ``board`` among the stored boards (those below it in number),
    or -1 if a player has more than 8 tikis on it."""
    digits = []
    for _ in range(9):
        board, c = divmod(board, 7)
        digits.append(c)
    r, a, b = 0, _MAX, _MAX
    for v in range(8, -1, -1):
        below = _FITS[v]
        for c in range(digits[v]):
            if _NX[c] <= a and _NO[c] <= b:
                r += below[a - _NX[c]][b - _NO[c]]
        a -= _NX[digits[v]]
        b -= _NO[digits[v]]
        if a < 0 or b < 0:
            return -1
    return r


def decode(stored: int) -> tuple[str, int | None]:
    """A stored value for the player on turn: ``('win'|'loss'|'draw', plies or None)``.

    >>> decode(0), decode(7 << 1), decode(7 << 1 | 1)
    (('draw', None), ('win', 7), ('loss', 7))
    """
    if stored == 0:
        return "draw", None
    return ("loss" if stored & 1 else "win"), stored >> 1


def layout_name(layout: tuple[int, ...]) -> str:
    """The folder of ``layout``: its values joined by ``_``."""
    return "_".join(str(v) for v in layout)


class LayerFile:
    """One built layer, read block by block (``os.pread``, never mapped): each block
    checked against the layer's ``.sum`` when read (:mod:`.sums`), the last
    ``cache_blocks`` read kept, every entry checked against the layer's longest distance."""

    def __init__(self, path: Path, *, cache_blocks: int = 64) -> None:
        """Open ``path`` (a complete layer file of :data:`LAYER_BYTES`, with its ``.sum``)."""
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        except OSError as error:
            raise TableError(f"{path}: cannot be read ({error.strerror})") from None
        try:
            size = os.fstat(fd).st_size
            if size != LAYER_BYTES:
                raise TableError(f"{path}: {size:,} bytes, not a layer ({LAYER_BYTES:,})")
            self._sums = Sums.read(path, 2 * NVALID)
        except BaseException:
            os.close(fd)
            raise
        self._fd: int | None = fd
        self._shift = self._sums.block_positions.bit_length() - 1
        self._mask = self._sums.block_positions - 1
        self._limit = self._sums.limit
        self._cache: dict[int, memoryview] = {}
        self._cache_blocks = max(1, cache_blocks)
        self.path = path
        self.longest = self._sums.longest
        """The longest distance in the layer, in plies (from its ``.sum``)."""

    def _load(self, number: int) -> memoryview:
        at, length = self._sums.span(number)
        data = read_exactly(self._fd, self.path, at, length,
                            f"block {number} of {self._sums.blocks:,}")  # fmt: skip
        self._sums.check(number, data)
        if len(self._cache) >= self._cache_blocks:  # the oldest read goes
            del self._cache[next(iter(self._cache))]
        found = self._cache[number] = memoryview(data).cast("H")
        return found

    def stored(self, board_rank: int, player: int) -> int:
        """The stored ``uint16`` of (board of ``board_rank``, ``player`` on turn)."""
        index = 2 * board_rank + player
        if not 0 <= index < 2 * NVALID:
            raise TableError(f"position {index}: outside the layer (0 to {2 * NVALID - 1})")
        block = self._cache.get(index >> self._shift) or self._load(index >> self._shift)
        value: int = block[index & self._mask]
        if value > self._limit:
            raise TableError(
                f"{self.path}: entry {index} holds {value >> 1} plies, more than the "
                f"layer's longest ({self.longest}): the file is damaged"
            )
        return value

    def verify(self) -> None:
        """Read and check every block (its checksum)."""
        for number in range(self._sums.blocks):
            self._load(number)
        self._cache.clear()

    def close(self) -> None:
        """Close the file (a later probe is an error)."""
        self._cache.clear()
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        if getattr(self, "_fd", None) is not None:
            self.close()


def layouts_in(top: str | os.PathLike[str]) -> list[tuple[int, ...]]:
    """The layouts with a folder under the table directory ``top`` (its ``meta.json``
    there, the build begun), in order; a folder of another name is not a layout's."""
    found = []
    for meta in Path(top).glob("*/meta.json"):
        try:
            found.append(tuple(int(v) for v in meta.parent.name.split("_")))
        except ValueError:
            continue
    return sorted(found)


Layer = LayerFile | CompactLayer
"""A layer as read: mapped from its ``.u16`` file, or read block by block from its
compact ``.tkc`` file (both give ``stored(board_rank, player)``)."""


class LayoutDir:
    """The folder of one layout's layers under a table directory."""

    def __init__(self, top: str | os.PathLike[str], layout: tuple[int, ...]) -> None:
        """The folder of ``layout`` under ``top`` (not created here)."""
        self.top = Path(top)
        self.layout = layout
        self.path = self.top / layout_name(layout)

    def layer_path(self, layer: int) -> Path:
        """The file of ``layer``."""
        return self.path / f"layer_{layer:02d}.u16"

    def compact_path(self, layer: int) -> Path:
        """The compact file of ``layer`` (:mod:`.compact`)."""
        return self.path / f"layer_{layer:02d}.tkc"

    def is_built(self, layer: int) -> bool:
        """Whether ``layer`` is complete (its ``.done`` marker is there): built, or a
        mirror layer, read through the colour swap from its mirror and kept in no file
        of its own (:meth:`~.tallies.Tallies.mirror_of`)."""
        return self.layer_path(layer).with_suffix(".u16.done").is_file()

    def has_file(self, layer: int) -> bool:
        """Whether ``layer``'s ``.u16`` file is there, complete."""
        return self.is_built(layer) and self.layer_path(layer).is_file()

    def sum_path(self, layer: int) -> Path:
        """The checksums of ``layer``'s ``.u16`` file (:mod:`.sums`)."""
        return sum_path(self.layer_path(layer))

    def is_readable(self, layer: int) -> bool:
        """Whether a stored layer can be probed: its ``.u16`` file, or its compact file."""
        return self.has_file(layer) or self.compact_path(layer).is_file()

    def open_layer(self, layer: int) -> Layer:
        """A reader of ``layer``: its ``.u16`` file where it is complete with its
        checksums (the faster), else its compact file; :class:`TableError` if neither is
        there, naming a ``.u16`` file marked complete but missing or without checksums."""
        if self.has_file(layer) and self.sum_path(layer).is_file():
            return LayerFile(self.layer_path(layer))
        if self.compact_path(layer).is_file():
            return CompactLayer(self.compact_path(layer))
        if self.has_file(layer):
            return LayerFile(self.layer_path(layer))  # refused: no checksums
        if self.is_built(layer):
            raise TableError(
                f"{self.layer_path(layer)}: missing, though its .done marker says layer "
                f"{layer} is built (nor is there a {self.compact_path(layer).name}); build it "
                "again (delete the marker, then 'tiki tables build')"
            )
        raise TableError(f"layer {layer} is not in {self.path}")

    def mark_built(self, layer: int) -> None:
        """Record ``layer`` as complete."""
        self.layer_path(layer).with_suffix(".u16.done").touch()

    def built(self, layers: int) -> list[int]:
        """The complete layers among the first ``layers``."""
        return [i for i in range(layers) if self.is_built(i)]

    def meta(self) -> dict[str, Any]:
        """``meta.json``, checked to be this format and layout."""
        where = self.path / "meta.json"
        if not where.is_file():
            raise TableError(f"layout {','.join(map(str, self.layout))} is not built in {self.top}")
        try:
            if where.stat().st_size > 1 << 20:
                raise TableError(f"{where}: too large for a table's meta.json")
            meta = json.loads(where.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise TableError(f"{where}: not a table's meta.json ({error})") from None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise TableError(f"{where}: not a table of format {FORMAT}")
        if meta.get("layout") != list(self.layout) or meta.get("positions") != 2 * NVALID:
            raise TableError(f"{where}: another layout or size")
        return meta

    def write_meta(self, tallies: tuple[int, ...]) -> None:
        """Create the folder and its ``meta.json``."""
        self.path.mkdir(parents=True, exist_ok=True)
        meta = {
            "format": FORMAT,
            "layout": list(self.layout),
            "positions": 2 * NVALID,
            "tallies": list(tallies),
        }
        (self.path / "meta.json").write_text(json.dumps(meta) + "\n", encoding="utf-8")

    def log(self, record: dict[str, Any]) -> None:
        """Append one layer's measures to ``build.log``."""
        with open(self.path / "build.log", "a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")

    def records(self) -> list[dict[str, Any]]:
        """The measures of the layers built, from ``build.log`` (the last of each layer)."""
        where = self.path / "build.log"
        if not where.is_file() or where.stat().st_size > 16 << 20:
            return []
        found: dict[int, dict[str, Any]] = {}
        for line in where.read_text(encoding="utf-8").splitlines():
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict) and isinstance(record.get("layer"), int):
                found[record["layer"]] = record
        return [found[k] for k in sorted(found)]
