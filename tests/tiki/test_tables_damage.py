"""Tables that never lie (issue 33): a damaged table is a ``TableError`` naming the file,
never a value, through ``tiki solve --tables``, ``tiki tables info``, ``tiki tables
build`` and the Python API; a file cut short under a running reader is an error of
that reader, not a crash.

The tables are synthetic, in the real formats: seed 1's layout with only its opening's
layer (67) on disk, a sparse file of draws in which the opening's nine children (x to
move after o's create) are x's wins in 100 plies, so that the opening is o's loss in
101 (the issue's table said 101 too) and the layer's longest distance is 100. Damage
is then done as the issue did it: the children's entries changed in the file, the file
cut short or deleted with its ``.done`` marker kept, markers without files.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

import tiki
from tiki.errors import TableError
from tiki.tools.cli import main
from tiki.tools.tables import Table, probe
from tiki.tools.tables.compact import CompactLayer, write_layer
from tiki.tools.tables.integrity import check_layout
from tiki.tools.tables.store import LAYER_BYTES, NVALID, LayoutDir, rank
from tiki.tools.tables.sums import SUM_BLOCK, Sums, write_sums
from tiki.tools.tables.tallies import tally_layers

SEED1 = (0, 1, -1, 1, 2, 1, 1, 0, 1)
"""The layout of ``new_game(seed=1)`` (o moves first)."""
OPENING = tiki.new_game(seed=1)
LAYER = 67
"""The opening's layer (no fruit yet, 7 in the reserve)."""
LONGEST = 100
BLOCKS = f"{-(-2 * NVALID // SUM_BLOCK):,}"
"""The checksum blocks of a layer: 3,336."""
REBUILD = "build the layer again (delete its .done marker, then 'tiki tables build')"
ROOT = Path(tiki.__file__).resolve().parents[1]


def children(top: Path) -> list[int]:
    """The entries in layer 67 of the opening's nine children, in the probe's order."""
    t = Table(top, SEED1)
    out = []
    for _, child, _ in t.code.children(t.code.encode(OPENING)):
        layer, board, player = t.split(child)
        assert layer == LAYER
        out.append(2 * rank(board) + player)
    t.close()
    return out


def put(path: Path, entries: dict[int, int]) -> None:
    """Write ``entries`` (index: uint16) into the layer file ``path``, in place."""
    with open(path, "r+b") as f:
        for index, value in entries.items():
            f.seek(2 * index)
            f.write(struct.pack("=H", value))


def make(top: Path) -> LayoutDir:
    """The synthetic table under ``top``: layer 67 built, with its checksums."""
    where = LayoutDir(top.resolve(), SEED1)
    where.write_meta(tally_layers(SEED1).order)
    with open(where.layer_path(LAYER), "wb") as f:
        f.truncate(LAYER_BYTES)  # sparse: every position a draw
    put(where.layer_path(LAYER), dict.fromkeys(children(top), LONGEST << 1))
    write_sums(where.layer_path(LAYER), LONGEST)
    where.mark_built(LAYER)
    return where


@pytest.fixture
def where(tmp_path: Path) -> LayoutDir:
    """A fresh synthetic table (the probe's open tables forgotten)."""
    probe.table.cache_clear()
    return make(tmp_path)


def solve_cli(top: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``tiki solve --tables TOP`` on the opening: status, stdout, stderr."""
    code = main(["solve", "--tables", str(top), tiki.to_text(OPENING)])
    out, err = capsys.readouterr()
    return code, out, err


def info_cli(top: Path, capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, list[str]]:
    """``tiki tables info TOP``: status and lines (the last, the time, left out)."""
    code = main(["tables", "info", str(top), *more])
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("files checked (")
    return code, lines[:-1]


def answer(top: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """What ``tiki solve --tables`` prints of the opening, status 0 (the time left out)."""
    code, out, err = solve_cli(top, capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[2].startswith("work:   9 stored values read, by table, ")
    return lines[:2]


OPENING_VALUE = ["value:  o loses in 101 plies (x wins)", "best:   +a1"]
"""What the undamaged table says of the opening."""


def test_the_synthetic_table_reads_right(
    where: LayoutDir, capsys: pytest.CaptureFixture[str]
) -> None:
    """The table undamaged: the opening is o's loss in 101 plies, and ``tiki tables
    info`` reads every block and finds the layer sound."""
    assert answer(where.top, capsys) == OPENING_VALUE
    assert info_cli(where.top, capsys) == (
        0, ["0,1,-1,1,2,1,1,0,1: 1 of 68 layers (layers 67 built); 0 CPU-s logged"]
    )  # fmt: skip
    found = check_layout(where, tally_layers(SEED1).order)
    assert found.damaged == () and found.checked_bytes == LAYER_BYTES and found.full


def test_changed_entries_are_refused_by_their_checksum(
    where: LayoutDir, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's damage: the opening's nine children changed in the file (to 0xFFFF:
    "o wins in 32768 plies" before, status 0). Now ``tiki solve --tables`` names the
    file and the block, status 2; and so does one bit flipped (a win in 100 read as a
    loss in 100, a value the layer could hold: only the checksum sees it)."""
    path = where.layer_path(LAYER)
    first = children(where.top)[0]
    said = (f"tiki: error: {path}: block {first // SUM_BLOCK} of {BLOCKS} does not match "
            f"its checksum (the file is damaged); {REBUILD}\n")  # fmt: skip
    put(path, dict.fromkeys(children(where.top), 0xFFFF))
    assert solve_cli(where.top, capsys) == (2, "", said)
    put(path, dict.fromkeys(children(where.top), LONGEST << 1 | 1))
    probe.table.cache_clear()
    assert solve_cli(where.top, capsys) == (2, "", said)
    with pytest.raises(TableError, match="does not match its checksum"):
        tiki.solve(OPENING, tables=where.top)


def test_a_value_beyond_the_layers_longest_is_refused(
    where: LayoutDir, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same damage with the checksums written over it (as if the file had been
    damaged before they were taken): every value is also checked against the longest
    distance the layer was built with."""
    path = where.layer_path(LAYER)
    first = children(where.top)[0]
    put(path, dict.fromkeys(children(where.top), 0xFFFF))
    write_sums(path, LONGEST)
    assert solve_cli(where.top, capsys) == (2, "", (
        f"tiki: error: {path}: entry {first} holds 32767 plies, more than the layer's "
        "longest (100): the file is damaged\n"
    ))  # fmt: skip


def test_a_truncated_layer_is_refused_and_listed(
    where: LayoutDir, capsys: pytest.CaptureFixture[str]
) -> None:
    """A layer file cut short, its marker kept: refused when probed, and ``tiki tables
    info`` says the layout is damaged (status 1; before, "complete" for a whole
    layout, status 0)."""
    path = where.layer_path(LAYER)
    os.truncate(path, LAYER_BYTES - 2)
    said = f"{path}: 109,303,202 bytes, not a layer (109,303,204)"
    assert solve_cli(where.top, capsys) == (2, "", f"tiki: error: {said}\n")
    assert info_cli(where.top, capsys) == (1, [
        "0,1,-1,1,2,1,1,0,1: 1 of 68 layers (DAMAGED: layer 67); 0 CPU-s logged",
        f"  layer 67: {said}",
    ])  # fmt: skip


def test_a_deleted_layer_with_its_marker_kept(
    where: LayoutDir, capsys: pytest.CaptureFixture[str]
) -> None:
    """A layer file deleted, its ``.done`` marker kept: named as missing by the probe and
    by ``tiki tables info`` (before: "layer 67 ... is not built", and "complete")."""
    path = where.layer_path(LAYER)
    path.unlink()
    said = (f"{path}: missing, though its .done marker says layer 67 is built (nor is "
            "there a layer_67.tkc); build it again (delete the marker, then 'tiki tables "
            "build')")  # fmt: skip
    assert solve_cli(where.top, capsys) == (2, "", f"tiki: error: {said}\n")
    assert info_cli(where.top, capsys) == (1, [
        "0,1,-1,1,2,1,1,0,1: 1 of 68 layers (DAMAGED: layer 67); 0 CPU-s logged",
        f"  layer 67: {said}",
    ])  # fmt: skip
    with pytest.raises(TableError, match=r"missing, though its \.done marker"):
        tiki.solve(OPENING, tables=where.top)


def test_markers_without_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every layer marked complete and no file written: before, "68 of 68 layers
    (complete)"; now each of the 44 layers kept in a file of its own is named missing,
    and a mirror layer (kept in no file) marked while its mirror is not is named too."""
    where = LayoutDir(tmp_path, SEED1)
    t = tally_layers(SEED1)
    where.write_meta(t.order)
    for layer in range(68):
        where.mark_built(layer)
    code, lines = info_cli(tmp_path, capsys, "--quick")
    stored = [k for k in range(68) if not t.mirror_of(k)[1]]
    assert code == 1 and len(stored) == 44 and "complete" not in lines[0]
    assert lines[0] == (
        "0,1,-1,1,2,1,1,0,1: 68 of 68 layers (DAMAGED: layers 0-5, 7-8, 10-11, 14-15, 17, "
        "19-21, 23-24, 26, 28, 30-31, 33, 35-36, 38-39, 41, 43, 45-46, 48-49, 51, 53-55, "
        "58-59, 61-62, 64-65, 67); 0 CPU-s logged"
    )
    assert [int(line.split()[1][:-1]) for line in lines[1:]] == stored
    assert all("missing, though its .done marker" in line for line in lines[1:])
    where.layer_path(5).with_suffix(".u16.done").unlink()  # layer 6 is 5's mirror
    found = check_layout(where, t.order, full=False)
    assert [d.problem for d in found.damaged if d.layer == 6] == [
        "its mirror, layer 5, is not built"
    ]


def test_a_layer_without_checksums_is_refused_unless_compact(
    where: LayoutDir, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ``.u16`` file without its ``.sum`` (a table built before checksums) is refused,
    saying so; with a compact file beside it, that one is read (its CRCs are inside)."""
    path = where.layer_path(LAYER)
    write_layer(path, where.compact_path(LAYER))
    where.sum_path(LAYER).unlink()
    assert answer(where.top, capsys) == OPENING_VALUE
    where.compact_path(LAYER).unlink()
    probe.table.cache_clear()
    assert solve_cli(where.top, capsys) == (2, "", (
        f"tiki: error: {path}: no checksums (layer_67.u16.sum is missing: a layer written "
        f"before checksums, or damaged); {REBUILD}\n"
    ))  # fmt: skip


def test_tables_info_reads_every_block(
    where: LayoutDir, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tiki tables info`` reads every block and checks it (a flipped bit found), where
    ``--quick`` only looks at the sizes and the checksum files (and does not)."""
    path = where.layer_path(LAYER)
    last = 2 * NVALID - 1
    put(path, {last: 2})
    said = (f"{path}: block {last // SUM_BLOCK} of {BLOCKS} does not match its checksum "
            f"(the file is damaged); {REBUILD}")  # fmt: skip
    assert info_cli(where.top, capsys) == (1, [
        "0,1,-1,1,2,1,1,0,1: 1 of 68 layers (DAMAGED: layer 67); 0 CPU-s logged",
        f"  layer 67: {said}",
    ])  # fmt: skip
    assert info_cli(where.top, capsys, "--quick") == (
        0, ["0,1,-1,1,2,1,1,0,1: 1 of 68 layers (layers 67 built); 0 CPU-s logged"]
    )  # fmt: skip


def test_a_damaged_compact_layer_is_refused_by_name(
    where: LayoutDir, capsys: pytest.CaptureFixture[str]
) -> None:
    """The layer kept compact only: a flipped byte in the WDL block of the opening's
    first child is named by ``tiki solve --tables`` and ``tiki tables info``."""
    tkc = where.compact_path(LAYER)
    write_layer(where.layer_path(LAYER), tkc)
    where.layer_path(LAYER).unlink()
    number = children(where.top)[0] // 65536
    with CompactLayer(tkc) as layer:
        at, length, _ = layer._index[number]
    data = bytearray(tkc.read_bytes())
    data[at + length // 2] ^= 0x10
    tkc.write_bytes(bytes(data))
    said = f"{tkc}: WDL block {number} of 834: its CRC does not hold"
    assert solve_cli(where.top, capsys) == (2, "", f"tiki: error: {said}\n")
    code, lines = info_cli(where.top, capsys)
    assert (code, lines[1:]) == (1, [f"  layer 67: {said}"])


def test_a_compact_distance_beyond_its_header_is_refused(tmp_path: Path) -> None:
    """A compact distance block forged with valid CRCs (so that only the bound can see
    it): a distance beyond the header's longest is refused, when probed and verified."""
    path = tmp_path / "layer.tkc"
    entries = [10 << 1 | 1] * 5000
    write_layer(struct.pack(f"={len(entries)}H", *entries), path, block_positions=4096)
    data = path.read_bytes()
    head = bytearray(data[:60])
    table = [struct.unpack_from("<QII", data, 60 + 16 * i) for i in range(4)]
    chunks = [data[at : at + length] for at, length, _ in table]
    chunks[3] = zlib.compress(bytes([200]) * (5000 - 4096))  # distance block 1: 200 plies
    index, offset = b"", 60 + 16 * 4
    for chunk in chunks:
        index += struct.pack("<QII", offset, len(chunk), zlib.crc32(chunk))
        offset += len(chunk)
    struct.pack_into("<I", head, 52, zlib.crc32(index))
    struct.pack_into("<I", head, 56, zlib.crc32(bytes(head[:56])))
    path.write_bytes(bytes(head) + index + b"".join(chunks))
    with CompactLayer(path) as layer:
        assert layer.value(0) == ("loss", 10)
        with pytest.raises(TableError, match=r"entry 4096 holds a distance of 200 plies, "
                           r"beyond the layer's longest \(10\): the file is damaged"):  # fmt: skip
            layer.value(4096)
        with pytest.raises(TableError, match=r"distance block 1 of 2: a distance beyond"):
            layer.verify()


_READER = """
import sys
from tiki.errors import TableError
from tiki.tools.tables.store import NVALID, LayoutDir
layer = LayoutDir(sys.argv[1], tuple(map(int, sys.argv[2].split(",")))).open_layer(67)
print(layer.stored(0, 0), flush=True)
sys.stdin.readline()
try:
    print(layer.stored(NVALID - 1, 1))
except TableError as error:
    print(f"TableError: {error}")
"""


def _shrink_under_a_reader(where: LayoutDir, path: Path, size: int) -> str:
    """Start a process reading layer 67, cut ``path`` to ``size`` bytes once it has read
    a block, let it read another; what it printed (it must end well, within a minute)."""
    reader = subprocess.Popen(
        [sys.executable, "-c", _READER, str(where.top), ",".join(map(str, SEED1))],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=ROOT,
    )  # fmt: skip
    try:
        assert reader.stdout is not None and reader.stdout.readline() == "0\n"
        os.truncate(path, size)
        out, err = reader.communicate("go\n", timeout=60)
    finally:
        if reader.poll() is None:  # pragma: no cover - only if it hangs
            reader.kill()
    assert reader.returncode == 0, f"the reader died ({reader.returncode}): {err[-300:]}"
    return out.strip()


def test_a_compact_file_shrinking_under_a_reader_is_an_error(where: LayoutDir) -> None:
    """The issue's crash: a ``.tkc`` file cut short while a process reads it killed that
    process (SIGBUS: it was mapped). Now it reads with ``pread``: the next block read
    is a TableError, and the process goes on."""
    tkc = where.compact_path(LAYER)
    write_layer(where.layer_path(LAYER), tkc)
    where.layer_path(LAYER).unlink()
    with CompactLayer(tkc) as layer:
        start, length = layer._index[0][0], layer._index[833][1]
    assert _shrink_under_a_reader(where, tkc, start) == (
        f"TableError: {tkc}: truncated while open (WDL block 833 of 834 reads 0 of "
        f"{length:,} bytes)"
    )


def test_a_u16_file_shrinking_under_a_reader_is_an_error(where: LayoutDir) -> None:
    """The same for a ``.u16`` layer file (mapped before too): the block not yet read is
    an error naming the file."""
    path = where.layer_path(LAYER)
    sums = Sums.read(path, 2 * NVALID)
    length = sums.span(sums.blocks - 1)[1]
    assert _shrink_under_a_reader(where, path, 1 << 20) == (
        f"TableError: {path}: truncated while open (block 3335 of {BLOCKS} reads 0 of "
        f"{length:,} bytes)"
    )


def test_a_build_does_not_read_a_damaged_layer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tiki tables build`` checks every block of the layers it builds on before it
    reads them: layer 4 is built on layer 0, here damaged, and is refused (status 2)
    before anything is built."""
    where = LayoutDir(tmp_path, SEED1)
    where.write_meta(tally_layers(SEED1).order)
    with open(where.layer_path(0), "wb") as f:
        f.truncate(LAYER_BYTES)
    write_sums(where.layer_path(0), 42)
    put(where.layer_path(0), {12345: 7})
    for layer in range(4):
        where.mark_built(layer)
    code = main(["tables", "build", "--seed", "1", "--dir", str(tmp_path), "--layers", "1"])
    err = capsys.readouterr().err
    assert code == 2 and err.endswith(
        f"tiki: error: {where.layer_path(0)}: block 0 of {BLOCKS} does not match its "
        f"checksum (the file is damaged); {REBUILD}\n"
    )
    assert not where.is_built(4) and not where.sum_path(4).exists()
