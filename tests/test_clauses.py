"""The clause texts that ship with the packages: ``tikalspeed.clause``, ``tiki.clause``.

The shipped ``data/clauses.json`` must be exactly what ``specs/clauses.py`` makes of
the specs (so the two never drift: run ``python3 specs/clauses.py`` after editing a
spec), hold every clause the specs define, and hold every clause the code cites.
"""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
from test_clause_coverage import ID_RE, defined

import tikalspeed
import tiki

ROOT = Path(__file__).resolve().parents[1]
PACKAGES: dict[str, ModuleType] = {"tikal.md": tikalspeed, "tiki.md": tiki}
"""Each spec and the package that ships its clauses."""


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("specs_clauses", ROOT / "specs" / "clauses.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("spec", sorted(PACKAGES))
def test_the_shipped_json_is_what_the_spec_gives(spec: str) -> None:
    """``data/clauses.json`` is byte for byte what ``specs/clauses.py`` writes from the
    spec today: a spec edited without regenerating fails here."""
    package = PACKAGES[spec].__name__
    shipped = (ROOT / package / "data" / "clauses.json").read_text(encoding="utf-8")
    assert shipped == _script().document(spec), (
        f"{package}/data/clauses.json is stale: run python3 specs/clauses.py"
    )


@pytest.mark.parametrize("spec", sorted(PACKAGES))
def test_every_clause_of_the_spec_ships_in_order(spec: str) -> None:
    """Every clause the spec defines (as ``tests/test_clause_coverage.py`` finds them)
    is in ``clauses()``, in spec order, and ``clause(id)`` returns it with a title, a
    text and no note left in the text."""
    package = PACKAGES[spec]
    ids = defined()[spec]
    assert [c.id for c in package.clauses()] == ids
    for clause_id in ids:
        c = package.clause(clause_id)
        assert c.id == clause_id and c.title and c.text
        assert not re.search(r"^(- \*\*|\*)Source", c.text, re.M), clause_id
        assert all(label and text for label, text in c.notes), clause_id


@pytest.mark.parametrize("spec", sorted(PACKAGES))
def test_every_clause_the_code_cites_ships(spec: str) -> None:
    """Every clause id written in a package's code and data (an event's clause, a
    refusal's, a comment's) is one its ``clause()`` knows, so any event or error the
    package makes can be explained from the package alone."""
    package = PACKAGES[spec]
    folder = ROOT / package.__name__
    shared = {folder / "text" / "clauses.py", folder / "tools" / "why.py"}  # both games
    files = [p for p in folder.rglob("*.py") if p not in shared]
    files += folder.glob("data/manifest.json")
    cited = {c for p in files for c in ID_RE.findall(p.read_text(encoding="utf-8"))}
    assert len(cited) > 20
    known = {c.id for c in package.clauses()}
    assert sorted(cited - known) == []


def test_speed_jump_2_reads_as_the_spec_writes_it() -> None:
    """SPEED-JUMP-2 as shipped: its title, its text (the seed's words, without the
    Source bullet) and its source; an option clause (SPEED-JUMP-8) keeps its option
    as a note."""
    c = tikalspeed.clause("SPEED-JUMP-2")
    assert c.title == "The reveal and the order of play"
    assert c.text.startswith('"The numbers chosen are revealed simultaneously')
    assert c.text.endswith("The tokens\nchosen leave the player's hand at the reveal.")
    assert c.source == "seed, *Revised Rules*, fourth paragraph (sentences 4–6)."
    assert "Source" not in c.text
    assert str(c).startswith("SPEED-JUMP-2: The reveal and the order of play\n\n")
    labels = [label for label, _ in tikalspeed.clause("SPEED-JUMP-8").notes]
    assert labels == ["Option"]
    assert tikalspeed.clause("SPEED-JUMP-8").notes[0][1].startswith("`Rules.forfeit`")


def test_a_tiki_clause_keeps_its_notes() -> None:
    """TIKI-MOVE-1: the text, the *Source* line, and the open question A1 with its
    reading, each a note of its own."""
    c = tiki.clause("TIKI-MOVE-1")
    assert c.title == "Which totems you may move"
    assert c.text.startswith("The active player may move a totem whose top tiki is theirs.")
    assert c.source.startswith('S2 ("one of their tokens on top")')
    assert [label for label, _ in c.notes] == ["Open question A1"]
    assert "`Rules.movable`" in c.notes[0][1]


@pytest.mark.parametrize(
    ("package", "bad", "says"),
    [
        (tikalspeed, "TIKI-CREATE-3", "no clause 'TIKI-CREATE-3' in specs/tikal.md"),
        (tiki, "SPEED-JUMP-2", "its ids start TIKI-"),
        (tikalspeed, "speed-jump-2", "did you mean 'SPEED-JUMP-2'?"),
        (tiki, "TIKI-" + "MOVE-99", "no clause 'TIKI-" + "MOVE-99'"),
        (tikalspeed, "", "no clause ''"),
        (tikalspeed, "X" * 10_000, "at most 40 characters, not 10000"),
        (tiki, 7, "a clause id is a str, not int"),
    ],
)
def test_an_unknown_id_is_a_notation_error_naming_it(
    package: ModuleType, bad: object, says: str
) -> None:
    """A clause id that is not in the package's spec (TIKAL-TURN-4: refused with a
    reason) raises ``NotationError`` naming it; a long one is refused by its length
    without being repeated."""
    with pytest.raises(package.NotationError) as e:
        package.clause(bad)
    assert says in str(e.value)
    assert len(str(e.value)) < 120


def test_explain_adds_the_clause_to_an_event_or_a_refusal() -> None:
    """``explain``: an event (TIKAL-AUCTION-3) or a refusal (TIKI-CREATE-3) with its
    clause's heading and text; a ``NotationError`` has no clause and stays itself."""
    s = tikalspeed.new_game(seed=1)
    event = tikalspeed.step(s, tikalspeed.parse_action(s, "bid:1")).events[0]
    told = tikalspeed.explain(event)
    assert told.startswith("P1 bids 1 (TIKAL-AUCTION-3)\n\nTIKAL-AUCTION-3: Bidding\n\n")
    assert tikalspeed.clause("TIKAL-AUCTION-3").text in told
    t = tiki.new_game(seed=7)
    t = tiki.apply(t, tiki.parse_action(t, "+b2"))
    with pytest.raises(tiki.IllegalActionError) as refused:
        tiki.step(t, tiki.parse_action(t, "+b2"))
    heading = tiki.clause("TIKI-CREATE-3")
    assert tiki.explain(refused.value) == f"b2 is not empty (TIKI-CREATE-3)\n\n{heading}"
    assert tiki.explain(tiki.NotationError("bad token")) == "bad token"


def test_both_packages_read_their_clauses_through_the_shared_book() -> None:
    """The clause registry knows neither game: each package opens one
    :class:`gamekit.clauses.ClauseBook` on its own data and its own ``NotationError``,
    and a ``Clause`` is the same class in both (docs/architecture.md)."""
    from gamekit.clauses import Clause, ClauseBook
    from tikalspeed.text import clauses as tikal_clauses
    from tiki.text import clauses as tiki_clauses

    for package, module in (("tiki", tiki_clauses), ("tikalspeed", tikal_clauses)):
        assert isinstance(module.BOOK, ClauseBook) and module.BOOK.package == package
        assert module.clause == module.BOOK.clause
    assert tiki_clauses.BOOK.error is tiki.NotationError
    assert tikal_clauses.BOOK.error is tikalspeed.NotationError
    assert type(tiki.clause("TIKI-MOVE-1")) is type(tikalspeed.clause("TIKAL-MOVE-1")) is Clause


def test_the_json_ships_and_is_read_only_when_asked() -> None:
    """The data is package data of both packages in ``pyproject.toml``, and ``import``
    does not read it: the first ``clause()`` does, once."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]
    for package in ("tikalspeed", "tiki"):
        assert "data/*.json" in data[package]
        shipped = json.loads((ROOT / package / "data" / "clauses.json").read_text("utf-8"))
        assert shipped["spec"] == f"specs/{'tikal' if package == 'tikalspeed' else 'tiki'}.md"
    code = (
        "import tikalspeed, tiki\n"
        "from tikalspeed.text import clauses as a\n"
        "from tiki.text import clauses as b\n"
        "print(int('_spec' in vars(a.BOOK)), int('_spec' in vars(b.BOOK)))\n"
        "tikalspeed.clause('SPEED-JUMP-2'); tikalspeed.clauses(); tiki.clause('TIKI-MOVE-1')\n"
        "print(int('_spec' in vars(a.BOOK)), int('_spec' in vars(b.BOOK)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.split() == ["0", "0", "1", "1"], out.stderr


def test_the_script_s_own_examples() -> None:
    """``specs/clauses.py``'s doctests: a clause's text, source and notes read from
    both note styles."""
    result = doctest.testmod(_script())
    assert result.attempted >= 3 and result.failed == 0
