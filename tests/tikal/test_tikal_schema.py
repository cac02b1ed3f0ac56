"""The JSON Schema of tikalspeed's JSON (docs/schema/tikal.schema.json, issue 8):
every JSON object the library writes for random games of every mode validates
against it (states, views with hidden choices, actions, events, decisions, records);
objects of the wrong shape do not."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from tikal_strategies import Game, games

import tikalspeed
from tikalspeed.text import jsonio

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "schema" / "tikal.schema.json").read_text()
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_the_schema_is_a_valid_schema() -> None:
    """The file is a JSON Schema (draft 2020-12)."""
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@settings(max_examples=6)
@given(games(max_plies=300))
def test_everything_written_validates(game: Game) -> None:
    """Every action and event of random games of any mode; the states, views (hidden
    choices included; a seat's and a spectator's) and decisions (of the position and
    of both views, with whom they are for, their words, clauses, and the costs and
    paths of an action-point phase) of every ninth state and of every Jump's secret
    choices; the game's record."""
    manifest = game.rules.manifest
    written: list[Any] = []
    for i, (s, a, t) in enumerate(game.steps()):
        written.append(jsonio.action_to_json(a, manifest))
        written += [jsonio.event_to_json(e) for e in t.events]
        if i % 9 == 0 or s.phase is tikalspeed.Phase.TOKENS:
            written += [jsonio.state_to_json(s), tikalspeed.decision_to_json(s)]
            for seat in (i % s.players, None):  # a seat's view and a spectator's (issue 20)
                written.append(jsonio.view_to_json(tikalspeed.observe(s, seat)))
                written.append(tikalspeed.decision_to_json(tikalspeed.observe(s, seat)))
    if manifest == tikalspeed.Rules().manifest:
        record = tikalspeed.Record(rules=game.rules, actions=game.actions)
        written.append(jsonio.record_to_json(record))
    for obj in written:
        VALIDATOR.validate(json.loads(json.dumps(obj)))


@pytest.mark.parametrize(
    "change",
    [
        lambda o: o.update(phase="nap"),
        lambda o: o.update(extra=1),
        lambda o: o["board"].update(z9={}),
        lambda o: o.pop("players"),
        lambda o: o["players"][0].update(score="20"),
    ],
)
def test_a_malformed_state_does_not_validate(change: Any) -> None:
    """The schema can fail: a wrong phase, an unknown key, an unknown cell, a missing
    field, a score as a string."""
    obj = copy.deepcopy(jsonio.state_to_json(tikalspeed.new_game(seed=1)))
    change(obj)
    assert not VALIDATOR.is_valid(obj)


def _actions_decision() -> dict[str, Any]:
    """The decision JSON of the first action-point phase with a move, of a seeded game."""
    s = tikalspeed.new_game(tikalspeed.Rules(players=2), seed=1)
    while s.phase is not tikalspeed.Phase.ACTIONS or not any(
        isinstance(a, tikalspeed.Move) for a in tikalspeed.legal_actions(s)
    ):
        s = tikalspeed.apply(s, tikalspeed.legal_actions(s)[0])
    return tikalspeed.decision_to_json(tikalspeed.observe(s, s.active))


def _first_move(o: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in o["legal"][0]["actions"] if "path" in e)


@pytest.mark.parametrize(
    "change",
    [
        lambda o: o.update(kind="nap"),
        lambda o: o.update({"for": "P1"}),
        lambda o: o.pop("words"),
        lambda o: o.update(clauses=["TIKAL"]),
        lambda o: _first_move(o).update(cost=-1),
        lambda o: _first_move(o).update(path=["a1", "z9"]),
    ],
)
def test_a_malformed_decision_does_not_validate(change: Any) -> None:
    """TIKAL-TURN-2, TIKAL-MOVE-3: the decision's kind is one of the phases, it says
    whom it is for (a seat or null), its words and clauses; an action's cost is a
    number of points and a move's path names cells."""
    obj = copy.deepcopy(_actions_decision())
    assert VALIDATOR.is_valid(obj) and obj["for"] == 0
    change(obj)
    assert not VALIDATOR.is_valid(obj)
