"""The eight actions that spend action points: which are legal, and what they do.

Everything here is about the active player in the ``ACTIONS`` phase. The transition
side works on a :class:`Work` copy (see :mod:`tikalspeed.flow`).
"""

from __future__ import annotations

from .actions import (
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
from .hexgrid import CELL_COUNT, CELL_NAMES
from .state import EMPTY, SUPPLY, State
from .terrain import distances, terrain
from .tiles import Kind

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
    camps = state.camps
    return (base, *(c for c in range(CELL_COUNT) if camps[c] == player))


def force(state: State, player: int, cell: int) -> int:
    """The player's force on ``cell``: workers 1, leader 3 (TIKAL-GUARD-1, TIKAL-SCORE-3)."""
    strength = state.rules.manifest.components.leader_strength
    return state.workers[player][cell] + (strength if state.leaders[player] == cell else 0)


def pieces_on(state: State, player: int, cell: int) -> int:
    """How many of the player's pieces stand on ``cell``."""
    return state.workers[player][cell] + (1 if state.leaders[player] == cell else 0)


def next_level(state: State, cell: int) -> int | None:
    """The level tile the temple on ``cell`` would get next, or ``None`` (TIKAL-UNCOVER-2/4)."""
    value = state.temples[cell]
    levels = state.levels
    for v in range(value + 1, len(levels)):
        if levels[v]:
            return v
        if state.rules.sold_out == "blocked":
            return None
    return None


def camp_site(state: State, cell: int) -> bool:
    """Whether a camp may stand on ``cell``: jungle, or a ruin emptied (TIKAL-CAMP-1)."""
    t = terrain(state.rules.manifest)
    kind = t.kind(state.placed, cell)
    if kind is Kind.JUNGLE:
        return True
    return kind is Kind.TREASURE and state.ruins[cell] == 0  # TIKAL-TREASURE-4


def _has_force_lead(state: State, player: int, cell: int) -> bool:
    mine = force(state, player, cell)
    if not mine:
        return False
    best_other = max(
        (force(state, o, cell) for o in range(state.rules.players) if o != player), default=0
    )
    return mine > best_other or (state.rules.guard_on_tie and mine == best_other)


def _uncover_room(state: State, cell: int) -> bool:
    """TIKAL-UNCOVER-3: at most 2 levels per temple (or per turn) in a turn."""
    if state.rules.uncover_limit == "temple":
        return state.raised.count(cell) < 2
    return len(state.raised) < 2


def _dig_room(state: State, player: int, cell: int) -> bool:
    """TIKAL-TREASURE-2: at most 2 per ruin (or turn), one own piece per treasure."""
    here = state.dug.count(cell)
    if here >= pieces_on(state, player, cell):
        return False
    if state.rules.treasure_limit == "ruin":
        return here < 2
    return len(state.dug) < 2


def _exchangeable(state: State, player: int) -> list[Exchange]:
    out: list[Exchange] = []
    held = state.held
    mine = held[player]
    singles_only = state.rules.exchange == "singles"
    gives = [k for k, n in enumerate(mine) if n == 1 or (n and not singles_only)]
    for other in range(state.rules.players):
        if other == player:
            continue
        theirs = held[other]
        for take, n in enumerate(theirs):
            if n != 1:
                continue
            out.extend(Exchange(player, give, other, take) for give in gives if give != take)
    return out


def ap_actions(state: State) -> tuple[APAction, ...]:
    """Every legal action of the active player in the ACTIONS phase, in a fixed order."""
    p = state.active
    ap = state.ap
    out: list[APAction] = [EndTurn(p)]
    workers = state.workers[p]
    leader = state.leaders[p]
    entries = entry_cells(state, p)
    if ap >= 1:
        for c in entries:  # TIKAL-ENTER-1
            if state.supply[p]:
                out.append(Enter(p, WORKER, c))
            if leader == SUPPLY:
                out.append(Enter(p, LEADER, c))
        for a in entries:  # TIKAL-CAMPMOVE-1
            for b in entries:
                if a != b:
                    if workers[a]:
                        out.append(CampMove(p, WORKER, a, b))
                    if leader == a:
                        out.append(CampMove(p, LEADER, a, b))
        manifest, placed = state.rules.manifest, state.placed
        for c in range(CELL_COUNT):  # TIKAL-MOVE-1..3
            has_w, has_l = workers[c] > 0, leader == c
            if not (has_w or has_l):
                continue
            for dest, cost in distances(manifest, placed, c).items():
                if 0 < cost <= ap:
                    if has_w:
                        out.append(Move(p, WORKER, c, dest))
                    if has_l:
                        out.append(Move(p, LEADER, c, dest))
    if ap >= 2:
        for c in range(CELL_COUNT):  # TIKAL-UNCOVER-1..5
            if (
                state.temples[c]
                and (workers[c] or leader == c)
                and state.guards[c] == EMPTY
                and _uncover_room(state, c)
                and next_level(state, c) is not None
            ):
                out.append(Uncover(p, c))
    if ap >= 3:
        for c in range(CELL_COUNT):  # TIKAL-TREASURE-1..2
            if state.ruins[c] and _dig_room(state, p, c):
                out.append(TakeTreasure(p, c))
        out.extend(_exchangeable(state, p))  # TIKAL-EXCHANGE-1..2
    if ap >= 5:
        own_camps = len(entries) - 1
        if own_camps < state.rules.manifest.components.camps:  # TIKAL-CAMP-2
            for c in range(CELL_COUNT):
                if (
                    state.camps[c] == EMPTY
                    and camp_site(state, c)
                    and (not state.rules.camp_needs_member or workers[c] or leader == c)
                ):
                    out.append(BuildCamp(p, c))
        guarded = sum(1 for g in state.guards if g == p)
        if guarded < state.rules.manifest.components.guards:  # TIKAL-GUARD-4
            for c in range(CELL_COUNT):
                if state.temples[c] and state.guards[c] == EMPTY and _has_force_lead(state, p, c):
                    if workers[c]:
                        out.append(Guard(p, c, WORKER))
                    if leader == c:
                        out.append(Guard(p, c, LEADER))
    return tuple(out)


def why_ap_illegal(state: State, action: APAction) -> tuple[str, str] | None:
    """``(clause, reason)`` if the AP action is not legal for the active player."""
    if action in ap_actions(state):
        return None
    kind = type(action)
    cost = COSTS.get(kind)
    if cost is not None and cost > state.ap:
        return "TIKAL-TURN-2", f"{action} costs {cost} AP, only {state.ap} left"
    clause = CLAUSES.get(kind, "TIKAL-TURN-4")
    return clause, f"{action} is not possible here"


def move_cost(state: State, action: Move) -> int:
    """The AP a legal :class:`Move` costs: its cheapest path (TIKAL-MOVE-3)."""
    return distances(state.rules.manifest, state.placed, action.origin)[action.destination]


def describe(cell: int) -> str:
    """The name of ``cell``."""
    return CELL_NAMES[cell]

