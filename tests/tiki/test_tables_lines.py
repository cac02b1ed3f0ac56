"""The winning lines written from a table, by the library and by the sweep (issue 22).

Issue 22 asks, for each layout whose opening is claimed, a record of its principal
variation in the repository (``tiki replay`` plays it). :mod:`tiki.tools.tables.lines`
writes it from a table, and ``tiki tables sweep --lines DIR`` before it deletes each
table. A real table is 12 CPU-minutes and 4.5 GB: here the layers are empty files
(:class:`fake_tables.FakeBuild`) and the table's answers at the opening are the
committed records' (:class:`fake_tables.CommittedLines`), so the records written must be
the committed ones, byte for byte; ``tests/tiki/test_tables_pv.py`` checks those
against the engine and the search solver.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import pytest
from fake_tables import (
    PV,
    SEED1,
    CommittedLines,
    FakeBuild,
    committed,
    fake_ray,
    fake_record,
    fake_verified,
)  # fmt: skip

import tiki
from tiki.board.layouts import CLASSES
from tiki.errors import TableError
from tiki.model.state import O, X
from tiki.text.record import replay, write_record
from tiki.tools.cli import main
from tiki.tools.tables import building, lines, sweep

NAMES = {lines.file_name(SEED1, X), lines.file_name(SEED1, O)}
"""The committed records of seed 1's layout."""
MIRROR = (-1, 1, 0, 1, 2, 1, 1, 0, 1)
"""Seed 1's layout seen in a mirror: of its class (57), another layout."""


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> CommittedLines:
    """The committed records' answers in place of the table's, the fake build and
    :func:`fake_tables.fake_record` in place of the sweep's."""
    answers = CommittedLines()
    monkeypatch.setattr(lines, "solve", answers.solve)
    monkeypatch.setattr(lines, "line", answers.line)
    monkeypatch.setattr(building, "build", FakeBuild())
    monkeypatch.setattr(sweep, "record_of", fake_record)
    monkeypatch.setattr(sweep, "verified", fake_verified)
    return answers


def _committed_texts() -> dict[str, str]:
    return {name: (PV / name).read_text(encoding="utf-8") for name in NAMES}


def test_the_records_are_written_as_committed(fake: CommittedLines, tmp_path: Path) -> None:
    """issue 22: from the table of seed 1's layout, the library writes its two records,
    x first then o first, as they are committed, byte for byte: the same file names,
    headers (``Layout``, ``Class``, ``Claim``, ``Tables`` …, ``Regenerate``) and moves."""
    FakeBuild()(SEED1, str(tmp_path))
    texts = lines.texts(SEED1, tmp_path)
    assert list(texts) == [lines.file_name(SEED1, X), lines.file_name(SEED1, O)]
    assert texts == _committed_texts()
    record = lines.pv_record(SEED1, X, tmp_path)
    assert record is not None and write_record(record) == write_record(committed(X))


def test_a_layout_of_the_class_is_read_through_a_symmetry(
    fake: CommittedLines, tmp_path: Path
) -> None:
    """issue 22: a layout not built is read from the table of a layout of its class; its
    record starts at its own opening, replays to the same win, and its ``Tables``
    header names the table read and the symmetry."""
    FakeBuild()(SEED1, str(tmp_path))
    record = lines.pv_record(MIRROR, O, tmp_path)
    assert record is not None
    headers = dict(record.headers)
    assert headers["Layout"] == "-1,1,0,1,2,1,1,0,1" and headers["Class"] == "57"
    assert headers["Tables"] == (
        "tiki tables build --layout 0,1,-1,1,2,1,1,0,1: 68 layers, all built; "
        "the line mapped onto this layout by the symmetry 'mirror'"
    )
    assert headers["Claim"] == "the first player, o, wins in 61 plies"
    assert record.initial_state() == tiki.new_game(layout=MIRROR, first=O)
    end = replay(record)[-1].result
    assert end is not None and end.winner == O and len(record.actions) == 61


def test_a_drawn_opening_has_no_record(fake: CommittedLines, tmp_path: Path) -> None:
    """issue 22: a drawn opening's line need never end: no record (here the fake says
    class 3's opening is drawn); a layout not built is a TableError."""
    layout = CLASSES[3].representative
    FakeBuild()(layout, str(tmp_path))
    assert lines.pv_record(layout, X, tmp_path) is None
    assert lines.texts(layout, tmp_path) == {} and fake.asked == []
    with pytest.raises(TableError, match="is not built"):
        lines.texts(CLASSES[4].representative, tmp_path)


def test_check_asks_the_search_solver(fake: CommittedLines) -> None:
    """issue 22: :func:`lines.check` gives the search solver's word on the last
    positions of a record, each consistent with it; a budget too small proves
    nothing, which is no disagreement."""
    rows = lines.check(committed(X), 3)
    assert [ok for _, ok in rows] == [True, True, True]
    assert [row.split(":")[0] for row, _ in rows] == [f"  {n:3} plies left" for n in (1, 2, 3)]
    assert all("DISAGREES" not in row and "not proved" not in row for row, _ in rows)
    (small,) = lines.check(committed(X), 12, limit=1)[-1:]
    assert small[1] and "not proved" in small[0]


@pytest.mark.parametrize(
    ("backend", "jobs"), [("local", 1), ("local", 2), ("ray", 1)], ids=["one", "jobs", "ray"]
)
def test_the_sweep_writes_the_lines_before_it_deletes_the_table(
    fake: CommittedLines,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    backend: str,
    jobs: int,
) -> None:
    """issue 22: with ``lines``, the sweep writes each class's two records (x first and
    o first) read from its table before deleting it, named by the layout built: here
    seed 1's, built already; class 3's opening (drawn, says the fake) has none. The
    driver writes them, on every backend (the worker's disk is not its own)."""
    if backend == "ray":  # a stand-in for Ray that runs the remote tasks in this process
        monkeypatch.setitem(sys.modules, "ray", fake_ray([]))
    top, out, pv = tmp_path / "tables", tmp_path / "openings.json", tmp_path / "pv"
    FakeBuild()(SEED1, str(top))
    new = sweep.run([57, 3], top, out, backend=backend, jobs=jobs, lines=pv)
    assert sorted(o.index for o in new) == [3, 57] == [o.index for o in sweep.read(out)]
    assert {p.name: p.read_text(encoding="utf-8") for p in pv.iterdir()} == _committed_texts()
    assert list(top.iterdir()) == []  # the tables deleted once read


def test_a_worker_returns_the_lines_with_its_record(fake: CommittedLines, tmp_path: Path) -> None:
    """issue 22: :func:`sweep.build_class` (the task a worker runs) writes no line: it
    returns their texts with the class's record, under ``lines``, for the driver."""
    FakeBuild()(SEED1, str(tmp_path))
    found = sweep.build_class(57, str(tmp_path), lines=True)
    assert found is not None and found.pop(sweep.LINES) == _committed_texts()
    assert sweep.check({"format": sweep.FORMAT, "classes": [found]})[0].built == SEED1
    assert list(tmp_path.iterdir()) == []
    FakeBuild()(SEED1, str(tmp_path))
    found = sweep.build_class(57, str(tmp_path))
    assert found is not None and sweep.LINES not in found


def test_a_class_is_recorded_only_with_its_lines(
    fake: CommittedLines, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 22: the driver writes a class's lines before its record, and only by a
    file name (not a path a worker could send): a line it cannot write leaves the
    class unrecorded, to be built again."""
    monkeypatch.setattr(lines, "texts", lambda layout, top: {"../evil.tiki": "1-0"})
    top, out, pv = tmp_path / "tables", tmp_path / "openings.json", tmp_path / "pv"
    with pytest.raises(TableError, match="a line's file name"):
        sweep.run([3], top, out, lines=pv)
    assert sweep.read(out) == [] and list(pv.iterdir()) == []
    assert not (tmp_path / "evil.tiki").exists()


def test_tiki_tables_sweep_lines(fake: CommittedLines, tmp_path: Path) -> None:
    """issue 22: ``tiki tables sweep --lines DIR`` writes the records there and says so."""
    top, pv = tmp_path / "t", tmp_path / "pv"
    FakeBuild()(SEED1, str(top))
    args = ["tables", "sweep", "--classes", "57", "--dir", str(top)]
    args += ["--out", str(tmp_path / "o.json"), "--lines", str(pv)]
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        assert main(args) == 0
    assert {p.name: p.read_text(encoding="utf-8") for p in pv.iterdir()} == _committed_texts()
    assert f"the winning lines of their openings in {pv}" in text.getvalue()
