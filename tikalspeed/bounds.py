"""Input bounds: the largest numbers tikalspeed reads from outside, and why no real
game comes near them.

Every number read from a position string, a record, JSON, a rules text, a manifest, an
action token or the command line is checked against one of these bounds before any
work is done with it, so that no accepted input makes one call cost more than a real
game ever needs (a bid check, a list of bids, a big-number conversion). Each bound is
far above what a game can hold; ``specs/tikal.md`` ("Input bounds") lists them.

>>> MAX_SCORING_POINTS, MAX_SCORINGS * MAX_SCORING_POINTS + MAX_AUCTION_SCORE <= MAX_SCORE
(218, True)
>>> shown(10**5000), shown([[[[[1]]]]]), shown("d3")
('<a 16610-bit number>', '[[[[[...]]]]]', "'d3'")
"""

from __future__ import annotations

import reprlib
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
    "shown",
    "shown_action",
]

MAX_SCORING_POINTS = 17 * 10 + 8 * 6
"""The most points one player can score in one scoring (TIKAL-SCORE-3): 218.

There are 17 temples (15 tiles and the 2 printed ones, TIKAL-TILE-1, TIKAL-BOARD-3),
none worth more than 10 (TIKAL-UNCOVER-2), and 8 kinds of treasure, a full set of 3
worth 6. Every state tikalspeed accepts keeps these limits, so no scoring, real or
not, gives more."""

MAX_SCORINGS = 4
"""The most times a player scores in a game: once per volcano (3, TIKAL-TILE-1;
TIKAL-SCORE-1, SPEED-SCORE-1) and once at the end (TIKAL-END-1, SPEED-END-1)."""

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
