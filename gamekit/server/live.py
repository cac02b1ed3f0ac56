"""What the server holds of each game in play, and of each client: a :class:`Live`
game (its rows, its table, its lock, its connections, its bots' and clocks' tasks) and
a :class:`Connection` with its :class:`Bucket` of messages.

>>> b = Bucket(rate=1.0, size=2.0)
>>> b.take(), b.take(), b.take()
(True, True, False)
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

import attrs

from .store import GameRow, SeatRow
from .table import Table

__all__ = ["BURST", "MAX_STRIKES", "RATE", "Bucket", "Connection", "Live"]

RATE, BURST = 10.0, 30.0
"""A connection may send ``RATE`` messages a second on average, ``BURST`` at once."""
MAX_STRIKES = 50
"""A connection that keeps sending too fast is closed after this many refusals."""

@attrs.define(eq=False)
class Bucket:
    """A token bucket: ``rate`` takes a second on average, ``size`` at once."""

    rate: float
    size: float
    tokens: float = -1.0
    stamp: float = attrs.Factory(time.monotonic)

    def __attrs_post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.size

    def take(self) -> bool:
        """Take one; ``False`` if the bucket is empty."""
        now = time.monotonic()
        self.tokens = min(self.size, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def full(self) -> bool:
        """Whether it has refilled (its owner has been quiet)."""
        return self.tokens + (time.monotonic() - self.stamp) * self.rate >= self.size


@attrs.define(eq=False)
class Connection:
    """One client connected to one game, as a seat or a spectator."""

    game_id: str
    seat: int | None
    """The seat it acts for, or ``None`` for a spectator."""
    send: Callable[[dict[str, Any]], Awaitable[None]]
    """Send it a message."""
    lang: str = "en"
    """The language its messages' words are in (:data:`gamekit.i18n.LANGUAGES`)."""
    bucket: Bucket = attrs.Factory(lambda: Bucket(RATE, BURST))
    strikes: int = 0

    def allow(self) -> bool:
        """Take one message from the connection's budget; ``False`` if it is spent."""
        if self.bucket.take():
            return True
        self.strikes += 1
        return False


@attrs.define(eq=False)
class Live:
    """A game loaded in this process."""

    row: GameRow
    """The game as stored."""
    seats: tuple[SeatRow, ...]
    table: Table
    lock: asyncio.Lock = attrs.Factory(asyncio.Lock)
    connections: set[Connection] = attrs.Factory(set)
    tasks: dict[tuple[str, int, int], asyncio.Task[None]] = attrs.Factory(dict)
    deadlines: dict[int, float] = attrs.Factory(dict)
    """Per seat on the clock, when its decision times out (``time.monotonic()``)."""
    owned: bool = False
    """Whether this process holds the game's lease: only the owner runs its bots and
    clocks (:mod:`gamekit.server.seats`)."""
    clocks: dict[tuple[int, int], float] = attrs.Factory(dict)
    """The stored deadlines of the game's decisions by ``(seat, asked)`` (seconds since
    the epoch): a decision keeps its time across a restart."""
