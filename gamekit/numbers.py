"""Whole numbers a program hands over: a Python or NumPy int, never a bool, bounded.

The research frameworks pass ids and seeds as Python or NumPy ints; a bool is an int
to Python but no id or seed. :func:`whole` reads one, :func:`bounded_seed` a seed.

>>> whole(7), whole(True), whole("7")
(7, None, None)
>>> bounded_seed(None, 100, "a whole number of at most 100 either way", repr) is None
True
>>> bounded_seed(101, 100, "a whole number of at most 100 either way", repr)
Traceback (most recent call last):
...
ValueError: reset: the seed is None or a whole number of at most 100 either way, not 101
"""

from __future__ import annotations

import operator
from collections.abc import Callable

__all__ = ["bounded_seed", "whole"]


def whole(value: object) -> int | None:
    """``value`` as an int (a Python or NumPy int), ``None`` for anything else: a
    bool is an int to Python, but no action id or seed."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def bounded_seed(seed: object, top: int, what: str, shown: Callable[[object], str]) -> int | None:
    """``seed`` as ``reset`` takes it: ``None``, or a whole number from ``-top`` to
    ``top``; anything else is a ``ValueError`` saying ``what`` it must be."""
    if seed is None:
        return None
    value = whole(seed)
    if value is None or abs(value) > top:
        raise ValueError(f"reset: the seed is None or {what}, not {shown(seed)}")
    return value
