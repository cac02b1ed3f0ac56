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
from ...text.words import action_words

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


in_words = action_words
"""What an action, legal in a position, does, in words
(:func:`tiki.text.words.action_words`, in English)."""


def restated(action: Action, events: Sequence[Event]) -> Event | None:
    """The first of ``events`` if it only says what ``action`` did (``x creates a totem
    on b2``), else ``None``: the narration prints its clause on the action's line."""
    return restating(_SAME, action, events)


def with_clause(words: str, clause: str) -> str:
    """``words`` followed by ``clause`` in parentheses."""
    return f"{words} ({clause})"
