"""The measures of time at the table (issue 21), counted by hand: the moments of a
trail (a run of secret choices is one moment, SPEED-JUMP-1), each player's idle
moments and longest idle stretch, the waits by length, the table-time model (a
simultaneous moment as long as its slowest chooser), on hand-made trails, against
the definitions on random ones, and on a short game of Tiki written out by hand."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gamekit.studies import moments as _moments
from gamekit.studies import output as _output
from gamekit.studies import stats as _stats
from gamekit.studies import tables as _tables
from gamekit.studies import words as _words
from gamekit.studies.moments import WAIT_BINS, count, margin
from gamekit.studies.timing import TableTime
from tiki.tools import studies as tiki_study


def _by_definition(trail: list[int], players: int, costs: list[float]) -> dict[str, object]:
    """The figures of :func:`count` from their definitions, the slow way: first the
    moments (who decides in each, how long it takes), then each player's stretches."""
    groups: list[dict[int, float]] = []  # per moment, each chooser's seconds
    waits: list[int] = []
    for i, (entry, took) in enumerate(zip(trail, costs, strict=True)):
        p = entry if entry >= 0 else ~entry
        if entry < 0 and i > 0 and trail[i - 1] < 0:  # the same run of secret choices
            if p in groups[-1]:  # a second choice in one moment: no wait before it
                groups[-1][p] += took
                continue
            groups[-1][p] = took
        else:
            groups.append({p: took})
        before = [m for m, g in enumerate(groups[:-1]) if p in g]
        waits.append(len(groups) - 1 - (before[-1] if before else -1) - 1)
    seconds = [max(g.values()) for g in groups]
    stretches: list[tuple[int, float]] = []  # every idle stretch of every player
    idle, idle_seconds = [], []
    for p in range(players):
        run, run_seconds = 0, 0.0
        for g, took in zip(groups, seconds, strict=True):
            if p in g:
                stretches.append((run, run_seconds))
                run, run_seconds = 0, 0.0
            else:
                run, run_seconds = run + 1, run_seconds + took
        stretches.append((run, run_seconds))
        idle.append(sum(1 for g in groups if p not in g))
        idle_seconds.append(sum(t for g, t in zip(groups, seconds, strict=True) if p not in g))
    hist = [sum(1 for w in waits if w == n) for n in range(1, WAIT_BINS)]
    return {
        "moments": len(groups),
        "idle_by": idle,
        "idle_longest": max(s for s, _ in stretches),
        "wait_hist": [*hist, sum(1 for w in waits if w >= WAIT_BINS)],
        "table_seconds": sum(seconds),
        "idle_seconds_by": idle_seconds,
        "idle_longest_seconds": max(t for _, t in stretches),
    }


@pytest.mark.parametrize(
    ("trail", "moments", "idle_by", "longest", "waits"),
    [
        ([0, 1, 1, 0], 4, [2, 2], 2, {1: 1, 2: 1}),  # x waits 2 moments, o 1
        ([0, ~0, ~1, 1], 3, [1, 1], 1, {1: 1}),  # one Jump: the token choices are one moment
        ([~1, ~0, ~2, 0, 1, 2], 4, [2, 2, 2], 2, {1: 1, 2: 1}),  # a run starting the game
        ([0, 0, 0, 1], 4, [1, 3], 3, {3: 1}),  # o idle 3 moments before his first decision
        ([0, ~0, ~1, 0, ~1, ~0], 4, [0, 2], 1, {1: 2}),  # two Jumps, an action between
    ],
)
def test_moments_and_idle_of_hand_made_trails(
    trail: list[int], moments: int, idle_by: list[int], longest: int, waits: dict[int, int]
) -> None:
    """Issue 21, SPEED-JUMP-1: a run of secret choices is one moment, in which every
    chooser decides; a player is idle in the moments he does not decide in; his
    longest idle stretch counts the moments before his first decision and after his
    last; the waits by length count each wait before a decision once."""
    m = count(trail, len(idle_by), 10.0)
    assert (m["moments"], m["idle_by"], m["idle_longest"]) == (moments, idle_by, longest)
    hist = [0] * WAIT_BINS
    for length, n in waits.items():
        hist[length - 1] = n
    assert m["wait_hist"] == hist and sum(hist) == m["gaps"]
    assert m["table_seconds"] == 10.0 * moments  # every decision 10 s, a run as one


def test_a_simultaneous_moment_takes_its_slowest_chooser() -> None:
    """Issue 21: the token choices of a Jump take as long as the slowest of its
    choosers, and each chooser is deciding all that time (no idle in it).
    Trail x, then x and o choose at once (x 5 s, o 30 s), then o: 10 + 30 + 20 s."""
    m = count([0, ~0, ~1, 1], 2, [10.0, 5.0, 30.0, 20.0])
    assert m["table_seconds"] == 60.0
    assert m["idle_seconds_by"] == [20.0, 10.0]  # x idle in o's last, o in x's first
    assert m["idle_longest_seconds"] == 20.0
    # a player with two choices in one run takes their sum: x 5 + 5 > o 8
    assert count([~0, ~1, ~0], 2, [5.0, 8.0, 5.0])["table_seconds"] == 10.0


def test_the_waits_by_length_put_long_waits_last() -> None:
    """``wait_hist`` has 16 counts: waits of 1 to 15 moments, then 16 or more."""
    trail = [0, *[1] * 15, 0, *[1] * 40, 0]
    hist = count(trail, 2)["wait_hist"]
    assert len(hist) == WAIT_BINS == 16
    assert hist[0] == 2 and hist[14] == 1 and hist[15] == 1 and sum(hist) == 4  # o: 1, 1


def test_every_figure_follows_its_definition_on_random_trails() -> None:
    """Issue 21: one pass over the trail gives what the definitions give, the slow
    way, on random trails of 2 to 4 players, with and without secret runs and with
    random seconds a decision."""
    rng = random.Random(2121)
    for _ in range(400):
        players = rng.randint(2, 4)
        trail: list[int] = []
        size = rng.randint(0, 60)
        while len(trail) < size:
            if rng.random() < 0.3:  # a Jump: some players choose at once, once each
                trail += [~p for p in rng.sample(range(players), rng.randint(1, players))]
            else:
                trail.append(rng.randrange(players))
        costs = [float(rng.randint(0, 50)) for _ in trail]
        got = count(trail, players, costs)
        assert {k: got[k] for k in _by_definition(trail, players, costs)} == _by_definition(
            trail, players, costs
        )
        if min(trail, default=0) >= 0:  # the shorter roads of a trail without secrets
            assert _moments._in_turn(trail, players, costs) == got
            same = _moments._in_moments(trail, players, [7.0] * len(trail))
            assert count(trail, players, 7.0) == same


def test_the_margin_of_a_win_a_draw_and_an_unfinished_game() -> None:
    """Issue 21: the winner's score minus the best other's (a kingmaking sign); 0 for
    a draw or a shared win; an unfinished game's highest minus second highest."""
    assert margin([40, 52, 47], 1) == 5
    assert margin([30, 30], -1) == 0
    assert margin([12, 9, 11], -2) == 1


def test_the_model_refuses_what_is_no_time() -> None:
    """The table-time model's costs are 0 to 3600 seconds each."""
    assert TableTime(0, 0, 3600).seconds(5, 2) == 7200.0
    for bad in ({"base": -1}, {"per_point": 3601}, {"per_option": float("nan")}):
        with pytest.raises(ValueError, match="takes 0 to 3600 seconds"):
            TableTime(**bad)


def test_a_short_game_of_tiki_by_hand() -> None:
    """TIKI-TURN-3, issue 21: the game of seed 40, ``shaman=true``, random (x) against
    greedy (o). o moves first; x then decides twice in a row, and from there they
    alternate: o x x o x o … o, 32 decisions, 16 each (the trail is checked below).

    By hand, each decision its own moment (Tiki has no secret choice): 32 moments;
    each player idle in the other's 16. The waits: o's 2 (moments 1, 2), x's first 1,
    and 14 waits of 1 each, so 29 waits of 1 and one of 2; o's longest idle stretch is
    those 2 moments. The model (10 s a decision; a decision of Tiki spends no points):
    320 s, 5 1/3 minutes; each idle 160 s; the longest stretch 20 s. o won 4 fruits
    to 1: a margin of 3."""
    seen: list[list[int]] = []
    real = _moments.count

    def spy(trail: list[int], players: int, cost: float) -> dict[str, object]:
        seen.append(list(trail))
        return real(trail, players, cost)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_moments, "count", spy)
        row = tiki_study.play_row("shaman=true", 40, ("random", "greedy"))
    assert seen == [[1, 0, 0] + [1, 0] * 14 + [1]]
    assert row["first"] == 1 and row["winner"] == 1 and row["scores"] == [1, 4]
    assert row["margin"] == 3
    assert row["moments"] == 32 and row["idle_by"] == [16, 16] and row["idle_mean"] == 16
    assert row["idle_longest"] == 2
    assert row["wait_hist"] == [29, 1] + [0] * 14
    assert row["table_minutes"] == pytest.approx(320 / 60)
    assert row["idle_minutes_by"] == pytest.approx([160 / 60, 160 / 60])
    assert row["idle_minutes"] == pytest.approx(160 / 60)
    assert row["idle_longest_minutes"] == pytest.approx(20 / 60)
    # the same game at 6 s a decision: 192 s; the points Tiki spends weigh nothing
    slow = tiki_study.play_row("shaman=true", 40, ("random", "greedy"), TableTime(6, 99, 0))
    assert slow["table_minutes"] == pytest.approx(192 / 60)


def test_the_model_reaches_every_worker() -> None:
    """Issue 21: a study's workers get the model as a plain value beside the study's
    name: the rows are the same whatever the number of processes, and the default
    model gives the rows of ``TableTime()``."""
    rules = [tiki_study.parse_rules("default")]
    model = TableTime(base=1, per_point=0, per_option=2)
    one = tiki_study.simulate(rules, 4, seed=1, bots=["random"], table_time=model)
    assert tiki_study.simulate(rules, 4, seed=1, bots=["random"], jobs=2, table_time=model) == one
    assert [r["table_minutes"] for r in one] != [
        r["table_minutes"] for r in tiki_study.simulate(rules, 4, seed=1, bots=["random"])
    ]
    assert tiki_study.simulate(rules, 2, bots=["random"], table_time=TableTime()) == (
        tiki_study.simulate(rules, 2, bots=["random"])
    )


def test_the_summary_and_the_plots_speak_in_words(tmp_path: Path) -> None:
    """Issue 21: the summary names each figure in words, its column after them, and a
    plot's axis carries the words (a designer reads "longest idle stretch", not
    ``idle_longest``); a game's own columns have its words (Tiki's ``turns``)."""
    rows = tiki_study.simulate([tiki_study.parse_rules("default")], 3, bots=["random"])
    table = _stats.summary(rows, tiki_study.MEASURES)
    text = _tables.summary_text(table, tiki_study.seat_names(), tiki_study.WORDS)
    assert "  longest idle stretch (moments) [idle_longest] " in text
    assert "  turns per game [turns] " in text and "  x wins " in text
    assert all(_words.label(m, tiki_study.WORDS) != m for m in tiki_study.MEASURES)
    _output.plot(table, ["idle_longest"], tmp_path, tiki_study.WORDS)
    assert "longest idle stretch (moments)" in (tmp_path / "idle_longest.svg").read_text("utf-8")


def test_an_unfinished_game_is_measured_to_where_it_stopped() -> None:
    """A game stopped after ``max_plies`` actions is unfinished (``winner`` -2): its
    plies are those, its margin the highest score minus the second, its moments those
    played, and every player idle in the others'."""
    import attrs

    short = attrs.evolve(tiki_study.STUDY, max_plies=5)
    row = short.play_row("default", 3, ("random", "random"))
    assert (row["winner"], row["plies"], row["decisions"], row["moments"]) == (-2, 5, 5, 5)
    assert row["margin"] == abs(row["scores"][0] - row["scores"][1])
    assert sum(row["idle_by"]) == 5 and row["table_minutes"] == pytest.approx(50 / 60)
