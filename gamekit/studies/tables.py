"""The summary ``simulate`` prints (:mod:`.output`): each ruleset's figures, and with
``--compare`` each ruleset against the first, game by game, in the words of
:mod:`.stats` (issue 32: intervals to their significant digits, proportions within 0
and 1, paired differences, and *clear* only on enough games).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import stats
from .runner import Row
from .words import label

__all__ = ["compared_text", "summary_text"]


def _label(key: str, words: Mapping[str, str] | None) -> str:
    shown = label(key, words)
    return shown if shown == key else f"{shown} [{key}]"


def _lines(shown: list[tuple[str, str]]) -> list[str]:
    width = max([22, *(len(name) for name, _ in shown)])
    return [f"  {name:<{width}} {value}" for name, value in shown]


def summary_text(
    table: Sequence[dict[str, Any]],
    seat_names: Sequence[str],
    words: Mapping[str, str] | None = None,
) -> str:
    """The summary (:func:`.stats.summary`) as a plain table: one block per ruleset, one
    line per figure, named in ``words`` (its column after them) where they have it,
    each a mean with its 95% interval to the half-width's 2 significant digits
    (:func:`.stats.bracketed`).

    >>> e = stats.t_interval([2.0, 3.0, 4.0, 3.0, 3.0])
    >>> table = [{"ruleset": "r", "games": 5, "ties": stats.wilson(0, 5), "moments": e}]
    >>> print(summary_text(table, [], {"moments": "m"}))
    r: 5 games
      draws and shared wins [ties] 0.00 [0.00, 0.43]
      m [moments]                  3.00 [2.12, 3.88]
    """
    lines = []
    for entry in table:
        lines.append(f"{entry['ruleset']}: {entry['games']} games")
        shown = []
        for key, value in entry.items():
            if key in ("ruleset", "games"):
                continue
            name = _label(key, words)
            if key.startswith("win_P"):
                name = f"{seat_names[int(key[5:]) - 1]} wins"
            shown.append((name, stats.bracketed(value)))
        lines += _lines(shown)
    return "\n".join(lines)


def compared_text(
    rows: Sequence[Row],
    rulesets: Sequence[str],
    measures: Sequence[str],
    words: Mapping[str, str] | None = None,
) -> str:
    """Each ruleset after the first against the first, game by game (the games of the
    same seed): each measure's difference with its 95% *t* interval
    (:func:`.stats.paired_difference`), and its change in percent (Fieller's
    interval, :func:`.stats.change`) where the first ruleset's every value is above 0;
    a difference is called *clear* only on :data:`.stats.MIN_GAMES` games or more.

    >>> rows = [{"ruleset": r, "seed": s, "m": s + 1 + (2 if r == "b" else 0)}
    ...         for r in ("a", "b") for s in range(3)]
    >>> print(compared_text(rows, ["a", "b"], ["m"]))
    b against a, game by game (3 games, fewer than 30: no difference is called clear):
      m                      +2 (every game)  +100% [unbounded]
    """
    blocks = []
    base = rulesets[0]
    for other in rulesets[1:]:
        shown = []
        games = 0
        for key in measures:
            mine, theirs = stats.paired(rows, other, base, key)
            games = len(mine)
            diff = stats.paired_difference(mine, theirs)
            if all(v in (0, 1) for v in (*mine, *theirs)):  # shares: a difference of two
                diff = stats.within(diff, -1.0, 1.0)
            text = stats.bracketed(diff, sign=True)
            if theirs and min(theirs) > 0:
                text += "  " + stats.percent(stats.change(mine, theirs))
            if stats.clear(diff):
                text += "  clear"
            shown.append((_label(key, words), text))
        few = (
            f", fewer than {stats.MIN_GAMES}: no difference is called clear"
            if games < stats.MIN_GAMES
            else ""
        )
        blocks.append(f"{other} against {base}, game by game ({games} games{few}):")
        blocks += _lines(shown)
    return "\n".join(blocks)
