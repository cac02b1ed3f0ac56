"""The ruleset: every rule a source leaves open, and every optional rule, as one field.

``Rules()`` is the default ruleset of ``specs/tiki.md``; each field names the clause
whose reading it selects. Bad values fail at construction with a ``ValueError`` that
names the field.

>>> Rules()
Rules()
>>> Rules(shaman=True)
Rules(shaman=True)
>>> Rules(no_move="sideways")
Traceback (most recent call last):
...
ValueError: Rules.no_move must be one of 'pass', 'lose', 'draw', not 'sideways'
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from ..errors import shown

DEFAULT_TILES: tuple[int, ...] = (2, 1, 1, 1, 1, 1, 0, 0, -1)
"""The default village tile multiset (TIKI-SETUP-2): one +2, five +1, two 0, one −1."""

TILE_VALUES = (-1, 0, 1, 2)
"""The values a village tile can show."""

NUMBER_LIMIT = 2**53 - 1
"""The largest number a ruleset, a position, a record or their JSON may hold: a turn
cap, a turn count, a seed (in absolute value). It is the largest integer every JSON
reader keeps exactly (JavaScript's ``Number.MAX_SAFE_INTEGER``), and no game gets near
it: 2**53 turns at a million turns a second take 285 years. Readers refuse a bigger
number, and a longer run of digits, without converting it."""

_CHOICES: dict[str, tuple[str, ...]] = {
    "shaman_entry": ("start", "marsh"),
    "movable": ("top", "any"),
    "short_payout": ("remaining", "nothing"),
    "minus_one_empty": ("reserve", "nothing"),
    "end_check": ("village", "action"),
    "no_move": ("pass", "lose", "draw"),
    "tie_loop": ("again", "draw"),
}


def _check(inst: Rules, attribute: attrs.Attribute[Any], value: Any) -> None:
    name = attribute.name
    if name in _CHOICES:
        if type(value) is not str or value not in _CHOICES[name]:
            allowed = ", ".join(repr(c) for c in _CHOICES[name])
            raise ValueError(f"Rules.{name} must be one of {allowed}, not {shown(value)}")
    elif name == "tiles":
        if (
            not isinstance(value, tuple)
            or len(value) != 9
            or any(type(v) is not int or v not in TILE_VALUES for v in value)
        ):
            raise ValueError(f"Rules.tiles must be a tuple of 9 values from {TILE_VALUES}")
    elif name == "max_turns":
        if value is not None and (type(value) is not int or not 1 <= value <= NUMBER_LIMIT):
            raise ValueError(
                f"Rules.max_turns must be None or an int from 1 to {NUMBER_LIMIT} (2**53 - 1), "
                f"not {shown(value)}"
            )
    elif type(value) is not bool:
        raise ValueError(f"Rules.{name} must be a bool, not {shown(value)}")


def _sorted_tiles(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        try:
            return tuple(sorted(value, reverse=True))
        except TypeError:
            return tuple(value)
    return value


@attrs.frozen(repr=False, cache_hash=True)
class Rules:
    """The rules of one game of Tiki; the defaults are the readings of ``specs/tiki.md``."""

    tiles: tuple[int, ...] = attrs.field(
        default=DEFAULT_TILES, converter=_sorted_tiles, validator=_check
    )
    """TIKI-SETUP-2: the multiset of the 9 village values (kept sorted, highest first)."""

    shaman: bool = attrs.field(default=False, validator=_check)
    """TIKI-SHAMAN-1: play with the shaman rule."""

    shaman_entry: str = attrs.field(default="start", validator=_check)
    """TIKI-SHAMAN-2: ``'start'``: the second player places the shaman before their first
    move; ``'marsh'``: it enters only when a 0 village is influenced."""

    movable: str = attrs.field(default="top", validator=_check)
    """TIKI-MOVE-1: ``'top'``: move a totem whose top tiki is yours; ``'any'``: one that
    holds any tiki of yours (the German seed's literal wording)."""

    allow_turns: bool = attrs.field(default=True, validator=_check)
    """TIKI-MOVE-5: a 2-step move may turn a corner (``False``: straight lines only)."""

    short_payout: str = attrs.field(default="remaining", validator=_check)
    """TIKI-INFL-5: a village worth more than the reserve holds pays ``'remaining'`` fruit,
    or ``'nothing'``."""

    minus_one_empty: str = attrs.field(default="reserve", validator=_check)
    """TIKI-INFL-7: on a −1 village whose beneficiary holds no fruit, a ``'reserve'``
    fruit spoils (S1, S7), or ``'nothing'`` happens (the seed's literal reading)."""

    end_check: str = attrs.field(default="village", validator=_check)
    """TIKI-END-1: check the end after each influenced ``'village'``, or once after the
    whole ``'action'``."""

    no_move: str = attrs.field(default="pass", validator=_check)
    """TIKI-END-5: a player with no legal action must ``'pass'``, ``'lose'``s, or the game
    is a ``'draw'``."""

    tie_loop: str = attrs.field(default="again", validator=_check)
    """TIKI-END-4: when a tie-break empties the reserve with the counts still level, apply
    the tie rule ``'again'`` or call it a ``'draw'``."""

    max_turns: int | None = attrs.field(default=None, validator=_check)
    """TIKI-END-6: an optional cap on turns; then more fruits wins, else a draw."""

    def non_default(self) -> dict[str, Any]:
        """Return the fields that differ from the defaults, in field order.

        >>> Rules(shaman=True, max_turns=50).non_default()
        {'shaman': True, 'max_turns': 50}
        """
        out: dict[str, Any] = {}
        for a in attrs.fields(Rules):
            value = getattr(self, a.name)
            if value != a.default:
                out[a.name] = value
        return out

    @property
    def turn_cap(self) -> int:
        """TIKI-END-6: the turns after which the game ends: ``max_turns``, or without a
        cap :data:`NUMBER_LIMIT`, which keeps every turn count within its bound.

        >>> Rules(max_turns=50).turn_cap, Rules().turn_cap == NUMBER_LIMIT
        (50, True)
        """
        return NUMBER_LIMIT if self.max_turns is None else self.max_turns

    def tile_counts(self) -> dict[int, int]:
        """Return how many tiles show each value, e.g. ``{2: 1, 1: 5, 0: 2, -1: 1}``."""
        return dict(Counter(self.tiles))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.non_default().items())
        return f"Rules({args})"
