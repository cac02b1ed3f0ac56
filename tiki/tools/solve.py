"""Exact values of Tiki positions: who wins under perfect play, and a best move (issue 11).

:func:`solve` answers a position with a :class:`Solution`: ``'win'``, ``'loss'`` or
``'draw'`` for the player to decide, a best action, the plies to the end under perfect
play (the winner hurries, the loser holds out), the positions generated, and how it was
proved. It proves in three ways, each exact:

- ``'no-winner'``: no sequence of influenced villages can ever give anyone the game
  (every village worth 0, say), so nobody can win: a draw.
- ``'search'``: iterative deepening alpha-beta over the engine's own transitions, with
  a transposition table keyed by the position. A search to a depth of ``d`` plies
  scores a position it has not finished as unknown, never as a repetition, so its
  values depend on the position alone (no graph-history interaction) and a win or loss
  it proves is a win or loss in the real game, at the exact distance. A draw is proved
  when the whole game tree ends inside the depth (a turn cap, TIKI-END-6).
- ``'region'``: when the search proves nothing, every position reachable from this one
  is listed (if they fit in what is left of the budget) and solved backwards from the
  ends (retrograde analysis). What neither side can force is a draw, and that covers
  play that goes round a cycle for ever.

**A cycle is a draw.** With ``Rules.max_turns = None`` (the default) the game has no
cap (TIKI-END-6: "the official game has none", and no repetition rule): a play that
never ends gives nobody the game, so a player who can keep it going for ever, and
cannot win, draws. The 2**53 − 1 turns of :attr:`~tiki.Rules.turn_cap` are a bound on
numbers, not a rule of play; the solver plays it as a cap only for a position within
``limit`` turns of it. With a cap the turn count is part of the position, nothing
cycles, and the cap's result (more fruits wins, else a draw) is the end.

A chance node (the layout, the first player) is not a position to solve: its value is
the layout's, and every layout is a different game; it is refused. Most positions of a
real game are neither short wins nor small regions, so a search of a few seconds
answers ``'unknown'`` (``exact`` is false) long before the end: ``docs/tiki-solve.md``
measures how far it reaches.

>>> from tiki import from_text
>>> s = from_text("+1,+1,0/+1,+2,+1/0,+1xx,-1o turn o o - 3,3 1,0 - - 24 -")
>>> sol = solve(s)
>>> sol.value, str(sol.best), sol.plies, sol.how
('win', 'c1-b1', 1, 'search')
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable

import attrs

from ..engine.contract import _apply_legal
from ..engine.moves import legal_actions, refuse_view
from ..model.actions import Action
from ..model.state import CHANCE, PLAYER_SYMBOLS, State, X
from ..text._fruits import Tally, _end, _influence, pairs

__all__ = ["MAX_LIMIT", "VALUES", "Solution", "solve"]

VALUES = ("win", "loss", "draw", "unknown")
"""What a :class:`Solution` says, for the player to decide."""
MAX_LIMIT = 20_000_000
"""The largest node budget (``limit``): positions generated, each a few hundred bytes
kept in the transposition table."""
_MAX_DEPTH = 400
"""The deepest iteration of the search, in plies (a bound on recursion)."""
_M = 1 << 20
"""A win for x ``k`` plies from the root scores ``_M - k``, for o ``k - _M``."""
_WON = _M - 10_000
_EXACT, _LOWER, _UPPER = 0, 1, 2
_CHANCE = {"layout": "layout", "first": "first player"}


class _Budget(Exception):
    """The node budget ran out."""


@attrs.frozen
class Solution:
    """The value of a position under perfect play, for ``player``, the one who decides.

    ``value`` is ``'win'``, ``'loss'`` or ``'draw'``, or ``'unknown'`` when the budget ran
    out first; ``best`` an action that keeps that value (``None`` if unknown or over);
    ``plies`` the actions to the end when both play perfectly (``None`` for a draw or
    unknown); ``nodes`` the positions generated; ``depth`` the deepest search completed,
    in plies; ``how`` what proved it: ``'over'``, ``'no-winner'``, ``'search'``,
    ``'region'``, or ``'limit'`` (not proved).

    >>> Solution("win", X, None, 3, 10, 3, "search").winner
    0
    """

    value: str
    player: int
    best: Action | None
    plies: int | None
    nodes: int
    depth: int
    how: str

    @property
    def exact(self) -> bool:
        """Whether the value is proved (not ``'unknown'``)."""
        return self.value != "unknown"

    @property
    def winner(self) -> int | None:
        """``X`` or ``O`` who wins under perfect play; ``None`` for a draw or unknown."""
        if self.value == "win":
            return self.player
        return 1 - self.player if self.value == "loss" else None

    def text(self) -> str:
        """The value in words, as ``tiki solve`` prints it.

        >>> Solution("loss", X, None, 4, 99, 4, "search").text()
        'x loses in 4 plies (o wins)'
        >>> Solution("unknown", X, None, None, 2000, 5, "limit").text()
        'unknown: no forced win within 5 plies; nothing proved in 2,000 positions'
        """
        me = PLAYER_SYMBOLS[self.player]
        if self.value == "unknown":
            return (
                f"unknown: no forced win within {self.depth} plies; nothing proved in "
                f"{self.nodes:,} positions"
            )
        if self.value == "draw":
            return f"draw: neither side can force a win ({me} to decide)"
        plies = f"{self.plies} ply" if self.plies == 1 else f"{self.plies} plies"
        if self.value == "win":
            return f"{me} wins in {plies}"
        return f"{me} loses in {plies} ({PLAYER_SYMBOLS[1 - self.player]} wins)"


def solve(state: State, *, limit: int = 1_000_000) -> Solution:
    """The value of ``state`` under perfect play, generating at most ``limit`` positions.

    A finished game gives its result (0 plies); a chance node or anything that is not
    a position is refused with :class:`ValueError`, as is a ``limit`` that is not an
    int from 1 to :data:`MAX_LIMIT`. When the budget runs out first the value is
    ``'unknown'``, never a guess.

    >>> from tiki import new_game
    >>> solve(new_game())
    Traceback (most recent call last):
    ...
    ValueError: solve: the layout is a chance node, not a position to solve
    >>> solve(new_game(seed=1), limit=0)
    Traceback (most recent call last):
    ...
    ValueError: solve: limit must be an int from 1 to 20000000, not 0
    >>> solve(new_game(seed=1), limit=2000).value
    'unknown'
    """
    if type(limit) is not int or not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"solve: limit must be an int from 1 to {MAX_LIMIT}, not {limit!r}")
    refuse_view(state)  # IllegalActionError: a View is not a position
    if type(state) is not State:
        raise ValueError(f"solve: a State is needed, not {type(state).__name__}")
    if state.actor == CHANCE:
        raise ValueError(
            f"solve: the {_CHANCE[state.phase.value]} is a chance node, not a position to solve"
        )
    result = state.result
    if result is not None:
        won = "draw" if result.winner is None else "win" if result.winner == state.actor else "loss"
        return Solution(won, state.actor, None, 0, 0, 0, "over")
    if _nobody_can_win(state):
        return Solution("draw", state.actor, legal_actions(state)[0], None, 0, 0, "no-winner")
    capped = state.rules.max_turns is not None or state.rules.turn_cap - state.turn <= limit
    search = _Search(state, limit - limit // 8, capped)
    found = search.run()
    if found is not None:
        return found
    region = _region(state, limit - search.nodes, capped)
    if region is not None:
        value, best, plies, nodes = region
        return Solution(
            value, state.actor, best, plies, search.nodes + nodes, search.depth, "region"
        )
    return Solution("unknown", state.actor, None, None, search.nodes, search.depth, "limit")


def _key(s: State) -> Hashable:
    """The position without the turn count: what repeats when play goes round a cycle."""
    return (
        s.stacks, s.fruits, s.reserve, s.spoiled, s.shaman, s.active, s.actor, s.phase,
        s.pending, s.tiebreak,
    )  # fmt: skip


def _nobody_can_win(state: State) -> bool:
    """No sequence of influenced villages can give anyone the game (the tallies of
    ``text/_fruits.py``, from this one), and no other rule can: then it is a draw."""
    rules = state.rules
    if rules.no_move == "lose":  # TIKI-END-5: a stuck player loses
        return False
    moves: list[tuple[int, ...]] = [(v,) for v in set(state.tiles) if v]
    if rules.end_check == "action":
        moves += [p for p in pairs(state.tiles, rules.allow_turns) if 0 not in p]
    start: Tally = (*state.fruits, state.reserve, state.spoiled, state.tiebreak)
    seen = {start}
    todo = [start]
    while todo:
        t = todo.pop()
        if t[0] != t[1] and rules.max_turns is not None:  # TIKI-END-6: the cap rewards a lead
            return False
        for move in moves:
            for who in ((0,), (1,)) if len(move) == 1 else ((0, 0), (0, 1), (1, 0), (1, 1)):
                raw = t
                for value, w in zip(move, who, strict=True):
                    raw = _influence(raw, value, w, rules.short_payout)
                reason, after = _end(raw, rules.tie_loop)
                if reason is not None and raw[0] != raw[1]:
                    return False
                if reason is None and after not in seen:
                    seen.add(after)
                    todo.append(after)
    return True


class _Search:
    """Iterative deepening alpha-beta from x's side (x maximises), with a
    transposition table; scores are win/loss at a distance, or 0."""

    def __init__(self, root: State, budget: int, capped: bool) -> None:
        self.root = root
        self.budget = budget
        self.key = (lambda s: s) if capped else _key
        self.nodes = 0
        self.depth = 0
        self.cuts = 0
        """Horizon leaves met so far: a search that meets none has seen the whole tree."""
        self.table: dict[Hashable, tuple[int, int, int, int, bool]] = {}
        """key -> (depth, bound, score from the node, index of the best action, complete)."""

    def run(self) -> Solution | None:
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
                    return Solution("draw", root.actor, best, None, self.nodes, depth, "search")
                mine = (score > 0) == (root.actor == X)
                plies = _M - abs(score)
                value = "win" if mine else "loss"
                return Solution(value, root.actor, best, plies, self.nodes, depth, "search")
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
        key = self.key(s)
        entry = self.table.get(key)
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
                self.table[key] = (depth, _EXACT, _to_table(win, ply), i, True)
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
        self.table[key] = (depth, bound, _to_table(best_score, ply), best_i, complete)
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


def _region(
    root: State, budget: int, capped: bool
) -> tuple[str, Action | None, int | None, int] | None:
    """Retrograde analysis of every position reachable from ``root``, if they take at
    most ``budget`` positions generated: ``(value, best, plies, nodes)``, else ``None``.

    Ends are known; a position is a win for its decider once one action reaches a win
    for him, and a loss once every action reaches a win for the other, found in order of
    distance so the winner's is the shortest and the loser's the longest. What is left
    can be forced by neither side: a draw, reached or by cycling for ever.
    """
    key = (lambda s: s) if capped else _key
    index: dict[Hashable, int] = {key(root): 0}
    movers: list[int] = [root.actor]
    kids: list[list[int]] = [[]]
    won: list[int] = [-1]  # who wins from each position (-1: not known, 2: a drawn end)
    dist: list[int] = [0]
    todo = deque([root])
    nodes = 0
    root_actions = legal_actions(root)
    while todo:
        s = todo.popleft()
        i = index[key(s)]
        actions = root_actions if i == 0 else legal_actions(s)
        nodes += len(actions)
        if nodes > budget:
            return None
        out = kids[i]
        for a in actions:
            c = _apply_legal(s, a).state
            k = key(c)
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
