"""Where the server keeps its games: the rows (:mod:`~gamekit.server.rows`), the embedded
default store (SQLite), and a store opened from its URL (:func:`open_store`).

A game is three kinds of rows. A :class:`GameRow` says which game it is, under which
``Rules``, with the server's secret ``seed`` from which every chance outcome is drawn.
A :class:`SeatRow` per seat says who sits there (a person or a bot) and holds the
seat's token only hashed. A :class:`LogRow` per transition holds what was played, in
order: the game's sequence number ``seq`` counts them from 1. An action is
acknowledged only once its row (and the chance rows it leads to) is committed, and a
row is written at most once per ``seq``: two writers racing for the same number (two
server processes, or a bot and a clock) leave one winner, and the other is told.

Every store has the same methods (:class:`Store`); :class:`SQLiteStore` is one file
and needs nothing installed, :mod:`gamekit.server.pgstore` is the same on PostgreSQL
for several server processes on several machines.

>>> store = SQLiteStore(":memory:")
>>> store.create(GameRow("g1", "tiki", "{}", 7, None, 0.0, "h", True),
...              [SeatRow(0, "human", token_hash="a"), SeatRow(1, "bot", bot="greedy")])
>>> store.append("g1", [LogRow(1, -1, "chance", "layout", 0.0)])
True
>>> store.append("g1", [LogRow(1, 0, "play", "+a1", 0.0)])  # seq 1 is taken
False
>>> [r.token for r in store.log("g1")]
['layout']
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence

from .rows import (
    KINDS,
    GameRow,
    LogRow,
    SeatRow,
    Store,
    StoreError,
    _game_row,
    _seat_row,
    hash_token,
)

__all__ = [
    "KINDS",
    "GameRow",
    "LogRow",
    "SQLiteStore",
    "SeatRow",
    "Store",
    "StoreError",
    "hash_token",
    "open_store",
]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL, seed INTEGER NOT NULL,
    clock REAL, created REAL NOT NULL, spectator_hash TEXT NOT NULL, listed INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, kind TEXT NOT NULL,
    bot TEXT, options TEXT NOT NULL, token_hash TEXT, open INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS log (
    game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, seat INTEGER NOT NULL,
    kind TEXT NOT NULL, token TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX IF NOT EXISTS games_listed ON games(listed, created);
CREATE TABLE IF NOT EXISTS ended (game_id TEXT PRIMARY KEY REFERENCES games(id));
CREATE TABLE IF NOT EXISTS leases (
    game_id TEXT PRIMARY KEY REFERENCES games(id), owner TEXT NOT NULL, until REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS clocks (
    game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
    asked INTEGER NOT NULL, deadline REAL NOT NULL, PRIMARY KEY (game_id, seat, asked)
);
"""


class SQLiteStore:
    """The embedded default store: one SQLite file (or ``":memory:"``), in WAL mode
    with full sync, so a committed row survives a killed process and a power cut.

    One process writes it; its connection is shared by the server's store thread
    behind a lock. A ``file:`` URI is read as SQLite's (``file:games.db?mode=ro``).
    """

    def __init__(self, path: str) -> None:
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None,
                                       uri=path.startswith("file:"))  # fmt: skip
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as e:
            raise StoreError(f"cannot open the SQLite store {path!r}: {e}") from None
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return "SQLiteStore(...)"

    def create(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        """Store a new game and its seats, in one transaction."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game.id, game.game, game.rules, game.seed, game.clock, game.created,
                     game.spectator_hash, int(game.listed)),
                )
                self._db.executemany(
                    "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(game.id, s.seat, s.kind, s.bot, s.options, s.token_hash, int(s.open))
                     for s in seats],
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def game(self, game_id: str) -> tuple[GameRow, tuple[SeatRow, ...]] | None:
        """A game and its seats, or ``None``."""
        with self._lock:
            row = self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            seats = self._db.execute(
                "SELECT seat, kind, bot, options, token_hash, open FROM seats"
                " WHERE game_id = ? ORDER BY seat",
                (game_id,),
            ).fetchall()
        return _game_row(row), tuple(_seat_row(s) for s in seats)

    def log(self, game_id: str, after: int = 0) -> tuple[LogRow, ...]:
        """The game's log rows after ``after``, in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, seat, kind, token, at FROM log WHERE game_id = ? AND seq > ?"
                " ORDER BY seq",
                (game_id, after),
            ).fetchall()
        return tuple(LogRow(*r) for r in rows)

    def append(self, game_id: str, rows: Sequence[LogRow]) -> bool:
        """Commit ``rows`` at once, or none if their first ``seq`` is taken."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany(
                    "INSERT INTO log VALUES (?, ?, ?, ?, ?, ?)",
                    [(game_id, r.seq, r.seat, r.kind, r.token, r.at) for r in rows],
                )
            except sqlite3.IntegrityError:
                self._db.execute("ROLLBACK")
                return False
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return True

    def claim(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Give the open seat ``seat`` its token, if nobody has taken it yet."""
        with self._lock:
            cur = self._db.execute(
                "UPDATE seats SET token_hash = ? WHERE game_id = ? AND seat = ?"
                " AND open = 1 AND token_hash IS NULL",
                (token_hash, game_id, seat),
            )
            return cur.rowcount == 1

    def listed(self, limit: int) -> list[tuple[GameRow, tuple[SeatRow, ...], int]]:
        """The newest listed games, with their seats and log lengths."""
        with self._lock:
            ids = [
                r[0]
                for r in self._db.execute(
                    "SELECT id FROM games WHERE listed = 1 ORDER BY created DESC LIMIT ?",
                    (limit,),
                ).fetchall()
            ]
        out = []
        for game_id in ids:
            found = self.game(game_id)
            if found is not None:
                with self._lock:
                    (n,) = self._db.execute(
                        "SELECT COUNT(*) FROM log WHERE game_id = ?", (game_id,)
                    ).fetchone()
                out.append((found[0], found[1], int(n)))
        return out

    def games(self) -> list[str]:
        """Every game's id."""
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM games").fetchall()]

    def running(self) -> list[str]:
        """The games not marked ended, oldest first."""
        with self._lock:
            return [r[0] for r in self._db.execute(
                "SELECT id FROM games WHERE id NOT IN (SELECT game_id FROM ended)"
                " ORDER BY created").fetchall()]  # fmt: skip

    def end(self, game_id: str) -> None:
        """Mark a game ended."""
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO ended VALUES (?)", (game_id,))

    def ended(self, game_ids: Sequence[str]) -> set[str]:
        """Which of ``game_ids`` are marked ended."""
        if not game_ids:
            return set()
        with self._lock:
            return {r[0] for r in self._db.execute(
                f"SELECT game_id FROM ended WHERE game_id IN ({','.join('?' * len(game_ids))})",
                tuple(game_ids)).fetchall()}  # fmt: skip

    def lease(self, game_id: str, owner: str, until: float, now: float) -> tuple[bool, bool]:
        """Always ``owner``'s: one process writes an SQLite store, so a lease another
        process left (a process killed and started again) is its own."""
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO leases VALUES (?, ?, ?)",
                             (game_id, owner, until))  # fmt: skip
        return True, False

    def release(self, game_id: str, owner: str) -> None:
        """Give the game's lease up, if ``owner`` holds it."""
        with self._lock:
            self._db.execute("DELETE FROM leases WHERE game_id = ? AND owner = ?",
                             (game_id, owner))  # fmt: skip

    def orphans(self, now: float) -> list[str]:
        """The games not ended whose lease ran out before ``now``."""
        with self._lock:
            return [r[0] for r in self._db.execute(
                "SELECT game_id FROM leases WHERE until < ? AND game_id NOT IN"
                " (SELECT game_id FROM ended)", (now,)).fetchall()]  # fmt: skip

    def clocks(self, game_id: str) -> dict[tuple[int, int], float]:
        """The stored deadlines of a game's decisions."""
        with self._lock:
            rows = self._db.execute("SELECT seat, asked, deadline FROM clocks WHERE game_id = ?",
                                    (game_id,)).fetchall()  # fmt: skip
        return {(int(seat), int(asked)): float(d) for seat, asked, d in rows}

    def clock(self, game_id: str, seat: int, asked: int, deadline: float) -> float:
        """The decision's deadline: the one stored, else ``deadline``, stored now."""
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO clocks VALUES (?, ?, ?, ?)",
                             (game_id, seat, asked, deadline))  # fmt: skip
            (found,) = self._db.execute(
                "SELECT deadline FROM clocks WHERE game_id = ? AND seat = ? AND asked = ?",
                (game_id, seat, asked)).fetchone()  # fmt: skip
        return float(found)

    def listen(self, callback: Callable[[str, int], None]) -> None:
        """Nothing to hear: one process writes an SQLite store."""

    def heads(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The last ``seq`` stored of each of ``game_ids`` (0 for a game with no row)."""
        with self._lock:
            found = dict(self._db.execute(
                f"SELECT game_id, MAX(seq) FROM log WHERE game_id IN "
                f"({','.join('?' * len(game_ids))}) GROUP BY game_id", tuple(game_ids),
            ).fetchall()) if game_ids else {}  # fmt: skip
        return {g: int(found.get(g, 0)) for g in game_ids}

    def check(self) -> None:
        """A write rolled back: a read-only file, or a full or locked disk, is a
        :class:`StoreError` that says so."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    self._db.execute("CREATE TABLE IF NOT EXISTS probe (at REAL)")
                    self._db.execute("INSERT INTO probe VALUES (0)")
                finally:
                    self._db.execute("ROLLBACK")
            except sqlite3.Error as e:
                raise StoreError(f"the SQLite store cannot be written: {e}") from None

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()


def open_store(url: str) -> Store:
    """The store at ``url``: a PostgreSQL URL (``postgresql://…``) or an SQLite file's
    path (``sqlite:///path`` or a plain path).

    >>> open_store("sqlite://:memory:")
    SQLiteStore(...)
    """
    if url.startswith(("postgresql://", "postgres://")):
        from .pgstore import PostgresStore

        store: Store = PostgresStore(url)
        return store
    path = url.removeprefix("sqlite://").removeprefix("/") if url.startswith("sqlite://") else url
    if url.startswith("sqlite:///"):
        path = "/" + url.removeprefix("sqlite:///")
    return SQLiteStore(path)
