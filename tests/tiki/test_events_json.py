"""Events as JSON (issue 8's client protocol, the shape of tikalspeed's): every event
of random games and of the golden playthroughs writes and reads back equal, with its
clause and its text; every kind of event appears; bad objects are refused at the
field at fault."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from strategies import Game, games, playout
from test_golden import GOLDENS

from gamekit.words import clauses_in
from tiki import NotationError, O, Rules
from tiki.model.events import Passed, TotemMoved
from tiki.text import jsonio
from tiki.text._jsonevents import EVENT_TYPES
from tiki.text.words import event_words


def _events(game: Game) -> list[object]:
    return [e for t in game.transitions for e in t.events]


@given(games())
def test_events_round_trip(game: Game) -> None:
    """Every event of random games writes as JSON and reads back equal; the JSON names
    its kind and clause and carries the event's text."""
    for event in _events(game):
        obj = jsonio.event_to_json(event)  # type: ignore[arg-type]
        assert obj["event"] == type(event).__name__ and obj["text"] == str(event)
        assert obj["clause"] == event.clause  # type: ignore[attr-defined]
        assert obj["words"] == event_words(event) and not clauses_in(obj["words"])  # type: ignore[arg-type]
        assert obj["clause"] in clauses_in(obj["text"])
        assert jsonio.event_from_json(obj) == event
        assert jsonio.loads(jsonio.dumps(event)) == event  # type: ignore[arg-type]


def test_every_kind_of_event_reads_back() -> None:
    """Random games under the golden rulesets (and many seeds) raise every kind of
    event but the rare pass, built by hand; each reads back equal."""
    seen = set()
    rng = random.Random("events")
    rulesets = [rules for rules, _, _ in GOLDENS.values()] + [Rules(shaman=True)]
    for rules in rulesets:
        for _ in range(30):
            for event in _events(playout(rules, rng.randrange(2**32))):
                assert jsonio.event_from_json(jsonio.event_to_json(event)) == event  # type: ignore[arg-type]
                seen.add(type(event).__name__)
    rare = Passed(O)  # TIKI-END-5: a player without a legal action; rare in random games
    assert jsonio.event_from_json(jsonio.event_to_json(rare)) == rare
    assert seen | {"Passed"} == set(EVENT_TYPES)


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"type": "state"}, "$.type", "expected type 'event'"),
        ({"event": "TotemStolen"}, "$.event", "unknown event 'TotemStolen'"),
        ({"player": "z"}, "$.player", "unknown player"),
        ({"path": ["a1", "q9"]}, "$.path[1]", "unknown village"),
        ({"path": ["a1"] * 10}, "$.path", "expected at most 9 entries"),
        ({"clause": "TIKI-MOVE"}, "$.clause", "expected a clause id"),
        ({"text": "x moves"}, "$.text", "the text of this event is"),
        ({"words": "x passes"}, "$.words", "the words of this event are"),
        ({"extra": 1}, "$.extra", "unknown field 'extra'"),
    ],
)
def test_bad_event_objects_are_refused(change: dict[str, object], path: str, message: str) -> None:
    """Each field is checked: the error names the path at fault."""
    obj = {**jsonio.event_to_json(TotemMoved(0, (0, 1, 4))), **change}
    with pytest.raises(NotationError, match=message) as err:
        jsonio.event_from_json(obj)
    assert err.value.position == path
