"""Tikal on Speed, with base Tikal and the professional (auction) game.

Tikal on Speed (``Rules()``, i.e. ``mode='speed'``: rounds of a tile auction, a
placement phase and secret-token Jumps, :mod:`tikalspeed.engine.speed`), the base game
(``Rules(mode='classic')``) and the professional auction game
(``Rules(mode='professional')``) for 2–4 players, with the same contract as
:mod:`tiki` (``docs/contract.md``). The tiles and board are data: a checked
manifest (:mod:`tikalspeed.board.manifest`, default in ``tikalspeed/data/manifest.json``)
over the board geometry of :mod:`tikalspeed.board.hexgrid`. The rules are in
``specs/tikal.md``, clause by clause. The package is built in layers, each leaning only
on those below (``docs/architecture.md``): :mod:`tikalspeed.board`,
:mod:`tikalspeed.model`, :mod:`tikalspeed.engine`, :mod:`tikalspeed.text` and
:mod:`tikalspeed.tools`, on the ground floor of :mod:`tikalspeed.errors` and
:mod:`tikalspeed.bounds`.

>>> import tikalspeed
>>> manifest = tikalspeed.load_manifest()
>>> len(manifest.tiles), manifest.tile("E1").value
(36, 6)
>>> tikalspeed.cell_name(tikalspeed.neighbour(manifest.board.base_camp.cell, tikalspeed.NE))
'b2'
"""

import sys

from gamekit.moved import install

from . import svg
from .board import (
    Board,
    Components,
    Manifest,
    PrintedHex,
    TileMix,
    load_manifest,
    manifest_from_json,
    manifest_to_json,
)
from .board.hexgrid import (
    BORDERS,
    CELLS,
    DIRECTIONS,
    LINKS,
    NE,
    NEIGHBOURS,
    NW,
    SE,
    SW,
    Border,
    Cell,
    Direction,
    N,
    S,
    border_between,
    cell_from_name,
    cell_name,
    direction_between,
    neighbour,
    opposite,
)
from .board.tiles import Kind, Tile, distinct_rotations, rotate
from .engine import (
    COMPILED,
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
    view_actions,
    why_illegal_in_view,
)
from .errors import IllegalActionError, ManifestError, NotationError
from .game import GAME
from .model.actions import (
    LEADER,
    TREASURE_NAMES,
    WORKER,
    Action,
    APAction,
    Bid,
    BuildCamp,
    CampMove,
    ChooseTile,
    ChooseTokens,
    DrawTile,
    EndTurn,
    Enter,
    Exchange,
    FindTreasure,
    Guard,
    Move,
    PassBid,
    PlaceTile,
    RevealTile,
    TakeTreasure,
    Uncover,
    player_name,
)
from .model.events import (
    ActionTaken,
    AuctionOpened,
    AuctionWon,
    BidMade,
    Event,
    GameOver,
    PiecesRemoved,
    PointsLost,
    Scored,
    TileDiscarded,
    TileDrawn,
    TilePlaced,
    TileRevealed,
    TileSecured,
    TokensChosen,
    TokensReturned,
    TokensRevealed,
    TreasureFound,
    TurnBegan,
    TurnEnded,
    VolcanoSetAside,
)
from .model.rules import Rules
from .model.state import (
    AP_PER_TURN,
    CHANCE,
    Auction,
    Expeditions,
    Jungle,
    Outcome,
    Phase,
    SpeedRound,
    State,
    Turn,
    TurnKind,
)
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

__all__ = [
    "AP_PER_TURN",
    "BORDERS",
    "CELLS",
    "CHANCE",
    "COMPILED",
    "DIRECTIONS",
    "GAME",
    "LEADER",
    "LINKS",
    "NE",
    "NEIGHBOURS",
    "NW",
    "SE",
    "SW",
    "TREASURE_NAMES",
    "WORKER",
    "APAction",
    "Action",
    "ActionTaken",
    "Auction",
    "AuctionOpened",
    "AuctionWon",
    "Bid",
    "BidMade",
    "Board",
    "Border",
    "BuildCamp",
    "CampMove",
    "Cell",
    "ChooseTile",
    "ChooseTokens",
    "Clause",
    "Components",
    "Decision",
    "Direction",
    "DrawTile",
    "EndTurn",
    "Enter",
    "Event",
    "Exchange",
    "Expeditions",
    "FindTreasure",
    "GameOver",
    "Guard",
    "IllegalActionError",
    "Jungle",
    "Kind",
    "Manifest",
    "ManifestError",
    "Move",
    "N",
    "NotationError",
    "Outcome",
    "PassBid",
    "Phase",
    "PiecesRemoved",
    "PlaceTile",
    "PointsLost",
    "PrintedHex",
    "Record",
    "RevealTile",
    "Rules",
    "S",
    "Scored",
    "SpeedRound",
    "State",
    "TakeTreasure",
    "Tile",
    "TileDiscarded",
    "TileDrawn",
    "TileMix",
    "TilePlaced",
    "TileRevealed",
    "TileSecured",
    "TokensChosen",
    "TokensReturned",
    "TokensRevealed",
    "Transition",
    "TreasureFound",
    "Turn",
    "TurnBegan",
    "TurnEnded",
    "TurnKind",
    "Uncover",
    "View",
    "VolcanoSetAside",
    "action_count",
    "action_from_json",
    "action_to_id",
    "action_to_json",
    "action_token",
    "actors",
    "apply",
    "border_between",
    "cell_from_name",
    "cell_name",
    "chance_outcomes",
    "clause",
    "clauses",
    "decision",
    "decision_to_json",
    "direction_between",
    "distinct_rotations",
    "explain",
    "from_text",
    "id_to_action",
    "is_legal",
    "jsonio",
    "legal_actions",
    "load_manifest",
    "manifest_from_json",
    "manifest_to_json",
    "neighbour",
    "new_game",
    "observe",
    "opposite",
    "outcome",
    "parse_action",
    "player_name",
    "read_record",
    "record_from_json",
    "record_to_json",
    "replay",
    "resolve_chance",
    "rotate",
    "rules_from_text",
    "rules_to_text",
    "sample_chance",
    "state_from_json",
    "state_to_json",
    "step",
    "svg",
    "to_text",
    "view_actions",
    "view_from_text",
    "view_to_text",
    "why_illegal_in_view",
    "write_record",
]

__version__ = "0.2.0"

_MOVED = {
    "tikalspeed.actions": "tikalspeed.model.actions",
    "tikalspeed.apactions": "tikalspeed.engine.ap",
    "tikalspeed.auction": "tikalspeed.engine.auction",
    "tikalspeed.bench": "tikalspeed.tools.bench",
    "tikalspeed.bots": "tikalspeed.tools.bots",
    "tikalspeed.cli": "tikalspeed.tools.cli",
    "tikalspeed.events": "tikalspeed.model.events",
    "tikalspeed.flow": "tikalspeed.engine.turns",
    "tikalspeed.hexgrid": "tikalspeed.board.hexgrid",
    "tikalspeed.manifest": "tikalspeed.board",
    "tikalspeed.notation": "tikalspeed.text.notation",
    "tikalspeed.record": "tikalspeed.text.record",
    "tikalspeed.render": "tikalspeed.tools.cli.board",
    "tikalspeed.rules": "tikalspeed.model.rules",
    "tikalspeed.speed": "tikalspeed.engine.speed",
    "tikalspeed.state": "tikalspeed.model.state",
    "tikalspeed.terrain": "tikalspeed.board.terrain",
    "tikalspeed.tiles": "tikalspeed.board.tiles",
    "tikalspeed.work": "tikalspeed.engine.work",
    # 0.3: the tools in folders by concern (docs/architecture.md)
    "tikalspeed.tools.render": "tikalspeed.tools.cli.board",
    "tikalspeed.tools.narration": "tikalspeed.tools.cli.narration",
    "tikalspeed.tools.mcts": "tikalspeed.tools.bots.search",
    "tikalspeed.tools.scenario": "tikalspeed.tools.scenarios",
    "tikalspeed.tools.why": "tikalspeed.tools.scenarios.why",
    "tikalspeed.tools.simulate": "tikalspeed.tools.studies",
    "tikalspeed.tools.fuzz": "tikalspeed.tools.fuzzing",
    "tikalspeed.tools.openspiel": "tikalspeed.tools.adapters.openspiel",
    "tikalspeed.tools.pettingzoo": "tikalspeed.tools.adapters.pettingzoo",
}
"""Modules that moved into the layers in 0.2, by their old names: the old import
still works (it is the new module, or for ``tikalspeed.board.manifest`` the board package
that holds all it held) and warns (``DeprecationWarning``). The turn machinery of
``flow``, ``auction``, ``speed`` and ``work`` became the methods of the game modes."""


install(_MOVED)
sys.modules.setdefault("tikalspeed.jsonio", jsonio)  # a public name: no warning
