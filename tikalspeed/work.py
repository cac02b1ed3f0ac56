"""The scratch copy a transition works on, and small helpers over it.

Transitions build the next state on a :class:`Work` copy: a dict of changed fields
over the old state, frozen once at the end into a new :class:`~tikalspeed.state.State`.
"""

from __future__ import annotations

import operator
from typing import Any

import attrs

from .events import Event
from .state import State

_FIELDS = tuple(a.name for a in attrs.fields(State))
_ALL_FIELDS = operator.attrgetter(*_FIELDS)
_INDEX = {name: i for i, name in enumerate(_FIELDS)}


class Work:
    """A scratch copy of a state, used inside one transition only."""

    __slots__ = ("changes", "events", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.changes: dict[str, Any] = {}
        self.events: list[Event] = []

    def __getattr__(self, name: str) -> Any:
        changes = self.changes  # a slot: found without coming back here
        if name in changes:
            return changes[name]
        return getattr(self.state, name)

    def set(self, **fields: Any) -> None:
        self.changes.update(fields)

    def set_item(self, name: str, index: int, value: Any) -> None:
        row = list(getattr(self, name))
        row[index] = value
        self.changes[name] = tuple(row)

    def set_cell(self, name: str, player: int, cell: int, value: int) -> None:
        rows = list(getattr(self, name))
        row = list(rows[player])
        row[cell] = value
        rows[player] = tuple(row)
        self.changes[name] = tuple(rows)

    def freeze(self) -> State:
        if not self.changes:
            return self.state
        values = list(_ALL_FIELDS(self.state))
        for name, value in self.changes.items():
            values[_INDEX[name]] = value
        return State(*values)

    @property
    def now(self) -> State:
        """The state as changed so far (for read-only helpers that take a State)."""
        return self.freeze()


def tiles_left(w: Work) -> bool:
    """Whether any tile is still to be played: in the stacks, in hand or on display."""
    return bool(w.hand >= 0 or w.display or any(w.stacks))


def top_letter(state: State) -> int:
    """The index of the topmost letter stack that still holds tiles (TIKAL-DRAW-1)."""
    for i, stack in enumerate(state.stacks):
        if stack:
            return i
    return -1


def take_from_stack(w: Work, tile: int) -> None:
    stacks = list(w.stacks)
    i = top_letter(w.state)
    stacks[i] = tuple(t for t in stacks[i] if t != tile)
    w.set(stacks=tuple(stacks))
