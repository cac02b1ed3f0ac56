"""The engine layer: the contract functions (:mod:`.contract`) over legal-move
generation and checking (:mod:`.moves`).

Everything here is a pure function of a :class:`~tiki.model.state.State`; it leans on
:mod:`tiki.model` and :mod:`tiki.board`, never on the text forms or the tools.
"""

from .contract import (
    Transition,
    actors,
    apply,
    is_legal,
    new_game,
    observe,
    outcome,
    resolve_chance,
    sample_chance,
    step,
    view_actions,
    why_illegal_in_view,
)
from .moves import chance_outcomes, layouts, legal_actions, turn_actions, why_illegal

__all__ = [
    "Transition",
    "actors",
    "apply",
    "chance_outcomes",
    "is_legal",
    "layouts",
    "legal_actions",
    "new_game",
    "observe",
    "outcome",
    "resolve_chance",
    "sample_chance",
    "step",
    "turn_actions",
    "view_actions",
    "why_illegal",
    "why_illegal_in_view",
]
