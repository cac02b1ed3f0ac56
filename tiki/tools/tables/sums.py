"""The checksums of a ``.u16`` table layer (issue 33, "Tables that never lie").

A layer's ``layer_NN.u16`` gets a ``layer_NN.u16.sum`` when it is finished, before its
``.done`` marker: the CRC-32 of each block of :data:`SUM_BLOCK` positions (32 KiB of
the file) and the longest distance the layer holds. A reader checks each block against
it when it first reads it (:class:`Sums`), and every entry against the longest
distance, so that a damaged file is a :class:`~tiki.errors.TableError` naming the file
and the block, never a value; :func:`verify_file` checks a whole file.

Format, version 1 (little-endian)::

    header, 28 bytes: magic b"TIKISUMS", version (u16) = 1, reserved (u16) = 0,
        positions per block (u32: a power of two from 2**10 to 2**22), positions (u64),
        the longest distance in the layer (u16, plies), reserved (u16) = 0
    the CRC-32 of each block of the layer file (u32 each: block k holds the entries
        k * per_block to (k + 1) * per_block - 1, the last block shorter)
    the CRC-32 of every byte before it (u32)

CRC-32 finds any damage of up to 32 bits in a row and any other with odds of 2**-32:
the guard is against disks, copies and hands, not forgery (whoever rewrites a layer can
rewrite its ``.sum``).

>>> import array, os, tempfile
>>> with tempfile.TemporaryDirectory() as top:
...     layer = os.path.join(top, "layer_00.u16")
...     with open(layer, "wb") as f:
...         _ = f.write(array.array("H", [0, 7 << 1, 7 << 1 | 1] * 1000).tobytes())
...     made = write_sums(layer, 7, block_positions=1024)
...     again = Sums.read(layer, 3000)
...     (made.blocks, again.longest, again.limit, verify_file(layer, 3000).crcs == made.crcs)
(3, 7, 15, True)
"""

from __future__ import annotations

import os
import struct
import zlib
from array import array
from pathlib import Path

from ...errors import TableError

__all__ = ["SUM_BLOCK", "SUM_MAGIC", "SUM_VERSION", "Crcs", "Sums", "read_exactly", "sum_path",
           "verify_file", "write_sums"]  # fmt: skip

SUM_MAGIC = b"TIKISUMS"
"""The first 8 bytes of a ``.sum`` file."""
SUM_VERSION = 1
"""The format's version."""
SUM_BLOCK = 1 << 14
"""Positions a block: 32 KiB of the layer file (a layer of 54,651,602 positions has
3,336 blocks, 13 KB of checksums)."""
_HEAD = struct.Struct("<8sHHIQHH")
_CRC = struct.Struct("<I")
_MAX_SUM_BYTES = 1 << 24
_CHUNK = 1 << 20


def sum_path(layer: str | os.PathLike[str]) -> Path:
    """The ``.sum`` file of the layer file ``layer``."""
    path = Path(layer)
    return path.with_name(path.name + ".sum")


def _rebuild() -> str:
    return "build the layer again (delete its .done marker, then 'tiki tables build')"


class Sums:
    """The checksums of one layer file, read from its ``.sum``."""

    def __init__(self, layer: Path, block_positions: int, positions: int, longest: int,
                 crcs: array[int]) -> None:  # fmt: skip
        self.layer = layer
        """The layer file these are the checksums of."""
        self.block_positions = block_positions
        """Positions a block."""
        self.positions = positions
        """Positions in the layer."""
        self.longest = longest
        """The longest distance in the layer, in plies."""
        self.crcs = crcs
        """The CRC-32 of each block."""

    @property
    def blocks(self) -> int:
        """Blocks in the layer."""
        return len(self.crcs)

    @property
    def limit(self) -> int:
        """The largest entry the layer can hold: a loss in its longest distance."""
        return self.longest << 1 | 1

    @classmethod
    def read(cls, layer: str | os.PathLike[str], positions: int) -> Sums:
        """The checksums of ``layer`` (of ``positions`` entries); a :class:`TableError`
        naming the file if its ``.sum`` is missing, damaged or of another layer size."""
        path, where = Path(layer), sum_path(layer)
        try:
            with open(where, "rb") as f:
                data = f.read(_MAX_SUM_BYTES + 1)
        except FileNotFoundError:
            raise TableError(
                f"{path}: no checksums ({where.name} is missing: a layer written before "
                f"checksums, or damaged); {_rebuild()}"
            ) from None
        except OSError as error:
            raise TableError(f"{where}: cannot be read ({error.strerror})") from None
        if len(data) < _HEAD.size + 4 or data[:8] != SUM_MAGIC:
            raise TableError(f"{where}: not a layer's checksums; {_rebuild()}")
        _, version, reserved, per_block, count, longest, reserved2 = _HEAD.unpack_from(data)
        if version != SUM_VERSION:
            raise TableError(f"{where}: checksums of version {version}, this reader reads 1")
        if zlib.crc32(data[:-4]) != _CRC.unpack_from(data, len(data) - 4)[0]:
            raise TableError(f"{where}: its own CRC does not hold (damaged); {_rebuild()}")
        blocks = -(-count // per_block) if per_block else -1
        bounded = 1 << 10 <= per_block <= 1 << 22 and not per_block & (per_block - 1)
        if reserved or reserved2 or not bounded or len(data) != _HEAD.size + 4 * blocks + 4:
            raise TableError(f"{where}: not a layer's checksums; {_rebuild()}")
        if count != positions:
            raise TableError(f"{where}: checksums of {count:,} positions, not {positions:,}")
        crcs = array("I", struct.unpack_from(f"<{blocks}I", data, _HEAD.size))
        return cls(path, per_block, count, longest, crcs)

    def span(self, number: int) -> tuple[int, int]:
        """(offset, length) in bytes of block ``number`` in the layer file."""
        first = number * self.block_positions
        return 2 * first, 2 * min(self.block_positions, self.positions - first)

    def check(self, number: int, data: bytes | memoryview) -> None:
        """Check the bytes of block ``number``; a :class:`TableError` if they are not it."""
        if zlib.crc32(data) != self.crcs[number]:
            raise TableError(
                f"{self.layer}: block {number} of {self.blocks:,} does not match its "
                f"checksum (the file is damaged); {_rebuild()}"
            )

    def checker(self) -> Crcs:
        """A :class:`Crcs` that checks the file's bytes as they are fed to it, in order."""
        return Crcs(2 * self.block_positions, self)


class Crcs:
    """The CRC-32 of each block of bytes fed in order; with ``expected``, each block is
    checked as it completes (a :class:`TableError` at the first that differs)."""

    def __init__(self, block_bytes: int, expected: Sums | None = None) -> None:
        self.block_bytes = block_bytes
        self.expected = expected
        self.crcs = array("I")
        self._crc = 0
        self._filled = 0

    def feed(self, data: bytes | memoryview) -> None:
        """Add the next bytes of the file."""
        view = memoryview(data).cast("B")
        while view.nbytes:
            take = min(self.block_bytes - self._filled, view.nbytes)
            self._crc = zlib.crc32(view[:take], self._crc)
            self._filled += take
            view = view[take:]
            if self._filled == self.block_bytes:
                self._close()

    def _close(self) -> None:
        if self.expected is not None:
            number = len(self.crcs)
            if number >= self.expected.blocks or self._crc != self.expected.crcs[number]:
                raise TableError(
                    f"{self.expected.layer}: block {number} of {self.expected.blocks:,} does "
                    f"not match its checksum (the file is damaged); {_rebuild()}"
                )
        self.crcs.append(self._crc)
        self._crc, self._filled = 0, 0

    def finish(self) -> array[int]:
        """The CRCs of every block, the last one short if it is; checked to be all of
        them with ``expected``."""
        if self._filled:
            self._close()
        if self.expected is not None and len(self.crcs) != self.expected.blocks:
            raise TableError(
                f"{self.expected.layer}: {len(self.crcs):,} blocks, its checksums have "
                f"{self.expected.blocks:,} (truncated)"
            )
        return self.crcs


def _feed_file(layer: Path, crcs: Crcs) -> int:
    """Feed the file ``layer`` to ``crcs``; its size."""
    size = 0
    try:
        with open(layer, "rb") as f:
            while chunk := f.read(_CHUNK):
                crcs.feed(chunk)
                size += len(chunk)
    except OSError as error:
        raise TableError(f"{layer}: cannot be read ({error.strerror})") from None
    return size


def write_sums(
    layer: str | os.PathLike[str], longest: int, *, block_positions: int = SUM_BLOCK
) -> Sums:
    """Read the finished layer file ``layer`` and write its ``.sum`` (whole or not at
    all: written beside it, then renamed); ``longest`` is the longest distance it holds,
    in plies (the builder's ``max_dist``)."""
    path = Path(layer)
    if not 0 <= longest <= 0x7FFF:
        raise TableError(f"{path}: a longest distance of {longest} plies is not a layer's")
    crcs = Crcs(2 * block_positions)
    size = _feed_file(path, crcs)
    if size % 2:
        raise TableError(f"{path}: {size:,} bytes, not a layer of uint16 entries")
    sums = Sums(path, block_positions, size // 2, longest, crcs.finish())
    body = _HEAD.pack(SUM_MAGIC, SUM_VERSION, 0, block_positions, size // 2, longest, 0)
    body += struct.pack(f"<{sums.blocks}I", *sums.crcs)
    body += _CRC.pack(zlib.crc32(body))
    where = sum_path(path)
    part = where.with_name(where.name + ".part")
    try:
        part.write_bytes(body)
        os.replace(part, where)
    except OSError as error:
        part.unlink(missing_ok=True)
        raise TableError(f"{where}: cannot be written ({error.strerror})") from None
    return sums


def verify_file(layer: str | os.PathLike[str], positions: int) -> Sums:
    """Read the whole layer file ``layer`` (of ``positions`` entries) and check every
    block against its ``.sum``; its checksums, or a :class:`TableError` naming the file
    and the first block that differs."""
    path = Path(layer)
    try:
        size = os.stat(path).st_size
    except OSError as error:
        raise TableError(f"{path}: cannot be read ({error.strerror})") from None
    if size != 2 * positions:
        raise TableError(f"{path}: {size:,} bytes, not a layer ({2 * positions:,})")
    sums = Sums.read(path, positions)
    checker = sums.checker()
    _feed_file(path, checker)
    checker.finish()
    return sums


def read_exactly(fd: int | None, path: Path, at: int, length: int, what: str) -> bytes:
    """``length`` bytes of the open file ``fd`` (``path``) at ``at``, with ``os.pread``:
    a table file is never mapped, so a file cut short while open is a
    :class:`~tiki.errors.TableError` naming it and ``what`` was read, not a crash."""
    if fd is None:
        raise TableError(f"{path}: read after it was closed")
    try:
        data = os.pread(fd, length, at)
    except OSError as error:
        raise TableError(f"{path}: cannot be read ({error.strerror})") from None
    if len(data) != length:
        raise TableError(
            f"{path}: truncated while open ({what} reads {len(data):,} of {length:,} bytes)"
        )
    return data
