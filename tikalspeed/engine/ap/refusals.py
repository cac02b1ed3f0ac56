"""Why an AP action is refused: the most specific clause it breaks (TIKAL-TURN-2,
TIKAL-MOVE-2/3, TIKAL-UNCOVER-…, TIKAL-TREASURE-…, TIKAL-EXCHANGE-…, TIKAL-CAMP-…,
TIKAL-GUARD-…)."""

from __future__ import annotations

from gamekit.i18n import N_

from ...board.hexgrid import CELL_COUNT, CELL_NAMES
from ...board.terrain import EMPTY, HORIZON, board_info, reach
from ...bounds import shown_action
from ...errors import Reason
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

__all__ = ["costs_too_much", "why_ap_illegal"]


def costs_too_much(action: object, cost: int, left: int) -> tuple[str, str]:
    """TIKAL-TURN-2: the refusal of ``action``, which costs more action points than are
    left (``action`` written as its token)."""
    return "TIKAL-TURN-2", Reason(N_("{action} costs {cost} AP, only {left} left"),
                                  action=str(action), cost=cost, left=left)  # fmt: skip


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
        return costs_too_much(action, cost, state.turn.ap)
    return _diagnose(state, action) or (
        CLAUSES.get(kind, "TIKAL-TURN-4"),
        Reason(N_("{action} is not possible here"), action=str(action)),
    )


def _diagnose(state: State, action: APAction) -> tuple[str, str] | None:
    """The most specific clause an illegal AP action breaks (only called when illegal)."""
    p = state.turn.active
    comps = state.rules.manifest.components
    cell = getattr(action, "cell", None)
    if cell is not None and not (type(cell) is int and 0 <= cell < CELL_COUNT):
        return CLAUSES[type(action)], Reason(N_("{action} does not name a cell"),
                                             action=shown_action(action))  # fmt: skip
    a = str(action)
    if isinstance(action, Uncover):
        assert cell is not None
        here = CELL_NAMES[cell]
        if not state.jungle.temples[cell] or not pieces_on(state, p, cell):
            return "TIKAL-UNCOVER-1", Reason(N_("{action}: you need a piece on a temple on "
                                                "{cell}"), action=a, cell=here)  # fmt: skip
        if state.jungle.guards[cell] != EMPTY:
            return "TIKAL-UNCOVER-5", Reason(N_("{action}: the temple on {cell} is guarded"),
                                             action=a, cell=here)  # fmt: skip
        if state.jungle.temples[cell] >= 10:
            return "TIKAL-UNCOVER-2", Reason(N_("{action}: the temple on {cell} is at its top, "
                                                "10"), action=a, cell=here)  # fmt: skip
        if not _uncover_room(state, p, cell):
            return "TIKAL-UNCOVER-3", Reason(N_("{action}: two levels a turn is the limit"),
                                             action=a)  # fmt: skip
        return "TIKAL-UNCOVER-4", Reason(N_("{action}: the next level tile is sold out"),
                                         action=a)  # fmt: skip
    if isinstance(action, TakeTreasure):
        assert cell is not None
        if not state.jungle.ruins[cell] or not pieces_on(state, p, cell):
            return "TIKAL-TREASURE-1", Reason(N_("{action}: you need a piece on a ruin with "
                                                 "treasure"), action=a)  # fmt: skip
        return "TIKAL-TREASURE-2", Reason(N_("{action}: one piece per treasure, two a turn at "
                                             "most"), action=a)  # fmt: skip
    if isinstance(action, Exchange):
        if action.give == action.take or action.other == p:
            return "TIKAL-EXCHANGE-1", Reason(N_("{action}: swap two different treasures with "
                                                 "another player"), action=a)  # fmt: skip
        return "TIKAL-EXCHANGE-2", Reason(N_("{action}: only single treasures may be "
                                             "exchanged"), action=a)  # fmt: skip
    if isinstance(action, BuildCamp):
        assert cell is not None
        if not camp_site(state, cell):
            return "TIKAL-CAMP-1", Reason(N_("{action}: a camp needs jungle or an emptied ruin"),
                                          action=a)  # fmt: skip
        if state.jungle.camps[cell] != EMPTY or (
            p in state.jungle.camps and sum(1 for c in state.jungle.camps if c == p) >= comps.camps
        ):
            return "TIKAL-CAMP-2", Reason(N_("{action}: one camp a hex, {count} per player"),
                                          action=a, count=comps.camps)  # fmt: skip
        return "TIKAL-CAMP-3", Reason(N_("{action}: you need a piece on {cell} to build a camp"),
                                      action=a, cell=CELL_NAMES[cell])  # fmt: skip
    if isinstance(action, Guard):
        assert cell is not None
        here = CELL_NAMES[cell]
        guards = state.jungle.guards
        if guards[cell] != EMPTY or sum(1 for g in guards if g == p) >= comps.guards:
            return "TIKAL-GUARD-4", Reason(N_("{action}: one guard a temple, {count} per "
                                              "player"), action=a, count=comps.guards)  # fmt: skip
        if state.jungle.temples[cell] and pieces_on(state, p, cell):
            mine = force(state, p, cell)
            best = max(force(state, o, cell) for o in range(state.rules.players) if o != p)
            if mine == best:
                return "TIKAL-GUARD-2", Reason(N_("{action}: a tied force on {cell} may not "
                                                  "guard"), action=a, cell=here)  # fmt: skip
            if mine < best:
                return "TIKAL-GUARD-1", Reason(N_("{action}: your force on {cell} is not the "
                                                  "greatest"), action=a, cell=here)  # fmt: skip
        return "TIKAL-GUARD-1", Reason(N_("{action}: you need that piece on a temple on {cell}"),
                                       action=a, cell=here)  # fmt: skip
    return None


def _why_move(state: State, action: Move) -> tuple[str, str] | None:
    p = action.player
    piece, a, b = given(action, "piece"), given(action, "origin"), given(action, "destination")
    if not (type(a) is int and type(b) is int and 0 <= a < CELL_COUNT and 0 <= b < CELL_COUNT):
        return "TIKAL-TURN-4", Reason(N_("{action} is malformed: it does not name two cells"),
                                      action=shown_action(action))  # fmt: skip
    if type(piece) is not int or piece not in (WORKER, LEADER):
        return "TIKAL-TURN-4", Reason(N_("{action} is malformed: it does not name a piece"),
                                      action=shown_action(action))  # fmt: skip
    if piece == WORKER:
        present = state.expeditions.workers[p][a] > 0
    else:
        present = state.expeditions.leaders[p] == a
    if not present:
        return "TIKAL-MOVE-3", Reason(N_("{action}: no such piece of yours on {cell}"),
                                      action=str(action), cell=CELL_NAMES[a])  # fmt: skip
    info = board_info(state.rules.manifest, state.jungle.placed)
    ap = state.turn.ap
    near = reach(info, a, min(ap, HORIZON)).dist.get(b)  # the usual, legal case
    if near is not None and near <= ap and a != b:  # (the reach may go farther than ap)
        return None
    cost = reach(info, a).dist.get(b)  # why not: no path at all, or not within the points
    if cost is None or a == b:
        return "TIKAL-MOVE-2", Reason(N_("{action}: no path of stones leads there"),
                                      action=str(action))  # fmt: skip
    if cost > state.turn.ap:
        return costs_too_much(action, cost, state.turn.ap)
    return None
