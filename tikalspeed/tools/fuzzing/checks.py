"""The checks of what Tikal's own readers accepted: manifests (:func:`check_manifest`).

The checks of every other reader are the shared kit's (:class:`gamekit.fuzzing.checks.Checks`,
here :data:`CHECKS`): what was read under a custom manifest is read back with the same
``rules=`` or ``manifest=``; what was read under the packaged one is read back
without, and through :func:`jsonio.loads` too. Each check raises
:class:`gamekit.fuzzing.harness.Problem` for a broken promise: ``'round-trip'`` or
``'plays-on'``.
"""

from __future__ import annotations

import json
import random

from gamekit.fuzzing.checks import Checks
from gamekit.fuzzing.harness import Problem, same

from ...board import Manifest, load_manifest, manifest_from_json, manifest_to_json
from ...engine import new_game
from ...game import GAME
from ...model.rules import MODES, Rules
from .corpus import ARGUMENTS

CHECKS = Checks(GAME, ARGUMENTS)
"""The shared checks, told Tikal's arguments."""


def check_manifest(manifest: object, rng: random.Random) -> None:
    """A manifest writes and reads back, and a game of any mode played with it plays on
    (its states read back with the manifest given); now and then a whole game is played
    out with it."""
    if not isinstance(manifest, Manifest):
        raise Problem("round-trip", f"read a {type(manifest).__name__}, not a Manifest")
    value = manifest_to_json(manifest)
    same(manifest, manifest_from_json(value), "manifest JSON")
    same(manifest, load_manifest(json.dumps(value)), "manifest JSON text")
    mode, players = rng.choice(MODES), rng.choice((2, 3, 4))
    # a manifest with a mix of its own plays it (TIKAL-TILE-8)
    rules = Rules(mode=mode, players=players, manifest=manifest, tile_mix=manifest.mix)
    CHECKS.check_rules(rules, rng)
    if rng.random() < 0.2:
        CHECKS.plays_out(new_game(rules, seed=rng.randrange(1000)), rng)
