"""Executable Tikal scenarios: every ``tests/scenarios/tikal/*.toml`` file is one test.

A scenario is data a game designer writes without Python: a position, action tokens,
and what must then be true (``docs/tikal-scenarios.md`` has the format). The runner is
the package's, :mod:`tikalspeed.tools.scenarios`, the same that ``tikalspeed check``
runs; this module runs it over every file, checks that the scenarios cover the clauses
they are meant to prove, and tests the format itself: what it refuses, and how a
failing scenario is reported.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tikalspeed import NotationError, Rules
from tikalspeed.tools.cli import main
from tikalspeed.tools.scenarios import Mismatch, check, load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_DIR = ROOT / "tests" / "scenarios" / "tikal"
SCENARIOS = sorted(SCENARIO_DIR.glob("*.toml"))
SPEED_CLAUSES = re.findall(
    r"^### (SPEED-[A-Z]+-[0-9]+)", (ROOT / "specs" / "tikal.md").read_text("utf-8"), re.M
)


def _data(path: Path) -> dict[str, object]:
    with path.open("rb") as f:
        return tomllib.load(f)


def test_tikal_scenario_directory_is_not_empty() -> None:
    """The scenarios exist (base game and Speed, SPEED-ROUND-1 among them); an empty
    glob would silently prove nothing."""
    assert len(SCENARIOS) >= 60, SCENARIO_DIR
    assert len(SPEED_CLAUSES) == 19, SPEED_CLAUSES


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_tikal_scenario(path: Path) -> None:
    """One scenario file: its actions are legal and every expectation holds."""
    outcome = run_scenario(load_scenario(path))
    assert outcome.passed, "\n".join(map(str, outcome.mismatches))


SCENARIO_CLAUSES = (
    "TIKAL-ENTER-1",
    "TIKAL-CAMPMOVE-1",
    "TIKAL-UNCOVER-1",
    "TIKAL-UNCOVER-2",
    "TIKAL-UNCOVER-3",
    "TIKAL-UNCOVER-4",
    "TIKAL-UNCOVER-5",
    "TIKAL-TREASURE-1",
    "TIKAL-TREASURE-2",
    "TIKAL-TREASURE-4",
    "TIKAL-EXCHANGE-1",
    "TIKAL-EXCHANGE-2",
    "TIKAL-CAMP-1",
    "TIKAL-CAMP-2",
    "TIKAL-CAMP-3",
)
"""The base-game clauses whose proof lives in scenario files rather than in Python tests."""


def _cited() -> dict[str, list[Path]]:
    out: dict[str, list[Path]] = {}
    for path in SCENARIOS:
        clauses = _data(path)["clauses"]
        assert isinstance(clauses, list)
        for clause in clauses:
            out.setdefault(clause, []).append(path)
    return out


def test_tikal_scenarios_prove_the_action_clauses() -> None:
    """Each clause of SCENARIO_CLAUSES has at least two scenarios (its rule and a
    contrast: an option, a refusal or a limit)."""
    cited = _cited()
    assert all(len(cited.get(c, [])) >= 2 for c in SCENARIO_CLAUSES), cited


def test_every_speed_clause_has_a_speed_scenario() -> None:
    """Every SPEED clause (SPEED-TOKENS-1 … SPEED-END-1) is proved by at least one
    ``speed_*.toml`` scenario, and the Speed scenarios are named so."""
    cited = _cited()
    speed = {c for c, paths in cited.items() if any(p.stem.startswith("speed_") for p in paths)}
    missing = [c for c in SPEED_CLAUSES if c not in speed]
    assert not missing
    for clause, paths in cited.items():
        if clause.startswith("SPEED-"):
            assert all(p.stem.startswith("speed_") for p in paths), (clause, paths)


@pytest.mark.parametrize(
    ("field", "values", "clause"),
    [
        ("forfeit", {False, True}, "SPEED-JUMP-8"),
        ("jump_limits", {"phase", "jump"}, "SPEED-JUMP-9"),
        ("two_volcanoes", {"first-secured", "last-secured"}, "SPEED-AUCTION-3"),
        ("volcano_scoring", {"at-once", "turns"}, "SPEED-SCORE-1"),
        ("final_scoring", {"at-once", "turns"}, "SPEED-END-1"),
        ("jump_action", {"one", "one-kind"}, "SPEED-JUMP-3"),
        ("jump_move", {"path", "border"}, "SPEED-JUMP-3"),
        ("jump_blocked", {"other-action", "lost"}, "SPEED-JUMP-7"),
    ],
)
def test_every_value_of_a_speed_option_has_a_scenario(
    field: str, values: set[object], clause: str
) -> None:
    """SPEED-JUMP-8 (``forfeit``), SPEED-JUMP-9 (``jump_limits``), SPEED-AUCTION-3
    (``two_volcanoes``), SPEED-SCORE-1 (``volcano_scoring``), SPEED-END-1
    (``final_scoring``), SPEED-JUMP-3 (``jump_action``, ``jump_move``), SPEED-JUMP-7
    (``jump_blocked``): each value of the option, the default too, has a scenario of the
    clause played under it."""
    seen = set()
    for path in SCENARIOS:
        data = _data(path)
        if clause in data["clauses"]:  # type: ignore[operator]
            rules = data.get("rules", {})
            assert isinstance(rules, dict)
            seen.add(rules.get(field, getattr(Rules(), field)))
    assert seen == values


# --------------------------------------------------------------------------- the format

_TWICE = """
title = "Two levels on a temple in a turn"
clauses = ["TIKAL-UNCOVER-3"]
actions = ["uncover:a2", "uncover:a2"]

[rules]
mode = "classic"

[given]
workers = { P1 = { a2 = 1, b1 = 1 } }

[expect]
temples = { a2 = 3 }
ap = 6
"""


def _refused(text: str) -> str:
    with pytest.raises(NotationError) as e:
        load_scenario(text, name="bad.toml")
    return str(e.value)


def test_a_scenario_passes_and_a_wrong_expectation_fails_with_its_mismatch() -> None:
    """TIKAL-UNCOVER-3: two raises of a2 leave it at 3 with 6 AP; expecting 2 and 4
    fails with exactly those two mismatches, expected beside actual."""
    assert run_scenario(load_scenario(_TWICE)).passed
    wrong = _TWICE.replace("a2 = 3 }", "a2 = 2 }").replace("ap = 6", "ap = 4")
    outcome = run_scenario(load_scenario(wrong))
    assert outcome.mismatches == (Mismatch("temples.a2", "2", "3"), Mismatch("ap", "4", "6"))
    assert [str(m) for m in outcome.mismatches] == [
        "temples.a2: expected 2, got 3",
        "ap: expected 4, got 6",
    ]


def test_an_illegal_action_stops_the_scenario_with_its_refusal() -> None:
    """TIKAL-UNCOVER-3: a third raise of a2 in the turn is refused; the scenario fails
    on that action, naming the token and the clause."""
    text = _TWICE.replace('"uncover:a2"]', '"uncover:a2", "uncover:a2"]')
    outcome = run_scenario(load_scenario(text))
    [m] = outcome.mismatches
    assert m.key == 'actions #3 "uncover:a2"' and m.expected == "legal"
    assert m.actual.startswith("refused: ") and "(TIKAL-UNCOVER-3)" in m.actual


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("ap = 6", "app = 6"), "bad.toml: [expect] app, line 14: unknown key; [expect] takes"),
        (("title =", "colour = 1\ntitle ="), "bad.toml: colour, line 2: unknown key; the top"),
        (("workers =", "worker ="), "bad.toml: [given] worker, line 10: unknown key; [given]"),
        (('mode = "classic"', 'mode = "classic"\nspeed = 1'), "[rules] speed, line 8: unknown"),
        (("b1 = 1", "z9 = 1"), "[given] workers.P1.z9, line 10: a cell a1 to h5, not \"z9\""),
        (("uncover:a2\"]", "uncover:b9\"]"), "bad.toml: actions #2, line 4: bad action token"),
        (("uncover:a2\"]", "bid:99999\"]"), "a number in an action is at most 1998"),
        (("ap = 6", "ap = 6.5"), "[expect] ap, line 14: a whole number, not 6.5"),
        (("{ a2 = 1,", "{ a2 = 19,"), "workers.P1.a2, line 10: P1 has only 18 workers left"),
        (("[given]", "[given]\nap = 11"), "[given] ap, line 10: 1 to 10, not 11"),
        (("[given]", "[given]\nscores = [5000, 0, 0, 0]"), "scores.P1, line 10: -999 to 999"),
        (('"TIKAL-UNCOVER-3"', '"TIKAL-UNCOVER"'), "clauses #1, line 3: no clause"),
        (("ap = 6", "tokens = [10, 10]"), "[expect] tokens, line 14: only the speed game"),
        (("ap = 6", "ap = [6"), "bad.toml: not TOML: "),
        (('mode = "classic"', 'mode = "classic"\nplayers = 5'), "Rules.players must be 2, 3"),
    ],
)
def test_a_malformed_scenario_is_a_notation_error_naming_file_key_and_line(
    change: tuple[str, str], message: str
) -> None:
    """A scenario of TIKAL-UNCOVER-3 with one fault (an unknown key at any level, a bad
    cell, token, number, clause or rule, a Speed key in the base game, bad TOML) is
    refused when it is read, naming the file, the key and the line."""
    assert message in _refused(_TWICE.replace(*change))


def test_toml_syntax_errors_give_their_line() -> None:
    """TIKAL-UNCOVER-3's scenario with a broken line: TOML's own line number."""
    assert "(at line 14, column" in _refused(_TWICE.replace("ap = 6", "ap = = 6"))


_JUMP = """
title = "x"
clauses = ["SPEED-JUMP-1"]

[rules]
players = 2

[given]
phase = "tokens"
{given}

[expect]
ap = 0
"""


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ('volcano_placers = ["P1"]', "[given] volcano_placers, line 10: no game reaches this "
         "position: 1 volcano placers, 0 volcanoes"),
        ("tokens = [11, 10]", "[given] tokens.P1, line 10: 0 to 10, not 11"),
        ("chosen = { P3 = 1 }", "chosen.P3, line 10: a player of this 2-player game"),
        ('round_order = ["P1", "P1"]', "round_order, line 10: lists each player once"),
        ('tokens = [0, 10]\njumpers = ["P1", "P2"]', "[given] tokens, line 10: no game reaches "
         "this position (P1): P1 takes 1 to 5 of the tokens left (SPEED-JUMP-1)"),
        ('turn = "P2"', "[given] turn, line 10: not a key of a Speed position in phase 'tokens'"),
        ("tokens = [0, 0]", "jumpers: nobody takes part in this Jump"),
        ('display = ["A1"]', "display, line 10: not a key of a Speed position"),
    ],
)  # fmt: skip
def test_a_speed_position_no_game_reaches_is_refused(given: str, message: str) -> None:
    """SPEED-JUMP-1: a Jump waiting for its token choices, with one field no game
    reaches (a volcano placer without a volcano, 11 tokens, a third player, a Round
    Order listing a player twice, a jumper without tokens, a key of another phase): the
    consistency check of ``tikalspeed.text.check`` refuses it, naming the key."""
    assert message in _refused(_JUMP.format(given=given))


def test_a_speed_jump_position_is_built_as_the_engine_has_it() -> None:
    """SPEED-JUMP-2: given the choices 3 and 1, the Jump's order of play is filled in:
    P2 (1 token) acts, with 1 point, then P1."""
    text = _JUMP.replace('"tokens"', '"actions"').format(given="chosen = [3, 1]\ntokens = [7, 9]")
    start = load_scenario(text).start
    assert (start.active, start.ap, start.jump_order, start.jumpers) == (1, 1, (0,), (0, 1))


# --------------------------------------------------------------------------- tikalspeed check


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_check_reports_pass_and_fail_with_the_clause_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKAL-UNCOVER-3: ``tikalspeed check DIR`` prints a line per scenario, under a
    failed one its mismatches and its clause with title and text, then the count; exit
    status 1."""
    _write(tmp_path, "a_good.toml", _TWICE)
    (tmp_path / "more").mkdir()
    _write(tmp_path / "more", "b_bad.toml", _TWICE.replace("ap = 6", "ap = 4"))
    assert main(["check", str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "PASS a_good.toml: Two levels on a temple in a turn",
        "FAIL more/b_bad.toml: Two levels on a temple in a turn",
        "  ap: expected 4, got 6",
        "  TIKAL-UNCOVER-3 (At most two levels a turn): A temple may be raised at most twice in",
        "    one turn.",
        "2 scenarios: 1 passed, 1 failed",
    ]


def test_check_exit_status_0_when_all_pass_and_2_for_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKAL-UNCOVER-3's scenario passes: status 0, a file named as given; a missing
    file or a malformed scenario is a usage error, status 2, one line on stderr."""
    good = _write(tmp_path, "good.toml", _TWICE)
    assert main(["check", str(good)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"PASS {good}: Two levels on a temple in a turn",
        "1 scenario: 1 passed, 0 failed",
    ]
    assert main(["check", str(tmp_path / "none.toml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tikalspeed: error: cannot read") and "no such file" in err
    _write(tmp_path, "bad.toml", _TWICE.replace("ap = 6", "app = 6"))
    assert main(["check", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing runs before every file is read
    assert captured.err == (
        "tikalspeed: error: bad scenario bad.toml: [expect] app, line 14: unknown key; "
        "[expect] takes " + captured.err.split("[expect] takes ")[1]
    )
    (tmp_path / "empty").mkdir()
    assert main(["check", str(tmp_path / "empty")]) == 2
    assert "no *.toml scenario in it" in capsys.readouterr().err


def test_check_runs_every_scenario_of_the_suite() -> None:
    """SPEED-ROUND-1 and the others: the whole folder passes through ``check``, the
    function behind ``tikalspeed check``."""
    report = check([SCENARIO_DIR])
    assert report.ok and report.passed == len(SCENARIOS)
