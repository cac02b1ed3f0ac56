"""Events as JSON (issue 8's client protocol): every event of random games and of the
golden playthroughs writes and reads back equal, with its clause and its text; every
kind of event appears; bad event objects are refused at the field at fault."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from test_tikal_golden import GOLDENS
from tikal_strategies import Game, games, playout

from gamekit.words import clauses_in
from tikalspeed import NotationError
from tikalspeed.model.events import TileSecured, TreasureFound
from tikalspeed.text import jsonio
from tikalspeed.text._jsonevents import EVENT_TYPES
from tikalspeed.text.words import event_words


def _events(game: Game) -> list[object]:
    return [e for _, _, t in game.steps() for e in t.events]


@settings(max_examples=10)
@given(games(max_plies=300))
def test_events_round_trip(game: Game) -> None:
    """Every event of random games of any mode writes as JSON and reads back equal;
    the JSON names its kind and clause and carries the event's text."""
    for event in _events(game):
        obj = jsonio.event_to_json(event)  # type: ignore[arg-type]
        assert obj["type"] == "event" and obj["event"] == type(event).__name__
        assert obj["clause"] == event.clause and obj["text"] == str(event)  # type: ignore[attr-defined]
        assert obj["words"] == event_words(event) and not clauses_in(obj["words"])  # type: ignore[arg-type]
        assert obj["clause"] in clauses_in(obj["text"])
        assert jsonio.event_from_json(obj) == event
        assert jsonio.loads(jsonio.dumps(event)) == event  # type: ignore[arg-type]


def test_every_kind_of_event_reads_back() -> None:
    """The golden playthroughs raise every kind of event; each reads back equal."""
    seen = set()
    for rules, seed, _ in GOLDENS.values():
        for event in _events(playout(rules, seed, canonical=True)):
            assert jsonio.event_from_json(jsonio.event_to_json(event)) == event  # type: ignore[arg-type]
            seen.add(type(event).__name__)
    assert seen == set(EVENT_TYPES)


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"type": "state"}, "$.type", "expected type 'event'"),
        ({"event": "TileStolen"}, "$.event", "unknown event 'TileStolen'"),
        ({"player": 4}, "$.player", "expected a player 0 to 3"),
        ({"round_order": [0, 9]}, "$.round_order[1]", "expected a player 0 to 3"),
        ({"tile_id": "C 4"}, "$.tile_id", "expected a word"),
        ({"clause": "TIKAL-PLACE"}, "$.clause", "expected a clause id"),
        ({"text": "P1 secures A1"}, "$.text", "the text of this event is"),
        ({"words": "P3 secures A1"}, "$.words", "the words of this event are"),
        ({"extra": 1}, "$.extra", "unknown field 'extra'"),
    ],
)
def test_bad_event_objects_are_refused(change: dict[str, object], path: str, message: str) -> None:
    """Each field is checked: the error names the path at fault."""
    obj = {**jsonio.event_to_json(TileSecured(2, "C4", (0, 2))), **change}
    with pytest.raises(NotationError, match=message) as err:
        jsonio.event_from_json(obj)
    assert err.value.position == path


def test_cells_and_treasures_are_named() -> None:
    """TIKAL-TREASURE-3: a treasure found names its kind and its cell."""
    obj = jsonio.event_to_json(TreasureFound(1, 4, 19))
    assert (obj["kind"], obj["cell"]) == ("E", "d3")
    with pytest.raises(NotationError, match="unknown cell 'z9'"):
        jsonio.event_from_json({**obj, "cell": "z9"})
