"""The engine layer: the contract functions over the turn machinery.

:mod:`.contract` (``new_game``, ``step``, ``observe`` …) and :mod:`.legality` (who acts,
what is legal, why an action is refused) talk to a game mode through one interface,
:class:`~.work.Mode`, on a :class:`~.work.Work` copy. The modes, each over the one
below it: :mod:`.turns` (the base game: turns, scoring rounds, the final round),
:mod:`.auction` (the professional auction game), :mod:`.speed` (Tikal on Speed:
rounds, Jumps). :mod:`.ap` holds the eight actions that spend action points, which
every mode plays. Everything here is a pure function of a state; it leans on
:mod:`tikalspeed.model` and :mod:`tikalspeed.board`, never on the text forms or the
tools.
"""

from . import contract
from .contract import (
    Transition,
    actors,
    apply,
    chance_outcomes,
    is_legal,
    legal_actions,
    new_game,
    observe,
    outcome,
    resolve_chance,
    sample_chance,
    step,
)
from .legality import MODES, mode_of, view_actions, why_illegal, why_illegal_in_view

COMPILED: bool = not contract.__file__.endswith(".py")
"""Whether this is the compiled build (mypyc, ``setup.py``) or the pure-Python one: both
play the same games (``tests/test_fingerprints.py``); the compiled one is faster."""

__all__ = [
    "COMPILED",
    "MODES",
    "Transition",
    "actors",
    "apply",
    "chance_outcomes",
    "is_legal",
    "legal_actions",
    "mode_of",
    "new_game",
    "observe",
    "outcome",
    "resolve_chance",
    "sample_chance",
    "step",
    "view_actions",
    "why_illegal",
    "why_illegal_in_view",
]
