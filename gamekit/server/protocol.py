"""The envelope: every message between the server and a client, and how a client's
message is read.

Every message is one JSON object with a ``type``. The server's messages carry the
game's sequence number ``seq`` (how many transitions are stored) and ``for``, whom
they are for (a seat number, or ``null`` for a spectator). A client's action names
the ``seq`` of the update it answers; ``docs/server.md`` goes through them one by
one, and ``docs/schema/server.schema.json`` says each field.

A client's message is read with bounds before anything else: at most
:data:`MAX_MESSAGE` bytes, nested at most :data:`MAX_DEPTH` deep, an object of known
fields of the right types. What breaks a bound is a :class:`ProtocolError` with a
:data:`ERROR_CODES` code and a message naming where it broke; the server sends it
back in an ``error`` envelope and never a stack trace.

>>> read_message('{"type": "action", "seq": 4, "token": "+b2"}')
{'type': 'action', 'seq': 4, 'token': '+b2'}
>>> read_message('{"type": "action", "seq": "4", "token": "+b2"}')
Traceback (most recent call last):
...
gamekit.server.protocol.ProtocolError: malformed: $.seq: expected a whole number, not '4'
>>> read_message('[' * 100)
Traceback (most recent call last):
...
gamekit.server.protocol.ProtocolError: too-deep: the message nests deeper than 8 at byte 8
"""

from __future__ import annotations

import json
import reprlib
from typing import Any

import orjson

__all__ = [
    "ERROR_CODES",
    "MAX_DEPTH",
    "MAX_FRAME",
    "MAX_LANG",
    "MAX_MESSAGE",
    "ProtocolError",
    "Unavailable",
    "check_depth",
    "envelope",
    "read_message",
    "written",
]

MAX_MESSAGE = 16 * 1024
"""The most bytes a client's message may have: a longer one is refused ``too-large``
and the connection goes on."""
MAX_FRAME = 4 * MAX_MESSAGE
"""The most bytes of a frame the server reads at all: a longer one closes the
connection (WebSocket code 1009, "message too big"), as a flood."""
MAX_DEPTH = 8
"""The deepest a client's message may nest (an action's JSON is 2 deep)."""
MAX_REF = 64
"""The longest ``ref`` (the client's own label, echoed in the answer)."""

ERROR_CODES = (
    "malformed",  # not JSON, or not a message of the protocol
    "too-large",  # over MAX_MESSAGE bytes
    "too-deep",  # nested deeper than MAX_DEPTH
    "too-fast",  # over the rate the server allows a connection
    "unauthorized",  # no such game, or a token that is neither a seat's nor its spectators'
    "spectator",  # a spectator may watch, not act
    "not-your-turn",  # the seat has no decision open
    "stale",  # the action answers a decision that has moved on
    "illegal",  # not one of the actions the seat was offered
    "over",  # the game has ended
    "busy",  # another action for this seat was stored first
    "too-many",  # too many connections from this address at once
    "unavailable",  # the games' store is not answering: try again in `retry` seconds
    "full",  # the server holds as many games as it may: try again in `retry` seconds
)
"""The codes of an ``error`` envelope's ``error.code``."""

MAX_LANG = 35
"""The longest ``lang`` a ``join`` may name (a language tag, ``de`` or ``de-CH``)."""

_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "join": {"token": (str,), "watch": (bool,), "lang": (str,), "ref": (str, int)},
    "action": {"seq": (int,), "token": (str,), "action": (dict,), "ref": (str, int)},
    "resign": {"seq": (int,), "ref": (str, int)},
    "picture": {"ref": (str, int)},
    "replay": {"at": (int,), "ref": (str, int)},
    "ping": {"ref": (str, int)},
}
_REQUIRED = {"action": ("seq",), "resign": ("seq",), "replay": ("at",)}


class ProtocolError(ValueError):
    """A client's message the server will not take: ``code`` (one of
    :data:`ERROR_CODES`) and a message that says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class Unavailable(ProtocolError):
    """Nothing was done, but may be later: try again in :attr:`retry` seconds. The
    games' store is not answering (``unavailable``, nothing was stored), or, with
    ``code`` ``'full'``, the server holds as many games as it may."""

    def __init__(self, retry: float, code: str = "unavailable", message: str = "") -> None:
        super().__init__(code, message or "the games' store is not answering: nothing was "
                         f"stored; try again in {retry:g} s")  # fmt: skip
        self.retry = retry
        """Seconds after which to try again."""


def envelope(kind: str, seq: int, seat: int | None, **fields: Any) -> dict[str, Any]:
    """A server message: ``{"type": kind, "seq": seq, "for": seat, ...fields}``.

    >>> envelope("ack", 12, 0, ref="a")
    {'type': 'ack', 'seq': 12, 'for': 0, 'ref': 'a'}
    """
    return {"type": kind, "seq": seq, "for": seat, **fields}


def written(msg: dict[str, Any]) -> str:
    """A server message as the text sent: compact JSON, written by orjson (a server
    writes a message to every seat and spectator of a game each action, a few
    kilobytes each: the standard library's encoder took a fifth of an action's CPU).

    >>> written(envelope("ack", 12, 0, ref="a"))
    '{"type":"ack","seq":12,"for":0,"ref":"a"}'
    """
    return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()


def check_depth(text: str) -> None:
    """Refuse JSON ``text`` nested deeper than :data:`MAX_DEPTH` (``too-deep``), by
    counting brackets outside strings, before any parser recurses into it."""
    depth = 0
    in_string = escaped = False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ProtocolError(
                    "too-deep", f"the message nests deeper than {MAX_DEPTH} at byte {i}"
                )
        elif ch in "]}":
            depth -= 1


def _shown(value: Any) -> str:
    return reprlib.repr(value)


def read_message(text: str | bytes) -> dict[str, Any]:
    """A client's message, read within bounds and checked field by field."""
    if isinstance(text, bytes):
        if len(text) > MAX_MESSAGE:
            raise ProtocolError("too-large", f"{len(text)} bytes, over {MAX_MESSAGE}")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ProtocolError("malformed", f"not UTF-8 at byte {e.start}") from None
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise ProtocolError("too-large", f"over {MAX_MESSAGE} bytes")
    check_depth(text)
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise ProtocolError("malformed", f"not JSON: {e}") from None
    if not isinstance(obj, dict):
        raise ProtocolError("malformed", f"$: expected an object, not {_shown(obj)}")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        known = ", ".join(_FIELDS)
        raise ProtocolError("malformed", f"$.type: expected one of {known}, not {_shown(kind)}")
    fields = _FIELDS[kind]
    for name, value in obj.items():
        if name == "type":
            continue
        if name not in fields:
            raise ProtocolError("malformed", f"$.{_shown(name)}: no such field in {kind!r}")
        types = fields[name]
        if isinstance(value, bool) != (types == (bool,)) or not isinstance(value, types):
            what = "a whole number" if types == (int,) else "/".join(t.__name__ for t in types)
            raise ProtocolError("malformed", f"$.{name}: expected {what}, not {_shown(value)}")
        if isinstance(value, int) and not 0 <= value < 2**53:
            raise ProtocolError("malformed", f"$.{name}: {_shown(value)} is out of range")
        if isinstance(value, str) and name in ("ref",) and len(value) > MAX_REF:
            raise ProtocolError("malformed", f"$.{name}: longer than {MAX_REF} characters")
        if isinstance(value, str) and name == "lang" and len(value) > MAX_LANG:
            raise ProtocolError("malformed", f"$.{name}: longer than {MAX_LANG} characters")
    for name in _REQUIRED.get(kind, ()):
        if name not in obj:
            raise ProtocolError("malformed", f"$.{name}: missing from {kind!r}")
    if kind == "action" and ("token" in obj) == ("action" in obj):
        raise ProtocolError("malformed", "$: an action names either 'token' or 'action'")
    if kind == "join" and ("token" in obj) == (obj.get("watch") is True):
        raise ProtocolError("malformed", "$: a join names a 'token', or watches ('watch': true)")
    return obj
