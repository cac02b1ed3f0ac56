"""What a bot seat runs off the server's event loop: one decision, in a worker
process, from the position (or view) as JSON text.

The server hands a bot only what its seat may see: where the players choose at once
and in secret (the game's ``secret(state)``) the seat's own view, otherwise the
position, which then hides nothing from it. The worker imports the game by its
package (``tiki``: ``tiki:GAME``), so nothing but text crosses to the process.

>>> import json, tiki
>>> s = tiki.GAME.new_game(tiki.Rules(), seed=4)
>>> seat = tiki.GAME.actors(s)[0]
>>> token = decide("tiki", tiki.GAME.json.dumps(s), seat, "greedy", "{}", 7)
>>> token in tiki.GAME.decision(s).tokens(seat)
True
"""

from __future__ import annotations

import json
from typing import Any

from ..bots import chooser
from ..game import Game, load

__all__ = ["decide", "game_of"]


def game_of(package: str) -> Game:
    """The descriptor a game's package exports as ``GAME``."""
    game: Game = load(f"{package}:GAME")
    return game


def decide(package: str, position: str, seat: int, bot: str, options: str, seed: int) -> str:
    """The token of the action bot ``bot`` (with ``options``, JSON text) chooses for
    ``seat`` in ``position`` (the game's JSON text of a state or a view)."""
    game = game_of(package)
    state: Any = game.json.loads(position)
    choose = chooser(game.bot(bot, seed=seed, **json.loads(options)))
    action = choose(state, seat)
    at = state.state if isinstance(state, game.View) else state
    token: str = game.action_token(at, action)
    return token
