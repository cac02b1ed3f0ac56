"""The ``tiki`` command line (tiki.tools.cli): play, show, replay and bench, driven through
``main(argv)``; bad input gives a one-line error and exit status 2, never a traceback."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tiki
from tiki import O, Rules, X
from tiki.text.record import read_record, replay
from tiki.tools.bench import apply_rate, playouts, run
from tiki.tools.bots import GreedyBot, RandomBot, play_game
from tiki.tools.cli import main, parse_rules

FRESH = "+1,+1,0/+1,+2,+1/0,+1,-1 turn x x - 0,0 7,0 - - 0 -"  # from the position format
RESULT_LINE = re.compile(r"^result: (1-0|0-1|1/2-1/2) \((x wins|o wins|draw) by [a-z-]+, ")


def _lines(text: str) -> list[str]:
    return text.rstrip("\n").splitlines()


def _ply_lines(text: str) -> list[str]:
    """The narration's action lines, each as '3. x: a1-b1' (the line reads
    "3. x moves the totem a1 → b1 (TIKI-MOVE-2)  [a1-b1]")."""
    found = (re.match(r"^(\d+)\. (x|o) .*  \[(\S+)\]$", ln) for ln in text.splitlines())
    return [f"{m[1]}. {m[2]}: {m[3]}" for m in found if m]


# ----------------------------------------------------------------------------- play


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--seed", "3"],
        ["play", "--seed", "4", "--bot", "random"],
        ["play", "--seed", "5", "--shaman"],
        ["play", "--seed", "6", "--rules", "movable=any", "allow_turns=false"],
    ],
)
def test_play_bot_game_finishes_with_result_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKI-END-1..3: a bot game runs to its end, narrates every action with its events and
    finishes with a result line agreeing with the game-over event."""
    assert main(argv) == 0
    out = capsys.readouterr().out
    last = _lines(out)[-1]
    assert RESULT_LINE.match(last), last
    over = [line for line in out.splitlines() if "game over:" in line]
    assert len(over) == 1
    if "draw" in last:
        assert "game over: draw" in over[0]
    else:
        assert f"game over: {last.split('(')[1].split(' ')[0]} wins" in over[0]
    assert "(TIKI-" in out
    assert "3 |" in out and "turn:" in out  # boards are drawn


def test_play_is_reproducible_from_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKI-SETUP-1/5: --seed fixes the layout, the first player and both bots."""
    main(["play", "--seed", "11", "--bot", "random"])
    first = capsys.readouterr().out
    main(["play", "--seed", "11", "--bot", "random"])
    assert capsys.readouterr().out == first


def test_play_turn_cap_rule(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKI-END-6: --rules max_turns=4 ends the game after 4 turns."""
    assert main(["play", "--seed", "1", "--rules", "max_turns=4"]) == 0
    out = capsys.readouterr().out
    assert "by turn-cap" in _lines(out)[-1]
    assert len(_ply_lines(out)) == 4
    assert "rules: max_turns=4" in out


@pytest.mark.parametrize(
    ("rules", "message"),
    [("colour=red", "unknown rule 'colour'"), ("shaman=maybe", "true or false"), ("x", "'x'")],
)
def test_play_bad_rules(rules: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Rules: an unknown rule or a bad value is a clear one-line error, exit 2."""
    assert main(["play", "--rules", rules]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tiki: error: bad rule") and message in err
    assert "Traceback" not in err


def test_parse_rules() -> None:
    """Rules fields are read as in the position string; a later item overrides."""
    assert parse_rules(["shaman=true", "max_turns=9", "shaman=false"]) == Rules(max_turns=9)
    assert parse_rules([]) == Rules()


# ----------------------------------------------------------------------------- human


def _human_stdin(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))


def _o_first_seed() -> int:
    return next(s for s in range(100) if tiki.new_game(seed=s).active == O)


def test_human_full_game_with_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKI-TURN-3, TIKI-SHAMAN-2: a person plays x against the random bot under the shaman
    rule. Unreadable text, '?', and an illegal action are answered with a message (the
    legal actions on '?'), the game goes on; x (second player) places the shaman; the
    game ends with the same result as the same moves played directly.

    The person's moves are those a GreedyBot would make; the CLI's bot for o is seeded
    with seed + 2 (docs/tiki-cli.md), so the same game can be computed here."""
    seed = _o_first_seed()
    rules = Rules(shaman=True)
    log = play_game(tiki.new_game(rules, seed=seed), {X: GreedyBot(0), O: RandomBot(seed + 2)})
    mine = [str(p.action) for p in log if p.action.player == X]
    final = log[-1].state
    assert final.result is not None
    _human_stdin(monkeypatch, ["hello", "?", "+a1", "", *mine])
    code = main(["play", "--seed", str(seed), "--shaman", "--human", "x", "--bot", "random"])
    out = capsys.readouterr().out
    assert code == 0
    assert "not an action: cannot read action 'hello'" in out
    # x must place the shaman first: a create is the wrong kind of action now
    assert re.search(r"illegal: \+a1 does not answer .*x places the shaman \(TIKI-TURN-3\)", out)
    assert out.count("legal actions (") >= 1  # on '?'
    assert out.count("('?' lists the legal actions)") == 2  # after 'hello' and the illegal move
    assert f"1. o: {log[0].action}" in _ply_lines(out)
    assert f"2. x: {log[1].action}" in _ply_lines(out) and mine[0].startswith("s@")
    expected = [f"{i}. {'xo'[p.action.player]}: {p.action}" for i, p in enumerate(log, 1)]
    assert _ply_lines(out) == expected
    assert _lines(out)[-1].startswith(f"result: {final.result.result()} ")
    assert "Traceback" not in out


@pytest.mark.parametrize("ending", [[], ["quit"]])
def test_human_quit_or_end_of_input(
    ending: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """End of input or 'quit' stops the game cleanly: a message, an unfinished result and
    exit status 0."""
    seed = next(s for s in range(100) if tiki.new_game(seed=s).active == X)
    _human_stdin(monkeypatch, ["+b2", "+b2", *ending])
    assert main(["play", "--seed", str(seed), "--human", "x"]) == 0
    out = capsys.readouterr().out
    assert "1. x creates a totem at b2 (TIKI-CREATE-1)  [+b2]" in out
    assert "illegal: b2 is not empty (TIKI-CREATE-3)" in out
    assert "game stopped: x quit" in out
    assert _lines(out)[-1] == "result: * (unfinished)"


def test_human_cannot_act_for_another_seat(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKI-TURN-3 and issue 8's seats: a chance outcome typed at x's prompt is refused
    with "you are x" before it reaches step, and the game goes on."""
    seed = next(s for s in range(100) if tiki.new_game(seed=s).active == X)
    _human_stdin(monkeypatch, ["layout=-1,0,0,1,1,1,1,1,2", "+b2", "quit"])
    assert main(["play", "--seed", str(seed), "--human", "x"]) == 0
    out = capsys.readouterr().out
    assert "  you are x: layout=-1,0,0,1,1,1,1,1,2 is a chance outcome, not a decision\n" in out
    assert "1. x creates a totem at b2 (TIKI-CREATE-1)  [+b2]" in out
    assert "Traceback" not in out


def test_human_board_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """'board' redraws the position for the person."""
    seed = next(s for s in range(100) if tiki.new_game(seed=s).active == X)
    _human_stdin(monkeypatch, ["board"])
    main(["play", "--seed", str(seed), "--human", "x"])
    out = capsys.readouterr().out
    assert out.count("decision:  x creates or moves a totem") == 2


# ----------------------------------------------------------------------------- show


def test_show_good_position(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKI-CREATE-1: a fresh position is drawn, with the 9 creates as its legal actions."""
    assert main(["show", FRESH]) == 0
    out = capsys.readouterr().out
    lines = _lines(out)
    assert lines[2] == "3 | +1      | +1      |  0      | 3"
    assert lines[6] == "1 |  0      | +1      | -1      | 1"
    assert "legal actions (9):" in out
    assert lines[-1].split() == ["+a1", "+b1", "+c1", "+a2", "+b2", "+c2", "+a3", "+b3", "+c3"]


def test_show_accepts_fields_as_separate_words(capsys: pytest.CaptureFixture[str]) -> None:
    """The position may be given unquoted, one field per word (after -- if it starts with -)."""
    assert main(["show", *FRESH.split()]) == 0
    one = capsys.readouterr().out
    assert main(["show", FRESH]) == 0
    assert capsys.readouterr().out == one
    minus = "-1,+1,0/+1,+2,+1/0,+1,+1 turn x x - 0,0 7,0 - - 0 -"
    assert main(["show", "--", *minus.split()]) == 0
    assert "3 | -1      | +1      |  0      | 3" in capsys.readouterr().out


def test_show_finished_and_chance_positions(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKI-TURN-3, TIKI-SETUP-1: no actions after the end; at the layout node, chance."""
    log = play_game(tiki.new_game(seed=2), {X: RandomBot(1), O: RandomBot(2)})
    assert main(["show", tiki.to_text(log[-1].state)]) == 0
    assert _lines(capsys.readouterr().out)[-1] == "legal actions: none, the game is over"
    assert main(["show", tiki.to_text(tiki.new_game())]) == 0
    assert "1512 possible layouts (a chance node)" in capsys.readouterr().out


@pytest.mark.parametrize(
    "position",
    ["nonsense", "+1,+1,0/+1,+2,+1/0,+1,-1 turn x x", FRESH.replace("turn", "dance")],
)
def test_show_bad_position(position: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A string that is not a position: one-line error on stderr, exit status 2."""
    assert main(["show", position]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("tiki: error: not a position: ")
    assert len(_lines(captured.err)) == 1


# ----------------------------------------------------------------------------- replay


@pytest.mark.parametrize("extra", [[], ["--shaman", "--bot", "random"]])
def test_record_and_replay_round_trip(
    extra: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Records: play --record writes a record that reads back, replays to the end of the
    game, and ``tiki replay`` narrates the same actions and result as the game itself."""
    path = tmp_path / "game.tiki"
    assert main(["play", "--seed", "21", *extra, "--record", str(path)]) == 0
    played = capsys.readouterr().out
    assert _lines(played)[-1] == f"record written to {path}"
    record = read_record(path.read_text(encoding="utf-8"))
    states = replay(record)
    assert record.seed == 21
    assert states[-1].result is not None
    assert record.result == states[-1].result.result()
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    assert _ply_lines(replayed) == _ply_lines(played)
    assert len(_ply_lines(replayed)) == len(record.actions)
    assert _lines(replayed)[-1] == _lines(played)[-2]
    assert "X: greedy bot" in replayed or "X: random bot" in replayed


def test_replay_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing file, a non-record and a record whose actions do not replay: each is a
    one-line error, exit status 2."""
    missing = tmp_path / "missing.tiki"
    garbage = tmp_path / "garbage.tiki"
    garbage.write_text("hello\n", encoding="utf-8")
    illegal = tmp_path / "illegal.tiki"
    illegal.write_text('[Game "Tiki"]\n[Format "1"]\n[Seed "1"]\n[Result "*"]\n\n+b2 +b2 *\n')
    binary = tmp_path / "binary.tiki"
    binary.write_bytes(b"\xff\xfe\x00")
    for path in (missing, garbage, illegal, binary):
        assert main(["replay", str(path)]) == 2
        captured = capsys.readouterr()
        assert captured.err.startswith("tiki: error: "), captured.err
        assert len(_lines(captured.err)) == 1
        assert "Traceback" not in captured.err
    main(["replay", str(illegal)])
    assert "TIKI-CREATE-3" in capsys.readouterr().err


# ----------------------------------------------------------------------------- bench


def test_bench_functions_return_positive_numbers() -> None:
    """The benchmark loops finish at least one game however small the budget; no timing
    is asserted, only that every figure is a positive count per second."""
    p = playouts(0.0, seed=3)
    assert p.games >= 1 and p.plies > p.games
    assert p.plies_per_second > 0 and p.games_per_second > 0
    a = apply_rate(0.0, seed=3, games=2)
    assert a.calls > 0 and a.per_second > 0
    r = run(0.0, seed=3)
    assert min(r.plies_per_second, r.apply_per_second, r.games_per_second) > 0


def test_bench_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``tiki bench`` prints its row of plies/s, games/s, ratio and memory, then apply/s
    (the whole layout is in tests/test_bench_ratio.py); a negative time is refused."""
    assert main(["bench", "--seconds", "0"]) == 0
    lines = _lines(capsys.readouterr().out)
    assert re.fullmatch(r"tiki +2 +[\d,]+ +[\d,.]+ +[\d.]+x +[\d,.]+", lines[3]), lines
    assert re.fullmatch(r"apply/s: +[\d,]+ \(recorded games replayed through apply\)", lines[4])
    assert main(["bench", "--seconds", "-1"]) == 2


# ----------------------------------------------------------------------------- entry points


def test_usage_errors_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse errors return 2 (not SystemExit); --help returns 0."""
    assert main([]) == 2
    assert main(["fly"]) == 2
    assert main(["play", "--human", "z"]) == 2
    capsys.readouterr()
    assert main(["--help"]) == 0
    assert "play" in capsys.readouterr().out


def test_python_m_tiki() -> None:
    """``python -m tiki`` runs the same command line."""
    ok = subprocess.run(
        [sys.executable, "-m", "tiki", "show", FRESH], capture_output=True, text=True, check=False
    )
    assert ok.returncode == 0 and "legal actions (9):" in ok.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "tiki", "show", "nonsense"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_a_near_miss_gets_a_hint(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 8: a near miss such as '+ b2' is answered with the legal token meant."""
    seed = next(s for s in range(100) if tiki.new_game(seed=s).active == X)
    _human_stdin(monkeypatch, ["+ b2", "quit"])
    assert main(["play", "--seed", str(seed), "--human", "x"]) == 0
    out = capsys.readouterr().out
    assert "  did you mean +b2?\n" in out
