"""A view is not a position (SPEED-JUMP-1, TIKAL-TURN-4; issue 8's seats).

``observe(state, p)`` gives a :class:`tikalspeed.View`: the engine refuses it, and the
position inside it while a token choice is hidden, so that a hidden choice (``-1``) is
never played as a number; its player's own decision is ``view_actions`` and
``why_illegal_in_view``, the same as in the position itself.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from positions import choose_tokens, jumping, speed
from test_tikal_speed_properties import speed_games
from tikal_strategies import SOME, Game

import tikalspeed
from tikalspeed import (
    IllegalActionError,
    Phase,
    View,
    actors,
    apply,
    chance_outcomes,
    is_legal,
    legal_actions,
    observe,
    outcome,
    sample_chance,
    step,
    view_actions,
    why_illegal_in_view,
)
from tikalspeed.engine import why_illegal
from tikalspeed.model.actions import ChooseTokens


def _p2_has_chosen() -> tikalspeed.State:
    """A 2-player Jump: P2 has taken 2 tokens in secret, P1 still chooses."""
    s, _ = choose_tokens(jumping(speed(2), (0, 1)), P2=2)
    assert actors(s) == (0,) and s.chosen == (0, 2)
    return s


def test_the_engine_refuses_a_view() -> None:
    """TIKAL-TURN-4: step, apply, legal_actions, actors, is_legal, why_illegal,
    outcome, sample_chance, chance_outcomes and observe all refuse a View with a clear
    error (before, P1's view played P2's hidden -1 as a count: P2 ended with 11
    tokens)."""
    s = _p2_has_chosen()
    view = observe(s, 0)
    assert isinstance(view, View) and view.player == 0 and view.hidden
    assert view.state.chosen == (0, -1)
    message = re.escape("a View (observe()) is not a position: ")
    for call in (
        lambda: step(view, ChooseTokens(0, 3)),  # type: ignore[arg-type]
        lambda: apply(view, ChooseTokens(0, 3)),  # type: ignore[arg-type]
        lambda: legal_actions(view),  # type: ignore[arg-type]
        lambda: legal_actions(view, 0),  # type: ignore[arg-type]
        lambda: actors(view),  # type: ignore[arg-type]
        lambda: outcome(view),  # type: ignore[arg-type]
        lambda: sample_chance(view, random.Random(0)),  # type: ignore[arg-type]
        lambda: chance_outcomes(view),  # type: ignore[arg-type]
        lambda: observe(view, 1),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalActionError, match=message) as err:
            call()
        assert err.value.clause == "TIKAL-TURN-4"
    assert not is_legal(view, ChooseTokens(0, 3))  # type: ignore[arg-type]
    assert why_illegal(view, ChooseTokens(0, 3)) == (  # type: ignore[arg-type]
        "TIKAL-TURN-4",
        "a View (observe()) is not a position: its player's own actions are view_actions(view)",
    )


def test_the_engine_refuses_a_views_position_with_a_hidden_choice() -> None:
    """SPEED-JUMP-1: the position inside P1's view holds P2's choice as -1: step,
    apply and legal_actions refuse it, so P2 can never end the Jump with 11 tokens."""
    s = _p2_has_chosen()
    hidden = observe(s, 0).state
    for call in (
        lambda: step(hidden, ChooseTokens(0, 3)),
        lambda: apply(hidden, ChooseTokens(0, 3)),
        lambda: legal_actions(hidden),
        lambda: legal_actions(hidden, 0),
    ):
        with pytest.raises(IllegalActionError, match="a token choice is hidden") as err:
            call()
        assert err.value.clause == "SPEED-JUMP-1"
    assert not is_legal(hidden, ChooseTokens(0, 3))
    # the position itself plays on: P2's 2 tokens are spent, not -1
    after = apply(s, ChooseTokens(0, 3))
    assert after.tokens == (7, 8)


def test_a_views_player_asks_for_his_own_decision() -> None:
    """SPEED-JUMP-1: the view's player's legal actions and refusals are those of the
    position; another player's action is refused in his view (TIKAL-TURN-4)."""
    s = _p2_has_chosen()
    view = observe(s, 0)
    assert view_actions(view) == legal_actions(s, 0) != ()
    assert view_actions(observe(s, 1)) == ()  # P2 has chosen: no decision left
    assert why_illegal_in_view(view, ChooseTokens(0, 3)) is None
    assert why_illegal_in_view(view, ChooseTokens(0, 9)) == why_illegal(s, ChooseTokens(0, 9))
    clause, reason = why_illegal_in_view(view, ChooseTokens(1, 1))  # type: ignore[misc]
    assert clause == "TIKAL-TURN-4" and "not a decision of the view's player" in reason
    with pytest.raises(IllegalActionError, match="no player 2 in this game"):
        observe(s, 2)


@SOME
@given(speed_games())
def test_a_views_decision_is_the_positions(game: Game) -> None:
    """SPEED-JUMP-1: in every state of random Speed games, each player's view gives
    exactly his legal actions in the position, and hides nothing outside a Jump's
    secret choices; a view with something hidden is refused by the engine."""
    for s in game.states:
        if s.phase is Phase.OVER:
            continue
        for p in range(s.players):
            view = observe(s, p)
            mine = legal_actions(s, p) if p in actors(s) else ()
            assert view_actions(view) == mine
            assert view.hidden == (view.state != s)
            if view.hidden:
                assert s.phase is Phase.TOKENS
                assert not is_legal(view.state, mine[0] if mine else ChooseTokens(p, 1))
