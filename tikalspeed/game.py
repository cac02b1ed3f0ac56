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

from . import svg
from .engine import (
    actors,
    apply,
    chance_outcomes,
    is_legal,
    legal_actions,
    new_game,
    observe,
    outcome,
    sample_chance,
    step,
    view_actions,
    why_illegal_in_view,
)
from .errors import IllegalActionError, NotationError
from .model.actions import Action, ChooseTokens, player_name
from .model.rules import Rules
from .model.state import CHANCE, Phase, State
from .model.view import View
from .text import jsonio
from .text.clauses import clause
from .text.decision import decision
from .text.notation import action_token, from_text, parse_action, rules_from_text, rules_to_text
from .text.notation import to_text as position_text
from .text.record import Record, read_record, replay, write_record
from .text.views import view_from_text, view_to_text

__all__ = ["GAME"]


def _players(rules: Rules) -> int:
    return rules.players


def _secret(state: State) -> bool:
    """At a Speed Jump's token choice the players choose at once and in secret
    (SPEED-JUMP-1): each sees only his own view."""
    return state.turn.phase is Phase.TOKENS


def _named_token(action: Action) -> str:
    """A token choice says whose it is (``P2:tokens:3``); every other token does."""
    if isinstance(action, ChooseTokens):
        return f"{player_name(action.player)}:{action}"
    return str(action)


def _seat_clause(state: State) -> str:
    return "SPEED-JUMP-1" if state.turn.phase is Phase.TOKENS else "TIKAL-TURN-4"


def _player_name(player: int) -> str:
    return player_name(player)


GAME = Game(
    name="Tikal",
    package="tikalspeed",
    spec="specs/tikal.md",
    Rules=Rules,
    State=State,
    View=View,
    Action=Action,
    Record=Record,
    NotationError=NotationError,
    IllegalActionError=IllegalActionError,
    CHANCE=CHANCE,
    new_game=new_game,
    actors=actors,
    legal_actions=legal_actions,
    is_legal=is_legal,
    chance_outcomes=chance_outcomes,
    sample_chance=sample_chance,
    step=step,
    apply=apply,
    observe=observe,
    outcome=outcome,
    view_actions=view_actions,
    why_illegal_in_view=why_illegal_in_view,
    to_text=position_text,
    from_text=from_text,
    parse_action=parse_action,
    action_token=action_token,
    rules_to_text=rules_to_text,
    rules_from_text=rules_from_text,
    view_to_text=view_to_text,
    view_from_text=view_from_text,
    read_record=read_record,
    write_record=write_record,
    replay=replay,
    token_joiner=":",
    decision=decision,
    json=jsonio,
    picture=svg.board,
    clause=clause,
    player_name=_player_name,
    players=_players,
    max_players=4,
    named_token=_named_token,
    seat_clause=_seat_clause,
    secret=_secret,
    bots={
        "greedy": "tikalspeed.tools.bots:GreedyBot",
        "mcts": "tikalspeed.tools.bots.search:MCTSBot",
        "random": "tikalspeed.tools.bots:RandomBot",
    },
    drawing="tikalspeed.tools.cli.board:render",
    words="tikalspeed.tools.cli.words:in_words",
    human="tikalspeed.tools.cli.prompt:Human",
)
"""Tikal's descriptor: what every tool of the shared kit needs to know of the game."""

