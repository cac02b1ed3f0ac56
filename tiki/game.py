"""Tiki as the shared kit sees it: :data:`GAME`, the game's descriptor.

Every tool of :mod:`gamekit` (the fuzzer, studies, ``why``, scenarios, the play loop,
the command line's harness) takes a :class:`gamekit.Game`; this is Tiki's. It names
the contract functions, the text and JSON forms, the clauses and the players; its
bots and drawings live in :mod:`tiki.tools`, named here and imported on first use.

>>> GAME.name, GAME.players(GAME.Rules()), GAME.secret(GAME.new_game(seed=1))
('Tiki', 2, False)
"""

from __future__ import annotations

from typing import Any

from gamekit import Game

from . import errors, svg
from .engine import contract, moves
from .model import actions, rules, state, view
from .model.state import PLAYER_SYMBOLS
from .text import clauses, decision, jsonio, notation, record, views
from .text.words import refusal_words

__all__ = ["GAME"]


def _player_name(player: int) -> str:
    return PLAYER_SYMBOLS[player]


def _players(rules: Any) -> int:
    return 2


def _seat_clause(state: Any) -> str:
    return "TIKI-TURN-3"


GAME = Game.gather(
    [contract, moves, errors, actions, rules, state, view, notation, record, views, clauses],
    name="Tiki",
    package="tiki",
    spec="specs/tiki.md",
    decision=decision.decision,
    decision_to_json=decision.decision_to_json,
    refusal_words=refusal_words,
    json=jsonio,
    picture=svg.board,
    token_joiner="",
    player_name=_player_name,
    players=_players,
    max_players=2,
    named_token=str,
    seat_clause=_seat_clause,
    secret=moves.secret,  # compiled: asked once a decision by the server
    simultaneous=False,  # TIKI-TURN-3: one player decides at a time
    bots={
        "greedy": "tiki.tools.bots:GreedyBot",
        "mcts": "tiki.tools.bots.search:MCTSBot",
        "random": "tiki.tools.bots:RandomBot",
    },
    argued_bots={"perfect": "tiki.tools.bots.perfect:PerfectBot"},
    drawing="tiki.tools.cli.board:render",
    words="tiki.tools.cli.words:in_words",
    human="tiki.tools.cli.prompt:Human",
    scenarios="tiki.tools.scenarios.runner:FORMAT",
    solver="tiki.tools.solve.solver:solve",
)
"""Tiki's descriptor: what every tool of the shared kit needs to know of the game."""
