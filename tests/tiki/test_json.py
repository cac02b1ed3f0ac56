"""JSON for states, actions and records (``tiki.jsonio``).

The expected objects were written by hand from the schema in ``docs/tiki-notation.md``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given
from strategies import Game, games, playout

import tiki
from tiki import (
    A1,
    B1,
    B2,
    C1,
    Create,
    FirstPlayer,
    KeepShaman,
    Layout,
    Move,
    MoveShaman,
    NotationError,
    O,
    Order,
    Pass,
    PlaceShaman,
    Record,
    Rules,
    X,
    from_text,
    jsonio,
    new_game,
)
from tiki.text.jsonio import (
    action_from_json,
    action_to_json,
    dumps,
    loads,
    record_from_json,
    record_to_json,
    state_from_json,
    state_to_json,
)

LAYOUT = (1, 2, 0, 1, 1, -1, 1, 0, 1)
NAMES = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")
DEFAULT_RULES = {
    "tiles": [2, 1, 1, 1, 1, 1, 0, 0, -1],
    "shaman": False,
    "shaman_entry": "start",
    "movable": "top",
    "allow_turns": True,
    "short_payout": "remaining",
    "minus_one_empty": "reserve",
    "end_check": "village",
    "no_move": "pass",
    "tie_loop": "again",
    "max_turns": None,
}
ORDERING = "+1,0,+1/+1,+1,-1/+1,+2xoo,0oxx order x o b1,c1 0,0 7,0 - - 9 -"
"""Two influenced villages waiting for o to order them (TIKI-INFL-3)."""
OVER = "+1,0,+1/+1,+1,-1/+1,+2,0 over x x - 4,1 2,0 - - 20 x:four-fruits"


def plain(value: Any) -> bool:
    """True if ``value`` survives ``json.dumps`` / ``json.loads`` unchanged."""
    return bool(json.loads(json.dumps(value)) == value)


def test_fresh_state_json_tiki_setup() -> None:
    """TIKI-SETUP-1..5 in JSON: named villages, empty stacks, 8 tikis and no fruit
    each, 7 fruits in the reserve, x to act; every rule spelt out."""
    state = new_game(layout=LAYOUT, first=X)
    expected = {
        "type": "state",
        "rules": DEFAULT_RULES,
        "phase": "turn",
        "tiles": {"a1": 1, "b1": 2, "c1": 0, "a2": 1, "b2": 1, "c2": -1, "a3": 1, "b3": 0, "c3": 1},
        "stacks": {name: [] for name in NAMES},
        "supply": [8, 8],
        "fruits": [0, 0],
        "reserve": 7,
        "spoiled": 0,
        "shaman": None,
        "active": 0,
        "actor": 0,
        "pending": [],
        "tiebreak": False,
        "turn": 0,
        "result": None,
    }
    assert state_to_json(state) == expected
    assert state_from_json(expected) == state


def test_order_and_over_json_tiki_infl_3_end_1() -> None:
    """Stacks list owners bottom to top; pending villages keep their order; an
    outcome gives winner, scores, reason and the result string."""
    ordering = state_to_json(from_text(ORDERING))
    assert ordering["stacks"]["b1"] == [0, 1, 1]
    assert ordering["stacks"]["c1"] == [1, 0, 0]
    assert ordering["pending"] == ["b1", "c1"]
    assert (ordering["active"], ordering["actor"], ordering["phase"]) == (0, 1, "order")
    assert ordering["supply"] == [5, 5]
    over = state_to_json(from_text(OVER))
    assert over["result"] == {
        "winner": 0,
        "scores": [4, 1],
        "reason": "four-fruits",
        "result": "1-0",
    }


def test_chance_state_json_tiki_setup_1() -> None:
    """Before the layout the tiles are null, nobody is active and chance acts."""
    obj = state_to_json(new_game())
    assert (obj["tiles"], obj["active"], obj["actor"]) == (None, None, "chance")
    assert state_from_json(obj) == new_game()


def test_action_json_examples() -> None:
    """One object per action kind, with the fields named in the schema."""
    e = tiki.edge_between(A1, B1)
    cases = [
        (Create(X, B2), {"type": "create", "player": 0, "village": "b2"}),
        (Move(O, (A1, B1, C1)), {"type": "move", "player": 1, "path": ["a1", "b1", "c1"]}),
        (Order(O, C1), {"type": "order", "player": 1, "village": "c1"}),
        (PlaceShaman(O, e), {"type": "place-shaman", "player": 1, "edge": "a1b1"}),
        (MoveShaman(X, e), {"type": "move-shaman", "player": 0, "edge": "a1b1"}),
        (KeepShaman(X), {"type": "keep-shaman", "player": 0}),
        (Pass(O), {"type": "pass", "player": 1}),
        (FirstPlayer(O), {"type": "first-player", "player": "chance", "first": 1}),
        (
            Layout(LAYOUT),
            {"type": "layout", "player": "chance", "tiles": dict(zip(NAMES, LAYOUT, strict=True))},
        ),
    ]
    for action, obj in cases:
        assert action_to_json(action) == obj
        assert action_from_json(obj) == action
        assert plain(obj)


def test_players_as_files_before_issue_20_wrote_them_still_read_tiki_setup_1() -> None:
    """TIKI-SETUP-1: JSON writes each player as his seat (0 for x, 1 for o), as
    tikalspeed does; the names "x" and "o" and the per-player objects {"x": n, "o": m}
    of files written before still read, to the same state, action, event and view."""
    state = from_text(ORDERING)
    new = state_to_json(state)
    old = copy.deepcopy(new)
    old["stacks"] = {v: ["xo"[o] for o in stack] for v, stack in new["stacks"].items()}
    old.update(active="x", actor="o", supply={"x": 5, "o": 5}, fruits={"x": 0, "o": 0})
    assert old != new and state_from_json(old) == state_from_json(new) == state
    over = state_to_json(from_text(OVER))
    over["result"].update(winner="x", scores={"x": 4, "o": 1})
    assert state_from_json(over) == from_text(OVER)
    assert action_from_json({"type": "first-player", "player": "chance", "first": "x"}) == (
        FirstPlayer(X)
    )
    event = tiki.TotemCreated(X, B2)
    written = tiki.jsonio.event_to_json(event)
    assert written["player"] == 0
    assert tiki.jsonio.event_from_json({**written, "player": "x"}) == event
    view = tiki.jsonio.view_to_json(tiki.observe(state, O))
    assert view["player"] == 1
    assert tiki.jsonio.view_from_json({**view, "player": "o", "state": old}) == tiki.observe(
        state, O
    )


def test_record_json_example_tiki_setup_1() -> None:
    """A record from the chance nodes (TIKI-SETUP-1): the chance outcomes are its first
    actions; a minimal object from a front end (defaults left out) reads too."""
    rec = Record.from_actions([Layout(LAYOUT), FirstPlayer(X), Create(X, B2)])
    obj = record_to_json(rec)
    assert obj == {
        "type": "record",
        "game": "Tiki",
        "format": "1",
        "rules": DEFAULT_RULES,
        "seed": None,
        "start": None,
        "headers": {},
        "actions": [action_to_json(a) for a in rec.actions],
        "result": "*",
    }
    assert record_from_json(obj) == rec
    minimal = {"type": "record", "actions": obj["actions"], "result": "*"}
    assert record_from_json(minimal) == rec


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(shaman=True),
        Rules(shaman=True, shaman_entry="marsh"),
        Rules(movable="any"),
        Rules(allow_turns=False),
        Rules(max_turns=30),
    ],
    ids=repr,
)
def test_round_trips_every_step(rules: Rules) -> None:
    """States and actions round-trip exactly at every step of random games and are plain
    JSON; records (chance start, mid-game start with headers) round-trip too."""
    rng = random.Random(f"json {rules!r}")
    for _ in range(6):
        game = playout(rules, rng.randrange(2**32))
        for state in game.states:
            obj = state_to_json(state)
            assert plain(obj)
            assert state_from_json(obj) == state
        for action in game.actions:
            assert action_from_json(action_to_json(action)) == action
        rec = Record.from_actions(game.actions, rules=rules)
        assert record_from_json(json.loads(dumps(rec))) == rec
        cut = rng.randrange(len(game.states))
        mid = Record.from_actions(
            game.actions[cut:], start=game.states[cut], headers=(("Event", 'é "q"'),)
        )
        assert plain(record_to_json(mid))
        assert loads(dumps(mid)) == mid


@given(games())
def test_state_round_trip_any_rules(game: Game) -> None:
    """Any ruleset round-trips through JSON, rules included."""
    for state in game.states:
        assert loads(dumps(state)) == state


def test_seeded_record_json() -> None:
    """A seeded record keeps its seed and replays from new_game(seed=...)."""
    rec = Record.from_actions([], seed=11, rules=Rules(max_turns=9))
    obj = record_to_json(rec)
    assert obj["seed"] == 11 and obj["rules"]["max_turns"] == 9
    assert record_from_json(obj) == rec


def _bad_state(change: Any) -> dict[str, Any]:
    obj = copy.deepcopy(state_to_json(from_text(ORDERING)))
    change(obj)
    return obj


@pytest.mark.parametrize(
    ("obj", "path", "message"),
    [
        ([], "$", "object"),
        (_bad_state(lambda o: o.pop("turn")), "$.turn", "missing"),
        (_bad_state(lambda o: o.update(colour=1)), "$.colour", "unknown field"),
        (_bad_state(lambda o: o.update(type="record")), "$.type", "state"),
        (_bad_state(lambda o: o.update(phase="play")), "$.phase", "phase"),
        (_bad_state(lambda o: o["stacks"].update(b2=["z"])), "$.stacks.b2[0]", "player"),
        (_bad_state(lambda o: o["stacks"].pop("c3")), "$.stacks.c3", "missing"),
        (_bad_state(lambda o: o["tiles"].update(a1="1")), "$.tiles.a1", "whole number"),
        (_bad_state(lambda o: o["tiles"].update(a1=1.0)), "$.tiles.a1", "whole number"),
        (_bad_state(lambda o: o["tiles"].update(a1=2)), "$.tiles", "TIKI-SETUP-2"),
        (_bad_state(lambda o: o.update(pending=["d4"])), "$.pending[0]", "village"),
        (_bad_state(lambda o: o.update(pending=["b1", "b1"])), "$.pending", "twice"),
        (_bad_state(lambda o: o.update(pending=["b1"])), "$.stacks.c1", "TIKI-INFL-1"),
        (_bad_state(lambda o: o.update(pending=["b1", "a1"])), "$.pending[1]", "holds 0"),
        (_bad_state(lambda o: o.update(supply={"x": 8, "o": 5})), "$.supply", "supply"),
        (_bad_state(lambda o: o.update(reserve=6)), "$.reserve", "TIKI-SETUP-4"),
        (_bad_state(lambda o: o.update(turn=True)), "$.turn", "whole number"),
        (_bad_state(lambda o: o.update(turn=-1)), "$.turn", ">= 0"),
        (_bad_state(lambda o: o.update(actor="x")), "$.actor", "TIKI-INFL-3"),
        (_bad_state(lambda o: o.update(actor="chance")), "$.actor", "TIKI-INFL-3"),
        (_bad_state(lambda o: o.update(shaman="a1c1")), "$.shaman", "edge"),
        (_bad_state(lambda o: o.update(tiebreak=0)), "$.tiebreak", "true or false"),
        (_bad_state(lambda o: o["rules"].update(movable="all")), "$.rules.movable", "Rules"),
        (_bad_state(lambda o: o["rules"].update(colour="red")), "$.rules.colour", "unknown"),
        (_bad_state(lambda o: o["rules"].update(tiles=[2, 1])), "$.rules.tiles", "Rules.tiles"),
        (
            _bad_state(
                lambda o: o.update(
                    result={"winner": "x", "scores": {"x": 0, "o": 0}, "reason": "four-fruits"}
                )
            ),
            "$.result",
            "over",
        ),
        (_bad_state(lambda o: o["fruits"].__setitem__(0, -1)), "$.fruits[0]", ">= 0"),
        (_bad_state(lambda o: o.update(fruits=[0, 0, 0])), "$.fruits", "2 numbers"),
        (_bad_state(lambda o: o.update(fruits={"x": -1, "o": 0})), "$.fruits.x", ">= 0"),
        (_bad_state(lambda o: o["stacks"].update(b2=[2])), "$.stacks.b2[0]", "seats are 0"),
        (_bad_state(lambda o: o["stacks"].update(b2=[True])), "$.stacks.b2[0]", "player"),
        (_bad_state(lambda o: o.update(actor=3)), "$.actor", "seats are 0"),
    ],
)
def test_state_json_errors(obj: Any, path: str, message: str) -> None:
    """Unreadable or inconsistent state objects fail at the JSON path of the fault."""
    with pytest.raises(NotationError, match=message) as e:
        state_from_json(obj)
    assert e.value.position == path


def test_outcome_json_errors() -> None:
    """An outcome's derived fields must agree with the state (TIKI-END-1)."""
    base = state_to_json(from_text(OVER))
    for change, path in [
        ({"result": "0-1"}, "$.result.result"),
        ({"reason": "boredom"}, "$.result"),
        ({"winner": "o", "result": "0-1"}, "$.result"),
        ({"scores": {"x": 1, "o": 4}}, "$.result"),
        ({"winner": "chance"}, "$.result.winner"),
    ]:
        obj = copy.deepcopy(base)
        obj["result"].update(change)
        with pytest.raises(NotationError) as e:
            state_from_json(obj)
        assert e.value.position == path, change


@pytest.mark.parametrize(
    ("obj", "path"),
    [
        ("pass", "$"),
        ({"type": "jump", "player": "x"}, "$.type"),
        ({"type": "create", "player": "x"}, "$.village"),
        ({"type": "create", "player": "x", "village": "z9"}, "$.village"),
        ({"type": "pass", "player": "x", "village": "a1"}, "$.village"),
        ({"type": "pass", "player": "y"}, "$.player"),
        ({"type": "move", "player": "x", "path": ["a1", "q"]}, "$.path[1]"),
        ({"type": "move", "player": "x", "path": "a1-b1"}, "$.path"),
        ({"type": "place-shaman", "player": "o", "edge": "a1c1"}, "$.edge"),
        ({"type": "layout", "player": "chance", "tiles": {"a1": 1}}, "$.tiles.b1"),
        ({"type": "first-player", "player": "chance", "first": "chance"}, "$.first"),
    ],
)
def test_action_json_errors(obj: Any, path: str) -> None:
    """Malformed action objects fail at the JSON path of the fault."""
    with pytest.raises(NotationError) as e:
        action_from_json(obj)
    assert e.value.position == path


def _bad_record(change: Any) -> dict[str, Any]:
    rec = Record.from_actions([Layout(LAYOUT), FirstPlayer(X), Create(X, B2)])
    obj = record_to_json(rec)
    change(obj)
    return obj


@pytest.mark.parametrize(
    ("obj", "path", "message"),
    [
        (
            _bad_record(lambda o: o["actions"].append(action_to_json(Create(O, B2)))),
            "$.actions[3]",
            "TIKI-CREATE-3",
        ),
        (
            _bad_record(lambda o: o["actions"].insert(0, action_to_json(Create(X, B2)))),
            "$.actions[0]",
            "TIKI-TURN-3",
        ),
        (_bad_record(lambda o: o["actions"][1].update(first="q")), "$.actions[1].first", "player"),
        (_bad_record(lambda o: o.update(result="1-0")), "$.result", "actions give"),
        (_bad_record(lambda o: o.update(result="2-0")), "$.result", "result"),
        (_bad_record(lambda o: o.update(type="state")), "$.type", "record"),
        (_bad_record(lambda o: o.update(game="Chess")), "$.game", "Tiki"),
        (_bad_record(lambda o: o.update(seed="7")), "$.seed", "whole number"),
        (_bad_record(lambda o: o.update(headers={"Result": "1-0"})), "$.headers.Result", "header"),
        (_bad_record(lambda o: o.update(headers={"Event": 3})), "$.headers.Event", "one-line"),
        (_bad_record(lambda o: o.update(headers=[])), "$.headers", "object"),
        (_bad_record(lambda o: o.pop("actions")), "$.actions", "missing"),
        (_bad_record(lambda o: o["rules"].update(shaman="yes")), "$.rules.shaman", "bool"),
    ],
)
def test_record_json_errors(obj: Any, path: str, message: str) -> None:
    """A record object that cannot be read or does not replay fails at its path,
    naming the clause for an illegal action."""
    with pytest.raises(NotationError, match=message) as e:
        record_from_json(obj)
    assert e.value.position == path


def test_record_json_start_errors() -> None:
    """The start position is checked like any state; it excludes a seed, and its rules
    must be the record's."""
    rec = Record.from_actions([], start=from_text(ORDERING))
    obj = record_to_json(rec)
    assert obj["start"]["phase"] == "order"
    bad = copy.deepcopy(obj)
    bad["start"]["reserve"] = 6
    with pytest.raises(NotationError) as e:
        record_from_json(bad)
    assert e.value.position == "$.start.reserve"
    with pytest.raises(NotationError) as e:
        record_from_json({**obj, "seed": 3})
    assert e.value.position == "$.seed"
    with pytest.raises(NotationError) as e:
        record_from_json({**obj, "rules": {"shaman": True}})
    assert e.value.position == "$.rules"


def test_loads_errors() -> None:
    """Text that is not JSON fails at its character offset; ``from_json`` dispatches on
    the type."""
    for text, position in [("{", 1), ("not json", 0), ('{"type": "state"', 16)]:
        with pytest.raises(NotationError) as e:
            loads(text)
        assert e.value.position == position
    assert loads('{"type": "pass", "player": "o"}') == Pass(O)
    assert jsonio.from_json(state_to_json(new_game(seed=2))) == new_game(seed=2)
