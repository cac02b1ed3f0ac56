"""The engine layer: the contract functions (:mod:`.contract`) over legal-move
generation and checking (:mod:`.moves`).

Everything here is a pure function of a :class:`~tiki.model.state.State`; it leans on
:mod:`tiki.model` and :mod:`tiki.board`, never on the text forms or the tools.
"""

from . import contract
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

COMPILED: bool = not contract.__file__.endswith(".py")
"""Whether this is the compiled build (mypyc, ``setup.py``) or the pure-Python one: both
play the same games (``tests/test_fingerprints.py``); the compiled one is faster."""

__all__ = [
    "COMPILED",
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
