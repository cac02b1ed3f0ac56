"""``docs/study.md``'s section on how strong the study's own bots are (issue 32: "measure
and publish the strength of every bot the study uses"): each bot against the next
weaker one, with exactly the bots, budget and seeds of the study (``simulate``'s
``mcts:N``, ``greedy``, ``random``), the stronger bot in every seat in turn on the same
seeds. A win counts 1, a shared win or a draw its share.

>>> rows = [{"ruleset": "mode=speed;players=2", "seed": s, "bots": b, "players": 2,
...          "winner": w, "scores": [1, 1]}
...         for s, (b, w) in enumerate([("greedy,random", 0), ("random,greedy", 1),
...                                      ("greedy,random", -1), ("random,greedy", 0)])]
>>> [shares(rows, "greedy")[k] for k in ("games", "share")]
[4, 0.625]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import tikalspeed
import tiki
from gamekit.studies import stats
from tikalspeed.tools import studies as tikal_sim
from tiki.tools import studies as tiki_sim

GAMES: tuple[tuple[str, int], ...] = (
    ("tiki", 2),
    ("classic", 2),
    ("professional", 2),
    ("speed", 2),
    ("speed", 4),
)
"""The games measured: Tiki, each Tikal mode with 2 players, Speed with 4."""


def _share(row: dict[str, Any], seat: int) -> float:
    """The share of the win of ``seat`` in a row: 1 a win, a shared win its share."""
    if row["winner"] >= 0:
        return float(row["winner"] == seat)
    scores = row["scores"]
    top = [p for p, s in enumerate(scores) if s == max(scores)]
    return 1 / len(top) if seat in top else 0.0


def shares(rows: Sequence[dict[str, Any]], bot: str) -> dict[str, Any]:
    """``bot``'s share of the win over ``rows`` (games where it sat in one seat), with
    its 95% interval (:func:`gamekit.studies.stats.estimate`, cut to 0 and 1)."""
    values = [_share(r, r["bots"].split(",").index(bot)) for r in rows]
    e = stats.within(stats.estimate(values), 0.0, 1.0)
    return {"games": len(values), "share": e.mean, "estimate": e}


def _seatings(strong: str, weak: str, players: int) -> list[list[str]]:
    return [[strong if p == seat else weak for p in range(players)] for seat in range(players)]


def play(
    pairs: Sequence[tuple[str, str]], games: Callable[[str, int], int], jobs: int
) -> list[dict[str, Any]]:
    """The games of every pair (stronger, weaker) in every game of :data:`GAMES`,
    ``games(game, players)`` a seating (0 to skip), the stronger bot in each seat in
    turn; each row gets ``pair`` (the stronger bot's name) and ``game``."""
    out: list[dict[str, Any]] = []
    for strong, weak in pairs:
        for game, n in GAMES:
            count = games(game, n)
            if not count:
                continue
            for bots in _seatings(strong, weak, n):
                if game == "tiki":
                    rows = tiki_sim.simulate([tiki.Rules()], count, seed=0, bots=bots, jobs=jobs)
                else:
                    rules = tikalspeed.Rules(mode=game, players=n)
                    rows = tikal_sim.simulate([rules], count, seed=0, bots=bots, jobs=jobs)
                out += [r | {"pair": f"{strong},{weak}", "game": f"{game} {n}"} for r in rows]
    return out


def _name(game: str) -> str:
    kind, n = game.split()
    return "Tiki" if kind == "tiki" else f"Tikal, {kind}, {n} players"


def section(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The page's section: a line per pair and game."""
    lines = [
        "## How strong the study's bots are",
        "",
        "Each bot of this page against the next weaker one, with the same names, budget "
        "and seeds as above (`simulate --bots`), the stronger in every seat in turn "
        "(so the seat's own edge cancels out); a win counts 1, a shared win or a draw "
        "its share, with its 95% interval. An equal seat would win 50% with 2 players, "
        "25% with 4. The greedy bot looks one action ahead (`evaluate`); the search bot "
        "`mcts:N` runs `N` playouts a decision. [`strength.md`](strength.md) has the "
        "stronger 200-playout search bots.",
        "",
        "| bot | against | game | games | its share of the wins |",
        "| --- | --- | --- | --- | --- |",
    ]
    for pair in dict.fromkeys(r["pair"] for r in rows):
        strong, weak = pair.split(",")
        for game in dict.fromkeys(r["game"] for r in rows if r["pair"] == pair):
            mine = [r for r in rows if r["pair"] == pair and r["game"] == game]
            s = shares(mine, strong)
            share = stats.bracketed(s["estimate"], scale=100.0, unit="%", places=(0, 1))
            lines.append(f"| `{strong}` | `{weak}` | {_name(game)} | {s['games']} | {share} |")
    return [*lines, ""]
