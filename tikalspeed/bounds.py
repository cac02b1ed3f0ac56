"""Input bounds: the largest numbers tikalspeed reads from outside, why no real game
comes near them, and reading JSON text within them (:func:`parse_json`).

Every number read from a position string, a record, JSON, a rules text, a manifest, an
action token or the command line is checked against one of these bounds before any
work is done with it, so that no accepted input makes one call cost more than a real
game ever needs (a bid check, a list of bids, a big-number conversion). Each bound is
far above what a game can hold; ``specs/tikal.md`` ("Input bounds") lists them.

>>> MAX_SCORING_POINTS, MAX_SCORINGS * MAX_SCORING_POINTS + MAX_AUCTION_SCORE <= MAX_SCORE
(218, True)
>>> scoring_points(15) == MAX_SCORING_POINTS, scoring_points(12)
(True, 188)
>>> shown(10**5000), shown([[[[[1]]]]]), shown("d3")
('<a 16610-bit number>', '[[[[[...]]]]]', "'d3'")
"""

from __future__ import annotations

import json
import re
import reprlib
from collections.abc import Callable
from typing import Any

import attrs

__all__ = [
    "MAX_AUCTION_SCORE",
    "MAX_BID",
    "MAX_COUNT",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_SCORE",
    "MAX_SCORINGS",
    "MAX_SCORING_POINTS",
    "MAX_SEED",
    "MAX_VERSION",
    "JSONTextError",
    "parse_json",
    "scoring_points",
    "shown",
    "shown_action",
]


def scoring_points(temple_tiles: int) -> int:
    """The most points one player can score in one scoring (TIKAL-SCORE-3) in a game
    with ``temple_tiles`` temple tiles (``Rules.tile_mix``, TIKAL-TILE-8): 10 for each
    temple, the 2 printed ones included (none is worth more, TIKAL-UNCOVER-2), and 6 for
    each of the 8 kinds of treasure (a full set of 3)."""
    return (temple_tiles + 2) * 10 + 8 * 6


MAX_SCORING_POINTS = scoring_points(15)
"""The most points one player can score in one scoring (TIKAL-SCORE-3) with the
published tiles: 218.

There are 17 temples (15 tiles and the 2 printed ones, TIKAL-TILE-1, TIKAL-BOARD-3),
none worth more than 10 (TIKAL-UNCOVER-2), and 8 kinds of treasure, a full set of 3
worth 6. Every state tikalspeed accepts keeps these limits, so no scoring, real or
not, gives more. Another tile mix has its own bound, :func:`scoring_points` of its
temples (TIKAL-TILE-8)."""

MAX_SCORINGS = 4
"""The most times a player scores in a game with the published tiles: once per volcano
(3, TIKAL-TILE-1; TIKAL-SCORE-1, SPEED-SCORE-1) and once at the end (TIKAL-END-1,
SPEED-END-1). Another tile mix scores at most once per volcano and once more
(TIKAL-TILE-8)."""

MAX_AUCTION_SCORE = 99
"""The largest ``Rules.auction_score`` (TIKAL-AUCTION-1, SPEED-AUCTION-1): the box's
start is 20, and a house rule above 99 would make the auctions meaningless. It keeps
a game's scores inside :data:`MAX_SCORE`: 99 + 4 × 218 = 971."""

MAX_SCORE = 999
"""The bound of every score: from ``-MAX_SCORE`` to ``MAX_SCORE``.

A game adds at most ``MAX_SCORINGS * MAX_SCORING_POINTS`` = 872 points to a start of
at most :data:`MAX_AUCTION_SCORE` (971 in all, a bound no real game comes near: real
scores end around 100 to 250). Under ``Rules(max_bid='any')`` a bid may take the
bidder's score below 0, but never below ``-MAX_SCORE`` (TIKAL-AUCTION-3). A position
is read only if its scores stay inside the bound whatever happens later: a score
plus 218 points for each scoring still to come must not pass ``MAX_SCORE``."""

MAX_BID = 2 * MAX_SCORE
"""The largest bid any state allows (1998): a score is at most ``MAX_SCORE`` and may
fall to ``-MAX_SCORE`` (TIKAL-AUCTION-3). Larger amounts are refused where read."""

MAX_COUNT = 999
"""The largest count read anywhere else (pieces, level tiles, treasures, action points,
tokens, turn numbers of a record): no count in a game exceeds 48 (the level tiles,
TIKAL-COMP-3), and a game has fewer than 100 numbered turns."""

MAX_SEED = 2**128 - 1
"""The largest seed of a record (its sign aside): any seed a tool makes (128 random
bits, a UUID) fits."""

MAX_VERSION = 9999
"""The largest manifest version: a data revision is counted from 1 (TIKAL-TILE-7)."""

MAX_DIGITS = len(str(MAX_SEED))
"""The most digits of any number read (39): longer digit strings are refused before
they are converted (Python refuses more than 4300 anyway)."""

MAX_DEPTH = 32
"""The deepest nesting of JSON text that is read: tikalspeed's own JSON nests at most
5 levels (a manifest inside the rules of a record's start state)."""


class _Repr(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<a {x.bit_length()}-bit number>"
        return repr(x)


_REPR = _Repr()
_REPR.maxlevel = 4
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 12


def shown(value: Any) -> str:
    """A short repr of ``value`` for an error message: bounded in depth and length, and
    safe for a number too big to print (Python refuses ints of more than 4300 digits)."""
    if type(value) is int:
        return _REPR.repr_int(value, 0)
    try:
        return _REPR.repr(value)
    except Exception:  # an object whose repr fails
        return f"<{type(value).__name__}>"


def shown_action(action: object) -> str:
    """Like :func:`shown`, for an action object whose fields may be anything
    (``ChooseTokens(player=0, count=True)``)."""
    kind = type(action)
    if not attrs.has(kind):
        return shown(action)
    parts = [f"{f.name}={shown(getattr(action, f.name, None))}" for f in attrs.fields(kind)]
    return f"{kind.__name__}({', '.join(parts)})"


# --------------------------------------------------------------------------- JSON text
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[{]|[\]}]')
_LONG_INT = re.compile(rf'"(?:[^"\\]|\\.)*"|-?[0-9]{{{MAX_DIGITS + 1},}}')


class JSONTextError(Exception):
    """JSON text that cannot be read: ``message`` and the character ``offset`` (or
    ``None``)."""

    def __init__(self, message: str, offset: int | None) -> None:
        super().__init__(message if offset is None else f"{message} (at {offset})")
        self.message = message
        self.offset = offset


class _LongNumber(Exception):
    pass


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _LongNumber
    return int(digits)


def _too_deep(text: str) -> int | None:
    """The offset of the first bracket nested deeper than ``MAX_DEPTH``, if any."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    depth = 0
    for m in _BRACKETS.finditer(text):
        c = m.group()
        if c == "[" or c == "{":
            depth += 1
            if depth > MAX_DEPTH:
                return m.start()
        elif c == "]" or c == "}":
            depth -= 1
    return None


def _long_number_at(text: str) -> int | None:
    for m in _LONG_INT.finditer(text):
        if not m.group().startswith('"'):
            return m.start()
    return None


def parse_json(
    text: str | bytes | bytearray,
    object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
    parse_constant: Callable[[str], Any] | None = None,
) -> Any:
    """Parse JSON text (``bytes`` in any encoding ``json`` detects) within the bounds;
    raise :class:`JSONTextError` for text that is not JSON or is out of bounds. Other
    hooks of :func:`json.loads` (``object_pairs_hook``, ``parse_constant``) may be given;
    their own exceptions pass through.

    >>> parse_json("[" * 100)
    Traceback (most recent call last):
    ...
    tikalspeed.bounds.JSONTextError: nested deeper than 32 (at 32)
    >>> parse_json('{"seed": ' + "9" * 50 + "}")
    Traceback (most recent call last):
    ...
    tikalspeed.bounds.JSONTextError: a number of more than 39 digits (at 9)
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
        except UnicodeDecodeError as e:
            raise JSONTextError(f"not JSON: {e.reason}", e.start) from None
    if not isinstance(text, str):
        raise JSONTextError(f"JSON text is a str or bytes, not {type(text).__name__}", None)
    at = _too_deep(text)
    if at is not None:
        raise JSONTextError(f"nested deeper than {MAX_DEPTH}", at)
    try:
        return json.loads(
            text,
            parse_int=_int,
            object_pairs_hook=object_pairs_hook,
            parse_constant=parse_constant,
        )
    except json.JSONDecodeError as e:
        raise JSONTextError(f"not JSON: {e.msg}", e.pos) from None
    except _LongNumber:
        raise JSONTextError(
            f"a number of more than {MAX_DIGITS} digits", _long_number_at(text)
        ) from None
    except RecursionError:  # not reached within MAX_DEPTH; kept as a last guard
        raise JSONTextError("nested too deeply", None) from None
