"""Positions as values: the engine's records are attrs records like any other, and a
pickle of one is small and reads back equal (issue 10; the contract's purity).

The engine builds each new state slot by slot (``engine.work``), not through the
frozen ``__init__``; the first test shows that what it builds is the very value the
attrs class builds: equal, with the same hash, repr, evolve and pickle.

A ``State`` carries its ``Rules``, and the ruleset the packaged tile manifest; a
pickle of a position under the packaged tiles names only the fields that differ from
the defaults (``Rules.__reduce__``), so it carries no copy of the manifest (7.5 of
its 10 KB before). A custom manifest (TIKAL-TILE-7) is the game's own, and travels.
"""

from __future__ import annotations

import pickle
import random

import attrs
from hypothesis import given
from tikal_strategies import rules, variant_manifest
from values import assert_the_attrs_value

from tikalspeed import Rules, apply, legal_actions, load_manifest, new_game, step
from tikalspeed.model.records import RECORDS
from tikalspeed.model.state import State


def _played(r: Rules, plies: int, seed: int) -> State:
    rng, state = random.Random(seed), new_game(r)
    for _ in range(plies):
        actions = legal_actions(state)
        if not actions:
            break
        state = step(state, actions[rng.randrange(len(actions))]).state
    return state


def _rebuilt(value: object) -> object:
    """A state or record built again through its attrs class's own ``__init__`` (the
    state's records too)."""
    if type(value) not in (State, *RECORDS.values()):
        return value
    fields = {f.name: _rebuilt(getattr(value, f.name)) for f in attrs.fields(type(value))}
    return type(value)(**fields)


def test_tikal_mode_1_the_engines_records_are_the_attrs_records() -> None:
    """TIKAL-MODE-1: along random games of every mode, each state the engine built equals
    the same state built by the attrs classes, hashes and prints the same, evolves and
    pickles, and stays frozen; ``apply`` (which builds no events) gives ``step``'s state."""
    for mode in ("classic", "professional", "speed"):
        rng, state = random.Random(7), new_game(Rules(mode=mode, players=3))
        for _ in range(150):
            again = _rebuilt(state)
            assert_the_attrs_value(state, again)
            for name in ("jungle", "expeditions", "turn", "auction", "speed"):
                assert_the_attrs_value(getattr(state, name), getattr(again, name))
            actions = legal_actions(state)
            if not actions:
                break
            action = actions[rng.randrange(len(actions))]
            after = step(state, action).state
            assert apply(state, action) == after  # apply builds no events, the same state
            state = after


def test_tikal_tile_1_a_pickled_position_carries_no_copy_of_the_packaged_manifest() -> None:
    """TIKAL-TILE-1: the packaged manifest is the default of ``Rules.manifest``, so a
    pickle names no tile of it: the whole position is smaller than the manifest's own
    pickle, and reads back equal, under the very same manifest object."""
    manifest_size = len(pickle.dumps(load_manifest()))
    for mode in ("classic", "professional", "speed"):
        state = _played(Rules(mode=mode, players=3), 40, 1)
        data = pickle.dumps(state)
        assert len(data) < manifest_size / 2, (mode, len(data), manifest_size)
        back = pickle.loads(data)
        assert back == state
        assert back.rules.manifest is Rules().manifest


def test_tikal_tile_7_a_custom_manifest_travels_in_the_pickle() -> None:
    """TIKAL-TILE-7: a game under its own manifest pickles that manifest, and reads
    back equal, with the manifest's tiles."""
    default = load_manifest()
    letters = [t.letter for t in default.tiles]
    letters[0], letters[-1] = letters[-1], letters[0]
    manifest = variant_manifest(letters, [0] * 36)
    state = _played(Rules(mode="classic", players=2, manifest=manifest), 10, 2)
    back = pickle.loads(pickle.dumps(state))
    assert back == state and back.rules.manifest == manifest != default


@given(rules())
def test_tikal_mode_1_every_ruleset_pickles_to_itself(r: Rules) -> None:
    """TIKAL-MODE-1: every ruleset (every mode and reading) reads back equal from its
    pickle, field by field, and a fresh game under it equals the original's."""
    back = pickle.loads(pickle.dumps(r))
    assert back == r and repr(back) == repr(r)
    assert pickle.loads(pickle.dumps(new_game(r))) == new_game(r)
