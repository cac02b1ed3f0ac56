"""Action ids: one stable integer per action, for bots, RL frameworks and compact wire
formats.

The ids of a ruleset run from 0 to ``action_count(rules) - 1``. The chance outcomes
come first: ``draw=`` (one per tile), then ``reveal=``, then ``find=``. Then comes one
block per player, P1's first. Within a block the kinds keep a fixed order: place,
enter, hop, move, uncover, dig, swap, camp, guard, end, bid, pass, take, tokens. Within
a kind, the fields count in mixed radix, the last field fastest. The layout depends
only on the number of players, and ``tests/golden/ids/tikal.txt`` holds it
fixed across versions.

>>> from tikalspeed import Rules, PlaceTile, ChooseTokens
>>> rules = Rules(players=2)
>>> action_count(rules)
18516
>>> action_to_id(rules, PlaceTile(0, 19, 2)), id_to_action(rules, 80 + 19 * 6 + 2)
(196, PlaceTile(player=0, cell=19, rotation=2))
>>> id_to_action(rules, action_to_id(rules, ChooseTokens(1, 3)))
ChooseTokens(player=1, count=3)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..board.hexgrid import CELL_COUNT
from ..board.terrain import terrain
from ..bounds import MAX_BID, shown, shown_action
from ..errors import NotationError
from ..model.actions import (
    Action,
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
)
from ..model.records import MAX_TOKENS
from ..model.rules import Rules

__all__ = ["action_count", "action_to_id", "id_to_action"]

_TILES = 36
_KINDS_OF_TREASURE = 8
_SEATS = 4
Fields = Sequence[tuple[str, range]]
_CHANCE: tuple[tuple[type, Fields], ...] = (
    (DrawTile, (("tile", range(_TILES)),)),
    (RevealTile, (("tile", range(_TILES)),)),
    (FindTreasure, (("kind", range(_KINDS_OF_TREASURE)),)),
)
_CELL = range(CELL_COUNT)
_PIECE = range(2)
_PLAYER: tuple[tuple[type, Fields], ...] = (
    (PlaceTile, (("cell", _CELL), ("rotation", range(6)))),
    (Enter, (("piece", _PIECE), ("cell", _CELL))),
    (CampMove, (("piece", _PIECE), ("origin", _CELL), ("destination", _CELL))),
    (Move, (("piece", _PIECE), ("origin", _CELL), ("destination", _CELL))),
    (Uncover, (("cell", _CELL),)),
    (TakeTreasure, (("cell", _CELL),)),
    (
        Exchange,
        (
            ("give", range(_KINDS_OF_TREASURE)),
            ("other", range(_SEATS)),
            ("take", range(_KINDS_OF_TREASURE)),
        ),
    ),
    (BuildCamp, (("cell", _CELL),)),
    (Guard, (("cell", _CELL), ("piece", _PIECE))),
    (EndTurn, ()),
    (Bid, (("amount", range(MAX_BID + 1)),)),
    (PassBid, ()),
    (ChooseTile, (("tile", range(_TILES)),)),
    (ChooseTokens, (("count", range(1, MAX_TOKENS + 1)),)),
)


def _size(fields: Fields) -> int:
    n = 1
    for _, r in fields:
        n *= len(r)
    return n


def _offsets(kinds: tuple[tuple[type, Fields], ...]) -> dict[type, tuple[int, Fields]]:
    out, at = {}, 0
    for kind, fields in kinds:
        out[kind] = (at, fields)
        at += _size(fields)
    return out


_CHANCE_AT = _offsets(_CHANCE)
_PLAYER_AT = _offsets(_PLAYER)
_CHANCE_IDS = sum(_size(f) for _, f in _CHANCE)
_BLOCK = sum(_size(f) for _, f in _PLAYER)


def action_count(rules: Rules) -> int:
    """How many ids the actions of ``rules`` have: the chance outcomes and one block
    per player."""
    return _CHANCE_IDS + rules.players * _BLOCK


def action_to_id(rules: Rules, action: Action) -> int:
    """The id of ``action`` under ``rules``. Raises :class:`~tikalspeed.NotationError`
    for a malformed action or a player not in the game."""
    kind = type(action)
    player = getattr(action, "player", None)
    if kind in _CHANCE_AT:
        base, (at, fields) = 0, _CHANCE_AT[kind]
    elif kind in _PLAYER_AT and type(player) is int and 0 <= player < rules.players:
        base, (at, fields) = _CHANCE_IDS + player * _BLOCK, _PLAYER_AT[kind]
    else:
        raise NotationError(f"{shown_action(action)} has no id in a {rules.players}-player game")
    index = 0
    for name, r in fields:
        value = getattr(action, name)
        if type(value) is not int or value not in r:
            raise NotationError(f"{shown_action(action)} has no id: {name}={shown(value)}")
        index = index * len(r) + (value - r.start)
    return base + at + index


def id_to_action(rules: Rules, action_id: int) -> Action:
    """The action with id ``action_id`` under ``rules`` (tiles named by its
    manifest). Raises :class:`~tikalspeed.NotationError` for an id out of range."""
    if type(action_id) is not int or not 0 <= action_id < action_count(rules):
        raise NotationError(
            f"an action id is 0 to {action_count(rules) - 1}, not {shown(action_id)}"
        )
    if action_id < _CHANCE_IDS:
        table, rest, extra = _CHANCE_AT, action_id, {}
    else:
        player, rest = divmod(action_id - _CHANCE_IDS, _BLOCK)
        table, extra = _PLAYER_AT, {"player": player}
    for kind, (at, fields) in table.items():
        if at <= rest < at + _size(fields):
            index, values = rest - at, {}
            for name, r in reversed(fields):
                index, digit = divmod(index, len(r))
                values[name] = r.start + digit
            action: Action = kind(**extra, **values)
            if isinstance(action, DrawTile | RevealTile | ChooseTile):
                tile_id = terrain(rules.manifest).tile_ids[action.tile]
                action = attrs.evolve(action, tile_id=tile_id)
            return action
    raise AssertionError("unreachable: every id in range has a kind")  # pragma: no cover

