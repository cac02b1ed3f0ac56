"""The JSON Schema of tiki's JSON (docs/schema/tiki.schema.json, issue 8): every JSON
object the library writes, for every state of random games, validates against it
(states, views, actions, events, decisions, records); objects of the wrong shape do
not."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from strategies import Game, games

import tiki
from tiki.text import jsonio

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "schema" / "tiki.schema.json").read_text()
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_the_schema_is_a_valid_schema() -> None:
    """The file is a JSON Schema (draft 2020-12)."""
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@settings(max_examples=8)
@given(games())
def test_everything_written_validates(game: Game) -> None:
    """Every action and event of random games, and the states, views (a seat's and a
    spectator's) and decisions (of the position and of both views) of every fifth
    state, and the game's record (validation is slow, so states are sampled). Players
    are seat numbers, the decision says whom it is for, its words and clauses."""
    written: list[Any] = []
    for i, (s, a, t) in enumerate(zip(game.states, game.actions, game.transitions, strict=False)):
        written.append(jsonio.action_to_json(a))
        written += [jsonio.event_to_json(e) for e in t.events]
        if i % 5 == 0:
            written += [jsonio.state_to_json(s), tiki.decision_to_json(s)]
            for seat in (i % 2, None):  # a seat's view and a spectator's (issue 20)
                written.append(jsonio.view_to_json(tiki.observe(s, seat)))
                written.append(tiki.decision_to_json(tiki.observe(s, seat)))
    written.append(jsonio.state_to_json(game.states[-1]))
    rec = tiki.Record.from_actions(game.actions, rules=game.rules)
    written.append(jsonio.record_to_json(rec))
    for obj in written:
        VALIDATOR.validate(json.loads(json.dumps(obj)))


@pytest.mark.parametrize(
    "change",
    [
        lambda o: o.update(phase="nap"),
        lambda o: o.update(extra=1),
        lambda o: o["stacks"].update(a1=["z"]),
        lambda o: o.pop("turn"),
        lambda o: o.update(type="stat"),
    ],
)
def test_a_malformed_state_does_not_validate(change: Any) -> None:
    """The schema can fail: a wrong phase, an unknown key, a bad owner, a missing field,
    an unknown type."""
    obj = copy.deepcopy(jsonio.state_to_json(tiki.new_game(seed=1)))
    change(obj)
    assert not VALIDATOR.is_valid(obj)


@pytest.mark.parametrize(
    "change",
    [
        lambda o: o.update(kind="nap"),
        lambda o: o.update(actors=["o"]),
        lambda o: o.pop("for"),
        lambda o: o.update(words=3),
        lambda o: o.update(clauses="TIKI-TURN-3"),
        lambda o: o["legal"][0]["actions"][0].update(cost=1),
    ],
)
def test_a_malformed_decision_does_not_validate(change: Any) -> None:
    """TIKI-TURN-3: the decision's kind is one of the phases, its players are seats (no
    longer "x"/"o"), it says whom it is for and its words and clauses; Tiki's actions
    have no cost."""
    obj = copy.deepcopy(tiki.decision_to_json(tiki.observe(tiki.new_game(seed=1), 1)))
    assert VALIDATOR.is_valid(obj)
    change(obj)
    assert not VALIDATOR.is_valid(obj)
