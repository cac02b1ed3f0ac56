"""Honest numbers for a study (issue 32): intervals that use the pairing of the seeds,
proportions that stay within 0 and 1, half-widths written to their significant
digits, and a difference called *clear* only on enough games.

A study plays game ``i`` of every ruleset from the same seed (:func:`.runner.tasks`),
so two rulesets are compared game for game: the difference of their means is the
mean of the differences seed by seed, with a Student *t* interval of those
differences (:func:`paired_difference`). It is the interval of the difference itself:
two means' intervals set side by side (overlapping or not) ask more of a difference
than it needs, and where the two games of a seed are alike (the same start, the same
bots' seeds) the pairing narrows it further. How much depends on the study: between
Tikal's modes with greedy bots, whose games part ways at once, hardly at all (the
paired interval within 10% of the unpaired one, 100 games a ruleset).

- A **proportion** (a win share, the games a measure is 1 in) has Wilson's score
  interval (:func:`wilson`), within ``[0, 1]`` whatever the count; a mean of any
  other numbers has the *t* interval (:func:`t_interval`); :func:`estimate` chooses.
- A **ratio of two means** of the same games (:func:`ratio`: a percentage change with
  :func:`change`, a break-even with :func:`break_even`) has **Fieller's** interval: the
  ratios ``ρ`` that the paired *t* test of ``x - ρ·y`` does not reject at 5%. So a
  change's interval holds 0 exactly when its difference's interval holds 0, and a
  ratio whose denominator the games cannot tell from 0 has no bounded interval
  (``-inf`` to ``inf``). The delta method would give a symmetric interval that can
  disagree with the difference's.
- A difference is **clear** (:func:`clear`) only when its interval leaves out 0 and
  it rests on at least :data:`MIN_GAMES` games a ruleset: below that the *t* interval
  leans on the games' numbers being near normal, which a few games cannot show.
- :func:`plus_minus`, :func:`bracketed` and :func:`percent` write an estimate with its
  half-width to 2 significant digits and the mean to the same place (never ``± 0``: an
  interval of width 0 says ``(every game)``).

>>> wilson(0, 10).low, round(wilson(0, 10).high, 4)
(0.0, 0.2775)
>>> d = paired_difference([10, 12, 14, 11], [8, 11, 11, 10])
>>> d.mean, round(d.low, 4), round(d.high, 4)
(1.75, 0.2265, 3.2735)
>>> plus_minus(t_interval([51.2, 52.9, 51.7, 52.4] * 25)), plus_minus(t_interval([9, 9]))
('52.05 ± 0.13', '9 (every game)')
>>> percent(change([12, 13, 11, 14] * 10, [10, 10, 10, 10] * 10)), clear(d)
('+25.0% [+21.4%, +28.6%]', False)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ._student import t_quantile
from .runner import Estimate

__all__ = [
    "MIN_GAMES",
    "Estimate",
    "bracketed",
    "break_even",
    "change",
    "clear",
    "decimals",
    "estimate",
    "paired",
    "paired_difference",
    "percent",
    "plus_minus",
    "ratio",
    "summary",
    "t_interval",
    "wilson",
    "within",
]

MIN_GAMES = 30
"""The fewest games a ruleset (pairs of games, for a difference) on which a difference
is called clear: the usual rule of thumb for a *t* interval of a mean of numbers that
need not be normal."""

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval (Wilson's)."""

_NAN = math.nan


def _t(n: int) -> float:
    """Student's 97.5% quantile for a mean of ``n`` numbers."""
    return t_quantile(0.975, n - 1)


def t_interval(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its 95% Student *t* interval (``nan`` bounds for one
    value, all ``nan`` for none).

    >>> e = t_interval([1.0, 2.0, 3.0, 4.0])
    >>> e.mean, round(e.low, 4), round(e.high, 4)
    (2.5, 0.4457, 4.5543)
    """
    n = len(values)
    if n == 0:
        return Estimate(_NAN, _NAN, _NAN, 0)
    mean = statistics.fmean(values)
    if n == 1:
        return Estimate(mean, _NAN, _NAN, 1)
    half = _t(n) * statistics.stdev(values) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n)


def wilson(successes: int, n: int) -> Estimate:
    """The share ``successes / n`` with its 95% Wilson score interval: always within
    ``[0, 1]``, its low bound exactly 0 when the share is 0 and its high bound exactly 1
    when it is 1.

    >>> e = wilson(5, 10)
    >>> round(e.low, 4), round(e.high, 4)
    (0.2366, 0.7634)
    >>> wilson(10, 10).high, wilson(0, 0).n
    (1.0, 0)
    """
    if n <= 0:
        return Estimate(_NAN, _NAN, _NAN, 0)
    if not 0 <= successes <= n:
        raise ValueError(f"{successes} successes of {n}")
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else min(p, max(0.0, centre - half))
    high = 1.0 if successes == n else max(p, min(1.0, centre + half))
    return Estimate(p, low, high, n)


def estimate(values: Sequence[float]) -> Estimate:
    """The mean of ``values``, each a game's: a proportion with :func:`wilson`'s interval
    where every value is 0 or 1, both seen, else :func:`t_interval`'s (a count that is 0
    in every game is 0, not a share below 4%).

    >>> estimate([0, 1, 0, 0]).low > 0, estimate([0.5, 1.0]).n, estimate([0, 0]).high
    (True, 2, 0.0)
    """
    if {0, 1} <= set(values) <= {0, 1}:
        return wilson(sum(1 for v in values if v == 1), len(values))
    return t_interval(values)


def paired_difference(other: Sequence[float], base: Sequence[float]) -> Estimate:
    """``other``'s mean minus ``base``'s, the two lists the same games (by seed, in the
    same order): the mean of the differences with their 95% *t* interval."""
    if len(other) != len(base):
        raise ValueError(f"{len(other)} games against {len(base)}: pair them by seed")
    return t_interval([a - b for a, b in zip(other, base, strict=True)])


def ratio(x: Sequence[float], y: Sequence[float]) -> Estimate:
    """``mean(x) / mean(y)`` over the same games, with Fieller's 95% interval: every
    ``ρ`` for which the *t* interval of ``x - ρ·y`` (game by game) holds 0. Where the
    games cannot tell ``mean(y)`` from 0 the set is unbounded: ``-inf`` to ``inf``.

    >>> r = ratio([2.0, 4.0, 6.0] * 10, [1.0, 2.0, 3.0] * 10)
    >>> r.mean, round(r.low, 9), round(r.high, 9)
    (2.0, 2.0, 2.0)
    >>> ratio([2.0, 4.0, 6.0], [1.0, 2.0, 3.0]).high  # 3 games: y's mean may be 0
    inf
    """
    n = len(x)
    if n != len(y):
        raise ValueError(f"{n} values against {len(y)}: pair them by seed")
    if n == 0:
        return Estimate(_NAN, _NAN, _NAN, 0)
    mx, my = statistics.fmean(x), statistics.fmean(y)
    mean = mx / my if my else _NAN
    if n == 1:
        return Estimate(mean, _NAN, _NAN, 1)
    sxx = statistics.variance(x, mx)
    syy = statistics.variance(y, my)
    sxy = statistics.covariance(x, y) if sxx and syy else 0.0
    g = _t(n) ** 2 / n
    a = my * my - g * syy
    b = mx * my - g * sxy
    c = mx * mx - g * sxx
    if a <= 0:  # the denominator may be 0: no bounded interval
        return Estimate(mean, -math.inf, math.inf, n)
    root = math.sqrt(max(0.0, b * b - a * c))
    return Estimate(mean, (b - root) / a, (b + root) / a, n)


def change(other: Sequence[float], base: Sequence[float]) -> Estimate:
    """``other``'s mean against ``base``'s as a change (``0.25``: 25% more), the same
    games in the same order, with Fieller's interval (:func:`ratio` less 1), cut at
    -100% where no number is below 0 (a ratio of such means is not).

    >>> round(change([0.0, 1.0, 0.0], [4.0, 6.0, 5.0]).low, 6)
    -1.0
    """
    r = ratio(other, base)
    e = Estimate(r.mean - 1, r.low - 1, r.high - 1, r.n)
    if e.n and min(other) >= 0 and min(base) >= 0:
        return within(e, -1.0, math.inf)
    return e


def break_even(x: Sequence[float], y: Sequence[float]) -> Estimate:
    """The ``r`` at which ``mean(x) + r·mean(y)`` is 0, over the same games, with
    Fieller's interval: where a difference ``x + r·y`` that moves with ``r`` (the
    seconds a point against a decision's, say) changes sign.

    >>> e = break_even([3.0, 3.0, 3.0], [-1.0, -1.0, -1.0])
    >>> e.mean, e.low, e.high
    (3.0, 3.0, 3.0)
    """
    return ratio(x, [-v for v in y])


def clear(difference: Estimate, minimum: int = MIN_GAMES) -> bool:
    """Whether ``difference`` (of :func:`paired_difference`, :func:`change`) is one: its
    interval leaves out 0, and it rests on at least ``minimum`` games.

    >>> clear(Estimate(2.0, 1.0, 3.0, 30)), clear(Estimate(2.0, 1.0, 3.0, 29))
    (True, False)
    >>> clear(Estimate(2.0, -1.0, 3.0, 100))
    False
    """
    return difference.n >= minimum and (difference.low > 0 or difference.high < 0)


def paired(
    rows: Iterable[Mapping[str, Any]],
    other: str,
    base: str,
    key: str | Callable[[Mapping[str, Any]], float],
) -> tuple[list[float], list[float]]:
    """The values of ``key`` (a column, or a function of a row) in the games of ruleset
    ``other`` and of ruleset ``base`` that share a seed, in the order of the seeds."""
    value: Callable[[Mapping[str, Any]], float] = (
        key if callable(key) else (lambda r: float(r[key]))
    )
    mine: dict[str, dict[int, float]] = {other: {}, base: {}}
    for r in rows:
        if r["ruleset"] in mine:
            mine[r["ruleset"]][r["seed"]] = float(value(r))
    seeds = sorted(mine[other].keys() & mine[base].keys())
    return [mine[other][s] for s in seeds], [mine[base][s] for s in seeds]


def summary(rows: Sequence[Mapping[str, Any]], measures: Sequence[str]) -> list[dict[str, Any]]:
    """Per ruleset (in order of first appearance): ``games``, ``win_P1`` … (each seat's
    share of the wins, a shared win counting for no seat) and ``ties`` with Wilson's
    intervals, and the mean of each of ``measures`` (:func:`estimate`: Wilson's for a
    measure that is 0 or 1 in every game, both seen); each an :class:`Estimate`. The shape of
    :func:`.runner.summary`, with these intervals."""
    out = []
    for ruleset in dict.fromkeys(r["ruleset"] for r in rows):
        mine = [r for r in rows if r["ruleset"] == ruleset]
        n = len(mine)
        entry: dict[str, Any] = {"ruleset": ruleset, "games": n}
        for p in range(max(r["players"] for r in mine)):
            entry[f"win_P{p + 1}"] = wilson(sum(1 for r in mine if r["winner"] == p), n)
        entry["ties"] = wilson(sum(1 for r in mine if r["winner"] < 0), n)
        for m in measures:
            entry[m] = estimate([float(r[m]) for r in mine])
        out.append(entry)
    return out


# --------------------------------------------------------------------------- words


def decimals(half: float, significant: int = 2) -> int:
    """The decimal places that write ``half`` (a half-width, above 0) to ``significant``
    digits: negative for tens, hundreds.

    >>> decimals(6.2), decimals(0.037), decimals(14.0), decimals(123.0), decimals(0.0996)
    (1, 3, 0, -1, 2)
    """
    rounded = float(f"{half:.{significant}g}")  # 0.0996 -> 0.1: two digits, not three
    return significant - 1 - math.floor(math.log10(rounded))


def _number(x: float, places: int, sign: bool = False) -> str:
    """``x`` to ``places`` decimals (negative: to tens, …), ``-0`` written ``0``."""
    if math.isinf(x):
        return "unbounded" if not sign else ("+∞" if x > 0 else "-∞")
    value = round(x, places)
    if value == 0:
        value = 0.0
    text = f"{value:.{max(0, places)}f}"
    return f"+{text}" if sign and value > 0 else text


def _half(e: Estimate) -> float:
    return (e.high - e.low) / 2


def _bare(e: Estimate, sign: bool, scale: float, unit: str) -> str | None:
    """An estimate without an interval to write: none (one game), or of width 0."""
    mean = e.mean * scale
    if e.n == 0:
        return "-"
    if e.n == 1 or math.isnan(e.low):
        return f"{mean:+.4g}{unit} (1 game: no interval)" if sign else f"{mean:.4g}{unit} (1 game)"
    if e.high == e.low:
        shown = f"{mean:+.4g}" if sign and mean else f"{mean:.4g}"
        return f"{shown}{unit} (every game)"
    return None


def plus_minus(e: Estimate, sign: bool = False) -> str:
    """``mean ± half-width`` (a symmetric interval: a *t* interval), the half-width to 2
    significant digits and the mean to the same place; ``sign`` writes ``+`` before a
    positive mean.

    >>> plus_minus(Estimate(343.14, 337.0, 349.3, 100)), plus_minus(Estimate(-3, -4, -2, 9), True)
    ('343.1 ± 6.2', '-3.0 ± 1.0')
    """
    bare = _bare(e, sign, 1.0, "")
    if bare is not None:
        return bare
    places = decimals(_half(e))
    return f"{_number(e.mean, places, sign)} ± {_number(_half(e), places)}"


def bracketed(
    e: Estimate,
    sign: bool = False,
    scale: float = 1.0,
    unit: str = "",
    places: tuple[int, int] = (-99, 99),
) -> str:
    """``mean [low, high]`` (any interval: Wilson's, Fieller's), ``scale``-d and followed
    by ``unit``, to the places of the half-width's 2 significant digits (within
    ``places``, the fewest and the most).

    >>> bracketed(wilson(0, 100)), bracketed(wilson(58, 100))
    ('0.000 [0.000, 0.037]', '0.580 [0.482, 0.672]')
    """
    bare = _bare(e, sign, scale, unit)
    if bare is not None:
        return bare
    if math.isinf(e.low) or math.isinf(e.high):
        shown = f"{e.mean * scale:+.3g}" if sign else f"{e.mean * scale:.3g}"
        return f"{shown}{unit} [unbounded]"
    kept = min(places[1], max(places[0], decimals(_half(e) * scale)))
    low, mean, high = (_number(v * scale, kept, sign) + unit for v in (e.low, e.mean, e.high))
    return f"{mean} [{low}, {high}]"


def percent(e: Estimate) -> str:
    """A change (``0.27``) as a signed percentage with its interval: ``+27% [+25%, +29%]``
    to the places of the half-width's 2 significant digits, from whole percents to
    tenths.

    >>> percent(Estimate(-0.298, -1.0, 29.0, 5)), percent(Estimate(0.3623, 0.3536, 0.371, 9))
    ('-30% [-100%, +2900%]', '+36.2% [+35.4%, +37.1%]')
    """
    return bracketed(e, sign=True, scale=100.0, unit="%", places=(0, 1))


def within(e: Estimate, low: float, high: float) -> Estimate:
    """``e`` with its interval cut to ``[low, high]``, where its numbers cannot go
    (a mean of shares, a difference of two).

    >>> within(Estimate(0.6, -0.08, 1.28, 5), -1.0, 1.0)
    Estimate(mean=0.6, low=-0.08, high=1.0, n=5)
    """
    return Estimate(e.mean, max(low, e.low), min(high, e.high), e.n)
