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

Format, version 1 (little-endian throughout)::

    header, 60 bytes: magic b"TIKICMPT", version (u16) = 1, codec (u8: 1 zlib, 2 lzma
        raw LZMA2 with a dictionary of one block), reserved (u8) = 0,
        positions per block (u32: a power of two from 2**12 to 2**22), positions (u64),
        draws, wins, losses (u64 each), longest distance (u16), reserved (u16) = 0,
        CRC-32 of the index (u32), CRC-32 of the 56 bytes before it (u32)
    index: for each block of the WDL part, then of the distance part:
        file offset (u64), compressed length (u32), CRC-32 of the compressed bytes (u32)
    the WDL part's blocks, then the distance part's blocks, back to back, to the end

A reader refuses, with a :class:`~tiki.errors.TableError` naming the file and where:
another magic or version, a count out of bounds, an index whose CRC or offsets do not
hold, a file of another length (truncated or with bytes after its end), and, when the
block is read, a block whose CRC does not hold (named: ``distance block 7 of 834``) or
that does not decompress to its exact length. Every block is read and checked by
:meth:`CompactLayer.verify`.

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
"""

from __future__ import annotations

import lzma
import mmap
import os
import shutil
import stat
import struct
import sys
import tempfile
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal

import attrs

from ...errors import TableError

__all__ = [
    "MAGIC",
    "VERSION",
    "CompactLayer",
    "Written",
    "convert_layers",
    "expand_layer",
    "write_layer",
]

MAGIC = b"TIKICMPT"
"""The first 8 bytes of a compact layer file."""
VERSION = 1
"""The format's version, in the header."""
BLOCK_POSITIONS = 1 << 16
"""Positions a block by default: 16 KiB of WDL, 64 KiB of distances before compression."""
MAX_POSITIONS = 1 << 33
"""The most positions a file may claim (a layer holds 54,651,602)."""
MAX_FILE_BYTES = 1 << 34
"""The largest file read or converted (16 GiB; a ``.u16`` layer is 109 MB)."""
MAX_DISTANCE = 255
"""The longest distance the format holds, in plies."""

_HEADER = struct.Struct("<8sHBBIQQQQHHII")
_HEADER_BYTES = _HEADER.size
_ENTRY = struct.Struct("<QII")
_CODECS = {"zlib": 1, "lzma": 2}
_CODEC_NAMES = {v: k for k, v in _CODECS.items()}
_PARTS = ("WDL", "distance")
_LITTLE = sys.byteorder == "little"

_DRAW, _WIN, _LOSS = 0, 1, 2
_OUTCOMES = ("draw", "win", "loss")

# bytes.translate tables: the whole conversion runs on bytes at C speed, no numpy needed.
_HALF = bytes(x >> 1 for x in range(256))  # the plies' low 7 bits from an entry's low byte
_HIGH = bytes((x & 1) << 7 for x in range(256))  # the plies' bit 7 from an entry's high byte
_WDL_LOW = bytes(_LOSS if x & 1 else (_WIN if x else _DRAW) for x in range(256))
_ZERO_MASK = bytes(0xFF if x == 0 else 0 for x in range(256))
_SHIFT = [bytes((x << (2 * k)) & 0xFF for x in range(256)) for k in range(4)]
_LOSS_FLAG = bytes(int(x == _LOSS) for x in range(256))
_UNPACK = [bytes((x >> (2 * k)) & 3 for x in range(256)) for k in range(4)]
_WIN_FLAG = bytes(int(x == _WIN) for x in range(256))
_DOUBLE_LOW = bytes((x << 1) & 0xFF for x in range(256))
_DOUBLE_HIGH = bytes(x >> 7 for x in range(256))
_BAD_WDL = bytes(x for x in range(256) if any((x >> (2 * k)) & 3 == 3 for k in range(4)))


@attrs.frozen
class Written:
    """What :func:`write_layer` wrote: the sizes of the parts, and its cost."""

    positions: int
    """Positions in the layer."""
    header_bytes: int
    """The header and the index."""
    wdl_bytes: int
    """The WDL part, compressed."""
    distance_bytes: int
    """The distance part, compressed."""
    counts: tuple[int, int, int]
    """Draws, wins and losses for the player on turn."""
    longest: int
    """The longest distance, in plies."""
    cpu_seconds: float
    """The process's CPU time taken by the conversion."""

    @property
    def total_bytes(self) -> int:
        """The file's size."""
        return self.header_bytes + self.wdl_bytes + self.distance_bytes

    @property
    def bytes_per_position(self) -> float:
        """The file's size over the positions (2.0 for a ``.u16`` layer)."""
        return self.total_bytes / max(self.positions, 1)


def _compressor(codec: str, level: int | None, raw: int) -> Callable[[bytes], bytes]:
    if codec == "zlib":
        chosen = 6 if level is None else level
        return lambda data: zlib.compress(data, chosen)
    preset = 6 if level is None else level
    filters = [{"id": lzma.FILTER_LZMA2, "preset": preset, "dict_size": max(raw, 4096)}]
    return lambda data: lzma.compress(data, format=lzma.FORMAT_RAW, filters=filters)


def _decompress(codec: int, data: bytes, raw: int) -> bytes:
    """``data`` decompressed to at most ``raw`` bytes; a codec's error as ValueError."""
    try:
        if codec == 1:
            unzip = zlib.decompressobj()
            out = unzip.decompress(data, raw)
            if not unzip.eof or unzip.unconsumed_tail or unzip.unused_data:
                raise ValueError("not a whole stream of the block's length")
            return out
        filters = [{"id": lzma.FILTER_LZMA2, "dict_size": max(raw, 4096)}]
        unlzma = lzma.LZMADecompressor(format=lzma.FORMAT_RAW, filters=filters)
        out = unlzma.decompress(data, raw)
        if not unlzma.eof or unlzma.unused_data:
            raise ValueError("not a whole stream of the block's length")
        return out
    except (zlib.error, lzma.LZMAError) as error:
        raise ValueError(str(error)) from None


def _or(*parts: bytes | bytearray) -> bytes:
    """The bytewise OR of equal-length byte strings (as one big integer each)."""
    total = 0
    for part in parts:
        total |= int.from_bytes(part, "little")
    return total.to_bytes(len(parts[0]), "little")


def _xor(first: bytes | bytearray, second: bytes | bytearray) -> bytes:
    """The bytewise XOR of two equal-length byte strings."""
    value = int.from_bytes(first, "little") ^ int.from_bytes(second, "little")
    return value.to_bytes(len(first), "little")


def _split(chunk: bytes, first: int) -> tuple[bytes, bytes, bytes]:
    """(packed WDL, distances, WDL a byte a position) of native ``uint16`` entries."""
    low, high = (chunk[0::2], chunk[1::2]) if _LITTLE else (chunk[1::2], chunk[0::2])
    if high.translate(None, b"\x00\x01"):
        at = next(i for i, h in enumerate(high) if h > 1)
        value = high[at] << 8 | low[at]
        raise TableError(
            f"entry {first + at}: {value} holds {value >> 1} plies, "
            f"more than the format's {MAX_DISTANCE}"
        )
    wdl = low.translate(_WDL_LOW)
    if b"\x01" in high:  # distances of 128 plies or more: a high byte 1
        rest = int.from_bytes(high, "little") & int.from_bytes(low.translate(_ZERO_MASK), "little")
        wdl = _or(wdl, rest.to_bytes(len(wdl), "little"))  # a win of 128 plies: low byte 0
        distances = _or(low.translate(_HALF), high.translate(_HIGH))
    else:
        distances = low.translate(_HALF)
    padded = wdl + bytes(-len(wdl) % 4)
    packed = _or(*(padded[k::4].translate(_SHIFT[k]) for k in range(4)))
    stored = _xor(distances, wdl.translate(_WIN_FLAG))
    return packed, stored[0::2] + stored[1::2], wdl


def _entries(packed: bytes, stored: bytes) -> bytes:
    """Native ``uint16`` entries from a WDL block and its distance block."""
    n = len(stored)
    wdl = bytearray(len(packed) * 4)
    for k in range(4):
        wdl[k::4] = packed.translate(_UNPACK[k])
    del wdl[n:]
    distances = bytearray(n)
    distances[0::2], distances[1::2] = stored[: (n + 1) // 2], stored[(n + 1) // 2 :]
    plies = _xor(distances, wdl.translate(_WIN_FLAG))
    loss = wdl.translate(_LOSS_FLAG)
    low = _or(plies.translate(_DOUBLE_LOW), loss)
    high = plies.translate(_DOUBLE_HIGH)
    out = bytearray(2 * n)
    out[0::2], out[1::2] = (low, high) if _LITTLE else (high, low)
    return bytes(out)


def _regular_size(path: Path) -> int:
    """The size of regular file ``path``; a :class:`TableError` for anything else."""
    try:
        info = os.stat(path)
    except OSError as error:
        raise TableError(f"{path}: cannot be read ({error.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise TableError(f"{path}: not a regular file")
    return info.st_size


def _source_chunks(
    source: str | os.PathLike[str] | object, chunk_bytes: int
) -> tuple[int, Iterator[bytes]]:
    """(positions, chunks of native ``uint16`` entries) of a ``.u16`` file or a buffer."""
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        size = _regular_size(path)
        if size > MAX_FILE_BYTES or size % 2:
            raise TableError(f"{path}: {size:,} bytes, not a layer of uint16 entries")
        try:
            handle = open(path, "rb")  # noqa: SIM115 - closed by the generator
        except OSError as error:
            raise TableError(f"{path}: cannot be read ({error.strerror})") from None

        def read() -> Iterator[bytes]:
            with handle:
                while chunk := handle.read(chunk_bytes):
                    yield chunk

        return size // 2, read()
    try:
        view = memoryview(source)  # type: ignore[arg-type]
    except TypeError:
        raise TableError(
            f"a layer is a path or a buffer of uint16, not {type(source).__name__}"
        ) from None
    if view.itemsize == 2 and view.format in ("H", "=H", "<H" if _LITTLE else ">H"):
        view = view.cast("B")
    elif view.itemsize != 1 or not view.c_contiguous:
        raise TableError(f"a layer's buffer holds uint16 entries, not {view.format!r}")
    if view.nbytes % 2 or view.nbytes > MAX_FILE_BYTES:
        raise TableError(f"a buffer of {view.nbytes:,} bytes is not a layer of uint16 entries")
    flat = view

    def cut() -> Iterator[bytes]:
        for start in range(0, flat.nbytes, chunk_bytes):
            yield bytes(flat[start : start + chunk_bytes])

    return flat.nbytes // 2, cut()


def write_layer(
    source: str | os.PathLike[str] | object,
    path: str | os.PathLike[str],
    *,
    block_positions: int = BLOCK_POSITIONS,
    codec: Literal["zlib", "lzma"] = "zlib",
    level: int | None = None,
) -> Written:
    """Write the compact file of one layer, block by block (memory bounded by a block).

    ``source`` is a ``.u16`` layer file's path, or a buffer of its entries (a numpy
    memmap, an ``array('H')``, bytes in the machine's order). ``codec`` is ``'zlib'``
    (``level`` 0-9, default 6) or ``'lzma'`` (``level`` a preset 0-9, default 6). The file
    appears at ``path`` whole or not at all (written beside it, then renamed).
    """
    if codec not in _CODECS:
        raise TableError(f"codec {codec!r}: 'zlib' or 'lzma'")
    if not (4096 <= block_positions <= 1 << 22) or block_positions & (block_positions - 1):
        raise TableError(f"{block_positions} positions a block: a power of two, 2**12 to 2**22")
    started = time.process_time()
    positions, chunks = _source_chunks(source, 2 * block_positions)
    if positions > MAX_POSITIONS:
        raise TableError(f"{positions:,} positions: more than a file holds ({MAX_POSITIONS:,})")
    blocks = -(-positions // block_positions)
    target = Path(path)
    compress = _compressor(codec, level, block_positions)
    index: list[list[tuple[int, int, int]]] = [[], []]
    counts = [0, 0, 0]
    longest = 0
    data_start = _HEADER_BYTES + 2 * blocks * _ENTRY.size
    part = target.with_name(target.name + ".part")
    try:
        with open(part, "wb") as out, tempfile.TemporaryFile(dir=target.parent) as spool:
            out.write(bytes(data_start))
            offset = data_start
            lengths: list[tuple[int, int]] = []
            seen = 0
            for number, chunk in enumerate(chunks):
                seen += len(chunk) // 2
                if seen > positions or (len(chunk) != 2 * block_positions and seen != positions):
                    raise TableError(f"{target}: its source changed while it was read")
                packed, distances, wdl = _split(chunk, number * block_positions)
                for k in range(3):
                    counts[k] += wdl.count(k)
                above = distances.translate(None, bytes(range(longest + 1)))
                if above:
                    longest = max(above)
                squeezed = compress(packed)
                out.write(squeezed)
                index[0].append((offset, len(squeezed), zlib.crc32(squeezed)))
                offset += len(squeezed)
                squeezed = compress(distances)
                spool.write(squeezed)
                lengths.append((len(squeezed), zlib.crc32(squeezed)))
            if seen != positions:
                raise TableError(f"{target}: its source changed while it was read")
            for length, crc in lengths:
                index[1].append((offset, length, crc))
                offset += length
            spool.seek(0)
            shutil.copyfileobj(spool, out, 1 << 20)
            table = b"".join(_ENTRY.pack(*e) for part_index in index for e in part_index)
            head = _HEADER.pack(
                MAGIC, VERSION, _CODECS[codec], 0, block_positions, positions,
                *counts, longest, 0, zlib.crc32(table), 0,
            )  # fmt: skip
            head = head[:-4] + struct.pack("<I", zlib.crc32(head[:-4]))
            out.seek(0)
            out.write(head + table)
        os.replace(part, target)
    except OSError as error:
        part.unlink(missing_ok=True)
        raise TableError(f"{target}: cannot be written ({error.strerror})") from None
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    return Written(
        positions=positions,
        header_bytes=data_start,
        wdl_bytes=sum(e[1] for e in index[0]),
        distance_bytes=sum(e[1] for e in index[1]),
        counts=(counts[0], counts[1], counts[2]),
        longest=longest,
        cpu_seconds=time.process_time() - started,
    )


class CompactLayer:
    """One compact layer file, mapped read-only: a position's value from one or two
    blocks, the last ``cache_blocks`` blocks of each part kept decompressed."""

    def __init__(self, path: str | os.PathLike[str], *, cache_blocks: int = 16) -> None:
        """Open and check ``path``'s header and index (the blocks are checked when read)."""
        self.path = Path(path)
        size = _regular_size(self.path)
        if not _HEADER_BYTES <= size <= MAX_FILE_BYTES:
            raise TableError(f"{self.path}: {size:,} bytes, not a compact layer")
        try:
            with open(self.path, "rb") as f:
                size = os.fstat(f.fileno()).st_size
                self._map = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as error:
            raise TableError(f"{self.path}: cannot be read ({error})") from None
        try:
            self._read_index(size)
        except TableError:
            self._map.close()
            raise
        self._cache: list[OrderedDict[int, bytes]] = [OrderedDict(), OrderedDict()]
        self._cache_blocks = max(1, cache_blocks)

    def _read_index(self, size: int) -> None:
        head = self._map[:_HEADER_BYTES]
        (magic, version, codec, reserved, per_block, positions, draws, wins, losses,
         longest, reserved2, index_crc, head_crc) = _HEADER.unpack(head)  # fmt: skip
        if magic != MAGIC:
            raise TableError(f"{self.path}: not a compact layer (magic {magic!r})")
        if version != VERSION:
            raise TableError(f"{self.path}: format version {version}, this reader reads {VERSION}")
        if zlib.crc32(head[:-4]) != head_crc:
            raise TableError(f"{self.path}: the header's CRC does not hold")
        if codec not in _CODEC_NAMES or reserved or reserved2:
            raise TableError(f"{self.path}: codec {codec} unknown")
        if not (4096 <= per_block <= 1 << 22) or per_block & (per_block - 1):
            raise TableError(f"{self.path}: {per_block} positions a block, out of bounds")
        if positions > MAX_POSITIONS or draws + wins + losses != positions:
            raise TableError(f"{self.path}: {positions:,} positions, out of bounds or miscounted")
        blocks = -(-positions // per_block)
        data_start = _HEADER_BYTES + 2 * blocks * _ENTRY.size
        if data_start > size:
            raise TableError(f"{self.path}: truncated in its index ({size:,} bytes)")
        table = self._map[_HEADER_BYTES:data_start]
        if zlib.crc32(table) != index_crc:
            raise TableError(f"{self.path}: the index's CRC does not hold")
        entries = [_ENTRY.unpack_from(table, i * _ENTRY.size) for i in range(2 * blocks)]
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
        self.codec: str = _CODEC_NAMES[codec]
        """``'zlib'`` or ``'lzma'``."""
        self.counts: tuple[int, int, int] = (draws, wins, losses)
        """Draws, wins and losses for the player on turn, from the header."""
        self.longest: int = longest
        """The longest distance in the layer, in plies."""
        self.blocks: int = blocks
        """Blocks in each part."""
        self._codec = codec
        self._index = entries

    @staticmethod
    def _name(i: int, blocks: int) -> str:
        return f"{_PARTS[i // blocks]} block {i % blocks} of {blocks}"

    def _block(self, part: int, number: int) -> bytes:
        cache = self._cache[part]
        found = cache.get(number)
        if found is not None:
            cache.move_to_end(number)
            return found
        i = part * self.blocks + number
        at, length, crc = self._index[i]
        data = self._map[at : at + length]
        if zlib.crc32(data) != crc:
            raise TableError(f"{self.path}: {self._name(i, self.blocks)}: its CRC does not hold")
        count = min(self.block_positions, self.positions - number * self.block_positions)
        raw = -(-count // 4) if part == 0 else count
        try:
            found = _decompress(self._codec, data, raw)
        except ValueError as error:
            raise TableError(f"{self.path}: {self._name(i, self.blocks)}: {error}") from None
        if len(found) != raw:
            raise TableError(f"{self.path}: {self._name(i, self.blocks)}: not its length")
        if part == 0 and len(found.translate(None, _BAD_WDL)) != len(found):
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
        return self._block(1, number)[within] ^ (wdl == _WIN)

    def outcome(self, index: int) -> str:
        """``'win'``, ``'loss'`` or ``'draw'`` for the player on turn at entry ``index``,
        from the WDL part alone."""
        self._check(index)
        return _OUTCOMES[self._wdl(index)]

    def value(self, index: int) -> tuple[str, int | None]:
        """``(outcome, plies)`` at entry ``index``: ``('draw', None)``, or ``('win', d)``
        or ``('loss', d)`` for the player on turn, as the ``.u16`` entry decodes."""
        self._check(index)
        wdl = self._wdl(index)
        if wdl == _DRAW:
            return "draw", None
        return _OUTCOMES[wdl], self._plies(index, wdl)

    def entry(self, index: int) -> int:
        """The ``uint16`` entry of the ``.u16`` layer at ``index``."""
        self._check(index)
        wdl = self._wdl(index)
        if wdl == _DRAW:
            return 0
        return self._plies(index, wdl) << 1 | (wdl == _LOSS)

    def stored(self, board_rank: int, player: int) -> int:
        """The entry of (board of ``board_rank``, ``player`` on turn), as
        ``LayerFile.stored`` of the ``.u16`` reader."""
        return self.entry(2 * board_rank + player)

    def block_entries(self, number: int) -> bytes:
        """Block ``number`` as the ``.u16`` file's bytes (native ``uint16``)."""
        if not 0 <= number < self.blocks:
            raise TableError(f"block {number}: outside the layer (0 to {self.blocks - 1})")
        return _entries(self._block(0, number), self._block(1, number))

    def verify(self) -> None:
        """Read and check every block of both parts (CRC, length, outcomes)."""
        for part in (0, 1):
            for number in range(self.blocks):
                self._block(part, number)
            self._cache[part].clear()

    def close(self) -> None:
        """Unmap the file."""
        self._map.close()

    def __enter__(self) -> CompactLayer:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def expand_layer(path: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """Write the ``.u16`` layer of compact file ``path`` back, block by block (for the
    builder, which reads a finished layer's entries directly)."""
    out = Path(target)
    part = out.with_name(out.name + ".part")
    with CompactLayer(path, cache_blocks=1) as layer:
        try:
            with open(part, "wb") as f:
                for number in range(layer.blocks):
                    f.write(layer.block_entries(number))
            os.replace(part, out)
        except OSError as error:
            part.unlink(missing_ok=True)
            raise TableError(f"{out}: cannot be written ({error.strerror})") from None


def convert_layers(
    folder: str | os.PathLike[str],
    *,
    codec: Literal["zlib", "lzma"] = "zlib",
    level: int | None = None,
    block_positions: int = BLOCK_POSITIONS,
) -> dict[int, Written]:
    """Write ``layer_NN.tkc`` beside every complete ``layer_NN.u16`` of a layout's
    ``folder`` (one with its ``.done`` marker) that has none yet; what each cost.

    The ``.u16`` files are left in place; a ``.tkc`` file is complete once it exists."""
    where = Path(folder)
    made: dict[int, Written] = {}
    for done in sorted(where.glob("layer_*.u16.done")):
        number = done.name[len("layer_") : -len(".u16.done")]
        if not number.isdigit():
            continue
        target = where / f"layer_{number}.tkc"
        if not target.exists():
            made[int(number)] = write_layer(
                where / f"layer_{number}.u16",
                target,
                codec=codec,
                level=level,
                block_positions=block_positions,
            )
    return made
