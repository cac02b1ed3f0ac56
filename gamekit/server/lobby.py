"""The lobby's requests: a new game (its ``Rules``, seats, clock), read within bounds.

A request to create a game is JSON: ``{"game": "tikalspeed", "rules": {...},
"seats": [{"kind": "human"}, {"kind": "human", "open": true}, {"kind": "bot",
"bot": "mcts", "playouts": 200}], "clock": 60, "listed": true}``. ``rules`` is the
game's own rules JSON (``rules_to_json``), default ``Rules()`` (then as many seats as
given, if the game takes that many players: ``{"players": 4}`` in Tikal). A human
seat gets a secret token (its link) unless it is ``open``: an open seat is taken in
the lobby by the first who asks, and a game with open seats is listed there.

>>> import tiki
>>> plan = read_new_game({"tiki": tiki.GAME}, {"game": "tiki",
...     "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]})
>>> plan.game.name, [s.kind for s in plan.seats], plan.clock
('Tiki', ['human', 'bot'], None)
>>> read_new_game({"tiki": tiki.GAME}, {"game": "tiki", "seats": [{"kind": "robot"}, {}]})
Traceback (most recent call last):
...
gamekit.server.lobby.LobbyError: $.seats[0].kind: expected 'human' or 'bot', not 'robot'
"""

from __future__ import annotations

import contextlib
import json
import reprlib
from collections.abc import Mapping
from typing import Any

import attrs

from ..game import Game
from .store import SeatRow

__all__ = ["MAX_CLOCK", "MAX_PLAYOUTS", "LobbyError", "NewGame", "read_new_game"]

MAX_PLAYOUTS = 5000
"""The largest search budget a bot seat may be given (playouts per decision)."""
MIN_CLOCK, MAX_CLOCK = 5.0, 86400.0
"""The shortest and longest clock per decision, in seconds."""


class LobbyError(ValueError):
    """A lobby request the server refuses, with where it broke."""


@attrs.frozen
class NewGame:
    """A game to create, read from a request."""

    game: Game
    """Which game."""
    rules: Any
    """Its ``Rules``."""
    seats: tuple[SeatRow, ...]
    """Its seats (tokens not yet made)."""
    clock: float | None
    """Seconds per decision, or ``None``."""
    listed: bool
    """Whether the lobby lists it."""


def _shown(value: Any) -> str:
    return reprlib.repr(value)


def _fields(obj: Any, path: str, allowed: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise LobbyError(f"{path}: expected an object, not {_shown(obj)}")
    for name in obj:
        if name not in allowed:
            known = ", ".join(allowed)
            raise LobbyError(f"{path}.{_shown(name)}: no such field (fields: {known})")
    return obj


def _seat(game: Game, obj: Any, path: str, seat: int) -> SeatRow:
    fields = _fields(obj, path, ("kind", "open", "bot", "playouts"))
    kind = fields.get("kind")
    if kind == "human":
        if "bot" in fields or "playouts" in fields:
            raise LobbyError(f"{path}: a human seat takes no bot and no playouts")
        is_open = fields.get("open", False)
        if not isinstance(is_open, bool):
            raise LobbyError(f"{path}.open: expected true or false, not {_shown(is_open)}")
        return SeatRow(seat, "human", open=is_open)
    if kind != "bot":
        raise LobbyError(f"{path}.kind: expected 'human' or 'bot', not {_shown(kind)}")
    if "open" in fields:
        raise LobbyError(f"{path}.open: a bot's seat is not open")
    bot = fields.get("bot", "greedy")
    if bot not in game.bots:
        names = ", ".join(repr(b) for b in sorted(game.bots))
        raise LobbyError(f"{path}.bot: expected one of {names}, not {_shown(bot)}")
    options: dict[str, int] = {}
    if "playouts" in fields:
        playouts = fields["playouts"]
        if bot != "mcts":
            raise LobbyError(f"{path}.playouts: only the 'mcts' bot takes a budget")
        if type(playouts) is not int or not 1 <= playouts <= MAX_PLAYOUTS:
            raise LobbyError(
                f"{path}.playouts: expected a whole number 1 to {MAX_PLAYOUTS},"
                f" not {_shown(playouts)}"
            )
        options["playouts"] = playouts
    return SeatRow(seat, "bot", bot=str(bot), options=json.dumps(options, sort_keys=True))


def read_new_game(games: Mapping[str, Game], obj: Any) -> NewGame:
    """The game a lobby request asks for, or a :class:`LobbyError` naming where the
    request broke."""
    fields = _fields(obj, "$", ("game", "rules", "seats", "clock", "listed"))
    name = fields.get("game")
    if not isinstance(name, str) or name not in games:
        known = ", ".join(repr(g) for g in sorted(games))
        raise LobbyError(f"$.game: expected one of {known}, not {_shown(name)}")
    game = games[name]
    seats_in = fields.get("seats")
    if not isinstance(seats_in, list) or not seats_in:
        raise LobbyError(f"$.seats: expected a list of seats, not {_shown(seats_in)}")
    if len(seats_in) > game.max_players:
        raise LobbyError(f"$.seats: {game.name} has at most {game.max_players} players")
    if "rules" in fields:
        try:
            rules = game.json.rules_from_json(fields["rules"], "$.rules")
        except game.NotationError as e:
            raise LobbyError(str(e)) from None
    else:
        rules = game.Rules()
        if game.players(rules) != len(seats_in):
            with contextlib.suppress(game.NotationError):  # the count is refused below
                rules = game.json.rules_from_json({"players": len(seats_in)}, "$.rules")
    players = game.players(rules)
    if players != len(seats_in):
        raise LobbyError(f"$.seats: these rules seat {players} players, not {len(seats_in)}")
    seats = tuple(_seat(game, s, f"$.seats[{i}]", i) for i, s in enumerate(seats_in))
    clock = fields.get("clock")
    if clock is not None and (
        isinstance(clock, bool)
        or not isinstance(clock, (int, float))
        or not MIN_CLOCK <= clock <= MAX_CLOCK
    ):
        span = f"{MIN_CLOCK:g} to {MAX_CLOCK:g}"
        raise LobbyError(f"$.clock: expected seconds from {span} or null, not {_shown(clock)}")
    listed = fields.get("listed", any(s.open for s in seats))
    if not isinstance(listed, bool):
        raise LobbyError(f"$.listed: expected true or false, not {_shown(listed)}")
    return NewGame(game, rules, seats, None if clock is None else float(clock), listed)
