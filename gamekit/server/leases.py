"""Who runs a game: one process at a time holds its lease in the store, and only it
runs the game's bots and clocks; the others serve their connected seats and store
their actions, which the owner hears.

:class:`Leases` is the part of :class:`~gamekit.server.hub.Hub` that takes, renews,
gives up and takes over leases: a game that needs an owner (a bot to decide, a clock
to count: :func:`~gamekit.server.seats.needs_owner`) is taken when a process starts
what it waits for (:meth:`Leases._run`), renewed every few seconds while the process
lives, given up when the game ends, is dropped from memory or the process stops, and
taken over by another process once it runs out (:meth:`Leases._renew`).
"""

from __future__ import annotations

import abc
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from .live import Live
from .ops import Metrics
from .protocol import Unavailable
from .seats import needs_owner
from .store import Store

__all__ = ["LEASE", "MAX_GAMES", "Leases"]

log = logging.getLogger("gamekit.server")

T = TypeVar("T")

MAX_GAMES = 2000
"""The most games a process holds in memory at once, by default (``--max-games``): a
4-player Speed game of Tikal holds at most about 0.6 MB once played out (a Tiki game
0.2 MB), so the games take at most about 1.2 GB, besides the process's own 60 MB or
so. At the ceiling, the games nobody watches and nothing runs for are dropped to
make room; if none is, a new game or one asked for is refused ``full``."""

RENEW = 5.0
"""Seconds between two renewals of the leases a process holds (the hub's catch-up)."""
LEASE = 15.0
"""Seconds a game's lease runs: its owner renews it every :data:`RENEW` seconds, and
another process takes the game over within ``LEASE + RENEW`` seconds of the owner's
death."""


class Leases(abc.ABC):
    """A hub's leases on its games."""

    owner: str
    max_games: int
    store: Store
    metrics: Metrics
    _live: dict[str, Live]

    @abc.abstractmethod
    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the store's thread (the hub's)."""

    @abc.abstractmethod
    async def _get(self, game_id: str) -> Live | None:
        """The game loaded, or ``None`` (the hub's)."""

    @abc.abstractmethod
    def _follow(self, live: Live) -> None:
        """Start (or stop) what the game waits for, as owned or not (the seats')."""

    async def _run(self, live: Live) -> None:
        """Start what the game waits for (:meth:`_follow`), taking its lease first where
        something runs for it and this process does not hold it yet."""
        if needs_owner(live) and not live.owned:
            await self._own(live)
        self._follow(live)

    async def _own(self, live: Live) -> None:
        """Take or renew the game's lease: this process runs its bots and clocks while
        it holds it, and no other does."""
        now = time.time()
        owned, took = await self._db(self.store.lease, live.row.id, self.owner, now + LEASE, now)
        if took:
            self.metrics.takeovers.inc()
            log.info("took game %s over from an owner whose lease ran out", live.row.id)
        live.owned = owned

    async def _drop_if_idle(self, live: Live) -> None:
        """Forget a game nothing runs for and nobody watches (it is read again when
        someone asks), giving its lease up."""
        if live.tasks or live.connections or self._live.get(live.row.id) is not live:
            return
        self._live.pop(live.row.id, None)
        if live.owned:
            live.owned = False
            with contextlib.suppress(Unavailable):
                await self._db(self.store.release, live.row.id, self.owner)

    async def _room(self) -> None:
        """Make room for one more game in memory: at :attr:`max_games` the games
        nobody watches and nothing runs for are dropped; if none is, the server is
        ``full`` (:class:`~gamekit.server.protocol.Unavailable`, nothing done)."""
        if len(self._live) < self.max_games:
            return
        for live in list(self._live.values()):
            if not live.connections and all(task.done() for task in live.tasks.values()):
                live.tasks.clear()
                await self._drop_if_idle(live)
        if len(self._live) >= self.max_games:
            self.metrics.full.inc()
            raise Unavailable(RENEW, "full", f"this server holds as many games as it may "
                              f"({self.max_games}): try again in {RENEW:g} s")  # fmt: skip

    async def _renew(self) -> None:
        """Renew the leases this process holds (a game lost meanwhile stops running
        here), and take over the games whose owner's lease ran out."""
        for live in list(self._live.values()):
            if live.owned or needs_owner(live):
                async with live.lock:
                    was = live.owned
                    await self._own(live)
                    if live.owned != was:
                        self._follow(live)
        for game_id in await self._db(self.store.orphans, time.time()):
            if len(self._live) >= self.max_games:
                break  # no room here: another process takes them
            orphan = await self._get(game_id)
            if orphan is not None:
                async with orphan.lock:
                    await self._own(orphan)  # its lease ran out: this process's now
                    self._follow(orphan)
                    await self._drop_if_idle(orphan)  # nothing to run: the lease goes too

