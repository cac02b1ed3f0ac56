"""Tiki's scenarios: examples of the rules that a game designer writes as data and
runs without Python (``tiki check FILE_OR_DIR ...``).

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
:class:`Report`, the text ``tiki check`` prints.

The runner is the shared kit's, :mod:`gamekit.scenarios.runner`, the same that runs
Tikal's scenarios (``tikalspeed check``); what is Tiki's is :data:`FORMAT`: the keys
at the top of a file (:data:`TOP_KEYS`), the start it builds (:mod:`.given`), its
action tokens (:mod:`.read`) and its ``[expect]`` (:mod:`.expect`). A file is read
only when it is a regular file of at most 1 MiB
(:data:`~gamekit.scenarios.runner.MAX_SCENARIO`).

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

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gamekit.scenarios import runner as shared
from gamekit.scenarios.runner import Format, Mismatch, Outcome, Report, Scenario

from ...game import GAME
from ...model.events import Event
from ...model.state import State
from .expect import Expectation, mismatches, read_expect
from .given import start_state
from .read import FileReader, parse_token

__all__ = [
    "FORMAT",
    "TOP_KEYS",
    "TikiFormat",
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


class TikiFormat(Format[FileReader]):
    """Tiki's scenario files, as the shared runner reads them: a start from
    ``layout``/``first``, ``seed`` or ``position`` with ``[rules]`` and ``[given]``;
    tokens that may force a player (``"o:+b2"``); ``[expect]`` read into
    :class:`Expectation` values, each checked on its own."""

    game = GAME
    top_keys = TOP_KEYS

    def reader(self, name: str, source: str) -> FileReader:
        """Tiki's reader of the file: its nouns, its errors."""
        return FileReader(name, source)

    def start(self, reader: FileReader, data: dict[str, Any]) -> State:
        """The start (:func:`.given.start_state`)."""
        return start_state(reader, data)

    def token(self, reader: FileReader, state: Any, value: object, key: str) -> str:
        """A token that reads in ``state``, a player forced or not."""
        return reader.token(state, value, key)

    def parse_token(self, state: Any, token: str) -> Any:
        """The action of a token, a player forced or not (:func:`.read.parse_token`)."""
        return parse_token(state, token)

    def expect(self, reader: FileReader, value: object, start: Any) -> tuple[Expectation, ...]:
        """``[expect]`` as :class:`Expectation` values, in the file's order."""
        return read_expect(reader, value, start)

    def mismatches(
        self, expect: tuple[Expectation, ...], state: State, events: tuple[Event, ...]
    ) -> list[Mismatch]:
        """Every expectation's differences, in the file's order."""
        return [Mismatch(*miss) for e in expect for miss in mismatches(e, state, events)]


FORMAT = TikiFormat()
"""Tiki's scenario files."""


def clause_lines(clause_id: str) -> list[str]:
    """A clause as a failing scenario shows it: id, title and the first paragraph of its
    text (as :func:`tiki.clause` ships it), wrapped at 88 characters
    (:data:`~gamekit.scenarios.runner.WIDTH`) and indented under the scenario.

    >>> for line in clause_lines("TIKI-CREATE-3"):
    ...     print(line)
      TIKI-CREATE-3 (An empty village): The chosen village must hold no tiki at all, neither
        the player's own nor the opponent's.
    """
    return shared.clause_lines(GAME, clause_id)


def load_scenario(source: str | os.PathLike[str], *, name: str | None = None) -> Scenario:
    """Read a scenario from a file (a path such as :class:`~pathlib.Path`) or from TOML
    text (a ``str``), and check it.

    ``name`` is how errors and reports name it (default: the file's name, or
    ``<scenario>`` for text). Raises :class:`~tiki.errors.NotationError` for a file
    that is not a scenario, naming the file, the key at fault and its line (the
    error's ``position``; ``None`` when it is not found), or the line and column where
    the TOML does not parse; :class:`OSError` when a file cannot be read, is not a
    regular file or is larger than 1 MiB.

    >>> load_scenario('title = "x"\\nclauses = ["TIKI-MOVE-4"]\\n[expect]\\nfrutis = 3\\n')
    Traceback (most recent call last):
    ...
    tiki.errors.NotationError: <scenario>: [expect] frutis, line 4: unknown key; [expect] ...
    """
    return shared.load(FORMAT, source, name=name)


def run_scenario(scenario: Scenario) -> Outcome:
    """Play the scenario's actions from its start and check every expectation."""
    return shared.run(scenario)


def scenario_files(paths: Iterable[str | os.PathLike[str]]) -> list[tuple[Path, str]]:
    """The files ``tiki check`` runs, each with the name it reports: a file as given,
    every ``*.toml`` of a directory (sorted, not of its subdirectories) by its name in
    the directory.

    Raises :class:`FileNotFoundError` for a path that does not exist or a directory
    without scenario files.
    """
    return shared.scenario_files(paths)


def check(paths: Iterable[str | os.PathLike[str]]) -> Report:
    """Load every scenario of ``paths`` (files, or directories of ``*.toml`` files), then
    run them all. Every file is read before any is run, so a malformed one stops the
    check before it reports anything: :class:`~tiki.errors.NotationError` naming it,
    or :class:`OSError` for a path that cannot be read."""
    return shared.check(FORMAT, paths)
