"""The plots of ``docs/study.md`` (:mod:`study` runs the studies): bars by mode and
player count, greedy and search bots side by side, the waits by their length, and
(:mod:`study_time`) Speed's minutes as a function of a point's seconds."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from study_words import LABELS, find


def _save(fig: Any, where: Path, name: str) -> None:
    import matplotlib.pyplot as plt

    fig.tight_layout()
    where.mkdir(exist_ok=True)
    for ext in ("png", "svg"):
        fig.savefig(
            where / f"{name}.{ext}", dpi=110, metadata={"Date": None} if ext == "svg" else None
        )
    plt.close(fig)


def bars(
    where: Path,
    name: str,
    key: str,
    panels: Sequence[tuple[str, list[dict[str, Any]]]],
    modes: Sequence[str],
    players: Sequence[int],
) -> None:
    """``key``'s mean by mode and player count, with its 95% interval, one panel per
    kind of bot."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(panels), figsize=(3.6 * len(panels), 3.4), sharey=True)
    width = 0.26
    for ax, (title, entries) in zip(axes, panels, strict=True):
        for i, mode in enumerate(modes):
            mine = [find(entries, mode, n)[key] for n in players]
            xs = [j + (i - 1) * width for j in range(len(players))]
            errs = [[e.mean - e.low for e in mine], [e.high - e.mean for e in mine]]
            ax.bar(xs, [e.mean for e in mine], width, yerr=errs, capsize=3, label=mode)
        ax.set_xticks(range(len(players)), [f"{n} players" for n in players])
        ax.set_title(title, fontsize=9)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel(LABELS[key])
    axes[0].legend(fontsize=8)
    _save(fig, where, name)


def waits(
    where: Path, rows: list[dict[str, Any]], modes: Sequence[str], players: int, title: str
) -> None:
    """The waits of each mode by length (1 … 15 moments, then 16 or more): how many a
    player has in a game."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    most = 0.0
    for mode in modes:
        mine = [r for r in rows if r["ruleset"] == f"mode={mode};players={players}"]
        length = len(mine[0]["wait_hist"])
        per = [sum(r["wait_hist"][i] for r in mine) / len(mine) / players for i in range(length)]
        most = max(most, *per)
        ax.plot(range(1, length + 1), per, marker="o", markersize=3, label=mode)
    ax.set_xticks(
        range(1, length + 1), [str(i) for i in range(1, length)] + [f"{length}+"], fontsize=7
    )
    ax.set_xlabel("length of the wait (moments)")
    ax.set_ylabel("waits per player in a game")
    ax.set_yscale("symlog", linthresh=0.1)  # the few long waits beside the many short
    ax.set_ylim(0, most * 2)
    ax.set_title(title, fontsize=9)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper center")
    _save(fig, where, "waits")


def draw(
    where: Path, greedy: Any, searched: Any, modes: Sequence[str], players: Sequence[int]
) -> None:
    """Every plot of the page, from the greedy and the search bots' games
    (:class:`study_words.Bots`)."""
    import study_time as timed

    panels = [("greedy bots", greedy.entries), ("search bots", searched.entries)]
    bars(where, "table-time", "table_minutes", panels, modes, players)
    bars(where, "moments", "moments", panels, modes, players)
    bars(where, "idle", "idle_mean", panels, modes, players)
    # the waits' shapes are drawn for the greedy games
    waits(where, greedy.rows, modes, max(players), f"{max(players)} players, greedy bots")
    timed.plot(where, [("greedy bots", greedy.rows), ("search bots", searched.rows)], players)
