"""Writing a compact table layer (:mod:`.compact`) from a built ``.u16`` layer, block by
block, and a layout's layers at once."""

from __future__ import annotations

import os
import shutil
import struct
import tempfile
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import attrs

from ...errors import TableError
from .compact_format import (
    BLOCK_POSITIONS,
    CODECS,
    ENTRY,
    HEADER,
    HEADER_BYTES,
    LITTLE,
    MAGIC,
    MAX_FILE_BYTES,
    MAX_POSITIONS,
    VERSION,
    compressor,
    regular_size,
    split_entries,
)
from .sums import Sums, sum_path

__all__ = ["Written", "convert_layers", "write_layer"]


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
    """The largest distance byte (the header's: the longest distance in plies, or one
    less or more, a win's lowest bit flipped)."""
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


def _source_chunks(
    source: str | os.PathLike[str] | object, chunk_bytes: int
) -> tuple[int, Iterator[bytes], Sums | None]:
    """(positions, chunks of native ``uint16`` entries, the checksums they are checked
    against as they are read) of a ``.u16`` file (with its ``.sum`` if it has one) or a
    buffer."""
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        size = regular_size(path)
        if size > MAX_FILE_BYTES or size % 2:
            raise TableError(f"{path}: {size:,} bytes, not a layer of uint16 entries")
        sums = Sums.read(path, size // 2) if sum_path(path).is_file() else None
        try:
            handle = open(path, "rb")  # noqa: SIM115 - closed by the generator
        except OSError as error:
            raise TableError(f"{path}: cannot be read ({error.strerror})") from None

        def read() -> Iterator[bytes]:
            checker = None if sums is None else sums.checker()
            with handle:
                while chunk := handle.read(chunk_bytes):
                    if checker is not None:
                        checker.feed(chunk)  # checked before it is written
                    yield chunk
            if checker is not None:
                checker.finish()

        return size // 2, read(), sums
    try:
        view = memoryview(source)  # type: ignore[arg-type]
    except TypeError:
        raise TableError(
            f"a layer is a path or a buffer of uint16, not {type(source).__name__}"
        ) from None
    if view.itemsize == 2 and view.format in ("H", "=H", "<H" if LITTLE else ">H"):
        view = view.cast("B")
    elif view.itemsize != 1 or not view.c_contiguous:
        raise TableError(f"a layer's buffer holds uint16 entries, not {view.format!r}")
    if view.nbytes % 2 or view.nbytes > MAX_FILE_BYTES:
        raise TableError(f"a buffer of {view.nbytes:,} bytes is not a layer of uint16 entries")
    flat = view

    def cut() -> Iterator[bytes]:
        for start in range(0, flat.nbytes, chunk_bytes):
            yield bytes(flat[start : start + chunk_bytes])

    return flat.nbytes // 2, cut(), None


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
    memmap, an ``array('H')``, bytes in the machine's order). A file with its checksums
    (``.sum``, :mod:`.sums`) is checked against them as it is read: a damaged block is a
    :class:`TableError` naming it, and nothing is written; a file without them (built
    before checksums) is converted as it is, its distances bounded by the format alone.
    ``codec`` is ``'zlib'`` (``level`` 0-9, default 6) or ``'lzma'`` (``level`` a
    preset 0-9, default 6). The file appears at ``path`` whole or not at all (written
    beside it, then renamed).
    """
    if codec not in CODECS:
        raise TableError(f"codec {codec!r}: 'zlib' or 'lzma'")
    if not (4096 <= block_positions <= 1 << 22) or block_positions & (block_positions - 1):
        raise TableError(f"{block_positions} positions a block: a power of two, 2**12 to 2**22")
    started = time.process_time()
    positions, chunks, sums = _source_chunks(source, 2 * block_positions)
    if positions > MAX_POSITIONS:
        raise TableError(f"{positions:,} positions: more than a file holds ({MAX_POSITIONS:,})")
    blocks = -(-positions // block_positions)
    target = Path(path)
    compress = compressor(codec, level, block_positions)
    index: list[list[tuple[int, int, int]]] = [[], []]
    counts = [0, 0, 0]
    longest = 0
    data_start = HEADER_BYTES + 2 * blocks * ENTRY.size
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
                packed, distances, wdl = split_entries(chunk, number * block_positions)
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
            if sums is not None and longest > sums.longest | 1:  # the byte, flipped or not
                raise TableError(
                    f"{sums.layer}: a distance of {longest} plies or so, more than the "
                    f"layer's longest ({sums.longest}): the file is damaged"
                )
            for length, crc in lengths:
                index[1].append((offset, length, crc))
                offset += length
            spool.seek(0)
            shutil.copyfileobj(spool, out, 1 << 20)
            table = b"".join(ENTRY.pack(*e) for part_index in index for e in part_index)
            head = HEADER.pack(
                MAGIC, VERSION, CODECS[codec], 0, block_positions, positions,
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


def convert_layers(
    folder: str | os.PathLike[str],
    *,
    codec: Literal["zlib", "lzma"] = "zlib",
    level: int | None = None,
    block_positions: int = BLOCK_POSITIONS,
) -> dict[int, Written]:
    """Write ``layer_NN.tkc`` beside every complete ``layer_NN.u16`` of a layout's
    ``folder`` (one with its ``.done`` marker) that has none yet; what each cost (a
    mirror layer, kept in no file of its own, has none).

    The ``.u16`` files are left in place; a ``.tkc`` file is complete once it exists."""
    where = Path(folder)
    made: dict[int, Written] = {}
    for done in sorted(where.glob("layer_*.u16.done")):
        number = done.name[len("layer_") : -len(".u16.done")]
        if not number.isdigit():
            continue
        target = where / f"layer_{number}.tkc"
        source = where / f"layer_{number}.u16"
        if not target.exists() and source.is_file():  # a mirror layer has no file
            made[int(number)] = write_layer(
                source,
                target,
                codec=codec,
                level=level,
                block_positions=block_positions,
            )
    return made
