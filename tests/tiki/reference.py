"""An independent reference model of the Tiki rules, for differential tests and perft.

Written from the rules digest (``specs/tiki.md`` clauses), not from ``tiki/moves.py`` or
``tiki/engine.py``: it never calls ``tiki.legal_actions``, ``tiki.is_legal`` or
``tiki.step``. It shares only data with the library: the ``State``/``Rules``/action
classes and the numbering of the 12 shaman edges (``tiki.EDGES``, itself checked in
``test_engine.py``). It is deliberately naive (sets, lists, ``attrs.evolve``) rather than
fast.
"""

from __future__ import annotations

import itertools

import attrs

import tiki
from tiki import (
    Action,
    Create,
    FirstPlayer,
    KeepShaman,
    Layout,
    Move,
    MoveShaman,
    Order,
    Outcome,
    Pass,
    Phase,
    PlaceShaman,
    Rules,
    State,
)

GRID = 3
TARGET = 4


def coords(v: int) -> tuple[int, int]:
    """(file, rank) of village ``v``: a1 = (0, 0), c3 = (2, 2)."""
    return v % GRID, v // GRID


def neighbours(v: int) -> list[int]:
    """TIKI-MOVE-3: the orthogonally adjacent villages, on the grid only."""
    f, r = coords(v)
    out = []
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nf, nr = f + df, r + dr
        if 0 <= nf < GRID and 0 <= nr < GRID:
            out.append(nr * GRID + nf)
    return out


def paths(v: int, height: int, allow_turns: bool) -> list[tuple[int, ...]]:
    """TIKI-MOVE-2..5: every route of exactly ``height`` steps from ``v``."""
    routes = [(v,)]
    for _ in range(height):
        longer = []
        for route in routes:
            for u in neighbours(route[-1]):
                if len(route) >= 2:
                    if u == route[-2]:
                        continue  # TIKI-MOVE-4: no reversal
                    (f0, r0), (f1, r1), (f2, r2) = map(coords, (*route[-2:], u))
                    if not allow_turns and (f2 - f1, r2 - r1) != (f1 - f0, r1 - r0):
                        continue  # TIKI-MOVE-5: straight only
                longer.append((*route, u))
        routes = longer
    return routes


def blocked(route: tuple[int, ...], shaman: int | None) -> bool:
    """TIKI-SHAMAN-3: does any step of ``route`` cross the shaman's edge?"""
    if shaman is None:
        return False
    gap = set(tiki.EDGES[shaman])
    return any({a, b} == gap for a, b in itertools.pairwise(route))


def may_move(stack: tuple[int, ...], player: int, movable: str) -> bool:
    """TIKI-MOVE-1: the top tiki is the player's (or any tiki, with movable='any')."""
    if not stack:
        return False
    return player in stack if movable == "any" else stack[-1] == player


def turn_options(s: State, p: int) -> set[Action]:
    """TIKI-CREATE-1..3 and TIKI-MOVE-1..6, TIKI-SHAMAN-3: creates and moves of ``p``."""
    out: set[Action] = set()
    if s.supply[p] > 0:
        out |= {Create(p, v) for v in range(9) if not s.stacks[v]}
    for v, stack in enumerate(s.stacks):
        if may_move(stack, p, s.rules.movable):
            for route in paths(v, len(stack), s.rules.allow_turns):
                if not blocked(route, s.shaman):
                    out.add(Move(p, route))
    return out


def distinct_layouts(tiles: tuple[int, ...]) -> set[tuple[int, ...]]:
    """TIKI-SETUP-1: every distinct arrangement of the tile multiset (slow: 9! perms)."""
    return set(itertools.permutations(tiles))


def actions(s: State, with_layouts: bool = True) -> set[Action]:
    """Every legal action in ``s`` according to the rules digest."""
    phase, p = s.phase, s.actor
    if phase is Phase.OVER:
        return set()
    if phase is Phase.LAYOUT:
        return {Layout(t) for t in distinct_layouts(s.rules.tiles)} if with_layouts else set()
    if phase is Phase.FIRST_PLAYER:
        return {FirstPlayer(0), FirstPlayer(1)}
    if phase is Phase.PLACE_SHAMAN:
        return {PlaceShaman(p, e) for e in range(12)}
    if phase is Phase.ORDER:
        return {Order(p, v) for v in s.pending}
    if phase is Phase.SHAMAN:
        return {KeepShaman(p)} | {MoveShaman(p, e) for e in range(12) if e != s.shaman}
    return turn_options(s, p) or {Pass(p)}  # TIKI-END-5: forced pass only


@attrs.define
class _Board:
    """Mutable scratch copy used while one action is applied."""

    s: State
    stacks: list[tuple[int, ...]]
    supply: list[int]
    fruits: list[int]
    reserve: int
    spoiled: int
    shaman: int | None
    active: int
    tiebreak: bool
    turn: int

    @classmethod
    def of(cls, s: State) -> _Board:
        return cls(
            s, list(s.stacks), list(s.supply), list(s.fruits), s.reserve, s.spoiled,
            s.shaman, s.active, s.tiebreak, s.turn,
        )  # fmt: skip

    def state(
        self, phase: Phase, actor: int, pending: tuple[int, ...] = (), result: Outcome | None = None
    ) -> State:
        return attrs.evolve(
            self.s, stacks=tuple(self.stacks), supply=tuple(self.supply),
            fruits=tuple(self.fruits), reserve=self.reserve, spoiled=self.spoiled,
            shaman=self.shaman, active=self.active, actor=actor, phase=phase,
            pending=pending, tiebreak=self.tiebreak, turn=self.turn, result=result,
        )  # fmt: skip

    def over(self, winner: int | None, reason: str) -> State:
        f = (self.fruits[0], self.fruits[1])
        return self.state(Phase.OVER, self.active, (), Outcome(winner, f, reason))

    def leader(self) -> int | None:
        f0, f1 = self.fruits
        return None if f0 == f1 else (0 if f0 > f1 else 1)

    def judge(self) -> State | None:
        """TIKI-END-1..4: the end check; may hand a spoiled fruit back (tie-break)."""
        if max(self.fruits) >= TARGET:
            return self.over(self.leader(), "four-fruits")
        tied = self.fruits[0] == self.fruits[1]
        if self.tiebreak and not tied:
            return self.over(self.leader(), "tiebreak")
        if self.reserve == 0:
            if not tied:
                return self.over(self.leader(), "reserve-empty")
            if self.tiebreak and self.s.rules.tie_loop == "draw":
                return self.over(None, "tie-loop")
            self.spoiled -= 1
            self.reserve += 1
            self.tiebreak = True
        return None

    def begin_turn(self) -> State:
        """TIKI-TURN-1, TIKI-END-5: the active player's turn opens (or the game ends)."""
        p, rule = self.active, self.s.rules.no_move
        turn = self.state(Phase.TURN, p)
        if rule != "pass" and not turn_options(turn, p):
            return self.over(1 - p if rule == "lose" else None, "no-move")
        return turn

    def end_turn(self) -> State:
        """TIKI-TURN-1, TIKI-END-6, TIKI-SHAMAN-2."""
        rules = self.s.rules
        self.turn += 1
        self.active = 1 - self.active
        if self.turn >= (2**53 - 1 if rules.max_turns is None else rules.max_turns):
            return self.over(self.leader(), "turn-cap")
        if rules.shaman and rules.shaman_entry == "start" and self.shaman is None:
            return self.state(Phase.PLACE_SHAMAN, self.active)
        return self.begin_turn()

    def resolve(self, queue: tuple[int, ...]) -> State:
        """TIKI-INFL-4..8 for each village of ``queue`` in order, with the end checks."""
        rules = self.s.rules
        for i, v in enumerate(queue):
            stack, value = self.stacks[v], self.s.tiles[v]
            owner = stack[-1]
            if value > 0:
                paid = min(value, self.reserve)
                if paid < value and rules.short_payout == "nothing":
                    paid = 0
                self.fruits[owner] += paid
                self.reserve -= paid
            elif value < 0:
                if self.fruits[owner] > 0:
                    self.fruits[owner] -= 1
                    self.spoiled += 1
                elif self.reserve > 0 and rules.minus_one_empty == "reserve":
                    self.reserve -= 1
                    self.spoiled += 1
            for t in stack:
                self.supply[t] += 1
            self.stacks[v] = ()
            if rules.end_check == "village" and (done := self.judge()) is not None:
                return done
            if value == 0 and rules.shaman:
                return self.state(Phase.SHAMAN, owner, queue[i + 1 :])
        if rules.end_check == "action" and (done := self.judge()) is not None:
            return done
        return self.end_turn()


def apply(s: State, a: Action) -> State:
    """The state after the legal action ``a`` in ``s``, by the rules digest."""
    b = _Board.of(s)
    if isinstance(a, Layout):
        return attrs.evolve(s, tiles=a.tiles, phase=Phase.FIRST_PLAYER)
    if isinstance(a, FirstPlayer):
        b.active = a.first
        return b.begin_turn()
    if isinstance(a, PlaceShaman):
        b.shaman = a.edge
        return b.begin_turn()
    if isinstance(a, Create):
        b.supply[a.player] -= 1
        b.stacks[a.village] = (a.player,)
        return b.end_turn()
    if isinstance(a, Pass):
        return b.end_turn()
    if isinstance(a, Move):
        moving = b.stacks[a.path[0]]
        b.stacks[a.path[0]] = ()
        for tiki_, v in zip(moving, a.path[1:], strict=True):
            b.stacks[v] = (*b.stacks[v], tiki_)  # TIKI-MOVE-6: bottom tiki first, on top
        full = tuple(v for v in a.path[1:] if len(b.stacks[v]) == 3)  # TIKI-INFL-1
        if len(full) == 2:
            return b.state(Phase.ORDER, 1 - s.active, full)  # TIKI-INFL-3
        return b.resolve(full)
    if isinstance(a, Order):
        return b.resolve((a.village, *(v for v in s.pending if v != a.village)))
    if isinstance(a, MoveShaman):
        b.shaman = a.edge
    assert isinstance(a, (MoveShaman, KeepShaman))
    return b.resolve(s.pending)


def perft(s: State, depth: int) -> int:
    """Leaf count of the decision tree to ``depth`` plies, by this model alone."""
    if depth == 0:
        return 1
    options = actions(s)
    if depth == 1:
        return len(options)
    return sum(perft(apply(s, a), depth - 1) for a in options)


def board_after(s: State, a: object) -> list[tuple[int, ...]]:
    """The stacks after ``a``'s placement or drops, before anything is resolved."""
    stacks = list(s.stacks)
    if isinstance(a, Create):
        stacks[a.village] = (a.player,)
    elif isinstance(a, Move):
        moving = stacks[a.path[0]]
        stacks[a.path[0]] = ()
        for i, v in enumerate(a.path[1:]):
            stacks[v] = (*stacks[v], moving[i])  # TIKI-MOVE-6: bottom tiki, on top
    return stacks


def expected_end(fruits: list[int], reserve: int, tiebreak: bool, rules: Rules) -> str:
    """The rules' verdict at an end check: a reason, 'return' (tie-break) or ''."""
    if max(fruits) >= 4:
        return "four-fruits"  # TIKI-END-1
    if tiebreak and fruits[0] != fruits[1]:
        return "tiebreak"  # TIKI-END-3
    if reserve == 0:
        if fruits[0] != fruits[1]:
            return "reserve-empty"  # TIKI-END-2
        return "tie-loop" if tiebreak and rules.tie_loop == "draw" else "return"  # TIKI-END-4
    return ""
