"""``bench`` tells its speed as a ratio to python-chess measured in the same run (issue
10: the machines are noisy, a ratio is what compares), per mode and player count, with
games/s, the peak memory and the build. Speed itself is never asserted."""

from __future__ import annotations

import re
import sys

import pytest

import tikalspeed
from gamekit import yardstick as _chess
from gamekit.studies import runner
from tikalspeed.tools.cli import main as tikal_main
from tiki.tools.cli import main as tiki_main

SIMULATE = (
    r"simulate: +[\d,.]+ games/s, --jobs 1, random bots, {}: [\d.]+x bench's games/s"
    r" \(CPU time, in turn\)"
)
"""``bench``'s line laying ``simulate --jobs 1`` beside its random playouts."""
ROW = re.compile(r"^(\S+) +(\d) +([\d,]+) +([\d,.]+) +([\d.]+)x +([\d,.]+)$")


def test_the_table_divides_by_python_chess() -> None:
    """The ratio is ours over python-chess's plies/s, as printed, to two decimals."""
    rows = [_chess.Row(("a", "2"), 50_000.0, 10.0, 30.0, 5)]
    line = _chess.table(["game", "players"], rows, (20_000.0, "1.11.2"))[1]
    found = ROW.match(line)
    assert found is not None, line
    assert found.group(3) == "50,000" and found.group(5) == "2.50"


def test_without_python_chess_bench_says_how_to_get_the_ratio(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without python-chess the figures still print, with a line naming the extra."""
    monkeypatch.setitem(sys.modules, "chess", None)  # import chess now raises ImportError
    assert _chess.chess_plies_per_second(0.0) is None
    assert "pip install 'tikal-tiki-rules[bench]'" in _chess.chess_line(None)
    rows = [_chess.Row(("a", "2"), 1.0, 1.0, 1.0, 1)]
    assert _chess.table(["game", "players"], rows, None)[1].split()[4] == "-"


def test_tikalspeed_bench_prints_every_mode_and_player_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """TIKAL-MODE-1, TIKAL-SETUP-1: ``tikalspeed bench`` measures each mode with 2, 3 and
    4 players: a row each with plies/s, games/s, the ratio and the peak memory, under
    the build and python-chess's figure; ``--mode`` and ``--players`` pick one."""
    assert tikal_main(["bench", "--seconds", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    build = "compiled (mypyc)" if tikalspeed.COMPILED else "pure Python"
    assert out[0].startswith(f"tikalspeed bench: {build} build, seed 0")
    assert out[1].startswith("python-chess:")
    assert out[2].split() == ["mode", "players", "plies/s", "games/s", "ratio", "peak", "MB"]
    rows = [ROW.match(line) for line in out[3:12]]
    assert all(rows), out
    assert [(r.group(1), r.group(2)) for r in rows if r] == [
        (m, n) for m in ("classic", "professional", "speed") for n in "234"
    ]
    peak = r"peak memory: +[\d,.]+ MB after [\d,]+ games \(the process's peak\)"
    assert re.fullmatch(peak, out[12])
    assert re.fullmatch(SIMULATE.format("classic 2"), out[13]) and len(out) == 14
    assert tikal_main(["bench", "--seconds", "0", "--mode", "classic", "--players", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in out[3:-2]] == [["classic", "3"]]
    assert re.fullmatch(SIMULATE.format("classic 3"), out[-1])


def test_tiki_bench_prints_its_row_apply_rate_and_memory(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``tiki bench`` prints the build, python-chess's figure, its row with the ratio,
    the apply rate and the peak memory."""
    assert tiki_main(["bench", "--seconds", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("tiki bench: ") and " build, default rules" in out[0]
    assert out[1].startswith("python-chess:")
    found = ROW.match(out[3])
    assert found is not None and found.group(1) == "tiki", out
    assert out[4].startswith("apply/s:") and out[5].startswith("peak memory:")
    assert re.fullmatch(SIMULATE.format("tiki 2"), out[6]) and len(out) == 7


def test_bench_lays_simulate_beside_its_random_playouts() -> None:
    """Issue 21: ``bench``'s last line is ``simulate --jobs 1``'s games/s with random
    bots over bench's own random games of the first row, both taken in turn, to two
    decimals."""
    assert _chess.simulate_line(57.0, 60.0, ("speed", "4")) == (
        "simulate:      57.0 games/s, --jobs 1, random bots, speed 4: 0.95x bench's games/s"
        " (CPU time, in turn)"
    )


def test_simulate_and_bench_games_taken_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21: the study's games and bench's are played in turn, the first of each
    pair alternating, a study game from each next seed, each timed apart on the
    process's clock: a study game twice as long as bench's reads half its games/s."""
    calls: list[str] = []
    seeds: list[int] = []
    now = [0.0]
    monkeypatch.setattr(runner.time, "process_time", lambda: now[0])

    def study(ruleset: str, seed: int, bots: tuple[str, ...]) -> dict[str, int]:
        calls.append("study")
        seeds.append(seed)
        now[0] += 0.02
        return {}

    def bench() -> None:
        calls.append("bench")
        now[0] += 0.01

    simulated, benched = runner.beside_bench(study, "r", ("random",), bench, 0.3, seed=7)
    assert calls[:6] == ["study", "bench", "bench", "study", "study", "bench"]
    assert seeds == list(range(7, 7 + len(seeds))) and calls.count("bench") == len(seeds)
    assert len(seeds) == 10  # 0.03 s a pair, 0.3 s in all
    assert simulated == pytest.approx(50.0) and benched == pytest.approx(100.0)
