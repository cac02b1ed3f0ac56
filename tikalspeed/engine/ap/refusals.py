"""Why an AP action is refused: the most specific clause it breaks (TIKAL-TURN-2,
TIKAL-MOVE-2/3, TIKAL-UNCOVER-…, TIKAL-TREASURE-…, TIKAL-EXCHANGE-…, TIKAL-CAMP-…,
TIKAL-GUARD-…)."""

from __future__ import annotations

from ...board.hexgrid import CELL_COUNT, CELL_NAMES
from ...board.terrain import EMPTY, HORIZON, board_info, reach
from ...bounds import shown_action
from ...model.actions import (
    LEADER,
    WORKER,
    APAction,
    BuildCamp,
    EndTurn,
    Exchange,
    Guard,
    Move,
    TakeTreasure,
    Uncover,
)
from ...model.state import State
from ..work import among, given
from .legal import CLAUSES, COSTS, _uncover_room, ap_actions, camp_site, force, pieces_on

__all__ = ["why_ap_illegal"]


def why_ap_illegal(state: State, action: APAction, can_end: bool = True) -> tuple[str, str] | None:
    """``(clause, reason)`` if the AP action is not legal for the active player (who may
    end the turn if ``can_end``: a mode that forbids it says why first)."""
    if isinstance(action, EndTurn):
        return None  # TIKAL-TURN-3: a turn may always end
    if isinstance(action, Move):
        return _why_move(state, action)
    if among(action, ap_actions(state, can_end)):
        return None
    kind = type(action)
    cost = COSTS.get(kind)
    if cost is not None and cost > state.turn.ap:
        return "TIKAL-TURN-2", f"{action} costs {cost} AP, only {state.turn.ap} left"
    return _diagnose(state, action) or (
        CLAUSES.get(kind, "TIKAL-TURN-4"),
        f"{action} is not possible here",
    )


def _diagnose(state: State, action: APAction) -> tuple[str, str] | None:
    """The most specific clause an illegal AP action breaks (only called when illegal)."""
    p = state.turn.active
    comps = state.rules.manifest.components
    cell = getattr(action, "cell", None)
    if cell is not None and not (type(cell) is int and 0 <= cell < CELL_COUNT):
        return CLAUSES[type(action)], f"{shown_action(action)} does not name a cell"
    here = f" on {CELL_NAMES[cell]}" if cell is not None else ""
    if isinstance(action, Uncover):
        assert cell is not None
        if not state.jungle.temples[cell] or not pieces_on(state, p, cell):
            return "TIKAL-UNCOVER-1", f"{action}: you need a piece on a temple{here}"
        if state.jungle.guards[cell] != EMPTY:
            return "TIKAL-UNCOVER-5", f"{action}: the temple{here} is guarded"
        if state.jungle.temples[cell] >= 10:
            return "TIKAL-UNCOVER-2", f"{action}: the temple{here} is at its top, 10"
        if not _uncover_room(state, p, cell):
            return "TIKAL-UNCOVER-3", f"{action}: two levels a turn is the limit"
        return "TIKAL-UNCOVER-4", f"{action}: the next level tile is sold out"
    if isinstance(action, TakeTreasure):
        assert cell is not None
        if not state.jungle.ruins[cell] or not pieces_on(state, p, cell):
            return "TIKAL-TREASURE-1", f"{action}: you need a piece on a ruin with treasure"
        return "TIKAL-TREASURE-2", f"{action}: one piece per treasure, two a turn at most"
    if isinstance(action, Exchange):
        if action.give == action.take or action.other == p:
            return "TIKAL-EXCHANGE-1", f"{action}: swap two different treasures with another player"
        return "TIKAL-EXCHANGE-2", f"{action}: only single treasures may be exchanged"
    if isinstance(action, BuildCamp):
        assert cell is not None
        if not camp_site(state, cell):
            return "TIKAL-CAMP-1", f"{action}: a camp needs jungle or an emptied ruin"
        if state.jungle.camps[cell] != EMPTY or (
            p in state.jungle.camps and sum(1 for c in state.jungle.camps if c == p) >= comps.camps
        ):
            return "TIKAL-CAMP-2", f"{action}: one camp a hex, {comps.camps} per player"
        return "TIKAL-CAMP-3", f"{action}: you need a piece{here} to build a camp"
    if isinstance(action, Guard):
        assert cell is not None
        guards = state.jungle.guards
        if guards[cell] != EMPTY or sum(1 for g in guards if g == p) >= comps.guards:
            return "TIKAL-GUARD-4", f"{action}: one guard a temple, {comps.guards} per player"
        if state.jungle.temples[cell] and pieces_on(state, p, cell):
            mine = force(state, p, cell)
            best = max(force(state, o, cell) for o in range(state.rules.players) if o != p)
            if mine == best:
                return "TIKAL-GUARD-2", f"{action}: a tied force{here} may not guard"
            if mine < best:
                return "TIKAL-GUARD-1", f"{action}: your force{here} is not the greatest"
        return "TIKAL-GUARD-1", f"{action}: you need that piece on a temple{here}"
    return None


def _why_move(state: State, action: Move) -> tuple[str, str] | None:
    p = action.player
    piece, a, b = given(action, "piece"), given(action, "origin"), given(action, "destination")
    if not (type(a) is int and type(b) is int and 0 <= a < CELL_COUNT and 0 <= b < CELL_COUNT):
        return "TIKAL-TURN-4", f"{shown_action(action)} is malformed: it does not name two cells"
    if type(piece) is not int:
        return "TIKAL-TURN-4", f"{shown_action(action)} is malformed: it does not name a piece"
    if piece == WORKER:
        present = state.expeditions.workers[p][a] > 0
    elif piece == LEADER:
        present = state.expeditions.leaders[p] == a
    else:
        return "TIKAL-TURN-4", f"{shown_action(action)} is malformed: it does not name a piece"
    if not present:
        return "TIKAL-MOVE-3", f"{action}: no such piece of yours on {CELL_NAMES[a]}"
    info = board_info(state.rules.manifest, state.jungle.placed)
    ap = state.turn.ap
    near = reach(info, a, min(ap, HORIZON)).dist.get(b)  # the usual, legal case
    if near is not None and near <= ap and a != b:  # (the reach may go farther than ap)
        return None
    cost = reach(info, a).dist.get(b)  # why not: no path at all, or not within the points
    if cost is None or a == b:
        return "TIKAL-MOVE-2", f"{action}: no path of stones leads there"
    if cost > state.turn.ap:
        return "TIKAL-TURN-2", f"{action} costs {cost} AP, only {state.turn.ap} left"
    return None
