"""The seats the server decides for: a bot's decision in a worker process, and a
clock's timeout played for a person by the greedy bot.

:class:`Seats` is the part of :class:`~gamekit.server.hub.Hub` that starts what a game
waits for (:meth:`Seats._follow`): a bot's decision, a seat's clock; each decides
through the hub's commit, like a seat's own action.
"""

from __future__ import annotations

import abc
import asyncio
import concurrent.futures
import hashlib
import logging
import multiprocessing
import time
from collections.abc import Callable
from typing import Any, TypeVar

from .live import Connection, Live
from .ops import Metrics
from .protocol import Unavailable
from .store import LogRow, Store
from .workers import decide, follow_parent

__all__ = ["Seats", "needs_owner"]

log = logging.getLogger("gamekit.server")

T = TypeVar("T")


class Seats(abc.ABC):
    """A hub's bots and clocks."""

    _bot_workers: int
    _bots: concurrent.futures.Executor | None
    store: Store
    metrics: Metrics

    @abc.abstractmethod
    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the store's thread (the hub's)."""

    @abc.abstractmethod
    async def _commit(
        self, live: Live, conn: Connection | None, rows: list[LogRow], msg: dict[str, Any] | None
    ) -> None:
        """Store ``rows``, then play and send them (the hub's)."""

    def _bot_pool(self) -> concurrent.futures.Executor:
        if self._bots is None:
            if self._bot_workers > 0:
                self._bots = concurrent.futures.ProcessPoolExecutor(
                    self._bot_workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=follow_parent,  # a worker ends with its server
                )
            else:  # in-process threads: for tests and tiny servers
                self._bots = concurrent.futures.ThreadPoolExecutor(2, "bots")
        return self._bots

    # bots and clocks ------------------------------------------------------------------

    def _follow(self, live: Live) -> None:
        """Start what the game now waits for, where this process owns the game
        (:attr:`Live.owned`): a bot's decision, a seat's clock; elsewhere only the
        clocks' deadlines are known, to show them."""
        t = live.table
        for key, task in list(live.tasks.items()):
            kind, seat, asked = key
            if t.over or t.asked(seat) != asked:
                if kind == "clock" and task is not asyncio.current_task():
                    task.cancel()
                live.tasks.pop(key, None)
                live.deadlines.pop(seat, None)
        if t.over:
            return
        for seat in t.actors:
            opened = t.asked(seat)
            assert opened is not None
            asked = opened
            s = live.seats[seat]
            if not live.owned:  # another process runs it: show its clocks, run nothing
                if (seat, asked) in live.clocks:
                    live.deadlines[seat] = time.monotonic() + (
                        live.clocks[seat, asked] - time.time())
                continue
            if s.kind == "bot" and ("bot", seat, asked) not in live.tasks:
                live.tasks["bot", seat, asked] = asyncio.ensure_future(
                    self._bot_turn(live, seat, asked)
                )
            elif s.kind == "human" and live.row.clock is not None and (
                "clock", seat, asked
            ) not in live.tasks:
                # a decision keeps the time it had: its deadline is stored (a restart
                # or another process reads it back), else it starts now
                deadline = live.clocks.setdefault((seat, asked), time.time() + live.row.clock)
                live.deadlines[seat] = time.monotonic() + (deadline - time.time())
                live.tasks["clock", seat, asked] = asyncio.ensure_future(
                    self._clock_turn(live, seat, asked)
                )

    def _bot_seed(self, live: Live, seat: int, asked: int) -> int:
        digest = hashlib.sha256(f"{live.row.seed}:bot:{seat}:{asked}".encode()).digest()
        return int.from_bytes(digest[:4], "big")

    async def _decide(self, live: Live, seat: int, bot: str, options: str, asked: int) -> str:
        t = live.table
        game = t.game
        position = t.view(seat) if game.secret(t.state) else t.state
        text = game.json.dumps(position)
        loop = asyncio.get_running_loop()
        self.metrics.bot_decisions.inc()
        token: str = await loop.run_in_executor(
            self._bot_pool(), decide, game.package, text, seat, bot, options,
            self._bot_seed(live, seat, asked),
        )
        return token

    async def _bot_turn(self, live: Live, seat: int, asked: int) -> None:
        try:
            s = live.seats[seat]
            token = await self._decide(live, seat, s.bot or "greedy", s.options, asked)
            await self._played(live, seat, asked, "bot", token)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot seat %s of game %s", seat, live.row.id)

    async def _played(self, live: Live, seat: int, asked: int, kind: str, token: str) -> None:
        """Store the seat's decision ``token`` while it is still the one asked; while
        the store is unavailable, try again after a while (the decision is not lost)."""
        while True:
            try:
                async with live.lock:
                    if live.table.asked(seat) == asked and not live.table.over:
                        await self._commit(live, None, live.table.plan(seat, kind, token), None)
                return
            except Unavailable as e:
                await asyncio.sleep(e.retry)

    async def _clock_turn(self, live: Live, seat: int, asked: int) -> None:
        """When the clock runs out the seat's decision is played for it: the greedy
        bot's choice from its own view (docs/server.md, "the clock"). The deadline is
        stored first (the first process to store it sets it for every process)."""
        try:
            proposed = live.clocks[seat, asked]
            while True:
                try:
                    deadline = await self._db(self.store.clock, live.row.id, seat, asked, proposed)
                    break
                except Unavailable as e:  # counted from the deadline proposed meanwhile
                    await asyncio.sleep(e.retry)
                    if time.time() >= proposed:
                        deadline = proposed
                        break
            live.clocks[seat, asked] = deadline
            live.deadlines[seat] = time.monotonic() + (deadline - time.time())
            await asyncio.sleep(max(0.0, deadline - time.time()))
            token = await self._decide(live, seat, "greedy", "{}", asked)
            await self._played(live, seat, asked, "timeout", token)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("clock of seat %s of game %s", seat, live.row.id)


def needs_owner(live: Live) -> bool:
    """Whether something runs for the game: a bot to decide or a clock to count."""
    t = live.table
    return not t.over and any(
        live.seats[seat].kind == "bot"
        or (live.seats[seat].kind == "human" and live.row.clock is not None)
        for seat in t.actors
    )
