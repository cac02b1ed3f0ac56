"""The decision object (issue 8's client protocol, the shape of tikalspeed's): who
acts, the kind of decision, the legal actions as objects, tokens and JSON, and the
command line's description (TIKI-TURN-3)."""

from __future__ import annotations

import json

from hypothesis import given
from strategies import Game, games

from gamekit.words import clauses_in, strip_clauses
from tiki import (
    CHANCE,
    O,
    X,
    actors,
    decision,
    decision_to_json,
    legal_actions,
    observe,
    parse_action,
)
from tiki.text import jsonio
from tiki.tools.cli.board import render


@given(games())
def test_the_decision_is_the_positions(game: Game) -> None:
    """In every state of random games: the actors, their legal actions, tokens that
    read back, the status block's decision line, the same in JSON; a player's view
    lists only his own actions."""
    for s in game.states:
        d = decision(s)
        assert d.actors == actors(s) and d.kind == s.phase.value
        assert f"decision:  {d.text}" in render(s).splitlines()
        for p in d.actors:
            assert d.actions(p) == legal_actions(s)
            assert tuple(parse_action(s, t) for t in d.tokens(p)) == legal_actions(s)
        obj = json.loads(json.dumps(decision_to_json(s)))
        assert obj["text"] == d.text and obj["for"] is None
        assert obj["words"] == strip_clauses(d.text) and obj["clauses"] == list(clauses_in(d.text))
        assert not clauses_in(obj["words"])
        for p in (X, O, None):
            assert decision_to_json(observe(s, p))["for"] == p  # TIKI-TURN-3: whom it is for
        entries = [e for group in obj["legal"] for e in group["actions"]]
        keys = {"token", "action", "words", "at"}  # no costs in Tiki; a shaman's gap
        assert all(set(e) - {"edge"} == keys for e in entries)
        for entry in obj["legal"]:
            p = CHANCE if entry["player"] == "chance" else entry["player"]
            assert p in (CHANCE, X, O)  # a seat number, as tikalspeed writes players
            assert tuple(
                jsonio.action_from_json(a["action"]) for a in entry["actions"]
            ) == d.actions(p)
        for p in (X, O):
            seen = decision(observe(s, p))
            assert [q for q, _ in seen.legal] == ([p] if p in d.actors else [])
