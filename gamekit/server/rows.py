"""The rows a store keeps, and the methods every store has (:class:`Store`).

A game is three kinds of rows. A :class:`GameRow` says which game it is, under which
``Rules``, with the server's secret ``seed`` from which every chance outcome is drawn.
A :class:`SeatRow` per seat says who sits there (a person or a bot) and holds the
seat's token only hashed. A :class:`LogRow` per transition holds what was played, in
order: the game's sequence number ``seq`` counts them from 1.

The stores themselves are :class:`gamekit.server.store.SQLiteStore` and
:class:`gamekit.server.pgstore.PostgresStore`; :mod:`gamekit.server.store` names
these rows too, and opens a store from its URL.

>>> LogRow(1, -1, "chance", "layout", 0.0).seq
1
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

__all__ = [
    "KINDS",
    "GameRow",
    "LogRow",
    "SeatRow",
    "Store",
    "StoreError",
    "hash_token",
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

    def running(self) -> list[str]:
        """The ids of the games not marked ended (:meth:`end`), oldest first: what a
        server resumes when it starts."""

    def end(self, game_id: str) -> None:
        """Mark a game ended: it is not resumed at start (it is read when asked for)."""

    def ended(self, game_ids: Sequence[str]) -> set[str]:
        """Which of ``game_ids`` are marked ended."""

    def lease(self, game_id: str, owner: str, until: float, now: float) -> tuple[bool, bool]:
        """Hold (or renew) the game's lease for ``owner`` until ``until``, if nobody else
        holds one that runs past ``now``: whether ``owner`` holds it now, and whether it
        took it over from another owner whose lease ran out."""

    def release(self, game_id: str, owner: str) -> None:
        """Give the game's lease up, if ``owner`` holds it."""

    def orphans(self, now: float) -> list[str]:
        """The games not ended whose lease ran out before ``now``: their owner died or
        stopped renewing, and another process is to take them over."""

    def clocks(self, game_id: str) -> dict[tuple[int, int], float]:
        """The stored deadlines of a game's decisions, by ``(seat, asked)``: seconds
        since the epoch."""

    def clock(self, game_id: str, seat: int, asked: int, deadline: float) -> float:
        """The deadline of a decision: the one stored, else ``deadline``, stored now."""

    def listen(self, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(game_id, seq)`` whenever another server process appends to
        a game (nothing to do where only one process writes)."""

    def heads(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The last ``seq`` stored of each of ``game_ids`` (0 for a game with no row):
        how a process finds the games it holds that another process moved on."""

    def check(self) -> None:
        """Make sure the store answers and can be written (a write rolled back): a
        :class:`StoreError` saying why not (the readiness probe, and the start)."""

    def close(self) -> None:
        """Release the store."""


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
