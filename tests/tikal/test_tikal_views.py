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
    NotationError,
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
    view_from_text,
    view_to_text,
    why_illegal_in_view,
)
from tikalspeed.engine import why_illegal
from tikalspeed.model.actions import ChooseTokens, EndTurn
from tikalspeed.text import jsonio
from tikalspeed.text.jsonio import view_to_json


def _p2_has_chosen() -> tikalspeed.State:
    """A 2-player Jump: P2 has taken 2 tokens in secret, P1 still chooses."""
    s, _ = choose_tokens(jumping(speed(2), (0, 1)), P2=2)
    assert actors(s) == (0,) and s.chosen == (0, 2)
    return s


def _real_jump() -> tikalspeed.State:
    """A position of a played 2-player Speed game: P2 has taken tokens, P1 chooses."""
    rng = random.Random(3)
    s = tikalspeed.new_game(tikalspeed.Rules(mode="speed", players=2), seed=3)
    while s.phase is not Phase.TOKENS:
        s = apply(s, rng.choice(legal_actions(s)))
    s = apply(s, legal_actions(s, 1)[0])
    assert actors(s) == (0,) and s.chosen[0] == 0 and s.chosen[1] > 0
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


# --------------------------------------------------------------------------- text and JSON


@SOME
@given(speed_games())
def test_views_round_trip_in_text_and_json(game: Game) -> None:
    """SPEED-JUMP-1 (issue 8's client protocol): every player's view of every state of
    random Speed games (the first ten of a Jump's secret choices, and every eleventh
    state besides) writes as text and as JSON and reads back equal."""
    jumps = [s for s in game.states if s.phase is Phase.TOKENS]
    for s in jumps[:10] + list(game.states[::11]):
        for p in range(s.players):
            view = observe(s, p)
            assert view_from_text(view_to_text(view), rules=s.rules) == view
            assert jsonio.view_from_json(view_to_json(view), manifest=s.rules.manifest) == view
            if s.rules.manifest == tikalspeed.Rules().manifest:
                assert jsonio.loads(jsonio.dumps(view)) == view


@SOME
@given(speed_games())
def test_what_a_player_cannot_see_changes_nothing_in_his_view(game: Game) -> None:
    """SPEED-JUMP-1, SPEED-JUMP-8: where a player makes his secret choice and others
    still choose, the positions after each of his choices (every count, and under
    ``Rules(forfeit=True)`` the stop) differ only in what the others cannot see: every
    other player's view is byte-identical, as JSON and as text; his own differs (at the
    first six such positions of each game)."""
    jumps = [s for s in game.states if s.phase is Phase.TOKENS and len(actors(s)) > 1]
    for s in jumps[:6]:
        for q in actors(s):
            choices = legal_actions(s, q)  # the counts, and the stop (SPEED-JUMP-8)
            assert all(isinstance(a, ChooseTokens | EndTurn) for a in choices)
            afters = [t for t in (apply(s, a) for a in choices) if t.phase is Phase.TOKENS]
            if len(afters) < 2:
                continue
            for p in range(s.players):
                texts = {jsonio.dumps(observe(t, p)) for t in afters}
                lines = {view_to_text(observe(t, p)) for t in afters}
                if p == q:
                    assert len(texts) == len(afters) == len(lines)
                else:
                    assert len(texts) == 1 and len(lines) == 1


def test_a_view_that_shows_a_secret_or_hides_the_viewers_own_is_refused() -> None:
    """SPEED-JUMP-1: a view read back must be what observe gives its player: another's
    choice shown, the viewer's own hidden, or a hidden choice outside a Jump's secret
    choices is refused, at the place at fault."""
    s = _real_jump()
    p1, p2 = observe(s, 0), observe(s, 1)
    shown_secret = view_to_json(p2)
    shown_secret["player"] = 0  # P1 would see P2's count
    with pytest.raises(NotationError, match="not what P1 sees") as err:
        jsonio.view_from_json(shown_secret)
    assert err.value.position == "$.state.speed.chosen"
    own = view_to_json(p1)
    own["player"] = 1  # P2's own choice hidden from himself
    with pytest.raises(NotationError, match="P2's own token choice is never hidden"):
        jsonio.view_from_json(own)
    text = view_to_text(p1)
    secret = f"0,{s.chosen[1]}"
    assert "/0,?/" in text
    with pytest.raises(NotationError, match="not what P1 sees"):
        view_from_text(text.replace("/0,?/", f"/{secret}/"))  # P2's count shown to P1
    assert view_from_text(text.replace("view:P1", "view:P2").replace("/0,?/", f"/{secret}/")) == p2
    with pytest.raises(NotationError, match="a view of 'P3'"):
        view_from_text(text.replace("view:P1", "view:P3"))
    with pytest.raises(NotationError, match="a view starts with") as err:
        view_from_text(tikalspeed.to_text(s))
    assert err.value.position == 0
    with pytest.raises(NotationError) as err:  # the offset counts the view's prefix
        view_from_text(text.replace(" jump ", " jumps "))
    assert text[err.value.position :].startswith("jump")  # type: ignore[index]
    actions = tikalspeed.new_game(tikalspeed.Rules(mode="classic"), seed=1)
    plain = view_to_json(observe(actions, 0))
    assert jsonio.view_from_json(plain) == observe(actions, 0)
    with pytest.raises(NotationError, match="expected type 'view'"):
        jsonio.view_from_json(tikalspeed.state_to_json(s))
