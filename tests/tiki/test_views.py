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
    with pytest.raises(NotationError, match="a view starts with 'view:x ' or 'view:o '") as err:
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
