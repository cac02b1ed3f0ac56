"""The independent verifier of the tables (issue 33, "A result others can check").

``tiki/tools/verifier/tikiverify.c`` is a second implementation of Tiki's rules, written
from ``specs/tiki.md`` and ``docs/tiki-table-format.md`` alone. Here it checks the first
two layers of seed 1's layout, built by ``tiki tables build`` (the 0-0 tie-break with one
fruit in the reserve, TIKI-END-3, and the next; about 30 CPU-seconds in all): they pass;
a copy with one cell changed fails, naming the cell; a damaged or missing layer is an
error naming it, never a verdict. A whole layout (44 layers, about 11 CPU-minutes to
check) is checked by every sweep before its table is deleted: the figures are in
``docs/tiki-solve.md``.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import subprocess
from array import array
from pathlib import Path

import pytest

from tiki.tools import verifier
from tiki.tools.cli import main
from tiki.tools.tables import TableError, sweep
from tiki.tools.tables.store import LayoutDir

SEED1 = (0, 1, -1, 1, 2, 1, 1, 0, 1)
"""The layout of ``new_game(seed=1)``."""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Layers 0 and 1 of seed 1's layout, built by the command line: the layout's folder."""
    top = tmp_path_factory.mktemp("tables")
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["tables", "build", "--seed", "1", "--dir", str(top), "--layers", "2"]) == 0
    return LayoutDir(top, SEED1).path


@pytest.fixture(scope="module")
def passed(built: Path) -> verifier.Verdict:
    """The verifier's verdict on the two layers."""
    return verifier.verify(built)


def _copy(built: Path, where: Path) -> Path:
    """A copy of the layout's folder (meta, markers, both layers)."""
    out = where / built.name
    shutil.copytree(built, out)
    return out


def test_tiki_infl_and_end_clauses_the_verifier_agrees_with_the_builder(
    built: Path, passed: verifier.Verdict
) -> None:
    """TIKI-INFL-1..8, TIKI-END-1..5: every cell of the two layers is the value its
    children give under the verifier's own reading of the rules, with the positions the
    build logged; the opening is not among them (its layer is built last)."""
    assert passed.passed and passed.errors == 0 and passed.first_errors == ()
    assert passed.layers == (0, 1)
    logged = LayoutDir(built.parent, SEED1).records()
    assert passed.positions == sum(r["wins"] + r["losses"] + r["draws"] for r in logged)
    assert passed.positions == 2 * 54_651_602
    assert passed.opening == {"x": None, "o": None}
    assert passed.version == verifier.version() == "1.2"
    assert passed.source == verifier.source_sha256()


def test_the_files_checked_are_named_as_sha256sum_names_them(
    built: Path, passed: verifier.Verdict
) -> None:
    """issue 33: the record's table hash is what ``sha256sum meta.json layer_*.u16 |
    sha256sum`` prints in the layout's folder, so a reader can check it by hand."""
    if shutil.which("sha256sum") is None:  # coreutils: there on every Debian
        pytest.fail("sha256sum is not installed")
    shown = subprocess.run(
        "sha256sum meta.json layer_*.u16 | sha256sum", shell=True, cwd=built,
        capture_output=True, text=True, check=True,
    ).stdout.split()[0]  # fmt: skip
    assert passed.table == shown == verifier.table_sha256(built)


def test_a_changed_cell_fails_naming_it(built: Path, tmp_path: Path) -> None:
    """issue 33: a table with one cell changed (a win's distance made one ply longer)
    does not pass: the verifier names the layer, the index and what the children imply,
    and exits with status 1 (``tiki tables verify`` too)."""
    copy = _copy(built, tmp_path)
    layer = copy / "layer_01.u16"
    cells = array("H")
    cells.frombytes(layer.read_bytes())
    index = next(i for i in range(1000, len(cells)) if cells[i] and not cells[i] & 1)
    cells[index] += 2  # a win in d becomes a win in d + 1
    layer.write_bytes(cells.tobytes())
    found = verifier.verify(copy, layers=[1])
    assert not found.passed and found.errors >= 1
    assert any(e.startswith(f"layer 1, index {index} ") for e in found.first_errors)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["tables", "verify", str(copy), "--layers", "1"]) == 1
    assert "FAILED" in out.getvalue() and f"index {index} " in out.getvalue()


def test_a_cut_or_missing_layer_is_an_error_not_a_verdict(built: Path, tmp_path: Path) -> None:
    """issue 33: a layer file cut short, or a layer asked for (or that a move leads to)
    that is not there, is a ``TableError`` naming it: the verifier gives no verdict."""
    copy = _copy(built, tmp_path)
    data = (copy / "layer_01.u16").read_bytes()
    (copy / "layer_01.u16").write_bytes(data[:-2])
    with pytest.raises(TableError, match="layer_01"):
        verifier.verify(copy)
    (copy / "layer_01.u16").unlink()  # its marker kept: layer 1 is its own mirror
    with pytest.raises(TableError, match=r"layer 1 \(tally 6217\) is needed"):
        verifier.verify(copy, layers=[1])


def test_a_certificate_needs_the_whole_table(built: Path, tmp_path: Path) -> None:
    """issue 33: a certificate is the winner's strategy walked from the opening, whose
    layer is built last: from the first two layers ``verifier.write_certificate`` is an
    error naming the layer it needs, and leaves no file (a certificate written and
    checked on a whole table: ``tests/tiki/test_tables_certificates.py``)."""
    with pytest.raises(TableError, match=r"layer 67 \(tally 448\) is needed"):
        verifier.write_certificate(built, tmp_path / "c.tikicrt")
    assert list(tmp_path.iterdir()) == []


def test_tiki_tables_verify_prints_the_verdict(built: Path) -> None:
    """issue 33: ``tiki tables verify DIR`` checks each layout and says the verdict, the
    opening as the verifier reads it, and the SHA-256 of the files and of its source."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["tables", "verify", str(built.parent), "--layers", "0"]) == 0
    text = out.getvalue()
    assert f"{built.name}: passed; 1 layer, 54,651,602 positions" in text
    assert "layer 0: 54,651,602 positions, 0 wrong" in text
    assert re.search(r"files checked: sha256 [0-9a-f]{64}", text)
    assert "the opening, x first: not read" in text


def test_the_sweep_refuses_a_table_whose_opening_the_verifier_did_not_read(
    built: Path,
) -> None:
    """issue 33: a sweep records a class only when the verifier read its opening as the
    library did; here the opening's layer is not built, so nothing is recorded."""
    found = sweep.Opening(57, sweep.CLASSES[57].representative, 8, SEED1, "win", 61, "+b1",
                          None, 0, 0, 0, 0, 68, 0.0, "test", "2026-12-05")  # fmt: skip
    with pytest.raises(TableError, match="reads the opening, x first, as None"):
        sweep.verified(57, str(built.parent), SEED1, found)


def test_the_verifier_is_independent_of_the_library() -> None:
    """issue 33: the verifier's source includes only the C library and POSIX headers
    (no header of the builder's), and says where its rules come from."""
    source = verifier.SOURCE.read_text(encoding="utf-8")
    assert re.findall(r'#include\s+"', source) == []
    assert "specs/tiki.md" in source and "docs/tiki-table-format.md" in source
    assert json.loads(json.dumps(verifier.version())) == "1.2"


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"NOTACERT" + bytes(32), "not a Tiki certificate"),
        (b"TIKICRT1", "out of range"),
        (b"TIKICRT1" + bytes([1, 0]) + bytes(30), "claim 0 out of"),
    ],
)
def test_a_certificate_that_is_not_one_is_refused(tmp_path: Path, data: bytes, said: str) -> None:
    """issue 33: the certificate checker (``tikiverify --check-certificate FILE``, which
    reads no table) refuses a file that is not a whole certificate with status 2 and a
    message naming the file, never a verdict (the certificates themselves are written
    from whole tables: their figures are in docs/tiki-solve.md)."""
    path = tmp_path / "cert.bin"
    path.write_bytes(data)
    done = subprocess.run(
        [str(verifier.executable()), "--check-certificate", str(path)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert str(path) in done.stderr and said in done.stderr
