"""The server's games on PostgreSQL, shared by several server processes on several
machines: the same rows and the same methods as :class:`~gamekit.server.store.SQLiteStore`.

A row of a game's log is written at most once per ``seq`` (the primary key is
``(game_id, seq)``), so two processes racing for the same number leave one winner,
and the other's :meth:`PostgresStore.append` returns ``False``. Each append also
sends ``NOTIFY gamekit_log, '<game_id>:<last seq>:<process>'`` in its own
transaction: the notice goes out only if the rows are committed.
:meth:`PostgresStore.listen` hears the other processes' notices on a connection of
its own, in a daemon thread, so a client connected to one process is sent, pushed,
what was played through another; when that connection is lost and made again, it
says so (what was appended meanwhile is read by the hub's catch-up, which compares
each loaded game with :meth:`PostgresStore.heads`).

The calls run on a pool of connections (``psycopg_pool``) that checks a connection
before lending it, so that after the database restarts a call finds a fresh one
instead of failing on a dead one. Every wait is bounded: connecting
(:data:`CONNECT_TIMEOUT`), waiting for a connection of the pool, and each statement
(:data:`STATEMENT_TIMEOUT`). A database that cannot be reached is a
:class:`~gamekit.server.store.StoreError` that names it, its password left out.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable, Sequence
from typing import Any

import psycopg
import psycopg_pool
from psycopg import conninfo, errors

from .rows import GameRow, LogRow, SeatRow, StoreError, _game_row, _seat_row

__all__ = ["CHANNEL", "CONNECT_TIMEOUT", "STATEMENT_TIMEOUT", "PostgresStore"]

log = logging.getLogger("gamekit.server")

CHANNEL = "gamekit_log"
"""The channel an append is announced on: ``'<game_id>:<last seq>:<process>'`` (a
notice of an older process, without ``:<process>``, is heard too)."""
CAUGHT_UP = "*"
"""The game id a listener's callback is told when the listening connection was made
again: notices may have been missed, every game is to be compared with the store."""
CONNECT_TIMEOUT = 10
"""Seconds to wait for the database to answer a connection."""
STATEMENT_TIMEOUT = 30_000
"""Milliseconds a statement may run (or wait for a lock) before it is cancelled."""
_POLL = 0.5
"""Seconds the listening thread waits for a notice before it looks whether to stop."""
_DOWN_WAIT = 0.05
"""Seconds a call waits for a connection while the database is known to be down (the
last call failed, or the listening connection was lost): the seat is told
``unavailable`` at once, not after the pool's whole wait, and the store's few threads
(:attr:`PostgresStore.threads`) answer every seat of a busy process in turn (a wait
of 1 s answered 4 a second); once the pool has a connection again, a call takes it."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL, seed BIGINT NOT NULL,
    clock DOUBLE PRECISION, created DOUBLE PRECISION NOT NULL,
    spectator_hash TEXT NOT NULL, listed BOOLEAN NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, kind TEXT NOT NULL,
    bot TEXT, options TEXT NOT NULL, token_hash TEXT, open BOOLEAN NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS log (
    game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, seat INTEGER NOT NULL,
    kind TEXT NOT NULL, token TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX IF NOT EXISTS games_listed ON games(listed, created);
CREATE TABLE IF NOT EXISTS ended (game_id TEXT PRIMARY KEY REFERENCES games(id));
CREATE TABLE IF NOT EXISTS leases (
    game_id TEXT PRIMARY KEY REFERENCES games(id), owner TEXT NOT NULL,
    until DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS clocks (
    game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
    asked INTEGER NOT NULL, deadline DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat, asked)
)
"""
_SCHEMA_LOCK = 0x67616D656B6974  # 'gamekit': processes starting at once make the tables once


def _shown(url: str) -> str:
    """``url`` without its password, to be named in an error."""
    try:
        params = conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "the PostgreSQL URL given"
    host = params.get("host", "localhost")
    port = params.get("port", 5432)
    return f"postgresql://{params.get('user', '')}@{host}:{port}/{params.get('dbname', '')}"


class PostgresStore:
    """The store on the PostgreSQL database at ``url`` (``postgresql://user:password@
    host:port/dbname``), which several server processes may share. The tables are
    made if they are missing.

    It keeps :attr:`threads` connections, each serving one call at a time, from any
    thread; a connection lost is made again on its next call.
    """

    threads = 4
    """How many calls the server may make at once: one connection each (the games'
    writes go on in parallel; one game's are in order, under the game's lock)."""

    def __init__(self, url: str, *, connect_timeout: float = CONNECT_TIMEOUT) -> None:
        self._url = url
        self._connect_timeout = connect_timeout
        self._process = secrets.token_hex(6)
        """This store's name in its notices: its own are not heard again."""
        self._callbacks: list[Callable[[str, int], None]] = []
        self._listener: threading.Thread | None = None
        self._stop = threading.Event()
        self._down = threading.Event()
        """Set while the database is known to be down (:data:`_DOWN_WAIT`)."""
        db = self._connect(autocommit=False)
        try:
            with db.transaction():
                db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                for statement in _SCHEMA.split(";"):
                    db.execute(statement)
        except psycopg.Error as e:
            reason = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise StoreError(f"cannot make the tables in {_shown(url)}: {reason}") from None
        finally:
            db.close()
        self._pool = psycopg_pool.ConnectionPool(
            url,
            min_size=1,
            max_size=self.threads,
            kwargs=self._options(autocommit=False),
            check=psycopg_pool.ConnectionPool.check_connection,  # a dead one is replaced
            timeout=connect_timeout + 5,
            reconnect_timeout=24 * 3600,  # keep trying for as long as the server runs
            name="gamekit",
            open=True,
        )

    def __repr__(self) -> str:
        return "PostgresStore(...)"

    def _options(self, *, autocommit: bool) -> dict[str, Any]:
        given = str(conninfo.conninfo_to_dict(self._url).get("options", ""))
        return {
            "autocommit": autocommit,
            "connect_timeout": max(1, round(self._connect_timeout)),
            "options": f"{given} -c statement_timeout={STATEMENT_TIMEOUT}".strip(),
            "application_name": "gamekit.server",
        }

    def _connect(self, *, autocommit: bool) -> psycopg.Connection[tuple[Any, ...]]:
        try:
            return psycopg.connect(self._url, **self._options(autocommit=autocommit))
        except psycopg.Error as e:
            reason = " ".join(line.strip() for line in str(e).splitlines()) or type(e).__name__
            raise StoreError(f"cannot reach the PostgreSQL store {_shown(self._url)}: {reason}")\
                from None

    def _run(self, fn: Callable[[psycopg.Connection[tuple[Any, ...]]], Any]) -> Any:
        """``fn(connection)`` in one transaction, on a connection of the pool (checked
        before it is lent); a database that cannot be reached or fails is a
        :class:`StoreError`."""
        try:
            with self._pool.connection(_DOWN_WAIT if self._down.is_set() else None) as db, \
                    db.transaction():
                done = fn(db)
        except psycopg_pool.PoolTimeout:
            self._down.set()
            raise StoreError(f"the PostgreSQL store {_shown(self._url)} is not answering")\
                from None
        except (psycopg.OperationalError, psycopg.InterfaceError) as e:
            self._down.set()
            reason = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise StoreError(f"the PostgreSQL store failed: {reason}") from None
        self._down.clear()
        return done

    def create(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        """Store a new game and its seats, in one transaction."""

        def write(db: psycopg.Connection[tuple[Any, ...]]) -> None:
            db.execute(
                "INSERT INTO games VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                (game.id, game.game, game.rules, game.seed, game.clock, game.created,
                 game.spectator_hash, game.listed),
            )
            with db.cursor() as cur:
                cur.executemany(
                    "INSERT INTO seats VALUES (%s, %s, %s, %s, %s, %s, %s)",
                    [(game.id, s.seat, s.kind, s.bot, s.options, s.token_hash, s.open)
                     for s in seats],
                )

        self._run(write)

    def game(self, game_id: str) -> tuple[GameRow, tuple[SeatRow, ...]] | None:
        """A game and its seats, or ``None``."""

        def read(db: psycopg.Connection[tuple[Any, ...]]) -> Any:
            row = db.execute("SELECT * FROM games WHERE id = %s", (game_id,)).fetchone()
            if row is None:
                return None
            seats = db.execute(
                "SELECT seat, kind, bot, options, token_hash, open FROM seats"
                " WHERE game_id = %s ORDER BY seat",
                (game_id,),
            ).fetchall()
            return _game_row(row), tuple(_seat_row(s) for s in seats)

        found: tuple[GameRow, tuple[SeatRow, ...]] | None = self._run(read)
        return found

    def log(self, game_id: str, after: int = 0) -> tuple[LogRow, ...]:
        """The game's log rows after ``after``, in order."""
        rows = self._run(lambda db: db.execute(
            "SELECT seq, seat, kind, token, at FROM log WHERE game_id = %s AND seq > %s"
            " ORDER BY seq",
            (game_id, after),
        ).fetchall())
        return tuple(LogRow(*r) for r in rows)

    def append(self, game_id: str, rows: Sequence[LogRow]) -> bool:
        """Commit ``rows`` at once and announce them on :data:`CHANNEL`, or write none
        and return ``False`` if their first ``seq`` is taken (or the game is unknown)."""
        if not rows:
            return True

        def write(db: psycopg.Connection[tuple[Any, ...]]) -> None:
            with db.cursor() as cur:
                cur.executemany(
                    "INSERT INTO log VALUES (%s, %s, %s, %s, %s, %s)",
                    [(game_id, r.seq, r.seat, r.kind, r.token, r.at) for r in rows],
                )
            notice = f"{game_id}:{rows[-1].seq}:{self._process}"
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, notice))

        try:
            self._run(write)
        except errors.IntegrityError:
            return False
        return True

    def claim(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Give the open seat ``seat`` its token, if nobody has taken it yet."""
        count = self._run(lambda db: db.execute(
            "UPDATE seats SET token_hash = %s WHERE game_id = %s AND seat = %s"
            " AND open AND token_hash IS NULL",
            (token_hash, game_id, seat),
        ).rowcount)
        return bool(count == 1)

    def listed(self, limit: int) -> list[tuple[GameRow, tuple[SeatRow, ...], int]]:
        """The newest listed games, with their seats and log lengths."""

        def read(db: psycopg.Connection[tuple[Any, ...]]) -> Any:
            games = db.execute(
                "SELECT g.*, (SELECT COUNT(*) FROM log l WHERE l.game_id = g.id)"
                " FROM games g WHERE listed ORDER BY created DESC LIMIT %s",
                (limit,),
            ).fetchall()
            seats = db.execute(
                "SELECT game_id, seat, kind, bot, options, token_hash, open FROM seats"
                " WHERE game_id = ANY(%s) ORDER BY game_id, seat",
                ([g[0] for g in games],),
            ).fetchall()
            by_game: dict[str, list[SeatRow]] = {}
            for s in seats:
                by_game.setdefault(s[0], []).append(_seat_row(s[1:]))
            return [(_game_row(g[:-1]), tuple(by_game.get(g[0], ())), int(g[-1]))
                    for g in games]

        out: list[tuple[GameRow, tuple[SeatRow, ...], int]] = self._run(read)
        return out

    def games(self) -> list[str]:
        """Every game's id, oldest first."""
        ids = self._run(lambda db: db.execute("SELECT id FROM games ORDER BY created").fetchall())
        return [r[0] for r in ids]

    def running(self) -> list[str]:
        """The games not marked ended, oldest first."""
        ids = self._run(lambda db: db.execute(
            "SELECT id FROM games WHERE id NOT IN (SELECT game_id FROM ended) ORDER BY created"
        ).fetchall())
        return [r[0] for r in ids]

    def end(self, game_id: str) -> None:
        """Mark a game ended."""
        self._run(lambda db: db.execute(
            "INSERT INTO ended VALUES (%s) ON CONFLICT DO NOTHING", (game_id,)))

    def ended(self, game_ids: Sequence[str]) -> set[str]:
        """Which of ``game_ids`` are marked ended."""
        rows = self._run(lambda db: db.execute(
            "SELECT game_id FROM ended WHERE game_id = ANY(%s)", (list(game_ids),)).fetchall())
        return {str(r[0]) for r in rows}

    def lease(self, game_id: str, owner: str, until: float, now: float) -> tuple[bool, bool]:
        """Hold or renew the game's lease, unless another owner's runs past ``now``
        (the row locked while it is decided: two processes never both take it)."""

        def take(db: psycopg.Connection[tuple[Any, ...]]) -> tuple[bool, bool]:
            db.execute("INSERT INTO leases VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                       (game_id, "", 0.0))  # fmt: skip
            found = db.execute(
                "SELECT owner, until FROM leases WHERE game_id = %s FOR UPDATE", (game_id,)
            ).fetchone()
            assert found is not None  # inserted above, or there already
            held, held_until = found
            if held not in ("", owner) and held_until >= now:
                return False, False
            db.execute("UPDATE leases SET owner = %s, until = %s WHERE game_id = %s",
                       (owner, until, game_id))  # fmt: skip
            return True, held not in ("", owner)

        taken: tuple[bool, bool] = self._run(take)
        return taken

    def release(self, game_id: str, owner: str) -> None:
        """Give the game's lease up, if ``owner`` holds it."""
        self._run(lambda db: db.execute(
            "DELETE FROM leases WHERE game_id = %s AND owner = %s", (game_id, owner)))

    def orphans(self, now: float) -> list[str]:
        """The games not ended whose lease ran out before ``now``."""
        rows = self._run(lambda db: db.execute(
            "SELECT game_id FROM leases WHERE until < %s AND game_id NOT IN"
            " (SELECT game_id FROM ended)", (now,)).fetchall())
        return [str(r[0]) for r in rows]

    def clocks(self, game_id: str) -> dict[tuple[int, int], float]:
        """The stored deadlines of a game's decisions."""
        rows = self._run(lambda db: db.execute(
            "SELECT seat, asked, deadline FROM clocks WHERE game_id = %s", (game_id,)).fetchall())
        return {(int(seat), int(asked)): float(d) for seat, asked, d in rows}

    def clock(self, game_id: str, seat: int, asked: int, deadline: float) -> float:
        """The decision's deadline: the one stored, else ``deadline``, stored now (the
        first process to store it sets it for all)."""

        def write(db: psycopg.Connection[tuple[Any, ...]]) -> Any:
            db.execute("INSERT INTO clocks VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING",
                       (game_id, seat, asked, deadline))  # fmt: skip
            return db.execute(
                "SELECT deadline FROM clocks WHERE game_id = %s AND seat = %s AND asked = %s",
                (game_id, seat, asked)).fetchone()  # fmt: skip

        (found,) = self._run(write)
        return float(found)

    def heads(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The last ``seq`` stored of each of ``game_ids`` (0 for a game with no row)."""
        rows = self._run(lambda db: db.execute(
            "SELECT game_id, MAX(seq) FROM log WHERE game_id = ANY(%s) GROUP BY game_id",
            (list(game_ids),),
        ).fetchall())
        found = {str(g): int(s) for g, s in rows}
        return {g: found.get(g, 0) for g in game_ids}

    def listen(self, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(game_id, seq)`` for every append of another server process
        (or another store on the same database), from a daemon thread. When this
        returns, the thread is listening: nothing appended after is missed."""
        self._callbacks.append(callback)
        if self._listener is not None:
            return
        db = self._connect(autocommit=True)
        db.execute(f"LISTEN {CHANNEL}")
        self._listener = threading.Thread(
            target=self._hear, args=(db,), name="gamekit-listen", daemon=True
        )
        self._listener.start()

    def _hear(self, db: psycopg.Connection[tuple[Any, ...]]) -> None:
        """The listening thread: hear notices until :meth:`close`; a lost connection is
        made again (what was appended meanwhile is read by the next catch-up)."""
        wait = 0.5
        while not self._stop.is_set():
            try:
                for notice in db.notifies(timeout=_POLL):
                    self._tell(notice.payload)
            except psycopg.Error:
                if self._stop.is_set():
                    break
                self._down.set()  # calls are told unavailable at once till one works
                if wait == 0.5:  # once an outage, not in a loop
                    log.warning("lost the PostgreSQL listening connection; connecting again")
                db.close()
                while not self._stop.wait(wait):
                    try:
                        db = self._connect(autocommit=True)
                        db.execute(f"LISTEN {CHANNEL}")
                    except (StoreError, psycopg.Error):
                        wait = min(wait * 2, 8.0)  # back off while the database is down
                        continue
                    log.warning("listening to PostgreSQL again")
                    wait = 0.5
                    self._tell(f"{CAUGHT_UP}:0:")  # what was missed: the hub catches up
                    break
        db.close()

    def _tell(self, payload: str) -> None:
        game_id, seq, process = [*payload.split(":"), ""][:3]
        if process == self._process:
            return  # our own append: told already
        if not game_id or not seq.isdigit():
            log.warning("a notice on %s not of ours: %.80r", CHANNEL, payload)
            return
        for callback in list(self._callbacks):
            try:
                callback(game_id, int(seq))
            except Exception:  # one listener's bug must not stop the others
                log.exception("a store listener")

    def check(self) -> None:
        """Ask the database whether this role may write the games: one that is down,
        read-only (a standby) or refuses the role is a :class:`StoreError`."""

        def probe(db: psycopg.Connection[tuple[Any, ...]]) -> Any:
            return db.execute(
                "SELECT pg_is_in_recovery(), current_setting('transaction_read_only'),"
                " has_table_privilege('games', 'INSERT'), has_table_privilege('log', 'INSERT')"
            ).fetchone()

        try:
            standby, read_only, games, log = self._run(probe)
        except psycopg.Error as e:
            reason = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise StoreError(f"the PostgreSQL store cannot be written: {reason}") from None
        if standby or read_only == "on":
            raise StoreError("the PostgreSQL store cannot be written: it is read-only")
        if not (games and log):
            raise StoreError("the PostgreSQL store cannot be written: the role may not insert")

    def close(self) -> None:
        """Stop listening and close the connections."""
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=_POLL * 4)
        self._pool.close()
