"""Tikal scenarios: rule examples a designer writes as data, and their runner.

A scenario is a TOML file (``docs/tikal-scenarios.md`` has the whole format): a
``title``, the ``clauses`` of ``specs/tikal.md`` it proves, the ``notes`` that work
its expectations out by hand, a position (``[rules]``, ``[given]``), the ``actions``
played from it, and ``[expect]``: what must then be true. :func:`load_scenario` reads
and checks one (a malformed file is a :class:`~tikalspeed.NotationError` naming the
file, the key and the line), :func:`run_scenario` plays it into an :class:`Outcome`
with every :class:`Mismatch`, and :func:`check` runs files and folders into a
:class:`Report`, which ``tikalspeed check`` prints.

>>> s = load_scenario('''
... title = "Entering costs 1 AP"
... clauses = ["TIKAL-ENTER-1"]
... actions = ["enter:w:a1"]
... [rules]
... mode = "classic"
... [given]
... turn = "P2"
... [expect]
... ap = 9
... workers = { P2 = { a1 = 2 } }
... ''', name="enter.toml")
>>> outcome = run_scenario(s)
>>> outcome.passed, [str(m) for m in outcome.mismatches]
(False, ['workers.P2.a1: expected 2, got 1'])
"""

from __future__ import annotations

import errno
import re
import textwrap
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

import attrs

from ...engine import new_game, step
from ...errors import IllegalActionError, NotationError
from ...model.events import Event
from ...model.rules import Rules
from ...model.state import State
from ...text.clauses import clause
from ...text.notation import parse_action
from .expect import EXPECT_KEYS, SPEED_EXPECT_KEYS, Mismatch, expectations
from .given import GIVEN_KEYS, build
from .read import Fault, Reader, at, shown

__all__ = ["Mismatch", "Outcome", "Report", "Scenario", "check", "load_scenario", "run_scenario"]

TOP_KEYS = ("title", "clauses", "notes", "actions", "rules", "given", "expect")
"""The keys at the top of a scenario file."""
_WIDTH = 88


@attrs.frozen(eq=False)
class Scenario:
    """A scenario read and checked by :func:`load_scenario`: its ``name`` (the file, as
    the report shows it), ``title``, ``clauses``, ``notes``, ``actions`` (tokens), the
    ``rules``, the ``start`` position built from ``[given]`` (or the initial state),
    and the ``expect`` table as read."""

    name: str
    title: str
    clauses: tuple[str, ...]
    notes: str
    actions: tuple[str, ...]
    rules: Rules
    start: State
    expect: dict[str, Any]


@attrs.frozen(eq=False)
class Outcome:
    """What running a scenario gave (not a game's :class:`tikalspeed.Outcome`): the
    ``mismatches`` (none when it ``passed``), the ``state`` after the last action
    played and that action's ``events``. An action refused stops the scenario: its
    one mismatch is that action."""

    scenario: Scenario
    mismatches: tuple[Mismatch, ...]
    state: State
    events: tuple[Event, ...]

    @property
    def passed(self) -> bool:
        """Whether every expectation held."""
        return not self.mismatches


@attrs.frozen(eq=False)
class Report:
    """The outcomes of :func:`check`, in order; ``str(report)`` is what
    ``tikalspeed check`` prints: a line per scenario (``PASS`` or ``FAIL``), under a
    failed one each mismatch and each of its clauses with its text, then the count."""

    outcomes: tuple[Outcome, ...]

    @property
    def passed(self) -> int:
        """How many scenarios passed."""
        return sum(1 for o in self.outcomes if o.passed)

    @property
    def failed(self) -> int:
        """How many scenarios failed."""
        return len(self.outcomes) - self.passed

    @property
    def ok(self) -> bool:
        """Whether every scenario passed."""
        return not self.failed

    def lines(self) -> list[str]:
        """The report, line by line."""
        out: list[str] = []
        for o in self.outcomes:
            s = o.scenario
            out.append(f"{'PASS' if o.passed else 'FAIL'} {s.name}: {s.title}")
            if not o.passed:
                out += [f"  {m}" for m in o.mismatches]
                out += [clause_line(c) for c in s.clauses]
        n = len(self.outcomes)
        counted = f"{n} scenario{'' if n == 1 else 's'}"
        out.append(f"{counted}: {self.passed} passed, {self.failed} failed")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def clause_line(clause_id: str) -> str:
    """A clause as a failed scenario's report lists it: its id, title and the first
    paragraph of its text (``specs/tikal.md``, as :func:`tikalspeed.clause` ships it),
    wrapped at 88 characters.

    >>> print(clause_line("TIKAL-UNCOVER-3"))
      TIKAL-UNCOVER-3 (At most two levels a turn): A temple may be raised at most twice in
        one turn.
    """
    found = clause(clause_id)
    first = " ".join(found.text.strip().split("\n\n")[0].split())
    return textwrap.fill(
        f"{clause_id} ({found.title}): {first}",
        _WIDTH,
        initial_indent="  ",
        subsequent_indent="    ",
    )


# --------------------------------------------------------------------------- reading


def load_scenario(path_or_text: Path | str, *, name: str | None = None) -> Scenario:
    """Read a scenario: a :class:`pathlib.Path` is a file (named by its file name
    unless ``name`` is given), a ``str`` the TOML text itself. Every key is checked,
    the start position built and every action token read, so a malformed scenario
    fails here, not halfway: :class:`~tikalspeed.NotationError` naming the file, the
    key and its line (an unknown key, a bad token, cell, tile or player, a number out
    of bounds, a position no game reaches). A file that cannot be read raises
    :class:`OSError`.

    >>> load_scenario('title = "x"\\nclauses = ["TIKAL-ENTER-1"]\\n[expect]\\napp = 3\\n')
    Traceback (most recent call last):
    ...
    tikalspeed.errors.NotationError: <scenario>: [expect] app, line 4: unknown key; ...
    """
    if isinstance(path_or_text, Path):
        name = name or path_or_text.name
        try:
            text = path_or_text.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise NotationError(f"{name}: not a text file (UTF-8)") from None
    else:
        name, text = name or "<scenario>", path_or_text
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise NotationError(f"{name}: not TOML: {e}") from None
    try:
        return _read(name, data)
    except Fault as f:
        line = _line(text, f.table, f.key)
        table = f"[{f.table}] " if f.table else ""
        where = f", line {line}" if line else ""
        raise NotationError(f"{name}: {table}{f.key}{where}: {f.message}") from None


def _unknown(table: dict[str, Any], allowed: tuple[str, ...], name: str) -> None:
    where = f"[{name}]" if name else "the top of the file"
    for key in table:
        if key not in allowed:
            raise Fault(key, f"unknown key; {where} takes {', '.join(allowed)}", name)


def _read(name: str, data: dict[str, Any]) -> Scenario:
    top = Reader("", 2)
    _unknown(data, TOP_KEYS, "")
    title = top.text("title", data.get("title"))
    if not title.strip():
        raise top.fault("title", "a scenario needs a title: one line saying what it shows")
    clauses = tuple(top.text(at("clauses", i), c) for i, c in enumerate(top.list_of(
        "clauses", data.get("clauses"))))  # fmt: skip
    if not clauses:
        raise top.fault("clauses", "a scenario names the clauses it proves")
    for i, c in enumerate(clauses):
        try:
            clause(c)
        except NotationError as e:
            raise top.fault(at("clauses", i), str(e)) from None
    notes = top.text("notes", data.get("notes", ""))
    rules = _rules(top.table_of("rules", data.get("rules", {})))
    given = top.table_of("given", data.get("given", {}))
    _unknown(given, GIVEN_KEYS, "given")
    start = build(rules, given, Reader("given", rules.players)) if "given" in data else None
    start = start if start is not None else new_game(rules)
    actions = tuple(top.text(at("actions", i), t) for i, t in enumerate(top.list_of(
        "actions", data.get("actions", []))))  # fmt: skip
    for i, token in enumerate(actions):
        top.token(at("actions", i), token, start)
    expect = Reader("expect", rules.players).table_of("expect", data.get("expect"))
    if not expect:
        raise top.fault("expect", "a scenario needs an [expect] table")
    _unknown(expect, EXPECT_KEYS, "expect")
    for key in SPEED_EXPECT_KEYS:
        if key in expect and rules.mode != "speed":
            raise Fault(key, f"only the speed game has {key} (TIKAL-MODE-1)", "expect")
    expectations(expect, start, (), Reader("expect", rules.players))  # reads every value
    return Scenario(name, title, clauses, notes, actions, rules, start, expect)


def _rules(table: dict[str, Any]) -> Rules:
    fields = [f.name for f in attrs.fields(Rules) if f.name != "manifest"]
    for key, value in table.items():
        if key not in fields:
            raise Fault(key, f"unknown rule; [rules] takes {', '.join(fields)}", "rules")
        try:
            Rules(**{key: value})
        except ValueError as e:
            raise Fault(key, str(e), "rules") from None
    return Rules(**table)


def _line(text: str, table: str, key: str) -> int | None:
    """The line of ``key`` (its first part) in ``[table]`` of the TOML ``text``."""
    first = re.split(r"[.\[ ]", key, maxsplit=1)[0]
    pattern = re.compile(rf"\s*[\"']?{re.escape(first)}[\"']?\s*=")
    current = ""
    for number, line in enumerate(text.splitlines(), 1):
        header = re.match(r"\s*\[([A-Za-z_]+)\]\s*(?:#.*)?$", line)
        if header:
            current = header.group(1)
            if current == table and first == table:
                return number
        elif current == table and pattern.match(line):
            return number
    return None


# --------------------------------------------------------------------------- running


def run_scenario(scenario: Scenario) -> Outcome:
    """Play ``scenario``'s actions from its start and check every expectation."""
    state, events = scenario.start, cast(tuple[Event, ...], ())
    for i, token in enumerate(scenario.actions):
        try:
            t = step(state, parse_action(state, token))
        except IllegalActionError as e:
            refused = Mismatch(f"{at('actions', i)} {shown(token)}", "legal", f"refused: {e}")
            return Outcome(scenario, (refused,), state, events)
        state, events = t.state, t.events
    try:
        found = expectations(scenario.expect, state, events, Reader("expect", state.players))
    except Fault as f:  # read once on the start already: only what the play changed
        raise NotationError(f"{scenario.name}: [expect] {f.key}: {f.message}") from None
    return Outcome(scenario, tuple(found), state, events)


def scenario_files(paths: Iterable[str | Path]) -> list[tuple[str, Path]]:
    """The scenario files ``paths`` name, each with the name the report gives it: a file
    as given, a folder's ``*.toml`` files (sorted, in subfolders too) by their path
    inside it. Raises :class:`FileNotFoundError` for a path that does not exist or a
    folder without scenarios."""
    out: list[tuple[str, Path]] = []
    for arg in paths:
        path = Path(arg)
        if path.is_dir():
            files = sorted(path.rglob("*.toml"))
            if not files:
                raise FileNotFoundError(errno.ENOENT, "no *.toml scenario in it", str(arg))
            out += [(f.relative_to(path).as_posix(), f) for f in files]
        elif path.exists():
            out.append((str(arg), path))
        else:
            raise FileNotFoundError(errno.ENOENT, "no such file or directory", str(arg))
    return out


def check(paths: Iterable[str | Path]) -> Report:
    """Load every scenario of ``paths`` (files or folders, see :func:`scenario_files`),
    then run them all. Raises :class:`~tikalspeed.NotationError` for a malformed
    scenario and :class:`OSError` for a path that cannot be read, before any is run."""
    scenarios = [load_scenario(path, name=name) for name, path in scenario_files(paths)]
    return Report(tuple(run_scenario(s) for s in scenarios))
