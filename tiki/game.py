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

from . import svg
from .engine.contract import (
    actors,
    apply,
    is_legal,
    new_game,
    observe,
    outcome,
    sample_chance,
    step,
    view_actions,
    why_illegal_in_view,
)
from .engine.moves import chance_outcomes, legal_actions
from .errors import IllegalActionError, NotationError
from .model.actions import Action
from .model.rules import Rules
from .model.state import CHANCE, PLAYER_SYMBOLS, State
from .model.view import View
from .text import jsonio
from .text.clauses import clause
from .text.decision import decision
from .text.notation import action_token, from_text, parse_action, rules_from_text, rules_to_text
from .text.notation import to_text as position_text
from .text.record import Record, read_record, replay, write_record
from .text.views import view_from_text, view_to_text

__all__ = ["GAME"]


def _player_name(player: int) -> str:
    return PLAYER_SYMBOLS[player]


def _players(rules: Rules) -> int:
    return 2


def _never(state: Any) -> bool:
    return False  # Tiki has no simultaneous choice: nothing a view hides (TIKI-TURN-3)


def _seat_clause(state: Any) -> str:
    return "TIKI-TURN-3"


GAME = Game(
    name="Tiki",
    package="tiki",
    spec="specs/tiki.md",
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
    token_joiner="",
    decision=decision,
    json=jsonio,
    picture=svg.board,
    clause=clause,
    player_name=_player_name,
    players=_players,
    max_players=2,
    named_token=str,
    seat_clause=_seat_clause,
    secret=_never,
    bots={
        "greedy": "tiki.tools.bots:GreedyBot",
        "mcts": "tiki.tools.bots.search:MCTSBot",
        "random": "tiki.tools.bots:RandomBot",
    },
    drawing="tiki.tools.cli.board:render",
    words="tiki.tools.cli.words:in_words",
    human="tiki.tools.cli.prompt:Human",
)
"""Tiki's descriptor: what every tool of the shared kit needs to know of the game."""
