"""Pickled positions: small, and read back equal (issue 10; the contract's purity).

A ``State`` carries its ``Rules``, and the ruleset the packaged tile manifest; a
pickle of a position under the packaged tiles names only the fields that differ from
the defaults (``Rules.__reduce__``), so it carries no copy of the manifest (7.5 of
its 10 KB before). A custom manifest (TIKAL-TILE-7) is the game's own, and travels.
"""

from __future__ import annotations

import pickle
import random

from hypothesis import given
from tikal_strategies import rules, variant_manifest

from tikalspeed import Rules, legal_actions, load_manifest, new_game, step
from tikalspeed.model.state import State


def _played(r: Rules, plies: int, seed: int) -> State:
    rng, state = random.Random(seed), new_game(r)
    for _ in range(plies):
        actions = legal_actions(state)
        if not actions:
            break
        state = step(state, actions[rng.randrange(len(actions))]).state
    return state


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
