"""The decision object (issue 8's client protocol): in one call, who acts, the kind of
decision, each actor's legal actions as objects, tokens and JSON, and the command
line's description (TIKAL-TURN-4, SPEED-JUMP-1)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from tikal_strategies import Game, games

import tikalspeed
from gamekit.words import clauses_in, strip_clauses
from tikalspeed import (
    CHANCE,
    actors,
    decision,
    decision_to_json,
    legal_actions,
    observe,
    parse_action,
)
from tikalspeed.text import jsonio
from tikalspeed.text.decision import describe
from tikalspeed.tools.cli.board import render_status
from tikalspeed.tools.cli.prompt import where


@settings(max_examples=10)
@given(games(max_plies=300))
def test_the_decision_is_the_positions(game: Game) -> None:
    """In every state of random games of any mode: the actors, each actor's legal
    actions (per player at a Jump), tokens that read back as those actions, the
    status block's decision line, and JSON that lists the same; a player's view
    lists only his own actions."""
    for s in game.states:
        d = decision(s)
        who = actors(s)
        assert d.actors == who and d.kind == s.phase.value
        assert f"decision:  {d.text}" in render_status(s).splitlines()
        for p in who:
            mine = legal_actions(s, p) if len(who) > 1 else legal_actions(s)
            assert d.actions(p) == mine
            assert tuple(parse_action(s, t) for t in d.tokens(p)) == mine
        obj = json.loads(json.dumps(decision_to_json(s)))
        assert obj["type"] == "decision" and obj["text"] == d.text and obj["for"] is None
        assert obj["words"] == strip_clauses(d.text) and obj["clauses"] == list(clauses_in(d.text))
        assert not clauses_in(obj["words"])
        if s.phase is tikalspeed.Phase.TOKENS:  # SPEED-JUMP-1 names its clause
            assert obj["clauses"] == ["SPEED-JUMP-1"]
        for entry in obj["legal"]:
            p = CHANCE if entry["player"] == "chance" else entry["player"]
            read = [jsonio.action_from_json(a["action"], rules=s.rules) for a in entry["actions"]]
            assert tuple(read) == d.actions(p)
            assert [a["token"] for a in entry["actions"]] == list(d.tokens(p))
        for p in [*range(s.players), None]:  # TIKAL-TURN-4: whom the decision is for
            assert decision_to_json(observe(s, p))["for"] == p
        for p in range(s.players):
            seen = decision(observe(s, p))
            assert seen.actors == who and seen.text == d.text
            assert [q for q, _ in seen.legal] == ([p] if p in who else [])
            assert seen.actions(p) == d.actions(p)


def test_a_one_kind_jump_turn_is_described_as_such() -> None:
    """SPEED-JUMP-3 with ``jump_action='one-kind'``: the decision says the player takes
    actions of one kind, and once he has begun, more of that kind or the end; the
    prompt says "one kind of action" (the default still says "one action")."""
    rules = tikalspeed.Rules(mode="speed", players=2, jump_action="one-kind")
    state, rng = tikalspeed.new_game(rules, seed=1), random.Random(1)
    texts = set()
    while state.result is None and len(texts) < 40:
        jump = tikalspeed.TurnKind.JUMP
        if state.phase is tikalspeed.Phase.ACTIONS and state.turn_kind is jump:
            text = describe(state)
            texts.add(text)
            assert where(state, state.active, 1).endswith("AP, one kind of action")
            if state.speed.jump_kind:
                assert f"more '{state.speed.jump_kind}' actions" in text and "or ends" in text
            else:
                assert "takes actions of one kind with" in text
        who = tikalspeed.actors(state)
        if who == (tikalspeed.CHANCE,):
            action = tikalspeed.sample_chance(state, rng)
        else:
            action = rng.choice(tikalspeed.legal_actions(state))
        state = tikalspeed.apply(state, action)
    assert any("more '" in t for t in texts) and any("of one kind" in t for t in texts)
