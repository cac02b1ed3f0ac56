"""JSON for states, actions and records, for front ends in other languages.

Every function returns or reads plain JSON values (``dict``, ``list``, ``str``,
``int``, ``bool``, ``None``); every object carries a ``"type"``. Cells are named
(``"d3"``), players are indices (``0`` … ``3``; chance outcomes have ``"player":
"chance"``), tiles are named by their ids (``"C4"``), kinds, phases and treasures by
name. ``docs/tikal-notation.md`` lists every field. Reading checks everything and
raises :class:`~tikalspeed.NotationError` whose ``position`` is a JSON path such as
``"$.board.d3.workers[2]"``.

>>> from tikalspeed import new_game, Move, LEADER
>>> action_to_json(Move(0, LEADER, 9, 19))
{'type': 'move', 'player': 0, 'piece': 'leader', 'origin': 'b2', 'destination': 'd3'}
>>> s = new_game()
>>> state_from_json(state_to_json(s)) == s
True
>>> loads(dumps(s)) == s
True
"""

from __future__ import annotations

import json
from typing import Any, cast

from ..board.hexgrid import CELL_COUNT, CELL_NAMES
from ..board.manifest import Manifest
from ..board.manifestjson import load_manifest
from ..board.terrain import terrain
from ..bounds import MAX_BID, MAX_COUNT, MAX_SEED, JSONTextError, parse_json, shown, shown_action
from ..errors import NotationError
from ..model.actions import (
    LEADER,
    TREASURE_NAMES,
    WORKER,
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
from ..model.events import Event
from ..model.rules import Rules
from ..model.state import CHANCE, State
from ..model.view import View
from ._jsonevents import event_from_json, event_to_json, is_event
from ._jsonread import (
    JSON,
    fail,
    key_path,
    kind_of,
    read_cell,
    read_int,
    read_list,
    read_name,
    read_object,
    read_player,
    read_tile,
)
from ._jsonstate import rules_from_json, rules_to_json, state_from_json, state_to_json
from ._recordhead import FORMAT, RESULTS, check_headers
from .record import Record, a_record, play, result_of
from .views import view_from_json, view_to_json

__all__ = [
    "action_from_json",
    "action_to_json",
    "dumps",
    "event_from_json",
    "event_to_json",
    "from_json",
    "loads",
    "record_from_json",
    "record_to_json",
    "rules_from_json",
    "rules_to_json",
    "state_from_json",
    "state_to_json",
    "to_json",
    "view_from_json",
    "view_to_json",
]

_PIECES = {"worker": WORKER, "leader": LEADER}
_PIECE_NAMES = {v: k for k, v in _PIECES.items()}
_ACTION_TYPES: dict[type, str] = {
    DrawTile: "draw",
    RevealTile: "reveal",
    FindTreasure: "find",
    PlaceTile: "place",
    Enter: "enter",
    CampMove: "hop",
    Move: "move",
    Uncover: "uncover",
    TakeTreasure: "dig",
    Exchange: "swap",
    BuildCamp: "camp",
    Guard: "guard",
    EndTurn: "end",
    Bid: "bid",
    PassBid: "pass",
    ChooseTile: "take",
    ChooseTokens: "tokens",
}
_ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "draw": ("tile",),
    "reveal": ("tile",),
    "find": ("kind",),
    "place": ("cell", "rotation"),
    "enter": ("piece", "cell"),
    "hop": ("piece", "origin", "destination"),
    "move": ("piece", "origin", "destination"),
    "uncover": ("cell",),
    "dig": ("cell",),
    "swap": ("give", "other", "take"),
    "camp": ("cell",),
    "guard": ("cell", "piece"),
    "end": (),
    "bid": ("amount",),
    "pass": (),
    "take": ("tile",),
    "tokens": ("count",),
}
_CHANCE_TYPES = ("draw", "reveal", "find")
_WRITABLE = {  # the range of each action field that action_from_json reads back
    **dict.fromkeys(("cell", "origin", "destination"), range(CELL_COUNT)),
    "piece": range(2),
    **dict.fromkeys(("kind", "give", "take"), range(8)),
    "rotation": range(6),
    "other": range(4),
    "amount": range(MAX_BID + 1),
    "count": range(MAX_COUNT + 1),
}


def action_to_json(action: Action, manifest: Manifest | None = None) -> JSON:
    """Return ``action`` as a JSON object: ``type``, ``player`` and its own fields,
    named as the action's attributes. Tiles are named by the ids of ``manifest``
    (default: the packaged one). An action object with a field that JSON could not
    hold (``Bid(0, True)``, a cell 40) raises :class:`~tikalspeed.NotationError`.

    >>> from tikalspeed import DrawTile, Exchange
    >>> action_to_json(DrawTile(3))
    {'type': 'draw', 'player': 'chance', 'tile': 'A4'}
    >>> action_to_json(Exchange(0, give=0, other=2, take=4))
    {'type': 'swap', 'player': 0, 'give': 'A', 'other': 2, 'take': 'E'}
    """
    kind = _ACTION_TYPES.get(type(action))
    if kind is None:
        raise TypeError(f"not a Tikal action: {shown(action)}")
    ids = terrain(manifest or load_manifest()).tile_ids
    players = range(CHANCE, CHANCE + 1) if kind in _CHANCE_TYPES else range(4)
    for field in ("player", *_ACTION_FIELDS[kind]):
        value = getattr(action, field)
        span = players if field == "player" else _WRITABLE.get(field, range(len(ids)))
        if type(value) is not int or value not in span:
            raise NotationError(
                f"{shown_action(action)} cannot be written as JSON: {field}={shown(value)}"
            )
    out: JSON = {"type": kind, "player": "chance" if action.player == CHANCE else action.player}
    for field in _ACTION_FIELDS[kind]:
        value = getattr(action, field)
        if field == "tile":
            value = ids[value]
        elif field in ("cell", "origin", "destination"):
            value = CELL_NAMES[value]
        elif field == "piece":
            value = _PIECE_NAMES[value]
        elif field in ("kind", "give", "take"):
            value = TREASURE_NAMES[value]
        out[field] = value
    return out


def action_from_json(value: Any, path: str = "$", rules: Rules | None = None) -> Action:
    """Read an action object written by :func:`action_to_json` (form only: legality
    is :func:`tikalspeed.step`'s job). Tiles, treasures and players are those of
    ``rules`` (default: ``Rules()``).

    >>> action_from_json({"type": "guard", "player": 1, "cell": "b1", "piece": "worker"})
    Guard(player=1, cell=1, piece=0)
    """
    rules = rules or Rules()
    if not isinstance(value, dict):
        raise fail(f"expected an object, not {kind_of(value)}", path)
    fields = read_name(value.get("type"), f"{path}.type", _ACTION_FIELDS, "action type")
    obj = read_object(value, path, ("type", "player", *fields))
    kind = obj["type"]
    if kind in _CHANCE_TYPES:
        if obj["player"] != "chance":
            raise fail(f"a {kind} outcome belongs to chance", f"{path}.player")
        p = CHANCE
    else:
        p = read_player(obj["player"], f"{path}.player", rules.players)
    t = terrain(rules.manifest)
    kinds = TREASURE_NAMES[: rules.manifest.components.treasure_kinds]
    treasures = {k: i for i, k in enumerate(kinds)}
    v: dict[str, Any] = {}
    for field in fields:
        raw, where = obj[field], f"{path}.{field}"
        if field == "tile":
            v[field] = read_tile(raw, where, t)
        elif field in ("cell", "origin", "destination"):
            v[field] = read_cell(raw, where)
        elif field == "piece":
            v[field] = read_name(raw, where, _PIECES, "piece")
        elif field in ("kind", "give", "take"):
            v[field] = read_name(raw, where, treasures, "treasure")
        elif field == "rotation":
            v[field] = read_int(raw, where, 0, 5)
        elif field == "other":
            v[field] = read_player(raw, where, rules.players)
        elif field == "amount":
            v[field] = read_int(raw, where, 0, MAX_BID)
        else:
            v[field] = read_int(raw, where)
    if kind in ("draw", "reveal"):
        cls = DrawTile if kind == "draw" else RevealTile
        return cls(v["tile"], t.tile_ids[v["tile"]])
    if kind == "find":
        return FindTreasure(v["kind"])
    if kind == "take":
        return ChooseTile(p, v["tile"], t.tile_ids[v["tile"]])
    cls_of = {name: cls for cls, name in _ACTION_TYPES.items()}
    action: Action = cls_of[kind](p, **v)
    return action


def record_to_json(record: Record) -> JSON:
    """Return ``record`` as a JSON object; ``start`` is a state object or null."""
    a_record(record, "record_to_json")
    manifest = record.rules.manifest
    return {
        "type": "record",
        "game": "Tikal",
        "format": FORMAT,
        "rules": rules_to_json(record.rules),
        "seed": record.seed,
        "start": None if record.start is None else state_to_json(record.initial_state()),
        "headers": dict(record.headers),
        "actions": [action_to_json(a, manifest) for a in record.actions],
        "result": record.result,
    }


def to_json(obj: State | View | Action | Event | Record) -> JSON:
    """Return the JSON object of a state, a player's view, an action, an event or a
    record (an action's tiles are named by the packaged manifest)."""
    if isinstance(obj, State):
        return state_to_json(obj)
    if isinstance(obj, View):
        return view_to_json(obj)
    if is_event(obj):
        return event_to_json(obj)
    if isinstance(obj, Record):
        return record_to_json(obj)
    return action_to_json(cast(Action, obj))


def dumps(obj: State | View | Action | Event | Record, *, indent: int | None = None) -> str:
    """Return the JSON text of a state, a player's view, an action, an event or a
    record."""
    return json.dumps(to_json(obj), indent=indent, ensure_ascii=False)


def record_from_json(value: Any, path: str = "$", manifest: Manifest | None = None) -> Record:
    """Read a record object written by :func:`record_to_json`, replaying it: an action
    that does not replay fails at its path (``"$.actions[4]"``), naming the clause.
    ``manifest`` resolves a manifest named only by name and version."""
    obj = read_object(
        value,
        path,
        ("type", "actions", "result"),
        ("game", "format", "rules", "seed", "start", "headers"),
    )
    if obj["type"] != "record":
        raise fail(f"expected type 'record', not {shown(obj['type'])}", f"{path}.type")
    for key, expected in (("game", "Tikal"), ("format", FORMAT)):
        if key in obj and obj[key] != expected:
            raise fail(f"expected {expected!r}", f"{path}.{key}")
    start = None
    if obj.get("start") is not None:
        start = state_from_json(obj["start"], f"{path}.start", manifest)
    rules = rules_from_json(obj.get("rules", {}), f"{path}.rules", manifest)
    if start is not None:
        if "rules" in obj and start.rules != rules:
            raise fail("the start position's rules differ", f"{path}.rules")
        rules = start.rules
    seed = obj.get("seed")
    if seed is not None:
        seed = read_int(seed, f"{path}.seed", -MAX_SEED, MAX_SEED)
        if start is not None:
            raise fail("a record has a seed or a start position, not both", f"{path}.seed")
    raw_headers = obj.get("headers", {})
    if not isinstance(raw_headers, dict):
        raise fail(f"expected an object, not {kind_of(raw_headers)}", f"{path}.headers")
    for key, text in raw_headers.items():
        try:
            check_headers(((key, text),))
        except ValueError as e:
            raise fail(str(e), key_path(f"{path}.headers", key)) from None
    where = f"{path}.actions"
    actions = tuple(
        action_from_json(a, f"{where}[{i}]", rules)
        for i, a in enumerate(read_list(obj["actions"], where))
    )
    result = read_name(obj["result"], f"{path}.result", {r: r for r in RESULTS}, "result")
    record = Record(
        rules=rules,
        seed=seed,
        start=start,
        actions=actions,
        result=result,
        headers=tuple(raw_headers.items()),
    )
    final = play(record.initial_state(), actions, lambda i: f"{where}[{i}]")[0][-1]
    reached = result_of(final)
    if reached != result:
        raise fail(f"the record says {result} but the actions give {reached}", f"{path}.result")
    return record


def from_json(value: Any) -> State | View | Action | Event | Record:
    """Read any object written by :func:`to_json`, by its ``"type"``."""
    kind = value.get("type") if isinstance(value, dict) else None
    if kind == "state":
        return state_from_json(value)
    if kind == "view":
        return view_from_json(value)
    if kind == "event":
        return event_from_json(value)
    if kind == "record":
        return record_from_json(value)
    return action_from_json(value)


def loads(text: str | bytes) -> State | View | Action | Event | Record:
    """Read the JSON text of a state, a view, an action, an event or a record; malformed
    JSON raises
    :class:`~tikalspeed.NotationError` at its character offset, as does JSON nested
    deeper than ``bounds.MAX_DEPTH`` or holding a number of more than
    ``bounds.MAX_DIGITS`` digits.

    >>> loads("[" * 200000)
    Traceback (most recent call last):
    ...
    tikalspeed.errors.NotationError: nested deeper than 32 (at 32)
    """
    try:
        value = parse_json(text)
    except JSONTextError as e:
        raise NotationError(e.message, e.offset) from None
    return from_json(value)
