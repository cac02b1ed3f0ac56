"""Every spec clause is proved by a test, and nothing cites a clause no spec defines.

Works for any ``specs/*.md``. A spec *defines* a clause with a Markdown heading that
starts with its id (``### TIKI-MOVE-4: No reversal``) or a line that starts with the
bold id (``**TIKI-MOVE-4** ...``, also inside a list item). Ids have the form
``GAME-TOPIC-N`` with ``GAME`` one of :data:`GAMES`.

A clause is *proved* when a test cites it: a test module ``tests/**/test_*.py`` names
it in a docstring, comment, string or test name (``test_tiki_move_4_...`` counts), or a
scenario file ``tests/scenarios/**/*.toml`` lists it under ``clauses`` (or as an
expected ``clause``). Helper modules (strategies, reference models) and scenario notes
do not count: a clause named only in passing is not proved there.

Every id written anywhere in the packages, the tests, the scenarios, the specs, the
docs or the README must be defined by some spec, so a typo or a renamed clause fails
here.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SPECS = sorted((ROOT / "specs").glob("*.md"))
TESTS = ROOT / "tests"
SCENARIOS = TESTS / "scenarios"
THIS = Path(__file__).resolve()

GAMES = ("TIKI", "TIKAL", "SPEED")
"""The game prefixes of clause ids."""

_ID = rf"(?:{'|'.join(GAMES)})-[A-Z]+-[0-9]+"
ID_RE = re.compile(rf"(?<![A-Za-z0-9_-])({_ID})(?![0-9])")
"""An id in running text."""
NAME_RE = re.compile(rf"(?<![A-Za-z0-9])((?:{'|'.join(GAMES)})_[A-Z]+_[0-9]+)(?![0-9])", re.I)
"""An id spelt as a Python name: ``tiki_move_4``."""
DEFINE_RE = re.compile(rf"^(?:#{{1,6}}[ \t]+|[ \t]*(?:[-*][ \t]+)?\*\*)({_ID})(?![0-9])", re.M)
"""An id at the start of a heading, or a bold id at the start of a line or list item."""


def _packages() -> list[Path]:
    return sorted(p.parent for p in ROOT.glob("*/__init__.py"))


def _files(base: Path, pattern: str) -> Iterator[Path]:
    for path in sorted(base.rglob(pattern)):
        if path.resolve() != THIS and "__pycache__" not in path.parts:
            yield path


def defined() -> dict[str, list[str]]:
    """Map each spec file name to the clause ids it defines, in order."""
    return {spec.name: DEFINE_RE.findall(spec.read_text(encoding="utf-8")) for spec in SPECS}


def _toml_clauses(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "clauses" and isinstance(value, list):
                yield from (v for v in value if isinstance(v, str))
            elif key == "clause" and isinstance(value, str):
                yield value
            else:
                yield from _toml_clauses(value)
    elif isinstance(data, list):
        for item in data:
            yield from _toml_clauses(item)


def cited() -> dict[str, set[str]]:
    """Map each clause id to the test and scenario files that cite it."""
    out: dict[str, set[str]] = {}
    for path in _files(TESTS, "test_*.py"):
        text = path.read_text(encoding="utf-8")
        ids = set(ID_RE.findall(text))
        ids |= {name.upper().replace("_", "-") for name in NAME_RE.findall(text)}
        for clause in ids:
            out.setdefault(clause, set()).add(str(path.relative_to(ROOT)))
    for path in _files(SCENARIOS, "*.toml"):
        with path.open("rb") as f:
            data = tomllib.load(f)
        for clause in _toml_clauses(data):
            out.setdefault(clause, set()).add(str(path.relative_to(ROOT)))
    return out


def mentioned() -> dict[str, set[str]]:
    """Map every id written in packages, tests, scenarios, specs and docs to its files."""
    out: dict[str, set[str]] = {}
    paths = [p for pkg in _packages() for p in _files(pkg, "*.py")]
    paths += [*_files(TESTS, "*.py"), *_files(SCENARIOS, "*.toml"), *SPECS]
    paths += [*_files(ROOT / "docs", "*.md"), ROOT / "README.md"]
    for path in paths:
        for clause in ID_RE.findall(path.read_text(encoding="utf-8")):
            out.setdefault(clause, set()).add(str(path.relative_to(ROOT)))
    return out


def test_patterns_find_definitions_and_citations() -> None:
    """The id patterns themselves: what defines a clause, what cites one."""
    spec = "# T\n### TIKI-MOVE-4: x\n- **TIKI-END-12** y\nSee TIKI-TURN-1.\n**TIKAL-TILE-3**\n"
    assert DEFINE_RE.findall(spec) == ["TIKI-MOVE-4", "TIKI-END-12", "TIKAL-TILE-3"]
    assert ID_RE.findall("(TIKI-MOVE-4) XTIKI-MOVE-5 TIKI-MOVE-10") == [
        "TIKI-MOVE-4",
        "TIKI-MOVE-10",
    ]
    assert NAME_RE.findall("def test_tiki_move_4_no_reversal(): tiki_move_41") == [
        "tiki_move_4",
        "tiki_move_41",
    ]


def test_specs_exist_and_define_clauses() -> None:
    """Each spec defines clauses, and no id is defined twice (in one spec or across)."""
    assert SPECS, "no specs/*.md"
    seen: dict[str, str] = {}
    for name, ids in defined().items():
        assert ids, f"specs/{name} defines no clause"
        for clause in ids:
            assert clause not in seen, f"{clause} defined in specs/{seen[clause]} and specs/{name}"
            seen[clause] = name


@pytest.mark.parametrize("spec", [p.name for p in SPECS])
def test_every_clause_is_proved(spec: str) -> None:
    """Every clause of the spec is cited by at least one test or scenario file."""
    citations = cited()
    missing = [c for c in defined()[spec] if c not in citations]
    assert not missing, f"clauses of specs/{spec} that no test or scenario proves: {missing}"


def test_nothing_cites_an_undefined_clause() -> None:
    """Code, tests, scenarios, specs and docs name only clauses some spec defines."""
    known = {c for ids in defined().values() for c in ids}
    unknown = {c: sorted(files) for c, files in mentioned().items() if c not in known}
    unknown |= {c: sorted(files) for c, files in cited().items() if c not in known}
    assert not unknown, f"clause ids that no spec defines: {unknown}"
