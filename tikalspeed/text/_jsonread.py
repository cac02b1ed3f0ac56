"""Checked reading of JSON values: each reader names the JSON path of a bad value.

Every failure is a :class:`~tikalspeed.NotationError` whose ``position`` is a JSON
path such as ``"$.board.d3.workers[2]"``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..board.hexgrid import CELL_NAMES
from ..board.terrain import Terrain
from ..bounds import MAX_COUNT, shown
from ..errors import NotationError

JSON = dict[str, Any]
"""A JSON object as Python sees it."""

CELL_INDEX = {name: c for c, name in enumerate(CELL_NAMES)}
"""Cells by name."""


def fail(message: str, path: str) -> NotationError:
    """Return the error for a bad value at ``path``."""
    return NotationError(message, path)


def key_path(path: str, key: Any) -> str:
    """The path of ``key`` in the object at ``path`` (``"$.board.d3"``)."""
    return f"{path}.{key}" if isinstance(key, str) else f"{path}[{shown(key)}]"


def read_object(
    value: Any, path: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> JSON:
    """Return ``value`` if it is an object with every ``required`` key and no key
    outside ``required`` and ``optional``."""
    if not isinstance(value, dict):
        raise fail(f"expected an object, not {kind_of(value)}", path)
    for key in value:
        if key not in required and key not in optional:
            raise fail(f"unknown field {shown(key)}", key_path(path, key))
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


def read_int(
    value: Any, path: str, minimum: int | None = 0, maximum: int | None = MAX_COUNT
) -> int:
    """Return ``value`` if it is a whole number (not a bool) within the bounds given (by
    default a count, 0 to :data:`~tikalspeed.bounds.MAX_COUNT`)."""
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


def read_str(value: Any, path: str) -> str:
    """Return ``value`` if it is a string."""
    if not isinstance(value, str):
        raise fail(f"expected a string, not {kind_of(value)}", path)
    return value


def read_name(value: Any, path: str, table: dict[str, Any], what: str) -> Any:
    """Return ``table[value]`` for a string key of ``table``."""
    if not isinstance(value, str) or value not in table:
        shown = repr(value) if isinstance(value, str) else kind_of(value)
        raise fail(f"unknown {what} {shown}", path)
    return table[value]


def read_list(value: Any, path: str) -> list[Any]:
    """Return ``value`` if it is an array."""
    if not isinstance(value, list):
        raise fail(f"expected an array, not {kind_of(value)}", path)
    return value


def read_items(value: Any, path: str, read: Callable[[Any, str], Any]) -> tuple[Any, ...]:
    """Read an array, each item with ``read(item, path[i])``."""
    return tuple(read(item, f"{path}[{i}]") for i, item in enumerate(read_list(value, path)))


def read_cell(value: Any, path: str) -> int:
    """Return the cell named ``value`` (``"d3"``)."""
    return int(read_name(value, path, CELL_INDEX, "cell"))


def read_player(value: Any, path: str, players: int, none_ok: bool = False) -> int:
    """Return the player index ``value`` (0 … players-1), or -1 for null if ``none_ok``."""
    if none_ok and value is None:
        return -1
    if type(value) is not int or not 0 <= value < players:
        what = shown(value) if type(value) is int else kind_of(value)
        raise fail(f"expected a player 0 to {players - 1}, not {what}", path)
    return value


def read_tile(value: Any, path: str, t: Terrain, none_ok: bool = False) -> int:
    """Return the index of the tile with id ``value`` (``"C4"``), or -1 for null."""
    if none_ok and value is None:
        return -1
    return int(read_name(value, path, t.index, "tile"))


def read_counts(value: Any, path: str, names: tuple[str, ...]) -> tuple[int, ...]:
    """Read an object of counts keyed by every one of ``names``, in that order."""
    obj = read_object(value, path, names)
    return tuple(read_int(obj[k], f"{path}.{k}") for k in names)
