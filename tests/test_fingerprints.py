"""Both builds play the same games: fingerprints of 100 seeded random games per mode.

The compiled core (mypyc, ``setup.py``) and the pure-Python build run the same ``.py``
files, but a compiler may change what a program does where Python's types are looser
than its annotations. So every mode's games are fingerprinted here and the digests
kept in ``tests/golden/fingerprints.json``: ``.ci/run`` runs this file on both builds,
and a difference in any position, legal-action list, chance distribution, event or
result of any of the games changes its digest. ``python tests/golden/regenerate.py``
rewrites the file after an intended change of behaviour.

Each Tikal mode plays games 0..99 with 2, 3 and 4 players in turn (game ``g`` has
``2 + g % 3``); each ply hashes who acts, the number and text of the legal actions
(or the chance outcomes with their probabilities), the action taken and its events,
and every tenth position in full text. Tiki plays 100 games from ``new_game(seed=g)``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

import tikalspeed as tk
import tiki

GOLDEN = Path(__file__).parent / "golden" / "fingerprints.json"
GAMES = 100
TIKAL_MODES = ("classic", "professional", "speed")


def tikal_fingerprint(mode: str, games: int = GAMES) -> str:
    """The digest of ``games`` seeded random Tikal games in ``mode`` (TIKAL-MODE-1)."""
    h = hashlib.sha256()
    for g in range(games):
        rules = tk.Rules(mode=mode, players=2 + g % 3)
        rng = random.Random(g)
        state = tk.new_game(rules)
        ply = 0
        while tk.outcome(state) is None:
            if ply % 10 == 0:
                h.update(tk.to_text(state).encode())
            who = tk.actors(state)
            h.update(repr(who).encode())
            if who == (tk.CHANCE,):
                outcomes = tk.chance_outcomes(state)
                h.update(repr([(str(a), p) for a, p in outcomes]).encode())
                action = tk.sample_chance(state, rng)
            else:
                actions = tk.legal_actions(state)
                h.update(" ".join(map(str, actions)).encode())
                action = actions[rng.randrange(len(actions))]
            transition = tk.step(state, action)
            h.update(str(action).encode())
            h.update("|".join(map(str, transition.events)).encode())
            state = transition.state
            ply += 1
        h.update(tk.to_text(state).encode())
        h.update(repr(tk.outcome(state)).encode())
    return h.hexdigest()


def tiki_fingerprint(games: int = GAMES) -> str:
    """The digest of ``games`` seeded random Tiki games."""
    h = hashlib.sha256()
    for g in range(games):
        rng = random.Random(g)
        state = tiki.new_game(tiki.Rules(), seed=g)
        ply = 0
        while state.result is None:
            if ply % 10 == 0:
                h.update(tiki.to_text(state).encode())
            actions = tiki.legal_actions(state)
            h.update(" ".join(map(str, actions)).encode())
            action = actions[rng.randrange(len(actions))]
            transition = tiki.step(state, action)
            h.update(str(action).encode())
            h.update("|".join(map(str, transition.events)).encode())
            state = transition.state
            ply += 1
        h.update(tiki.to_text(state).encode())
        h.update(repr(state.result).encode())
    return h.hexdigest()


def fingerprints() -> dict[str, str]:
    """Every game's digest, by name."""
    found = {f"tikal-{mode}": tikal_fingerprint(mode) for mode in TIKAL_MODES}
    found["tiki"] = tiki_fingerprint()
    return found


def write_all() -> list[str]:
    """Rewrite the golden file if the digests changed; name it if it did."""
    text = json.dumps(fingerprints(), indent=2, sort_keys=True) + "\n"
    if GOLDEN.exists() and GOLDEN.read_text() == text:
        return []
    GOLDEN.write_text(text)
    return [str(GOLDEN)]


@pytest.mark.parametrize("mode", TIKAL_MODES)
def test_tikal_games_are_the_golden_games(mode: str) -> None:
    """TIKAL-MODE-1: 100 seeded random games of each mode (2-4 players) are the same
    games on this build as on the build that wrote the golden digests."""
    golden = json.loads(GOLDEN.read_text())
    assert tikal_fingerprint(mode) == golden[f"tikal-{mode}"]


def test_tiki_games_are_the_golden_games() -> None:
    """TIKI-TURN-1: 100 seeded random Tiki games are the same games on this build."""
    golden = json.loads(GOLDEN.read_text())
    assert tiki_fingerprint() == golden["tiki"]


def test_a_different_game_changes_the_digest() -> None:
    """The fingerprint can fail: one game fewer is another digest."""
    assert tikal_fingerprint("classic", 3) != tikal_fingerprint("classic", 2)
    assert tiki_fingerprint(3) != tiki_fingerprint(2)
