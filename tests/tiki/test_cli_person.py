"""The ``tiki`` command line for a person: actions in words, the board's legend,
``--no-clauses``, the prompt that says where the player is, the board before each of
his decisions, and the same commands and error style as ``tikalspeed``'s."""

from __future__ import annotations

import io
import random
import re
import sys
import typing
from pathlib import Path

import pytest

import tikalspeed.tools.cli as tikal_cli
import tiki
from tiki import O, Rules, State, X
from tiki.model.actions import Action
from tiki.model.state import Phase
from tiki.tools.bots import GreedyBot, Ply, RandomBot, play_game
from tiki.tools.cli import board as render_module
from tiki.tools.cli.board import LEGEND, render_board
from tiki.tools.cli.commands import _parser, main
from tiki.tools.cli.prompt import where
from tiki.tools.cli.words import in_words, restated

CLAUSE = re.compile(r"(TIKAL|SPEED|TIKI)-[A-Z]+-\d")
PLY = re.compile(r"^\d+\. .*  \[\S+\]$")
LAYOUT = (1, 2, 0, 1, 1, -1, 1, 0, 1)


def _games() -> list[tuple[State, Ply]]:
    """Random games, with the shaman and without, from the chance nodes on: each ply
    with the state it was played in."""
    played: list[tuple[State, Ply]] = []
    for seed, rules in ((1, Rules(shaman=True)), (5, Rules(shaman=True)), (6, Rules(shaman=True))):
        before = tiki.new_game(rules)
        bots = {X: RandomBot(seed), O: RandomBot(seed + 1)}
        for ply in play_game(before, bots, random.Random(seed)):
            played.append((before, ply))
            before = ply.state
    return played


PLAYED = _games()

WORDS = {
    "Create": r"[xo] creates a totem at [a-c][1-3]",
    "Move": r"[xo] moves the totem [a-c][1-3]( → [a-c][1-3])+",
    "Order": r"[xo] resolves [a-c][1-3] first",
    "PlaceShaman": r"[xo] places the shaman between [a-c][1-3] and [a-c][1-3]",
    "MoveShaman": r"[xo] moves the shaman between [a-c][1-3] and [a-c][1-3]",
    "KeepShaman": r"[xo] leaves the shaman where it is",
    "Pass": r"[xo] has no legal action and passes",
    "Layout": r"chance lays out the villages (-?\d,){8}-?\d \(a1\.\.c3\)",
    "FirstPlayer": r"chance picks [xo] to move first",
}
"""The words of each kind of action."""


@pytest.mark.parametrize("kind", sorted(WORDS))
def test_actions_in_words(kind: str) -> None:
    """TIKI-CREATE-1, TIKI-MOVE-2, TIKI-INFL-3, TIKI-SHAMAN-2, TIKI-SHAMAN-4, TIKI-END-5,
    TIKI-SETUP-1, TIKI-SETUP-5: every kind of action is told in the game's words, and
    the event that only repeats it is found (its clause goes on the action's line)."""
    plies = [(b, p) for b, p in PLAYED if type(p.action).__name__ == kind]
    if not plies and kind == "Pass":  # a forced pass is rare
        s = _pass_position()
        plies = [(s, Ply(a, tiki.step(s, a))) for a in tiki.legal_actions(s)]
    assert plies
    for before, ply in plies:
        words = in_words(before, ply.action)
        assert re.fullmatch(WORDS[kind], words), words
        same = restated(ply.action, ply.transition.events)
        assert same is not None and same.clause.startswith("TIKI-")


def _pass_position() -> State:
    """TIKI-END-5: the position of tests/scenarios/tiki/end_forced_pass.toml, where o has
    no tiki to create and no totem to move."""
    return tiki.from_text("+1ox,0ox,+1ox/-1ox,+2,+1ox/+1ox,0ox,+1ox turn o o - 0,0 7,0 - - 31 -")


def test_every_kind_of_action_has_words() -> None:
    """CLI-usability test: the table above names every kind of Tiki action."""
    assert {c.__name__ for c in typing.get_args(Action)} == set(WORDS)


def test_narration_lines(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKI-CREATE-1: a narrated action reads "N. words (clause)  [token]", and the
    event that only repeats it is not printed again."""
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    line = r"^1\. [xo] creates a totem at [a-c][1-3] \(TIKI-CREATE-1\)  \[\+..\]$"
    assert re.search(line, out, re.M)
    assert "   x creates a totem" not in out and "   o creates a totem" not in out


# ----------------------------------------------------------------------------- legend


def test_the_legend_covers_every_symbol_of_the_board() -> None:
    """TIKI-SETUP-1, TIKI-SHAMAN-2: every value a village shows (and ``?`` before the
    layout), the tikis of both players and the shaman's ``S`` are in the legend, which
    is the table of render.py's docstring."""
    words = set(re.sub(r"[(),:]", " ", LEGEND).split())
    seen: set[str] = set()
    states = [tiki.new_game(), *(p.state for _, p in PLAYED[::3])]
    for state in states:
        drawing = render_board(state).splitlines()
        for line in drawing[2:8:2]:  # the village lines
            for i in range(3):
                value, _, stack = line[3 + 10 * i : 12 + 10 * i].strip().partition(" ")
                seen |= {value, *stack}
        seen |= {c for line in drawing[1:-1] for c in line[3:-3] if c == "S"}
    assert {"+2", "+1", "0", "-1", "?", "x", "o", "S"} == seen
    assert seen <= words
    doc = render_module.__doc__ or ""
    for line in LEGEND.splitlines()[1:]:
        assert line.split()[0] in doc.replace("``", "")


def test_legend_at_the_prompt_and_with_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """CLI-usability test: a human game prints the legend once at the start, 'legend'
    prints it again, 'help' names it; ``play --legend`` prints it for a bot game."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("legend\nhelp\nquit\n"))
    assert main(["play", "--seed", "2", "--human", "x"]) == 0
    out = capsys.readouterr().out
    assert out.count(LEGEND) == 2
    assert "'legend' for the symbols" in out.split("> help\n")[1]
    assert main(["play", "--seed", "2", "--quiet", "--legend"]) == 0
    assert capsys.readouterr().out.count(LEGEND) == 1


# ----------------------------------------------------------------------------- --no-clauses


def test_no_clauses_leaves_no_clause_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKI-END-3, TIKI-CREATE-3: a whole game, its replay and a person's refused input
    show clause ids by default and none with --no-clauses; an error on stderr neither."""
    record = tmp_path / "game.tiki"
    assert main(["play", "--seed", "5", "--shaman", "--record", str(record)]) == 0
    assert CLAUSE.search(capsys.readouterr().out)
    assert main(["play", "--seed", "5", "--shaman", "--no-clauses"]) == 0
    played = capsys.readouterr().out
    assert not CLAUSE.search(played) and "game over: " in played
    assert any(PLY.match(line) for line in played.splitlines())
    assert main(["replay", str(record)]) == 0
    assert CLAUSE.search(capsys.readouterr().out)
    assert main(["replay", "--no-clauses", str(record)]) == 0
    assert not CLAUSE.search(capsys.readouterr().out)
    seed = next(s for s in range(100) if tiki.new_game(seed=s).active == X)
    monkeypatch.setattr(sys, "stdin", io.StringIO("+b2\n+b2\n!a1\nquit\n"))
    main(["play", "--seed", str(seed), "--human", "x", "--no-clauses"])
    out = capsys.readouterr().out
    assert "illegal: b2 is not empty" in out and not CLAUSE.search(out)
    bad = tmp_path / "bad.tiki"
    bad.write_text('[Game "Tiki"]\n[Format "1"]\n[Seed "1"]\n[Result "*"]\n\n+b2 +b2 *\n')
    assert main(["replay", "--no-clauses", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tiki: error: ") and not CLAUSE.search(err)


# ----------------------------------------------------------------------------- the prompt


def test_prompt_context_strings() -> None:
    """TIKI-TURN-1, TIKI-INFL-3, TIKI-SHAMAN-2, TIKI-SHAMAN-4: the prompt names the
    player, the turn he plays (the status block counts those completed) and what he
    decides."""
    s = tiki.new_game(layout=LAYOUT, first=X)
    assert where(s) == "x · turn 1 · create or move"
    states = [p.state for _, p in PLAYED if p.state.phase is not Phase.OVER]
    turn = next(s for s in states if s.phase is Phase.TURN and s.turn == 4)
    assert where(turn) == f"{'xo'[turn.actor]} · turn 5 · create or move"
    order = next(s for s in states if s.phase is Phase.ORDER)
    first, second = (tiki.VILLAGE_NAMES[v] for v in order.pending)
    assert where(order).endswith(f" · resolve {first} or {second} first")
    shaman = next(s for s in states if s.phase is Phase.SHAMAN)
    assert where(shaman).endswith(" · move the shaman or keep it")
    placing = next(s for s in states if s.phase is Phase.PLACE_SHAMAN)
    assert where(placing).endswith(" · place the shaman")


def test_a_whole_human_game_prompts_and_boards(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKI-TURN-1, TIKI-END-1: a person plays x to the end; every prompt says where he
    is and the board is drawn after the last action told before each of his decisions,
    with --quiet too (then only before his decisions)."""
    seed = next(s for s in range(100) if tiki.new_game(seed=s).active == O)
    log = play_game(tiki.new_game(seed=seed), {X: GreedyBot(0), O: GreedyBot(seed + 2)})
    mine = [str(p.action) for p in log if p.action.player == X]
    for quiet in ([], ["--quiet"]):
        monkeypatch.setattr(sys, "stdin", io.StringIO("".join(t + "\n" for t in mine)))
        assert main(["play", "--seed", str(seed), "--human", "x", *quiet]) == 0
        lines = capsys.readouterr().out.splitlines()
        prompts = [i for i, ln in enumerate(lines) if ln.startswith("x · ")]
        assert len(prompts) == len(mine)
        assert all(re.match(r"x · turn \d+ · ", lines[i]) for i in prompts)
        previous = 0
        for i in prompts:
            shown = lines[previous:i]
            assert any(ln.startswith("decision:  x ") for ln in shown), lines[i]
            previous = i
        if quiet:
            assert sum(ln.startswith("decision:  ") for ln in lines) == len(mine)


# ----------------------------------------------------------------------------- both CLIs


def test_both_command_lines_list_the_same_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """CLI-usability test: ``tiki --help`` and ``tikalspeed --help`` list the same
    subcommands with the same help for show, replay, fuzz and serve; Tiki has two more,
    ``solve`` and ``tables`` (exact values: Tikal, with chance and secrets, has no solver)."""
    assert main(["--help"]) == 0
    ours = capsys.readouterr().out
    assert tikal_cli.main(["--help"]) == 0
    theirs = capsys.readouterr().out

    def commands(text: str) -> dict[str, str]:
        found = re.findall(r"^    (\w+) +(.*)$", text, re.M)
        return dict(found)

    both = ["play", "show", "replay", "check", "bench", "fuzz", "why", "simulate", "serve"]
    assert list(commands(theirs)) == both
    assert list(commands(ours)) == [*both[:2], "solve", *both[2:5], "tables", *both[5:]]
    for command in ("show", "replay", "check", "fuzz", "why", "simulate", "serve"):
        assert commands(ours)[command] == commands(theirs)[command]
    parser = _parser()
    assert parser.prog == "tiki"


def test_refusals_name_no_class_and_no_index(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKI-TURN-3: at the prompt, an action of the wrong kind is refused by its token and
    the decision asked, never by its class name, and never with a 0-based index."""
    seed = next(s for s in range(100) if tiki.new_game(seed=s).active == X)
    typed = ["!b2", "s=", "s@a1b1", "s>a1b1", "pass", "a1-b1"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(t + "\n" for t in [*typed, "quit"])))
    assert main(["play", "--seed", str(seed), "--human", "x"]) == 0
    out = capsys.readouterr().out
    answers = [ln for ln in out.splitlines() if ln.startswith("  illegal: ")]
    assert len(answers) == len(typed)
    names = {c.__name__ for c in typing.get_args(Action)}
    for line in answers:
        assert not any(re.search(rf"\b{n}\b", line) for n in names), line
        assert not re.search(r"\b[01]'s\b", line), line
    assert "illegal: !b2 does not answer the decision asked: x creates or moves a totem" in out
