"""Reading the values of one scenario file, each checked for its kind and bound.

A :class:`FileReader` carries the file's name and text; every value is read with its
dotted key (``expect.fruits``, ``given.stacks.b2``; list items ``actions #3``, counted
from 1 as a person counts), so a bad value is a :class:`~tiki.errors.NotationError`
that names the file, the key and its line: ``end.toml: [expect] fruits, line 9: ...``
(``tikalspeed``'s scenarios say it the same way). Numbers are whole numbers (TOML's
``true`` is not 1) within the bounds the caller gives, at most
:data:`~tiki.model.rules.NUMBER_LIMIT`. :func:`written` writes a value as a
scenario file writes it, for the reports.

>>> r = FileReader("a.toml", 'title = "x"\\n[given]\\nturn = true\\n')
>>> r.integer(3, "given.turn", 0, 10), r.owners("ox", "given.stacks.b2")
(3, (1, 0))
>>> r.integer(True, "given.turn", 0, 10)
Traceback (most recent call last):
...
tiki.errors.NotationError: a.toml: [given] turn, line 3: a whole number from 0 to 10, not True
>>> written({"b2": "ox"}), written([4, 0]), written(True), written("1-0")
('{ b2 = "ox" }', '[4, 0]', 'true', '"1-0"')
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import attrs

from ...board.island import EDGE_NAMES, VILLAGE_NAMES
from ...errors import NotationError, shown
from ...model.actions import Action
from ...model.state import PLAYER_SYMBOLS, State
from ...text.notation import parse_action

__all__ = ["CLAUSE_ID", "TABLES", "FileReader", "forced_player", "parse_token", "written"]

CLAUSE_ID = re.compile(r"TIKI-[A-Z]+-[0-9]+")
"""The form of a clause id of ``specs/tiki.md``."""

TABLES = ("rules", "given", "expect")
"""The tables of a scenario file."""

_VILLAGE = {name: v for v, name in enumerate(VILLAGE_NAMES)}
_EDGE = {name: e for e, name in enumerate(EDGE_NAMES)}
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_HEADER = re.compile(r"\s*\[([A-Za-z_]+)\]\s*(?:#.*)?$")


def written(value: object) -> str:
    """``value`` as a scenario file writes it (TOML): ``3``, ``"x"``, ``[4, 0]``,
    ``{ b2 = "ox" }``, ``true``; ``None`` (no value) as ``None``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        parts = [f"{k if _BARE.fullmatch(str(k)) else json.dumps(str(k))} = {written(v)}"
                 for k, v in value.items()]  # fmt: skip
        return "{ " + ", ".join(parts) + " }" if parts else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(written(v) for v in value) + "]"
    return str(value)


def forced_player(token: str) -> tuple[int | None, str]:
    """Split ``"o:+b2"`` into the player it forces and the action token.

    >>> forced_player("o:+b2"), forced_player("+b2")
    ((1, '+b2'), (None, '+b2'))
    """
    if len(token) > 2 and token[1] == ":" and token[0] in PLAYER_SYMBOLS:
        return PLAYER_SYMBOLS.index(token[0]), token[2:]
    return None, token


def parse_token(state: State, token: str) -> Action:
    """Read ``token`` in ``state``, honouring a ``"x:"`` / ``"o:"`` prefix that forces
    the player; raises :class:`NotationError` as :func:`~tiki.parse_action` does."""
    player, text = forced_player(token)
    action = parse_action(state, text)
    if player is not None and hasattr(action, "player"):
        action = attrs.evolve(action, player=player)
    return action


@attrs.frozen
class FileReader:
    """Reads the values of the scenario file ``name``, naming it in every error."""

    name: str
    """How the file is named in messages: its name, or ``<scenario>``."""
    source: str = ""
    """The file's text, where :meth:`line` finds a key."""

    def fail(self, key: str, text: str) -> NotationError:
        """The error for a bad value at the dotted ``key``: ``name: [table] key, line N:
        text``; its ``position`` is the line (``None`` when not found)."""
        table, _, inner = key.partition(".")
        where = f"[{table}] {inner}" if table in TABLES and inner else key
        where = f"[{key}]" if key in TABLES else where
        line = self.line(key)
        error = NotationError(f"{self.name}: {where}{f', line {line}' if line else ''}: {text}")
        error.position = line
        return error

    def line(self, key: str) -> int | None:
        """The line of the file where ``key`` (its first part inside its table) is set,
        or the table's header for a table's own key; ``None`` when not found."""
        table, _, inner = key.partition(".")
        if table not in TABLES:
            table, inner = "", key
        first = re.split(r"[.\[ ]", inner, maxsplit=1)[0] if inner else ""
        setting = re.compile(rf"\s*[\"']?{re.escape(first)}[\"']?\s*=")
        current = ""
        for number, text in enumerate(self.source.splitlines(), 1):
            header = _HEADER.match(text)
            if header:
                current = header.group(1)
                if current == table and not first:
                    return number
            elif current == table and first and setting.match(text):
                return number
        return None

    def table(self, value: object, key: str, allowed: frozenset[str]) -> dict[str, Any]:
        """A TOML table whose keys are all in ``allowed`` (a typo cannot skip a check)."""
        if not isinstance(value, dict):
            raise self.fail(key, f"a table {{...}}, not {shown(value)}")
        for name in value:
            if name not in allowed:
                place = f"[{key}]" if key in TABLES else key.rpartition(".")[2]
                place = place or "the top of the file"
                takes = ", ".join(sorted(allowed))
                raise self.fail(
                    f"{key}.{name}" if key else name, f"unknown key; {place} takes {takes}"
                )
        return value

    def integer(self, value: object, key: str, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``."""
        if type(value) is not int or not low <= value <= high:
            raise self.fail(key, f"a whole number from {low} to {high}, not {shown(value)}")
        return value

    def text(self, value: object, key: str, choices: tuple[str, ...] = ()) -> str:
        """A string, one of ``choices`` when they are given."""
        if type(value) is not str:
            raise self.fail(key, f"a string, not {shown(value)}")
        if choices and value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise self.fail(key, f"one of {allowed}, not {shown(value)}")
        return value

    def boolean(self, value: object, key: str) -> bool:
        """``true`` or ``false``."""
        if type(value) is not bool:
            raise self.fail(key, f"true or false, not {shown(value)}")
        return value

    def items(self, value: object, key: str) -> list[Any]:
        """A TOML array."""
        if not isinstance(value, list):
            raise self.fail(key, f"a list [...], not {shown(value)}")
        return value

    def texts(self, value: object, key: str) -> tuple[str, ...]:
        """A list of strings."""
        return tuple(self.text(v, f"{key} #{i}") for i, v in enumerate(self.items(value, key), 1))

    def numbers(self, value: object, key: str, count: int, low: int, high: int) -> tuple[int, ...]:
        """A list of exactly ``count`` whole numbers from ``low`` to ``high``."""
        items = self.items(value, key)
        if len(items) != count:
            raise self.fail(key, f"a list of {count} whole numbers, not {shown(value)}")
        return tuple(self.integer(v, f"{key} #{i}", low, high) for i, v in enumerate(items, 1))

    def player(self, value: object, key: str, more: tuple[str, ...] = ()) -> str:
        """``"x"`` or ``"o"`` (or one of ``more``, such as ``"chance"``)."""
        return self.text(value, key, ("x", "o", *more))

    def village(self, value: object, key: str) -> int:
        """A village name, ``a1`` to ``c3``."""
        name = self.text(value, key)
        if name not in _VILLAGE:
            raise self.fail(key, f"a village a1 ... c3, not {shown(name)}")
        return _VILLAGE[name]

    def edge(self, value: object, key: str) -> int:
        """An edge name such as ``a1b1`` (two adjacent villages, lower first)."""
        name = self.text(value, key)
        if name not in _EDGE:
            raise self.fail(
                key, f"an edge such as 'a1b1' ({', '.join(EDGE_NAMES)}), not {shown(name)}"
            )
        return _EDGE[name]

    def owners(self, value: object, key: str) -> tuple[int, ...]:
        """A totem written bottom to top with ``x`` and ``o``: ``"ox"``; ``""`` is empty."""
        text = self.text(value, key)
        if any(c not in PLAYER_SYMBOLS for c in text):
            raise self.fail(key, f"a totem is written with 'x' and 'o' only, not {shown(text)}")
        return tuple(PLAYER_SYMBOLS.index(c) for c in text)

    def board(self, value: object, key: str) -> tuple[tuple[int, ...], ...]:
        """A table ``{b2 = "ox", ...}``: every village's totem, unlisted ones empty."""
        table = self.table(value, key, frozenset(VILLAGE_NAMES))
        stacks: list[tuple[int, ...]] = [()] * len(VILLAGE_NAMES)
        for name, owners in table.items():
            stacks[_VILLAGE[name]] = self.owners(owners, f"{key}.{name}")
        return tuple(stacks)

    def token(self, state: State, value: object, key: str) -> str:
        """An action token that reads (its form only; legality is the engine's job)."""
        token = self.text(value, key)
        try:
            parse_token(state, token)
        except NotationError as e:
            raise self.fail(key, f"not an action token: {e}") from None
        return token

    def tokens(self, state: State, value: object, key: str) -> tuple[str, ...]:
        """A list of action tokens that read."""
        items = self.items(value, key)
        return tuple(self.token(state, v, f"{key} #{i}") for i, v in enumerate(items, 1))

    def clause(self, value: object, key: str) -> str:
        """A clause id of ``specs/tiki.md``, such as ``TIKI-MOVE-4``."""
        text = self.text(value, key)
        if not CLAUSE_ID.fullmatch(text):
            raise self.fail(
                key, f"a clause id of specs/tiki.md like 'TIKI-MOVE-4', not {shown(text)}"
            )
        return text
