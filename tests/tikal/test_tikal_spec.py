"""``specs/tikal.md``: every clause is well formed and cited by a test; no citation is stale."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
SPEC = ROOT / "specs" / "tikal.md"
CLAUSE_ID = re.compile(r"\bTIKAL-[A-Z]+-\d+\b")
HEADING = re.compile(r"^### (TIKAL-[A-Z]+-\d+): \S", re.MULTILINE)


def clause_ids() -> list[str]:
    return HEADING.findall(SPEC.read_text(encoding="utf-8"))


def cited_in(paths: list[Path]) -> set[str]:
    return {m for p in paths for m in CLAUSE_ID.findall(p.read_text(encoding="utf-8"))}


def test_clauses_are_unique_and_numbered_in_order() -> None:
    """Each clause heading is ``### TIKAL-AREA-n: title``; ids are unique and each area is
    numbered 1, 2, 3 … without gaps."""
    ids = clause_ids()
    assert ids and len(ids) == len(set(ids))
    areas: dict[str, list[int]] = {}
    for cid in ids:
        _, area, n = cid.split("-")
        areas.setdefault(area, []).append(int(n))
    for numbers in areas.values():
        assert numbers == list(range(1, len(numbers) + 1))


def test_every_clause_has_a_source() -> None:
    """Each clause says where it comes from."""
    text = SPEC.read_text(encoding="utf-8")
    parts = HEADING.split(text)[1:]
    for cid, body in zip(parts[::2], parts[1::2], strict=True):
        assert "**Source:**" in body, cid


def test_every_clause_is_cited_by_a_test() -> None:
    """Every clause id of ``specs/tikal.md`` appears in the tests."""
    tests = [p for p in (ROOT / "tests").rglob("*.py") if p != Path(__file__)]
    missing = set(clause_ids()) - cited_in(tests)
    assert not missing, f"clauses without a test: {sorted(missing)}"


def test_no_stale_citations() -> None:
    """Every clause id named in the tikal tests, the package or its docs exists in the spec."""
    paths = [*(ROOT / "tests" / "tikal").glob("*.py"), *(ROOT / "tikalspeed").rglob("*.py")]
    paths += [ROOT / "docs" / "tikal-data.md", ROOT / "tikalspeed" / "data" / "manifest.json"]
    stale = cited_in(paths) - set(clause_ids())
    assert not stale, f"citations of clauses that do not exist: {sorted(stale)}"
