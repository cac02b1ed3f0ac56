"""What the server sends each seat (issue 20; SPEED-JUMP-1, SPEED-JUMP-8): before a
Speed Jump's reveal, nothing another seat or a spectator is sent depends on a
player's secret choice, byte for byte, while his own messages show it. The messages
are built from the game's table alone (``gamekit.server.messages``), so this holds of
every message the server sends."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tikalspeed
from gamekit.server.messages import SeatInfo, message
from gamekit.server.table import Table

GAME = tikalspeed.GAME


def _to_first_jump(seed: int, players: int, forfeit: bool) -> Table:
    rules = GAME.json.rules_from_json({"mode": "speed", "players": players, "forfeit": forfeit})
    t = Table.start(GAME, rules, seed=seed, seats=players)
    t.advance(t.pending())
    rng = random.Random(seed)
    while not GAME.secret(t.state):
        seat = t.actors[0]
        t.advance(t.plan(seat, "play", rng.choice(t.decision_tokens(seat))))
    return t


def _sent(t: Table, seat: int | None, events: list[dict[str, object]]) -> str:
    info = SeatInfo.of(GAME, t.seats)
    return json.dumps(message(t, info, seat, "update", events, clock=None), sort_keys=True)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]), st.booleans())
def test_a_secret_choice_reaches_no_other_seat_and_no_spectator(
    seed: int, players: int, forfeit: bool
) -> None:
    """SPEED-JUMP-1 (and SPEED-JUMP-8 for a stop under forfeit): P1 chooses each of his
    possible token choices in turn; every other seat's message and the spectator's
    are the same for all of them, while P1's own message tells his choice."""
    start = _to_first_jump(seed, players, forfeit)
    chooser = start.actors[0]
    others: set[str] = set()
    own: set[str] = set()
    for token in start.decision_tokens(chooser):
        t = Table.start(GAME, start.rules, seed=seed, seats=players, log=start.log)
        events = t.advance(t.plan(chooser, "play", token))
        seen = [_sent(t, s, events) for s in range(players) if s != chooser]
        seen.append(_sent(t, None, events))
        assert GAME.secret(t.state)  # not yet revealed: the others still choose
        others.add("|".join(seen))
        own.add(_sent(t, chooser, events))
    assert len(others) == 1
    assert len(own) == len(start.decision_tokens(chooser))


def test_the_record_is_sent_only_once_the_game_is_over() -> None:
    """Issue 20, "a spectator view that hides every secret (and the whole record once
    the game is over)": no message carries the record while the game runs."""
    t = _to_first_jump(3, 2, False)
    assert "record" not in json.loads(_sent(t, None, []))
    for seat in t.actors:
        t.advance(t.plan(seat, "resign", ""))
        break
    assert "record" in json.loads(_sent(t, None, []))
