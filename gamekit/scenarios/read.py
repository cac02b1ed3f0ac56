"""Reading a scenario file, any game's: its text and TOML within bounds, then its
values, each checked for its kind and refused naming the file, the key and its line.

A scenario is a TOML file a game designer writes (``docs/tiki-scenarios.md``,
``docs/tikal-scenarios.md``). :func:`read_toml` reads it: a regular file of at most
:data:`MAX_SCENARIO` bytes (1 MiB), TOML nested at most :data:`MAX_DEPTH` deep, else a
refusal in one line that names the file. Its values are read one by one, each with
its dotted key (``expect.fruits``, ``given.workers.P1.a2``; an item of a list
``actions #3``, counted from 1 as a person counts), so that a bad one is refused with
the game's ``NotationError`` naming the file, the key and the line where it is set:
``end.toml: [expect] fruits, line 9: ...``; the error's ``position`` is that line.

- :class:`FileReader`: one file, its name and its text. :meth:`~FileReader.fail`
  builds the error for a key, :meth:`~FileReader.table` refuses a key a table does not
  take (so a typo cannot skip a check), and the readers of the kinds every game uses
  (strings, lists, whole numbers within bounds, ``true``/``false``) refuse what they
  cannot use. A game adds the readers of its own nouns (villages, players, cells) in
  a subclass, or in a reader of its own that raises :class:`Fault`.
- :class:`Fault`: a value refused by a reader that does not know the file (it knows
  its table); :meth:`FileReader.refuse` makes it the error naming the file and line.
- :func:`written`: a value as a scenario file writes it (TOML), for the reports and
  the messages; :func:`at`: the key of an item of a list.

>>> r = FileReader("a.toml", 'title = "x"\\n[given]\\nturn = true\\n')
>>> r.integer(3, "given.turn", 0, 10), r.text("x", "title")
(3, 'x')
>>> r.integer(True, "given.turn", 0, 10)
Traceback (most recent call last):
...
ValueError: a.toml: [given] turn, line 3: a whole number from 0 to 10, not true
>>> str(r.refuse(Fault("turn", "nobody's turn", "given")))
"a.toml: [given] turn, line 3: nobody's turn"
>>> written({"b2": "ox", "P1": ["b1", 2]}), written(True), written("1-0")
('{ b2 = "ox", P1 = ["b1", 2] }', 'true', '"1-0"')
"""

from __future__ import annotations

import json
import os
import re
import sys
import tomllib
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from ..files import read_text

__all__ = [
    "MAX_DEPTH",
    "MAX_SCENARIO",
    "TABLES",
    "Fault",
    "FileReader",
    "at",
    "read_toml",
    "written",
]

MAX_SCENARIO = 2**20
"""The largest scenario file read: 1 MiB, a hundred times the largest there is; a
larger file is refused unread (``cannot read 'x.toml': larger than 1,048,576 bytes``)."""

MAX_DEPTH = 32
"""How deep lists and tables may nest in a scenario file (the deepest key of a
scenario, ``[given] workers = { P1 = { a2 = 1 } }``, is three deep)."""

TABLES = ("rules", "given", "expect")
"""The tables of a scenario file: the rules, the position given, what is expected."""

_TOML_LINE = re.compile(r"\(at line (\d+), column \d+\)")
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
        parts = [f"{_key(k)} = {written(v)}" for k, v in value.items()]
        return "{ " + ", ".join(parts) + " }" if parts else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(written(v) for v in value) + "]"
    return str(value)


def _key(key: object) -> str:
    text = str(key)
    return text if _BARE.fullmatch(text) else json.dumps(text)


def at(key: str, index: int) -> str:
    """The key of item ``index`` (from 0) of the list at ``key``, counted from 1 as a
    person counts: ``at("actions", 2)`` is ``'actions #3'``."""
    return f"{key} #{index + 1}"


class Fault(Exception):
    """A value of a scenario that cannot be used, refused where the file is not known:
    ``key`` is its dotted key inside ``table`` (``'given'``, ``'expect'``, ``'rules'``,
    or ``''`` for the top of the file), ``message`` what it should be."""

    def __init__(self, key: str, message: str, table: str = "") -> None:
        super().__init__(f"{key}: {message}")
        self.key = key
        """The dotted key inside its table: ``workers.P1.z9``."""
        self.message = message
        """What is wrong with the value."""
        self.table = table
        """The table the key is in, ``''`` at the top of the file."""


def _split(key: str) -> tuple[str, str]:
    """A dotted key as its table and the key inside it: ``('given', 'stacks.b2')``;
    ``('', 'title')`` at the top of the file, ``('given', '')`` for a table itself."""
    table, _, inner = key.partition(".")
    return (table, inner) if table in TABLES else ("", key)


def read_toml(
    source: str | os.PathLike[str], *, name: str | None = None, error: type[ValueError]
) -> tuple[str, str, dict[str, Any]]:
    """A scenario's name, text and TOML: ``source`` is a file (a path, named by its
    file name unless ``name`` is given) or the TOML text itself (a ``str``, named
    ``name`` or ``<scenario>``).

    A file is read only when it is a regular file of at most :data:`MAX_SCENARIO`
    bytes (:func:`gamekit.files.read_text`): else ``OSError`` naming it. Raises
    ``error`` (the game's ``NotationError``) naming the scenario for a file that is not
    UTF-8 text, TOML that does not parse (its line and column), lists and tables
    nested more than :data:`MAX_DEPTH` deep, or a number of more digits than Python
    reads (its line, where it is found).
    """
    if isinstance(source, str):
        text, label = source, name or "<scenario>"
    else:
        label = name or Path(source).name
        try:
            text = read_text(source, MAX_SCENARIO)
        except UnicodeDecodeError as e:
            raise error(f"{label}: not a text file (UTF-8), byte {e.start}") from None
    return label, text, _toml(error, label, text, source)


def _toml(refused: type[ValueError], label: str, text: str, source: object) -> dict[str, Any]:
    """The TOML ``text`` read, within :data:`MAX_DEPTH` and Python's digits."""
    too_deep = f"{label}: not TOML: lists and tables nested more than {MAX_DEPTH} deep"
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise refused(too_deep) from None
    except tomllib.TOMLDecodeError as e:
        message = str(e)
        if isinstance(source, str) and "\n" not in source and source.strip().endswith(".toml"):
            message += "; to read a file, give a pathlib.Path, not a str"
        failure: Any = refused(f"{label}: not TOML: {message}")
        found = _TOML_LINE.search(message)
        failure.position = int(found.group(1)) if found else None
        raise failure from None
    except ValueError as e:  # a whole number longer than int() reads
        raise _digits(refused, label, text, e) from None
    if _depth(data) > MAX_DEPTH:
        raise refused(too_deep)
    return data


def _digits(refused: type[ValueError], label: str, text: str, error: ValueError) -> ValueError:
    """The error for a number of more digits than Python reads, at its line if found."""
    most = sys.get_int_max_str_digits()
    if not most:  # no limit: some other ValueError
        return refused(f"{label}: not TOML: {error}")
    number = re.compile(rf"(?:^|[=\[,{{])\s*[+-]?[0-9](?:_?[0-9]){{{most},}}")
    line = next((n for n, s in enumerate(text.splitlines(), 1) if number.search(s)), None)
    where = "" if line is None else f" (at line {line})"
    failure: Any = refused(f"{label}: not TOML: a whole number of more than {most} digits{where}")
    failure.position = line
    return failure  # type: ignore[no-any-return]


def _depth(data: object) -> int:
    """How deep lists and tables nest in ``data`` (counted without recursion, and no
    further than one past :data:`MAX_DEPTH`)."""
    deepest = 0
    todo: list[tuple[object, int]] = [(data, 0)]
    while todo and deepest <= MAX_DEPTH:
        value, depth = todo.pop()
        inside: Iterable[object]
        if isinstance(value, dict):
            inside = value.values()
        elif isinstance(value, list):
            inside = value
        else:
            continue
        deepest = max(deepest, depth)
        todo.extend((v, depth + 1) for v in inside)
    return deepest


@attrs.frozen
class FileReader:
    """Reads the values of the scenario file ``name``, naming it in every error.

    Every reader takes the value and its dotted key (``given.stacks.b2``), and raises
    ``error`` (the game's ``NotationError``) for a value it cannot use.
    """

    name: str
    """How the file is named in messages: its name, or ``<scenario>``."""
    source: str = ""
    """The file's text, where :meth:`line` finds a key."""
    error: type[ValueError] = attrs.field(default=ValueError, kw_only=True, repr=False)
    """The error raised for a bad value: the game's ``NotationError``."""

    def shown(self, value: object) -> str:
        """A value as the messages show it: as the file writes it (:func:`written`)."""
        return written(value)

    def fail(self, key: str, text: str) -> ValueError:
        """The error for a bad value at the dotted ``key``: ``name: [table] key, line N:
        text``; its ``position`` is the line (``None`` when not found)."""
        table, inner = _split(key)
        where = f"[{table}] {inner}" if table and inner else f"[{table}]" if table else key
        line = self.line(key)
        error: Any = self.error(f"{self.name}: {where}{f', line {line}' if line else ''}: {text}")
        error.position = line
        return error  # type: ignore[no-any-return]

    def refuse(self, fault: Fault) -> ValueError:
        """The error for a :class:`Fault`: :meth:`fail` at its key in its table."""
        return self.fail(f"{fault.table}.{fault.key}" if fault.table else fault.key, fault.message)

    def line(self, key: str) -> int | None:
        """The line of the file where ``key`` (its first part inside its table) is set;
        for a table itself its header (``[given]``) or else ``given = ...``; ``None``
        when not found."""
        table, inner = _split(key)
        first = re.split(r"[.\[ ]", inner, maxsplit=1)[0] if inner else ""
        found = self._find(table, first)
        if found is None and table and not first:
            found = self._find("", table)  # an inline table at the top: given = { ... }
        return found

    def _find(self, table: str, first: str) -> int | None:
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

    def table(self, value: object, key: str, allowed: Collection[str]) -> dict[str, Any]:
        """A TOML table whose keys are all in ``allowed`` (a typo cannot skip a check);
        the refusal lists them in their order, or sorted when ``allowed`` is a set."""
        if not isinstance(value, dict):
            raise self.fail(key, f"a table {{...}}, not {self.shown(value)}")
        for name in value:
            if name not in allowed:
                place = f"[{key}]" if key in TABLES else key.rpartition(".")[2]
                place = place or "the top of the file"
                listed = allowed if isinstance(allowed, tuple | list) else sorted(allowed)
                raise self.fail(
                    f"{key}.{name}" if key else name,
                    f"unknown key; {place} takes {', '.join(listed)}",
                )
        return value

    def integer(self, value: object, key: str, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high`` (TOML's ``true`` is not 1)."""
        if type(value) is not int or not low <= value <= high:
            raise self.fail(key, f"a whole number from {low} to {high}, not {self.shown(value)}")
        return value

    def text(self, value: object, key: str, choices: tuple[str, ...] = ()) -> str:
        """A string, one of ``choices`` when they are given."""
        if type(value) is not str:
            raise self.fail(key, f"a string, not {self.shown(value)}")
        if choices and value not in choices:
            allowed = ", ".join(self.shown(c) for c in choices)
            raise self.fail(key, f"one of {allowed}, not {self.shown(value)}")
        return value

    def boolean(self, value: object, key: str) -> bool:
        """``true`` or ``false``."""
        if type(value) is not bool:
            raise self.fail(key, f"true or false, not {self.shown(value)}")
        return value

    def items(self, value: object, key: str) -> list[Any]:
        """A TOML array."""
        if not isinstance(value, list):
            raise self.fail(key, f"a list [...], not {self.shown(value)}")
        return value

    def texts(self, value: object, key: str) -> tuple[str, ...]:
        """A list of strings."""
        return tuple(self.text(v, f"{key} #{i}") for i, v in enumerate(self.items(value, key), 1))

    def numbers(self, value: object, key: str, count: int, low: int, high: int) -> tuple[int, ...]:
        """A list of exactly ``count`` whole numbers from ``low`` to ``high``."""
        items = self.items(value, key)
        if len(items) != count:
            raise self.fail(key, f"a list of {count} whole numbers, not {self.shown(value)}")
        return tuple(self.integer(v, f"{key} #{i}", low, high) for i, v in enumerate(items, 1))
