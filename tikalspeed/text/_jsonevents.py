"""Events as JSON, for a client to animate: every field by name, its clause and its text.

An event object is ``{"type": "event", "event": "TileSecured", ...its fields...,
"clause": "SPEED-AUCTION-2", "text": "P3 secures C4; Round Order P1, P3
(SPEED-AUCTION-2)"}``. Cells are named (``"d3"``), treasures by name, players are
indices (``0`` … ``3``), an outcome is the object of a state's ``result``. ``text`` is
``str(event)``, the designer's sentence with its clause (and an action's token);
``words`` the player's (:func:`tikalspeed.text.words.event_words`), in English or the
language asked for; both are checked when read (``words`` in any language there is).

>>> from tikalspeed.model.events import TileSecured
>>> obj = event_to_json(TileSecured(2, "C4", (0, 2)))
>>> obj["event"], obj["round_order"], obj["text"]
('TileSecured', [0, 2], 'P3 secures C4; Round Order P1, P3 (SPEED-AUCTION-2)')
>>> obj["words"], event_to_json(TileSecured(2, "C4", (0, 2)), "de")["words"]
('P3 secures C4; Round Order P1, P3', 'P3 sichert sich C4; Zugreihenfolge P1, P3')
>>> event_from_json(obj) == TileSecured(2, "C4", (0, 2))
True
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from typing import Any

import attrs

from gamekit.i18n import DEFAULT, LANGUAGES

from ..board.hexgrid import CELL_NAMES
from ..bounds import MAX_BID, MAX_SCORE, shown
from ..model.actions import TREASURE_NAMES
from ..model.events import Event, TreasureFound
from ..model.records import MAX_TOKENS, Outcome
from ._jsonread import (
    JSON,
    fail,
    read_bool,
    read_cell,
    read_int,
    read_items,
    read_list,
    read_name,
    read_object,
    read_player,
    read_str,
)
from .words import event_words

__all__ = ["EVENT_TYPES", "event_from_json", "event_to_json", "is_event"]

EVENT_TYPES: dict[str, type] = {cls.__name__: cls for cls in typing.get_args(Event)}
"""Every kind of event, by the name its JSON gives in ``"event"``."""

_CLASSES = tuple(EVENT_TYPES.values())


def is_event(obj: object) -> typing.TypeGuard[Event]:
    """Whether ``obj`` is an event of any kind."""
    return isinstance(obj, _CLASSES)


_PLAYERS = 4
_WORD = re.compile(r"[A-Za-z0-9_.:=-]{1,64}")
_CLAUSE = re.compile(r"(TIKAL|SPEED)-[A-Z]+-[0-9]{1,3}")
_TREASURES = {name: k for k, name in enumerate(TREASURE_NAMES)}


def _word(value: Any, path: str) -> str:
    text = read_str(value, path)
    if not _WORD.fullmatch(text):
        raise fail(
            f"expected a word of at most 64 letters, digits and _.:=-, not {shown(text)}", path
        )
    return text


def _clause(value: Any, path: str) -> str:
    text = read_str(value, path)
    if not _CLAUSE.fullmatch(text):
        raise fail(f"expected a clause id such as 'TIKAL-PLACE-1', not {shown(text)}", path)
    return text


def _number(value: Any, path: str) -> int:
    return read_int(value, path, -MAX_SCORE, MAX_BID)


def _player(value: Any, path: str) -> int:
    return read_player(value, path, _PLAYERS)


def _players(value: Any, path: str) -> tuple[int, ...]:
    if len(read_list(value, path)) > _PLAYERS:
        raise fail(f"expected at most {_PLAYERS} players", path)
    return read_items(value, path, _player)


def _choices(value: Any, path: str) -> tuple[int, ...]:
    if len(read_list(value, path)) > _PLAYERS:
        raise fail(f"expected at most {_PLAYERS} counts", path)
    return read_items(value, path, lambda v, p: read_int(v, p, 0, MAX_TOKENS))


def _outcome_to_json(o: Outcome) -> JSON:
    return {"winner": o.winner, "scores": list(o.scores), "reason": o.reason}


def _outcome(value: Any, path: str) -> Outcome:
    obj = read_object(value, path, ("winner", "scores", "reason"))
    winner = obj["winner"]
    if winner is not None:
        winner = _player(winner, f"{path}.winner")
    scores = read_items(
        obj["scores"], f"{path}.scores", lambda v, p: read_int(v, p, -MAX_SCORE, MAX_SCORE)
    )
    if not 2 <= len(scores) <= _PLAYERS:
        raise fail(f"expected 2 to {_PLAYERS} scores", f"{path}.scores")
    return Outcome(winner, scores, _word(obj["reason"], f"{path}.reason"))


_Codec = tuple[Callable[[Any], Any], Callable[[Any, str], Any]]
_AS_IS: Callable[[Any], Any] = lambda v: v  # noqa: E731
_FIELDS: dict[str, _Codec] = {
    "player": (_AS_IS, _player),
    "cell": (lambda c: CELL_NAMES[c], read_cell),
    "rotation": (_AS_IS, lambda v, p: read_int(v, p, 0, 5)),
    "tile_id": (_AS_IS, _word),
    "kind": (_AS_IS, _word),
    "token": (_AS_IS, _word),
    "leader": (_AS_IS, read_bool),
    "bidders": (list, _players),
    "round_order": (list, _players),
    "order": (list, _players),
    "chosen": (list, _choices),
    "outcome": (_outcome_to_json, _outcome),
    "clause": (_AS_IS, _clause),
    **{
        name: (_AS_IS, _number)
        for name in ("cost", "lost", "points", "temples", "treasures", "price", "amount", "workers")
    },
}
"""How each event field is written and read, by its name."""
_SPECIAL: dict[tuple[type, str], _Codec] = {
    (TreasureFound, "kind"): (
        lambda k: TREASURE_NAMES[k],
        lambda v, p: read_name(v, p, _TREASURES, "treasure"),
    ),
}


def _codec(kind: type, name: str) -> _Codec:
    return _SPECIAL.get((kind, name)) or _FIELDS[name]


def event_to_json(event: Event, lang: str = DEFAULT) -> JSON:
    """The event as a JSON object: its kind, its fields, its clause, its text and its
    ``words`` for a player to read, in ``lang``."""
    kind = type(event)
    out: JSON = {"type": "event", "event": kind.__name__}
    for f in attrs.fields(kind):
        out[f.name] = _codec(kind, f.name)[0](getattr(event, f.name))
    out["text"] = str(event)
    out["words"] = event_words(event, lang)
    return out


def event_from_json(value: Any, path: str = "$") -> Event:
    """Read an event object written by :func:`event_to_json`; every field is checked
    (players 0 to 3, cells and treasures by name, numbers within the input bounds),
    and ``text`` and ``words``, if given, must be the event's."""
    head = read_object(
        value, path, ("type", "event"), tuple(value) if isinstance(value, dict) else ()
    )
    if head["type"] != "event":
        raise fail(f"expected type 'event', not {shown(head['type'])}", f"{path}.type")
    kind = read_name(head["event"], f"{path}.event", EVENT_TYPES, "event")
    names = tuple(f.name for f in attrs.fields(kind))
    obj = read_object(value, path, ("type", "event", *names), ("text", "words"))
    fields = {name: _codec(kind, name)[1](obj[name], f"{path}.{name}") for name in names}
    try:
        event: Event = kind(**fields)
        text = str(event)
    except (ValueError, IndexError, KeyError, TypeError):  # pragma: no cover - fields are checked
        raise fail("not an event any game raises", path) from None
    if "text" in obj and obj["text"] != text:
        raise fail(f"the text of this event is {text!r}", f"{path}.text")
    if "words" in obj and obj["words"] not in (event_words(event, lang) for lang in LANGUAGES):
        raise fail(f"the words of this event are {event_words(event)!r}", f"{path}.words")
    return event
