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

import contextlib
import ctypes
import json
import os
import signal
import sys
import threading
import time
from typing import Any

from ..bots import chooser
from ..game import Game, load

__all__ = ["decide", "follow_parent", "game_of"]

PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when its parent dies."""


def follow_parent() -> None:
    """End this worker process when the server that started it ends, however it ends
    (a ``kill -9`` included): the pool's initializer. On Linux the kernel sends
    SIGTERM at the parent's death (``prctl(PR_SET_PDEATHSIG)``); everywhere a thread
    also looks each second whether the parent is still there."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM))
    if os.getppid() != parent:  # it died before we asked
        os._exit(0)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


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
