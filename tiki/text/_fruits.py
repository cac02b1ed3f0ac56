"""Which fruit counts a game can reach: the fruits part of :func:`._check.check_state`.

The fruits of a state are a *tally* ``(x, o, reserve, spoiled, tiebreak)``. Only
influenced villages change it (TIKI-INFL-4 … TIKI-INFL-7) and the end checks
(TIKI-END-1 … TIKI-END-4) read it, so which tallies a game reaches depends only on the
village values, ``Rules.short_payout``, ``Rules.minus_one_empty``, ``Rules.end_check``
and ``Rules.tie_loop``, not on where the tikis stand. :func:`tallies` explores every
tally from the start (0, 0, 7, 0, no tie-break) and records the fewest influenced
villages that reach it.

Three kinds of tally exist, by where in the flow of play a state stands:

- *settled*: the end checks have run and the game goes on. Every state between two
  actions (phases ``turn``, ``order``, ``place``, a game ended by the turn cap or a
  forced pass) and every shaman decision with ``end_check='village'``. A settled tally
  has fewer than 4 fruits in each hand and a reserve; in the tie-break the counts are
  level and the reserve holds exactly 1 fruit.
- *between villages* (only with ``end_check='action'``): the shaman decision after a
  0 village that resolved second; the first village has changed the tally and no end
  check has run yet.
- *over*: a game that ended by an end check, with its reason.

With ``end_check='action'`` the two villages of one action resolve before the check,
so the pairs of values that can be influenced together matter: two villages next to
each other that one 2-step move can enter (:func:`pairs`).
"""

from __future__ import annotations

import functools
import heapq

from ..board.island import PATHS
from ..model.rules import Rules
from ..model.state import FRUITS, TARGET

__all__ = ["Tallies", "Tally", "pairs", "tallies"]

Tally = tuple[int, int, int, int, bool]
"""Fruits held by x and o, the reserve, the spoiled pile and the tie-break flag."""

START: Tally = (0, 0, FRUITS, 0, False)
"""TIKI-SETUP-4: nobody holds a fruit, all 7 are in the reserve."""


class Tallies:
    """The reachable tallies of one ruleset and layout, each with the fewest
    influenced villages that reach it (not counting 0 villages, which change nothing).

    ``settled`` and ``between`` map a tally to that number; ``over`` maps
    ``(reason, tally)``.
    """

    def __init__(self) -> None:
        self.settled: dict[Tally, int] = {}
        self.between: dict[Tally, int] = {}
        self.over: dict[tuple[str, Tally], int] = {}


_BENEFICIARIES: dict[int, tuple[tuple[int, ...], ...]] = {
    1: ((0,), (1,)),
    2: ((0, 0), (0, 1), (1, 0), (1, 1)),
}
"""Who the villages of a move resolve for: anyone (TIKI-INFL-4)."""


def _influence(t: Tally, value: int, who: int, short_payout: str, minus_one_empty: str) -> Tally:
    """The tally after a village worth ``value`` resolves for ``who`` (TIKI-INFL-4..7)."""
    f = [t[0], t[1]]
    reserve, spoiled, tiebreak = t[2], t[3], t[4]
    if value > 0:
        if reserve >= value:
            f[who] += value
            reserve -= value
        elif short_payout == "remaining" and reserve:  # TIKI-INFL-5
            f[who] += reserve
            reserve = 0
    elif value < 0:  # TIKI-INFL-7
        if f[who]:
            f[who] -= 1
            spoiled += 1
        elif minus_one_empty == "reserve" and reserve:  # Rules.minus_one_empty
            reserve -= 1
            spoiled += 1
    return f[0], f[1], reserve, spoiled, tiebreak


def _end(t: Tally, tie_loop: str) -> tuple[str | None, Tally]:
    """The end checks in their order (TIKI-END-1..4): a reason the game ends, or
    ``None`` and the tally after a spoiled fruit came back on a tie."""
    f0, f1, reserve, spoiled, tiebreak = t
    if f0 >= TARGET or f1 >= TARGET:
        return "four-fruits", t
    if tiebreak and f0 != f1:
        return "tiebreak", t
    if reserve == 0:
        if f0 != f1:
            return "reserve-empty", t
        if (tiebreak and tie_loop == "draw") or not spoiled:
            return "tie-loop", t
        return None, (f0, f1, 1, spoiled - 1, True)
    return None, t


def pairs(tiles: tuple[int, ...], allow_turns: bool) -> frozenset[tuple[int, int]]:
    """The values ``(first, second)`` of two villages one 2-step move can influence
    together, in either order of resolution (TIKI-INFL-2, TIKI-INFL-3)."""
    out: set[tuple[int, int]] = set()
    for by_height in PATHS[allow_turns]:
        for path, _ in by_height[2]:
            a, b = tiles[path[1]], tiles[path[2]]
            out.update(((a, b), (b, a)))
    return frozenset(out)


def tallies(rules: Rules, tiles: tuple[int, ...]) -> Tallies:
    """The reachable tallies of ``rules`` played on the layout ``tiles``."""
    together = pairs(tiles, rules.allow_turns) if rules.end_check == "action" else None
    return _explore(
        frozenset(tiles), together, rules.short_payout, rules.minus_one_empty, rules.tie_loop
    )


@functools.cache
def _explore(
    values: frozenset[int],
    together: frozenset[tuple[int, int]] | None,
    short_payout: str,
    minus_one_empty: str,
    tie_loop: str,
) -> Tallies:
    """Every tally from the start, cheapest first (a shortest-path search).

    ``together`` is ``None`` with ``end_check='village'``: each village is then checked
    on its own, as if it were the only one of its action.
    """
    out = Tallies()
    queue: list[tuple[int, Tally]] = [(0, START)]
    moves: list[tuple[int, ...]] = [(v,) for v in values if v]  # a 0 village changes nothing
    if together is not None:
        moves += [pair for pair in together if 0 not in pair]
    while queue:
        cost, t = heapq.heappop(queue)
        if t in out.settled:
            continue
        out.settled[t] = cost
        for move in moves:
            for who in _BENEFICIARIES[len(move)]:
                raw = t
                for value, w in zip(move, who, strict=True):
                    raw = _influence(raw, value, w, short_payout, minus_one_empty)
                reason, after = _end(raw, tie_loop)
                n = cost + len(move)
                if reason is not None:
                    key = (reason, raw)
                    if n < out.over.get(key, n + 1):
                        out.over[key] = n
                elif after not in out.settled:
                    heapq.heappush(queue, (n, after))
        if together is not None:  # a 0 village resolved second: the shaman decides
            for first, second in together:
                if second == 0 and first:
                    for w in (0, 1):
                        raw = _influence(t, first, w, short_payout, minus_one_empty)
                        if cost + 1 < out.between.get(raw, cost + 2):
                            out.between[raw] = cost + 1
    return out
