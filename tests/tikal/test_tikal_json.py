"""JSON for states, actions and records (``tikalspeed.jsonio``).

The expected objects were written by hand from the schema in ``docs/tikal-notation.md``.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import attrs
import pytest
from tikal_strategies import playout, variant_manifest
from tikalspeed.jsonio import (
    action_from_json,
    action_to_json,
    dumps,
    loads,
    record_from_json,
    record_to_json,
    rules_to_json,
    state_from_json,
    state_to_json,
)

import tikalspeed
from tikalspeed import (
    LEADER,
    WORKER,
    NotationError,
    Record,
    Rules,
    apply,
    from_text,
    jsonio,
    new_game,
    parse_action,
)

TWO = Rules(mode="classic", players=2)
KINDS = "ABCDEFGH"
DEFAULT_RULES = {
    "mode": "classic",
    "players": 2,
    "manifest": {"name": "default", "version": 1},
    "tile_mix": {"temple": 15, "treasure": 8, "jungle": 10, "volcano": 3},  # TIKAL-TILE-8
    "uncover_limit": "temple",
    "sold_out": "blocked",
    "treasure_limit": "ruin",
    "exchange": "singles",
    "camp_needs_member": False,
    "guard_on_tie": False,
    "start_worker": False,
    "auction_score": 20,
    "max_bid": "score",
    "jump_limits": "phase",
    "forfeit": False,
    "two_volcanoes": "first-secured",
    "volcano_scoring": "at-once",
    "final_scoring": "at-once",
    "jump_action": "one",
    "jump_move": "path",
    "jump_blocked": "other-action",
}
"""Every rule of a 2-player classic game, spelt out."""
FIRST_TURN = ["draw=A1", "place:c1:0", "enter:l:a1", "enter:w:a1", "move:l:a1:c1", "uncover:c1"]


def plain(value: Any) -> bool:
    """True if ``value`` survives ``json.dumps`` / ``json.loads`` unchanged."""
    return bool(json.loads(json.dumps(value)) == value)


def printed(kind: str, temple: int | None = None) -> dict[str, Any]:
    """A printed hex with no piece, camp or guard, in a 2-player game."""
    return {
        "tile": None,
        "rotation": 0,
        "kind": kind,
        "temple": temple,
        "ruins": None,
        "camp": None,
        "guard": None,
        "workers": [0, 0],
    }


def play(state: tikalspeed.State, tokens: list[str]) -> tikalspeed.State:
    """Apply the actions written ``tokens``, each read for whoever acts."""
    for token in tokens:
        state = apply(state, parse_action(state, token))
    return state


def test_fresh_state_json_tikal_setup_1_to_5() -> None:
    """TIKAL-SETUP-1..5 in JSON: the four printed hexes by cell name, every player with
    18 workers and the leader in supply, all 24 treasures face down, all 48 level
    tiles, every tile in its letter's stack, P1 (index 0) to draw."""
    player = {
        "score": 0,
        "supply": 18,
        "removed": 0,
        "guard_pieces": 0,
        "leader": "supply",
        "treasures": dict.fromkeys(KINDS, 0),
    }
    expected = {
        "type": "state",
        "rules": DEFAULT_RULES,
        "phase": "draw",
        "active": 0,
        "turn_kind": "normal",
        "ap": 0,
        "board": {
            "a1": printed("base_camp"),
            "b1": printed("temple", 1),
            "a2": printed("temple", 1),
            "b2": printed("jungle"),
        },
        "players": [player, player],
        "hidden": dict.fromkeys(KINDS, 3),
        "levels": {"2": 3, "3": 6, "4": 9, "5": 11, "6": 8, "7": 5, "8": 3, "9": 2, "10": 1},
        "stacks": {
            x: [f"{x}{i}" for i in range(1, n + 1)]
            for x, n in zip("ABCDEFG", (6, 6, 5, 5, 5, 5, 4), strict=True)
        },
        "hand": None,
        "display": [],
        "raised": [],
        "dug": [],
        "queue": [],
        "next_player": 1,
        "last_tile_player": None,
        "auction": {
            "played": [],
            "bidders": [],
            "high_bid": 0,
            "high_bidder": None,
            "first_passer": None,
            "round_opener": 0,
        },
        "result": None,
    }
    state = new_game(TWO)
    assert state_to_json(state) == expected
    assert state_from_json(expected) == state


def test_action_json_examples() -> None:
    """One object per action kind, with the fields named as the action's attributes:
    cells and tiles by name, pieces and treasures by name, players by index."""
    t = tikalspeed
    cases = [
        (t.DrawTile(15), {"type": "draw", "player": "chance", "tile": "C4"}),
        (t.RevealTile(0), {"type": "reveal", "player": "chance", "tile": "A1"}),
        (t.FindTreasure(4), {"type": "find", "player": "chance", "kind": "E"}),
        (t.PlaceTile(1, 19, 2), {"type": "place", "player": 1, "cell": "d3", "rotation": 2}),
        (t.Enter(0, WORKER, 0), {"type": "enter", "player": 0, "piece": "worker", "cell": "a1"}),
        (
            t.CampMove(2, LEADER, 0, 18),
            {"type": "hop", "player": 2, "piece": "leader", "origin": "a1", "destination": "c3"},
        ),
        (
            t.Move(3, WORKER, 9, 19),
            {"type": "move", "player": 3, "piece": "worker", "origin": "b2", "destination": "d3"},
        ),
        (t.Uncover(0, 1), {"type": "uncover", "player": 0, "cell": "b1"}),
        (t.TakeTreasure(0, 10), {"type": "dig", "player": 0, "cell": "c2"}),
        (
            t.Exchange(1, 0, 2, 4),
            {"type": "swap", "player": 1, "give": "A", "other": 2, "take": "E"},
        ),
        (t.BuildCamp(0, 27), {"type": "camp", "player": 0, "cell": "d4"}),
        (t.Guard(0, 1, LEADER), {"type": "guard", "player": 0, "cell": "b1", "piece": "leader"}),
        (t.EndTurn(3), {"type": "end", "player": 3}),
        (t.Bid(1, 7), {"type": "bid", "player": 1, "amount": 7}),
        (t.PassBid(2), {"type": "pass", "player": 2}),
        (t.ChooseTile(0, 35), {"type": "take", "player": 0, "tile": "G4"}),
    ]
    for action, obj in cases:
        assert action_to_json(action) == obj
        assert action_from_json(obj) == action
        assert plain(obj)


def test_record_json_example_tikal_draw_1() -> None:
    """A record from the first chance node (TIKAL-DRAW-1): the draws are its actions; a
    minimal object from a front end (defaults left out) reads too."""
    state, actions = new_game(TWO), []
    for token in FIRST_TURN:
        actions.append(parse_action(state, token))
        state = apply(state, actions[-1])
    rec = Record.from_actions(actions, rules=TWO, headers=(("Event", "Demo"),))
    obj = record_to_json(rec)
    assert obj == {
        "type": "record",
        "game": "Tikal",
        "format": "1",
        "rules": DEFAULT_RULES,
        "seed": None,
        "start": None,
        "headers": {"Event": "Demo"},
        "actions": [action_to_json(a) for a in actions],
        "result": "*",
    }
    assert obj["actions"][0] == {"type": "draw", "player": "chance", "tile": "A1"}
    assert record_from_json(obj) == rec
    minimal = {
        "type": "record",
        "rules": {"mode": "classic", "players": 2},
        "actions": obj["actions"],
        "result": "*",
    }
    assert record_from_json(minimal) == attrs.evolve(rec, headers=())


GAMES = [(Rules(mode=m, players=n), 10 + n) for m in ("classic", "professional") for n in (2, 3, 4)]


@pytest.mark.parametrize(("rules", "seed"), GAMES, ids=repr)
def test_round_trips_every_step(rules: Rules, seed: int) -> None:
    """States and actions round-trip exactly at every step of random games and are plain
    JSON; records (whole game, mid-game start with headers) round-trip too."""
    game = playout(rules, seed)
    for state in game.states:
        obj = state_to_json(state)
        assert plain(obj)
        assert state_from_json(obj) == state
    for action in game.actions:
        assert action_from_json(action_to_json(action), rules=rules) == action
    rec = Record.from_actions(game.actions, rules=rules)
    assert record_from_json(json.loads(dumps(rec))) == rec
    cut = len(game.states) // 2
    mid = Record.from_actions(
        game.actions[cut:], start=game.states[cut], headers=(("Event", 'é "q"'),)
    )
    assert loads(dumps(mid)) == mid


def test_a_board_written_twice_is_two_objects() -> None:
    """A board written again is made from the one written before (a server writes it
    for every seat): each object stands alone, so changing what one call returned
    never changes what the next returns (``docs/tikal-notation.md``, the board)."""
    state = playout(Rules(mode="speed", players=4), 3).states[40]
    first = state_to_json(state)
    kept = copy.deepcopy(first)
    for cell in first["board"].values():
        cell["workers"].append(99)
        cell["temple"] = 99
    first["board"].clear()
    again = state_to_json(state)
    assert again == kept and again["board"]
    assert state_from_json(again) == state


def test_custom_manifest_json_tikal_tile_7() -> None:
    """TIKAL-TILE-7: a corrected manifest travels whole in the rules object; the default
    one by name and version; a name and version the reader does not know fail."""
    letters = [t.letter for t in tikalspeed.load_manifest().tiles]
    rules = Rules(mode="classic", players=2, manifest=variant_manifest(letters, [1] * 36))
    state = new_game(rules)
    obj = state_to_json(state)
    assert (
        obj["rules"]["manifest"]["name"] == "shuffled"
        and len(obj["rules"]["manifest"]["tiles"]) == 36
    )
    assert state_from_json(obj) == state
    obj["rules"]["manifest"] = {"name": "shuffled", "version": 1}
    assert state_from_json(obj, manifest=rules.manifest) == state
    with pytest.raises(NotationError, match="unknown manifest") as e:
        state_from_json(obj)
    assert e.value.position == "$.rules.manifest"
    obj["rules"]["manifest"] = {"name": "x"}
    with pytest.raises(NotationError, match="manifest: missing key 'version'") as e:
        state_from_json(obj)
    assert e.value.position == "$.rules.manifest"
    assert rules_to_json(Rules(mode="classic"))["manifest"] == {"name": "default", "version": 1}


# ------------------------------------------------------------------ errors

BASE = state_to_json(play(new_game(TWO), FIRST_TURN))
"""P1 to act with 3 AP after raising c1: the base for the error cases."""


def _bad(change: Any) -> dict[str, Any]:
    obj = copy.deepcopy(BASE)
    change(obj)
    return obj


def _cell(name: str, **fields: Any) -> Any:
    return lambda o: o["board"][name].update(fields)


def _player(p: int, **fields: Any) -> Any:
    return lambda o: o["players"][p].update(fields)


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (lambda o: o.pop("ap"), "$.ap", "missing"),
        (lambda o: o.update(colour=1), "$.colour", "unknown field"),
        (lambda o: o.update(type="record"), "$.type", "state"),
        (lambda o: o.update(phase="play"), "$.phase", "unknown phase"),
        (lambda o: o.update(active=2), "$.active", "player 0 to 1"),
        (lambda o: o.update(active=True), "$.active", "player 0 to 1"),
        (lambda o: o.update(turn_kind="encore"), "$.turn_kind", "turn kind"),
        (lambda o: o.update(ap=-1), "$.ap", ">= 0"),
        (lambda o: o.update(ap=11), "$.ap", "TIKAL-TURN-2"),
        (lambda o: o["board"].update(z9={}), "$.board.z9", "unknown field"),
        (_cell("c1", tile="Q1"), "$.board.c1.tile", "unknown tile"),
        (_cell("c1", rotation=6), "$.board.c1.rotation", "<= 5"),
        (_cell("c1", kind="jungle"), "$.board.c1.kind", "temple"),
        (_cell("c1", temple=None), "$.board.c1.temple", "whole number"),
        (_cell("c1", temple=11), "$.board.c1.temple", "TIKAL-UNCOVER-2"),
        (_cell("b2", temple=2), "$.board.b2.temple", "only a temple"),
        (_cell("b2", ruins=1), "$.board.b2.ruins", "only a ruin"),
        (_cell("c1", workers=[0]), "$.board.c1.workers", "2 counts"),
        (_cell("c1", workers=[0, -1]), "$.board.c1.workers[1]", ">= 0"),
        (_cell("c1", camp=0), "$.board.c1.camp", "TIKAL-CAMP-1"),
        (_cell("b2", guard=1), "$.board.b2.guard", "TIKAL-GUARD-1"),
        (_cell("a1", camp=2), "$.board.a1.camp", "player 0 to 1"),
        (lambda o: o["board"].update(d4=printed("jungle")), "$.board.d4.tile", "not printed"),
        (lambda o: o["board"].pop("a1"), "$.board.a1", "TIKAL-BOARD-3"),
        (_cell("a1", workers=[2, 0]), "$.players[0].supply", "TIKAL-SETUP-1"),
        (lambda o: o.update(players=[]), "$.players", "2 players"),
        (_player(0, leader="b5"), "$.players[0].leader", "cannot stand"),
        (_player(0, leader="nowhere"), "$.players[0].leader", "unknown cell"),
        (_player(1, removed=1), "$.players[1].supply", "TIKAL-SETUP-1"),
        (_player(0, guard_pieces=1), "$.players[0].guard_pieces", "TIKAL-GUARD-3"),
        (_player(1, leader="guarding"), "$.players[1].leader", "guards no temple"),
        (lambda o: o["players"][0]["treasures"].pop("H"), "$.players[0].treasures.H", "missing"),
        (lambda o: o["players"][0]["treasures"].update(A=1), "$.hidden", "TIKAL-COMP-4"),
        (_player(0, score="0"), "$.players[0].score", "whole number"),
        (lambda o: o["hidden"].update(A=2), "$.hidden", "TIKAL-COMP-4"),
        (lambda o: o["levels"].update({"2": 3}), "$.levels", "TIKAL-UNCOVER-2"),
        (lambda o: o["levels"].pop("10"), "$.levels.10", "missing"),
        (lambda o: o["stacks"]["A"].insert(0, "A1"), "$.stacks", "both on c1 and in the stacks"),
        (lambda o: o["stacks"].pop("G"), "$.stacks.G", "missing"),
        (lambda o: o.update(display=["Z"]), "$.display[0]", "unknown tile"),
        (lambda o: o.update(raised=["b2"]), "$.raised", "not raised"),
        (lambda o: o.update(dug=["c1"]), "$.dug", "not a ruin"),
        (lambda o: o.update(queue=[{"kind": "scoring", "player": 1}]), "$.queue", "TIKAL-TURN-1"),
        (lambda o: o.update(queue=[{"kind": "x", "player": 1}]), "$.queue[0].kind", "turn kind"),
        (lambda o: o.update(next_player=5), "$.next_player", "player 0 to 1"),
        (lambda o: o.update(last_tile_player=None), "$.last_tile_player", "placed it last"),
        (lambda o: o["auction"].update(high_bid=3), "$.auction.played", "TIKAL-MODE-1"),
        (lambda o: o["auction"].pop("played"), "$.auction.played", "missing"),
        (
            lambda o: o.update(result={"winner": 0, "scores": [0, 0], "reason": "final-scoring"}),
            "$.result",
            "exactly when",
        ),
        (
            lambda o: o.update(result={"winner": 5, "scores": [0, 0], "reason": "x"}),
            "$.result.winner",
            "player 0 to 1",
        ),
        (lambda o: o["rules"].update(players=5), "$.rules.players", "Rules.players"),
        (lambda o: o["rules"].update(players=3), "$.board.a1.workers", "3 counts"),
        (lambda o: o["rules"].update(colour="red"), "$.rules.colour", "unknown field"),
        (lambda o: o["rules"].update(start_worker="yes"), "$.rules.start_worker", "bool"),
    ],
)
def test_state_json_errors(change: Any, path: str, message: str) -> None:
    """Unreadable or inconsistent state objects fail at the JSON path of the fault,
    naming the clause broken."""
    with pytest.raises(NotationError, match=message) as e:
        state_from_json(_bad(change))
    assert e.value.position == path


def test_outcome_json_errors_tikal_end_2() -> None:
    """TIKAL-END-2: an outcome's winner and scores must fit the players' scores."""
    game = playout(TWO, 4)
    base = state_to_json(game.final)
    assert base["result"]["result"] in ("P1", "P2", "shared")
    for change, path in [
        ({"result": "P9"}, "$.result.result"),
        ({"reason": "boredom"}, "$.result"),
        ({"scores": [99, 0]}, "$.result"),
        ({"winner": "P1"}, "$.result.winner"),
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
        ({"type": "jump", "player": 0}, "$.type"),
        ({"type": "dig", "player": 0}, "$.cell"),
        ({"type": "dig", "player": 0, "cell": "z9"}, "$.cell"),
        ({"type": "end", "player": 0, "cell": "a1"}, "$.cell"),
        ({"type": "end", "player": 4}, "$.player"),
        ({"type": "end", "player": "chance"}, "$.player"),
        ({"type": "draw", "player": 0, "tile": "A1"}, "$.player"),
        ({"type": "draw", "player": "chance", "tile": "Z1"}, "$.tile"),
        ({"type": "find", "player": "chance", "kind": "I"}, "$.kind"),
        ({"type": "place", "player": 0, "cell": "d3", "rotation": 6}, "$.rotation"),
        ({"type": "enter", "player": 0, "piece": "w", "cell": "a1"}, "$.piece"),
        ({"type": "swap", "player": 0, "give": "I", "other": 1, "take": "A"}, "$.give"),
        ({"type": "swap", "player": 0, "give": "B", "other": 4, "take": "A"}, "$.other"),
        ({"type": "bid", "player": 0, "amount": -1}, "$.amount"),
        ({"type": "bid", "player": 0, "amount": 1.5}, "$.amount"),
    ],
)
def test_action_json_errors(obj: Any, path: str) -> None:
    """Malformed action objects fail at the JSON path of the fault."""
    with pytest.raises(NotationError) as e:
        action_from_json(obj)
    assert e.value.position == path


def _bad_record(change: Any) -> dict[str, Any]:
    state, actions = new_game(TWO), []
    for token in FIRST_TURN:
        actions.append(parse_action(state, token))
        state = apply(state, actions[-1])
    obj = record_to_json(Record.from_actions(actions, rules=TWO))
    change(obj)
    return obj


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (
            lambda o: o["actions"].append({"type": "camp", "player": 0, "cell": "b2"}),
            "$.actions[6]",
            "TIKAL-TURN-2",
        ),
        (
            lambda o: o["actions"].insert(0, {"type": "end", "player": 0}),
            "$.actions[0]",
            "TIKAL-TURN-4",
        ),
        (lambda o: o["actions"][0].update(tile="Q1"), "$.actions[0].tile", "unknown tile"),
        (lambda o: o.update(result="P1"), "$.result", "actions give"),
        (lambda o: o.update(result="2-0"), "$.result", "unknown result"),
        (lambda o: o.update(type="state"), "$.type", "record"),
        (lambda o: o.update(game="Tiki"), "$.game", "Tikal"),
        (lambda o: o.update(format="2"), "$.format", "'1'"),
        (lambda o: o.update(seed="7"), "$.seed", "whole number"),
        (lambda o: o.update(headers={"Result": "P1"}), "$.headers.Result", "header"),
        (lambda o: o.update(headers={"Event": 3}), "$.headers.Event", "one-line"),
        (lambda o: o.update(headers=[]), "$.headers", "object"),
        (lambda o: o.pop("actions"), "$.actions", "missing"),
        (lambda o: o["rules"].update(start_worker="yes"), "$.rules.start_worker", "bool"),
    ],
)
def test_record_json_errors(change: Any, path: str, message: str) -> None:
    """A record object that cannot be read or does not replay fails at its path,
    naming the clause for an illegal action."""
    with pytest.raises(NotationError, match=message) as e:
        record_from_json(_bad_record(change))
    assert e.value.position == path


def test_record_json_start_errors() -> None:
    """The start position is checked like any state; it excludes a seed, and its rules
    must be the record's."""
    obj = record_to_json(Record.from_actions([], start=play(new_game(TWO), FIRST_TURN)))
    assert obj["start"]["phase"] == "actions"
    bad = copy.deepcopy(obj)
    bad["start"]["ap"] = 11
    with pytest.raises(NotationError) as e:
        record_from_json(bad)
    assert e.value.position == "$.start.ap"
    with pytest.raises(NotationError) as e:
        record_from_json({**obj, "seed": 3})
    assert e.value.position == "$.seed"
    with pytest.raises(NotationError) as e:
        record_from_json({**obj, "rules": {"mode": "classic", "players": 3}})
    assert e.value.position == "$.rules"


def test_loads_errors_and_dispatch() -> None:
    """Text that is not JSON fails at its character offset; ``from_json`` dispatches on
    the type; only Tikal actions are written."""
    for text, position in [("{", 1), ("not json", 0), ('{"type": "state"', 16)]:
        with pytest.raises(NotationError) as e:
            loads(text)
        assert e.value.position == position
    assert loads('{"type": "pass", "player": 1}') == tikalspeed.PassBid(1)
    assert loads(b'{"type": "end", "player": 0}') == tikalspeed.EndTurn(0)
    for rules in (Rules(mode="classic"), Rules()):
        fresh = new_game(rules)
        assert jsonio.from_json(state_to_json(fresh)) == fresh
        assert from_text(tikalspeed.to_text(fresh)) == loads(dumps(fresh, indent=2))
    with pytest.raises(TypeError):
        action_to_json(tikalspeed.Rules())  # type: ignore[arg-type]
