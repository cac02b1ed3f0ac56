"""Actions in words, for the narration of ``tiki play`` and ``replay``.

:func:`in_words` says what an action does in the game's language: ``x creates a totem
at b2``, ``o moves the totem a1 → b1 → c1``; :func:`restated` finds the event that only
repeats the action (its clause goes on the action's line), :func:`strip_clauses` takes
the clause ids out of a text (``--no-clauses``), and :class:`PersonOut` is the stream
the command line writes to a person through. ``tikalspeed`` tells its actions the same
way.

>>> from tiki import new_game, parse_action
>>> s = new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=0)
>>> in_words(s, parse_action(s, "+b2"))
'x creates a totem at b2'
>>> strip_clauses("x creates a totem at b2 (TIKI-CREATE-1)")
'x creates a totem at b2'
"""

from __future__ import annotations

from collections.abc import Sequence

from gamekit.words import PersonOut, restating, strip_clauses

from ...board.island import EDGES, VILLAGE_NAMES
from ...model.actions import (
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
)
from ...model.events import (
    Event,
    FirstPlayerChosen,
    LayoutSet,
    OrderChosen,
    Passed,
    ShamanMoved,
    ShamanPlaced,
    TotemCreated,
    TotemMoved,
)
from ...model.state import CHANCE, PLAYER_SYMBOLS, State

__all__ = ["PersonOut", "in_words", "restated", "strip_clauses", "with_clause"]

_SAME: dict[type, type] = {
    Create: TotemCreated,
    Move: TotemMoved,
    Order: OrderChosen,
    PlaceShaman: ShamanPlaced,
    MoveShaman: ShamanMoved,
    KeepShaman: ShamanMoved,
    Pass: Passed,
    Layout: LayoutSet,
    FirstPlayer: FirstPlayerChosen,
}
"""The event that says no more than the action itself, by the kind of action."""


def _edge(edge: int) -> str:
    a, b = EDGES[edge]
    return f"between {VILLAGE_NAMES[a]} and {VILLAGE_NAMES[b]}"


def in_words(state: State, action: Action) -> str:
    """What ``action``, legal in ``state``, does, in words."""
    who = "chance" if action.player == CHANCE else PLAYER_SYMBOLS[action.player]
    a = action
    if isinstance(a, Create):
        return f"{who} creates a totem at {VILLAGE_NAMES[a.village]}"
    if isinstance(a, Move):
        return f"{who} moves the totem {' → '.join(VILLAGE_NAMES[v] for v in a.path)}"
    if isinstance(a, Order):
        return f"{who} resolves {VILLAGE_NAMES[a.village]} first"
    if isinstance(a, PlaceShaman):
        return f"{who} places the shaman {_edge(a.edge)}"
    if isinstance(a, MoveShaman):
        return f"{who} moves the shaman {_edge(a.edge)}"
    if isinstance(a, KeepShaman):
        return f"{who} leaves the shaman where it is"
    if isinstance(a, Pass):
        return f"{who} has no legal action and passes"
    if isinstance(a, Layout):
        return f"chance lays out the villages {','.join(map(str, a.tiles))} (a1..c3)"
    return f"chance picks {PLAYER_SYMBOLS[a.first]} to move first"


def restated(action: Action, events: Sequence[Event]) -> Event | None:
    """The first of ``events`` if it only says what ``action`` did (``x creates a totem
    on b2``), else ``None``: the narration prints its clause on the action's line."""
    return restating(_SAME, action, events)


def with_clause(words: str, clause: str) -> str:
    """``words`` followed by ``clause`` in parentheses."""
    return f"{words} ({clause})"
