"""Scenarios: examples of the rules that a game designer writes as data and runs
without Python (``tiki check FILE_OR_DIR ...``).

A scenario is a TOML file: a title, the clauses of ``specs/tiki.md`` it proves, a
starting position, a list of action tokens, and in ``[expect]`` what must then be
true. ``docs/tiki-scenarios.md`` describes the whole format; ``tests/scenarios/tiki/``
holds the scenarios the test suite runs.

:func:`load_scenario` reads a file (a :class:`~pathlib.Path`) or TOML text (a
``str``) into a :class:`Scenario`, checking every key and value: a malformed file
(not TOML, an unknown key, a value of the wrong kind, a token that is no action, a
number beyond :data:`~tiki.model.rules.NUMBER_LIMIT`) is a
:class:`~tiki.errors.NotationError` naming the file, the key and its line.
:func:`run_scenario` plays it into an :class:`Outcome` listing every
:class:`Mismatch`; :func:`check` loads and runs files and directories into a
:class:`Report`, the text ``tiki check`` prints. ``tikalspeed.tools.scenarios`` is the
same runner for Tikal, with the same report.

>>> scenario = load_scenario('''
... title = "A tiki cannot be created on an occupied village"
... clauses = ["TIKI-CREATE-3"]
... layout = [1, 0, 1, -1, 2, 1, 1, 0, 1]
... first = "x"
... actions = ["+b2"]
...
... [expect]
... stacks = { b2 = "x" }
... supply = [7, 7]
... illegal = "+b2"
... clause = "TIKI-CREATE-3"
... ''')
>>> outcome = run_scenario(scenario)
>>> outcome.passed, [str(m) for m in outcome.mismatches]
(False, ['supply.o: expected 7, got 8'])
"""

from __future__ import annotations

import errno
import os
import re
import textwrap
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from ...engine.contract import step
from ...errors import IllegalActionError, NotationError
from ...model.events import Event
from ...model.state import State
from ...text.clauses import clause
from .expect import Expectation, mismatches, read_expect
from .given import start_state
from .read import FileReader, parse_token, written

__all__ = [
    "TOP_KEYS",
    "WIDTH",
    "Expectation",
    "Mismatch",
    "Outcome",
    "Report",
    "Scenario",
    "check",
    "clause_lines",
    "load_scenario",
    "run_scenario",
    "scenario_files",
]

TOP_KEYS = frozenset(
    {
        "title",
        "clauses",
        "notes",
        "layout",
        "first",
        "seed",
        "position",
        "actions",
        "rules",
        "given",
        "expect",
    }
)
"""The keys at the top of a scenario file (``rules``, ``given``, ``expect`` are tables)."""

WIDTH = 88
"""The width a report wraps a clause's text at."""

_TOML_LINE = re.compile(r"\(at line (\d+), column \d+\)")


@attrs.frozen
class Mismatch:
    """One expectation not met: ``fruits.x: expected 4, got 3``.

    Both values are written as the scenario file would write them (``4``, ``"x"``,
    ``[4, 0]``, ``true``), or in words where no value says it (``not legal``,
    ``refused by TIKI-CREATE-3: ...``, ``no result: the game is not over``)."""

    key: str
    """What was checked: an ``[expect]`` key, made finer by a player (``fruits.x``), a
    village (``stacks.b1``) or a token (``illegal "+b2"``); or ``actions #3 "b2-b1"``
    for an action the engine refused."""
    expected: str
    """What the scenario says."""
    actual: str
    """What the engine did."""

    def __str__(self) -> str:
        return f"{self.key}: expected {self.expected}, got {self.actual}"


@attrs.frozen
class Scenario:
    """A scenario file, read and checked: where its actions start, and what it expects."""

    name: str
    """The file as reports and errors name it: its name (or its path as given to
    :func:`check`), or ``<scenario>``."""
    title: str
    """One line: what the scenario shows."""
    clauses: tuple[str, ...]
    """The clauses of ``specs/tiki.md`` it proves."""
    notes: str
    """The hand-worked reasoning behind the expectations (may be empty)."""
    start: State
    """The state the actions start from."""
    actions: tuple[str, ...]
    """The action tokens, played in order (``"o:+b2"`` forces the player)."""
    expect: tuple[Expectation, ...]
    """What must hold after the last action, in the file's order."""


@attrs.frozen
class Outcome:
    """What running a scenario gave (not a game's :class:`tiki.Outcome`): the
    mismatches, and where the game stood."""

    scenario: Scenario
    mismatches: tuple[Mismatch, ...]
    """Every expectation not met, in the file's order; empty when the scenario passed.
    An action the engine refused is the only mismatch: nothing after it was played."""
    state: State
    """The state after the last action played."""
    events: tuple[Event, ...]
    """The events of the last action played."""

    @property
    def passed(self) -> bool:
        """Whether every expectation held."""
        return not self.mismatches

    def lines(self) -> list[str]:
        """The report's lines for this scenario: ``PASS name: title``, or ``FAIL``
        followed by each mismatch and each of the scenario's clauses with its text."""
        head = f"{'PASS' if self.passed else 'FAIL'} {self.scenario.name}: {self.scenario.title}"
        if self.passed:
            return [head]
        out = [head, *(f"  {m}" for m in self.mismatches)]
        for clause_id in self.scenario.clauses:
            out += clause_lines(clause_id)
        return out


@attrs.frozen
class Report:
    """The outcomes of :func:`check`, in the order the files were given and found;
    ``str(report)`` is what ``tiki check`` prints."""

    outcomes: tuple[Outcome, ...]

    @property
    def passed(self) -> int:
        """How many scenarios passed."""
        return sum(o.passed for o in self.outcomes)

    @property
    def failed(self) -> int:
        """How many scenarios failed."""
        return len(self.outcomes) - self.passed

    @property
    def ok(self) -> bool:
        """Whether every scenario passed (``tiki check`` then exits 0)."""
        return self.failed == 0

    def lines(self) -> list[str]:
        """The report, one scenario after another, and a count."""
        out = [line for o in self.outcomes for line in o.lines()]
        n = len(self.outcomes)
        counted = f"{n} scenario{'' if n == 1 else 's'}"
        out.append(f"{counted}: {self.passed} passed, {self.failed} failed")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def clause_lines(clause_id: str) -> list[str]:
    """A clause as a failing scenario shows it: id, title and the first paragraph of its
    text (as :func:`tiki.clause` ships it), wrapped at :data:`WIDTH` and indented under
    the scenario.

    >>> for line in clause_lines("TIKI-CREATE-3"):
    ...     print(line)
      TIKI-CREATE-3 (An empty village): The chosen village must hold no tiki at all, neither
        the player's own nor the opponent's.
    """
    found = clause(clause_id)
    paragraph = " ".join(found.text.strip().split("\n\n")[0].split())
    return textwrap.wrap(
        f"{found.id} ({found.title}): {paragraph}",
        WIDTH,
        initial_indent="  ",
        subsequent_indent="    ",
        break_long_words=False,
        break_on_hyphens=False,
    )


def load_scenario(source: str | os.PathLike[str], *, name: str | None = None) -> Scenario:
    """Read a scenario from a file (a path such as :class:`~pathlib.Path`) or from TOML
    text (a ``str``), and check it.

    ``name`` is how errors and reports name it (default: the file's name, or
    ``<scenario>`` for text). Raises :class:`NotationError` for a file that is not a
    scenario, naming the file, the key at fault and its line (the error's
    ``position``; ``None`` when it is not found), or the line and column where the
    TOML does not parse; :class:`OSError` when a file cannot be read.

    >>> load_scenario('title = "x"\\nclauses = ["TIKI-MOVE-4"]\\n[expect]\\nfrutis = 3\\n')
    Traceback (most recent call last):
    ...
    tiki.errors.NotationError: <scenario>: [expect] frutis, line 4: unknown key; [expect] ...
    """
    if isinstance(source, str):
        text, label = source, name or "<scenario>"
    else:
        label = name or Path(source).name
        data = Path(source).read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise NotationError(f"{label}: not a text file (UTF-8), byte {e.start}") from None
    try:
        table = tomllib.loads(text)
    except (ValueError, RecursionError) as e:  # TOMLDecodeError, or a number too long
        raise _toml_error(label, e, source) from None
    return _scenario(FileReader(label, text), table)


def _toml_error(label: str, error: Exception, source: object) -> NotationError:
    message = str(error) or type(error).__name__
    if isinstance(source, str) and "\n" not in source and source.strip().endswith(".toml"):
        message += "; to read a file, give a pathlib.Path, not a str"
    found = _TOML_LINE.search(message)
    failure = NotationError(f"{label}: not TOML: {message}")
    failure.position = int(found.group(1)) if found else None
    return failure


def _scenario(reader: FileReader, data: dict[str, Any]) -> Scenario:
    reader.table(data, "", TOP_KEYS)
    if "title" not in data:
        raise reader.fail("title", "a scenario needs a title: one line saying what it shows")
    title = reader.text(data["title"], "title")
    if not title.strip():
        raise reader.fail("title", "a scenario needs a title: one line saying what it shows")
    items = reader.items(data.get("clauses", []), "clauses")
    if not items:
        raise reader.fail("clauses", "a scenario names the clauses it proves")
    clauses = tuple(reader.clause(c, f"clauses #{i}") for i, c in enumerate(items, 1))
    for i, clause_id in enumerate(clauses, 1):
        try:
            clause(clause_id)
        except NotationError as e:
            raise reader.fail(f"clauses #{i}", str(e)) from None
    notes = reader.text(data.get("notes", ""), "notes")
    start = start_state(reader, data)
    actions = reader.tokens(start, data.get("actions", []), "actions")
    if "expect" not in data:
        raise reader.fail("expect", "missing: a scenario says what must be true after the actions")
    expect = read_expect(reader, data["expect"], start)
    return Scenario(reader.name, title, clauses, notes, start, actions, expect)


def run_scenario(scenario: Scenario) -> Outcome:
    """Play the scenario's actions from its start and check every expectation."""
    state = scenario.start
    events: tuple[Event, ...] = ()
    for i, token in enumerate(scenario.actions, 1):
        try:
            transition = step(state, parse_token(state, token))
        except IllegalActionError as e:
            refused = Mismatch(f"actions #{i} {written(token)}", "legal", f"refused: {e}")
            return Outcome(scenario, (refused,), state, events)
        state, events = transition.state, transition.events
    found = tuple(
        Mismatch(*miss)
        for expectation in scenario.expect
        for miss in mismatches(expectation, state, events)
    )
    return Outcome(scenario, found, state, events)


def scenario_files(paths: Iterable[str | os.PathLike[str]]) -> list[tuple[Path, str]]:
    """The files ``tiki check`` runs, each with the name it reports: a file as given,
    every ``*.toml`` of a directory (sorted) by its name in the directory.

    Raises :class:`FileNotFoundError` for a path that does not exist or a directory
    without scenario files.
    """
    out: list[tuple[Path, str]] = []
    for arg in paths:
        path = Path(arg)
        if path.is_dir():
            found = sorted(path.glob("*.toml"))
            if not found:
                raise FileNotFoundError(errno.ENOENT, "no *.toml scenario in it", os.fspath(arg))
            out += [(f, f.relative_to(path).as_posix()) for f in found]
        elif path.exists():
            out.append((path, os.fspath(arg)))
        else:
            raise FileNotFoundError(errno.ENOENT, "no such file or directory", os.fspath(arg))
    return out


def check(paths: Iterable[str | os.PathLike[str]]) -> Report:
    """Load every scenario of ``paths`` (files, or directories of ``*.toml`` files), then
    run them all. Every file is read before any is run, so a malformed one stops the
    check before it reports anything: :class:`NotationError` naming it, or
    :class:`OSError` for a path that cannot be read."""
    scenarios = [load_scenario(path, name=name) for path, name in scenario_files(paths)]
    return Report(tuple(run_scenario(s) for s in scenarios))
