"""``docs/study.md``'s section on Tiki's perfect play beside the bots: the classes solved
so far (``tiki/data/openings.json``), whether their layouts are a fair sample of all
1,512, and each bot's first-player share on those layouts and on the others.

Seed 1's layout is of class 57 (solved), seed 3's of class 154 (not yet):

>>> rows = [{"ruleset": "default", "seed": 1, "first_won": 1.0},
...         {"ruleset": "default", "seed": 3, "first_won": 0.0}]
>>> inside, outside = solved_share(rows, {57})
>>> (inside.mean, inside.n), (outside.mean, outside.n)
((1.0, 1), (0.0, 1))
>>> perfect({"greedy": rows})[-4]
'| greedy | 100% (1 game) | 0% (1 game) |'
"""

from __future__ import annotations

import collections
from collections.abc import Iterable, Sequence
from typing import Any

import tiki
from gamekit.studies import stats
from tiki.board.layouts import CLASSES, class_index
from tiki.tools.tables.sweep import Opening, openings

__all__ = ["perfect", "places", "solved_share"]

_PLACE = ("corner", "edge", "corner", "edge", "centre", "edge", "corner", "edge", "corner")
"""Where each village a1 … c3 lies: the square's symmetries keep it."""


def places(layouts: Iterable[Sequence[int]], value: int) -> dict[str, float]:
    """The share of ``layouts`` with the village of ``value`` in a corner, on an edge or
    in the centre (the first such village, a1 … c3).

    >>> places([(2, 1, 1, 1, 1, 1, 0, 0, -1)], -1)
    {'corner': 1.0, 'edge': 0.0, 'centre': 0.0}
    """
    counts: collections.Counter[str] = collections.Counter()
    for layout in layouts:
        counts[_PLACE[list(layout).index(value)]] += 1
    total = sum(counts.values()) or 1
    return {p: counts[p] / total for p in ("corner", "edge", "centre")}


def _layouts(indices: Iterable[int]) -> list[tuple[int, ...]]:
    return [m for i in indices for m in CLASSES[i].members]


def solved_share(rows: Sequence[dict[str, Any]], solved: set[int]) -> tuple[Any, Any]:
    """The first player's share of the default-rules games in ``rows`` whose layout
    (``new_game(seed=...)``'s) is of a class in ``solved``, and of the others."""
    inside: list[float] = []
    outside: list[float] = []
    for r in rows:
        if r["ruleset"] != "default":
            continue
        tiles = tiki.new_game(seed=r["seed"]).tiles
        (inside if class_index(tiles) in solved else outside).append(float(r["first_won"]))
    return stats.estimate(inside), stats.estimate(outside)


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "\N{MINUS SIGN}")


def _share(e: Any) -> str:
    if e.n == 0:
        return "no game"
    shown = stats.bracketed(stats.within(e, 0.0, 1.0), scale=100.0, unit="%")
    return shown if "game" in shown else f"{shown}, {e.n} games"


def _sample(found: Sequence[Opening]) -> list[str]:
    solved = _layouts(o.index for o in found)
    every = _layouts(range(len(CLASSES)))
    lines = [
        "| village | where | solved layouts | all 1,512 layouts |",
        "| --- | --- | ---: | ---: |",
    ]
    skewed = []
    for value in (-1, 2):
        mine, all_ = places(solved, value), places(every, value)
        for where in ("corner", "edge", "centre"):
            lines.append(
                f"| {_signed(value)} | {where} | {mine[where]:.0%} | {all_[where]:.0%} |"
            )
        where = max(mine, key=lambda w: abs(mine[w] - all_[w]))
        if abs(mine[where] - all_[where]) > 0.1:
            skewed.append(
                f"the {_signed(value)} village lies in {'the' if where == 'centre' else 'a'} "
                f"{where} in {mine[where]:.0%} of them, against {all_[where]:.0%} of all layouts"
            )
    verdict = (
        f"**They are not a fair sample** of the 198 classes: {'; '.join(skewed)}. The "
        "classes are numbered in the order of their layouts' values and the sweep began "
        "with the first of them; what holds for these need not hold for the rest."
        if skewed
        else "Where the −1 and the +2 villages lie, the solved layouts look like all 1,512."
    )
    return [*lines, "", verdict]


def perfect(
    by_bots: dict[str, list[dict[str, Any]]], found: Sequence[Opening] | None = None
) -> list[str]:
    """The section: perfect play's answer on the classes solved, whether they are a fair
    sample, and each bot's first-player share on their layouts and on the others."""
    found = openings() if found is None else found
    lines = ["## Tiki: perfect play beside the bots", ""]
    if not found:
        return [*lines, "No layout class is solved yet.", ""]
    wins = [o for o in found if o.value == "win"]
    plies = [o.plies for o in wins if o.plies is not None]
    layouts = sum(o.members for o in found)
    lines += [
        f"Under perfect play (the retrograde tables, [`tiki-solve.md`](tiki-solve.md)), the "
        f"first player wins {len(wins)} of the {len(found)} layout classes solved so far "
        f"({layouts} of the 1,512 layouts)"
        + (f", in {min(plies)} to {max(plies)} plies" if plies else "")
        + f"; the other {len(CLASSES) - len(found)} classes are not solved yet "
        "([`tiki-layouts.md`](tiki-layouts.md#opening-values)). Are the solved ones a fair "
        "sample? Where the −1 and the +2 villages lie (a square's symmetries keep a corner "
        "a corner, so a class has one answer):",
        "",
        *_sample(found),
        "",
        "The bots' first player, on the layouts of the solved classes and on the others "
        "(default rules, the games above, a draw counting half):",
        "",
        "| bots | on solved layouts | on the others |",
        "| --- | ---: | ---: |",
    ]
    solved = {o.index for o in found}
    for bots, rows in by_bots.items():
        inside, outside = solved_share(rows, solved)
        lines.append(f"| {bots} | {_share(inside)} | {_share(outside)} |")
    lines += [
        "",
        "So the bots' first-player share says how these bots play, not who the game "
        "favours: on layouts where perfect play wins for the first player, a bot's first "
        "player may still lose more often than not.",
        "",
    ]
    return lines
