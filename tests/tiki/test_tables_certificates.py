"""Certificates of the openings (issue 33: "if either compresses to a size a release can
carry, write it for every class, with a standalone checker ... and record the hashes in
the repository").

A certificate is the winner's strategy from the opening; the independent verifier
(``tiki/tools/verifier/tikiverify.c``) writes it from a complete table and checks it
reading no table. A real class's table is 44 layers (12 CPU-minutes, 4.8 GB), so the
sweep's side (``tiki tables sweep --certificates DIR``: compressed, checked, hashed,
recorded) runs here on the fake build of the sweep's tests, with the verifier's two
calls faked; the verifier's own side runs on a real table small enough for a test: a
game played on nine +2 villages (not one of the 1,512 layouts of Tiki's tiles, which
the builder refuses; built by the same C builder, its tallies found under
``Rules(tiles=(2,) * 9)``), 4 tally layers of which 3 are built, about 70 CPU-seconds.
Its opening is a first-player win in 21 plies; its certificate holds 233,326 positions.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import lzma
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from fake_tables import FakeBuild, fake_ray, fake_record, fake_verified
from test_tables_sweep import SCHEMA

from tiki.engine.contract import new_game
from tiki.model.rules import Rules
from tiki.tools import verifier
from tiki.tools.cli import main
from tiki.tools.tables import TableError, backends, building, certificates, sweep, tallies
from tiki.tools.tables.store import LayoutDir

PLUS_TWO = (2,) * 9
"""Nine +2 villages: a game of four tally layers, the first player winning in 21 plies."""
CAP = 5_000_000
"""The positions a test's certificate may hold: a small visited set (90 MB)."""
WRITTEN = b"TIKICRT1" + bytes(range(200)) * 50
"""What the fake writer writes (never shown to the real checker)."""


# ------------------------------------------------------------------ the sweep, faked


def _fake_write(folder: Any, out: Any, *, policy: int = 0, first: str = "x",
                cap: int | None = None) -> verifier.Written:  # fmt: skip
    Path(out).write_bytes(WRITTEN)
    return verifier.Written(str(out), "fake", policy, PLUS_TWO, verifier.Claim("x", "x", 9),
                            "win in 9", 1234, len(WRITTEN) - 40, len(WRITTEN), 0.5)  # fmt: skip


def _fake_check(file: Any, *, scratch: Any = None) -> verifier.Checked:
    data = Path(file).read_bytes()
    raw = lzma.decompress(data) if str(file).endswith(".xz") else data
    if raw != WRITTEN:
        raise TableError(f"{file}: not the certificate written")
    return verifier.Checked(str(file), hashlib.sha256(data).hexdigest(), len(data), len(raw),
                            "fake", PLUS_TWO, verifier.Claim("x", "x", 9), 9, 1234,
                            len(WRITTEN) - 40, 0.25)  # fmt: skip


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeBuild:
    """The sweep's fakes (an empty-file build, a made-up record: a win in 9, a passed
    verdict) and the verifier's certificate writer and checker faked to agree."""
    build = FakeBuild()
    monkeypatch.setattr(building, "build", build)
    monkeypatch.setattr(sweep, "record_of", fake_record)
    monkeypatch.setattr(sweep, "verified", fake_verified)
    monkeypatch.setattr(verifier, "write_certificate", _fake_write)
    monkeypatch.setattr(verifier, "check_certificate", _fake_check)
    return build


def test_the_sweep_records_each_certificate_by_the_hash_of_its_file(
    fake: FakeBuild, tmp_path: Path
) -> None:
    """issue 33 ("record the hashes in the repository"): with ``certificates=DIR`` each
    class's certificate is left in DIR as ``class-NNN.tikicrt.xz`` (xz, nothing else
    left there), and its record's ``certificate`` names that file with its SHA-256 and
    size, the policy, the claim, the positions, the checker's seconds and version; the
    results file still validates against its schema and reads back the same."""
    top, out, crt = tmp_path / "tables", tmp_path / "openings.json", tmp_path / "crt"
    new = sweep.run([3, 5], top, out, certificates=crt)
    assert sorted(p.name for p in crt.iterdir()) == ["class-003.tikicrt.xz", "class-005.tikicrt.xz"]
    for opening in new:
        found = opening.certificate
        assert found is not None and found.file == f"class-{opening.index:03d}.tikicrt.xz"
        data = (crt / found.file).read_bytes()
        assert found.sha256 == hashlib.sha256(data).hexdigest() and found.bytes == len(data)
        assert lzma.decompress(data) == WRITTEN and found.raw_bytes == len(WRITTEN)
        assert (found.policy, found.first, found.winner, found.plies) == (0, "x", "x", 9)
        assert (found.positions, found.seconds, found.verifier) == (1234, 0.2, "tikiverify fake")
    assert sweep.read(out) == new and list(top.iterdir()) == []
    jsonschema = pytest.importorskip("jsonschema")
    data = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.validate(data, SCHEMA)
    assert [r["certificate"] for r in data["classes"]] == [
        o.certificate.to_json() for o in new if o.certificate is not None
    ]


def test_without_certificates_nothing_changes_and_a_later_sweep_adds_them(
    fake: FakeBuild, tmp_path: Path
) -> None:
    """issue 33 (a record field optional, no format bumped): a sweep without
    ``certificates`` writes records without the field, as before; a sweep with it
    builds those classes again (last, as unverified ones) and adds their certificates;
    a sweep with it over classes that have one builds nothing."""
    top, out, crt = tmp_path / "tables", tmp_path / "openings.json", tmp_path / "crt"
    (plain,) = sweep.run([3], top, out)
    assert plain.certificate is None and "certificate" not in out.read_text(encoding="utf-8")
    assert sweep.todo([3, 4], [plain]) == [4]
    assert sweep.todo([3, 4], [plain], certificates=True) == [4, 3]
    new = sweep.run([3, 4], top, out, certificates=crt)
    assert [o.index for o in new] == [4, 3] and all(o.certificate for o in new)
    assert len(fake.layers) == 3 * 68
    assert sweep.run([3, 4], top, out, certificates=crt) == [] and len(fake.layers) == 3 * 68


def test_a_refused_certificate_stops_the_sweep_and_keeps_the_table(
    fake: FakeBuild, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 33: a certificate the checker refuses, or one whose claim is not the
    opening the table gives, stops the sweep as a refused table does: the class is not
    recorded, its table is kept, and no certificate is left in DIR."""
    top, out, crt = tmp_path / "tables", tmp_path / "openings.json", tmp_path / "crt"

    def refused(file: Any, *, scratch: Any = None) -> verifier.Checked:
        raise TableError(f"{file}: the certificate does not prove its claim: a cycle")

    monkeypatch.setattr(verifier, "check_certificate", refused)
    with pytest.raises(TableError, match="does not prove its claim: a cycle"):
        sweep.run([3], top, out, certificates=crt)
    assert sweep.read(out) == [] and list(crt.iterdir()) == []
    assert LayoutDir(top, sweep.CLASSES[3].representative).built(68) == list(range(68))

    monkeypatch.setattr(verifier, "check_certificate", _fake_check)
    monkeypatch.setattr(sweep, "record_of", lambda *a: attrs.evolve(fake_record(*a), plies=8))
    with pytest.raises(TableError, match="wins within 9 plies whatever o does', the table says"):
        sweep.run([3], top, out, certificates=crt)
    assert sweep.read(out) == [] and list(crt.iterdir()) == []


def test_on_ray_the_worker_ships_the_certificate_and_the_driver_writes_it(
    fake: FakeBuild, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 33 ("the one command that finishes the remaining classes on a Ray
    cluster"): on Ray a worker writes the certificate on its own disk and ships its
    bytes back with the record, so the workers need no folder shared with the driver;
    the driver writes them into DIR under the record's name once their size and hash
    are the record's, before the record; each task asks Ray for the certificate
    writer's memory. Bytes that are not the file recorded are refused: nothing
    written, the class not recorded. Here on a stand-in for Ray that runs each task in
    this process, its result through a pickle."""
    calls: list[Any] = []
    monkeypatch.setitem(sys.modules, "ray", fake_ray(calls))
    top, out, crt = tmp_path / "worker", tmp_path / "openings.json", tmp_path / "crt"
    new = sweep.run([3, 5], top, out, backend="ray", jobs=2, certificates=crt)
    assert calls[1] == (sweep.build_class, {"num_cpus": 1, "memory": backends.CERTIFYING_BYTES})
    assert sorted(p.name for p in crt.iterdir()) == ["class-003.tikicrt.xz", "class-005.tikicrt.xz"]
    for opening in new:
        found = opening.certificate
        assert found is not None
        data = (crt / found.file).read_bytes()
        assert hashlib.sha256(data).hexdigest() == found.sha256 and lzma.decompress(data) == WRITTEN
    assert sweep.read(out) == new and list((top / "certificates").iterdir()) == []

    real = sweep.build_class

    def damaged(*a: Any, **kw: Any) -> Any:
        found = real(*a, **kw)
        found[sweep.CERTIFICATE] = found[sweep.CERTIFICATE][:-1] + b"?"
        return found

    monkeypatch.setattr(sweep, "build_class", damaged)
    with pytest.raises(TableError, match=r"class-007\.tikicrt\.xz: the bytes shipped are not the"):
        sweep.run([7], top, out, backend="ray", certificates=crt)
    assert [o.index for o in sweep.read(out)] == [3, 5] and len(list(crt.iterdir())) == 2


def test_tiki_tables_sweep_writes_certificates(fake: FakeBuild, tmp_path: Path) -> None:
    """issue 33: ``tiki tables sweep --certificates DIR`` writes them and says where, and
    where their hashes are."""
    out, crt = tmp_path / "o.json", tmp_path / "crt"
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        assert main(["tables", "sweep", "--classes", "3", "--dir", str(tmp_path / "t"),
                     "--out", str(out), "--certificates", str(crt)]) == 0  # fmt: skip
    assert f"their certificates in {crt}, their SHA-256 in {out}" in text.getvalue()
    assert (crt / "class-003.tikicrt.xz").is_file()


def _record_with(**change: Any) -> dict[str, Any]:
    """Class 57's committed record with a certificate (its claim: x wins in 61)."""
    record = next(r for r in json.loads(sweep.DATA.read_text(encoding="utf-8"))["classes"]
                  if r["class"] == 57)  # fmt: skip
    certificate = {"file": "class-057.tikicrt.xz", "sha256": "ab" * 32, "bytes": 30_000_000,
                   "raw_bytes": 60_000_000, "policy": 0, "first": "x", "winner": "x",
                   "plies": 61, "positions": 80_000_000, "seconds": 120.0,
                   "verifier": "tikiverify 1.1"}  # fmt: skip
    return {**record, "certificate": {**certificate, **change}}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"sha256": "AB" * 32}, "sha256 must be a SHA-256"),
        ({"plies": 62}, "proves 'x moving first, x wins within 62 plies"),
        ({"winner": "o"}, "o wins within 61"),
        ({"file": "../class-057.tikicrt.xz"}, "file must be a file's name"),
        ({"policy": 4}, "policy must be an integer from 0 to 3"),
        ({"extra": 1}, "certificate must be an object of"),
    ],
)
def test_the_reader_checks_a_recorded_certificate(change: dict[str, Any], message: str) -> None:
    """issue 33: a record's ``certificate`` is optional, and when there it is checked
    field by field, its claim against the record's opening (the exact plies for the
    shortest wins, at least as many for the other policies); the schema takes it."""
    good = _record_with()
    (found,) = sweep.check({"format": sweep.FORMAT, "classes": [good]})
    assert found.certificate is not None and found.certificate.plies == 61
    assert found.to_json() == good
    assert sweep.check({"format": sweep.FORMAT, "classes": [_record_with(policy=2, plies=99)]})
    with pytest.raises(TableError, match=re.escape(message)):
        sweep.check({"format": sweep.FORMAT, "classes": [_record_with(**change)]})
    with pytest.raises(TableError, match="certificate must be an object"):
        sweep.check({"format": sweep.FORMAT, "classes": [{**good, "certificate": None}]})
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate({"format": sweep.FORMAT, "classes": [good]}, SCHEMA)


# -------------------------------------------------------------- the verifier, for real


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("a.tikicrt", b"NOTACERT" + bytes(32), "not a Tiki certificate (magic)"),
        ("b.tikicrt", b"TIKICRT1", "out of range"),
        ("c.tikicrt", b"TIKICRT1" + bytes([1]) + bytes(31), "claim 0 out of 1..4096"),
        ("d.tikicrt.xz", b"TIKICRT1" + bytes(32), "not a whole xz file"),
        ("e.tikicrt.xz", lzma.compress(b"TIKICRT1" + bytes(400))[:-20], "not a whole xz file"),
    ],
)
def test_a_malformed_certificate_is_an_error_naming_the_problem(
    tmp_path: Path, name: str, data: bytes, said: str
) -> None:
    """issue 33 ("a standalone checker"): ``verifier.check_certificate`` on a file that
    is not a whole certificate (a wrong magic, cut short, a zero claim; an .xz file that
    is not xz or is cut short) raises a ``TableError`` naming the file and the problem,
    never a verdict; the temporary copy of an .xz file is gone."""
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(TableError, match=re.escape(said)) as caught:
        verifier.check_certificate(path, scratch=tmp_path)
    assert str(path) in str(caught.value) and sorted(tmp_path.iterdir()) == [path]


def test_a_certificate_needs_a_table_folder(tmp_path: Path) -> None:
    """issue 33: writing a certificate from a folder that is not a table's is an error
    saying so, and leaves no file."""
    with pytest.raises(TableError, match=r"no meta\.json"):
        verifier.write_certificate(tmp_path, tmp_path / "out.tikicrt")
    with pytest.raises(TableError, match="a policy of"):
        verifier.write_certificate(tmp_path, tmp_path / "out.tikicrt", policy=7)
    assert list(tmp_path.iterdir()) == []


@pytest.fixture(scope="module")
def plus_two(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The complete table of the +2 villages' game (its folder), built by the package's
    builder with the tallies of ``Rules(tiles=(2,) * 9)``; about 70 CPU-seconds."""
    top = tmp_path_factory.mktemp("plus2")

    def game(layout: tuple[int, ...], first: int) -> Any:
        return new_game(Rules(tiles=PLUS_TWO), layout=layout, first=first)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tallies, "new_game", game)
        tallies.tally_layers.cache_clear()
        try:
            building.build(PLUS_TWO, top)
        finally:
            tallies.tally_layers.cache_clear()
    yield LayoutDir(top, PLUS_TWO).path
    shutil.rmtree(top, ignore_errors=True)


def test_a_certificate_written_from_a_table_is_checked_without_it(
    plus_two: Path, tmp_path: Path
) -> None:
    """issue 33 ("a standalone checker"): the verifier writes the certificate of a real
    table's opening (the shortest wins, the default policy) and its checker, reading
    only that file, proves the table's value exactly: x, moving first, wins within 21
    plies, the table's distance; compressed with xz it is checked the same, and
    ``tiki tables certify`` then ``tiki tables check-certificate`` (the command a reader
    runs) print that claim and the file's SHA-256."""
    written = verifier.write_certificate(plus_two, tmp_path / "p2.tikicrt", cap=CAP)
    assert (written.table, written.claim) == ("win in 21", verifier.Claim("x", "x", 21))
    assert (written.policy, written.positions, written.layout) == (0, 233_326, PLUS_TWO)
    assert written.bytes == (tmp_path / "p2.tikicrt").stat().st_size == 40 + written.decisions
    checked = verifier.check_certificate(tmp_path / "p2.tikicrt")
    assert (checked.claim, checked.longest, checked.positions) == (written.claim, 21, 233_326)
    assert checked.decisions == written.decisions
    out = tmp_path / "class-999.tikicrt.xz"
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        assert main(["tables", "certify", str(plus_two), "--out", str(out),
                     "--cap", str(CAP)]) == 0  # fmt: skip
        assert main(["tables", "check-certificate", str(out)]) == 0
    text = said.getvalue()
    sha256 = hashlib.sha256(out.read_bytes()).hexdigest()
    assert f"{out}: written and checked: x moving first, x wins within 21 plies" in text
    assert f"{out}: passed: x moving first, x wins within 21 plies whatever o does" in text
    assert text.count(f"sha256 {sha256}") == 2 and "the longest game 21 plies" in text
    assert lzma.decompress(out.read_bytes()) == (tmp_path / "p2.tikicrt").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name, "p2.tikicrt"]


def test_the_sweeps_certify_agrees_with_the_table_or_refuses(
    plus_two: Path, tmp_path: Path
) -> None:
    """issue 33: what the sweep records (:func:`certificates.certify`): the xz file's
    SHA-256 and size, the claim, checked against the opening the table's record gives
    (the same plies for the shortest wins; a certificate claiming another value is
    refused and leaves nothing). Reuse (policy 2) proves only a bound, with fewer
    positions: why the shortest wins are the default."""
    out = tmp_path / "class-999.tikicrt.xz"
    found = certificates.certify(plus_two, out, cap=CAP, expect=("x", 21))
    assert found.sha256 == hashlib.sha256(out.read_bytes()).hexdigest()
    assert (found.file, found.bytes, found.plies) == (out.name, out.stat().st_size, 21)
    reuse = certificates.certify(plus_two, tmp_path / "reuse.tikicrt.xz", policy=2, cap=CAP,
                                 expect=("x", 21))  # fmt: skip
    assert reuse.plies > 21 and reuse.positions < found.positions and reuse.bytes < found.bytes
    with pytest.raises(TableError, match="the table says x wins in 20"):
        certificates.certify(plus_two, tmp_path / "no.tikicrt.xz", cap=CAP, expect=("x", 20))
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name, "reuse.tikicrt.xz"]


def test_a_certificate_changed_by_one_byte_is_refused(plus_two: Path, tmp_path: Path) -> None:
    """issue 33: a certificate with one stored decision changed is refused by the
    checker, naming why, and ``tiki tables check-certificate`` says REFUSED with status
    1; so is one whose claim is a ply shorter than its longest game."""
    path = tmp_path / "p2.tikicrt"
    verifier.write_certificate(plus_two, path, cap=CAP)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 1
    path.write_bytes(bytes(data))
    with pytest.raises(TableError, match="does not prove its claim: "):
        verifier.check_certificate(path)
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        assert main(["tables", "check-certificate", str(path)]) == 1
    assert "REFUSED" in said.getvalue() and "does not prove its claim" in said.getvalue()
    data[len(data) // 2] ^= 1
    data[20] -= 1  # the claim, little-endian: 21 plies made 20
    path.write_bytes(bytes(data))
    with pytest.raises(TableError, match="longest game exceeds the claim"):
        verifier.check_certificate(path)
