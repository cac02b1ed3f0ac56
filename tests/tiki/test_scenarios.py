"""Executable rule scenarios: every ``tests/scenarios/tiki/*.toml`` file is one test.

The runner is the package's, :mod:`tiki.tools.scenarios` (``tiki check``), so a
designer runs the same checks without Python; ``docs/tiki-scenarios.md`` describes the
format. The rest of this file tests the format itself: a malformed file is refused
with an error naming the file and the key, and a wrong expectation fails with the
mismatch it should show.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tiki
from tiki import NotationError
from tiki.tools import cli
from tiki.tools.scenarios import (
    Mismatch,
    Scenario,
    check,
    clause_lines,
    load_scenario,
    run_scenario,
)

SCENARIO_DIR = Path(__file__).resolve().parents[1] / "scenarios" / "tiki"
SCENARIOS = sorted(SCENARIO_DIR.glob("*.toml"))

_BASE = """
title = "o creates next to x's totem"
clauses = ["TIKI-CREATE-1", "TIKI-CREATE-3"]
layout = [1, 0, 1, -1, 2, 1, 1, 0, 1]
first = "x"
actions = ["+b2", "+b1"]
"""
"""x creates on b2, o on b1: turn 2, x to act with 7 creates and 4 moves of b2."""

_START = "+1,0,+1/-1,+2,+1/+1,0,+1 turn x x - 0,0 7,0 - - 0 -"
"""The position before +b2 +b1."""

_NO_SUCH_CLAUSE = "-".join(("TIKI", "MOVE", "99"))
"""A clause id of the right form that specs/tiki.md does not define."""

_LEGAL = ["+a1", "+c1", "+a2", "+c2", "+a3", "+b3", "+c3", "b2-b1", "b2-a2", "b2-c2", "b2-b3"]


def _load(text: str, name: str = "t.toml") -> Scenario:
    return load_scenario(text, name=name)


def _refusal(text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        _load(text)
    return caught.value


def test_scenario_directory_is_not_empty() -> None:
    """The scenarios exist; an empty glob would silently prove nothing."""
    assert len(SCENARIOS) >= 40, SCENARIO_DIR


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    """One scenario file: its actions are legal and every expectation holds."""
    outcome = run_scenario(load_scenario(path))
    assert outcome.passed, "\n".join(
        [*outcome.lines(), f"  final position: {tiki.to_text(outcome.state)}"]
        + [f"  last event: {e}" for e in outcome.events]
    )


def test_tiki_check_runs_the_scenario_directory(capsys: pytest.CaptureFixture[str]) -> None:
    """``tiki check DIR`` runs every file of the directory, sorted, and exits 0 when all
    pass: the same runner as the cases above (TIKI-CREATE-3 is among them)."""
    assert cli.main(["check", str(SCENARIO_DIR)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:-1] == [f"PASS {p.name}: {_load_title(p)}" for p in SCENARIOS]
    assert lines[-1] == f"{len(SCENARIOS)} scenarios: {len(SCENARIOS)} passed, 0 failed"


def _load_title(path: Path) -> str:
    return load_scenario(path).title


def test_the_worked_example_of_the_docs_is_a_real_scenario() -> None:
    """docs/tiki-scenarios.md shows ``create_from_supply.toml`` as it is, and it passes:
    the first ``toml`` block of the page is the file (TIKI-CREATE-1, TIKI-TURN-1)."""
    page = (SCENARIO_DIR.parents[2] / "docs" / "tiki-scenarios.md").read_text(encoding="utf-8")
    block = page.split("```toml\n", 1)[1].split("```", 1)[0]
    path = SCENARIO_DIR / "create_from_supply.toml"
    assert block == path.read_text(encoding="utf-8")
    assert run_scenario(load_scenario(path)).passed


# --------------------------------------------------------------------------- failures


_EVENT = "[TotemCreated: o creates a totem on b1 (TIKI-CREATE-1)]"
_NOT_OVER = "no result: the game is not over"


@pytest.mark.parametrize(
    ("expect", "mismatches"),
    [
        ('stacks = { b2 = "x" }', ['stacks.b1: expected "", got "o"']),
        ("supply = [7, 8]", ["supply.o: expected 8, got 7"]),
        ("fruits = [1, 0]", ["fruits.x: expected 1, got 0"]),
        ("reserve = 6", ["reserve: expected 6, got 7"]),
        ("spoiled = 1", ["spoiled: expected 1, got 0"]),
        ("tiebreak = true", ["tiebreak: expected true, got false"]),
        ("turn = 3", ["turn: expected 3, got 2"]),
        ('shaman = "a1b1"', ['shaman: expected "a1b1", got "none"']),
        ('phase = "order"', ['phase: expected "order", got "turn"']),
        ('actor = "o"', ['actor: expected "o", got "x"']),
        ('active = "o"', ['active: expected "o", got "x"']),
        ('pending = ["b2"]', ['pending: expected ["b2"], got []']),
        (
            "tiles = [1, 1, 1, 1, 1, 0, 0, 2, -1]",
            ["tiles: expected [1, 1, 1, 1, 1, 0, 0, 2, -1], got [1, 0, 1, -1, 2, 1, 1, 0, 1]"],
        ),
        (
            f'position = "{_START}"',
            [
                f'position: expected "{_START}", '
                'got "+1,0,+1/-1,+2x,+1/+1,0o,+1 turn x x - 0,0 7,0 - - 2 -"'
            ],
        ),
        ("legal_count = 10", ["legal_count: expected 10, got 11"]),
        ('legal_has = ["+b1", "+a1"]', ['legal_has: expected "+b1" legal, got not legal']),
        ('legal_lacks = ["+a1", "+b1"]', ['legal_lacks: expected "+a1" not legal, got legal']),
        (
            f"legal = {['+b1', *_LEGAL[1:]]!r}".replace("'", '"'),
            [
                'legal: expected "+b1" legal, got not legal',
                'legal: expected "+a1" not legal, got legal',
            ],
        ),
        (
            'illegal = "+b2"\nclause = "TIKI-CREATE-2"',
            [
                'illegal "+b2": expected refused by TIKI-CREATE-2, got refused by TIKI-CREATE-3: '
                "b2 is not empty (TIKI-CREATE-3)"
            ],
        ),
        (
            'illegal = [{ action = "+a1", clause = "TIKI-CREATE-3" }]',
            ['illegal "+a1": expected refused by TIKI-CREATE-3, got legal'],
        ),
        (
            'unreadable = ["+a1"]',
            ['unreadable: expected "+a1" unreadable, got read as Create(player=X, village=A1)'],
        ),
        (
            'events = ["TotemCreated", "b1"]',
            [f'events: expected "b1" (in this order), got {_EVENT}'],
        ),
        ('no_events = ["TotemCreated"]', [f'no_events: expected no "TotemCreated", got {_EVENT}']),
        (
            'outcome = { winner = "x", scores = [4, 0] }',
            [
                f'outcome.winner: expected "x", got {_NOT_OVER}',
                f"outcome.scores: expected [4, 0], got {_NOT_OVER}",
            ],
        ),
        ('result = "1-0"', [f'result: expected "1-0", got {_NOT_OVER}']),
    ],
)
def test_a_wrong_expectation_fails_with_its_mismatch(expect: str, mismatches: list[str]) -> None:
    """Each kind of expectation, written wrong by hand for the position after +b2 +b1
    (TIKI-CREATE-1, TIKI-CREATE-3), fails with exactly the mismatches it should: the
    key, the value the file gives and the engine's, written as the file writes them."""
    outcome = run_scenario(_load(f"{_BASE}\n[expect]\n{expect}\n"))
    assert not outcome.passed
    assert [str(m) for m in outcome.mismatches] == mismatches


def test_the_right_expectations_pass() -> None:
    """The same position, expected right: nothing fails (TIKI-CREATE-1)."""
    legal = str(_LEGAL).replace("'", '"')
    outcome = run_scenario(
        _load(
            f'{_BASE}\n[expect]\nstacks = {{ b2 = "x", b1 = "o" }}\nsupply = [7, 7]\n'
            f'legal = {legal}\nlegal_count = 11\nevents = ["o creates a totem on b1"]\n'
            'actor = "x"\nillegal = "+b2"\nclause = "TIKI-CREATE-3"\n'
        )
    )
    assert outcome.passed and outcome.mismatches == ()


def test_a_refused_action_is_the_only_mismatch() -> None:
    """An action the engine refuses stops the scenario: its mismatch names the action,
    its place and the engine's refusal with the clause (TIKI-CREATE-3); the
    expectations after it are not checked."""
    text = _BASE.replace('"+b1"]', '"+b2", "+b1"]') + "\n[expect]\nturn = 99\n"
    outcome = run_scenario(_load(text))
    assert outcome.mismatches == (
        Mismatch('actions #2 "+b2"', "legal", "refused: b2 is not empty (TIKI-CREATE-3)"),
    )
    assert outcome.state.turn == 1
    assert str(outcome.mismatches[0]) == (
        'actions #2 "+b2": expected legal, got refused: b2 is not empty (TIKI-CREATE-3)'
    )


# --------------------------------------------------------------------------- malformed


def _names(error: NotationError, where: str) -> None:
    """The error names the file, then ``where`` (the key and its line), then says why;
    its position is that line."""
    assert str(error).startswith(f"t.toml: {where}: "), error
    line = where.rpartition(", line ")[2]
    assert error.position == (int(line) if line.isdigit() else None), error


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ("colour = 1", "colour, line 1"),
        ("[given]\nfruit = [1, 0]", "[given] fruit, line 9"),
        ("[rules]\nshamans = true", "[rules] shamans, line 9"),
        ("[expect]\nfrutis = [0, 0]", "[expect] frutis, line 9"),
        ('[expect]\noutcome = { winer = "x" }', "[expect] outcome.winer, line 9"),
        (
            '[expect]\nillegal = [{ action = "+a1", clauses = "TIKI-CREATE-3" }]',
            "[expect] illegal #1.clauses, line 9",
        ),
    ],
)
def test_unknown_keys_are_refused(change: str, where: str) -> None:
    """A misspelt key cannot silently skip a check: it is a NotationError naming the
    file, the key and its line, and the keys its table takes (in a TIKI-CREATE-1
    scenario)."""
    text = f"{_BASE}\n{change}\n" if change.startswith("[") else f"{change}\n{_BASE}"
    if "[expect]" not in change:
        text += "\n[expect]\nturn = 2\n"
    error = _refusal(text)
    _names(error, where)
    assert ": unknown key; " in str(error) and " takes " in str(error)


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("seed = 9007199254740992", "seed, line 4", "from -9007199254740991 to 9007199254740991"),
        ("seed = true", "seed, line 4", "not True"),
        ("[rules]\nmax_turns = 9007199254740992", "[rules] max_turns, line 9", "2**53 - 1"),
        ("[given]\nturn = 9007199254740992", "[given] turn, line 9", "from 0 to 9007199254740991"),
        (
            "[expect]\nlegal_count = 9007199254740992",
            "[expect] legal_count, line 9",
            "to 9007199254740991, not",
        ),
        ("[expect]\nturn = 1.5", "[expect] turn, line 9", "not 1.5"),
        ('[expect]\nlegal = ["+d4"]', "[expect] legal #1, line 9", "unknown village 'd4'"),
        ('[expect]\nstacks = { b2 = "xq" }', "[expect] stacks.b2, line 9", "'x' and 'o' only"),
        ('[expect]\nphase = "lunch"', "[expect] phase, line 9", "not 'lunch'"),
        ('[expect]\nposition = "+1,0"', "[expect] position, line 9", "not a position"),
        ('[expect]\nillegal = "+a1"', "[expect] illegal, line 9", "needs 'clause'"),
        ('[expect]\nclause = "TIKI-CREATE-3"', "[expect] clause, line 9", "goes with a single"),
        ('[given]\nstacks = { b2 = "xxx" }', "[given], line 8", "above 2"),
        ("[given]\nfruits = [2, 0]\nturn = 2", "[given], line 8", "a game reaches"),
        ('[given]\nshaman = "a1c3"', "[given] shaman, line 9", "an edge such as 'a1b1'"),
    ],
)
def test_bad_values_are_refused_naming_the_key(text: str, where: str, words: str) -> None:
    """A value of the wrong kind, a bad token, or a number beyond NUMBER_LIMIT (2**53 - 1)
    is a NotationError naming the file, the key and its line, with what the value must
    be (in a TIKI-CREATE-1 scenario; TIKI-TURN-1 bounds the turns of a [given] position)."""
    if text.startswith("["):
        body = f"{_BASE}\n{text}\n" + ("" if "[expect]" in text else "\n[expect]\nturn = 2\n")
    else:
        body = _BASE.replace('layout = [1, 0, 1, -1, 2, 1, 1, 0, 1]\nfirst = "x"\n', text + "\n")
        body += "\n[expect]\nturn = 2\n"
    error = _refusal(body)
    _names(error, where)
    assert words in str(error), error


def test_bad_toml_names_the_line() -> None:
    """A file that is not TOML is refused with the line and column TOML gives."""
    error = _refusal('title = "x"\nclauses = = ["TIKI-CREATE-1"]\n')
    assert str(error) == "t.toml: not TOML: Invalid value (at line 2, column 11)"
    assert error.position == 2


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('clauses = ["TIKI-CREATE-1"]\n[expect]\nturn = 0', "title"),
        ('title = "x"\n[expect]\nturn = 0', "clauses"),
        ('title = "x"\nclauses = []\n[expect]\nturn = 0', "clauses, line 2"),
        ('title = "x"\nclauses = ["TIKAL-MOVE-1"]\n[expect]\nturn = 0', "clauses #1, line 2"),
        (f'title = "x"\nclauses = ["{_NO_SUCH_CLAUSE}"]\n[expect]\nturn = 0', "clauses #1, line 2"),
        ('title = "x"\nclauses = ["TIKI-MOVE-1"]', "[expect]"),
        (
            'title = "x"\nclauses = ["TIKI-MOVE-1"]\nactions = ["+b9"]\n[expect]\nturn = 0',
            "actions #1, line 3",
        ),
        (
            'title = "x"\nclauses = ["TIKI-MOVE-1"]\nposition = "x"\nseed = 1\n[expect]\nturn = 0',
            "seed, line 4",
        ),
    ],
)
def test_what_a_scenario_must_say(text: str, where: str) -> None:
    """A title, the clauses it proves (ids of specs/tiki.md, such as TIKI-MOVE-1), an
    [expect] table, readable actions, one way to start: else a NotationError."""
    _names(_refusal(text), where)


# --------------------------------------------------------------------------- tiki check


def _write(directory: Path) -> None:
    (directory / "b_fails.toml").write_text(
        f'{_BASE}\n[expect]\nfruits = [1, 0]\nresult = "1-0"\n', encoding="utf-8"
    )
    (directory / "a_passes.toml").write_text(f"{_BASE}\n[expect]\nturn = 2\n", encoding="utf-8")
    (directory / "notes.txt").write_text("not a scenario", encoding="utf-8")


def test_check_reports_each_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``tiki check DIR``: every ``*.toml`` of the directory in name order, PASS or FAIL
    with the title; a failure lists its mismatches, then each of its clauses with title
    and text (TIKI-CREATE-1, TIKI-CREATE-3); a count; exit status 1."""
    _write(tmp_path)
    assert cli.main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    title = "o creates next to x's totem"
    assert out.splitlines() == [
        f"PASS a_passes.toml: {title}",
        f"FAIL b_fails.toml: {title}",
        "  fruits.x: expected 1, got 0",
        '  result: expected "1-0", got no result: the game is not over',
        *clause_lines("TIKI-CREATE-1"),
        *clause_lines("TIKI-CREATE-3"),
        "2 scenarios: 1 passed, 1 failed",
    ]
    assert clause_lines("TIKI-CREATE-3")[0].startswith(
        "  TIKI-CREATE-3 (An empty village): The chosen village must hold no tiki"
    )
    assert all(len(line) <= 88 for line in out.splitlines()[4:-1])


def test_check_names_a_file_as_given(tmp_path: Path) -> None:
    """A file argument is named as given; the report counts one scenario (TIKI-CREATE-1)."""
    _write(tmp_path)
    report = check([tmp_path / "a_passes.toml"])
    assert report.ok and str(report).splitlines() == [
        f"PASS {tmp_path / 'a_passes.toml'}: o creates next to x's totem",
        "1 scenario: 1 passed, 0 failed",
    ]


@pytest.mark.parametrize(
    ("files", "argument", "message"),
    [
        (
            {"x.toml": "title = 3"},
            "DIR",
            "tiki: error: bad scenario x.toml: title, line 1: a string, not 3",
        ),
        ({}, "DIR", "empty': no *.toml scenario in it"),
        ({}, "DIR/missing.toml", "tiki: error: cannot read '"),
    ],
)
def test_check_usage_errors(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    files: dict[str, str],
    argument: str,
    message: str,
) -> None:
    """A malformed file, an empty directory or a missing path: one line on stderr, exit
    status 2, and no report (the files are all read before any is run; TIKI-CREATE-1
    scenarios beside the bad one are not reported)."""
    if files:
        _write(tmp_path)
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    where = tmp_path if files else empty
    assert cli.main(["check", argument.replace("DIR", str(where))]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and captured.err.count("\n") == 1
