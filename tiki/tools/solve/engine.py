"""The solver's search over the engine's own transitions (issue 11), for the positions
the compact code of ``_solvecode`` does not cover: the shaman rule, a turn cap.

:class:`Search` is iterative deepening alpha-beta from x's side with a transposition
table keyed by the position; :func:`region` lists every position reachable and solves
them backwards from the ends. ``tiki/tools/solve/solver.py`` explains why both are exact.

>>> from tiki import from_text
>>> s = from_text("+1,+1,0/+1,+2,+1/0x,+1,-1 turn x x - 1,0 6,0 - - 7 - rules:max_turns=8")
>>> Search(s, 10_000, True).run()
('win', Create(player=X, village=B1), 1)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable

from ...engine.contract import _apply_legal
from ...engine.moves import legal_actions
from ...model.actions import Action
from ...model.state import State, X

__all__ = ["Search", "key", "region"]

_MAX_DEPTH = 400
"""The deepest iteration of the search, in plies (a bound on recursion)."""
_M = 1 << 20
"""A win for x ``k`` plies from the root scores ``_M - k``, for o ``k - _M``."""
_WON = _M - 10_000
_EXACT, _LOWER, _UPPER = 0, 1, 2


class _Budget(Exception):
    """The node budget ran out."""


def key(s: State) -> Hashable:
    """The position without the turn count: what repeats when play goes round a cycle."""
    return (
        s.stacks, s.fruits, s.reserve, s.spoiled, s.shaman, s.active, s.actor, s.phase,
        s.pending, s.tiebreak,
    )  # fmt: skip


class Search:
    """Iterative deepening alpha-beta from x's side (x maximises), with a
    transposition table; scores are win/loss at a distance, or 0."""

    def __init__(self, root: State, budget: int, capped: bool) -> None:
        """A search from ``root`` generating at most ``budget`` positions."""
        self.root = root
        self.budget = budget
        self.key = (lambda s: s) if capped else key
        self.nodes = 0
        self.depth = 0
        self.cuts = 0
        """Horizon leaves met so far: a search that meets none has seen the whole tree."""
        self.table: dict[Hashable, tuple[int, int, int, int, bool]] = {}
        """key -> (depth, bound, score from the node, index of the best action, complete)."""

    def run(self) -> tuple[str, Action | None, int | None] | None:
        """``(value, best, plies)`` for the root's decider, or ``None`` when the budget
        ran out (``self.depth`` is then the deepest round completed)."""
        root = self.root
        for depth in range(1, _MAX_DEPTH + 1):
            cuts = self.cuts
            try:
                score, best = self.node(root, depth, -_M, _M, 0)
            except _Budget:
                return None
            self.depth = depth
            complete = self.cuts == cuts
            if abs(score) >= _WON or complete:
                if abs(score) < _WON:
                    return "draw", best, None
                mine = (score > 0) == (root.actor == X)
                plies = _M - abs(score)
                value = "win" if mine else "loss"
                return value, best, plies
        return None

    def children(self, s: State) -> list[tuple[Action, State]]:
        actions = legal_actions(s)
        self.nodes += len(actions)
        if self.nodes > self.budget:
            raise _Budget
        return [(a, _apply_legal(s, a).state) for a in actions]

    def node(
        self, s: State, depth: int, alpha: int, beta: int, ply: int
    ) -> tuple[int, Action | None]:
        """The score of ``s`` searched ``depth`` plies deep within ``(alpha, beta)``, and
        its best action (``None`` from the table or the horizon)."""
        result = s.result
        if result is not None:
            if result.winner is None:
                return 0, None
            return (_M - ply if result.winner == X else ply - _M), None
        pos = self.key(s)
        entry = self.table.get(pos)
        hint = -1
        if entry is not None:
            e_depth, bound, stored, hint, complete = entry
            if complete or e_depth >= depth:
                score = _from_table(stored, ply)
                if (
                    bound == _EXACT
                    or (bound == _LOWER and score >= beta)
                    or (bound == _UPPER and score <= alpha)
                ):
                    if not complete:
                        self.cuts += 1
                    return score, None
        if depth == 0:
            self.cuts += 1
            return 0, None
        cuts = self.cuts
        maximise = s.actor == X
        kids = self.children(s)
        win = _M - ply - 1 if maximise else ply + 1 - _M
        for i, (a, c) in enumerate(kids):  # a win at once is the fastest there is
            r = c.result
            if r is not None and r.winner == s.actor:
                self.table[pos] = (depth, _EXACT, _to_table(win, ply), i, True)
                return win, a
        order = sorted(range(len(kids)), key=lambda i: _hint(kids[i][1], s.actor))
        if 0 <= hint < len(kids):
            order.remove(hint)
            order.insert(0, hint)
        a0, b0 = alpha, beta
        best_score = -_M - 1 if maximise else _M + 1
        best_i = order[0]
        for i in order:
            score, _ = self.node(kids[i][1], depth - 1, alpha, beta, ply + 1)
            if maximise:
                if score > best_score:
                    best_score, best_i = score, i
                    alpha = max(alpha, score)
            elif score < best_score:
                best_score, best_i = score, i
                beta = min(beta, score)
            if alpha >= beta:
                break
        bound = _EXACT
        if best_score <= a0:
            bound = _UPPER
        elif best_score >= b0:
            bound = _LOWER
        complete = self.cuts == cuts
        self.table[pos] = (depth, bound, _to_table(best_score, ply), best_i, complete)
        return best_score, kids[best_i][0]


def _hint(child: State, me: int) -> int:
    """Move ordering, smaller first: a finished game for me, then fruit gained."""
    r = child.result
    if r is not None:
        return -100 if r.winner == me else 100 if r.winner is not None else 0
    return child.fruits[1 - me] - child.fruits[me]


def _to_table(score: int, ply: int) -> int:
    """A root-relative win score made relative to the node at ``ply``."""
    if score >= _WON:
        return score + ply
    return score - ply if score <= -_WON else score


def _from_table(score: int, ply: int) -> int:
    if score >= _WON:
        return score - ply
    return score + ply if score <= -_WON else score


def region(
    root: State, budget: int, capped: bool
) -> tuple[str, Action | None, int | None, int] | None:
    """Retrograde analysis of every position reachable from ``root``, if they take at
    most ``budget`` positions generated: ``(value, best, plies, nodes)``, else ``None``.

    Ends are known; a position is a win for its decider once one action reaches a win
    for him, and a loss once every action reaches a win for the other, found in order of
    distance so the winner's is the shortest and the loser's the longest. What is left
    can be forced by neither side: a draw, reached or by cycling for ever.
    """
    keyof = (lambda s: s) if capped else key
    index: dict[Hashable, int] = {keyof(root): 0}
    movers: list[int] = [root.actor]
    kids: list[list[int]] = [[]]
    won: list[int] = [-1]  # who wins from each position (-1: not known, 2: a drawn end)
    dist: list[int] = [0]
    todo = deque([root])
    nodes = 0
    root_actions = legal_actions(root)
    while todo:
        s = todo.popleft()
        i = index[keyof(s)]
        actions = root_actions if i == 0 else legal_actions(s)
        nodes += len(actions)
        if nodes > budget:
            return None
        out = kids[i]
        for a in actions:
            c = _apply_legal(s, a).state
            k = keyof(c)
            j = index.get(k)
            if j is None:
                j = index[k] = len(movers)
                movers.append(c.actor)
                kids.append([])
                r = c.result
                won.append(-1 if r is None else 2 if r.winner is None else r.winner)
                dist.append(0)
                if r is None:
                    todo.append(c)
            out.append(j)
    parents: list[list[int]] = [[] for _ in movers]
    for i, out in enumerate(kids):
        for j in out:
            parents[j].append(i)
    left = [len(out) for out in kids]
    queue = deque(i for i, w in enumerate(won) if w in (0, 1))
    while queue:
        j = queue.popleft()
        w = won[j]
        for p in parents[j]:
            if won[p] != -1:
                continue
            if movers[p] == w:
                won[p], dist[p] = w, dist[j] + 1
                queue.append(p)
            else:
                left[p] -= 1
                if left[p] == 0:
                    won[p], dist[p] = w, dist[j] + 1
                    queue.append(p)
    me = root.actor
    pick = kids[0]
    if won[0] == me:
        best = min((dist[j], n) for n, j in enumerate(pick) if won[j] == me)[1]
        return "win", root_actions[best], dist[0], nodes
    if won[0] in (0, 1):
        best = max((dist[j], n) for n, j in enumerate(pick))[1]
        return "loss", root_actions[best], dist[0], nodes
    best = next(n for n, j in enumerate(pick) if won[j] not in (0, 1) or won[j] == me)
    return "draw", root_actions[best], None, nodes
