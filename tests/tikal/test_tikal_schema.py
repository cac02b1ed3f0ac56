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
    choices included) and decisions of every ninth state and of every Jump's secret
    choices; the game's record."""
    manifest = game.rules.manifest
    written: list[Any] = []
    for i, (s, a, t) in enumerate(game.steps()):
        written.append(jsonio.action_to_json(a, manifest))
        written += [jsonio.event_to_json(e) for e in t.events]
        if i % 9 == 0 or s.phase is tikalspeed.Phase.TOKENS:
            written += [jsonio.state_to_json(s), tikalspeed.decision_to_json(s)]
            written.append(jsonio.view_to_json(tikalspeed.observe(s, i % s.players)))
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
