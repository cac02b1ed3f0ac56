"""The ``tikalspeed`` command line (tikalspeed.tools.cli): play, show, replay and bench, driven
through ``main(argv)``; bad input gives a one-line error and exit status 2, never a
traceback."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tikalspeed import Rules, State, View, legal_actions, new_game, view_actions
from tikalspeed.model.actions import Action
from tikalspeed.text.notation import to_text
from tikalspeed.tools.bench import peak_memory_mb, playouts, random_game, run
from tikalspeed.tools.bots import GreedyBot, RandomBot, play_game
from tikalspeed.tools.cli import main, parse_rules
from tikalspeed.tools.cli.board import render

RESULT_LINE = re.compile(
    r"^result: (P[1-4] wins|P[1-4]( and P[1-4])+ share the win) by final-scoring "
    r"\((P[1-4] -?\d+(, )?)+\)$"
)
PLY_LINE = re.compile(r"^(\d+)\. (P[1-4]|chance)\S* .*  \[(\S+)\]$")


def _lines(text: str) -> list[str]:
    return text.rstrip("\n").splitlines()


def _ply_lines(text: str) -> list[str]:
    """The narration's action lines, each as '3. P2: move:w:a1:b2' (the line reads
    "3. P2's worker moves a1 → b2 (3 AP, TIKAL-MOVE-3)  [move:w:a1:b2]")."""
    return [f"{m[1]}. {m[2]}: {m[3]}" for ln in text.splitlines() if (m := PLY_LINE.match(ln))]


# ----------------------------------------------------------------------------- play


@pytest.mark.parametrize(
    ("mode", "players", "bot"),
    [
        ("classic", "2", "greedy"),
        ("classic", "3", "random"),
        ("classic", "4", "greedy"),
        ("professional", "2", "random"),
        ("professional", "3", "greedy"),
        ("professional", "4", "random"),
    ],
)
def test_play_quiet_finishes_with_result_line(
    mode: str, players: str, bot: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKAL-END-1/2, TIKAL-AUCTION-9: a bot game of each mode and player count runs to
    its end; --quiet prints only the setup line and the result, scores for every player."""
    argv = ["play", "--mode", mode, "--players", players, "--seed", "7", "--quiet"]
    assert main([*argv, "--bot", bot]) == 0
    lines = _lines(capsys.readouterr().out)
    assert lines[0].startswith(f"Tikal ({mode}, {players} players): P1 {bot} bot, ")
    assert RESULT_LINE.match(lines[-1]), lines[-1]
    assert lines[-1].count(", P") == int(players) - 1
    assert not _ply_lines("\n".join(lines))


def test_play_narrates_actions_events_and_boards(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKAL-TURN-1/2, TIKAL-END-2: the narration numbers every action (chance included),
    lists its events with their clauses, draws the board as each turn's action points
    begin, and ends with a result line agreeing with the game-over event."""
    argv = ["play", "--mode", "classic", "--players", "2", "--seed", "4", "--bot", "random"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    plies = _ply_lines(out)
    assert [int(p.split(".")[0]) for p in plies] == list(range(1, len(plies) + 1))
    assert any(": draw=" in p for p in plies) and any(": place:" in p for p in plies)
    assert "(TIKAL-PLACE-1)" in out and "(TIKAL-TURN-3)" in out
    boards = out.count("decision:  ")
    turns = out.count("10 of 10 left")
    assert boards == turns + 2  # the start, each turn's actions, the end
    over = [line for line in out.splitlines() if "game over:" in line]
    assert len(over) == 1
    last = _lines(out)[-1]
    assert RESULT_LINE.match(last)
    winner = last.split()[1]
    assert (f"game over: {winner} wins" in over[0]) or "share" in last


def test_play_is_reproducible_from_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKAL-DRAW-1: --seed fixes the tiles drawn, the treasures found and the bots."""
    argv = ["play", "--mode", "professional", "--players", "2", "--seed", "11"]
    main(argv)
    first = capsys.readouterr().out
    main(argv)
    assert capsys.readouterr().out == first
    assert "wins the auction" in first


def test_play_rules_option(capsys: pytest.CaptureFixture[str]) -> None:
    """Rules.non_default: --rules sets any rule; the setup names them."""
    argv = ["play", "--seed", "2", "--quiet", "--rules", "players=2", "start_worker=true"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert _lines(out)[0].startswith("Tikal (speed, 2 players)")
    assert "rules: players=2 start_worker=true" in out  # speed is the default mode
    assert RESULT_LINE.match(_lines(out)[-1])
    assert main([*argv, "mode=classic"]) == 0  # a mode in --rules wins over the default
    out = capsys.readouterr().out
    assert _lines(out)[0].startswith("Tikal (classic, 2 players)")
    assert "rules: mode=classic players=2 start_worker=true" in out
    assert RESULT_LINE.match(_lines(out)[-1])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--rules", "colour=red"], "bad rule 'colour=red': unknown rule 'colour'"),
        (["--rules", "guard_on_tie=maybe"], "true or false"),
        (["--rules", "players=5"], "Rules.players must be 2, 3 or 4"),
        (["--players", "2", "--human", "P3"], "--human P3: this game has players P1, P2"),
    ],
)
def test_play_bad_options(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKAL-SETUP-1: an unknown rule, a bad value or a seat the game does not have is a
    clear one-line error, exit status 2."""
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tikalspeed: error: ") and message in err, err
    assert len(_lines(err)) == 1


def test_parse_rules() -> None:
    """Rules fields are read as in the position string; a later item overrides."""
    assert parse_rules(["players=3", "sold_out=skip", "players=2"]) == Rules(
        players=2, sold_out="skip"
    )
    assert parse_rules([]) == Rules()
    assert parse_rules(["mode=classic"]) == Rules(mode="classic")


# ----------------------------------------------------------------------------- human


def _stdin(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))


def test_human_session_with_bad_input_then_quit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKAL-TURN-4: unreadable text, '?', an action of the wrong kind and a legal
    placement, then 'quit': each bad line is answered and the game goes on; quitting
    ends cleanly with an unfinished result."""
    start = new_game(Rules(mode="classic", players=2), seed=1)
    place = str(legal_actions(start)[0])
    _stdin(monkeypatch, ["hello", "?", "uncover:b1", place, "board", "quit"])
    argv = ["play", "--mode", "classic", "--players", "2", "--seed", "1", "--human", "p1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "not an action: cannot read action 'hello'" in out
    assert f"legal actions ({len(legal_actions(start))}):" in out and place in out
    assert re.search(r"illegal: .* \(TIKAL-TURN-4\)", out)
    assert re.search(rf"^1\. P1 places .*  \[{place}\]$", out, re.M)
    assert "decision:  P1 spends action points: 10 of 10 left" in out
    assert "game stopped: P1 quit" in out
    assert _lines(out)[-1] == "result: * (unfinished)"
    assert out.count(render(start).splitlines()[-1]) >= 1
    assert "Traceback" not in out


def test_human_end_of_input_stops_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """End of input (Ctrl-D) stops the game like 'quit'."""
    _stdin(monkeypatch, [])
    assert main(["play", "--mode", "professional", "--seed", "3", "--human", "P1"]) == 0
    out = capsys.readouterr().out
    assert "game stopped: P1 quit" in out
    assert _lines(out)[-1] == "result: * (unfinished)"


def test_human_plays_a_whole_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKAL-END-1/2: a person plays P2 against a random P1 to the end: the narration is
    the game the same moves give when played directly. The CLI seeds the bot of seat k
    with seed + k and chance after the start with seed + 100 (docs/tikal-cli.md), so the
    person's moves are those a GreedyBot makes in that game."""
    seed, rules = 6, Rules(mode="classic", players=2)
    log = play_game(
        new_game(rules, seed=seed),
        {0: RandomBot(seed + 1), 1: GreedyBot(0)},
        random.Random(seed + 100),
    )
    mine = [str(p.action) for p in log if p.action.player == 1]
    final = log[-1].state
    assert final.result is not None
    _stdin(monkeypatch, mine)
    argv = ["play", "--mode", "classic", "--players", "2", "--seed", str(seed), "--human", "P2"]
    argv += ["--bot", "random"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    expected = [
        f"{i}. {'chance' if p.action.player < 0 else f'P{p.action.player + 1}'}: {p.action}"
        for i, p in enumerate(log, 1)
    ]
    assert _ply_lines(out) == expected
    scores = ", ".join(f"P{p + 1} {s}" for p, s in enumerate(final.result.scores))
    assert _lines(out)[-1].endswith(f"({scores})")


# ----------------------------------------------------------------------------- show


def test_show_position(capsys: pytest.CaptureFixture[str]) -> None:
    """A position string is drawn with its legal actions."""
    s = new_game(Rules(mode="professional", players=3), seed=2)
    assert main(["show", to_text(s)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(render(s) + "\n")
    assert f"legal actions ({len(legal_actions(s))}):" in out
    assert "pass bid:1" in out
    assert main(["show", *to_text(s).split()]) == 0  # fields as separate words
    assert capsys.readouterr().out == out


def test_show_bad_position(capsys: pytest.CaptureFixture[str]) -> None:
    """A string that is not a position: one-line error on stderr, exit status 2."""
    assert main(["show", "nonsense"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("tikalspeed: error: not a position: ")
    assert len(_lines(captured.err)) == 1
    assert main(["show"]) == 2
    assert capsys.readouterr().err == "tikalspeed: error: show needs a POSITION\n"


# ----------------------------------------------------------------------------- replay


@pytest.mark.parametrize("mode", ["classic", "professional"])
def test_record_and_replay_round_trip(
    mode: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Records: play --record writes a record that replays, and ``tikalspeed replay``
    narrates the same actions and result as the game itself."""
    path = tmp_path / "game.tikal"
    argv = ["play", "--mode", mode, "--players", "2", "--seed", "21", "--record", str(path)]
    assert main(argv) == 0
    played = capsys.readouterr().out
    assert _lines(played)[-1] == f"record written to {path}"
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    assert _ply_lines(replayed) == _ply_lines(played)
    assert _lines(replayed)[-1] == _lines(played)[-2]
    assert "P1: greedy bot" in replayed


def test_replay_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing file, a non-record, a binary file and a record whose actions do not
    replay: each is a one-line error, exit 2; the last names the line and the clause."""
    garbage = tmp_path / "garbage.tikal"
    garbage.write_text("hello\n", encoding="utf-8")
    binary = tmp_path / "binary.tikal"
    binary.write_bytes(b"\xff\xfe\x00")
    illegal = tmp_path / "illegal.tikal"
    illegal.write_text(
        '[Game "Tikal"]\n[Format "1"]\n[Rules "mode=classic"]\n[Seed "1"]\n[Result "*"]\n\n'
        "1. uncover:b1 *\n",
        encoding="utf-8",
    )
    for path in (tmp_path / "missing.tikal", garbage, binary, illegal):
        assert main(["replay", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("tikalspeed: error: ") and len(_lines(err)) == 1
    main(["replay", str(illegal)])
    err = capsys.readouterr().err
    assert "line 7" in err and "(TIKAL-TURN-4)" in err  # the action line, after 5 headers


# ----------------------------------------------------------------------------- bench


def test_bench_functions_return_positive_numbers() -> None:
    """The benchmark loop finishes at least one game however small the budget; no timing
    is asserted, only that every figure is positive."""
    for mode in ("classic", "professional"):
        p = playouts(0.0, seed=3, rules=Rules(mode=mode, players=2))
        assert p.games >= 1 and p.transitions > p.games
        assert p.transitions_per_second > 0 and p.games_per_second > 0
    assert random_game(Rules(mode="classic", players=3), random.Random(1)) > 36
    assert peak_memory_mb() > 0
    r = run(0.0, seed=3, rules=Rules(mode="classic", players=2))
    assert min(r.transitions_per_second, r.games_per_second, r.peak_memory_mb) > 0


def test_bench_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``tikalspeed bench --mode M --players N`` prints its setup and that one row (the
    whole layout is in tests/test_bench_ratio.py); a negative time is refused."""
    assert main(["bench", "--seconds", "0", "--players", "2", "--mode", "professional"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert lines[0].startswith("tikalspeed bench: ") and "build, seed 0" in lines[0]
    assert re.fullmatch(r"professional +2 +[\d,]+ +[\d,.]+ +([\d.]+x|-) +[\d,.]+", lines[3])
    assert re.fullmatch(r"peak memory: +[\d,.]+ MB after [\d,]+ games .*", lines[4])
    assert main(["bench", "--seconds", "-1"]) == 2


def test_bench_speed_default_and_functions(capsys: pytest.CaptureFixture[str]) -> None:
    """SPEED-ROUND-1: ``tikalspeed bench`` measures 4-player Speed games among its rows;
    every figure of a Speed run is positive (no speed is asserted)."""
    assert main(["bench", "--seconds", "0", "--mode", "speed"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert [line.split()[:2] for line in lines[3:6]] == [["speed", n] for n in "234"]
    p = playouts(0.0, seed=2, rules=Rules(mode="speed", players=4))
    assert p.games >= 1 and p.transitions > p.games
    assert p.transitions_per_second > 0 and p.games_per_second > 0
    r = run(0.0, seed=2, rules=Rules(mode="speed"))
    assert min(r.transitions_per_second, r.games_per_second, r.peak_memory_mb) > 0


# ----------------------------------------------------------------------------- entry points


def test_usage_errors_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse errors return 2 (not SystemExit); --help returns 0."""
    assert main([]) == 2
    assert main(["fly"]) == 2
    assert main(["play", "--players", "5"]) == 2
    assert main(["play", "--mode", "turbo"]) == 2
    capsys.readouterr()
    assert main(["--help"]) == 0
    assert "play" in capsys.readouterr().out


def test_python_m_tikalspeed() -> None:
    """``python -m tikalspeed`` runs the same command."""
    done = subprocess.run(
        [sys.executable, "-m", "tikalspeed", "play", "--players", "2", "--seed", "1", "--quiet"],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert RESULT_LINE.match(_lines(done.stdout)[-1])


# ----------------------------------------------------------------------------- speed


def test_play_defaults_to_a_four_player_speed_game(capsys: pytest.CaptureFixture[str]) -> None:
    """SPEED-ROUND-1, SPEED-END-1: without --mode and --players, ``tikalspeed play`` is a
    4-player Speed game between bots, played to its end; --mode still picks the others."""
    assert main(["play", "--seed", "3", "--quiet"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert lines[0].startswith("Tikal (speed, 4 players): P1 greedy bot, P2 greedy bot, ")
    assert not any(line.startswith("rules:") for line in lines)  # no rule differs from Rules()
    assert RESULT_LINE.match(lines[-1]) and lines[-1].count(", P") == 3
    assert main(["play", "--seed", "3", "--quiet", "--mode", "classic"]) == 0
    assert _lines(capsys.readouterr().out)[0].startswith("Tikal (classic, 4 players)")


@pytest.mark.parametrize(("players", "bot"), [("2", "random"), ("3", "greedy")])
def test_play_speed_finishes_with_result_line(
    players: str, bot: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEED-END-1, TIKAL-END-2: Speed games of 2 and 3 players end with a result line."""
    argv = ["play", "--mode", "speed", "--players", players, "--seed", "5", "--bot", bot]
    assert main([*argv, "--quiet"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert lines[0].startswith(f"Tikal (speed, {players} players): P1 {bot} bot, ")
    assert RESULT_LINE.match(lines[-1]), lines[-1]


def test_play_speed_narration_round_by_round(capsys: pytest.CaptureFixture[str]) -> None:
    """SPEED-AUCTION-2, SPEED-PLACE-1, SPEED-JUMP-1/2, SPEED-SCORE-1: a Speed game is told
    round by round: a heading per round, the placements and each Jump announced, the
    token choices hidden until the reveal line gives the counts, the scorings; the
    board is drawn once after the placements and once at the end of each round."""
    assert main(["play", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    rounds = [ln for ln in lines if ln.startswith("=== Round ")]
    assert rounds[0].startswith("=== Round 1: auction opened by P1, 36 tiles left")
    assert [int(r.split()[2].rstrip(":")) for r in rounds] == list(range(1, len(rounds) + 1))
    assert len(rounds) >= 9  # 36 tiles, 4 a round
    assert sum(ln.startswith("--- placement, in Round Order ") for ln in lines) == len(rounds)
    assert any(
        re.match(r"--- Jump \d+: (P\d, )*P\d choose tokens in secret ---", ln) for ln in lines
    )
    assert re.search(r"^   tokens revealed: (P\d \d, )*P\d \d \(SPEED-JUMP-2\)$", out, re.M)
    assert re.search(r"^\d+\. P\d chooses tokens in secret .*  \[tokens:\?\]$", out, re.M)
    assert not re.search(r"^\d+\. P\d .*tokens:\d", out, re.M)  # counts only in the reveal
    assert "   -- scoring --" in out and "(SPEED-SCORE-1)" in out
    assert "   -- final scoring --" in out and "(SPEED-END-1)" in out
    boards = out.count("decision:  ")
    assert boards == 1 + 2 * len(rounds)  # the start, after placements, each round's end
    assert RESULT_LINE.match(lines[-1])
    assert len(_ply_lines(out)) == int(_ply_lines(out)[-1].split(".")[0])


def _speed_prefix(seed: int) -> tuple[list[str], int]:
    """P1's actions in the default CLI Speed game of ``seed`` (greedy bots seeded
    seed + k, chance from seed + 100) up to his first token choice, and how many
    token choices he has there."""
    rules = Rules(mode="speed", players=4)
    mine: list[str] = []
    found: list[int] = []

    def p1(state: State | View, player: int) -> Action:
        if isinstance(state, View):  # at a Jump's secret choices, P1's own view
            found.append(len(view_actions(state)))
            raise StopIteration
        action = GreedyBot(seed + 1).choose(state, player)
        mine.append(str(action))
        return action

    bots = {0: p1, **{p: GreedyBot(seed + 1 + p) for p in range(1, 4)}}
    with pytest.raises(StopIteration):
        play_game(new_game(rules, seed=seed), bots, random.Random(seed + 100))
    return mine, found[0]


def test_human_cannot_choose_tokens_for_another_seat(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEED-JUMP-1 and issue 8's seats: at his first Jump, the human P1 who types
    P2:tokens:1 (the bot P2's secret choice, not made yet) is refused with "you are P1",
    P2's choice stays his bot's, and nothing is echoed as P1's; any other seat's token
    and a chance outcome are refused the same way."""
    seed = 8
    mine, _ = _speed_prefix(seed)
    _stdin(monkeypatch, [*mine, "P2:tokens:1", "P3:tokens:5", "draw=A1", "tokens:2", "quit"])
    assert main(["play", "--seed", str(seed), "--human", "P1"]) == 0
    out = capsys.readouterr().out
    assert "> P2:tokens:1\n  you are P1: P2:tokens:1 is P2's decision\n" in out
    assert "> P3:tokens:5\n  you are P1: P3:tokens:5 is P3's decision\n" in out
    assert "> draw=A1\n  you are P1: draw=A1 is a chance outcome, not a decision\n" in out
    assert "P1 takes 1 token " not in out and "P1 takes 5 tokens" not in out
    assert "  P1 takes 2 tokens in secret" in out
    revealed = re.search(r"tokens revealed: (.*)", out)
    assert revealed and "P1 2" in revealed.group(1)
    assert "Traceback" not in out


def test_human_speed_session_tokens_bad_input_and_quit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEED-JUMP-1: a person plays P1 of a Speed game through the auction and the
    placement to his first Jump; there he is told his tokens, too many tokens and a
    wrong kind of action are refused with the clause, '?' lists his own token choices
    only, his choice is echoed to him alone (the narration writes tokens:?), and 'quit'
    at his next decision ends the game cleanly."""
    seed = 8
    mine, choices = _speed_prefix(seed)
    _stdin(monkeypatch, [*mine, "tokens:9", "bid:3", "?", "tokens:2", "quit"])
    assert main(["play", "--seed", str(seed), "--human", "P1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tikal (speed, 4 players): P1 human, P2 greedy bot")
    assert "P1: take 1 to 5 of your 10 tokens in secret (tokens:N); already chosen: nobody" in out
    assert re.search(r"illegal: tokens:9: .*\(SPEED-JUMP-1\)", out)
    assert re.search(r"> bid:3\n  illegal: .*\(SPEED-JUMP-1\)", out)
    assert f"legal actions ({choices}):" in out and "tokens:1" in out
    assert "  P1 takes 2 tokens in secret" in out
    tail = out[out.index("  P1 takes 2 tokens in secret") :]
    assert re.search(r"^\d+\. P1 chooses tokens in secret .*  \[tokens:\?\]$", tail, re.M)
    assert re.search(r"tokens revealed: .*P1 2", tail)
    assert "game stopped: P1 quit" in out
    assert _lines(out)[-1] == "result: * (unfinished)"
    assert "Traceback" not in out


def test_a_near_miss_gets_a_hint(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 8: 'bid 2' at P1's first bid is answered "did you mean bid:2?"; the game
    goes on."""
    _stdin(monkeypatch, ["bid 2", "quit"])
    assert main(["play", "--mode", "professional", "--seed", "3", "--human", "P1"]) == 0
    out = capsys.readouterr().out
    assert "P1 · auction · bid or pass> bid 2\n  not an action: " in out
    assert "  did you mean bid:2?\n" in out
