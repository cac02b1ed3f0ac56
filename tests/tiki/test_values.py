"""Positions as values: the engine builds each new state slot by slot
(``gamekit.records.built``), not through the frozen ``__init__``; what it builds is the
very value the attrs class builds (issue 21's speed; the contract's purity).
"""

from __future__ import annotations

import random

import attrs
from values import assert_the_attrs_value

from tiki import Rules, apply, legal_actions, new_game, step
from tiki.model.state import State


def test_tiki_turn_3_the_engines_states_are_the_attrs_records() -> None:
    """TIKI-TURN-3: along random games (shaman and not), each state the engine built
    equals the same state built by ``State``'s own ``__init__``, hashes and prints the
    same, evolves and pickles, and stays frozen; ``apply`` gives ``step``'s state."""
    for seed, rules in enumerate((Rules(), Rules(shaman=True), Rules(shaman=True))):
        rng, state = random.Random(seed), new_game(rules, seed=seed)
        while True:
            again = State(**{f.name: getattr(state, f.name) for f in attrs.fields(State)})
            assert_the_attrs_value(state, again)
            actions = legal_actions(state)
            if not actions:
                break
            action = actions[rng.randrange(len(actions))]
            after = step(state, action).state
            assert apply(state, action) == after
            state = after
