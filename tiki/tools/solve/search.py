"""The solver's searches on the compact code of ``_solvecode`` (issue 11).

:class:`Prover` asks a yes-or-no question, "can ``attacker`` force a win within ``k``
plies from here?", by a depth-first search with two tables per attacker: the fewest
plies a position is proved in, and the most it is refuted for. The answer to that
question depends on the position and ``k`` alone, never on the path (a position met
again on the path is searched again with fewer plies left, so there is no
graph-history interaction), and a proof is a strategy that wins in the real game.
Iterative deepening over ``k`` finds the shortest forced win; if the other side's win
is found first, its distance is the longest the loser can hold out. At the last ply
two shortcuts save playing the moves out: the attacker can win at once only by a move
that brings a village to 3 tikis (``Code.wins_now``), and a defender who can create a
totem is not lost at once (``Code.quiet``); both count every legal action as
generated, as a full expansion would.

:func:`region` lists every position reachable from one (if they fit in a budget) and
solves them backwards from the ends: the exact value of each, draws included, where
neither side can force a win and play may go round for ever.

>>> from tiki import from_text
>>> from tiki.tools.solve.code import Code
>>> s = from_text("+1,+1,0/+1,+2,+1/0,+1xx,-1o turn o o - 3,3 1,0 - - 24 -")
>>> code = Code(s)
>>> p = Prover(code, 10_000)
>>> p.wins(code.encode(s), 1, 1), p.wins(code.encode(s), 1, 0)
(True, False)
"""

from __future__ import annotations

from array import array
from collections import deque
from typing import Final

from .code import OPEN, Code

__all__ = ["Budget", "Prover", "region"]

_NEVER: Final = 1 << 30
"""A refutation for every depth: the defender can end the game without losing."""


class Budget(Exception):
    """The node budget ran out."""


class Prover:
    """Depth-bounded proofs of forced wins on ``code``'s positions, generating at most
    ``budget`` positions in all (then :class:`Budget` is raised)."""

    def __init__(self, code: Code, budget: int) -> None:
        """An empty search with its tables."""
        self.code = code
        self.budget = budget
        self.nodes = 0
        """Positions generated so far (each child of each expanded position)."""
        self.yes: tuple[dict[int, int], dict[int, int]] = ({}, {})
        """For each attacker: position -> the fewest plies it is proved to win in."""
        self.no: tuple[dict[int, int], dict[int, int]] = ({}, {})
        """For each attacker: position -> the most plies within which it cannot win."""
        self.refute: tuple[dict[int, int], dict[int, int]] = ({}, {})
        """For each attacker: a defender's position -> the child that last refuted."""

    def wins(self, key: int, k: int, attacker: int) -> bool:
        """Whether ``attacker`` can force a win within ``k`` plies (``k`` at least 1)."""
        yes, no = self.yes[attacker], self.no[attacker]
        if no.get(key, 0) >= k:
            return False
        proved = yes.get(key)
        if proved is not None and proved <= k:
            return True
        code = self.code
        mine = code.actor(key) == attacker
        if mine and k == 1:  # only a move to 3 tikis can win at once
            won, n = code.wins_now(key, attacker)
            self.nodes += n
            if self.nodes > self.budget:
                raise Budget
            if won:
                yes[key] = 1
            else:
                no[key] = 1
            return won
        if not mine and k == 1:  # a create is a move that cannot lose at once
            n = code.quiet(key, 1 - attacker)
            if n:
                self.nodes += n
                if self.nodes > self.budget:
                    raise Budget
                no[key] = 1
                return False
        kids = code.children(key)
        self.nodes += len(kids)
        if self.nodes > self.budget:
            raise Budget
        if mine:
            for _, _, over in kids:
                if over == attacker:
                    yes[key] = 1
                    return True
            if k > 1:
                k1 = k - 1
                open_ = [c for _, c, over in kids if over == OPEN]
                for c in open_:  # a child already proved: no search needed
                    p = yes.get(c)
                    if p is not None and p <= k1:
                        yes[key] = k
                        return True
                for c in open_:
                    if no.get(c, 0) < k1 and self.wins(c, k1, attacker):
                        yes[key] = k
                        return True
            no[key] = k
            return False
        for _, _, over in kids:
            if over != OPEN and over != attacker:  # the defender ends it without losing
                no[key] = _NEVER
                return False
        open_ = [c for _, c, over in kids if over == OPEN]
        if not open_:
            yes[key] = 1
            return True
        if k == 1:
            no[key] = 1
            return False
        k1 = k - 1
        for c in open_:  # a refutation already known: no search needed
            if no.get(c, 0) >= k1:
                no[key] = k
                return False
        refute = self.refute[attacker]
        first = refute.get(key)
        if first is not None and first in open_:
            open_.remove(first)
            open_.insert(0, first)
        for c in open_:
            if not self.wins(c, k1, attacker):
                no[key] = k
                refute[key] = c
                return False
        yes[key] = k
        return True


def region(code: Code, root: int, budget: int) -> tuple[list[int], list[int], int] | None:
    """Retrograde analysis of every position reachable from ``root``, if they take at
    most ``budget`` positions generated: for each child of ``root`` (in the order of
    ``code.children``), who wins from it (``X``, ``O``, or -1: nobody can force a win)
    and in how many plies; and the positions generated. ``None`` if they do not fit.

    Ends are known; a position is a win for its decider once one action reaches a win
    for him, and a loss once every action reaches a win for the other, found in order
    of distance so that the winner's is the shortest and the loser's the longest. What
    is left can be forced by neither side: a draw, reached or by going round for ever.
    """
    # entries 0, 1, 2: a finished game won by x, won by o, drawn; the root is entry 3
    index: dict[int, int] = {root: 3}
    keys = [-1, -1, -1, root]
    kids: list[array[int]] = [array("l"), array("l"), array("l")]
    nodes = 0
    i = 3
    while i < len(keys):
        found = code.children(keys[i])
        nodes += len(found)
        if nodes > budget:
            return None
        out = array("l")
        for _, c, over in found:
            if over != OPEN:
                out.append(over)
                continue
            j = index.get(c)
            if j is None:
                j = index[c] = len(keys)
                keys.append(c)
            out.append(j)
        kids.append(out)
        i += 1
    n = len(keys)
    parents: list[array[int]] = [array("l") for _ in range(n)]
    for p, out in enumerate(kids):
        for j in out:
            parents[j].append(p)
    mover = [code.actor(k) if k >= 0 else -1 for k in keys]
    won = array("b", [0, 1, -1] + [-1] * (n - 3))  # who wins from each (-1: not known)
    dist = array("l", [0] * n)
    left = array("l", [len(out) for out in kids])
    queue = deque((0, 1))
    while queue:
        j = queue.popleft()
        w = won[j]
        for p in parents[j]:
            if won[p] != -1:
                continue
            if mover[p] == w:
                won[p], dist[p] = w, dist[j] + 1
                queue.append(p)
            else:
                left[p] -= 1
                if left[p] == 0:
                    won[p], dist[p] = w, dist[j] + 1
                    queue.append(p)
    return [won[j] for j in kids[3]], [dist[j] for j in kids[3]], nodes
