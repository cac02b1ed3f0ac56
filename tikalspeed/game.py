"""Tikal as the shared kit sees it: :data:`GAME`, the game's descriptor.

Every tool of :mod:`gamekit` (the fuzzer, studies, ``why``, scenarios, the play loop,
the command line's harness) takes a :class:`gamekit.Game`; this is Tikal's, for all
three modes. It names the contract functions, the text and JSON forms, the clauses,
the players and what a view hides (a Speed Jump's secret token choices,
SPEED-JUMP-1); its bots and drawings live in :mod:`tikalspeed.tools`, named here and
imported on first use.

>>> s = GAME.new_game(GAME.Rules(players=3), seed=1)
>>> GAME.name, GAME.players(s.rules), GAME.secret(s), GAME.seat_names(s.rules)
('Tikal', 3, False, ('P1', 'P2', 'P3'))
"""

from __future__ import annotations

from gamekit import Game

from . import engine, errors, svg
from .model import actions, rules, state, view
from .model.actions import Action, ChooseTokens, player_name
from .model.rules import Rules
from .model.state import Phase, State
from .text import clauses, decision, jsonio, notation, record, views
from .text.words import refusal_words

__all__ = ["GAME"]


def _players(rules: Rules) -> int:
    return rules.players


def _named_token(action: Action) -> str:
    """A token choice says whose it is (``P2:tokens:3``); every other token does."""
    if isinstance(action, ChooseTokens):
        return f"{player_name(action.player)}:{action}"
    return str(action)


def _seat_clause(state: State) -> str:
    return "SPEED-JUMP-1" if state.turn.phase is Phase.TOKENS else "TIKAL-TURN-4"


GAME = Game.gather(
    [engine, errors, actions, rules, state, view, notation, record, views, clauses],
    name="Tikal",
    package="tikalspeed",
    spec="specs/tikal.md",
    decision=decision.decision,
    decision_to_json=decision.decision_to_json,
    refusal_words=refusal_words,
    json=jsonio,
    picture=svg.board,
    decision_picture=svg.decision_picture,  # the legal turns in hand, the auction's display
    token_joiner=":",
    players=_players,
    max_players=4,
    named_token=_named_token,
    seat_clause=_seat_clause,
    secret=engine.contract.secret,  # compiled: asked once a decision
    bots={
        "greedy": "tikalspeed.tools.bots:GreedyBot",
        "mcts": "tikalspeed.tools.bots.search:MCTSBot",
        "random": "tikalspeed.tools.bots:RandomBot",
    },
    drawing="tikalspeed.tools.cli.board:render",
    words="tikalspeed.tools.cli.words:in_words",
    human="tikalspeed.tools.cli.prompt:Human",
    scenarios="tikalspeed.tools.scenarios.runner:FORMAT",
)
"""Tikal's descriptor: what every tool of the shared kit needs to know of the game."""
