"""TIKAL-TURN-4's malformed actions: every whole-number field of an action in its range
(a cell of the 40, a kind of the 8 treasures, a player of the game, …), checked before
the action is asked whether it is legal, so that a refusal names the field that broke.
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

# the range of each action field, as a function of the number of players
_RANGES: dict[str, Callable[[int], range]] = {
    "piece": lambda n: range(2),
    "cell": lambda n: range(40),
    "origin": lambda n: range(40),
    "destination": lambda n: range(40),
    "kind": lambda n: range(8),
    "give": lambda n: range(8),
    "take": lambda n: range(8),
    "other": lambda n: range(n),
    "tile": lambda n: range(36),
    "amount": lambda n: range(MAX_BID + 1),
    "count": lambda n: range(1, MAX_TOKENS + 1),
}


def malformed(state: State, action: object) -> str | None:
    """Why a field of ``action`` is not a whole number in its range, if one is not."""
    n = state.rules.players
    kind: Any = type(action)
    for name, span in _checked_fields(kind):
        value = given(action, name)
        if type(value) is not int or value not in span(n):
            return f"{name}={shown(value)}"
    return None


@functools.cache
def _checked_fields(kind: type) -> tuple[tuple[str, Callable[[int], range]], ...]:
    """The fields of an action class that :func:`malformed` checks, with their ranges."""
    if not attrs.has(kind):
        return ()
    return tuple((f.name, _RANGES[f.name]) for f in attrs.fields(kind) if f.name in _RANGES)
