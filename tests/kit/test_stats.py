"""Issue 32, "honest numbers": the statistics of a study (:mod:`gamekit.studies.stats`)
and the summary ``simulate`` prints with them (:mod:`gamekit.studies.tables`).

From the issue: "headline percentages have no interval (paired seeds would give
intervals 3× narrower than the unpaired ones shown); half-widths print as '± 0'; a
proportion's interval goes below zero (``0.100 [-0.096, 0.296]``); with 2 games a
ruleset the page still calls differences clear", and "the break-even is near 0.9 s of
a point per second of a decision with 4 players".
"""

from __future__ import annotations

import math
import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.studies import stats
from gamekit.studies.runner import Estimate
from gamekit.studies.tables import compared_text, summary_text


@settings(deadline=None, max_examples=300)
@given(st.integers(min_value=1, max_value=5000), st.data())
def test_wilson_stays_within_0_and_1(n: int, data: st.DataObject) -> None:
    """Issue 32: "a proportion's interval goes below zero". Wilson's interval of any
    count holds the share and stays within [0, 1], its bounds exactly 0 and 1 at the
    ends."""
    k = data.draw(st.integers(min_value=0, max_value=n))
    e = stats.wilson(k, n)
    assert 0.0 <= e.low <= e.mean <= e.high <= 1.0
    assert (e.low == 0.0) == (k == 0) and (e.high == 1.0) == (k == n)


def test_wilson_against_known_values() -> None:
    """Issue 32: Wilson's score interval, against the textbook values (Newcombe 1998,
    table I; and 0 of 10, 10 of 10)."""
    cases = {
        (5, 10): (0.2366, 0.7634),
        (0, 10): (0.0, 0.2775),
        (10, 10): (0.7225, 1.0),
        (1, 10): (0.0179, 0.4042),
        (81, 263): (0.2553, 0.3662),
        (15, 148): (0.0624, 0.1605),
    }
    for (k, n), (low, high) in cases.items():
        e = stats.wilson(k, n)
        assert (round(e.low, 4), round(e.high, 4)) == (low, high), (k, n)
    assert stats.estimate([0, 0, 1, 0, 0, 0, 0, 0, 0, 0]) == stats.wilson(1, 10)
    assert math.isnan(stats.wilson(0, 0).mean)


def test_the_paired_interval_by_hand() -> None:
    """Issue 32: "paired seeds would give intervals narrower than the unpaired ones".
    The difference of two rulesets is the mean of the differences seed by seed with
    their t interval, here against a computation by hand: the differences 2, 1, 3, 1
    have mean 1.75 and standard deviation sqrt(2.75 / 3); t(0.975, 3) = 3.182446."""
    d = stats.paired_difference([10, 12, 14, 11], [8, 11, 11, 10])
    half = 3.182446 * math.sqrt(2.75 / 3) / 2
    assert d.mean == 1.75 and d.n == 4
    assert d.low == pytest.approx(1.75 - half, abs=1e-5)
    assert d.high == pytest.approx(1.75 + half, abs=1e-5)
    with pytest.raises(ValueError, match="pair them by seed"):
        stats.paired_difference([1.0, 2.0], [1.0])


def test_pairing_narrows_the_interval() -> None:
    """Issue 32: games of the same seed share much (tiles, draws); the paired interval
    of the difference is narrower than the two means' intervals side by side."""
    rng = random.Random(32)
    shared = [rng.gauss(300, 20) for _ in range(100)]
    base = [s + rng.gauss(0, 3) for s in shared]
    other = [s + 15 + rng.gauss(0, 3) for s in shared]
    paired = stats.paired_difference(other, base)
    a, b = stats.t_interval(other), stats.t_interval(base)
    unpaired_half = math.hypot(a.high - a.mean, b.high - b.mean)
    assert paired.high - paired.mean < unpaired_half / 3
    assert stats.clear(paired) and paired.low > 10


def test_fieller_change_agrees_with_the_difference() -> None:
    """Issue 32: a percentage with an interval that says what its difference says: the
    change's interval holds 0 exactly when the paired difference's does; a change
    with a denominator the games cannot place is unbounded."""
    rng = random.Random(7)
    for shift in (0.0, 0.3, 1.0, 3.0):
        base = [rng.gauss(50, 5) for _ in range(40)]
        other = [b + shift + rng.gauss(0, 2) for b in base]
        diff = stats.paired_difference(other, base)
        change = stats.change(other, base)
        assert (diff.low > 0 or diff.high < 0) == (change.low > 0 or change.high < 0)
        assert change.low <= change.mean <= change.high
        assert change.mean == pytest.approx(statistics.fmean(other) / statistics.fmean(base) - 1)
    loose = stats.ratio([1.0, 2.0, 3.0], [0.1, -0.1, 0.05])
    assert (loose.low, loose.high) == (-math.inf, math.inf)


def test_significant_digits_never_plus_minus_0() -> None:
    """Issue 32: "half-widths print as '± 0'". A half-width has 2 significant digits and
    the mean the same places; an interval of width 0 says so in words."""
    assert stats.plus_minus(Estimate(52.04, 51.67, 52.41, 100)) == "52.04 ± 0.37"
    assert stats.plus_minus(Estimate(343.14, 337.0, 349.3, 100)) == "343.1 ± 6.2"
    assert stats.plus_minus(Estimate(3450.0, 3330.0, 3570.0, 100)) == "3450 ± 120"
    assert stats.plus_minus(Estimate(0.0031, 0.0021, 0.0041, 100)) == "0.0031 ± 0.0010"
    assert stats.plus_minus(Estimate(-2.0, -2.0, -2.0, 100), sign=True) == "-2 (every game)"
    assert stats.plus_minus(Estimate(0.0004, -0.0096, 0.0104, 9), sign=True) == "0.000 ± 0.010"
    assert stats.bracketed(stats.wilson(1, 100)) == "0.010 [0.002, 0.054]"
    assert stats.percent(Estimate(0.27, 0.2512, 0.2893, 100)) == "+27.0% [+25.1%, +28.9%]"
    rng = random.Random(1)
    for _ in range(2000):
        mean = rng.uniform(-1000, 1000) * 10 ** rng.randint(-4, 2)
        half = rng.uniform(0.001, 100) * 10 ** rng.randint(-4, 2)
        text = stats.plus_minus(Estimate(mean, mean - half, mean + half, 30))
        shown = text.split(" ± ")[1]
        assert float(shown) > 0, text
        digits = shown.replace(".", "").lstrip("0")
        assert len(digits) >= 2 or float(shown) >= 10, text


def test_no_difference_is_clear_on_few_games() -> None:
    """Issue 32: "with 2 games a ruleset the page still calls differences clear". A
    difference is clear only when its interval leaves out 0 and it rests on at least
    MIN_GAMES (30) games; simulate's comparison says so when it has fewer."""
    assert stats.MIN_GAMES == 30
    wide_apart = stats.paired_difference([100.0, 101.0], [10.0, 11.5])
    assert wide_apart.low > 0 and not stats.clear(wide_apart)
    base = [10.0 + (i % 5) for i in range(30)]
    other = [b + 1.0 + (i % 3) / 10 for i, b in enumerate(base)]
    assert stats.clear(stats.paired_difference(other, base))
    assert not stats.clear(stats.paired_difference(other[:29], base[:29]))
    rows = [
        {"ruleset": r, "seed": s, "players": 2, "winner": s % 2, "m": 5.0 + s + (r == "b")}
        for r in ("a", "b")
        for s in range(2)
    ]
    text = compared_text(rows, ["a", "b"], ["m"])
    assert "fewer than 30: no difference is called clear" in text and "clear\n" not in text
    summary = summary_text(stats.summary(rows, ["m"]), ["x", "o"])
    assert "± 0" not in summary and "-0.0" not in summary


def test_shares_in_the_summary_stay_within_0_and_1() -> None:
    """Issue 32: a measure that is 0 or 1 in every game (``lead_changed``) is a share:
    Wilson's interval, not a normal one below 0 (``0.100 [-0.096, 0.296]``)."""
    rows = [
        {"ruleset": "r", "seed": s, "players": 2, "winner": 0, "lead_changed": int(s == 0)}
        for s in range(10)
    ]
    e = stats.summary(rows, ["lead_changed"])[0]["lead_changed"]
    assert e.mean == 0.1 and 0.0 < e.low < 0.1 < e.high < 0.5
    assert "-" not in summary_text(stats.summary(rows, ["lead_changed"]), ["x", "o"])


def test_the_break_even_of_synthetic_games() -> None:
    """Issue 32: "the break-even is near 0.9 s of a point per second of a decision".
    Games whose length is ``moments + r × points`` (seconds of a decision) with Speed
    150 moments more and 170 points fewer, each game's numbers scattered: the
    break-even ``r`` is 150 / 170, and its interval holds it and narrows with games."""
    rng = random.Random(4)

    def games(n: int) -> tuple[list[float], list[float]]:
        moments = [150 + rng.gauss(0, 10) for _ in range(n)]
        points = [-170 + rng.gauss(0, 10) for _ in range(n)]
        return moments, points

    small = stats.break_even(*games(30))
    large = stats.break_even(*games(3000))
    for e in (small, large):
        assert e.low < 150 / 170 < e.high
    assert large.high - large.low < (small.high - small.low) / 5
    assert large.mean == pytest.approx(150 / 170, abs=0.01)
    exact = stats.break_even([150.0] * 30, [-170.0] * 30)
    assert exact.mean == pytest.approx(150 / 170) and exact.low == pytest.approx(exact.high)
    # points that do not change: no break-even the games can place
    flat = stats.break_even(
        [150 + rng.gauss(0, 10) for _ in range(30)], [rng.gauss(0, 10) for _ in range(30)]
    )
    assert math.isinf(flat.low) and math.isinf(flat.high)
