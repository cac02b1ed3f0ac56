"""The compact file of a retrograde-table layer (issue 22: "store win/draw/loss and the
distance compactly ... compressed in blocks").

A layer written by :func:`write_layer` must give back exactly the ``uint16`` entry of
the ``.u16`` layer at every position, whatever the code, the codec and the block size
(the real layers of seed 1's layout are checked the same way by the measurement in the
module's docstring); and a file that is corrupted, truncated, forged or not a file must
be refused with a :class:`TableError` that says where, never read as a wrong value.
"""

from __future__ import annotations

import array
import os
import random
import struct
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiki.errors import TableError
from tiki.tools.tables.compact import (
    CompactLayer,
    convert_layers,
    expand_layer,
    write_layer,
)
from tiki.tools.tables.compact_format import MAX_DISTANCE

CODES = list(range(2 * MAX_DISTANCE + 2))
"""Every entry the format holds: 0 (a draw) and ``plies << 1 | loss`` up to 255 plies."""


def decoded(entry: int) -> tuple[str, int | None]:
    """The ``.u16`` reader's decoding of an entry (docs/tiki-table/retro.py's decode_val)."""
    if entry == 0:
        return "draw", None
    return ("loss" if entry & 1 else "win"), entry >> 1


def layer_entries(count: int, seed: int) -> array.array[int]:
    """A synthetic layer: every code, then random codes weighted as a real layer's
    (mostly wins, short distances), ``count`` entries in all."""
    rng = random.Random(seed)
    codes = CODES[:]
    rng.shuffle(codes)
    while len(codes) < count:
        plies = min(int(rng.expovariate(1 / 20)) + 1, MAX_DISTANCE)
        codes.append(rng.choice((0, plies << 1, plies << 1, plies << 1 | 1)))
    return array.array("H", codes[:count])


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> tuple[array.array[int], Path]:
    """300,001 entries (an odd count, 74 blocks of 4,096 and a short one) in a file."""
    entries = layer_entries(300_001, seed=22)
    path = tmp_path_factory.mktemp("compact") / "layer.tkc"
    write_layer(entries, path, block_positions=4096)
    return entries, path


def test_every_position_reads_back_its_entry(big: tuple[array.array[int], Path]) -> None:
    """Issue 22: the compact layer is the same table: at every position, its value,
    outcome and entry are the ``.u16`` entry's, every code included."""
    entries, path = big
    with CompactLayer(path) as layer:
        assert layer.positions == len(entries)
        assert layer.blocks == 74
        values = [layer.value(i) for i in range(len(entries))]
        assert values == [decoded(e) for e in entries]
        assert [layer.entry(i) for i in range(len(entries))] == list(entries)
        assert [layer.outcome(i) for i in range(0, len(entries), 7)] == [
            decoded(e)[0] for e in entries[::7]
        ]
        assert b"".join(layer.block_entries(k) for k in range(layer.blocks)) == entries.tobytes()
        assert layer.stored(150_000, 0) == entries[300_000]
        assert layer.stored(149_999, 1) == entries[299_999]
        draws = entries.count(0)
        losses = sum(e & 1 for e in entries)
        assert layer.counts == (draws, len(entries) - draws - losses, losses)
        assert layer.longest == MAX_DISTANCE
        layer.verify()


def test_the_u16_file_comes_back_byte_for_byte(
    big: tuple[array.array[int], Path], tmp_path: Path
) -> None:
    """Issue 22: a compact layer expands back into the ``.u16`` file the builder reads,
    and the writer reads a ``.u16`` file as it reads a buffer (same compact file)."""
    entries, path = big
    u16 = tmp_path / "layer_00.u16"
    expand_layer(path, u16)
    assert u16.read_bytes() == entries.tobytes()
    again = tmp_path / "again.tkc"
    made = write_layer(u16, again, block_positions=4096)
    assert again.read_bytes() == path.read_bytes()
    assert made.total_bytes == path.stat().st_size
    assert made.bytes_per_position < 1.0


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(CODES), min_size=1, max_size=9000),
    st.sampled_from(["zlib", "lzma"]),
    st.sampled_from([4096, 8192]),
)
def test_any_layer_round_trips(codes: list[int], codec: str, block: int) -> None:
    """Issue 22: any sequence of entries (any length, a block cut anywhere), with either
    codec, reads back entry for entry."""
    import tempfile

    entries = array.array("H", codes)
    with tempfile.TemporaryDirectory() as top:
        path = Path(top) / "layer.tkc"
        source = entries.tobytes() if block == 8192 else entries
        write_layer(source, path, block_positions=block, codec=codec)  # type: ignore[arg-type]
        with CompactLayer(path, cache_blocks=1) as layer:
            assert layer.codec == codec
            assert [layer.entry(i) for i in range(len(entries))] == codes
            assert layer.value(len(codes) - 1) == decoded(codes[-1])


def test_a_distance_beyond_the_format_is_refused(tmp_path: Path) -> None:
    """Issue 22: the writer never stores a wrong distance: 256 plies and more are
    refused, naming the entry, and no file is left behind."""
    entries = array.array("H", [4] * 5000 + [256 << 1 | 1] + [3])
    with pytest.raises(TableError, match=r"entry 5000: 513 holds 256 plies"):
        write_layer(entries, tmp_path / "x.tkc", block_positions=4096)
    assert list(tmp_path.iterdir()) == []


def corrupt(path: Path, offset: int) -> None:
    """Flip one bit of the byte at ``offset``."""
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x10
    path.write_bytes(bytes(data))


def test_a_corrupted_block_is_refused_by_name(tmp_path: Path) -> None:
    """Issue 22: one flipped bit in a block refuses the positions of that block, with an
    error naming the part and the block; the other blocks still read."""
    entries = layer_entries(40_000, seed=5)
    path = tmp_path / "layer.tkc"
    write_layer(entries, path, block_positions=4096)
    with CompactLayer(path) as layer:
        blocks = layer.blocks
        at, length, _ = layer._index[blocks + 3]  # the distance part's block 3
    corrupt(path, at + length // 2)
    with CompactLayer(path) as layer:
        assert layer.value(5) == decoded(entries[5])
        assert layer.outcome(3 * 4096 + 1) == decoded(entries[3 * 4096 + 1])[0]
        loss = next(i for i in range(3 * 4096, 4 * 4096) if entries[i])
        with pytest.raises(TableError, match=rf"distance block 3 of {blocks}: its CRC"):
            layer.value(loss)
        with pytest.raises(TableError, match="distance block 3"):
            layer.verify()
    with CompactLayer(path) as layer:
        at, length, _ = layer._index[0]
    corrupt(path, at + 1)
    with CompactLayer(path) as layer, pytest.raises(TableError, match="WDL block 0 of"):
        layer.outcome(0)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d[:-1], "truncated"),
        (lambda d: d[:1000], "truncated"),
        (lambda d: d[:30], "not a compact layer"),
        (lambda d: d + b"\0", "1 bytes too long"),
        (lambda d: b"TIKICMPX" + d[8:], "magic"),
        (lambda d: d[:8] + b"\x02" + d[9:], "version 2"),
        (lambda d: d[:20] + bytes([d[20] ^ 1]) + d[21:], "header's CRC"),
        (lambda d: d[:70] + bytes([d[70] ^ 1]) + d[71:], "index's CRC"),
    ],
)
def test_a_damaged_file_is_refused_on_opening(tmp_path: Path, damage: object, message: str) -> None:
    """Issue 22: a file cut short, lengthened, of another format or version, or with a
    damaged header or index is refused when opened, saying what is wrong."""
    path = tmp_path / "layer.tkc"
    write_layer(layer_entries(20_000, seed=1), path, block_positions=4096)
    path.write_bytes(damage(path.read_bytes()))  # type: ignore[operator]
    with pytest.raises(TableError, match=message):
        CompactLayer(path)


def forged(positions: int, per_block: int = 4096) -> bytes:
    """A header with valid CRCs claiming ``positions`` (all draws), and no index."""
    head = struct.pack(
        "<8sHBBIQQQQHHI", b"TIKICMPT", 1, 1, 0, per_block, positions, positions, 0, 0, 0, 0,
        zlib.crc32(b""),
    )  # fmt: skip
    return head + struct.pack("<I", zlib.crc32(head))


def test_forged_counts_are_bounded(tmp_path: Path) -> None:
    """Issue 22 (bounded input): a header claiming too many positions, or more than
    its file's index holds, or an odd block size is refused before anything is
    allocated for it."""
    path = tmp_path / "forged.tkc"
    path.write_bytes(forged(1 << 40))
    with pytest.raises(TableError, match="out of bounds"):
        CompactLayer(path)
    path.write_bytes(forged(1 << 32))
    with pytest.raises(TableError, match="truncated in its index"):
        CompactLayer(path)
    path.write_bytes(forged(100, per_block=5000))
    with pytest.raises(TableError, match="5000 positions a block"):
        CompactLayer(path)


def test_only_regular_files_are_read(tmp_path: Path) -> None:
    """Issue 22 (bounded input): a directory or a pipe is neither converted nor read;
    a source of the wrong shape is refused; a missing file is named."""
    with pytest.raises(TableError, match="not a regular file"):
        CompactLayer(tmp_path)
    with pytest.raises(TableError, match="not a regular file"):
        write_layer(tmp_path, tmp_path / "x.tkc")
    if sys.platform != "win32":
        fifo = tmp_path / "pipe"
        os.mkfifo(fifo)
        with pytest.raises(TableError, match="not a regular file"):
            CompactLayer(fifo)
    with pytest.raises(TableError, match="cannot be read"):
        CompactLayer(tmp_path / "missing.tkc")
    odd = tmp_path / "odd.u16"
    odd.write_bytes(b"\0\0\0")
    with pytest.raises(TableError, match="3 bytes, not a layer"):
        write_layer(odd, tmp_path / "x.tkc")
    with pytest.raises(TableError, match="not 'i'"):
        write_layer(array.array("i", [0]), tmp_path / "x.tkc")
    with pytest.raises(TableError, match="not int"):
        write_layer(5, tmp_path / "x.tkc")
    with pytest.raises(TableError, match="a power of two"):
        write_layer(b"\0\0", tmp_path / "x.tkc", block_positions=5000)
    with pytest.raises(TableError, match="codec"):
        write_layer(b"\0\0", tmp_path / "x.tkc", codec="gzip")  # type: ignore[arg-type]


def test_a_position_outside_the_layer_is_refused(big: tuple[array.array[int], Path]) -> None:
    """Issue 22: a position outside the layer is an error, not a neighbour's value."""
    _, path = big
    with CompactLayer(path) as layer:
        for outside in (-1, layer.positions):
            with pytest.raises(TableError, match="outside the layer"):
                layer.value(outside)
        with pytest.raises(TableError, match="outside the layer"):
            layer.block_entries(layer.blocks)


def test_a_layout_folder_is_converted_layer_by_layer(tmp_path: Path) -> None:
    """Issue 22: the complete layers of a built layout (each ``.u16`` with its ``.done``
    marker) get their compact file, once; a layer still being built is left alone."""
    for number, seed in ((0, 1), (1, 2), (2, 3)):
        entries = layer_entries(9000, seed=seed)
        (tmp_path / f"layer_{number:02d}.u16").write_bytes(entries.tobytes())
        if number < 2:
            (tmp_path / f"layer_{number:02d}.u16.done").touch()
    made = convert_layers(tmp_path, block_positions=4096)
    assert sorted(made) == [0, 1]
    assert sorted(p.name for p in tmp_path.glob("*.tkc")) == ["layer_00.tkc", "layer_01.tkc"]
    assert made[1].counts[0] == layer_entries(9000, seed=2).count(0)
    with CompactLayer(tmp_path / "layer_01.tkc") as layer:
        assert layer.block_entries(2) == layer_entries(9000, seed=2)[8192:].tobytes()
    assert convert_layers(tmp_path) == {}


def rebuilt(path: Path, part: int, number: int, raw: bytes) -> None:
    """Put the zlib block of ``raw`` in place of block ``number`` of ``part`` (0 WDL,
    1 distances), with every offset and CRC made right again: a forged, valid file."""
    data = path.read_bytes()
    head = bytearray(data[:60])
    positions, per_block = (
        struct.unpack_from("<Q", head, 16)[0],
        struct.unpack_from("<I", head, 12)[0],
    )
    blocks = -(-positions // per_block)
    entries = [struct.unpack_from("<QII", data, 60 + 16 * i) for i in range(2 * blocks)]
    chunks = [data[at : at + length] for at, length, _ in entries]
    chunks[part * blocks + number] = zlib.compress(raw)
    offset = 60 + 32 * blocks
    table = b""
    for chunk in chunks:
        table += struct.pack("<QII", offset, len(chunk), zlib.crc32(chunk))
        offset += len(chunk)
    struct.pack_into("<I", head, 52, zlib.crc32(table))
    struct.pack_into("<I", head, 56, zlib.crc32(bytes(head[:56])))
    path.write_bytes(bytes(head) + table + b"".join(chunks))


def test_a_forged_block_with_valid_crcs_is_still_refused(tmp_path: Path) -> None:
    """Issue 22: a block that passes its CRC but holds the outcome code 3, or
    decompresses to another length, is refused, naming the block."""
    entries = layer_entries(10_000, seed=9)
    path = tmp_path / "layer.tkc"
    write_layer(entries, path, block_positions=4096)
    rebuilt(path, 0, 1, b"\xff" * 1024)
    with CompactLayer(path) as layer:
        assert layer.value(0) == decoded(entries[0])
        with pytest.raises(TableError, match="WDL block 1 of 3: an outcome 3"):
            layer.outcome(4096)
    write_layer(entries, path, block_positions=4096)
    rebuilt(path, 1, 2, bytes(100))
    with CompactLayer(path) as layer:
        assert layer.value(8191) == decoded(entries[8191])
        with pytest.raises(TableError, match="distance block 2 of 3: not its length"):
            layer.verify()
