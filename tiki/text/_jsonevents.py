"""Events as JSON, for a client to animate: every field by name, its clause and its text.

The same shape as ``tikalspeed``'s: ``{"type": "event", "event": "TotemMoved",
...its fields..., "clause": "TIKI-MOVE-2", "text": "..."}``. Villages and edges are
named (``"b2"``, ``"a1b1"``), players are their seats, ``0`` (x) and ``1`` (o), as
in ``tikalspeed`` (``"x"`` and ``"o"`` of files written before issue 20 are still
read), an outcome is ``{"winner": 0 or null, "scores": [x, o], "reason": ...}``.
``text`` is ``str(event)``, the designer's sentence with its clause; ``words`` the
player's (:func:`tiki.text.words.event_words`), in English or the language asked
for; both are checked when read (``words`` may be in any language there is).

>>> from tiki.model.events import TotemCreated
>>> obj = event_to_json(TotemCreated(0, 4))
>>> obj["event"], obj["player"], obj["village"], obj["text"]
('TotemCreated', 0, 'b2', 'x creates a totem on b2 (TIKI-CREATE-1)')
>>> obj["words"], obj["clause"], event_to_json(TotemCreated(0, 4), "de")["words"]
('x creates a totem at b2', 'TIKI-CREATE-1', 'x errichtet ein Totem auf b2')
>>> event_from_json(obj) == TotemCreated(0, 4)
True
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from typing import Any

import attrs

from gamekit.i18n import DEFAULT, LANGUAGES

from ..board.island import EDGE_NAMES, VILLAGE_NAMES
from ..errors import shown
from ..model.events import Event
from ..model.rules import NUMBER_LIMIT
from ..model.state import FRUITS, Outcome
from ._jsonread import (
    JSON,
    fail,
    read_bool,
    read_edge,
    read_int,
    read_list,
    read_name,
    read_object,
    read_player,
    read_village,
)
from ._jsonstate import player_json
from .words import event_words

__all__ = ["EVENT_TYPES", "event_from_json", "event_to_json", "is_event"]

EVENT_TYPES: dict[str, type] = {cls.__name__: cls for cls in typing.get_args(Event)}
"""Every kind of event, by the name its JSON gives in ``"event"``."""
_CLASSES = tuple(EVENT_TYPES.values())
_CLAUSE = re.compile(r"TIKI-[A-Z]+-[0-9]{1,3}")
_REASON = re.compile(r"[a-z-]{1,32}")


def is_event(obj: object) -> typing.TypeGuard[Event]:
    """Whether ``obj`` is an event of any kind."""
    return isinstance(obj, _CLASSES)


def _items(value: Any, path: str, most: int, read: Callable[[Any, str], int]) -> tuple[int, ...]:
    items = read_list(value, path)
    if len(items) > most:
        raise fail(f"expected at most {most} entries", path)
    return tuple(read(v, f"{path}[{i}]") for i, v in enumerate(items))


def _clause(value: Any, path: str) -> str:
    if not isinstance(value, str) or not _CLAUSE.fullmatch(value):
        raise fail(f"expected a clause id such as 'TIKI-MOVE-2', not {shown(value)}", path)
    return value


def _edge_or_none(value: Any, path: str) -> int | None:
    return None if value is None else read_edge(value, path)


def _outcome_to_json(o: Outcome) -> JSON:
    winner = None if o.winner is None else player_json(o.winner)
    return {"winner": winner, "scores": list(o.scores), "reason": o.reason}


def _outcome(value: Any, path: str) -> Outcome:
    obj = read_object(value, path, ("winner", "scores", "reason"))
    winner = None if obj["winner"] is None else read_player(obj["winner"], f"{path}.winner")
    scores = _items(obj["scores"], f"{path}.scores", 2, lambda v, p: read_int(v, p, 0, FRUITS))
    if len(scores) != 2:
        raise fail("expected 2 scores, x's and o's", f"{path}.scores")
    reason = obj["reason"]
    if not isinstance(reason, str) or not _REASON.fullmatch(reason):
        raise fail(
            f"expected a reason such as 'four-fruits', not {shown(reason)}", f"{path}.reason"
        )
    return Outcome(winner, (scores[0], scores[1]), reason)


_Codec = tuple[Callable[[Any], Any], Callable[[Any, str], Any]]
_AS_IS: Callable[[Any], Any] = lambda v: v  # noqa: E731
_PLAYER: _Codec = (player_json, read_player)
_FIELDS: dict[str, _Codec] = {
    "player": _PLAYER,
    "owner": _PLAYER,
    "beneficiary": _PLAYER,
    "village": (lambda v: VILLAGE_NAMES[v], read_village),
    "path": (lambda p: [VILLAGE_NAMES[v] for v in p], lambda v, p: _items(v, p, 9, read_village)),
    "owners": (lambda o: [player_json(p) for p in o], lambda v, p: _items(v, p, 3, read_player)),
    "tiles": (list, lambda v, p: _items(v, p, 9, lambda x, q: read_int(x, q, -9, 9))),
    "edge": (lambda e: None if e is None else EDGE_NAMES[e], _edge_or_none),
    "height": (_AS_IS, lambda v, p: read_int(v, p, 0, 9)),
    "value": (_AS_IS, lambda v, p: read_int(v, p, -9, 9)),
    "count": (_AS_IS, lambda v, p: read_int(v, p, 0, NUMBER_LIMIT)),
    "from_reserve": (_AS_IS, read_bool),
    "outcome": (_outcome_to_json, _outcome),
    "clause": (_AS_IS, _clause),
}
"""How each event field is written and read, by its name."""


def event_to_json(event: Event, lang: str = DEFAULT) -> JSON:
    """The event as a JSON object: its kind, its fields, its clause, its text and its
    ``words`` for a player to read, in ``lang``."""
    kind = type(event)
    out: JSON = {"type": "event", "event": kind.__name__}
    for f in attrs.fields(kind):
        out[f.name] = _FIELDS[f.name][0](getattr(event, f.name))
    out["text"] = str(event)
    out["words"] = event_words(event, lang)
    return out


def event_from_json(value: Any, path: str = "$") -> Event:
    """Read an event object written by :func:`event_to_json`; every field is checked,
    and ``text`` and ``words``, if given, must be the event's."""
    every = tuple(value) if isinstance(value, dict) else ()
    head = read_object(value, path, ("type", "event"), every)
    if head["type"] != "event":
        raise fail(f"expected type 'event', not {shown(head['type'])}", f"{path}.type")
    kind = read_name(head["event"], f"{path}.event", EVENT_TYPES, "event")
    names = tuple(f.name for f in attrs.fields(kind))
    obj = read_object(value, path, ("type", "event", *names), ("text", "words"))
    event: Event = kind(**{n: _FIELDS[n][1](obj[n], f"{path}.{n}") for n in names})
    text = str(event)
    if "text" in obj and obj["text"] != text:
        raise fail(f"the text of this event is {text!r}", f"{path}.text")
    if "words" in obj and obj["words"] not in (event_words(event, lang) for lang in LANGUAGES):
        raise fail(f"the words of this event are {event_words(event)!r}", f"{path}.words")
    return event
