"""Which AP actions are legal: their costs and clauses, the pieces' reach, and every
action a player could take with some points (TIKAL-TURN-2, TIKAL-ENTER-…, -MOVE-…,
-UNCOVER-…, -TREASURE-…, -EXCHANGE-…, -CAMP-…, -GUARD-…)."""

from __future__ import annotations

import bisect
import functools
from itertools import compress
from typing import Any

from ...board.hexgrid import CELL_COUNT, CELLS
from ...board.terrain import HORIZON, Reach, board_info, reach, terrain
from ...board.tiles import Kind
from ...model.actions import (
    LEADER,
    WORKER,
    APAction,
    BuildCamp,
    CampMove,
    EndTurn,
    Enter,
    Exchange,
    Guard,
    Move,
    TakeTreasure,
    Uncover,
)
from ...model.records import EMPTY, SUPPLY
from ...model.state import State

COSTS: dict[type, int] = {
    Enter: 1,
    CampMove: 1,
    Uncover: 2,
    TakeTreasure: 3,
    Exchange: 3,
    BuildCamp: 5,
    Guard: 5,
    EndTurn: 0,
}
"""TIKAL-TURN-2: the fixed AP cost of each action (a Move costs its path)."""

CLAUSES: dict[type, str] = {
    Enter: "TIKAL-ENTER-1",
    CampMove: "TIKAL-CAMPMOVE-1",
    Move: "TIKAL-MOVE-3",
    Uncover: "TIKAL-UNCOVER-1",
    TakeTreasure: "TIKAL-TREASURE-1",
    Exchange: "TIKAL-EXCHANGE-1",
    BuildCamp: "TIKAL-CAMP-1",
    Guard: "TIKAL-GUARD-1",
    EndTurn: "TIKAL-TURN-3",
}
"""The clause each action enforces, for its event."""


def entry_cells(state: State, player: int) -> tuple[int, ...]:
    """The base camp and the player's own camps (TIKAL-ENTER-1, TIKAL-CAMPMOVE-1)."""
    base = terrain(state.rules.manifest).base_camp
    if player not in state.jungle.camps:
        return (base,)
    return (base, *[c for c, owner in enumerate(state.jungle.camps) if owner == player])


def force(state: State, player: int, cell: int) -> int:
    """The player's force on ``cell``: workers 1, leader 3 (TIKAL-GUARD-1, TIKAL-SCORE-3)."""
    strength = state.rules.manifest.components.leader_strength
    ex = state.expeditions
    return ex.workers[player][cell] + (strength if ex.leaders[player] == cell else 0)


def pieces_on(state: State, player: int, cell: int) -> int:
    """How many of the player's pieces stand on ``cell``."""
    ex = state.expeditions
    return ex.workers[player][cell] + (1 if ex.leaders[player] == cell else 0)


def next_level(state: State, cell: int) -> int | None:
    """The level tile the temple on ``cell`` would get next, or ``None`` (TIKAL-UNCOVER-2/4)."""
    value = state.jungle.temples[cell]
    levels = state.jungle.levels
    for v in range(value + 1, len(levels)):
        if levels[v]:
            return v
        if state.rules.sold_out == "blocked":
            return None
    return None


def camp_site(state: State, cell: int) -> bool:
    """Whether a camp may stand on ``cell``: jungle, or a ruin emptied (TIKAL-CAMP-1)."""
    t = terrain(state.rules.manifest)
    kind = t.kind(state.jungle.placed, cell)
    if kind is Kind.JUNGLE:
        return True
    return kind is Kind.TREASURE and state.jungle.ruins[cell] == 0  # TIKAL-TREASURE-4


def _has_force_lead(state: State, player: int, cell: int) -> bool:
    mine = force(state, player, cell)
    if not mine:
        return False
    best_other = 0
    for o in range(state.rules.players):
        if o != player:
            best_other = max(best_other, force(state, o, cell))
    return mine > best_other or (state.rules.guard_on_tie and mine == best_other)


def _interleaved(state: State) -> bool:
    """``Rules.interleaved`` (Tikal on Speed's Jumps), asked here without the property's
    call, which the compiled core could not inline."""
    return state.rules.mode == "speed"


def mark(state: State, player: int, cell: int) -> int:
    """How ``player``'s raise or dig on ``cell`` is noted in ``State.raised`` /
    ``State.dug``: the cell, or where players interleave (``Rules.interleaved``)
    ``player * 40 + cell`` (TIKAL-UNCOVER-3, TIKAL-TREASURE-2, SPEED-JUMP-9)."""
    return player * CELL_COUNT + cell if _interleaved(state) else cell


def _own(marks: tuple[int, ...], state: State, player: int) -> int:
    """How many of ``marks`` are ``player``'s (all of them, but where players interleave)."""
    if not _interleaved(state):
        return len(marks)
    return sum(1 for m in marks if m // CELL_COUNT == player)


def _uncover_room(state: State, player: int, cell: int) -> bool:
    """TIKAL-UNCOVER-3: at most 2 levels per temple (or per turn) in a turn."""
    if state.rules.uncover_limit == "temple":
        return state.turn.raised.count(mark(state, player, cell)) < 2
    return _own(state.turn.raised, state, player) < 2


def _dig_room(state: State, player: int, cell: int) -> bool:
    """TIKAL-TREASURE-2: at most 2 per ruin (or turn), one own piece per treasure."""
    here = state.turn.dug.count(mark(state, player, cell))
    if here >= pieces_on(state, player, cell):
        return False
    if state.rules.treasure_limit == "ruin":
        return here < 2
    return _own(state.turn.dug, state, player) < 2


_MOVES: list[Move | None] = [None] * (4 * 2 * CELL_COUNT * CELL_COUNT)
"""Shared Move instances (actions are values), made when first listed: index
((p * 2 + piece) * 40 + a) * 40 + b. Only the moves games reach are ever made, so the
collector has fewer long-lived objects to walk."""


def _moves_from(
    r: Reach, origin: int, ap: int, player: int, piece: int, out: list[APAction]
) -> None:
    """Add to ``out`` every Move of that piece from ``origin`` within ``ap``
    (TIKAL-MOVE-1..3), given the :class:`~tikalspeed.board.terrain.Reach` of ``origin``.

    The moves from one origin are built once per reach (shared while a new tile changes
    nothing within reach, in the reach's ``memo``); the AP left says how many of them,
    cheapest first.
    """
    which = player * 2 + piece
    memo = r.memo[which]
    if memo is None:
        base = (which * CELL_COUNT + origin) * CELL_COUNT
        table = _MOVES
        made: list[Move] = []
        for dest in r.dist:
            if dest != origin:
                move = table[base + dest]
                if move is None:
                    move = table[base + dest] = Move(player, piece, origin, dest)
                made.append(move)
        built = tuple(made)
        r.memo[which] = built
        moves = built
    else:
        moves = memo  # type: ignore[assignment]  # only this function fills the memo
    costs = r.costs
    if not costs or ap >= costs[-1]:
        out.extend(moves)
        return
    for i in range(bisect.bisect_right(costs, ap)):
        out.append(moves[i])


_ENDS = tuple(EndTurn(p) for p in range(4))
_ENTERS = tuple(Enter(p, piece, c) for p in range(4) for piece in (WORKER, LEADER) for c in CELLS)
"""Shared Enter instances: index (p * 2 + piece) * 40 + cell (and likewise below)."""
_UNCOVERS = tuple(Uncover(p, c) for p in range(4) for c in CELLS)
_DIGS = tuple(TakeTreasure(p, c) for p in range(4) for c in CELLS)
_CAMPS = tuple(BuildCamp(p, c) for p in range(4) for c in CELLS)
_GUARDS = tuple(Guard(p, c, piece) for p in range(4) for c in CELLS for piece in (WORKER, LEADER))
"""Shared Guard instances: index (p * 40 + cell) * 2 + piece."""
_EXCHANGES = tuple(
    Exchange(p, give, other, take)
    for p in range(4)
    for other in range(4)
    for take in range(8)
    for give in range(8)
)
"""Shared Exchange instances: index ((p * 4 + other) * 8 + take) * 8 + give."""
_hop = functools.cache(CampMove)


def _exchangeable(state: State, player: int) -> list[Exchange]:
    out: list[Exchange] = []
    held = state.expeditions.held
    mine = held[player]
    if not any(mine):
        return out
    singles_only = state.rules.exchange == "singles"
    gives = [k for k, n in enumerate(mine) if n == 1 or (n and not singles_only)]
    for other in range(state.rules.players):
        if other == player:
            continue
        theirs = held[other]
        for take, n in enumerate(theirs):
            if n != 1:
                continue
            base = ((player * 4 + other) * 8 + take) * 8
            out.extend([_EXCHANGES[base + give] for give in gives if give != take])
    return out


_LAST: list[Any] = [None, True, ()]
"""The state :func:`ap_actions` answered last, with ``can_end``, and its answer
(``step`` after ``legal_actions`` on one state is the usual pattern)."""


def ap_actions(state: State, can_end: bool = True) -> tuple[APAction, ...]:
    """Every legal action of the active player in the ACTIONS phase, in a fixed order;
    ending the turn among them if ``can_end`` (TIKAL-TURN-3)."""
    if _LAST[0] is state and _LAST[1] is can_end:
        found: tuple[APAction, ...] = _LAST[2]
        return found
    turn = state.turn
    found = actions_for(state, turn.active, turn.ap, can_end)
    _LAST[0], _LAST[1], _LAST[2] = state, can_end, found
    return found


def actions_for(state: State, p: int, ap: int, can_end: bool = True) -> tuple[APAction, ...]:
    """Every AP action player ``p`` could take with ``ap`` points in ``state``."""
    out: list[APAction] = [_ENDS[p]] if can_end else []
    ex, jungle = state.expeditions, state.jungle
    workers = ex.workers[p]
    leader = ex.leaders[p]
    entries = entry_cells(state, p)
    mine = list(compress(CELLS, workers))  # the cells with workers, in C
    if leader >= 0 and not workers[leader]:
        mine.append(leader)
        mine.sort()
    if ap >= 1:
        for c in entries:  # TIKAL-ENTER-1
            if ex.supply[p]:
                out.append(_ENTERS[p * 80 + c])
            if leader == SUPPLY:
                out.append(_ENTERS[p * 80 + 40 + c])
        for a in entries:  # TIKAL-CAMPMOVE-1
            for b in entries:
                if a != b:
                    if workers[a]:
                        out.append(_hop(p, WORKER, a, b))
                    if leader == a:
                        out.append(_hop(p, LEADER, a, b))
        manifest, placed = state.rules.manifest, jungle.placed
        info = board_info(manifest, placed)
        for c in mine:  # TIKAL-MOVE-1..3
            r = reach(info, c, min(ap, HORIZON))  # no farther than the points left
            if workers[c]:
                _moves_from(r, c, ap, p, WORKER, out)
            if leader == c:
                _moves_from(r, c, ap, p, LEADER, out)
    if ap >= 2:
        for c in mine:  # TIKAL-UNCOVER-1..5
            if (
                jungle.temples[c]
                and jungle.guards[c] == EMPTY
                and _uncover_room(state, p, c)
                and next_level(state, c) is not None
            ):
                out.append(_UNCOVERS[p * 40 + c])
    if ap >= 3:
        for c in mine:  # TIKAL-TREASURE-1..2
            if jungle.ruins[c] and _dig_room(state, p, c):
                out.append(_DIGS[p * 40 + c])
        out.extend(_exchangeable(state, p))  # TIKAL-EXCHANGE-1..2
    if ap >= 5:
        own_camps = len(entries) - 1
        if own_camps < state.rules.manifest.components.camps:  # TIKAL-CAMP-2
            info = board_info(state.rules.manifest, jungle.placed)
            camps, ruins, kinds = jungle.camps, jungle.ruins, info.kinds
            anywhere = not state.rules.camp_needs_member
            for c in info.sites:  # jungle or treasure hexes
                if (
                    camps[c] == EMPTY
                    and (kinds[c] is Kind.JUNGLE or not ruins[c])  # TIKAL-TREASURE-4
                    and (anywhere or workers[c] or leader == c)  # TIKAL-CAMP-3
                ):
                    out.append(_CAMPS[p * 40 + c])
        guarded = jungle.guards.count(p)
        if guarded < state.rules.manifest.components.guards:  # TIKAL-GUARD-4
            for c in mine:
                if jungle.temples[c] and jungle.guards[c] == EMPTY and _has_force_lead(state, p, c):
                    if workers[c]:
                        out.append(_GUARDS[(p * 40 + c) * 2])
                    if leader == c:
                        out.append(_GUARDS[(p * 40 + c) * 2 + 1])
    return tuple(out)


def can_act(state: State, player: int, budget: int) -> bool:
    """SPEED-JUMP-4: whether ``player`` has some action costing at most ``budget``."""
    if budget >= 1 and _can_enter(state, player):
        return True
    return bool(actions_for(state, player, budget, False))


def _can_enter(state: State, player: int) -> bool:
    """A piece in the supply can always enter at the base camp for 1 AP (TIKAL-ENTER-1)."""
    ex = state.expeditions
    return bool(ex.supply[player]) or ex.leaders[player] == SUPPLY


def cheapest(state: State, player: int, budget: int) -> int | None:
    """The lowest cost of any action ``player`` could take within ``budget`` points."""
    if budget >= 1 and _can_enter(state, player):
        return 1
    best: int | None = None
    info = board_info(state.rules.manifest, state.jungle.placed)
    within = min(budget, HORIZON)
    for action in actions_for(state, player, budget, False):
        if isinstance(action, Move):
            cost = reach(info, action.origin, within).dist[action.destination]
        else:
            cost = COSTS[type(action)]
        if best is None or cost < best:
            best = cost
            if best == 1:
                break
    return best


def move_cost(state: State, action: Move) -> int:
    """The AP a legal :class:`Move` costs: its cheapest path (TIKAL-MOVE-3)."""
    info = board_info(state.rules.manifest, state.jungle.placed)
    return reach(info, action.origin, min(state.turn.ap, HORIZON)).dist[action.destination]


def action_points(before: State, action: object, after: State) -> int:
    """The AP a legal decision spends (TIKAL-TURN-2), taken in ``before`` to give
    ``after``: an AP action its :func:`ap_cost`, any other none (a bid, a tile, a token
    choice). A study's table-time model counts it once a decision, so it is cheap: a
    move within a turn that goes on costs the points the turn lost by it."""
    cost = COSTS.get(type(action))
    if cost is not None:
        return cost
    if not isinstance(action, Move):
        return 0
    turn, then = before.turn, after.turn
    if then.active == turn.active and then.phase is turn.phase and then.ap < turn.ap:
        return turn.ap - then.ap
    return move_cost(before, action)


def ap_cost(state: State, action: APAction) -> int:
    """The AP a legal AP action costs (TIKAL-TURN-2): a :class:`Move` its cheapest
    path (:func:`move_cost`, TIKAL-MOVE-3), any other its fixed cost (:data:`COSTS`)."""
    return move_cost(state, action) if isinstance(action, Move) else COSTS[type(action)]


def move_path(state: State, action: Move) -> tuple[int, ...]:
    """The cells of a cheapest path of a legal :class:`Move`, from its origin to its
    destination, found in the same search as :func:`move_cost`: the stones of the
    borders it crosses add up to the move's cost (TIKAL-MOVE-1, TIKAL-MOVE-3). Of
    several cheapest paths, the one whose cells are the lowest, from the end back."""
    info = board_info(state.rules.manifest, state.jungle.placed)
    dist = reach(info, action.origin, min(state.turn.ap, HORIZON)).dist
    cell = action.destination
    path = [cell]
    while cell != action.origin:  # every border costs at least 1: the search goes back
        here = dist[cell]
        cell = min(n for n, c in info.links[cell] if n in dist and dist[n] == here - c)
        path.append(cell)
    return tuple(reversed(path))
