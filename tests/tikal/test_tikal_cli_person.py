"""The ``tikalspeed`` command line for a person: actions in words with their real cost,
"action points unused", the board's legend, ``--no-clauses``, the prompt that says
where the player is, the board before each of his decisions, and the same commands,
options and error style as ``tiki``'s command line."""

from __future__ import annotations

import io
import random
import re
import sys
import typing
from pathlib import Path

import pytest

import tiki.tools.cli.commands as tiki_cli
from tikalspeed import Rules, State, View, apply, new_game, parse_action
from tikalspeed.model.actions import Action
from tikalspeed.model.events import ActionTaken, PointsLost
from tikalspeed.model.state import Phase, TurnKind
from tikalspeed.text.decision import describe
from tikalspeed.tools.bots import GreedyBot, Ply, RandomBot, play_game
from tikalspeed.tools.cli import board as render_module
from tikalspeed.tools.cli.board import LEGEND, render_board
from tikalspeed.tools.cli.commands import _parser, main
from tikalspeed.tools.cli.prompt import where
from tikalspeed.tools.cli.words import PersonOut, in_words, strip_clauses

CLAUSE = re.compile(r"(TIKAL|SPEED|TIKI)-[A-Z]+-\d")
PLY = re.compile(r"^\d+\. .*  \[\S+\]$")


def _games(seed: int = 1) -> list[tuple[State, Ply]]:
    """Random 3-player games of the three modes (Speed with forfeits) that together
    play every kind of action: each ply with the state it was played in."""
    played: list[tuple[State, Ply]] = []
    for mode in ("classic", "professional", "speed"):
        rules = Rules(mode=mode, players=3, forfeit=mode == "speed")
        bots = {p: RandomBot(seed + p) for p in range(3)}
        before = new_game(rules, seed=seed)
        for ply in play_game(before, bots, random.Random(seed)):
            played.append((before, ply))
            before = ply.state
    return played


PLAYED = _games()
PLIES = [ply for _, ply in PLAYED]

WORDS = {
    "DrawTile": r"chance draws [A-G]\d+ \((temple \d+|ruin \d+|jungle|volcano)\) for P[1-3]",
    "RevealTile": r"chance lays out [A-G]\d+ \(.*\) for the auction",
    "FindTreasure": r"chance turns up treasure [A-H] for P[1-3] at [a-h][1-5]",
    "PlaceTile": r"P[1-3] places [A-G]\d+ \(.*\) on [a-h][1-5](, turned [1-5])?",
    "Enter": r"P[1-3]'s (worker|leader) enters at [a-h][1-5] \(1 AP\)",
    "CampMove": r"P[1-3]'s (worker|leader) moves [a-h][1-5] → [a-h][1-5] between camps \(1 AP\)",
    "Move": r"P[1-3]'s (worker|leader) moves [a-h][1-5] → [a-h][1-5] \(\d+ AP\)",
    "Uncover": r"P[1-3] raises the temple at [a-h][1-5] to \d+ \(2 AP\)",
    "TakeTreasure": r"P[1-3] digs in the ruin at [a-h][1-5] \(3 AP\)",
    "Exchange": r"P[1-3] gives treasure [A-H] to P[1-3] for [A-H] \(3 AP\)",
    "BuildCamp": r"P[1-3] builds a camp at [a-h][1-5] \(5 AP\)",
    "Guard": r"P[1-3]'s (worker|leader) guards the temple at [a-h][1-5] \(5 AP\)",
    "EndTurn": r"P[1-3] (ends the turn, (1 action point|\d+ action points) unused"
    r"|stops taking part in this round's Jumps)",
    "Bid": r"P[1-3] bids \d+",
    "PassBid": r"P[1-3] passes",
    "ChooseTile": r"P[1-3] takes [A-G]\d+ \(.*\) from the display",
    "ChooseTokens": r"P[1-3] takes (1 token|[2-5] tokens)",
}
"""The words of each kind of action (TIKAL-MOVE-1: a move's cost is its borders')."""


def test_every_kind_of_action_is_played() -> None:
    """CLI-usability test: the games below play all 17 kinds of action, so the words of
    each are checked."""
    kinds = {c.__name__ for c in typing.get_args(Action)}
    assert {type(p.action).__name__ for p in PLIES} == kinds == set(WORDS)


@pytest.mark.parametrize("kind", sorted(WORDS))
def test_actions_in_words(kind: str) -> None:
    """TIKAL-TURN-2, TIKAL-MOVE-1, SPEED-JUMP-3: every action of the kind is told in
    the game's words; an action that spends action points gives what it really cost:
    the engine's debit, which is the AP before less the AP after while the turn goes
    on."""
    plies = [(b, p) for b, p in PLAYED if type(p.action).__name__ == kind]
    assert plies
    for before, ply in plies:
        words = in_words(before, ply.action, ply.transition)
        assert re.fullmatch(WORDS[kind], words), words
        assert words == in_words(before, ply.action)  # the transition is optional
        spent = [e.cost for e in ply.transition.events if isinstance(e, ActionTaken)]
        if spent:
            assert words.endswith(f" ({spent[0]} AP)")
            after = ply.state
            goes_on = after.phase is Phase.ACTIONS and after.active == before.active
            if goes_on and after.turn_kind is before.turn_kind is not TurnKind.JUMP:
                assert spent[0] == before.ap - after.ap


def test_words_of_a_known_turn() -> None:
    """TIKAL-ENTER-1, TIKAL-MOVE-1, TIKAL-UNCOVER-1: the opening of the board drawing's
    example, word for word, with the AP each action cost."""
    s = new_game(Rules(mode="classic", players=2), seed=1)
    said = []
    for token in ["place:b3:0", "enter:l:a1", "enter:w:a1", "move:l:a1:b1", "uncover:b1", "end"]:
        action = parse_action(s, token)
        said.append(in_words(s, action))
        s = apply(s, action)
    assert said == [
        "P1 places A2 (ruin 4) on b3",
        "P1's leader enters at a1 (1 AP)",
        "P1's worker enters at a1 (1 AP)",
        "P1's leader moves a1 → b1 (2 AP)",
        "P1 raises the temple at b1 to 2 (2 AP)",
        "P1 ends the turn, 4 action points unused",
    ]


def test_narration_lines_carry_words_clause_and_token(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKAL-ENTER-1, TIKAL-AUCTION-3: a narrated action reads "N. words (clause)
    [token]"; the event that only repeats the action is not printed again."""
    assert main(["play", "--mode", "professional", "--players", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^\d+\. P[1-3] bids \d+ \(TIKAL-AUCTION-3\)  \[bid:\d+\]$", out, re.M)
    assert re.search(
        r"^\d+\. P[1-3]'s leader enters at a1 \(1 AP, TIKAL-ENTER-1\)  \[enter:l:a1\]$", out, re.M
    )
    assert not re.search(r"^   P[1-3] bids", out, re.M)
    assert " for 1 AP (TIKAL-ENTER-1)" not in out  # the ActionTaken event, folded in


def test_action_points_unused() -> None:
    """SPEED-JUMP-3, SPEED-JUMP-7, SPEED-JUMP-8: points a Jump's action leaves are "action
    points unused", singular or plural, never "point(s)"; a forfeit gives up tokens."""
    assert str(PointsLost(0, 1)) == "P1 leaves 1 action point unused (SPEED-JUMP-3)"
    assert str(PointsLost(1, 3, "SPEED-JUMP-7")) == (
        "P2 leaves 3 action points unused (SPEED-JUMP-7)"
    )
    assert str(PointsLost(2, 4, "SPEED-JUMP-8")) == "P3 forfeits his 4 tokens left (SPEED-JUMP-8)"
    jumps = [p.state for p in PLIES if p.state.turn_kind is TurnKind.JUMP]
    acting = [s for s in jumps if s.phase is Phase.ACTIONS]
    for s in acting:
        points = "1 action point" if s.ap == 1 else f"{s.ap} action points"
        assert describe(s).endswith(f"takes one action with {points}; any left unused are lost")
    assert any(s.ap == 1 for s in acting) and any(s.ap > 1 for s in acting)


def test_speed_narration_says_action_points_unused(capsys: pytest.CaptureFixture[str]) -> None:
    """SPEED-JUMP-3: a Speed game's narration says "N action points unused"."""
    assert main(["play", "--seed", "5", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"leaves (1 action point|\d+ action points) unused \(SPEED-JUMP-3\)", out)
    assert "(s)" not in out


# ----------------------------------------------------------------------------- legend


def _box_words(state: State) -> tuple[set[str], set[str]]:
    """The words inside the boxes of the board drawing, and the characters on their
    borders that are not the frame."""
    lines = render_board(state).splitlines()[1:]
    words: set[str] = set()
    marks: set[str] = set()
    width = render_module._W
    for cell in range(40):
        column, row = cell % 8, cell // 8
        top, left = render_module._top(column, row), render_module._left(column)
        for y in range(top + 1, top + 4):
            words |= set(lines[y][left + 1 : left + 1 + width].split())
            marks |= {lines[y][left], lines[y][left + width + 1]}
        marks |= set(lines[top + 4][left + 1 : left + 1 + width])
    return words, marks - set("|-+ ")


def _legend_patterns() -> list[re.Pattern[str]]:
    """Every symbol the legend names (a row's symbol, and those in its parentheses),
    any number in it standing for every number."""
    symbols = []
    for line in LEGEND.splitlines()[1:]:
        key, _, text = line.strip().partition("  ")
        symbols.append(key)
        for inside in re.findall(r"\(([^)]*)\)", text):
            symbols += [w.strip(":,") for w in inside.split()]
    return [re.compile(re.sub(r"\d+", r"\\d+", re.escape(s))) for s in symbols if s]


def test_the_legend_covers_every_symbol_of_the_board() -> None:
    """TIKAL-BOARD-2: every word the board drawing shows in a box (temples, guards,
    ruins, camps, pieces, a crowded box) and every mark on a border (crossing costs,
    TIKAL-MOVE-1) is a symbol of the legend, and the legend is the table of
    render.py's docstring."""
    patterns = _legend_patterns()
    states = [p.state for p in PLIES[::5]] + [PLIES[-1].state]
    crowded = states[-1]
    a1 = 0
    workers = tuple(tuple(3 if c == a1 else 0 for c in range(40)) for _ in range(3))
    states.append(crowded.replace(workers=workers, leaders=(a1, a1, a1)))
    seen: set[str] = set()
    for state in states:
        words, marks = _box_words(state)
        seen |= words | marks
        for symbol in words | marks:
            assert any(p.fullmatch(symbol) for p in patterns), symbol
    assert {"*", "base", "J", "."} <= seen and any(re.fullmatch(r"T\d+", w) for w in seen)
    assert any(re.fullmatch(r"\d", m) for m in seen)  # a crossing cost on a border
    doc = render_module.__doc__ or ""
    for line in LEGEND.splitlines()[1:]:
        assert line.split()[0] in doc.replace("``", "")


def test_legend_at_the_prompt_and_with_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """CLI-usability test: a human game prints the legend once at the start; 'legend'
    prints it again, 'help' names it; ``play --legend`` prints it for a bot game."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("legend\nhelp\nquit\n"))
    assert main(["play", "--mode", "professional", "--seed", "3", "--human", "P1"]) == 0
    out = capsys.readouterr().out
    assert out.count(LEGEND) == 2
    assert "'legend' for the symbols" in out.split("> help\n")[1]
    assert main(["play", "--seed", "3", "--quiet", "--legend"]) == 0
    assert capsys.readouterr().out.count(LEGEND) == 1
    assert main(["play", "--seed", "3", "--quiet"]) == 0
    assert LEGEND not in capsys.readouterr().out


# ----------------------------------------------------------------------------- --no-clauses


def test_no_clauses_leaves_no_clause_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEED-JUMP-1, TIKAL-TURN-4: a whole Speed game (its narration, boards and result),
    its replay, and a person's refused input show clause ids by default and none with
    --no-clauses; an error message on stderr neither."""
    record = tmp_path / "game.tikal"
    assert main(["play", "--seed", "2", "--players", "3", "--record", str(record)]) == 0
    assert CLAUSE.search(capsys.readouterr().out)
    assert main(["play", "--seed", "2", "--players", "3", "--no-clauses"]) == 0
    played = capsys.readouterr().out
    assert not CLAUSE.search(played) and "tokens revealed: " in played
    assert any(PLY.match(line) for line in played.splitlines())
    assert main(["replay", str(record)]) == 0
    assert CLAUSE.search(capsys.readouterr().out)
    assert main(["replay", "--no-clauses", str(record)]) == 0
    assert not CLAUSE.search(capsys.readouterr().out)
    monkeypatch.setattr(sys, "stdin", io.StringIO("end\nbid:99\nquit\n"))
    main(["play", "--mode", "professional", "--seed", "3", "--human", "P1", "--no-clauses"])
    out = capsys.readouterr().out
    assert "illegal: " in out and not CLAUSE.search(out)
    bad = tmp_path / "bad.tikal"
    bad.write_text('[Game "Tikal"]\n[Format "1"]\n[Rules "mode=classic"]\n[Seed "1"]\n\n1. end *\n')
    assert main(["replay", str(bad)]) == 2
    assert CLAUSE.search(capsys.readouterr().err)
    assert main(["replay", "--no-clauses", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tikalspeed: error: ") and not CLAUSE.search(err)


def test_strip_clauses_and_the_ascii_stream() -> None:
    """CLI-usability test: clause ids go in every form they are written; a stream that
    cannot encode the arrow and the dot gets ``->`` and ``|``."""
    assert strip_clauses("a (TIKAL-MOVE-1) b (1 AP, TIKAL-ENTER-1) c (SPEED-JUMP-3)") == (
        "a b (1 AP) c"
    )
    raw = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    out = PersonOut(raw, clauses=False)
    print("P1's worker moves a1 → b2 (3 AP, TIKAL-MOVE-3) · done", file=out)
    raw.flush()
    assert raw.buffer.getvalue() == b"P1's worker moves a1 -> b2 (3 AP) | done\n"  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- the prompt


def _first(predicate: typing.Callable[[State], bool], plies: list[Ply] = PLIES) -> State:
    return next(p.state for p in plies if predicate(p.state))


def test_prompt_context_strings() -> None:
    """TIKAL-TURN-2, TIKAL-AUCTION-3, SPEED-JUMP-3, SPEED-SCORE-2: the prompt says where
    the player is: his turn's kind and the AP left, the auction, a Speed Jump's number
    and its one action, a bonus turn."""
    normal = _first(lambda s: s.phase is Phase.ACTIONS and s.turn_kind is TurnKind.NORMAL)
    me = f"P{normal.active + 1}"
    assert where(normal, normal.active) == f"{me} · normal turn · {normal.ap} AP left"
    bid = _first(lambda s: s.phase is Phase.BID)
    assert where(bid, bid.active) == f"P{bid.active + 1} · auction · bid or pass"
    choose = _first(lambda s: s.phase is Phase.CHOOSE)
    assert where(choose, choose.active).endswith(" · auction won · take a tile")
    jump = _first(lambda s: s.phase is Phase.ACTIONS and s.turn_kind is TurnKind.JUMP)
    assert where(jump, jump.active, 2) == f"P{jump.active + 1} · Jump 2 · {jump.ap} AP, one action"
    tokens = _first(lambda s: s.phase is Phase.TOKENS)
    assert where(tokens, 0, 3) == "P1 · Jump 3 · choose tokens"
    bots = {p: GreedyBot(p) for p in range(4)}
    speed = play_game(new_game(Rules(), seed=8), bots, random.Random(1))
    bonus = _first(lambda s: s.phase is Phase.ACTIONS and s.turn_kind is TurnKind.BONUS, speed)
    assert where(bonus, bonus.active) == f"P{bonus.active + 1} · bonus turn · {bonus.ap} AP left"
    place = _first(lambda s: s.phase is Phase.PLACE, speed)
    assert re.fullmatch(r"P\d · placement · place [A-G]\d+ \(.*\)", where(place, place.active))


def _human_speed_game(seed: int) -> tuple[list[str], str]:
    """P1's actions in the CLI's Speed game of ``seed`` played by a greedy bot seeded as
    the CLI seeds P1's (seed + 1), and the game's result line."""
    mine: list[str] = []
    bot = GreedyBot(seed + 1)

    def p1(state: State | View, player: int) -> Action:
        action = bot.choose(state, player)
        mine.append(str(action))
        return action

    bots = {0: p1, **{p: GreedyBot(seed + 1 + p) for p in range(1, 4)}}
    log = play_game(new_game(Rules(), seed=seed), bots, random.Random(seed + 100))
    result = log[-1].state.result
    assert result is not None
    scores = ", ".join(f"P{p + 1} {s}" for p, s in enumerate(result.scores))
    return mine, scores


def test_a_whole_human_speed_game_prompts_and_boards(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEED-JUMP-1, SPEED-JUMP-3, SPEED-SCORE-2, TIKAL-AUCTION-3: a person plays P1 of
    a whole Speed game; each prompt says where he is (auction, placement, a numbered
    Jump's tokens and its one action, a bonus turn), and the board is drawn after the
    last action told before each of his decisions, not after every action."""
    mine, scores = _human_speed_game(8)
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(t + "\n" for t in mine)))
    assert main(["play", "--seed", "8", "--human", "P1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].endswith(f"({scores})")
    prompts = [i for i, ln in enumerate(lines) if ln.startswith("P1 · ")]
    assert len(prompts) == len(mine)
    kinds = {re.sub(r"\d+", "N", lines[i].partition(">")[0]) for i in prompts}
    assert {
        "PN · auction · bid or pass",
        "PN · Jump N · choose tokens",
        "PN · Jump N · N AP, one action",
        "PN · bonus turn · N AP left",
    } <= kinds
    assert any(k.startswith("PN · placement · place ") for k in kinds)
    for i in prompts:
        last_ply = max(j for j in range(i) if PLY.match(lines[j]) or j == 0)
        shown = lines[last_ply:i]
        assert any(ln.startswith("decision:  ") for ln in shown), lines[i]
        assert any(ln.startswith("  +---------+") for ln in shown), lines[i]
    plies = sum(1 for ln in lines if PLY.match(ln))
    boards = sum(1 for ln in lines if ln.startswith("decision:  "))
    assert boards < plies / 2  # not after every action


# ----------------------------------------------------------------------------- both CLIs


def _options(parser: typing.Any) -> dict[str, set[str]]:
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return {
        name: {s for a in p._actions for s in a.option_strings} | {a.dest for a in p._actions}
        for name, p in sub.choices.items()
    }


def test_both_command_lines_are_alike(capsys: pytest.CaptureFixture[str]) -> None:
    """CLI-usability test: tikalspeed and tiki have the same subcommands with the same
    help lines for play, show, replay, fuzz, study-time and serve (and Tiki its solver and
    its tables, which Tikal, a game of chance and secrets, has not), the same options but
    for those of the game (Tikal's mode and player count, Tiki's shaman), and the same
    error style."""
    tikal, tiki = _options(_parser()), _options(tiki_cli._parser())
    commands = ["play", "show", "replay", "check", "bench", "fuzz", "why", "simulate",
                "study-time", "serve"]  # fmt: skip
    assert list(tikal) == commands
    assert list(tiki) == [*commands[:2], "solve", *commands[2:5], "tables", *commands[5:]]
    assert tikal["play"] - {"--mode", "mode", "--players", "players"} == tiki["play"] - {
        "--shaman",
        "shaman",
    }
    for command in ("show", "replay", "check", "fuzz", "why", "simulate", "study-time", "serve"):
        assert tikal[command] == tiki[command]
    assert tikal["bench"] - {"--mode", "mode", "--players", "players"} == tiki["bench"]
    for argv in (["show", "nonsense"], ["play", "--seed", "x"], ["play", "--max-plies", "0"]):
        assert main(argv) == 2
        ours = capsys.readouterr().err.splitlines()[-1]
        assert tiki_cli.main(argv) == 2
        theirs = capsys.readouterr().err.splitlines()[-1]
        assert ours.startswith("tikalspeed") and theirs.startswith("tiki")
        what = ours.split(": error: ")[1].split(":")[0]
        assert what == theirs.split(": error: ")[1].split(":")[0]


def test_refusals_name_no_class_and_no_index(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKAL-TURN-4, TIKAL-AUCTION-3: at the prompt, an action of the wrong kind is
    refused by its token and the decision asked, never by its class name; another
    seat's action names the seat P2, never a 0-based index."""
    typed = ["place:a1:0", "end", "take:A1", "tokens:3", "move:w:a1:b2", "P2:pass", "bid:99"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(t + "\n" for t in [*typed, "quit"])))
    assert main(["play", "--mode", "professional", "--seed", "3", "--human", "P1"]) == 0
    out = capsys.readouterr().out
    answers = [ln for ln in out.splitlines() if ln.startswith("  ") and "illegal" in ln]
    assert len(answers) == len(typed) - 1
    names = {c.__name__ for c in typing.get_args(Action)}
    for line in answers:
        assert not any(re.search(rf"\b{n}\b", line) for n in names), line
        assert not re.search(r"\b[0-3]'s\b", line), line
    assert "illegal: place:a1:0 does not answer the decision asked: P1 bids or passes" in out
    assert "you are P1: pass is P2's decision" in out
