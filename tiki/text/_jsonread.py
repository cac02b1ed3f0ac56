"""Checked reading of JSON values: each reader names the JSON path of a bad value.

Every failure is a :class:`~tiki.NotationError` whose ``position`` is a JSON path
such as ``"$.stacks.b2[0]"``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..board.island import VILLAGE_NAMES, edge_from_name
from ..errors import NotationError, shown

JSON = dict[str, Any]
"""A JSON object as Python sees it."""

_VILLAGE_INDEX = {name: v for v, name in enumerate(VILLAGE_NAMES)}
_PLAYERS = {"x": 0, "o": 1}
"""The players' names that files written before issue 20 used; still read."""


def fail(message: str, path: str) -> NotationError:
    """Return the error for a bad value at ``path``."""
    return NotationError(message, path)


def read_object(
    value: Any, path: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> JSON:
    """Return ``value`` if it is an object with every ``required`` key and no key
    outside ``required`` and ``optional``."""
    if not isinstance(value, dict):
        raise fail(f"expected an object, not {kind_of(value)}", path)
    for key in value:
        if key not in required and key not in optional:
            name = key if type(key) is str else shown(key)
            raise fail(f"unknown field {shown(key)}", f"{path}.{name}")
    for key in required:
        if key not in value:
            raise fail(f"missing field {key!r}", f"{path}.{key}")
    return value


def kind_of(value: Any) -> str:
    """Name the JSON kind of ``value`` for a message (``'a string'``)."""
    if value is None:
        return "null"
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "an array",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def read_int(value: Any, path: str, minimum: int | None = 0, maximum: int | None = None) -> int:
    """Return ``value`` if it is a whole number (not a bool) from ``minimum`` to
    ``maximum`` (``None``: no bound that side)."""
    if type(value) is not int:
        raise fail(f"expected a whole number, not {kind_of(value)}", path)
    if minimum is not None and value < minimum:
        raise fail(f"expected a number >= {minimum}, not {shown(value)}", path)
    if maximum is not None and value > maximum:
        raise fail(f"expected a number <= {maximum}, not {shown(value)}", path)
    return value


def read_bool(value: Any, path: str) -> bool:
    """Return ``value`` if it is ``true`` or ``false``."""
    if type(value) is not bool:
        raise fail(f"expected true or false, not {kind_of(value)}", path)
    return value


def read_name(value: Any, path: str, table: dict[str, Any], what: str) -> Any:
    """Return ``table[value]`` for a string key of ``table``."""
    if not isinstance(value, str) or value not in table:
        shown = repr(value) if isinstance(value, str) else kind_of(value)
        raise fail(f"unknown {what} {shown}", path)
    return table[value]


def read_village(value: Any, path: str) -> int:
    """Return the village named ``value`` (``"b2"``)."""
    return int(read_name(value, path, _VILLAGE_INDEX, "village"))


def read_edge(value: Any, path: str) -> int:
    """Return the edge named ``value`` (``"a1b1"``, either village first)."""
    if isinstance(value, str):
        try:
            return edge_from_name(value)
        except KeyError:
            pass
    raise fail(f"unknown edge {shown(value)}", path)


def read_list(value: Any, path: str) -> list[Any]:
    """Return ``value`` if it is an array."""
    if not isinstance(value, list):
        raise fail(f"expected an array, not {kind_of(value)}", path)
    return value


def read_pair(value: Any, path: str, maximum: int) -> tuple[int, int]:
    """Return ``(x, o)`` from a list ``[n, m]`` by seat of counts up to ``maximum`` (or
    the object ``{"x": n, "o": m}`` that files written before issue 20 hold)."""
    if isinstance(value, list):
        if len(value) != 2:
            raise fail(f"expected 2 numbers, x's and o's, not {len(value)}", path)
        return read_int(value[0], f"{path}[0]", 0, maximum), read_int(
            value[1], f"{path}[1]", 0, maximum
        )
    obj = read_object(value, path, ("x", "o"))
    return read_int(obj["x"], f"{path}.x", 0, maximum), read_int(obj["o"], f"{path}.o", 0, maximum)


def by_village(value: Any, path: str, read: Callable[[Any, str], Any]) -> tuple[Any, ...]:
    """Read an object keyed by the 9 village names into a tuple a1 … c3."""
    obj = read_object(value, path, VILLAGE_NAMES)
    return tuple(read(obj[name], f"{path}.{name}") for name in VILLAGE_NAMES)


def read_player(value: Any, path: str) -> int:
    """Return the player ``value`` stands for: his seat, ``0`` (x) or ``1`` (o), as
    JSON writes it, or ``"x"`` or ``"o"``, as files written before issue 20 name him."""
    if type(value) is int and value in (0, 1):
        return value
    if type(value) is int:
        raise fail(f"unknown player {shown(value)}: the seats are 0 (x) and 1 (o)", path)
    return int(read_name(value, path, _PLAYERS, "player"))


def read_actor(value: Any, path: str, chance: int) -> int:
    """Return the player ``value`` stands for (as :func:`read_player`), or ``chance``
    for ``"chance"``."""
    if value == "chance" and type(value) is str:
        return chance
    if type(value) is not int and (type(value) is not str or value not in _PLAYERS):
        raise fail(f"unknown player {shown(value)}", path)
    return read_player(value, path)
