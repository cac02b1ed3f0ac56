"""The server's heart: the games in play, who is connected to each, and what happens
when a seat acts, a bot decides, a clock runs out, or another server process writes.

Everything that changes a game goes the same way, under the game's lock: the rows to
write are planned (:meth:`Table.plan`), committed to the store off the event loop,
and only then played on the table, acknowledged, and sent to every connection of the
game, each with its own seat's view. A write that loses a race for its sequence
number (another process wrote first) is thrown away, the table catches up from the
store, and the client is told.

Bots decide in a process pool, and pictures are drawn in a thread, so neither stops
the event loop; the store is called from one thread of its own.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, TypeVar

from ..game import Game
from ..i18n import DEFAULT
from .desk import Desk
from .leases import MAX_GAMES, Leases
from .live import MAX_STRIKES, Bucket, Connection, Live
from .messages import message, offered, setting
from .ops import Metrics
from .protocol import ProtocolError, Unavailable, envelope
from .seats import Seats
from .sights import Sights
from .store import LogRow, Store, StoreError, hash_token
from .table import Table

__all__ = ["MAX_STRIKES", "Bucket", "Connection", "Hub"]

log = logging.getLogger("gamekit.server")

T = TypeVar("T")
READY_WAIT = 5.0
"""Seconds the readiness probe waits for the store."""
CATCH_UP = 5.0
"""Seconds between two comparisons of the games held with the store (:meth:`Hub._keep_up`)."""
RETRY = 2.0
"""Seconds after which a client told the store is unavailable may try again."""
RACES = 3
"""How many times an action is tried when other processes store rows of its game first
(at a Speed Jump, seats on two processes choose at once): ``busy`` only after that."""


class Hub(Seats, Leases, Desk, Sights):
    """The games of one server process over one store."""

    def __init__(
        self,
        games: Sequence[Game],
        store: Store,
        *,
        bot_workers: int = 2,
        base_url: str = "",
        max_games: int = MAX_GAMES,
    ) -> None:
        self.games: Mapping[str, Game] = {g.package: g for g in games}
        self.max_games = max_games
        """The most games held in memory at once (:meth:`_room`)."""
        self.store = store
        self.base_url = base_url
        self._live: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        # one thread per call the store may serve at once (SQLite: one writer)
        threads = int(getattr(store, "threads", 1))
        self._store_thread = concurrent.futures.ThreadPoolExecutor(threads, "store")
        self._draw_thread = concurrent.futures.ThreadPoolExecutor(1, "pictures")
        self._bot_workers = bot_workers
        self._bots: concurrent.futures.Executor | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.metrics = Metrics()
        """What a host watches (``GET /metrics``)."""
        self.metrics.count_games(lambda: len(self._live))
        self._store_down = False
        self._catching: asyncio.Task[None] | None = None
        self.owner = secrets.token_hex(8)
        """This process's name in the games' leases."""
        self.metrics.owned.set_function(lambda: sum(live.owned for live in self._live.values()))

    # plumbing -------------------------------------------------------------------------

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the store's thread. A store that fails is
        :class:`~gamekit.server.protocol.Unavailable` to the caller (a client is told to
        try again, and its socket stays open), logged once an outage, not in a loop."""
        try:
            done = await asyncio.get_running_loop().run_in_executor(
                self._store_thread, fn, *args
            )
        except StoreError as e:
            self.metrics.store_errors.inc()
            if not self._store_down:
                log.warning("the store is not answering: %s", e)
                self._store_down = True
            raise Unavailable(RETRY) from None
        if self._store_down:
            log.warning("the store answers again")
            self._store_down = False
        return done

    async def ready(self) -> str:
        """Whether the store answers and can be written now: ``""``, or why not (the
        readiness probe, ``GET /readyz``)."""
        loop = asyncio.get_running_loop()
        try:
            await asyncio.wait_for(
                loop.run_in_executor(self._store_thread, self.store.check), READY_WAIT
            )
        except StoreError as e:
            return str(e)
        except TimeoutError:
            return f"the store did not answer within {READY_WAIT:g} s"
        return ""

    async def start(self) -> None:
        """Listen to the store, and resume every game that was running."""
        self._loop = asyncio.get_running_loop()
        self.store.listen(self._heard)
        for game_id in await self._db(self.store.running):
            live = await self._get(game_id)
            if live is None:
                continue
            async with live.lock:
                if live.table.over:  # ended before it was marked: marked now
                    await self._db(self.store.end, game_id)
                else:
                    await self._run(live)
                await self._drop_if_idle(live)
        self._catching = asyncio.ensure_future(self._keep_up())

    async def _keep_up(self) -> None:
        """Every :data:`CATCH_UP` seconds, compare each game held with the store and
        read what another process stored that this one was not told (a notice missed
        while a connection was down): no seat is sent a game older than the store's."""
        while True:
            await asyncio.sleep(CATCH_UP)
            with contextlib.suppress(Unavailable):  # the store is down: the next round
                await self._catch_up_all()
                await self._renew()

    async def _catch_up_all(self) -> None:
        ids = list(self._live)
        if not ids:
            return
        heads = await self._db(self.store.heads, ids)
        for game_id, seq in heads.items():
            await self._catch_up(game_id, seq)

    async def stop(self) -> None:
        """Cancel the bots' and clocks' tasks and release the pools and the store."""
        if self._catching is not None:
            self._catching.cancel()
        for live in self._live.values():
            for task in live.tasks.values():
                task.cancel()
        for live in [v for v in self._live.values() if v.owned]:  # another takes them at once
            with contextlib.suppress(Unavailable):
                await self._db(self.store.release, live.row.id, self.owner)
        if self._bots is not None:
            self._bots.shutdown(wait=False, cancel_futures=True)
        self._draw_thread.shutdown(wait=False)
        self._store_thread.submit(self.store.close)
        self._store_thread.shutdown(wait=True)

    def _heard(self, game_id: str, seq: int) -> None:
        """Another process wrote row ``seq`` of ``game_id`` (called from any thread);
        :data:`~gamekit.server.pgstore.CAUGHT_UP` (``"*"``): the listening connection was
        made again, and every game held is compared with the store."""
        if self._loop is None:
            return

        async def heard() -> None:
            with contextlib.suppress(Unavailable):
                if game_id == "*":
                    await self._catch_up_all()
                else:
                    await self._catch_up(game_id, seq)

        self._loop.call_soon_threadsafe(lambda: asyncio.ensure_future(heard()))

    # loading a game -------------------------------------------------------------------

    async def _get(self, game_id: str) -> Live | None:
        live = self._live.get(game_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self._live.get(game_id)
            if live is not None:
                return live
            found = await self._db(self.store.game, game_id)
            if found is None:
                return None
            await self._room()
            row, seats = found
            game = self.games.get(row.game)
            if game is None:
                return None
            rules = game.json.rules_from_json(json.loads(row.rules))
            rows = await self._db(self.store.log, game_id, 0)
            table = Table.start(game, rules, seed=row.seed, seats=len(seats), log=rows)
            live = Live(row, seats, table)
            if row.clock is not None:  # the deadlines its decisions were given
                live.clocks = await self._db(self.store.clocks, game_id)
            self._live[game_id] = live
        self._loading.pop(game_id, None)
        async with live.lock:
            pending = live.table.pending()
            if pending:
                await self._write(live, pending)
        return live

    async def _catch_up(self, game_id: str, seq: int) -> None:
        live = self._live.get(game_id)
        if live is None or live.table.seq >= seq:
            return
        async with live.lock:
            await self._reload(live)

    async def _reload(self, live: Live) -> None:
        rows = await self._db(self.store.log, live.row.id, live.table.seq)
        if rows:
            events = live.table.advance(rows)
            await self._run(live)
            await self._broadcast(live, events)

    # connections ----------------------------------------------------------------------

    async def join(
        self,
        game_id: str,
        token: str | None,
        send: Callable[..., Awaitable[None]],
        lang: str = DEFAULT,
    ) -> Connection:
        """The connection of whoever holds ``token`` for ``game_id``: a seat, or a
        spectator, told in ``lang``; with no token, a spectator of a game the lobby
        lists (anyone may watch it); a :class:`ProtocolError` ``unauthorized`` for
        anything else (the same for a game that does not exist, so ids cannot be
        probed)."""
        live = await self._get(game_id)
        if live is None:
            raise ProtocolError("unauthorized", "no game with this id and token")
        hashed = hash_token(token) if token is not None else ""
        seat: int | None
        if token is None:  # watching a game the lobby lists: a spectator, with no token
            if not live.row.listed:
                raise ProtocolError("unauthorized", "no game with this id and token")
            seat = None
        elif secrets.compare_digest(hashed, live.row.spectator_hash):
            seat = None
        else:
            found = [s.seat for s in live.seats if s.token_hash is not None
                     and secrets.compare_digest(hashed, s.token_hash)]
            if not found:
                found_now = await self._db(self.store.game, game_id)  # a seat just taken
                if found_now is not None:
                    live.seats = found_now[1]
                found = [s.seat for s in live.seats if s.token_hash is not None
                         and secrets.compare_digest(hashed, s.token_hash)]
            if not found:
                raise ProtocolError("unauthorized", "no game with this id and token")
            seat = found[0]
        conn = Connection(game_id, seat, send, lang)
        async with live.lock:
            await self._run(live)  # loaded on demand: what it waits for, and its clocks
            hello = self._message(live, conn.seat, "hello", events=None, lang=lang)
            await conn.send(hello)
            live.connections.add(conn)  # only once it has its hello
            self.metrics.connections.inc()
        return conn

    async def leave(self, conn: Connection) -> None:
        """Forget a closed connection; a game nobody watches and nothing runs for (no
        bot thinking, no clock) is dropped from memory, to be replayed from the store
        when someone comes back."""
        self.metrics.connections.dec()
        live = self._live.get(conn.game_id)
        if live is not None:
            live.connections.discard(conn)
            t = live.table
            waits_for_people = live.row.clock is None and all(
                live.seats[p].kind == "human" for p in t.actors
            )
            idle = all(task.done() for task in live.tasks.values())
            if not live.connections and idle and (t.over or waits_for_people):
                live.tasks.clear()
                await self._drop_if_idle(live)

    def _message(
        self,
        live: Live,
        seat: int | None,
        kind: str,
        events: list[dict[str, Any]] | None,
        lang: str = DEFAULT,
    ) -> dict[str, Any]:
        """A ``hello`` or an ``update`` for ``seat`` in ``lang`` (:func:`messages.message`)."""
        game = live.table.game
        info = setting(game, live.row.id, live.row.rules, live.row.clock,
                       [self._seat_json(game, s) for s in live.seats])
        return message(live.table, info, seat, kind, events or [], clock=self._clock(live),
                       lang=lang)  # fmt: skip

    def _clock(self, live: Live) -> dict[str, float] | None:
        if live.row.clock is None:
            return None
        now = time.monotonic()
        return {str(p): round(max(0.0, d - now), 1) for p, d in live.deadlines.items()}

    async def _broadcast(self, live: Live, events: list[dict[str, Any]]) -> None:
        cache: dict[tuple[int | None, str], dict[str, Any]] = {}
        for conn in list(live.connections):
            try:
                key = (conn.seat, conn.lang)
                if key not in cache:
                    cache[key] = self._message(live, conn.seat, "update", events, conn.lang)
                await conn.send(cache[key])
            except Exception as e:  # a closed socket: its handler forgets it
                if not isinstance(e, OSError | RuntimeError) and "Disconnect" not in type(
                    e
                ).__name__:
                    log.exception("an update for seat %s of game %s", conn.seat, live.row.id)
                live.connections.discard(conn)

    # acting ---------------------------------------------------------------------------

    async def act(self, conn: Connection, msg: dict[str, Any]) -> None:
        """A connection's ``action`` or ``resign``: refused with a
        :class:`ProtocolError`, or stored, acknowledged and sent to all (the seconds it
        took, to the last connection's update, counted in :attr:`metrics`)."""
        with self.metrics.latency.time():
            await self._act(conn, msg)

    async def _act(self, conn: Connection, msg: dict[str, Any]) -> None:
        live = self._live.get(conn.game_id)
        if live is None:
            raise ProtocolError("unauthorized", "no game with this id and token")
        async with live.lock:
            for _ in range(RACES):  # a race lost to another process: try again, if it stands
                if await self._try(live, conn, msg):
                    return
            raise ProtocolError("busy", "other actions were stored first; here is the game now")

    async def _try(self, live: Live, conn: Connection, msg: dict[str, Any]) -> bool:
        """Check ``msg`` against the game as it stands and store it: ``False`` if another
        process stored a row first (the game is caught up then: the action may be tried
        again, and stands where a simultaneous choice left the seat's decision open)."""
        t = live.table
        seat = conn.seat
        if seat is None:
            raise ProtocolError("spectator", "a spectator watches; only a seat acts")
        if t.over:
            raise ProtocolError("over", "the game is over")
        said = msg["seq"]
        if msg["type"] == "resign":
            if said != t.seq:
                raise ProtocolError("stale", f"resign names seq {said}; the game is at seq {t.seq}")
            return await self._stored(live, conn, t.plan(seat, "resign", ""), msg)
        asked = t.asked(seat)
        name = t.game.player_name(seat)
        if asked is None:
            raise ProtocolError("not-your-turn", f"{name} has no decision open now")
        if not asked <= said <= t.seq:
            raise ProtocolError(
                "stale",
                f"this answers the decision of seq {said}; {name}'s open decision "
                f"was asked at seq {asked}",
            )
        token = offered(t, seat, msg, conn.lang)
        return await self._stored(live, conn, t.plan(seat, "play", token), msg)

    async def _commit(
        self, live: Live, conn: Connection | None, rows: list[LogRow], msg: dict[str, Any] | None
    ) -> None:
        """Store ``rows`` (a bot's, a clock's); a race lost to another process leaves the
        game caught up, and the decision to be asked again."""
        await self._stored(live, conn, rows, msg)

    async def _stored(
        self, live: Live, conn: Connection | None, rows: list[LogRow], msg: dict[str, Any] | None
    ) -> bool:
        """Store ``rows``; acknowledge them to ``conn``, then play and send them; ``False``
        if another process stored that ``seq`` first."""
        ack: dict[str, Any] | None = None
        if conn is not None:
            ack = envelope("ack", rows[-1].seq, conn.seat)
            if msg is not None and "ref" in msg:
                ack["ref"] = msg["ref"]
        return await self._write(live, rows, conn, ack)

    async def _write(
        self,
        live: Live,
        rows: list[LogRow],
        conn: Connection | None = None,
        ack: dict[str, Any] | None = None,
    ) -> bool:
        """Commit ``rows``, then (only then) acknowledge them to ``conn`` and play and
        send them to every connection (the caller holds the game's lock)."""
        ok = await self._db(self.store.append, live.row.id, rows)
        if not ok:
            await self._reload(live)
            return False
        for row in rows:
            self.metrics.actions.labels(game=live.row.game, kind=row.kind).inc()
        if conn is not None and ack is not None:
            with contextlib.suppress(Exception):  # a closed socket: the row is stored
                await conn.send(ack)
        events = live.table.advance(rows)
        await self._run(live)  # the clocks of the decisions it opens, told in the update
        await self._broadcast(live, events)
        if live.table.over:  # not resumed at the next start, and nobody's to run
            with contextlib.suppress(Unavailable):
                await self._db(self.store.end, live.row.id)
                if live.owned:
                    await self._db(self.store.release, live.row.id, self.owner)
        return True

    def seq(self, game_id: str) -> int:
        """The sequence number of a loaded game (0 if not loaded)."""
        live = self._live.get(game_id)
        return 0 if live is None else live.table.seq
