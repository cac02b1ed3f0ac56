"""A study's game replayed by hand, ply by ply, with ``step`` (every event): the tests
of ``simulate``'s columns count them again from it, the way their definitions say,
never through the study's own loop."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from tikalspeed import CHANCE, State, Transition, actors, new_game, observe, sample_chance, step
from tikalspeed.model.state import Phase
from tikalspeed.tools import studies


class Ply(NamedTuple):
    """One ply: the state before it, who acted (a seat, or ``CHANCE``), the action and
    its transition."""

    state: State
    who: int
    action: Any
    transition: Transition


def replay(ruleset: str, seed: int, bots: tuple[str, ...]) -> list[Ply]:
    """The game ``studies.play_row(ruleset, seed, bots)`` plays: the start from
    ``new_game(rules, seed=seed)``, chance from ``Random(seed + 100)``, the bot of seat
    ``p`` seeded with ``seed + 1 + p``, a token choice made on the chooser's view."""
    rules = studies.parse_rules(ruleset)
    state, rng = new_game(rules, seed=seed), random.Random(seed + 100)
    seats = [studies.make_bot(name, seed + 1 + p) for p, name in enumerate(bots)]
    plies = []
    while actors(state):
        who = actors(state)
        if who == (CHANCE,):
            p, action = CHANCE, sample_chance(state, rng)
        else:
            p = min(who)
            seen = observe(state, p) if state.phase is Phase.TOKENS else state
            action = seats[p].choose(seen, p)
        transition = step(state, action)
        plies.append(Ply(state, p, action, transition))
        state = transition.state
    return plies
