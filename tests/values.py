"""What both games' tests check of a state the engine built slot by slot
(``gamekit.records.built``): that it is the attrs value its classes' own ``__init__``
builds."""

from __future__ import annotations

import pickle
from typing import Any

import attrs


def assert_the_attrs_value(state: Any, again: Any) -> None:
    """``state`` (the engine's) is ``again`` (built through ``__init__``): equal, the
    same hash and repr; it evolves and pickles to itself, and setting a field of it
    fails (frozen)."""
    assert again == state and hash(again) == hash(state) and repr(again) == repr(state)
    assert attrs.evolve(state) == state
    assert pickle.loads(pickle.dumps(state)) == state
    try:
        setattr(state, attrs.fields(type(state))[0].name, 99)
    except attrs.exceptions.FrozenInstanceError:
        return
    raise AssertionError(f"a {type(state).__name__} of the engine could be changed")
