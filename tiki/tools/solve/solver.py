"""Exact values of Tiki positions: who wins under perfect play, and a best move (issue 11).

:func:`solve` answers a position with a :class:`Solution`: ``'win'``, ``'loss'`` or
``'draw'`` for the player to decide, a best action, the plies to the end under perfect
play (the winner hurries, the loser holds out), the positions generated, and how it was
proved. It proves in three ways, each exact:

- ``'no-winner'``: no sequence of influenced villages can ever give anyone the game
  (every village worth 0, say), so nobody can win: a draw.
- ``'search'``: iterative deepening of yes-or-no proofs, "can this player force a win
  within ``k`` plies?", for the decider and then the other, ``k`` = 1, 2, … The
  answer depends on the position and ``k`` alone (a position met again on the path is
  searched again with fewer plies left; there is no graph-history interaction), so the
  tables of proofs and refutations are exact, and the first ``k`` that proves a win is
  its exact distance. Without the shaman and a turn cap this runs on the compact
  integer code of ``_solvecode`` (``_solvesearch.Prover``, about ten times faster
  than the engine's objects, and tested against the engine action by action);
  otherwise it is alpha-beta over the engine's own transitions (``_solveengine``),
  which also proves a draw when the whole game tree ends inside the depth (a turn cap,
  TIKI-END-6).
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
real game are neither short wins nor small regions (a position space of about 3.7
billion, see ``docs/tiki-solve.md``), so a search of a few seconds answers
``'unknown'`` (``exact`` is false) long before the end: ``docs/tiki-solve.md`` measures
how far it reaches.

>>> from tiki import from_text
>>> s = from_text("+1,+1,0/+1,+2,+1/0,+1xx,-1o turn o o - 3,3 1,0 - - 24 -")
>>> sol = solve(s)
>>> sol.value, str(sol.best), sol.plies, sol.how
('win', 'c1-b1', 1, 'search')
"""

from __future__ import annotations

import attrs

from ...engine.moves import legal_actions, refuse_view
from ...model.actions import Action
from ...model.state import CHANCE, PLAYER_SYMBOLS, State, X  # noqa: F401 (doctests)
from ...text._fruits import Tally, _end, _influence, pairs
from . import engine as _solveengine
from .code import OPEN, Code, supported
from .search import Budget, Prover, region

__all__ = ["MAX_LIMIT", "VALUES", "Solution", "solve"]

VALUES = ("win", "loss", "draw", "unknown")
"""What a :class:`Solution` says, for the player to decide."""
MAX_LIMIT = 20_000_000
"""The largest node budget (``limit``): positions generated, each a few hundred bytes
kept in the transposition table."""
_MAX_DEPTH = 400
"""The deepest iteration of the search, in plies (a bound on recursion)."""
_CHANCE = {"layout": "layout", "first": "first player"}


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
    if supported(state) and not capped:
        return _solve_code(state, limit)
    search = _solveengine.Search(state, limit - limit // 8, capped)
    found = search.run()
    if found is not None:
        value, best, plies = found
        return Solution(value, state.actor, best, plies, search.nodes, search.depth, "search")
    rest = _solveengine.region(state, limit - search.nodes, capped)
    if rest is not None:
        value, best, plies, nodes = rest
        return Solution(
            value, state.actor, best, plies, search.nodes + nodes, search.depth, "region"
        )
    return Solution("unknown", state.actor, None, None, search.nodes, search.depth, "limit")


def _solve_code(state: State, limit: int) -> Solution:
    """Iterative deepening proofs on the compact code, then the region, within ``limit``."""
    code = Code(state)
    root = code.encode(state)
    me, other = state.actor, 1 - state.actor
    prover = Prover(code, limit - limit // 8)
    depth = 0
    try:
        for k in range(1, _MAX_DEPTH + 1):
            for who in (me, other):
                if prover.wins(root, k, who):
                    return _proved(state, code, prover, root, k, who)
            depth = k
    except Budget:
        pass
    nodes = prover.nodes
    found = region(code, root, limit - nodes)
    if found is None:
        return Solution("unknown", me, None, None, nodes, depth, "limit")
    winners, dists, more = found
    actions = [a for a, _, _ in code.children(root)]
    nodes += more
    mine = [(d, i) for i, (w, d) in enumerate(zip(winners, dists, strict=True)) if w == me]
    if mine:
        d, i = min(mine)
        return Solution("win", me, actions[i], d + 1, nodes, depth, "region")
    if all(w == other for w in winners):
        d, i = max((d, i) for i, d in enumerate(dists))
        return Solution("loss", me, actions[i], d + 1, nodes, depth, "region")
    i = winners.index(-1)
    return Solution("draw", me, actions[i], None, nodes, depth, "region")


def _proved(state: State, code: Code, prover: Prover, root: int, k: int, who: int) -> Solution:
    """The solution once ``who`` is proved to win in ``k`` plies (and not fewer), with a
    best move read from the proof tables: a child won in ``k - 1`` plies for the winner,
    a child not lost within ``k - 2`` for the loser."""
    me = state.actor
    kids = code.children(root)
    yes, no = prover.yes[who], prover.no[who]
    best: Action = kids[0][0]
    for action, child, over in kids:
        if who == me and (over == me or (over == OPEN and yes.get(child, k) <= k - 1)):
            best = action
            break
        if who != me and k >= 2 and over == OPEN and no.get(child, 0) >= k - 2:
            best = action
            break
    value = "win" if who == me else "loss"
    return Solution(value, me, best, k, prover.nodes, k, "search")


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
                    raw = _influence(raw, value, w, rules.short_payout, rules.minus_one_empty)
                reason, after = _end(raw, rules.tie_loop)
                if reason is not None and raw[0] != raw[1]:
                    return False
                if reason is None and after not in seen:
                    seen.add(after)
                    todo.append(after)
    return True
