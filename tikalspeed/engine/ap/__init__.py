"""The eight actions that spend action points, in one place: which are legal
(:mod:`.legal`), why one is refused (:mod:`.refusals`) and what each does
(:mod:`.effects`). They are the base game's, and every mode plays them unchanged;
a Jump of Tikal on Speed is one of them for the points chosen."""

from .effects import spend
from .legal import (
    CLAUSES,
    COSTS,
    action_points,
    actions_for,
    ap_actions,
    ap_cost,
    camp_site,
    can_act,
    cheapest,
    entry_cells,
    force,
    mark,
    move_cost,
    move_path,
    next_level,
    pieces_on,
)
from .refusals import costs_too_much, why_ap_illegal

__all__ = [
    "CLAUSES",
    "COSTS",
    "action_points",
    "actions_for",
    "ap_actions",
    "ap_cost",
    "camp_site",
    "can_act",
    "cheapest",
    "costs_too_much",
    "entry_cells",
    "force",
    "mark",
    "move_cost",
    "move_path",
    "next_level",
    "pieces_on",
    "spend",
    "why_ap_illegal",
]
