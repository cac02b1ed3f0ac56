"""Where the server keeps its games: the rows, and the embedded default store (SQLite).

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

import hashlib
import sqlite3
import threading
from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

__all__ = [
    "GameRow",
    "LogRow",
    "SQLiteStore",
    "SeatRow",
    "Store",
    "StoreError",
    "hash_token",
    "open_store",
]

KINDS = ("play", "chance", "bot", "timeout", "resign")
"""What wrote a log row: a seat's own action, a chance outcome the server drew, a
bot's action, the default a clock played for a seat, or a seat resigning."""


class StoreError(RuntimeError):
    """The store cannot be reached or opened."""


def hash_token(token: str) -> str:
    """The form a token is stored in: its SHA-256, hex. A token is 32 random bytes
    (:func:`secrets.token_urlsafe`), so no salt or slow hash is needed: nothing
    guessable is hashed.

    >>> hash_token("abc")[:12]
    'ba7816bf8f01'
    """
    return hashlib.sha256(token.encode()).hexdigest()


@attrs.frozen
class GameRow:
    """A game as stored: its id, game, rules, secret seed, clock and spectator token."""

    id: str
    """The game's id in links: unguessable (:func:`secrets.token_urlsafe`)."""
    game: str
    """The game's package: ``'tiki'``, ``'tikalspeed'``."""
    rules: str
    """The ``Rules`` as the game's JSON text."""
    seed: int
    """The server's secret seed: the start and every chance outcome are drawn from it
    and the sequence number, so after a restart they are what they would have been."""
    clock: float | None
    """Seconds per decision, or ``None`` for no clock."""
    created: float
    """When it was created (seconds since the epoch)."""
    spectator_hash: str
    """The spectator token, hashed."""
    listed: bool = False
    """Whether the lobby lists it (it has open seats)."""


@attrs.frozen
class SeatRow:
    """A seat as stored."""

    seat: int
    """The seat, 0 … players-1 (the player it plays)."""
    kind: str
    """``'human'`` or ``'bot'``."""
    bot: str | None = None
    """The bot's name (``'greedy'``, ``'mcts'``, ``'random'``) for a bot seat."""
    options: str = "{}"
    """The bot's options as JSON text (``{"playouts": 200}``)."""
    token_hash: str | None = None
    """The seat's token, hashed; ``None`` for a bot or an open seat not yet taken."""
    open: bool = False
    """Whether anyone in the lobby may take it (the creator then holds no token)."""


@attrs.frozen
class LogRow:
    """One transition of a game, as stored."""

    seq: int
    """Its sequence number: 1 for the first transition."""
    seat: int
    """Who played it: the seat, or ``-1`` for chance."""
    kind: str
    """One of :data:`KINDS`."""
    token: str
    """The action's token (``parse_action`` reads it back); ``''`` for a resignation."""
    at: float
    """When it was stored (seconds since the epoch)."""


class Store(Protocol):
    """The methods every store has. Each call is blocking: the server calls them off
    its event loop."""

    def create(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        """Store a new game and its seats."""

    def game(self, game_id: str) -> tuple[GameRow, tuple[SeatRow, ...]] | None:
        """A game and its seats, or ``None``."""

    def log(self, game_id: str, after: int = 0) -> tuple[LogRow, ...]:
        """The game's log rows with ``seq > after``, in order."""

    def append(self, game_id: str, rows: Sequence[LogRow]) -> bool:
        """Commit ``rows`` (consecutive, starting at the next ``seq``) at once, or
        none of them if that ``seq`` is already written: ``False`` then."""

    def claim(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Give an open seat not yet taken the token ``token_hash``; ``False`` if it is
        not open or already taken."""

    def listed(self, limit: int) -> list[tuple[GameRow, tuple[SeatRow, ...], int]]:
        """The newest games the lobby lists, with their seats and how many log rows."""

    def games(self) -> list[str]:
        """Every game's id."""

    def listen(self, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(game_id, seq)`` whenever another server process appends to
        a game (nothing to do where only one process writes)."""

    def close(self) -> None:
        """Release the store."""


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
"""


class SQLiteStore:
    """The embedded default store: one SQLite file (or ``":memory:"``), in WAL mode
    with full sync, so a committed row survives a killed process and a power cut.

    One process writes it; its connection is shared by the server's store thread
    behind a lock.
    """

    def __init__(self, path: str) -> None:
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
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

    def listen(self, callback: Callable[[str, int], None]) -> None:
        """Nothing to hear: one process writes an SQLite store."""

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()


def _game_row(row: tuple[object, ...]) -> GameRow:
    id_, game, rules, seed, clock, created, spectator_hash, listed = row
    return GameRow(
        str(id_), str(game), str(rules), int(seed),  # type: ignore[call-overload]
        None if clock is None else float(clock),  # type: ignore[arg-type]
        float(created), str(spectator_hash), bool(listed),  # type: ignore[arg-type]
    )


def _seat_row(row: tuple[object, ...]) -> SeatRow:
    seat, kind, bot, options, token_hash, open_ = row
    return SeatRow(
        int(seat), str(kind), None if bot is None else str(bot),  # type: ignore[call-overload]
        str(options), None if token_hash is None else str(token_hash), bool(open_),
    )


def open_store(url: str) -> Store:
    """The store at ``url``: a PostgreSQL URL (``postgresql://…``) or an SQLite file's
    path (``sqlite:///path`` or a plain path).

    >>> open_store("sqlite://:memory:")
    SQLiteStore(...)
    """
    if url.startswith(("postgresql://", "postgres://")):
        from .pgstore import PostgresStore  # type: ignore[import-not-found]  # not yet written

        store: Store = PostgresStore(url)
        return store
    path = url.removeprefix("sqlite://").removeprefix("/") if url.startswith("sqlite://") else url
    if url.startswith("sqlite:///"):
        path = "/" + url.removeprefix("sqlite:///")
    return SQLiteStore(path)
