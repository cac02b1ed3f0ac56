"""JSON for states, actions and records, for front ends in other languages.

Every function returns or reads plain JSON values (``dict``, ``list``, ``str``,
``int``, ``bool``, ``None``); every object carries a ``"type"``. Villages are named
(``"b2"``), players are their seats, ``0`` for x and ``1`` for o, as in
``tikalspeed`` (``"chance"`` for chance; ``"x"`` and ``"o"``, which files written before
issue 20 hold, are still read), edges are named by their villages (``"a1b1"``).
``docs/tiki-notation.md`` lists every field. Reading checks everything and raises
:class:`~tiki.NotationError` whose ``position`` is a JSON path such as
``"$.stacks.b2"``.

>>> from tiki import new_game, Create, X, B2
>>> action_to_json(Create(X, B2))
{'type': 'create', 'player': 0, 'village': 'b2'}
>>> s = new_game(seed=7)
>>> state_from_json(state_to_json(s)) == s
True
>>> loads(dumps(s)) == s
True
"""

from __future__ import annotations

import json
from typing import Any, cast

from ..board.island import EDGE_NAMES, VILLAGE_NAMES
from ..errors import NotationError, shown
from ..model.actions import (
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
    well_formed,
)
from ..model.events import Event
from ..model.rules import NUMBER_LIMIT
from ..model.state import CHANCE, State
from ..model.view import View
from ._jsonevents import event_from_json, event_to_json, is_event
from ._jsonread import (
    JSON,
    by_village,
    fail,
    kind_of,
    read_actor,
    read_edge,
    read_int,
    read_list,
    read_name,
    read_object,
    read_player,
    read_village,
)
from ._jsonstate import (
    player_json,
    rules_from_json,
    rules_to_json,
    state_from_json,
    state_to_json,
)
from .record import FORMAT, RESULTS, Record, _check_headers, _play, a_record
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

# --------------------------------------------------------------------------- writing


_ACTION_TYPES: dict[type, str] = {
    Create: "create",
    Move: "move",
    Order: "order",
    PlaceShaman: "place-shaman",
    MoveShaman: "move-shaman",
    KeepShaman: "keep-shaman",
    Pass: "pass",
    Layout: "layout",
    FirstPlayer: "first-player",
}


def action_to_json(action: Action) -> JSON:
    """Return ``action`` as a JSON object: ``type``, ``player`` and its own fields.

    >>> from tiki import Move, A1, B1, Layout, X
    >>> action_to_json(Move(X, (A1, B1)))
    {'type': 'move', 'player': 0, 'path': ['a1', 'b1']}
    >>> action_to_json(Layout((1, 2, 0, 1, 1, -1, 1, 0, 1)))["tiles"]["b1"]
    2
    """
    kind = _ACTION_TYPES.get(type(action))
    if kind is None:
        raise TypeError(f"not a Tiki action: {shown(action)}")
    if not well_formed(action):  # e.g. Create(X, 99): no JSON names village 99
        raise NotationError(f"cannot write a malformed action: {action!r}")
    out: JSON = {"type": kind, "player": player_json(action.player)}
    if isinstance(action, (Create, Order)):
        out["village"] = VILLAGE_NAMES[action.village]
    elif isinstance(action, Move):
        out["path"] = [VILLAGE_NAMES[v] for v in action.path]
    elif isinstance(action, (PlaceShaman, MoveShaman)):
        out["edge"] = EDGE_NAMES[action.edge]
    elif isinstance(action, Layout):
        out["tiles"] = {VILLAGE_NAMES[v]: t for v, t in enumerate(action.tiles)}
    elif isinstance(action, FirstPlayer):
        out["first"] = action.first
    return out


def record_to_json(record: Record) -> JSON:
    """Return ``record`` as a JSON object; ``start`` is a state object or null."""
    a_record(record, "record_to_json")
    return {
        "type": "record",
        "game": "Tiki",
        "format": FORMAT,
        "rules": rules_to_json(record.rules),
        "seed": record.seed,
        "start": None if record.start is None else state_to_json(record.initial_state()),
        "headers": dict(record.headers),
        "actions": [action_to_json(a) for a in record.actions],
        "result": record.result,
    }


def to_json(obj: State | View | Action | Event | Record) -> JSON:
    """Return the JSON object of a state, a player's view, an action, an event or a
    record."""
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


# --------------------------------------------------------------------------- reading


_ACTION_FIELDS = {
    "create": ("village",),
    "order": ("village",),
    "move": ("path",),
    "place-shaman": ("edge",),
    "move-shaman": ("edge",),
    "keep-shaman": (),
    "pass": (),
    "layout": ("tiles",),
    "first-player": ("first",),
}


def action_from_json(value: Any, path: str = "$") -> Action:
    """Read an action object written by :func:`action_to_json` (form only: legality
    is :func:`tiki.step`'s job).

    >>> action_from_json({"type": "order", "player": 1, "village": "c2"})
    Order(player=O, village=C2)
    >>> action_from_json({"type": "order", "player": "o", "village": "c2"})  # before issue 20
    Order(player=O, village=C2)
    """
    if not isinstance(value, dict):
        raise fail(f"expected an object, not {kind_of(value)}", path)
    fields = read_name(value.get("type"), f"{path}.type", _ACTION_FIELDS, "action type")
    obj = read_object(value, path, ("type", "player", *fields))
    kind = obj["type"]
    p = read_actor(obj["player"], f"{path}.player", CHANCE)
    if kind == "create":
        return Create(p, read_village(obj["village"], f"{path}.village"))
    if kind == "order":
        return Order(p, read_village(obj["village"], f"{path}.village"))
    if kind == "move":
        where = f"{path}.path"
        villages = read_list(obj["path"], where)
        if not villages:  # TIKI-MOVE-3: a path starts at the totem's village
            raise fail("a path names at least the village it starts from", where)
        return Move(p, tuple(read_village(v, f"{where}[{i}]") for i, v in enumerate(villages)))
    if kind == "place-shaman":
        return PlaceShaman(p, read_edge(obj["edge"], f"{path}.edge"))
    if kind == "move-shaman":
        return MoveShaman(p, read_edge(obj["edge"], f"{path}.edge"))
    if kind == "keep-shaman":
        return KeepShaman(p)
    if kind == "pass":
        return Pass(p)
    if kind == "layout":
        # TIKI-SETUP-2: a layout shows tile values only
        tiles = by_village(obj["tiles"], f"{path}.tiles", lambda v, q: read_int(v, q, -1, 2))
        return Layout(tiles, p)
    return FirstPlayer(read_player(obj["first"], f"{path}.first"), p)


def record_from_json(value: Any, path: str = "$") -> Record:
    """Read a record object written by :func:`record_to_json`, replaying it: an action
    that does not replay fails at its path (``"$.actions[4]"``), naming the clause."""
    obj = read_object(
        value,
        path,
        ("type", "actions", "result"),
        ("game", "format", "rules", "seed", "start", "headers"),
    )
    if obj["type"] != "record":
        raise fail(f"expected type 'record', not {shown(obj['type'])}", f"{path}.type")
    for key, expected in (("game", "Tiki"), ("format", FORMAT)):
        if key in obj and obj[key] != expected:
            raise fail(f"expected {expected!r}", f"{path}.{key}")
    start = None
    if obj.get("start") is not None:
        start = state_from_json(obj["start"], f"{path}.start")
    rules = rules_from_json(obj.get("rules", {}), f"{path}.rules")
    if start is not None and "rules" in obj and start.rules != rules:
        raise fail("the start position's rules differ", f"{path}.rules")
    seed = obj.get("seed")
    if seed is not None:
        seed = read_int(seed, f"{path}.seed", -NUMBER_LIMIT, NUMBER_LIMIT)
        if start is not None:
            raise fail("a record has a seed or a start position, not both", f"{path}.seed")
    raw_headers = obj.get("headers", {})
    if not isinstance(raw_headers, dict):
        raise fail(f"expected an object, not {kind_of(raw_headers)}", f"{path}.headers")
    for key, text in raw_headers.items():
        try:
            _check_headers(((key, text),))
        except ValueError as e:
            name = key if type(key) is str else shown(key)
            raise fail(str(e), f"{path}.headers.{name}") from None
    where = f"{path}.actions"
    actions = tuple(
        action_from_json(a, f"{where}[{i}]") for i, a in enumerate(read_list(obj["actions"], where))
    )
    result = read_name(obj["result"], f"{path}.result", {r: r for r in RESULTS}, "result")
    try:
        record = Record(
            rules=rules if start is None else start.rules,
            seed=seed,
            start=start,
            actions=actions,
            result=result,
            headers=tuple(raw_headers.items()),
        )
    except ValueError as e:  # every field was checked above: a safety net
        raise fail(str(e), path) from None
    final = _play(record.initial_state(), actions, lambda i: f"{where}[{i}]")[-1].result
    reached = "*" if final is None else final.result()
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
    :class:`~tiki.NotationError` at its character offset."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise NotationError(f"not JSON: {e.msg}", e.pos) from None
    except (TypeError, UnicodeDecodeError) as e:
        raise NotationError(f"not JSON: {e}") from None
    except RecursionError:
        raise NotationError("not JSON a reader takes: arrays or objects nested too deep") from None
    except ValueError:  # Python refuses to convert a number of more than 4,300 digits
        raise NotationError("not JSON a reader takes: a number with too many digits") from None
    return from_json(value)
