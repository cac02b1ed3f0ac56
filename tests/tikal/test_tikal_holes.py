"""Regression tests for holes in tikalspeed's input discipline.

The contract: for bad input only ``IllegalActionError`` and ``NotationError`` (both
``ValueError``; ``ManifestError`` is a ``NotationError``) escape, never ``TypeError``,
``IndexError``, ``RecursionError``, ``MemoryError`` or a bare ``ValueError``; and
whatever the library accepts can be written and read back (position strings, JSON,
records). Each test names the hole it closes and the clause it proves.
"""

from __future__ import annotations

import functools
import random

import attrs
import pytest

import tikalspeed
from tikalspeed import (
    CHANCE,
    IllegalActionError,
    Phase,
    Rules,
    State,
    from_text,
    is_legal,
    jsonio,
    legal_actions,
    step,
    to_text,
)

MODES = ("classic", "professional", "speed")
CONFIGS = [(mode, n) for mode in MODES for n in (2, 3, 4)]


def random_game(rules: Rules, seed: int, max_plies: int = 3000) -> list[State]:
    """Every state of a random playout (uniform legal actions, chance by sample_chance)."""
    rng = random.Random(seed)
    state = tikalspeed.new_game(rules)
    states = [state]
    while state.phase is not Phase.OVER and len(states) < max_plies:
        if tikalspeed.actors(state) == (CHANCE,):
            action = tikalspeed.sample_chance(state, rng)
        else:
            action = rng.choice(legal_actions(state))
        state = tikalspeed.apply(state, action)
        states.append(state)
    return states


@functools.cache
def game(mode: str, players: int, seed: int = 7) -> tuple[State, ...]:
    return tuple(random_game(Rules(mode=mode, players=players), seed))


@functools.cache
def states_of_every_phase() -> tuple[State, ...]:
    """The first state of each phase in one random game of each mode and player count:
    every phase of every mode (DRAW only in classic, TOKENS only in Speed, ...)."""
    out: list[State] = []
    for mode, n in CONFIGS:
        seen: set[Phase] = set()
        for s in game(mode, n):
            if s.phase not in seen:
                seen.add(s.phase)
                out.append(s)
    return tuple(out)


def test_the_sample_covers_every_phase_of_every_mode() -> None:
    """The states the tests below use cover every phase of each mode."""
    by_mode: dict[str, set[Phase]] = {}
    for s in states_of_every_phase():
        by_mode.setdefault(s.rules.mode, set()).add(s.phase)
    assert by_mode["classic"] >= {Phase.DRAW, Phase.PLACE, Phase.ACTIONS, Phase.TREASURE}
    assert by_mode["professional"] >= {Phase.REVEAL, Phase.BID, Phase.CHOOSE, Phase.ACTIONS}
    assert by_mode["speed"] >= {Phase.REVEAL, Phase.BID, Phase.TOKENS, Phase.ACTIONS}
    assert all(Phase.OVER in phases for phases in by_mode.values())


# --------------------------------------------------------------------------- hole 3

ACTION_CLASSES: tuple[type, ...] = (
    tikalspeed.DrawTile,
    tikalspeed.RevealTile,
    tikalspeed.FindTreasure,
    tikalspeed.PlaceTile,
    tikalspeed.Enter,
    tikalspeed.CampMove,
    tikalspeed.Move,
    tikalspeed.Uncover,
    tikalspeed.TakeTreasure,
    tikalspeed.Exchange,
    tikalspeed.BuildCamp,
    tikalspeed.Guard,
    tikalspeed.EndTurn,
    tikalspeed.Bid,
    tikalspeed.PassBid,
    tikalspeed.ChooseTile,
    tikalspeed.ChooseTokens,
)
BAD_VALUES: tuple[object, ...] = (True, 2.0, "1", None, -1, 10**100)


def int_fields(kind: type) -> list[str]:
    """The int fields of an action class (every field but a tile's id)."""
    return [f.name for f in attrs.fields(kind) if f.name != "tile_id"]


def base_action(state: State, kind: type) -> object:
    """A legal action of ``kind`` in ``state`` if there is one, else one with small
    in-range fields (so that the field under test is the only odd one)."""
    for action in legal_actions(state):
        if type(action) is kind:
            return action
    who = tikalspeed.actors(state)
    player = who[0] if who and who[0] != CHANCE else state.active
    values = {name: 1 for name in int_fields(kind)}
    if "player" in values:
        values["player"] = player
    return kind(**values)


def test_every_int_field_of_every_action_is_type_checked_in_every_phase() -> None:
    """Hole 3: ``ChooseTokens(p, True)`` and ``ChooseTokens(p, 2.0)`` were legal at a
    Jump's TOKENS node (SPEED-JUMP-1), leaving a bool or a float in the state whose
    position string could not be read back; ``PlaceTile(p, c, True)`` passed the same
    way (TIKAL-PLACE-1). Now every int field of every action class must be an exact
    ``int`` in range, in every phase of every mode: ``True``, ``2.0``, ``"1"``, ``None``,
    ``-1`` and ``10**100`` make ``is_legal`` false and ``step`` raise
    ``IllegalActionError`` (TIKAL-TURN-4: only the actor's well-formed action answers a
    node)."""
    tried = 0
    for state in states_of_every_phase():
        for kind in ACTION_CLASSES:
            base = base_action(state, kind)
            for name in int_fields(kind):
                for bad in BAD_VALUES:
                    if name == "player" and bad == -1 and base.player == CHANCE:
                        continue  # -1 is CHANCE: the chance outcomes' own player
                    action = attrs.evolve(base, **{name: bad})  # type: ignore[misc]
                    assert not is_legal(state, action), (to_text(state), action)
                    with pytest.raises(IllegalActionError):
                        step(state, action)
                    tried += 1
    assert tried > 5000


def test_legal_actions_of_a_player_that_is_not_an_int_are_none() -> None:
    """Hole 3: ``legal_actions(state, True)`` at a TOKENS node listed
    ``ChooseTokens(True, n)`` (``True in (1,)``); a player that is not an exact int has
    no legal action (SPEED-JUMP-1)."""
    tokens = [s for s in states_of_every_phase() if s.phase is Phase.TOKENS]
    assert tokens
    for state in tokens:
        for bad in (True, False, 1.0, "P1", [0]):
            assert legal_actions(state, bad) == ()  # type: ignore[arg-type]
        for p in tikalspeed.actors(state):
            assert all(type(a.player) is int for a in legal_actions(state, p))


def test_a_chosen_token_count_stays_an_int_and_reads_back() -> None:
    """Hole 3 (SPEED-JUMP-1): the legal token choices are exact ints, and the state
    after one is taken reads back from its position string and its JSON."""
    for state in (s for s in states_of_every_phase() if s.phase is Phase.TOKENS):
        for action in legal_actions(state):
            after = step(state, action).state
            assert all(type(c) is int for c in after.chosen)
            assert from_text(to_text(after)) == after
            assert jsonio.loads(jsonio.dumps(after)) == after


# --------------------------------------------------------------------------- hole 2

JSON_BAD: tuple[object, ...] = ([], {}, [0], {"a": 1}, True, 2.0, "x", None, -1, 10**100)


def json_paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every key path into a JSON value (the value itself first)."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += json_paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += json_paths(v, (*path, i))
    return out


def replaced(value: object, path: tuple[object, ...], new: object) -> object:
    """A deep copy of ``value`` with the item at ``path`` replaced by ``new``."""
    if not path:
        return new
    if isinstance(value, dict):
        return {k: replaced(v, path[1:], new) if k == path[0] else v for k, v in value.items()}
    assert isinstance(value, list)
    return [replaced(v, path[1:], new) if i == path[0] else v for i, v in enumerate(value)]


def test_state_json_leader_of_the_wrong_type_is_a_notation_error() -> None:
    """Hole 2: a player's ``leader`` given as an array or an object made
    ``state_from_json`` raise TypeError (unhashable); it is a NotationError at the key
    path (TIKAL-SETUP-1: a leader is on a cell or in supply, guarding or removed)."""
    state = game("classic", 2)[5]
    for bad in ([], {}, ["supply"], {"cell": "a1"}, 3, None, True):
        obj = jsonio.state_to_json(state)
        obj["players"][1]["leader"] = bad
        with pytest.raises(tikalspeed.NotationError) as err:
            jsonio.state_from_json(obj)
        assert err.value.position == "$.players[1].leader"


def test_every_field_of_state_json_is_type_checked() -> None:
    """Hole 2: every field of a state object, replaced by a value of another JSON type
    (or a huge number), is refused with a NotationError whose position is a JSON path
    under the field, never TypeError, KeyError or a bare ValueError; a replacement
    that is accepted reads back (TIKAL-TURN-4: a state is read only if a game could be
    in it)."""
    checked = 0
    for state in states_of_every_phase()[::8]:
        obj = jsonio.state_to_json(state)
        for path in json_paths(obj):
            if path[:1] == ("rules",) and len(path) > 2:
                continue  # the manifest: its own tests
            for bad in JSON_BAD:
                try:
                    read = jsonio.state_from_json(replaced(obj, path, bad))
                except tikalspeed.NotationError as e:
                    assert isinstance(e.position, str) and e.position.startswith("$")
                else:
                    assert jsonio.state_from_json(jsonio.state_to_json(read)) == read
                    assert from_text(to_text(read), rules=read.rules) == read
                checked += 1
    assert checked > 5000
