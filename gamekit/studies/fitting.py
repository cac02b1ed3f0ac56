"""The table-time model fitted to real play: seconds a decision, a point, an option.

:class:`~.timing.TableTime` says a decision takes ``base + per_point * points +
per_option * options`` seconds. Where people have played, each of their decisions is an
:class:`Observation`: the seconds it took, the points it spent (:attr:`.study.Study.effort`:
Tikal's action points; Tiki's are always 0), the options it was chosen among, and a
group (a plain string the caller gives: the game, its mode and player count). Per group,
:func:`fit` finds the coefficients by ordinary least squares, each with its 95%
interval (its standard error times Student's *t* quantile for the residual degrees of
freedom), and says how many games and decisions the fit rests on. Nothing here knows a
game or a server: :mod:`gamekit.server.played` reads the observations from a store.

- A coefficient whose quantity never varies in the group (every decision spends the
  same points, as in Tiki, where none spends any) cannot be told from the base: it is
  *not fitted*, kept at 0 with no interval, and the base absorbs it. The others are
  fitted.
- A group of fewer than ``min_decisions`` decisions (:data:`MIN_DECISIONS`), or whose
  points and options rise and fall together exactly (one is a line of the other),
  cannot be fitted: :class:`FitError` says which and why.
- An estimate is what the data say, negative included: a negative ``per_option`` means
  that in these games people decided faster among more options (an opening of many
  obvious moves), and the straight line does not hold there. :meth:`Fit.table_time`,
  the model a study plays with, clips each to :class:`~.timing.TableTime`'s bounds, 0 to
  3600 seconds: a negative estimate counts as 0.

Fits go to and from a small JSON file (:mod:`.fitfile`), which ``simulate
--table-time FILE[:GROUP]`` reads.

>>> import random
>>> rng = random.Random(1)
>>> seen = []
>>> for i in range(200):
...     points, options = rng.randrange(0, 6), rng.randrange(1, 40)
...     seconds = 7 + 2.5 * points + 0.4 * options + rng.gauss(0, 1)
...     seen.append(Observation(seconds, points, options, "g", f"game{i % 5}"))
>>> found = fit(seen)
>>> found.games, found.decisions, round(found.per_point.estimate, 1)
(5, 200, 2.5)
>>> found.base.low < 7 < found.base.high, found.per_option.low < 0.4 < found.per_option.high
(True, True)
>>> fit(seen[:5])
Traceback (most recent call last):
...
gamekit.studies.fitting.FitError: group 'g': 5 decisions, too few to fit (at least 10)
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import attrs

from ._student import t_quantile
from .timing import MAX_SECONDS, TableTime

__all__ = [
    "COEFFICIENTS",
    "LEVEL",
    "MIN_DECISIONS",
    "Coefficient",
    "Fit",
    "FitError",
    "Fitted",
    "Observation",
    "fit",
    "fit_groups",
    "fit_text",
    "t_quantile",
]

COEFFICIENTS = ("base", "per_point", "per_option")
"""The coefficients of the model, as :class:`~.timing.TableTime` names them."""
LEVEL = 0.95
"""The level of every interval."""
MIN_DECISIONS = 10
"""The fewest decisions a group's fit rests on (and always more than it fits)."""


class FitError(ValueError):
    """A group the model cannot be fitted to: too few decisions, or a design in which
    two coefficients cannot be told apart. The message names the group and says why."""


def _finite(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not math.isfinite(value):
        raise ValueError(f"a decision's {attribute.name} must be a finite number, not {value!r}")


@attrs.frozen
class Observation:
    """One decision of a person, as the model sees it."""

    seconds: float = attrs.field(converter=float, validator=_finite)
    """How long it took: from when it was asked to when its answer was stored."""
    points: int
    """What it spent in the game's own currency (Tikal: action points; Tiki: 0)."""
    options: int
    """The legal actions it was chosen among."""
    group: str
    """The group it is fitted in: a plain string the caller gives (the game, its mode
    and its player count: ``tikalspeed,mode=speed,players=4``)."""
    game: str = ""
    """The game it was played in (a store's game id): only counted."""


@attrs.frozen
class Coefficient:
    """One coefficient of a fit: its estimate and its 95% interval, or none."""

    estimate: float
    """Seconds (a decision, a point, an option); 0 where not fitted."""
    interval: tuple[float, float] | None
    """The 95% interval, low to high; ``None`` where not fitted (its quantity never
    varied in the group, so the base holds it)."""

    @property
    def fitted(self) -> bool:
        """Whether the data told this coefficient apart."""
        return self.interval is not None

    @property
    def low(self) -> float:
        """The interval's low end (the estimate where not fitted)."""
        return self.estimate if self.interval is None else self.interval[0]

    @property
    def high(self) -> float:
        """The interval's high end (the estimate where not fitted)."""
        return self.estimate if self.interval is None else self.interval[1]


@attrs.frozen
class Fit:
    """The model fitted to one group's decisions."""

    base: Coefficient
    """Seconds every decision takes."""
    per_point: Coefficient
    """Seconds for each point a decision spends."""
    per_option: Coefficient
    """Seconds for each legal action a decision was chosen among."""
    games: int
    """The games the decisions come from."""
    decisions: int
    """The decisions the fit rests on."""
    residual: float
    """The residuals' standard deviation, in seconds: how far a decision strays from
    the model, typically."""

    def coefficient(self, name: str) -> Coefficient:
        """The coefficient called ``name`` (one of :data:`COEFFICIENTS`)."""
        found: Coefficient = getattr(self, name)
        return found

    def table_time(self) -> TableTime:
        """The model a study plays with: each estimate clipped to 0 to 3600 seconds
        (a negative estimate counts as 0, a coefficient not fitted is 0)."""
        return TableTime(
            *(min(max(self.coefficient(n).estimate, 0.0), MAX_SECONDS) for n in COEFFICIENTS)
        )


@attrs.frozen
class Fitted:
    """The fits of several groups (:func:`fit_groups`), and the groups refused."""

    groups: dict[str, Fit]
    """Each group's fit, by group, in the order of the groups' names."""
    refused: dict[str, str]
    """Each group that could not be fitted, with why (:class:`FitError`'s message)."""


# ----------------------------------------------------------------------- the fit


def _mean(values: list[float]) -> float:
    return math.fsum(values) / len(values)


def _cross(xs: list[float], x_mean: float, ys: list[float], y_mean: float) -> float:
    return math.fsum((x - x_mean) * (y - y_mean) for x, y in zip(xs, ys, strict=True))


def fit(observations: Iterable[Observation], *, min_decisions: int = MIN_DECISIONS) -> Fit:
    """The model fitted to ``observations`` (one group's: its name is only said in a
    refusal) by ordinary least squares, each coefficient with its 95% interval; a
    coefficient whose quantity never varies is not fitted (see the module). A
    :class:`FitError` for fewer than ``min_decisions`` decisions (and never fewer than
    4, one more than the coefficients), or for points and options on one line."""
    seen = list(observations)
    name = repr(seen[0].group) if seen else "(empty)"
    most = max(min_decisions, 4)
    if len(seen) < most:
        raise FitError(f"group {name}: {len(seen)} decisions, too few to fit (at least {most})")
    ys = [float(o.seconds) for o in seen]
    columns = {"per_point": [float(o.points) for o in seen],
               "per_option": [float(o.options) for o in seen]}  # fmt: skip
    varied = [k for k, xs in columns.items() if min(xs) != max(xs)]
    xs = [columns[k] for k in varied]
    x_means = [_mean(x) for x in xs]
    y_mean = _mean(ys)
    # the centred cross products: slopes = S^-1 s, intercept = mean(y) - slopes . means
    s = [[_cross(a, ma, b, mb) for b, mb in zip(xs, x_means, strict=True)]
         for a, ma in zip(xs, x_means, strict=True)]  # fmt: skip
    sy = [_cross(a, ma, ys, y_mean) for a, ma in zip(xs, x_means, strict=True)]
    if len(varied) == 2:
        det = s[0][0] * s[1][1] - s[0][1] * s[1][0]
        if det <= 1e-12 * s[0][0] * s[1][1]:
            raise FitError(
                f"group {name}: the points and the options of its decisions lie on one "
                "line, so their seconds cannot be told apart"
            )
        inverse = [[s[1][1] / det, -s[0][1] / det], [-s[1][0] / det, s[0][0] / det]]
    else:
        inverse = [[1.0 / s[0][0]]] if varied else []
    slopes = [sum(row[j] * sy[j] for j in range(len(varied))) for row in inverse]
    base = y_mean - sum(b * m for b, m in zip(slopes, x_means, strict=True))
    residuals = [
        y - base - sum(b * x[i] for b, x in zip(slopes, xs, strict=True)) for i, y in enumerate(ys)
    ]
    df = len(seen) - 1 - len(varied)
    sigma = math.sqrt(math.fsum(r * r for r in residuals) / df)
    t = t_quantile(0.5 + LEVEL / 2, df)

    def around(estimate: float, variance: float) -> Coefficient:
        half = t * sigma * math.sqrt(max(variance, 0.0))
        return Coefficient(estimate, (estimate - half, estimate + half))

    spread = sum(
        x_means[i] * inverse[i][j] * x_means[j]
        for i in range(len(varied))
        for j in range(len(varied))
    )
    fitted = {"base": around(base, 1.0 / len(seen) + spread)}
    for i, k in enumerate(varied):
        fitted[k] = around(slopes[i], inverse[i][i])
    none = Coefficient(0.0, None)
    return Fit(
        fitted["base"],
        fitted.get("per_point", none),
        fitted.get("per_option", none),
        games=len({o.game for o in seen}),
        decisions=len(seen),
        residual=sigma,
    )


def fit_groups(
    observations: Iterable[Observation], *, min_decisions: int = MIN_DECISIONS
) -> Fitted:
    """Each group of ``observations`` fitted (:func:`fit`), in the order of the groups'
    names; a group that cannot be is in :attr:`Fitted.refused`, with why."""
    grouped: dict[str, list[Observation]] = {}
    for o in observations:
        grouped.setdefault(o.group, []).append(o)
    groups: dict[str, Fit] = {}
    refused: dict[str, str] = {}
    for key in sorted(grouped):
        try:
            groups[key] = fit(grouped[key], min_decisions=min_decisions)
        except FitError as e:
            refused[key] = str(e)
    return Fitted(groups, refused)


# ---------------------------------------------------------------------- in words

_WORDS = {
    "base": "seconds a decision",
    "per_point": "seconds a point spent",
    "per_option": "seconds an option",
}
_QUANTITIES = {"per_point": "points", "per_option": "options"}


def _seconds(value: float) -> str:
    return f"{value:.3g}" if abs(value) < 100 else f"{value:,.0f}"


def fit_text(group: str, found: Fit) -> str:
    """A group's fit in words: its counts, each coefficient with its interval (or why
    it is not fitted), a negative estimate flagged, and the model a study takes.

    >>> print(fit_text("tiki", Fit(Coefficient(7.0, (6.5, 7.5)), Coefficient(0.0, None),
    ...                            Coefficient(-0.1, (-0.2, 0.0)), 3, 60, 1.5)))
    tiki: 60 decisions of people in 3 games
      seconds a decision     7 (95%: 6.5 to 7.5)
      seconds a point spent  not fitted: every decision spent the same points
      seconds an option      -0.1 (95%: -0.2 to 0), negative: 0 in the model
      a decision strays from the model by 1.5 s (the residuals' standard deviation)
      simulate takes: --seconds-per-decision 7 --seconds-per-point 0 --seconds-per-option 0
    """
    lines = [f"{group}: {found.decisions:,} decisions of people in {found.games:,} games"]
    for name in COEFFICIENTS:
        c = found.coefficient(name)
        said = f"  {_WORDS[name]:<21}  "
        if c.interval is None:
            said += f"not fitted: every decision spent the same {_QUANTITIES[name]}"
        else:
            said += f"{_seconds(c.estimate)} (95%: {_seconds(c.low)} to {_seconds(c.high)})"
            if c.estimate < 0:
                said += ", negative: 0 in the model"
        lines.append(said)
    lines.append(
        f"  a decision strays from the model by {_seconds(found.residual)} s "
        "(the residuals' standard deviation)"
    )
    model = found.table_time()
    lines.append(
        f"  simulate takes: --seconds-per-decision {model.base:.4g} --seconds-per-point "
        f"{model.per_point:.4g} --seconds-per-option {model.per_option:.4g}"
    )
    return "\n".join(lines)
