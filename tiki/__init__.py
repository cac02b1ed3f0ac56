"""Tiki (Nicolas Sato, Ôz Éditions 2018): an exact rules engine.

Two gods compete for the fruit of Manami island on a 3×3 grid of villages. The rules
are in ``specs/tiki.md``, clause by clause; every function here is pure and every
state immutable.

>>> import tiki
>>> state = tiki.new_game(seed=7)
>>> tiki.actors(state)
(1,)
>>> state = tiki.apply(state, tiki.parse_action(state, "+b2"))
>>> state.stacks[tiki.B2]
(1,)
"""

from .actions import (
    Action,
    Create,
    FirstPlayer,
    KeepShaman,
    Layout,
    Move,
    MoveShaman,
    Order,
    Pass,
    PlaceShaman,
)
from .board import (
    A1,
    A2,
    A3,
    B1,
    B2,
    B3,
    C1,
    C2,
    C3,
    EDGE_NAMES,
    EDGES,
    NEIGHBOURS,
    VILLAGE_NAMES,
    VILLAGES,
    Edge,
    Path,
    Village,
    edge_between,
    edge_from_name,
    edge_name,
    village_from_name,
    village_name,
)
from .engine import (
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
)
from .errors import IllegalActionError, NotationError
from .events import (
    Event,
    FirstPlayerChosen,
    FruitReturned,
    FruitsGained,
    FruitSpoiled,
    GameOver,
    LayoutSet,
    OrderChosen,
    Passed,
    ShamanMoved,
    ShamanPlaced,
    TikiDropped,
    TikisReturned,
    TotemCreated,
    TotemMoved,
    VillageInfluenced,
)
from .moves import chance_outcomes, legal_actions
from .notation import from_text, parse_action, to_text
from .rules import DEFAULT_TILES, Rules
from .state import CHANCE, FRUITS, PLAYERS, TARGET, TIKIS, O, Outcome, Phase, State, X

__version__ = "0.1.0"

__all__ = [
    "A1",
    "A2",
    "A3",
    "B1",
    "B2",
    "B3",
    "C1",
    "C2",
    "C3",
    "CHANCE",
    "DEFAULT_TILES",
    "EDGES",
    "EDGE_NAMES",
    "FRUITS",
    "NEIGHBOURS",
    "PLAYERS",
    "TARGET",
    "TIKIS",
    "VILLAGES",
    "VILLAGE_NAMES",
    "Action",
    "Create",
    "Edge",
    "Event",
    "FirstPlayer",
    "FirstPlayerChosen",
    "FruitReturned",
    "FruitSpoiled",
    "FruitsGained",
    "GameOver",
    "IllegalActionError",
    "KeepShaman",
    "Layout",
    "LayoutSet",
    "Move",
    "MoveShaman",
    "NotationError",
    "O",
    "Order",
    "OrderChosen",
    "Outcome",
    "Pass",
    "Passed",
    "Path",
    "Phase",
    "PlaceShaman",
    "Rules",
    "ShamanMoved",
    "ShamanPlaced",
    "State",
    "TikiDropped",
    "TikisReturned",
    "TotemCreated",
    "TotemMoved",
    "Transition",
    "Village",
    "VillageInfluenced",
    "X",
    "actors",
    "apply",
    "chance_outcomes",
    "edge_between",
    "edge_from_name",
    "edge_name",
    "from_text",
    "is_legal",
    "legal_actions",
    "new_game",
    "observe",
    "outcome",
    "parse_action",
    "resolve_chance",
    "sample_chance",
    "step",
    "to_text",
    "village_from_name",
    "village_name",
]
