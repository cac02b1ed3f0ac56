"""The study both games share (``gamekit.studies``: the study, its runner, its
output): Tiki's study is the kit's, with the rows Tiki's own study gave; ``simulate
--bots`` refuses an empty name and more bots than seats; rows to CSV and Parquet,
plots as PNG and SVG, and the Ray backend giving the rows of a local run. Driven
through tiki, whose games are quick."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

import tiki
from gamekit.studies import moments as _moments
from gamekit.studies import output as _studyout
from gamekit.studies import runner as _study
from gamekit.studies import stats as _stats
from gamekit.studies import study as _kit
from tiki.tools import studies as simulate
from tiki.tools.cli import main


def _rows() -> list[dict[str, object]]:
    return simulate.simulate([tiki.Rules(), tiki.Rules(shaman=True)], 6, seed=3, bots=["random"])


def test_rows_to_parquet_keep_their_lists(tmp_path: Path) -> None:
    """One Parquet row per game, list columns kept as lists (the scores of x and o)."""
    rows = _rows()
    _studyout.write_parquet(rows, tmp_path / "rows.parquet")
    table = pq.read_table(tmp_path / "rows.parquet").to_pylist()
    assert table == rows


def test_plots_are_written_as_png_and_svg(tmp_path: Path) -> None:
    """A plot per measure and one of the seat win rates, each as PNG and SVG."""
    table = _stats.summary(_rows(), simulate.MEASURES)
    written = _studyout.plot(table, ["plies", "first_won"], tmp_path)
    names = sorted(p.name for p in written)
    assert names == sorted(
        f"{m}.{e}" for m in ("plies", "first_won", "seats") for e in ("png", "svg")
    )
    assert (tmp_path / "seats.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "plies.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_ray_gives_the_rows_of_a_local_run() -> None:
    """``backend='ray'`` on a local Ray instance: the same rows, in the same order, as
    the local run (workers get rulesets and seeds, never states)."""
    import ray

    rules = [tiki.Rules(), tiki.Rules(shaman=True)]
    local = simulate.simulate(rules, 5, seed=1, bots=["greedy", "random"])
    try:
        ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
        remote = simulate.simulate(
            rules, 5, seed=1, bots=["greedy", "random"], backend="ray", jobs=1
        )
    finally:
        ray.shutdown()
    assert remote == local


PINNED = {
    "ruleset": "shaman=true",
    "seed": 40,
    "bots": "random,greedy",
    "players": 2,
    "first": 1,
    "winner": 1,
    "first_won": 1.0,
    "scores": [1, 4],
    "spread": 3,
    "reason": "four-fruits",
    "plies": 32,
    "turns": 30,
    "decisions": 32,
    "decisions_by": [16, 16],
    "handoffs": 30,
    "wait_mean": 0.96875,
    "wait_max": 2,
    "gap_mean": 1.0333333333333334,
    "wait_by": [0.9375, 1.0],
}
"""A row of Tiki's own study before the kit's took its place (issue 19), to the bit."""


def test_tiki_study_is_the_kits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The study ``tiki simulate`` runs is the kit's: Tiki's names are the methods of
    its ``STUDY``, a :class:`gamekit.studies.study.Study` of ``tiki.GAME``, and the
    rows of a study are measured by the kit's :func:`~gamekit.studies.moments.count`
    (:func:`~gamekit.studies.study.waits` before issue 21's measures of table time)."""
    assert isinstance(simulate.STUDY, _kit.Study) and simulate.STUDY.game is tiki.GAME
    for name in ("make_bot", "play_row", "simulate"):
        assert getattr(simulate, name).__func__ is getattr(_kit.Study, name)
    assert set(_kit.NAMES) <= set(simulate.__all__)
    measured: list[int] = []
    count = _moments.count

    def spy(trail: list[int], players: int, cost: Any) -> Any:
        measured.append(len(trail))
        return count(trail, players, cost)

    monkeypatch.setattr(_moments, "count", spy)
    rows = simulate.simulate([tiki.Rules(shaman=True)], 2, seed=40, bots=["random", "greedy"])
    assert measured == [r["decisions"] for r in rows] and measured[0] == PINNED["decisions"]


def test_tiki_rows_are_those_of_its_own_study_before() -> None:
    """TIKI-TURN-3: a row of the kit's study is the row Tiki's own study gave for the
    same ruleset, seed and bots, its columns in the same order (one decision a
    moment: the waits count the other player's decisions). Issue 21's columns of
    table time came beside them; these are unchanged."""
    row = simulate.play_row("shaman=true", 40, ("random", "greedy"))
    assert {k: row[k] for k in PINNED} == PINNED and [k for k in row if k in PINNED] == list(PINNED)


@pytest.mark.parametrize("bots", [",,,", "", "greedy,", " , random", "greedy,,random"])
def test_simulate_refuses_an_empty_bot_name(bots: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--bots ,,,`` no longer seats greedy everywhere: a list with an empty name is a
    usage error (exit status 2) in one line that names the list."""
    assert main(["simulate", "--games", "1", "--bots", bots]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"tiki: error: --bots {bots!r} has an empty bot name: " + (
        "give one bot per seat, separated by commas (greedy,random)\n"
    )


def test_simulate_refuses_more_bots_than_seats(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKI-TURN-3: a game of Tiki seats two players; a third bot was dropped without a
    word, and is now a usage error (a ``ValueError`` from Python) naming the bots.
    One name still seats it on both sides."""
    assert main(["simulate", "--games", "1", "--bots", "greedy,random,mcts"]) == 2
    assert capsys.readouterr().err == (
        "tiki: error: 3 bots (greedy,random,mcts) for games of at most 2 players: "
        "give one bot per seat, or fewer to repeat them\n"
    )
    with pytest.raises(ValueError, match=r"^4 bots \(random,random,random,\.\.\.\) for games"):
        simulate.simulate([tiki.Rules()], 1, bots=["random"] * 4)
    assert simulate.simulate([tiki.Rules()], 1, bots=["random"])[0]["bots"] == "random,random"


@pytest.mark.parametrize("package", ["tiki", "tikalspeed"])
def test_simulate_help_shows_one_percent_sign(
    package: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``simulate --help`` said "95%%": argparse leaves a description as written (only
    a help string is %-formatted), so the escape showed. Both games now say "95%"."""
    import importlib

    cli = importlib.import_module(f"{package}.tools.cli")
    assert cli.main(["simulate", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "its 95% confidence interval" in text and "%%" not in text


def test_progress_bar_by_default_on_a_terminal_only() -> None:
    """The bar shows at once when asked for (``--progress``), never with
    ``--no-progress``, and by default only on a terminal and only once the study has
    run a few seconds (a quick study, piped output and the tests see none)."""
    assert _study.progress_delay(True, terminal=False) == 0.0
    assert _study.progress_delay(True, terminal=True) == 0.0
    assert _study.progress_delay(False, terminal=True) is None
    assert _study.progress_delay(False, terminal=False) is None
    assert _study.progress_delay(None, terminal=False) is None
    assert _study.progress_delay(None, terminal=True) == _study.PROGRESS_DELAY >= 1.0


@pytest.mark.parametrize(
    ("flag", "terminal", "shown"),
    [
        ([], False, (False, 0.0)),
        ([], True, (True, _study.PROGRESS_DELAY)),
        (["--progress"], False, (True, 0.0)),
        (["--no-progress"], True, (False, 0.0)),
    ],
)
def test_simulate_passes_the_progress_choice(
    flag: list[str], terminal: bool, shown: tuple[bool, float], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``tiki simulate`` asks the study for the bar :func:`progress_delay` chose, from
    its flag and whether standard error is a terminal."""
    asked: list[tuple[bool, float]] = []
    real = simulate.STUDY.simulate

    def spy(*args: Any, **kwargs: Any) -> Any:
        asked.append((kwargs["progress"], kwargs["progress_delay"]))
        return real(*args, **kwargs)

    monkeypatch.setattr(simulate, "simulate", spy)
    monkeypatch.setattr(_studyout, "_isatty", lambda stream: terminal)
    assert main(["simulate", "--games", "1", "--bots", "random", *flag]) == 0
    assert asked == [shown]


def test_no_bar_when_standard_error_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Under the tests standard error is no terminal: by default no bar is drawn;
    ``--progress`` draws one there anyway."""
    assert main(["simulate", "--games", "2", "--bots", "random"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["simulate", "--games", "2", "--bots", "random", "--progress"]) == 0
    assert "2/2" in capsys.readouterr().err


def test_the_waits_of_a_trail_without_secrets_are_counted_alike() -> None:
    """A trail without a secret choice (Tiki's) takes a shorter road through
    :func:`~gamekit.studies.moments.count` (issue 21); it gives what the road of any
    trail gives, every figure (the waits, and the moments, idle time and table time
    of issue 21), here on random trails of 2 to 4 players with random costs."""
    import random

    rng = random.Random(21)
    for _ in range(300):
        players = rng.randint(2, 4)
        trail = [rng.randrange(players) for _ in range(rng.randint(0, 40))]
        costs = [float(rng.randint(1, 40)) for _ in trail]
        road = _moments._in_moments(trail, players, costs)
        assert _moments.count(trail, players, costs) == road
        assert _moments._in_turn(trail, players, costs) == road
        five = ("decisions_by", "wait_sum_by", "wait_max", "gaps", "handoffs")
        assert _kit.waits(trail, players) == tuple(road[k] for k in five)


def test_the_waits_by_definition_on_trails_without_secrets() -> None:
    """The short road of :func:`~gamekit.studies.study.waits` against the definition:
    a player's wait is the decisions of others since his previous one."""
    import random

    rng = random.Random(7)
    for _ in range(300):
        players = rng.randint(2, 4)
        trail = [rng.randrange(players) for _ in range(rng.randint(1, 40))]
        waits = []
        for i, p in enumerate(trail):
            previous = max((j for j in range(i) if trail[j] == p), default=-1)
            waits.append((p, i - previous - 1))
        decisions, wait_sum, wait_max, gaps, handoffs = _kit.waits(trail, players)
        assert decisions == [trail.count(q) for q in range(players)]
        assert wait_sum == [sum(w for p, w in waits if p == q) for q in range(players)]
        assert wait_max == max(w for _, w in waits) and gaps == sum(1 for _, w in waits if w)
        assert handoffs == sum(1 for a, b in itertools.pairwise(trail) if a != b)
