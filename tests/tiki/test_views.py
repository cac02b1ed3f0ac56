"""A player's view in text and JSON (issue 8's client protocol, the same shape as
tikalspeed's): every view of random games reads back equal, and a malformed one is
refused at the place at fault. Tiki hides nothing (TIKI-TURN-3: a view holds the
whole position)."""

from __future__ import annotations

import pytest
from hypothesis import given
from strategies import Game, games

import tiki
from tiki import NotationError, O, X, observe, view_from_text, view_to_text
from tiki.text import jsonio
from tiki.text.jsonio import view_from_json, view_to_json
from tiki.text.tensor import view_tensor


@given(games())
def test_views_round_trip_in_text_and_json(game: Game) -> None:
    """Every player's view of every state of random games writes as text and as JSON
    and reads back equal; its position is the state's own text and JSON."""
    for s in game.states:
        for p in (X, O):
            view = observe(s, p)
            assert view_from_text(view_to_text(view)) == view
            assert view_to_text(view) == f"view:{'xo'[p]} {tiki.to_text(s)}"
            assert view_from_json(view_to_json(view)) == view
            assert view_to_json(view)["state"] == tiki.state_to_json(s)
            assert jsonio.loads(jsonio.dumps(view)) == view


def test_malformed_views_are_refused_where_they_break() -> None:
    """A view starts with view:x or view:o; its position is checked as from_text checks
    one, the offset counting the prefix; JSON names its type, player and state."""
    s = tiki.new_game(seed=1)
    text = view_to_text(observe(s, X))
    starts = "a view starts with 'view:x ', 'view:o ' or 'view:- '"
    with pytest.raises(NotationError, match=starts) as err:
        view_from_text(tiki.to_text(s))
    assert err.value.position == 0
    with pytest.raises(NotationError) as err:
        view_from_text(text.replace(" turn ", " tern "))
    assert text[err.value.position :].startswith("turn")  # type: ignore[index]
    with pytest.raises(NotationError, match="a view is a str"):
        view_from_text(None)  # type: ignore[arg-type]
    obj = view_to_json(observe(s, O))
    with pytest.raises(NotationError, match="expected type 'view'"):
        view_from_json(tiki.state_to_json(s))
    with pytest.raises(NotationError, match=r"\(at \$\.player\)"):
        view_from_json({**obj, "player": "z"})
    with pytest.raises(NotationError, match=r"\(at \$\.state"):
        view_from_json({**obj, "state": {**obj["state"], "phase": "nap"}})


@given(games())
def test_tiki_turn_3_a_spectators_view_is_the_position_and_decides_nothing(game: Game) -> None:
    """TIKI-TURN-3, issue 20: Tiki has no secret, so a spectator's view
    (``observe(state, None)``) holds the whole position; it reads back equal in text
    (``view:-``) and JSON (``"player": null``), has no actions, refuses every legal
    action, and its decision lists none."""
    for s in game.states:
        seen = observe(s, None)
        assert seen.player is None and seen.state == s
        assert view_to_text(seen) == f"view:- {tiki.to_text(s)}"
        assert view_from_text(view_to_text(seen)) == seen
        assert view_to_json(seen)["player"] is None
        assert view_to_json(seen)["state"] == view_to_json(observe(s, X))["state"]
        assert view_from_json(view_to_json(seen)) == seen == jsonio.loads(jsonio.dumps(seen))
        assert tiki.view_actions(seen) == ()
        for p in tiki.actors(s):
            for a in tiki.legal_actions(s, p)[:5] if p >= 0 else ():
                why = tiki.why_illegal_in_view(seen, a)
                assert why is not None and why[0] == "TIKI-TURN-3"
        assert tiki.decision(seen).legal == ()
        assert tiki.decision_to_json(seen)["legal"] == []


def test_tiki_turn_3_only_none_is_a_new_player_of_observe() -> None:
    """TIKI-TURN-3: ``None`` is a spectator; 2, -1, a bool or a name is refused as
    before, and a spectator's view has no seat to see a tensor from."""
    s = tiki.new_game(seed=1)
    for bad in (2, -1, True, "x", 0.0):
        with pytest.raises(tiki.IllegalActionError, match="TIKI-TURN-3"):
            observe(s, bad)
    with pytest.raises(tiki.IllegalActionError, match="no player's"):
        view_tensor(observe(s, None))
