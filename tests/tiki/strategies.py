"""Shared Hypothesis strategies and a random-playout helper for the Tiki tests.

``rules()`` draws a :class:`tiki.Rules` covering every field; :func:`playout` plays one
bounded game from the chance nodes on, choosing uniformly among the legal actions with a
seeded ``random.Random``, and keeps every state, action and transition for the checks.
"""

from __future__ import annotations

import random

import playouts
import reference
from hypothesis import strategies as st

import tiki
from tiki import (
    CHANCE,
    Action,
    Create,
    FirstPlayer,
    KeepShaman,
    Layout,
    Move,
    MoveShaman,
    Order,
    Pass,
    PlaceShaman,
    Rules,
    State,
    Transition,
)

MAX_PLIES = 400
"""Random games stop after this many decisions (chance nodes included) if still running."""

TILE_VALUES = (-1, 0, 1, 2)


def tiles() -> st.SearchStrategy[tuple[int, ...]]:
    """The default tile multiset half of the time, else any 9 values from {-1, 0, +1, +2}."""
    any_nine = st.lists(st.sampled_from(TILE_VALUES), min_size=9, max_size=9).map(tuple)
    return st.booleans().flatmap(lambda dflt: st.just(tiki.DEFAULT_TILES) if dflt else any_nine)


def rules() -> st.SearchStrategy[Rules]:
    """Any ruleset: every field of :class:`tiki.Rules` varies independently."""
    return st.builds(
        Rules,
        tiles=tiles(),
        shaman=st.booleans(),
        shaman_entry=st.sampled_from(("start", "marsh")),
        movable=st.sampled_from(("top", "any")),
        allow_turns=st.booleans(),
        short_payout=st.sampled_from(("remaining", "nothing")),
        minus_one_empty=st.sampled_from(("reserve", "nothing")),
        end_check=st.sampled_from(("village", "action")),
        no_move=st.sampled_from(("pass", "lose", "draw")),
        tie_loop=st.sampled_from(("again", "draw")),
        max_turns=st.one_of(st.none(), st.none(), st.integers(1, 120)),
    )


seeds = st.integers(0, 2**32 - 1)
"""Seeds for the ``random.Random`` that picks the moves (and the chance outcomes)."""


Game = playouts.Game
"""One random playout (the class both games' tests share)."""


def playout(rules: Rules, seed: int, max_plies: int = MAX_PLIES) -> Game:
    """Play a game from ``new_game(rules)`` (chance nodes included) with ``Random(seed)``.

    Chance nodes are resolved with :func:`tiki.sample_chance`; every decision is a
    uniform choice among :func:`tiki.legal_actions`.
    """
    rng = random.Random(seed)
    state = tiki.new_game(rules)
    states = [state]
    actions: list[Action] = []
    transitions: list[Transition] = []
    while tiki.outcome(state) is None and len(actions) < max_plies:
        if tiki.actors(state) == (tiki.CHANCE,):
            action = tiki.sample_chance(state, rng)
        else:
            action = rng.choice(tiki.legal_actions(state))
        t = tiki.step(state, action)
        actions.append(action)
        transitions.append(t)
        state = t.state
        states.append(state)
    return Game(rules, seed, tuple(states), tuple(actions), tuple(transitions))


@st.composite
def games(draw: st.DrawFn, max_plies: int = MAX_PLIES) -> Game:
    """A random playout under a drawn ruleset and seed."""
    return playout(draw(rules()), draw(seeds), max_plies)


def random_action(s: State, rng: random.Random) -> object:
    """An arbitrary action for either player, legal or not.

    Out-of-range villages (-1, 9), edges (-1, 12, None) and players (2) are drawn for
    every kind of action, in every phase: is_legal and step refuse them all with
    IllegalActionError (and every action prints, malformed or not).
    """
    p = rng.choice((0, 1, CHANCE))
    kind = rng.randrange(10)
    v = rng.choice((*range(9), -1, 9))
    e = rng.choice((*range(12), -1, 12, None))
    if kind == 0:
        return Create(p, v)
    if kind in (1, 2, 3):
        length = rng.choice((1, 2, 2, 3, 3, 3, 4))
        if rng.random() < 0.5:  # mostly plausible walks from an occupied village
            occupied = [u for u in range(9) if s.stacks[u]] or [v % 9]
            path = [rng.choice(occupied)]
            for _ in range(length - 1):
                path.append(rng.choice(reference.neighbours(path[-1])))
            return Move(p, tuple(path))
        return Move(p, tuple(rng.choice((v, *range(9))) for _ in range(length)))
    if kind == 4:
        return Order(p, rng.choice((*s.pending, v)))
    if kind == 5:
        return PlaceShaman(p, e)
    if kind == 6:
        return rng.choice((MoveShaman(p, e), MoveShaman(p, s.shaman or 0), KeepShaman(p)))
    if kind == 7:
        return Pass(p)
    if kind == 8:
        tiles = list(s.rules.tiles)
        rng.shuffle(tiles)
        return Layout(tuple(tiles[: rng.choice((8, 9, 9))]) if rng.random() < 0.8 else (1,) * 9)
    return FirstPlayer(rng.choice((0, 1, 2)))
