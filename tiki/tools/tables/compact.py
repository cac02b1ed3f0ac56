"""A compact file for one retrograde-table layer: win/draw/loss in 2 bits, the distance
in a byte, each cut into blocks compressed one by one (issue 22).

A built layer today (``layer_NN.u16``) is 2 × 27,325,801 ``uint16`` in the machine's
byte order, entry ``2 * rank(board) + player``: 0 a draw, else ``plies << 1 | 1`` if the
player on turn loses and ``plies << 1`` if he wins. :func:`write_layer` turns it into a
compact file (``layer_NN.tkc``) and :class:`CompactLayer` reads one position of it by
decompressing one block, with exactly the entry of the ``.u16`` file. As Syzygy splits
its WDL and DTZ tables, the file has two parts, so that a win/draw/loss probe never
touches the larger distance part:

- the **WDL part**: 2 bits a position, 4 positions a byte (position ``i`` in bits
  ``2 * (i % 4)`` of byte ``i // 4`` of its block): 0 a draw, 1 a win, 2 a loss for the
  player on turn (3 never written: a block holding it is refused);
- the **distance part**: one byte a position, the plies (0 for a draw), with its lowest
  bit flipped for a win (a win is mostly an odd number of plies away, a loss an even
  one: flipped, most bytes are even and compress better); in a block, the entries of
  player 0 on turn (even positions) first, then those of player 1 (the two players of
  one board differ more than neighbouring boards for one player: 13% smaller). The
  entry is ``plies << 1 | (outcome == loss)``, so distances up to 255 plies are held
  (126 is the longest of the layouts built; a longer one is refused by the writer,
  naming it).

A probe (:meth:`CompactLayer.value`) decompresses the WDL block of the position and, for
a win or a loss, its distance block; the last blocks read are kept (an LRU of
``cache_blocks`` decompressed blocks a part), so that the children of one position, in
the same layers, cost a lookup each once their blocks are in.

>>> import array, os, tempfile
>>> entries = [0, 7 << 1, 7 << 1 | 1, 1, 126 << 1 | 1] * 1000
>>> with tempfile.TemporaryDirectory() as top:
...     where = os.path.join(top, "layer_00.tkc")
...     made = write_layer(array.array("H", entries), where, block_positions=4096)
...     with CompactLayer(where) as layer:
...         (layer.positions, layer.value(0), layer.value(1), layer.value(4),
...          layer.outcome(2), layer.entry(4) == 126 << 1 | 1, layer.counts)
(5000, ('draw', None), ('win', 7), ('loss', 126), 'loss', True, (1000, 1000, 3000))
>>> made.positions, made.total_bytes == made.header_bytes + made.wdl_bytes + made.distance_bytes
(5000, True)

Measured on the 68 layers of seed 1's layout (``0,1,-1,1,2,1,1,0,1``; 3,716,308,936
positions; 54,651,602 a layer, 109,303,204 bytes each as ``.u16``), with the defaults
(zlib level 6, blocks of 65,536 positions); every layer read back block by block equal
to its ``.u16`` file, and 2,000 random positions a layer equal through :meth:`value`:

=====================  ==================  =========================================
                       ``.u16`` (before)   compact (after)
=====================  ==================  =========================================
a layout               7,432,617,872 B     897,398,514 B (8.3 times smaller)
bytes a position       2.000               0.241: WDL 0.031, distances 0.210, index
                                           0.0005
a layer                109.3 MB            1.33 MB (tie-break layers) to 34.7 MB (the
                                           opening's layer, draws and 126 plies)
CPU a layout           build 1,762 s       + conversion 154 s (1.0 to 3.6 s a layer)
a probe, one position  0.13 µs (mapped)    cold 264 µs (median of layers; WDL only:
                                           56 µs), warm 1.8 µs (its blocks cached)
a best move            0.06 to 1.8 ms      cold 1.9 to 3.5 ms, warm 0.07 ms (200
                                           positions of random games, 12 children
                                           each on average, all their values)
=====================  ==================  =========================================

The opening's value and best move from fresh compact files take 2.4 to 3.9 ms. With
``codec='lzma'`` (preset 6), on 9 layers from first to last: 12% smaller (distances 13%,
WDL 7%), 4.7 times the conversion CPU, a cold probe 3.4 times slower. On layer 20:
zlib level 9 instead of 6, 2% smaller for 3.5 times the CPU; blocks of 16,384
positions, 5% larger and a cold probe 3.5 times faster; of 262,144, 3% smaller and 4
times slower. Storing the
distance of losses only (a winner's is one more than its best child's, found by a
1-ply search when probed) would halve the distance part of the late layers (50% of it
on layers 0, 5, 20, 30, 41, 50, 60 and 67 together); not done here.

The bytes (header, index, blocks) are :mod:`.compact_format`'s; writing is
:mod:`.compact_write`'s.
"""

from __future__ import annotations

import os
import zlib
from collections import OrderedDict
from pathlib import Path

from ...errors import TableError
from .compact_format import (
    BAD_WDL,
    CODEC_NAMES,
    DRAW,
    ENTRY,
    HEADER,
    HEADER_BYTES,
    LOSS,
    MAGIC,
    MAX_FILE_BYTES,
    MAX_POSITIONS,
    OUTCOMES,
    PARTS,
    VERSION,
    WIN,
    decompress,
    join_entries,
    regular_size,
)
from .compact_write import Written, convert_layers, write_layer
from .sums import read_exactly, sum_path, write_sums

__all__ = [
    "MAGIC",
    "VERSION",
    "CompactLayer",
    "Written",
    "convert_layers",
    "expand_layer",
    "write_layer",
]


class CompactLayer:
    """One compact layer file, read a block at a time (``os.pread``, never mapped): a
    position's value from one or two blocks, each checked when read (its CRC, its length,
    its outcomes, the distance within the layer's longest), the last ``cache_blocks``
    blocks of each part kept decompressed."""

    def __init__(self, path: str | os.PathLike[str], *, cache_blocks: int = 16) -> None:
        """Open and check ``path``'s header and index (the blocks are checked when read)."""
        self.path = Path(path)
        size = regular_size(self.path)
        if not HEADER_BYTES <= size <= MAX_FILE_BYTES:
            raise TableError(f"{self.path}: {size:,} bytes, not a compact layer")
        try:
            self._fd: int | None = os.open(self.path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        except OSError as error:
            raise TableError(f"{self.path}: cannot be read ({error.strerror})") from None
        try:
            self._read_index(os.fstat(self._fd).st_size)
        except BaseException:
            self.close()
            raise
        self._cache: list[OrderedDict[int, bytes]] = [OrderedDict(), OrderedDict()]
        self._cache_blocks = max(1, cache_blocks)

    def _read(self, at: int, length: int, what: str) -> bytes:
        """``length`` bytes at ``at`` (:func:`~.sums.read_exactly`)."""
        return read_exactly(self._fd, self.path, at, length, what)

    def _read_index(self, size: int) -> None:
        head = self._read(0, HEADER_BYTES, "the header")
        (magic, version, codec, reserved, per_block, positions, draws, wins, losses,
         longest, reserved2, index_crc, head_crc) = HEADER.unpack(head)  # fmt: skip
        if magic != MAGIC:
            raise TableError(f"{self.path}: not a compact layer (magic {magic!r})")
        if version != VERSION:
            raise TableError(f"{self.path}: format version {version}, this reader reads {VERSION}")
        if zlib.crc32(head[:-4]) != head_crc:
            raise TableError(f"{self.path}: the header's CRC does not hold")
        if codec not in CODEC_NAMES or reserved or reserved2:
            raise TableError(f"{self.path}: codec {codec} unknown")
        if not (4096 <= per_block <= 1 << 22) or per_block & (per_block - 1):
            raise TableError(f"{self.path}: {per_block} positions a block, out of bounds")
        if positions > MAX_POSITIONS or draws + wins + losses != positions:
            raise TableError(f"{self.path}: {positions:,} positions, out of bounds or miscounted")
        blocks = -(-positions // per_block)
        data_start = HEADER_BYTES + 2 * blocks * ENTRY.size
        if data_start > size:
            raise TableError(f"{self.path}: truncated in its index ({size:,} bytes)")
        table = self._read(HEADER_BYTES, data_start - HEADER_BYTES, "the index")
        if zlib.crc32(table) != index_crc:
            raise TableError(f"{self.path}: the index's CRC does not hold")
        entries = [ENTRY.unpack_from(table, i * ENTRY.size) for i in range(2 * blocks)]
        offset = data_start
        for i, (at, length, _) in enumerate(entries):
            if at != offset:
                raise TableError(
                    f"{self.path}: {self._name(i, blocks)} is not where the index says"
                )
            offset += length
        if offset != size:
            which = "truncated" if offset > size else f"{size - offset:,} bytes too long"
            raise TableError(f"{self.path}: {which} ({size:,} bytes, {offset:,} expected)")
        self.positions: int = positions
        """Positions in the layer."""
        self.block_positions: int = per_block
        """Positions a block."""
        self.codec: str = CODEC_NAMES[codec]
        """``'zlib'`` or ``'lzma'``."""
        self.counts: tuple[int, int, int] = (draws, wins, losses)
        """Draws, wins and losses for the player on turn, from the header."""
        self.longest: int = longest
        """The largest distance byte in the layer: its longest distance in plies, or one
        less or more (a win's lowest bit is flipped; every distance is at most
        ``longest | 1``). Every distance byte read is checked against it."""
        self.blocks: int = blocks
        """Blocks in each part."""
        self._codec = codec
        self._index = entries

    @staticmethod
    def _name(i: int, blocks: int) -> str:
        return f"{PARTS[i // blocks]} block {i % blocks} of {blocks}"

    def _raw(self, i: int) -> bytes:
        """The compressed bytes of block ``i`` of the index, their CRC checked."""
        at, length, crc = self._index[i]
        data = self._read(at, length, self._name(i, self.blocks))
        if zlib.crc32(data) != crc:
            raise TableError(f"{self.path}: {self._name(i, self.blocks)}: its CRC does not hold")
        return data

    def _block(self, part: int, number: int) -> bytes:
        cache = self._cache[part]
        found = cache.get(number)
        if found is not None:
            cache.move_to_end(number)
            return found
        i = part * self.blocks + number
        data = self._raw(i)
        count = min(self.block_positions, self.positions - number * self.block_positions)
        raw = -(-count // 4) if part == 0 else count
        try:
            found = decompress(self._codec, data, raw)
        except ValueError as error:
            raise TableError(f"{self.path}: {self._name(i, self.blocks)}: {error}") from None
        if len(found) != raw:
            raise TableError(f"{self.path}: {self._name(i, self.blocks)}: not its length")
        if part == 0 and len(found.translate(None, BAD_WDL)) != len(found):
            raise TableError(f"{self.path}: {self._name(i, self.blocks)}: an outcome 3")
        cache[number] = found
        if len(cache) > self._cache_blocks:
            cache.popitem(last=False)
        return found

    def _check(self, index: int) -> None:
        if not 0 <= index < self.positions:
            raise TableError(f"position {index}: outside the layer (0 to {self.positions - 1})")

    def _wdl(self, index: int) -> int:
        number, within = divmod(index, self.block_positions)
        return (self._block(0, number)[within >> 2] >> (2 * (within & 3))) & 3

    def _plies(self, index: int, wdl: int) -> int:
        number, within = divmod(index, self.block_positions)
        if within & 1:  # player 1's entries follow player 0's in a distance block
            count = min(self.block_positions, self.positions - number * self.block_positions)
            within = (count + 1) // 2 + (within >> 1)
        else:
            within >>= 1
        stored = self._block(1, number)[within]
        if stored > self.longest:
            raise TableError(
                f"{self.path}: entry {index} holds a distance of {stored ^ (wdl == WIN)} "
                f"plies, beyond the layer's longest ({self.longest}): the file is damaged"
            )
        return stored ^ (wdl == WIN)

    def outcome(self, index: int) -> str:
        """``'win'``, ``'loss'`` or ``'draw'`` for the player on turn at entry ``index``,
        from the WDL part alone."""
        self._check(index)
        return OUTCOMES[self._wdl(index)]

    def value(self, index: int) -> tuple[str, int | None]:
        """``(outcome, plies)`` at entry ``index``: ``('draw', None)``, or ``('win', d)``
        or ``('loss', d)`` for the player on turn, as the ``.u16`` entry decodes."""
        self._check(index)
        wdl = self._wdl(index)
        if wdl == DRAW:
            return "draw", None
        return OUTCOMES[wdl], self._plies(index, wdl)

    def entry(self, index: int) -> int:
        """The ``uint16`` entry of the ``.u16`` layer at ``index``."""
        self._check(index)
        wdl = self._wdl(index)
        if wdl == DRAW:
            return 0
        return self._plies(index, wdl) << 1 | (wdl == LOSS)

    def stored(self, board_rank: int, player: int) -> int:
        """The entry of (board of ``board_rank``, ``player`` on turn), as
        ``LayerFile.stored`` of the ``.u16`` reader."""
        return self.entry(2 * board_rank + player)

    def block_entries(self, number: int) -> bytes:
        """Block ``number`` as the ``.u16`` file's bytes (native ``uint16``)."""
        if not 0 <= number < self.blocks:
            raise TableError(f"block {number}: outside the layer (0 to {self.blocks - 1})")
        return join_entries(self._block(0, number), self._block(1, number))

    def verify(self) -> None:
        """Read and check every block of both parts (CRC, length, outcomes, distances
        within the layer's longest)."""
        above = bytes(range(self.longest + 1, 256))
        for part in (0, 1):
            for number in range(self.blocks):
                found = self._block(part, number)
                if part and len(found.translate(None, above)) != len(found):
                    raise TableError(
                        f"{self.path}: {self._name(self.blocks + number, self.blocks)}: a "
                        f"distance beyond the layer's longest ({self.longest})"
                    )
            self._cache[part].clear()

    def check_crcs(self) -> None:
        """Read every block and check its CRC, without decompressing it: what damage to
        the file would change (:meth:`verify` checks more, at ten times the cost)."""
        for i in range(2 * self.blocks):
            self._raw(i)

    def close(self) -> None:
        """Close the file (a later probe is an error)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        if getattr(self, "_fd", None) is not None:
            self.close()

    def __enter__(self) -> CompactLayer:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def expand_layer(path: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """Write the ``.u16`` layer of compact file ``path`` back, block by block (for the
    builder, which reads a finished layer's entries directly), and its checksums
    (``.sum``, :mod:`.sums`), every block checked as it is read."""
    out = Path(target)
    part = out.with_name(out.name + ".part")
    with CompactLayer(path, cache_blocks=1) as layer:
        try:
            sum_path(out).unlink(missing_ok=True)
            with open(part, "wb") as f:
                for number in range(layer.blocks):
                    f.write(layer.block_entries(number))
            os.replace(part, out)
        except OSError as error:
            part.unlink(missing_ok=True)
            raise TableError(f"{out}: cannot be written ({error.strerror})") from None
        except BaseException:
            part.unlink(missing_ok=True)
            raise
        write_sums(out, layer.longest | 1)  # a bound on its distances
