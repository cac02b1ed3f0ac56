"""The lobby's side of the server: new games, open seats, the lists of games.

:class:`Desk` is the part of :class:`~gamekit.server.hub.Hub` that answers the lobby's
HTTP requests; the hub gives it the store, the games and a game's loading.
"""

from __future__ import annotations

import abc
import json
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

from ..game import Game
from .live import Live
from .lobby import NewGame, read_new_game
from .store import GameRow, SeatRow, Store, hash_token

__all__ = ["Desk"]

T = TypeVar("T")


class Desk(abc.ABC):
    """The lobby's requests, answered over the hub's store and games."""

    games: Mapping[str, Game]
    store: Store
    base_url: str
    _live: dict[str, Live]

    @abc.abstractmethod
    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the store's thread (the hub's)."""

    @abc.abstractmethod
    async def _get(self, game_id: str) -> Live | None:
        """The game loaded, or ``None`` if there is none (the hub's)."""

    @abc.abstractmethod
    async def _run(self, live: Live) -> None:
        """Start what the game waits for: bots, clocks (the hub's)."""

    @abc.abstractmethod
    async def _room(self) -> None:
        """Make room for one more game in memory, or refuse it ``full`` (the hub's)."""

    async def create(self, request: Any) -> dict[str, Any]:
        """Create the game a lobby request asks for (:func:`read_new_game`) and return
        its id, each seat's link and the spectators' link. Tokens are returned once and
        stored only hashed."""
        plan: NewGame = read_new_game(self.games, request)
        await self._room()  # before anything is stored
        game_id = secrets.token_urlsafe(12)
        spectator = secrets.token_urlsafe(32)
        tokens: dict[int, str] = {}
        seats = []
        for s in plan.seats:
            if s.kind == "human" and not s.open:
                tokens[s.seat] = secrets.token_urlsafe(32)
                s = attrs.evolve(s, token_hash=hash_token(tokens[s.seat]))
            seats.append(s)
        row = GameRow(
            game_id,
            plan.game.package,
            json.dumps(plan.game.json.rules_to_json(plan.rules), sort_keys=True),
            secrets.randbits(63),
            plan.clock,
            time.time(),
            hash_token(spectator),
            plan.listed,
        )
        await self._db(self.store.create, row, seats)
        live = await self._get(game_id)
        assert live is not None
        async with live.lock:
            await self._run(live)
        return {
            "id": game_id,
            "game": plan.game.package,
            "seats": [self._seat_json(plan.game, s, game_id, tokens.get(s.seat)) for s in seats],
            "spectator": {"token": spectator, "link": self._link(game_id, spectator)},
        }

    def _link(self, game_id: str, token: str) -> str:
        return f"{self.base_url}/play/{game_id}#{token}"

    def _seat_json(
        self, game: Game, s: SeatRow, game_id: str = "", token: str | None = None
    ) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": s.seat,
            "name": game.player_name(s.seat),
            "kind": s.kind,
            "bot": s.bot,
            "open": s.open and s.token_hash is None,
        }
        if token is not None:
            out["token"] = token
            out["link"] = self._link(game_id, token)
        return out

    async def take_seat(self, game_id: str, seat: int) -> dict[str, Any] | None:
        """Take the open seat ``seat`` of a listed game: its token and link, or
        ``None`` if it is not open (or already taken)."""
        live = await self._get(game_id)
        if live is None or live.table.over:
            return None
        token = secrets.token_urlsafe(32)
        if not await self._db(self.store.claim, game_id, seat, hash_token(token)):
            return None
        found = await self._db(self.store.game, game_id)
        if found is not None:
            live.seats = found[1]
        return {"seat": seat, "token": token, "link": self._link(game_id, token)}

    async def listed(self, limit: int = 100) -> list[dict[str, Any]]:
        """The games the lobby lists, newest first: id, game, rules, seats, how far."""
        out = []
        found = await self._db(self.store.listed, limit)
        ended = await self._db(self.store.ended, [row.id for row, _, _ in found])
        for row, seats, seq in found:
            game = self.games.get(row.game)
            if game is None:
                continue
            live = self._live.get(row.id)
            over = live.table.over if live is not None else row.id in ended
            out.append({
                "id": row.id,
                "game": row.game,
                "rules": json.loads(row.rules),
                "clock": row.clock,
                "seats": [self._seat_json(game, s) for s in seats],
                "seq": seq,
                "over": over,
            })
        return out


    def hosted(self) -> list[dict[str, Any]]:
        """The games this server hosts: package, name, most players, bots, and the
        default rules as JSON (the lobby's choices)."""
        return [
            {
                "game": g.package,
                "name": g.name,
                "max_players": g.max_players,
                "bots": sorted(g.bots),
                "rules": g.json.rules_to_json(g.Rules()),
            }
            for g in self.games.values()
        ]
