"""Tikal scenarios: rule examples a designer writes as data, and their runner.

A scenario is a TOML file (``docs/tikal-scenarios.md`` has the whole format): a
``title``, the ``clauses`` of ``specs/tikal.md`` it proves, the ``notes`` that work
its expectations out by hand, a position (``[rules]``, ``[given]``), the ``actions``
played from it, and ``[expect]``: what must then be true. :func:`load_scenario` reads
and checks one (a malformed file is a :class:`~tikalspeed.NotationError` naming the
file, the key and the line), :func:`run_scenario` plays it into an :class:`Outcome`
with every :class:`Mismatch`, and :func:`check` runs files and folders into a
:class:`Report`, which ``tikalspeed check`` prints.

The runner is the shared kit's, :mod:`gamekit.scenarios.runner`, the same that runs
Tiki's scenarios (``tiki check``); what is Tikal's is :data:`FORMAT`: the keys at the
top of a file (:data:`TOP_KEYS`), its ``[rules]`` and the position ``[given]`` builds
(:mod:`.given`, :mod:`.board`), its action tokens and its ``[expect]``
(:mod:`.expect`), read with :class:`~.read.Reader`. A folder's scenarios are those in
its subfolders too, and a file is read only when it is a regular file of at most 1 MiB
(:data:`~gamekit.scenarios.runner.MAX_SCENARIO`).

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
>>> [str(m) for m in run_scenario(s).mismatches]
['workers.P2.a1: expected 2, got 1']
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from gamekit.scenarios import runner as shared
from gamekit.scenarios.read import Fault, FileReader
from gamekit.scenarios.runner import Format, Mismatch, Outcome, Report, Scenario

from ...engine import new_game
from ...errors import NotationError
from ...game import GAME
from ...model.events import Event
from ...model.rules import Rules
from ...model.state import State
from ...text.notation import parse_action
from .expect import EXPECT_KEYS, SPEED_EXPECT_KEYS, expectations
from .given import GIVEN_KEYS, build
from .read import Reader

__all__ = [
    "FORMAT",
    "TOP_KEYS",
    "TikalFormat",
    "check",
    "clause_line",
    "load_scenario",
    "run_scenario",
    "scenario_files",
]

TOP_KEYS = ("title", "clauses", "notes", "actions", "rules", "given", "expect")
"""The keys at the top of a scenario file."""


class TikalFormat(Format[FileReader]):
    """Tikal's scenario files, as the shared runner reads them: ``[rules]`` and the
    position ``[given]`` builds on the initial state; tokens as ``tikalspeed.parse_action``
    reads them; ``[expect]`` kept as the file gives it and checked key by key (read
    once on the start, so that a bad value is refused before anything is played)."""

    game = GAME
    top_keys = TOP_KEYS
    subfolders = True
    hyphens = True

    def reader(self, name: str, source: str) -> FileReader:
        """The shared reader, refusing with Tikal's :class:`~tikalspeed.NotationError`."""
        return FileReader(name, source, error=NotationError)

    def start(self, reader: FileReader, data: dict[str, Any]) -> State:
        """``new_game(rules)`` with the position of ``[given]`` built on it."""
        top = Reader("", 2)
        rules = _rules(top.table_of("rules", data.get("rules", {})))
        given = reader.table(top.table_of("given", data.get("given", {})), "given", GIVEN_KEYS)
        if "given" not in data:
            return new_game(rules)
        return build(rules, given, Reader("given", rules.players))

    def token(self, reader: FileReader, state: Any, value: object, key: str) -> str:
        """A token ``tikalspeed.parse_action`` reads in ``state``."""
        Reader("", state.players).token(key, value, state)
        return str(value)

    def parse_token(self, state: Any, token: str) -> Any:
        """The action of a token (``tikalspeed.parse_action``)."""
        return parse_action(state, token)

    def expect(self, reader: FileReader, value: object, start: Any) -> dict[str, Any]:
        """``[expect]``: known keys, the Speed keys in a Speed game only, every value
        read on the start."""
        table = Reader("", start.players).table_of("expect", value)
        if not table:
            raise reader.fail("expect", "a scenario needs an [expect] table")
        reader.table(table, "expect", EXPECT_KEYS)
        for key in SPEED_EXPECT_KEYS:
            if key in table and start.rules.mode != "speed":
                raise Fault(key, f"only the speed game has {key} (TIKAL-MODE-1)", "expect")
        expectations(table, start, (), Reader("expect", start.players))  # reads every value
        return table

    def mismatches(
        self, expect: dict[str, Any], state: State, events: tuple[Event, ...]
    ) -> list[Mismatch]:
        """Every expectation not met, key by key in the file's order."""
        return expectations(expect, state, events, Reader("expect", state.players))


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


FORMAT = TikalFormat()
"""Tikal's scenario files."""


def clause_line(clause_id: str) -> str:
    """A clause as a failed scenario's report lists it: its id, title and the first
    paragraph of its text (``specs/tikal.md``, as :func:`tikalspeed.clause` ships it),
    wrapped at 88 characters.

    >>> print(clause_line("TIKAL-UNCOVER-3"))
      TIKAL-UNCOVER-3 (At most two levels a turn): A temple may be raised at most twice in
        one turn.
    """
    return "\n".join(shared.clause_lines(GAME, clause_id, hyphens=True))


def load_scenario(path_or_text: Path | str, *, name: str | None = None) -> Scenario:
    """Read a scenario: a :class:`pathlib.Path` is a file (named by its file name
    unless ``name`` is given), a ``str`` the TOML text itself. Every key is checked,
    the start position built and every action token read, so a malformed scenario
    fails here, not halfway: :class:`~tikalspeed.NotationError` naming the file, the
    key and its line (an unknown key, a bad token, cell, tile or player, a number out
    of bounds, a position no game reaches). A file that cannot be read, is not a
    regular file or is larger than 1 MiB raises :class:`OSError`.

    >>> load_scenario('title = "x"\\nclauses = ["TIKAL-ENTER-1"]\\n[expect]\\napp = 3\\n')
    Traceback (most recent call last):
    ...
    tikalspeed.errors.NotationError: <scenario>: [expect] app, line 4: unknown key; ...
    """
    return shared.load(FORMAT, path_or_text, name=name)


def run_scenario(scenario: Scenario) -> Outcome:
    """Play ``scenario``'s actions from its start and check every expectation."""
    return shared.run(scenario)


def scenario_files(paths: Iterable[str | Path]) -> list[tuple[str, Path]]:
    """The scenario files ``paths`` name, each with the name the report gives it: a file
    as given, a folder's ``*.toml`` files (sorted, in subfolders too) by their path
    inside it. Raises :class:`FileNotFoundError` for a path that does not exist or a
    folder without scenarios."""
    return [(name, path) for path, name in shared.scenario_files(paths, subfolders=True)]


def check(paths: Iterable[str | Path]) -> Report:
    """Load every scenario of ``paths`` (files or folders, see :func:`scenario_files`),
    then run them all. Raises :class:`~tikalspeed.NotationError` for a malformed
    scenario and :class:`OSError` for a path that cannot be read (or not a regular
    file, or larger than 1 MiB), before any is run."""
    return shared.check(FORMAT, paths)
