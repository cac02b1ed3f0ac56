"""The minutes of ``docs/study.md`` as a function of the one number nobody has
measured: how long an action point takes to think through against a decision's fixed
cost (issue 32, "the answer as a function of the unknown").

The table-time model (:class:`gamekit.studies.timing.TableTime`, without its
``per_option``) gives a decision ``base + per_point × points`` seconds; a Speed Jump's
token choices, which spend no point and are one choice a player, take ``base`` together.
So a game takes ``base × (moments + r × points)`` seconds, ``r = per_point / base``
the seconds of a point per second of a decision, and a player sits idle ``base ×
(idle moments + r × points × (players - 1) / players)`` (each point is spent by one
player, idle for the others). The rows keep ``moments`` and ``idle_mean``, and the
table and idle minutes under the model they were played with (:data:`PLAYED`), from
which the points a game spent come back exactly (:func:`with_points`, which checks
both). A ruleset's change in minutes against another is then the same for every
``base``: a function of ``r`` alone, here with its paired interval for every ``r``,
and the ``r`` at which it changes sign (the *break-even*) with Fieller's interval
(:func:`gamekit.studies.stats.break_even`).

>>> rows = [
...     {"ruleset": "b", "seed": 0, "players": 2, "moments": 100, "table_minutes": 100 / 6
...      + 50 / 20, "idle_mean": 50.0, "idle_minutes": 50 / 6 + 25 / 20},
...     {"ruleset": "s", "seed": 0, "players": 2, "moments": 150, "table_minutes": 150 / 6
...      + 25 / 20, "idle_mean": 80.0, "idle_minutes": 80 / 6 + 12.5 / 20},
... ]
>>> [r["points"] for r in with_points(rows)]
[50.0, 25.0]
>>> round(crossing(rows, "s", "b", TABLE).mean, 6)  # 150 + 25 r = 100 + 50 r
2.0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from gamekit.studies import stats
from gamekit.studies.timing import TableTime

PLAYED = TableTime()
"""The model the page's games were played with: 10 s a decision, 3 s a point."""
RATIOS = [i / 20 for i in range(61)]
"""The ``r`` of the plots: 0 to 3 seconds of a point per second of a decision."""
PLAUSIBLE = (0.1, 1.0)
"""A plausible range of ``r``, a guess within about 3 times the default model's 0.3
either way: from 1 s a point against 10 s a decision to a point as long as a
decision."""
DEFAULT_RATIO = PLAYED.per_point / PLAYED.base

Row = dict[str, Any]


@attrs.frozen
class Measure:
    """A length in minutes as ``base × (fixed + r × variable)``, from a row."""

    name: str
    fixed: Callable[[Row], float]
    variable: Callable[[Row], float]

    def at(self, r: float) -> Callable[[Row], float]:
        """A row's length in seconds of a decision, for ``r``."""
        return lambda row: self.fixed(row) + r * self.variable(row)


TABLE = Measure("table time", lambda r: r["moments"], lambda r: r["points"])
"""The game's length."""
IDLE = Measure(
    "idle time per player",
    lambda r: r["idle_mean"],
    lambda r: r["points"] * (r["players"] - 1) / r["players"],
)
"""A player's time not deciding, the mean over the players."""


def with_points(rows: list[Row]) -> list[Row]:
    """``rows``, each given ``points``, the action points its game spent, from its
    table minutes under :data:`PLAYED` (a ``ValueError`` where its idle minutes do not
    agree: rows played under another model, or with ``per_option``)."""
    base, per_point = PLAYED.base, PLAYED.per_point
    for r in rows:
        points = (r["table_minutes"] * 60 - base * r["moments"]) / per_point
        n = r["players"]
        idle = (base * r["idle_mean"] + per_point * points * (n - 1) / n) / 60
        if abs(idle - r["idle_minutes"]) > 1e-6 * max(1.0, idle):
            raise ValueError(f"{r['ruleset']} seed {r['seed']}: not played under {PLAYED}")
        r["points"] = points
    return rows


def change_at(rows: Sequence[Row], other: str, base: str, m: Measure, r: float) -> Any:
    """``other``'s ``m`` against ``base``'s at ``r``: a change with its paired interval."""
    return stats.change(*stats.paired(rows, other, base, m.at(r)))


def crossing(rows: Sequence[Row], other: str, base: str, m: Measure) -> Any:
    """The break-even ``r``: where ``other``'s ``m`` equals ``base``'s, game by game."""
    fixed = stats.paired(rows, other, base, m.fixed)
    variable = stats.paired(rows, other, base, m.variable)
    x = [a - b for a, b in zip(*fixed, strict=True)]
    y = [a - b for a, b in zip(*variable, strict=True)]
    return stats.break_even(x, y)


def verdict(rows: Sequence[Row], other: str, base: str, m: Measure) -> tuple[str, Any]:
    """Where ``other``'s ``m`` stands against ``base``'s over :data:`PLAUSIBLE`, and the
    break-even: ``more`` or ``less`` throughout it (clear at both ends, the same way:
    then clear all through, the difference being linear in ``r`` and its standard
    error convex), ``more-less`` or ``less-more`` (clear at both ends, turning within
    it), or ``unclear`` (not clear at one end)."""
    even = crossing(rows, other, base, m)
    low, high = PLAUSIBLE
    ends = [change_at(rows, other, base, m, r) for r in (low, high)]
    if not all(stats.clear(e) for e in ends):
        return "unclear", even
    words = ["more" if e.mean > 0 else "less" for e in ends]
    return (words[0] if words[0] == words[1] else "-".join(words)), even


def plot(where: Any, panels: Sequence[tuple[str, list[Row]]], players: Sequence[int]) -> None:
    """Speed's change in table time and idle time against the base and professional
    games as ``r`` runs over :data:`RATIOS`, one line per player count with its paired
    interval as a band, each break-even marked with its interval, the plausible range
    shaded, the default model dotted: a row of
    plots per kind of bot (``panels``), saved as ``time-model.png`` and ``.svg``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from study_plots import _save

    pairs = [(TABLE, "classic"), (TABLE, "professional"), (IDLE, "classic")]
    fig, axes = plt.subplots(
        len(panels), len(pairs), figsize=(4.0 * len(pairs), 3.2 * len(panels)), squeeze=False
    )
    for row_axes, (bots, rows) in zip(axes, panels, strict=True):
        for ax, (m, base) in zip(row_axes, pairs, strict=True):
            ax.axvspan(*PLAUSIBLE, color="0.92", label="plausible range")
            ax.axhline(0, color="0.3", linewidth=0.8)
            ax.axvline(
                DEFAULT_RATIO, color="0.5", linestyle=":", linewidth=1, label="default model"
            )
            for n in players:
                other, against = f"mode=speed;players={n}", f"mode={base};players={n}"
                shown = [change_at(rows, other, against, m, r) for r in RATIOS]
                line = ax.plot(RATIOS, [100 * e.mean for e in shown], label=f"{n} players")
                colour = line[0].get_color()
                ax.fill_between(
                    RATIOS,
                    [100 * e.low for e in shown],
                    [100 * e.high for e in shown],
                    color=colour,
                    alpha=0.25,
                    linewidth=0,
                )
                even = crossing(rows, other, against, m)
                if min(RATIOS) <= even.mean <= max(RATIOS):  # with its interval, across
                    ax.errorbar(
                        [even.mean],
                        [0],
                        xerr=[[even.mean - even.low], [even.high - even.mean]]
                        if math.isfinite(even.low) and math.isfinite(even.high)
                        else None,
                        fmt="o",
                        color=colour,
                        markersize=4,
                        capsize=3,
                    )
            ax.set_xlim(min(RATIOS), max(RATIOS))
            ax.set_title(f"{bots}: Speed's {m.name} against {base}", fontsize=8)
            ax.set_xlabel("seconds a point takes per second of a decision", fontsize=8)
            ax.set_ylabel("Speed's change (%)", fontsize=8)
            ax.tick_params(labelsize=7)
            ax.grid(alpha=0.3)
    axes[0][0].legend(fontsize=7)
    _save(fig, where, "time-model")
