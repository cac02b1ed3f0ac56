"""The bytes of a compact table layer (:mod:`.compact`): the header, the index, the
codecs, and the conversion of ``uint16`` entries to a WDL block and a distance block
and back, on ``bytes.translate`` tables (C speed, no numpy).

Format, version 1 (little-endian throughout)::

    header, 60 bytes: magic b"TIKICMPT", version (u16) = 1, codec (u8: 1 zlib, 2 lzma
        raw LZMA2 with a dictionary of one block), reserved (u8) = 0,
        positions per block (u32: a power of two from 2**12 to 2**22), positions (u64),
        draws, wins, losses (u64 each), the largest distance byte (u16: the longest
        distance, or one less or more, a win's lowest bit being flipped), reserved (u16) = 0,
        CRC-32 of the index (u32), CRC-32 of the 56 bytes before it (u32)
    index: for each block of the WDL part, then of the distance part:
        file offset (u64), compressed length (u32), CRC-32 of the compressed bytes (u32)
    the WDL part's blocks, then the distance part's blocks, back to back, to the end

A reader refuses, with a :class:`~tiki.errors.TableError` naming the file and where:
another magic or version, a count out of bounds, an index whose CRC or offsets do not
hold, a file of another length (truncated or with bytes after its end), and, when the
block is read, a block whose CRC does not hold (named: ``distance block 7 of 834``) or
that does not decompress to its exact length, and a distance byte larger than the
header's. Every block is read and checked by :meth:`CompactLayer.verify`. The file is
read with ``os.pread``, never mapped: one cut short while a reader has it open is an
error of that reader (``truncated while open``), not a crash.
"""

from __future__ import annotations

import lzma
import os
import stat
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

from ...errors import TableError

__all__ = [
    "BAD_WDL",
    "BLOCK_POSITIONS",
    "CODECS",
    "CODEC_NAMES",
    "DRAW",
    "ENTRY",
    "HEADER",
    "HEADER_BYTES",
    "LITTLE",
    "LOSS",
    "MAGIC",
    "MAX_DISTANCE",
    "MAX_FILE_BYTES",
    "MAX_POSITIONS",
    "OUTCOMES",
    "PARTS",
    "VERSION",
    "WIN",
    "compressor",
    "decompress",
    "join_entries",
    "regular_size",
    "split_entries",
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

HEADER = struct.Struct("<8sHBBIQQQQHHII")
HEADER_BYTES = HEADER.size
ENTRY = struct.Struct("<QII")
CODECS = {"zlib": 1, "lzma": 2}
CODEC_NAMES = {v: k for k, v in CODECS.items()}
PARTS = ("WDL", "distance")
LITTLE = sys.byteorder == "little"

DRAW, WIN, LOSS = 0, 1, 2
OUTCOMES = ("draw", "win", "loss")

# bytes.translate tables: the whole conversion runs on bytes at C speed, no numpy needed.
_HALF = bytes(x >> 1 for x in range(256))  # the plies' low 7 bits from an entry's low byte
_HIGH = bytes((x & 1) << 7 for x in range(256))  # the plies' bit 7 from an entry's high byte
_WDL_LOW = bytes(LOSS if x & 1 else (WIN if x else DRAW) for x in range(256))
_ZERO_MASK = bytes(0xFF if x == 0 else 0 for x in range(256))
_SHIFT = [bytes((x << (2 * k)) & 0xFF for x in range(256)) for k in range(4)]
LOSS_FLAG = bytes(int(x == LOSS) for x in range(256))
_UNPACK = [bytes((x >> (2 * k)) & 3 for x in range(256)) for k in range(4)]
WIN_FLAG = bytes(int(x == WIN) for x in range(256))
_DOUBLE_LOW = bytes((x << 1) & 0xFF for x in range(256))
_DOUBLE_HIGH = bytes(x >> 7 for x in range(256))
BAD_WDL = bytes(x for x in range(256) if any((x >> (2 * k)) & 3 == 3 for k in range(4)))


def compressor(codec: str, level: int | None, raw: int) -> Callable[[bytes], bytes]:
    """The compression of a block of ``raw`` bytes by ``codec`` at ``level``."""
    if codec == "zlib":
        chosen = 6 if level is None else level
        return lambda data: zlib.compress(data, chosen)
    preset = 6 if level is None else level
    filters = [{"id": lzma.FILTER_LZMA2, "preset": preset, "dict_size": max(raw, 4096)}]
    return lambda data: lzma.compress(data, format=lzma.FORMAT_RAW, filters=filters)


def decompress(codec: int, data: bytes, raw: int) -> bytes:
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


def split_entries(chunk: bytes, first: int) -> tuple[bytes, bytes, bytes]:
    """(packed WDL, distances, WDL a byte a position) of native ``uint16`` entries."""
    low, high = (chunk[0::2], chunk[1::2]) if LITTLE else (chunk[1::2], chunk[0::2])
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
    stored = _xor(distances, wdl.translate(WIN_FLAG))
    return packed, stored[0::2] + stored[1::2], wdl


def join_entries(packed: bytes, stored: bytes) -> bytes:
    """Native ``uint16`` entries from a WDL block and its distance block."""
    n = len(stored)
    wdl = bytearray(len(packed) * 4)
    for k in range(4):
        wdl[k::4] = packed.translate(_UNPACK[k])
    del wdl[n:]
    distances = bytearray(n)
    distances[0::2], distances[1::2] = stored[: (n + 1) // 2], stored[(n + 1) // 2 :]
    plies = _xor(distances, wdl.translate(WIN_FLAG))
    loss = wdl.translate(LOSS_FLAG)
    low = _or(plies.translate(_DOUBLE_LOW), loss)
    high = plies.translate(_DOUBLE_HIGH)
    out = bytearray(2 * n)
    out[0::2], out[1::2] = (low, high) if LITTLE else (high, low)
    return bytes(out)


def regular_size(path: Path) -> int:
    """The size of regular file ``path``; a :class:`TableError` for anything else."""
    try:
        info = os.stat(path)
    except OSError as error:
        raise TableError(f"{path}: cannot be read ({error.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise TableError(f"{path}: not a regular file")
    return info.st_size
