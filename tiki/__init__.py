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

import sys

from gamekit.moved import install

from . import svg
from .board.island import (
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
from .engine import COMPILED
from .engine.contract import (
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
from .engine.moves import chance_outcomes, legal_actions
from .errors import IllegalActionError, NotationError
from .game import GAME
from .model.actions import (
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
from .model.events import (
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
from .model.rules import DEFAULT_TILES, NUMBER_LIMIT, Rules
from .model.state import CHANCE, FRUITS, PLAYERS, TARGET, TIKIS, O, Outcome, Phase, State, X
from .model.view import View
from .text import jsonio
from .text.clauses import Clause, clause, clauses, explain
from .text.decision import Decision, decision, decision_to_json
from .text.ids import action_count, action_to_id, id_to_action
from .text.jsonio import (
    action_from_json,
    action_to_json,
    record_from_json,
    record_to_json,
    state_from_json,
    state_to_json,
)
from .text.notation import (
    action_token,
    from_text,
    parse_action,
    rules_from_text,
    rules_to_text,
    to_text,
)
from .text.record import Record, read_record, replay, write_record
from .text.views import view_from_text, view_to_text
from .tools.solve import Solution
from .tools.tables import solve

__version__ = "0.2.0"

_MOVED = {
    "tiki.actions": "tiki.model.actions",
    "tiki.bench": "tiki.tools.bench",
    "tiki.bots": "tiki.tools.bots",
    "tiki.cli": "tiki.tools.cli",
    "tiki.errors": "tiki.errors",
    "tiki.events": "tiki.model.events",
    "tiki.moves": "tiki.engine.moves",
    "tiki.notation": "tiki.text.notation",
    "tiki.record": "tiki.text.record",
    "tiki.render": "tiki.tools.cli.board",
    "tiki.rules": "tiki.model.rules",
    "tiki.state": "tiki.model.state",
    # 0.3: the tools in folders by concern (docs/architecture.md)
    "tiki.tools.render": "tiki.tools.cli.board",
    "tiki.tools.narration": "tiki.tools.cli.narration",
    "tiki.tools.mcts": "tiki.tools.bots.search",
    "tiki.tools.scenario": "tiki.tools.scenarios",
    "tiki.tools.why": "tiki.tools.scenarios.why",
    "tiki.tools.simulate": "tiki.tools.studies",
    "tiki.tools.fuzz": "tiki.tools.fuzzing",
    "tiki.tools.openspiel": "tiki.tools.adapters.openspiel",
    "tiki.tools.pettingzoo": "tiki.tools.adapters.pettingzoo",
    "tiki.tools._solvecode": "tiki.tools.solve.code",
}
"""Modules that moved into the layers in 0.2, by their old names: the old import
still works (it is the same module object) and warns (``DeprecationWarning``)."""


install(_MOVED)
sys.modules.setdefault("tiki.jsonio", jsonio)  # a public name: no warning

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
    "COMPILED",
    "DEFAULT_TILES",
    "EDGES",
    "EDGE_NAMES",
    "FRUITS",
    "GAME",
    "NEIGHBOURS",
    "NUMBER_LIMIT",
    "PLAYERS",
    "TARGET",
    "TIKIS",
    "VILLAGES",
    "VILLAGE_NAMES",
    "Action",
    "Clause",
    "Create",
    "Decision",
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
    "Record",
    "Rules",
    "ShamanMoved",
    "ShamanPlaced",
    "Solution",
    "State",
    "TikiDropped",
    "TikisReturned",
    "TotemCreated",
    "TotemMoved",
    "Transition",
    "View",
    "Village",
    "VillageInfluenced",
    "X",
    "action_count",
    "action_from_json",
    "action_to_id",
    "action_to_json",
    "action_token",
    "actors",
    "apply",
    "chance_outcomes",
    "clause",
    "clauses",
    "decision",
    "decision_to_json",
    "edge_between",
    "edge_from_name",
    "edge_name",
    "explain",
    "from_text",
    "id_to_action",
    "is_legal",
    "jsonio",
    "legal_actions",
    "new_game",
    "observe",
    "outcome",
    "parse_action",
    "read_record",
    "record_from_json",
    "record_to_json",
    "replay",
    "resolve_chance",
    "rules_from_text",
    "rules_to_text",
    "sample_chance",
    "solve",
    "state_from_json",
    "state_to_json",
    "step",
    "svg",
    "to_text",
    "view_actions",
    "view_from_text",
    "view_to_text",
    "village_from_name",
    "village_name",
    "why_illegal_in_view",
    "write_record",
]
