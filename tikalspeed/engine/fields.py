"""TIKAL-TURN-4's malformed actions: every whole-number field of an action in its range
(a cell of the 40, a kind of the 8 treasures, a player of the game, a tile of its tile
mix, …), checked before the action is asked whether it is legal, so that a refusal
names the field that broke.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs

from ..bounds import MAX_BID, shown
from ..model.records import MAX_TOKENS
from ..model.state import State
from .work import given

__all__ = ["malformed"]

# the range of each action field, as a function of the number of players and of tiles
_RANGES: dict[str, Callable[[int, int], range]] = {
    "piece": lambda n, t: range(2),
    "cell": lambda n, t: range(40),
    "origin": lambda n, t: range(40),
    "destination": lambda n, t: range(40),
    "kind": lambda n, t: range(8),
    "give": lambda n, t: range(8),
    "take": lambda n, t: range(8),
    "other": lambda n, t: range(n),
    "tile": lambda n, t: range(t),  # the tiles of the mix, 36 for the published one
    "amount": lambda n, t: range(MAX_BID + 1),
    "count": lambda n, t: range(1, MAX_TOKENS + 1),
}


def malformed(state: State, action: object) -> str | None:
    """Why a field of ``action`` is not a whole number in its range, if one is not."""
    rules = state.rules
    n, tiles = rules.players, len(rules.manifest.tiles)
    kind: Any = type(action)
    for name, span in _checked_fields(kind):
        value = given(action, name)
        if type(value) is not int or value not in span(n, tiles):
            return f"{name}={shown(value)}"
    return None


@functools.cache
def _checked_fields(kind: type) -> tuple[tuple[str, Callable[[int, int], range]], ...]:
    """The fields of an action class that :func:`malformed` checks, with their ranges."""
    if not attrs.has(kind):
        return ()
    return tuple((f.name, _RANGES[f.name]) for f in attrs.fields(kind) if f.name in _RANGES)
