"""The sweep over the layout classes and its data (issue 22, "Every layout").

The committed opening values (``tiki/data/openings.json``) are checked against the
layouts module; the sweep's driver (restart, records, deletion, the local and Ray
paths) runs on a fake build whose layers are empty files, since a real layout's table
is 25 CPU-minutes and 7 GB (its figures are the data's); probing by class is checked
on one real layer (layer 0 of class 57's representative, about 20 CPU-seconds), the
position seen on another layout of the class.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from fake_tables import FakeBuild, fake_ray, fake_record, fake_verified

import tiki
from tiki.board.layouts import CLASSES, canonical, class_index, orbit
from tiki.model.symmetry import to_layout
from tiki.tools.cli import main
from tiki.tools.tables import TableError, backends, building, sweep, table
from tiki.tools.tables.report import replace_section, section
from tiki.tools.tables.store import NVALID, LayoutDir

SEED1 = (0, 1, -1, 1, 2, 1, 1, 0, 1)
"""The layout of ``new_game(seed=1)``, of class 57."""
PAGE = Path(__file__).resolve().parents[2] / "docs" / "tiki-layouts.md"


def test_the_committed_openings_agree_with_the_layouts() -> None:
    """issue 22: each record of ``tiki/data/openings.json`` is of its class: the
    canonical representative, the class's size, a member built; seed 1's class is
    recorded a first-player win in 61 plies, as its table says (docs/tiki-solve.md)."""
    found = sweep.openings()
    assert found and [o.index for o in found] == sorted({o.index for o in found})
    for o in found:
        assert o.representative == canonical(o.representative) == CLASSES[o.index].representative
        assert o.members == len(orbit(o.representative)) == CLASSES[o.index].size
        assert class_index(o.built) == o.index
        assert o.o_first is None  # colour symmetry: o first is valued as x first
        assert o.layers == 68 and o.wins + o.losses + o.draws == 68 * 2 * NVALID
        assert o.value in ("win", "loss", "draw") and o.longest >= (o.plies or 0)
    seed1 = {o.index: o for o in found}[class_index(SEED1)]
    assert (seed1.built, seed1.value, seed1.plies) == (SEED1, "win", 61)


_LAYOUT = {"type": "array", "items": {"type": "integer"}, "minItems": 9, "maxItems": 9}
_COUNT = {"type": "integer", "minimum": 0}
_SHA256 = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
_RECORD = {
    "type": "object",
    "additionalProperties": False,
    "required": [
        "class", "representative", "members", "built", "value", "plies", "best",
        "o_first", "longest", "wins", "losses", "draws", "layers", "cpu_seconds",
        "builder", "date", "verified",
    ],
    "properties": {
        "class": {"type": "integer", "minimum": 0, "maximum": 197},
        "representative": _LAYOUT, "built": _LAYOUT,
        "members": {"enum": [4, 8]},
        "value": {"enum": ["win", "loss", "draw"]},
        "plies": {"type": ["integer", "null"]},
        "best": {"type": "string"}, "o_first": {"type": ["array", "null"]},
        "longest": _COUNT, "wins": _COUNT, "losses": _COUNT, "draws": _COUNT,
        "layers": _COUNT, "cpu_seconds": {"type": "number"},
        "builder": {"type": "string"}, "date": {"type": "string", "format": "date"},
        "verified": {"oneOf": [{"type": "null"}, {
            "type": "object", "additionalProperties": False,
            "required": ["verifier", "source", "table", "layers", "positions", "seconds"],
            "properties": {
                "verifier": {"type": "string"}, "source": _SHA256, "table": _SHA256,
                "layers": _COUNT, "positions": _COUNT, "seconds": {"type": "number"},
            },
        }]},
        "certificate": {  # optional (issue 33): absent from the records written without one
            "type": "object", "additionalProperties": False,
            "required": ["file", "sha256", "bytes", "raw_bytes", "policy", "first", "winner",
                         "plies", "positions", "seconds", "verifier"],
            "properties": {
                "file": {"type": "string", "pattern": "^[^./\\\\][^/\\\\]*$"},
                "sha256": _SHA256, "bytes": _COUNT, "raw_bytes": _COUNT,
                "policy": {"enum": [0, 1, 2, 3]}, "first": {"enum": ["x", "o"]},
                "winner": {"enum": ["x", "o"]}, "plies": {"type": "integer", "minimum": 1},
                "positions": _COUNT, "seconds": {"type": "number"},
                "verifier": {"type": "string"},
            },
        },
    },
}  # fmt: skip
SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["format", "classes"],
    "properties": {
        "format": {"const": sweep.FORMAT},
        "classes": {"type": "array", "items": _RECORD},
    },
}
"""The JSON schema of a results file (``tiki/data/openings.json``), as any reader of
the file may check it (``tests/tiki/test_tables_certificates.py`` checks a record with a
certificate against it too)."""


def test_the_data_file_validates_against_its_schema() -> None:
    """issue 22: the data file's JSON has exactly the fields of its documented format
    (checked with jsonschema, as any reader of the file may)."""
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(json.loads(sweep.DATA.read_text(encoding="utf-8")), SCHEMA)


def _good() -> dict[str, Any]:
    """Class 57's record (seed 1's layout's), as the data file holds it."""
    records = json.loads(sweep.DATA.read_text(encoding="utf-8"))["classes"]
    return next(r for r in records if r["class"] == 57)  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"class": 198}, "class must be an integer from 0 to 197"),
        ({"representative": list(SEED1)}, "is not"),
        ({"members": 4}, "members must be 8"),
        ({"built": [2, 1, 1, 1, 1, 1, 0, 0, -1]}, "is not of the class"),
        ({"value": "unknown"}, "value must be one of"),
        ({"plies": None}, "plies: a positive"),
        ({"date": "yesterday"}, "ISO date"),
        ({"wins": -1}, "wins must be"),
        ({"extra": 1}, "missing or unknown"),
    ],
)
def test_a_bad_record_is_refused_by_name(change: dict[str, Any], message: str) -> None:
    """issue 22: the reader refuses a record that does not agree with its class or its
    format, naming the record; never a wrong value read."""
    record = {**_good(), **change}
    with pytest.raises(TableError, match=message):
        sweep.check({"format": sweep.FORMAT, "classes": [record]})
    with pytest.raises(TableError, match="recorded twice"):
        sweep.check({"format": sweep.FORMAT, "classes": [_good(), _good()]})


def test_a_results_file_is_bounded(tmp_path: Path) -> None:
    """issue 22: a results file is a regular file of a bounded size, JSON."""
    with pytest.raises(TableError, match="not a regular file"):
        sweep.read(tmp_path)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (sweep.MAX_BYTES + 1))
    with pytest.raises(TableError, match="larger than"):
        sweep.read(big)
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(TableError, match="not JSON"):
        sweep.read(tmp_path / "bad.json")
    assert sweep.read(tmp_path / "none.json") == []


def _adding(out: str, indices: list[int]) -> None:
    """Add a made-up record of each class of ``indices`` to ``out``, one at a time (a
    sweep's driver, as it records each class it finished)."""
    for i in indices:
        cls = CLASSES[i]
        made = {**_good(), "class": i, "representative": list(cls.representative),
                "members": cls.size, "built": list(cls.representative)}  # fmt: skip
        sweep.add(out, sweep.check({"format": sweep.FORMAT, "classes": [made]}))


def test_two_sweeps_writing_one_file_lose_nothing(tmp_path: Path) -> None:
    """issue 22 (nothing lost): four processes adding records to one results file at
    once, as four sweeps would, leave every record in it, and no temporary file."""
    import multiprocessing

    out = str(tmp_path / "openings.json")
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_adding, args=(out, list(range(k, 40, 4)))) for k in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
    assert [w.exitcode for w in workers] == [0, 0, 0, 0]
    assert [o.index for o in sweep.read(out)] == list(range(40))
    assert [p.name for p in tmp_path.iterdir()] == ["openings.json"]


def test_classes_are_bounded() -> None:
    """issue 22: ``--classes`` takes indices and ranges of the 198 classes only."""
    assert sweep.parse_classes("5,3-4,5") == (5, 3, 4)
    for bad in ("198", "-1", "3-1", "x", "1,,2", "9" * 50, ",".join(["1"] * 2000)):
        with pytest.raises(ValueError, match="from 0 to 197"):
            sweep.parse_classes(bad)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeBuild:
    """The fake build in place of :func:`building.build`, :func:`fake_record` read."""
    build = FakeBuild()
    monkeypatch.setattr(building, "build", build)
    monkeypatch.setattr(sweep, "record_of", fake_record)
    monkeypatch.setattr(sweep, "verified", fake_verified)
    return build


def test_the_sweep_restarts_records_and_deletes(fake: FakeBuild, tmp_path: Path) -> None:
    """issue 22: a sweep stopped after some layers goes on from them, records a class
    once its table is complete (the log summed), deletes the table's files once read,
    and a second sweep of recorded classes builds nothing."""
    top, out = tmp_path / "tables", tmp_path / "openings.json"
    heard: list[tuple[int, sweep.Opening | None]] = []
    assert sweep.run([3, 5], top, out, layers=30, done=lambda i, o: heard.append((i, o))) == []
    assert heard == [(3, None), (5, None)] and sweep.read(out) == []
    assert LayoutDir(top, CLASSES[3].representative).built(68) == list(range(30))
    new = sweep.run([3, 5], top, out)
    assert [o.index for o in new] == [3, 5] and sweep.read(out) == new
    assert len(fake.layers) == 2 * 68  # every layer built once, none twice
    assert new[0].built == CLASSES[3].representative
    assert (new[0].wins, new[0].losses, new[0].longest, new[0].cpu_seconds) == (68, 136, 67, 102.0)
    assert list(top.iterdir()) == []  # the tables deleted once read
    assert sweep.run([5, 3], top, out) == [] and len(fake.layers) == 2 * 68


def test_the_sweep_keeps_and_reads_a_member_built(fake: FakeBuild, tmp_path: Path) -> None:
    """issue 22: a class whose member (not the representative) is built is read from
    it, recorded with the layout built; ``keep`` keeps its files."""
    top, out = tmp_path / "tables", tmp_path / "openings.json"
    fake(SEED1, str(top))
    (found,) = sweep.run([57], top, out, keep=True)
    assert found.built == SEED1 and found.representative == CLASSES[57].representative
    assert len(fake.layers) == 68 and LayoutDir(top, SEED1).built(68) == list(range(68))


def test_local_jobs_build_classes_side_by_side(fake: FakeBuild, tmp_path: Path) -> None:
    """issue 22: ``jobs=2`` builds two classes at once on local processes (forked here,
    the fake build with them), each recorded as it finishes and its table deleted."""
    top, out = tmp_path / "tables", tmp_path / "openings.json"
    new = sweep.run([3, 4], top, out, jobs=2)
    assert sorted(o.index for o in new) == [3, 4] == [o.index for o in sweep.read(out)]
    assert all(o.layers == 68 and o.wins == 68 for o in new) and list(top.iterdir()) == []
    with pytest.raises(ValueError, match="jobs must be 1 to 64"):
        sweep.run([3], top, out, jobs=0)
    with pytest.raises(ValueError, match="backend must be"):
        sweep.run([3], top, out, backend="dask")


def test_the_ray_backend_sends_each_class_as_a_task(
    fake: FakeBuild, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 22: with ``backend='ray'`` each class is one remote task of
    :func:`sweep.build_class` (a CPU each, results as they come), here on a stand-in
    for Ray that runs the tasks in this process."""
    calls: list[Any] = []
    ray = fake_ray(calls)
    monkeypatch.setitem(sys.modules, "ray", ray)
    new = sweep.run([4, 3], tmp_path / "t", tmp_path / "o.json", backend="ray", jobs=2)
    assert [o.index for o in new] == [4, 3]
    assert calls[0] == {"address": None, "num_cpus": 2, "log_to_driver": False}
    assert calls[1] == (sweep.build_class, {"num_cpus": 1, "memory": backends.TABLE_BYTES})
    assert [o.index for o in sweep.read(tmp_path / "o.json")] == [3, 4]


def test_tiki_tables_sweep_estimates_then_records(fake: FakeBuild, tmp_path: Path) -> None:
    """issue 22: ``tiki tables sweep`` prints its estimate (classes, CPU-minutes, disk)
    first, the verifier's check counted in (issue 33), then a line a class, and the
    results file holds the records."""
    out = tmp_path / "o.json"
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        args = [
            "tables",
            "sweep",
            "--classes",
            "3-4",
            "--dir",
            str(tmp_path / "t"),
            "--out",
            str(out),
        ]
        assert main(args) == 0
        assert main(args) == 0
    said = text.getvalue()
    assert "2 classes to build (0 already recorded): about 2 x 22 CPU-minutes" in said
    assert "(11 to build, 11 to verify)" in said
    assert "GB of disk" in said and "class 3: the first player wins in 9 plies" in said
    assert "0 classes to build (2 already recorded)" in said
    assert [o.index for o in sweep.read(out)] == [3, 4]


def test_the_page_says_what_the_data_says() -> None:
    """issue 22: the "Opening values" section of docs/tiki-layouts.md is what
    ``tiki tables report`` writes from tiki/data/openings.json: its table of the
    classes built, how many of the 198, and whether the first player wins in all."""
    page = PAGE.read_text(encoding="utf-8")
    found = sweep.openings()
    assert replace_section(page, section(found)) == page
    words = " ".join(page.split())
    assert f"**{len(found)} of 198 classes** built" in words
    for o in found:
        assert f"| {o.index} | " in page
    if all(o.value == "win" for o in found):
        assert "**whoever moves first can force a win**" in words


@pytest.fixture(scope="module")
def layer0(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Layer 0 of class 57's representative built (not seed 1's layout, of that class)."""
    top = tmp_path_factory.mktemp("tables")
    building.build(CLASSES[57].representative, top, layers=1)
    return top


def test_a_position_is_answered_from_its_class_table(layer0: Path) -> None:
    """issue 22: ``tiki.solve(state, tables=DIR)`` answers a position of seed 1's
    layout from the table of its class's representative: the same value and plies as
    the position seen there, and a best move of its own layout that keeps the value."""
    rep = CLASSES[57].representative
    t = table(str(layer0.resolve()), rep)
    from tiki.tools.tables.native import Builder

    b, rng = Builder(rep), random.Random(7)
    checked = 0
    while checked < 40:
        there = t.position(0, b.unrank(rng.randrange(NVALID)), rng.randrange(2))
        if not tiki.legal_actions(there):
            continue
        state, _ = to_layout(there, SEED1)
        found = tiki.solve(state, tables=layer0)
        direct = tiki.solve(there, tables=layer0)
        assert (found.value, found.plies, found.how) == (direct.value, direct.plies, "table")
        assert found.best in tiki.legal_actions(state)
        child = tiki.apply(state, found.best)
        if child.result is None and child.tiles == SEED1 and found.plies is not None:
            after = tiki.solve(child, tables=layer0)
            assert (after.winner, after.plies) == (found.winner, found.plies - 1)
        checked += 1
    with pytest.raises(TableError, match="nor any layout of its class"):
        tiki.solve(tiki.new_game(seed=2), tables=layer0)
