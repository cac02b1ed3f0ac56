"""A model of the time a game takes at the table: what each decision costs in seconds.

A decision takes ``base + per_point * points + per_option * options`` seconds, where
``points`` is what it spends in the game's own currency (:attr:`.study.Study.effort`:
Tikal's action points; Tiki has none) and ``options`` the number of legal actions the
player chose among. A run of simultaneous secret choices takes as long as its slowest
chooser (:mod:`.moments`). The figures are a model a designer sets, not a measurement:
the defaults (10 s a decision, 3 s an action point, nothing an option) only make a
turn of many points weigh more than a bid.

>>> TableTime().seconds(4, 0), TableTime(per_option=0.5).seconds(0, 6)
(22.0, 13.0)
>>> TableTime(base=-1.0)
Traceback (most recent call last):
...
ValueError: base takes 0 to 3600 seconds, not -1.0
"""

from __future__ import annotations

import math

import attrs

__all__ = ["MAX_SECONDS", "TableTime"]

MAX_SECONDS = 3600.0
"""The most seconds any of a :class:`TableTime`'s costs may be."""


def _seconds(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not (isinstance(value, (int, float)) and math.isfinite(value)) or not (
        0.0 <= value <= MAX_SECONDS
    ):
        raise ValueError(f"{attribute.name} takes 0 to {MAX_SECONDS:g} seconds, not {value!r}")


@attrs.frozen
class TableTime:
    """The seconds a decision takes: ``base``, plus ``per_point`` for each point it
    spends, plus ``per_option`` for each legal action it was chosen among (each 0 to
    :data:`MAX_SECONDS`)."""

    base: float = attrs.field(default=10.0, converter=float, validator=_seconds)
    """Seconds every decision takes."""
    per_point: float = attrs.field(default=3.0, converter=float, validator=_seconds)
    """Seconds for each point a decision spends (Tikal: each action point)."""
    per_option: float = attrs.field(default=0.0, converter=float, validator=_seconds)
    """Seconds for each legal action the player chose among (counting them costs a
    ``legal_actions`` call a decision: only done when this is not 0)."""

    def seconds(self, points: int, options: int) -> float:
        """The seconds of a decision that spends ``points`` among ``options`` actions."""
        return self.base + self.per_point * points + self.per_option * options
