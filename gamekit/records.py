"""Frozen attrs records built slot by slot, as an engine builds its next state: the
very value the class's ``__init__`` builds (equal, the same hash, repr, evolve and
pickle, still frozen), for less than the frozen ``__init__``'s call of
``object.__setattr__`` a field. Compiled with the engines (``setup.py``'s
``COMPILED``).

>>> import attrs
>>> @attrs.frozen(cache_hash=True)
... class Point:
...     x: int
...     y: int
>>> made = built(Point, setters(Point), [1, 2])
>>> made == Point(1, 2), hash(made) == hash(Point(1, 2)), made
(True, True, Point(x=1, y=2))
>>> made.x = 5
Traceback (most recent call last):
...
attr.exceptions.FrozenInstanceError: can't set attribute
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["Setter", "built", "setters"]

Setter = Callable[[Any, Any], None]
"""A slot's setter: ``setter(record, value)``."""

_NEW = object.__new__


def setters(kind: type) -> tuple[Setter, ...]:
    """The slot setters of the frozen, slotted attrs class ``kind``: its fields in
    order, then the slots attrs adds (the cached hash), which :func:`built` leaves
    empty (``None``, as attrs' ``__init__`` leaves them)."""
    names = [f.name for f in attrs.fields(kind)]
    extra = [n for n in getattr(kind, "__slots__", ()) if n not in names and n != "__weakref__"]
    return tuple(getattr(kind, n).__set__ for n in (*names, *extra))


def built(kind: type, slots: tuple[Setter, ...], values: list[Any]) -> Any:
    """A new ``kind`` holding ``values`` (its fields in order), set slot by slot with
    ``slots`` (:func:`setters` of ``kind``), the slots after the fields ``None``: for
    records that are valid by construction (no validator or converter runs)."""
    new: Any = _NEW(kind)
    n = len(values)
    for i in range(len(slots)):
        slots[i](new, values[i] if i < n else None)
    return new
