"""What the AP actions do (TIKAL-TURN-2): :func:`spend` applies one on a Work copy."""

from __future__ import annotations

from ...model.actions import (
    LEADER,
    WORKER,
    APAction,
    BuildCamp,
    CampMove,
    Enter,
    Exchange,
    Guard,
    Move,
    TakeTreasure,
    Uncover,
)
from ...model.events import ActionTaken, PiecesRemoved
from ...model.records import GUARDING, REMOVED
from ..work import PHASE_TREASURE, Work
from .legal import CLAUSES, ap_cost, mark, next_level

__all__ = ["spend"]


def spend(w: Work, action: APAction) -> None:
    """Apply a legal AP action other than EndTurn: pay its points, change the board.

    A dig (TIKAL-TREASURE-1) leaves the state at the TREASURE chance node; what ends a
    turn or a Jump after an action is the mode's business."""
    state = w.state
    p = state.turn.active
    kind = type(action)
    cost = ap_cost(state, action)
    w.set(ap=state.turn.ap - cost)
    if w.wants(ActionTaken):  # the action's text only where the events are wanted
        w.tell(ActionTaken, p, str(action), cost, CLAUSES[kind])
    ex = state.expeditions
    if kind is Move or kind is CampMove:  # the common case first
        a, b = action.origin, action.destination  # type: ignore[union-attr]
        if action.piece == WORKER:  # type: ignore[union-attr]
            rows = list(ex.workers)
            row = list(rows[p])
            row[a] -= 1
            row[b] += 1
            rows[p] = tuple(row)
            w.set(workers=tuple(rows))
        else:
            w.set_item("leaders", p, b)
        return
    match action:
        case Enter(piece=piece, cell=cell):
            if piece == WORKER:
                w.set_item("supply", p, ex.supply[p] - 1)
                w.set_cell("workers", p, cell, ex.workers[p][cell] + 1)
            else:
                w.set_item("leaders", p, cell)
        case Uncover(cell=cell):
            value = next_level(state, cell)
            assert value is not None
            w.set_item("levels", value, state.jungle.levels[value] - 1)
            w.set_item("temples", cell, value)
            w.set(raised=(*state.turn.raised, mark(state, p, cell)))
        case TakeTreasure(cell=cell):
            w.set_item("ruins", cell, state.jungle.ruins[cell] - 1)
            w.set(dug=(*state.turn.dug, mark(state, p, cell)), phase=PHASE_TREASURE)
        case Exchange(give=give, other=other, take=take):
            w.set_cell("held", p, give, ex.held[p][give] - 1)
            w.set_cell("held", p, take, w.held[p][take] + 1)
            w.set_cell("held", other, take, w.held[other][take] - 1)
            w.set_cell("held", other, give, w.held[other][give] + 1)
        case BuildCamp(cell=cell):
            w.set_item("camps", cell, p)
        case Guard(cell=cell, piece=piece):
            _guard(w, p, cell, piece)


def _guard(w: Work, p: int, cell: int, piece: int) -> None:
    """TIKAL-GUARD-3: one piece becomes the guard; the player's others there leave."""
    ex = w.state.expeditions
    workers_here = ex.workers[p][cell]
    leader_here = ex.leaders[p] == cell
    w.set_item("guards", cell, p)
    if piece == LEADER:
        w.set_item("leaders", p, GUARDING)
        removed_workers, removed_leader = workers_here, False
    else:
        w.set_item("guard_pieces", p, ex.guard_pieces[p] + 1)
        removed_workers, removed_leader = workers_here - 1, leader_here
        if leader_here:
            w.set_item("leaders", p, REMOVED)
    w.set_cell("workers", p, cell, 0)
    w.set_item("removed", p, ex.removed[p] + removed_workers)
    if removed_workers or removed_leader:
        w.tell(PiecesRemoved, p, cell, removed_workers, removed_leader)
