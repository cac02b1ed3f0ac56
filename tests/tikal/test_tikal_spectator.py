"""A spectator's view (``observe(state, None)``, issue 20): every secret hidden, no
decision.

SPEED-JUMP-1: a Jump's token choices are secret until the reveal; SPEED-JUMP-8: a stop
is as secret as a count. A spectator sees every made choice hidden, as each seat sees
the others' (``-1`` in Python, ``null`` in JSON, ``?`` in text), and decides nothing
(TIKAL-TURN-4). The properties: two positions that differ only in a made secret choice
give a spectator byte-identical JSON and text; what the spectator is shown of each
player's choice is what every other seat is shown of it; a spectator's view reads back
equal in text and JSON.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from test_tikal_secrets import _secret_positions, secret_choices
from test_tikal_speed_properties import speed_games

import tikalspeed
from tikalspeed import (
    IllegalActionError,
    NotationError,
    Phase,
    Rules,
    State,
    actors,
    decision,
    decision_to_json,
    jsonio,
    legal_actions,
    observe,
    view_actions,
    view_from_text,
    view_to_text,
    why_illegal_in_view,
)
from tikalspeed.text.tensor import observation_tensor
from tikalspeed.text.views import view_from_json, view_to_json


def _shown(state: State) -> tuple[str, str, str]:
    """What a spectator is given of ``state``: its view's JSON text, its view's text,
    and its decision's JSON text."""
    seen = observe(state, None)
    return jsonio.dumps(seen), view_to_text(seen), json.dumps(decision_to_json(seen))


@given(secret_choices())
def test_speed_jump_1_8_a_made_secret_choice_changes_nothing_a_spectator_is_given(
    node: tuple[State, int],
) -> None:
    """SPEED-JUMP-1, SPEED-JUMP-8: positions that differ only in what one player chose
    in secret (each count, the stop where allowed) give a spectator byte-identical view
    JSON, view text and decision JSON; the chooser's own view tells them apart, so the
    comparison can fail."""
    s, q = node
    positions = _secret_positions(s, q)
    shown = {_shown(t) for t in positions}
    assert len(shown) == 1
    assert len({jsonio.dumps(observe(t, q)) for t in positions}) == len(positions)


@given(secret_choices())
def test_speed_jump_1_a_spectator_sees_each_choice_as_the_other_seats_do(
    node: tuple[State, int],
) -> None:
    """SPEED-JUMP-1: in a spectator's view JSON each player's choice is what every
    other seat's view JSON shows of it (``null`` once made, ``0`` before), and the rest
    of the position is what every seat sees."""
    s, q = node
    for t in _secret_positions(s, q):
        spectator = json.loads(jsonio.dumps(observe(t, None)))
        assert spectator["player"] is None
        hidden = spectator["state"]["speed"]["chosen"]
        assert all(c is None or c == 0 for c in hidden) and None in hidden
        for seat in range(t.rules.players):
            seen = json.loads(jsonio.dumps(observe(t, seat)))
            mine = seen["state"]["speed"]["chosen"]
            assert [c for p, c in enumerate(hidden) if p != seat] == [
                c for p, c in enumerate(mine) if p != seat
            ]
            seen["state"]["speed"]["chosen"] = hidden
            assert seen["state"] == spectator["state"]


@settings(max_examples=6)
@given(speed_games())
def test_tikal_turn_4_a_spectators_view_round_trips_and_decides_nothing(game: object) -> None:
    """TIKAL-TURN-4: every state of random Speed games gives a spectator's view that
    reads back equal from its JSON and its text (``"player": null``, ``view:-``), has
    no actions, refuses every legal action of every actor, and whose decision lists no
    legal actions (the actors and kind stay the position's)."""
    for s in game.states[::7]:  # type: ignore[attr-defined]
        seen = observe(s, None)
        assert seen.player is None
        assert view_from_json(view_to_json(seen)) == seen == jsonio.loads(jsonio.dumps(seen))
        assert view_from_text(view_to_text(seen), rules=s.rules) == seen
        assert view_to_text(seen).startswith("view:- ")
        assert view_actions(seen) == ()
        for p in actors(s):
            if p >= 0:
                for a in legal_actions(s, p)[:5]:
                    assert why_illegal_in_view(seen, a) is not None
                    assert why_illegal_in_view(observe(s, p), a) is None
        d = decision(seen)
        assert d.legal == () and d.actors == actors(s) and d.kind == s.phase.value
        assert decision_to_json(seen)["legal"] == []


def test_tikal_turn_4_only_none_is_a_new_player_of_observe() -> None:
    """TIKAL-TURN-4: ``None`` is a spectator; a player not in the game, a bool or a
    number's text is refused as before."""
    s = tikalspeed.new_game(Rules(players=2), seed=1)
    for bad in (2, -1, True, "0", 0.0):
        with pytest.raises(IllegalActionError, match="TIKAL-TURN-4"):
            observe(s, bad)
    why = why_illegal_in_view(observe(s, None), legal_actions(s, actors(s)[0])[0])
    assert why is not None and why[0] == "TIKAL-TURN-4" and "spectator" in why[1]
    with pytest.raises(IllegalActionError, match="no player's"):
        observation_tensor(observe(s, None))


def test_speed_jump_1_a_spectators_view_that_shows_a_choice_is_refused() -> None:
    """SPEED-JUMP-1: a spectator's view JSON or text that shows a made choice (or a
    seat's view relabelled as a spectator's) is not what a spectator sees."""
    s = tikalspeed.new_game(Rules(mode="speed", players=2), seed=1)
    while not (s.phase is Phase.TOKENS and any(s.chosen)):
        s = tikalspeed.apply(s, legal_actions(s, actors(s)[0])[0]) if actors(s)[0] >= 0 else (
            tikalspeed.apply(s, tikalspeed.chance_outcomes(s)[0][0])
        )
    obj = view_to_json(observe(s, 0 if s.chosen[0] else 1))
    obj["player"] = None
    with pytest.raises(NotationError, match="not what a spectator sees"):
        view_from_json(obj)
    text = view_to_text(observe(s, 0 if s.chosen[0] else 1))
    with pytest.raises(NotationError, match="not what a spectator sees"):
        view_from_text("view:-" + text[text.index(" ") :])
