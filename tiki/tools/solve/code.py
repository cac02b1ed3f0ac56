"""A compact integer code of Tiki positions and its transitions, for the solver (issue 11).

The engine's :class:`~tiki.State` and :func:`~tiki.apply` are general and build a new
attrs object with events for every action; a solver generates millions of positions.
:class:`Code` packs a position into one ``int`` and makes the same transitions on it,
for the rules without the shaman (every other ``Rules`` field is honoured) and without a
turn cap in reach (the turn count is not in the code). ``tests/tiki/test_solve.py``
proves, on many positions, that it gives the same actions, the same successors and the
same results as the engine.

The code of a position: 4 bits per village a1 … c3 (a stack of height ``h`` with owner
bits ``b``, bottom first, is ``2**h - 1 + b``; 0 is empty), then the fruit tally (x's and
o's fruits, reserve, spoiled pile, 3 bits each, and the tie-break flag) from bit 36, and
the player on turn at bit 49. Between turns no stack is 3 high; a position with two
3-high stacks is the order decision of TIKI-INFL-3, made by the player not on turn.

>>> from tiki import new_game, X
>>> c = Code(new_game(layout=(2, 1, 1, 1, 1, 1, 0, 0, -1), first=X))
>>> key = c.encode(c.root)
>>> len(c.children(key)), c.actor(key)
(9, 0)
"""

from __future__ import annotations

import functools
from typing import Final

from ...board.island import PATHS
from ...model.actions import Action, Create, Move, Order, Pass
from ...model.rules import Rules
from ...model.state import TARGET, TIKIS, Phase, State

__all__ = ["DRAW", "OPEN", "Code", "supported"]

OPEN: Final = -1
"""A child that is not a finished game."""
DRAW: Final = 2
"""A child that is a drawn finished game (X and O are 0 and 1)."""
BOARD: Final = (1 << 36) - 1
"""The bits of the board."""
_TURN_BIT: Final = 49


def _stack_code(stack: tuple[int, ...]) -> int:
    return (1 << len(stack)) - 1 + sum(t << i for i, t in enumerate(stack))


_STACKS = [(), *((a,) for a in (0, 1)), *((a, b) for b in (0, 1) for a in (0, 1))]
_STACKS += [(a, b, c) for c in (0, 1) for b in (0, 1) for a in (0, 1)]
_STACKS.sort(key=_stack_code)
STACK: Final[tuple[tuple[int, ...], ...]] = tuple(_STACKS)
"""The stack (owners, bottom first) of each 4-bit code 0 … 14."""
_HEIGHT: Final = tuple(len(s) for s in STACK)
_TOP: Final = tuple(s[-1] if s else -1 for s in STACK)
_PUSH: Final = tuple(
    tuple(_stack_code((*s, p)) if len(s) < 3 else -1 for p in (0, 1)) for s in STACK
)


def supported(state: State) -> bool:
    """Whether :class:`Code` covers ``state``'s rules and phase: no shaman, no turn cap,
    and a turn or an order decision."""
    rules = state.rules
    return (
        not rules.shaman
        and rules.max_turns is None
        and state.phase in (Phase.TURN, Phase.ORDER)
        and state.result is None
    )


@functools.cache
def _chunk_moves(
    turns: bool, movable: str, chunk: int
) -> tuple[tuple[tuple[tuple[Action, int, int, int, int, int], ...], ...], ...]:
    """For villages ``3 * chunk`` … ``+2`` and every 12 bits of their codes: each player's
    moves as ``(action, origin shift, shift 1, tiki 1, shift 2 or -1, tiki 2)``."""
    table = []
    for bits in range(1 << 12):
        per_player: list[list[tuple[Action, int, int, int, int, int]]] = [[], []]
        for i in range(3):
            v = 3 * chunk + i
            c = (bits >> (4 * i)) & 15
            if c >= len(STACK) or not 1 <= _HEIGHT[c] <= 2:
                continue
            s = STACK[c]
            for p in (0, 1):
                if s[-1] != p and not (movable == "any" and p in s):  # TIKI-MOVE-1
                    continue
                for path, _crossed in PATHS[turns][v][len(s)]:  # TIKI-MOVE-2..5
                    second = (4 * path[2], s[1]) if len(path) == 3 else (-1, 0)
                    per_player[p].append((Move(p, path), 4 * v, 4 * path[1], s[0], *second))
        table.append((tuple(per_player[0]), tuple(per_player[1])))
    return tuple(table)


_Villages = tuple[tuple[int, ...], ...]
_Facts = tuple[tuple[tuple[int, ...], tuple[int, ...]], _Villages, _Villages]


@functools.cache
def _chunk_facts(chunk: int) -> _Facts:
    """For villages ``3 * chunk`` … ``+2`` and every 12 bits of their codes: each
    player's tikis there, the empty villages, the 3-high villages."""
    tikis: tuple[list[int], list[int]] = ([], [])
    empty: list[tuple[int, ...]] = []
    full: list[tuple[int, ...]] = []
    for bits in range(1 << 12):
        cs = [(bits >> (4 * i)) & 15 for i in range(3)]
        if any(c >= len(STACK) for c in cs):
            cs = [0, 0, 0]
        for p in (0, 1):
            tikis[p].append(sum(STACK[c].count(p) for c in cs))
        empty.append(tuple(3 * chunk + i for i, c in enumerate(cs) if c == 0))
        full.append(tuple(3 * chunk + i for i, c in enumerate(cs) if _HEIGHT[c] == 3))
    return (tuple(tikis[0]), tuple(tikis[1])), tuple(empty), tuple(full)


class Code:
    """The compact code and transitions of the positions of ``root``'s game (its rules
    and layout), for :func:`supported` positions."""

    def __init__(self, root: State) -> None:
        """Prepare the tables for ``root``'s rules and layout."""
        self.root = root
        rules: Rules = root.rules
        self.rules = rules
        self._no_move: str = rules.no_move
        """``rules.no_move``, read at every end of turn."""
        self.tiles = root.tiles
        self.moves = [_chunk_moves(rules.allow_turns, rules.movable, k) for k in range(3)]
        facts = [_chunk_facts(k) for k in range(3)]
        self.tikis = tuple(tuple(f[0][p] for f in facts) for p in (0, 1))
        self.empty = tuple(f[1] for f in facts)
        self.full = tuple(f[2] for f in facts)
        self.creates = tuple(tuple(Create(p, v) for v in range(9)) for p in (0, 1))
        self.passes = (Pass(0), Pass(1))
        self._tally: dict[tuple[int, tuple[tuple[int, int], ...]], tuple[int, int]] = {}

    def encode(self, s: State) -> int:
        """The code of a :func:`supported` position."""
        board = sum(_stack_code(st) << (4 * v) for v, st in enumerate(s.stacks))
        f0, f1 = s.fruits
        tally = f0 | f1 << 3 | s.reserve << 6 | s.spoiled << 9 | int(s.tiebreak) << 12
        return board | tally << 36 | s.active << _TURN_BIT

    def actor(self, key: int) -> int:
        """Who decides: the player on turn, or the other at an order decision."""
        active = key >> _TURN_BIT
        return 1 - active if self._full(key) else active

    def _full(self, key: int) -> tuple[int, ...]:
        f = self.full
        return f[0][key & 0xFFF] + f[1][(key >> 12) & 0xFFF] + f[2][(key >> 24) & 0xFFF]

    def fruits(self, key: int) -> tuple[int, int]:
        """x's and o's fruits."""
        return (key >> 36) & 7, (key >> 39) & 7

    def children(self, key: int) -> list[tuple[Action, int, int]]:
        """Every legal action with its successor: ``(action, child code, over)``, where
        ``over`` is :data:`OPEN`, the winner, or :data:`DRAW` (the child code is then
        meaningless). In the engine's order of ``legal_actions``."""
        active = key >> _TURN_BIT
        full = self._full(key)
        if full:  # TIKI-INFL-3: the player not on turn orders the two villages
            other = list(full)
            return [
                (Order(1 - active, v), *self._resolve(key, (v, *(u for u in other if u != v))))
                for v in other
            ]
        out = self._turn(key, active)
        if not out:  # TIKI-END-5: a forced pass
            return [(self.passes[active], *self._end_turn(key))]
        return out

    def _turn(self, key: int, p: int) -> list[tuple[Action, int, int]]:
        m, t, e = self.moves, self.tikis[p], self.empty
        c0, c1, c2 = key & 0xFFF, (key >> 12) & 0xFFF, (key >> 24) & 0xFFF
        out: list[tuple[Action, int, int]] = []
        add = out.append
        passes = self._no_move == "pass"  # then a turn ends with the other on turn
        end = self._end_turn
        flip = 1 << _TURN_BIT
        if t[0][c0] + t[1][c1] + t[2][c2] < TIKIS:  # TIKI-CREATE-1..3
            creates = self.creates[p]
            for v in (*e[0][c0], *e[1][c1], *e[2][c2]):
                b = key | (1 + p) << (4 * v)
                add((creates[v], b ^ flip, OPEN) if passes else (creates[v], *end(b)))
        for move, origin, s1, t1, s2, t2 in (*m[0][c0][p], *m[1][c1][p], *m[2][c2][p]):
            b = key & ~(15 << origin)
            d = (b >> s1) & 15
            n1 = _PUSH[d][t1]
            b += (n1 - d) << s1
            if s2 >= 0:
                d = (b >> s2) & 15
                n2 = _PUSH[d][t2]
                b += (n2 - d) << s2
                if n2 >= 7:
                    if n1 >= 7:  # TIKI-INFL-3: two villages wait for the order
                        add((move, b, OPEN))
                    else:
                        add((move, *self._resolve(b, (s2 >> 2,))))
                    continue
            if n1 >= 7:  # TIKI-INFL-1: a village at 3
                add((move, *self._resolve(b, (s1 >> 2,))))
            else:
                add((move, b ^ flip, OPEN) if passes else (move, *end(b)))
        return out

    def wins_now(self, key: int, p: int) -> tuple[bool, int]:
        """Whether ``p``, on turn at ``key`` (between turns), has an action that wins at
        once, and its number of legal actions (the positions :meth:`children` would
        generate): only moves that bring a village to 3 tikis can win at once
        (TIKI-INFL-1, TIKI-END-1..3), unless a stuck player loses, so only they are
        played out."""
        if self._no_move == "lose" or self._full(key):
            kids = self.children(key)
            return any(over == p for _, _, over in kids), len(kids)
        m, t, e = self.moves, self.tikis[p], self.empty
        c0, c1, c2 = key & 0xFFF, (key >> 12) & 0xFFF, (key >> 24) & 0xFFF
        moves = (*m[0][c0][p], *m[1][c1][p], *m[2][c2][p])
        n = len(moves)
        if t[0][c0] + t[1][c1] + t[2][c2] < TIKIS:  # the creates, which never win at once
            n += len(e[0][c0]) + len(e[1][c1]) + len(e[2][c2])
        n = n or 1  # a forced pass
        for _, origin, s1, t1, s2, t2 in moves:
            b = key & ~(15 << origin)
            d1 = (b >> s1) & 15
            if s2 < 0:
                if d1 < 3:  # a village of height 0 or 1: nothing is influenced
                    continue
                if self._resolve(b + ((_PUSH[d1][t1] - d1) << s1), (s1 >> 2,))[1] == p:
                    return True, n
                continue
            d2 = (b >> s2) & 15
            if (d1 < 3) == (d2 < 3):  # none influenced, or two: the order comes first
                continue
            if d1 >= 3:
                one = b + ((_PUSH[d1][t1] - d1) << s1)
                if self._resolve(one + ((_PUSH[d2][t2] - d2) << s2), (s1 >> 2,))[1] == p:
                    return True, n
            else:
                two = b + ((_PUSH[d2][t2] - d2) << s2) + ((_PUSH[d1][t1] - d1) << s1)
                if self._resolve(two, (s2 >> 2,))[1] == p:
                    return True, n
        return False, n

    def quiet(self, key: int, p: int) -> int:
        """The number of ``p``'s legal actions at ``key`` (on turn, between turns) if one
        of them is a create, which never ends the game when a stuck player passes
        (TIKI-CREATE-1, TIKI-END-5); else 0."""
        if self._no_move != "pass" or self._full(key):
            return 0
        m, t, e = self.moves, self.tikis[p], self.empty
        c0, c1, c2 = key & 0xFFF, (key >> 12) & 0xFFF, (key >> 24) & 0xFFF
        if t[0][c0] + t[1][c1] + t[2][c2] >= TIKIS:
            return 0
        creates = len(e[0][c0]) + len(e[1][c1]) + len(e[2][c2])
        if not creates:
            return 0
        return creates + len(m[0][c0][p]) + len(m[1][c1][p]) + len(m[2][c2][p])

    def _can_act(self, key: int, p: int) -> bool:
        m, t, e = self.moves, self.tikis[p], self.empty
        c0, c1, c2 = key & 0xFFF, (key >> 12) & 0xFFF, (key >> 24) & 0xFFF
        if t[0][c0] + t[1][c1] + t[2][c2] < TIKIS and (e[0][c0] or e[1][c1] or e[2][c2]):
            return True
        return bool(m[0][c0][p] or m[1][c1][p] or m[2][c2][p])

    def _end_turn(self, key: int) -> tuple[int, int]:
        """TIKI-TURN-1: the other player's turn; TIKI-END-5 if they cannot act."""
        key ^= 1 << _TURN_BIT
        no_move = self._no_move
        if no_move != "pass" and not self._can_act(key, key >> _TURN_BIT):
            return key, (1 - (key >> _TURN_BIT) if no_move == "lose" else DRAW)
        return key, OPEN

    def _resolve(self, key: int, queue: tuple[int, ...]) -> tuple[int, int]:
        """TIKI-INFL-4..8 and TIKI-END-1..4 for the villages of ``queue``, in order."""
        events = tuple((v, _TOP[(key >> (4 * v)) & 15]) for v in queue)
        for v in queue:
            key &= ~(15 << (4 * v))  # TIKI-INFL-8: the tikis go home
        tally = (key >> 36) & 0x1FFF
        found = self._tally.get((tally, events))
        if found is None:
            found = self._tally[tally, events] = self._fruit(tally, events)
        new, over = found
        if over != OPEN:
            return key, over
        return self._end_turn((key & BOARD) | new << 36 | (key >> _TURN_BIT) << _TURN_BIT)

    def _fruit(self, tally: int, events: tuple[tuple[int, int], ...]) -> tuple[int, int]:
        """The tally after the influenced villages ``events`` (village, owner), and the
        result if the game ends (the engine's ``_resolve`` and ``_check_end``)."""
        rules = self.rules
        fr = [tally & 7, (tally >> 3) & 7]
        reserve, spoiled, tb = (tally >> 6) & 7, (tally >> 9) & 7, bool(tally >> 12)
        over = OPEN
        for i, (v, owner) in enumerate(events):
            value = self.tiles[v]
            if value > 0:
                if reserve >= value:
                    fr[owner] += value
                    reserve -= value
                elif rules.short_payout == "remaining" and reserve:  # TIKI-INFL-5
                    fr[owner] += reserve
                    reserve = 0
            elif value < 0:  # TIKI-INFL-7
                if fr[owner]:
                    fr[owner] -= 1
                    spoiled += 1
                elif rules.minus_one_empty == "reserve" and reserve:  # TIKI-INFL-7
                    reserve -= 1
                    spoiled += 1
            if rules.end_check == "village" or i == len(events) - 1:
                over, reserve, spoiled, tb = self._check(fr, reserve, spoiled, tb)
                if over != OPEN:
                    break
        return fr[0] | fr[1] << 3 | reserve << 6 | spoiled << 9 | int(tb) << 12, over

    def _check(
        self, fr: list[int], reserve: int, spoiled: int, tb: bool
    ) -> tuple[int, int, int, bool]:
        """TIKI-END-1..4 as the engine's ``_check_end``: (over, reserve, spoiled, tie)."""
        f0, f1 = fr
        leader = DRAW if f0 == f1 else (0 if f0 > f1 else 1)
        if f0 >= TARGET or f1 >= TARGET or (tb and f0 != f1):
            return leader, reserve, spoiled, tb
        if reserve == 0:
            if f0 != f1:
                return leader, reserve, spoiled, tb
            if (tb and self.rules.tie_loop == "draw") or not spoiled:
                return DRAW, reserve, spoiled, tb
            return OPEN, 1, spoiled - 1, True
        return OPEN, reserve, spoiled, tb
