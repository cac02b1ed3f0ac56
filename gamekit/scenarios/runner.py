"""Scenario files of any game: reading, running, reporting (``tiki check``,
``tikalspeed check``).

A scenario is an example of the rules that a game designer writes as data and runs
without Python: a TOML file with a ``title``, the ``clauses`` of the game's spec it
proves, ``notes`` working its expectations out by hand, a starting position, the
``actions`` played from it (action tokens), and in ``[expect]`` what must then be true
(``docs/tiki-scenarios.md``, ``docs/tikal-scenarios.md``). This is the runner both
games share; what a game's files say is the game's :class:`Format`, which its
``tools/scenarios`` folder defines: the keys at its top, how the start is built from
them, its action tokens, and how ``[expect]`` is read and checked.

- :func:`load`: a file (a path) or TOML text (a ``str``) read and checked into a
  :class:`Scenario`. A file is read only when it is a regular file of at most
  :data:`MAX_SCENARIO` bytes (1 MiB), else an ``OSError`` names it. TOML that does
  not parse, is nested more than :data:`MAX_DEPTH` deep or holds a number of more
  digits than Python reads, and every value the game cannot use, is the game's
  ``NotationError`` naming the file, the key and its line (:mod:`.read` reads them).
- :func:`run`: the actions played into an :class:`Outcome` listing every
  :class:`Mismatch`; :func:`check`: files and folders (:func:`scenario_files`) loaded,
  then run, into a :class:`Report`, the text the ``check`` command prints, in which a
  failed scenario shows its clauses (:func:`clause_lines`).

>>> from tiki.tools.scenarios.runner import FORMAT
>>> scenario = load(FORMAT, '''
... title = "Creating a totem is the whole turn"
... clauses = ["TIKI-TURN-1"]
... seed = 7
... actions = ["+a1"]
... [expect]
... turn = 2
... ''', name="turn.toml")
>>> print(Report((run(scenario),)))  # doctest: +ELLIPSIS
FAIL turn.toml: Creating a totem is the whole turn
  turn: expected 2, got 1
  TIKI-TURN-1 (Alternating turns): The first player takes the first turn; after that the
...
1 scenario: 0 passed, 1 failed
>>> load(FORMAT, "a = " + "[" * 100_000, name="deep.toml")
Traceback (most recent call last):
...
tiki.errors.NotationError: deep.toml: not TOML: lists and tables nested more than 32 deep
"""

from __future__ import annotations

import abc
import errno
import os
import textwrap
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Any, Generic, TypeVar

import attrs

from ..game import Game
from .read import MAX_DEPTH, MAX_SCENARIO, Fault, FileReader, read_toml, written

__all__ = [
    "MAX_DEPTH",
    "MAX_SCENARIO",
    "WIDTH",
    "Format",
    "Mismatch",
    "Outcome",
    "Report",
    "Scenario",
    "check",
    "clause_lines",
    "load",
    "run",
    "scenario_files",
]

WIDTH = 88
"""The width a report wraps a clause's text at."""

_NO_TITLE = "a scenario needs a title: one line saying what it shows"

R = TypeVar("R", bound=FileReader)


class Format(abc.ABC, Generic[R]):
    """What one game's scenario files are, for the shared runner: a game defines one
    subclass in its ``tools/scenarios`` folder, and the runner does the rest (reading
    the file and its title, clauses, notes and actions; playing; reporting)."""

    game: Game
    """The game the scenarios are of: its ``step``, its errors, its clauses."""
    top_keys: Collection[str]
    """Every key the top of a file takes, tables included; a refusal lists them in
    this order (sorted when a set)."""
    subfolders: bool = False
    """Whether a folder's ``*.toml`` files in its subfolders are scenarios too."""
    hyphens: bool = False
    """Whether a report may break a clause's text at a hyphen (``TIKAL-`` at a line's
    end, ``DRAW-1`` on the next), as Tikal's reports always have."""

    @abc.abstractmethod
    def reader(self, name: str, source: str) -> R:
        """The reader of the file ``name`` whose text is ``source``."""

    @abc.abstractmethod
    def start(self, reader: R, data: dict[str, Any]) -> Any:
        """The state the actions start from, built from the file's top level ``data``
        (the position, the rules, ``[given]``)."""

    @abc.abstractmethod
    def token(self, reader: R, state: Any, value: object, key: str) -> str:
        """The action token ``value`` at ``key``, once it reads as an action in
        ``state`` (its form only: legality is the engine's)."""

    @abc.abstractmethod
    def parse_token(self, state: Any, token: str) -> Any:
        """The action ``token`` is in ``state`` (as :meth:`token` accepted it)."""

    @abc.abstractmethod
    def expect(self, reader: R, value: object, start: Any) -> Any:
        """``[expect]`` read and checked (its action tokens in ``start``): what
        :meth:`mismatches` is given."""

    @abc.abstractmethod
    def mismatches(self, expect: Any, state: Any, events: tuple[Any, ...]) -> Iterable[Mismatch]:
        """Every expectation of ``expect`` that ``state`` (after the last action) and
        ``events`` (of the last step) do not meet, in the file's order."""


@attrs.frozen
class Mismatch:
    """One expectation not met: ``fruits.x: expected 4, got 3``.

    Both values are written as the scenario file would write them (``4``, ``"x"``,
    ``[4, 0]``, ``true``), or in words where no value says it (``not legal``,
    ``refused by TIKI-CREATE-3: ...``, ``no result: the game is not over``)."""

    key: str
    """What was checked: an ``[expect]`` key, made finer by a player (``fruits.x``), a
    place (``stacks.b1``, ``temples.a2``) or a token (``illegal "+b2"``); or
    ``actions #3 "b2-b1"`` for an action the engine refused."""
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
    """The clauses of the game's spec it proves."""
    notes: str
    """The hand-worked reasoning behind the expectations (may be empty)."""
    start: Any
    """The state the actions start from."""
    actions: tuple[str, ...]
    """The action tokens, played in order."""
    expect: Any
    """What must hold after the last action, as the game's :meth:`Format.expect` read it."""
    format: Format[Any] = attrs.field(kw_only=True, eq=False, repr=False)
    """The game's scenario files, which it is one of."""

    @property
    def rules(self) -> Any:
        """The rules the scenario is played by (its start's)."""
        return self.start.rules


@attrs.frozen
class Outcome:
    """What running a scenario gave (not a game's ``Outcome``): the mismatches, and
    where the game stood."""

    scenario: Scenario
    """The scenario run."""
    mismatches: tuple[Mismatch, ...]
    """Every expectation not met, in the file's order; empty when the scenario passed.
    An action the engine refused is the only mismatch: nothing after it was played."""
    state: Any
    """The state after the last action played."""
    events: tuple[Any, ...]
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
        kind = self.scenario.format
        for clause_id in self.scenario.clauses:
            out += clause_lines(kind.game, clause_id, hyphens=kind.hyphens)
        return out


@attrs.frozen
class Report:
    """The outcomes of :func:`check`, in the order the files were given and found;
    ``str(report)`` is what the ``check`` command prints."""

    outcomes: tuple[Outcome, ...]
    """One a scenario."""

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
        """Whether every scenario passed (``check`` then exits 0)."""
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


def clause_lines(game: Game, clause_id: str, *, hyphens: bool = False) -> list[str]:
    """A clause as a failing scenario shows it: id, title and the first paragraph of its
    text (as ``game.clause`` ships it), wrapped at :data:`WIDTH` and indented under the
    scenario; ``hyphens``: a word may break at a hyphen (see :attr:`Format.hyphens`)."""
    found = game.clause(clause_id)
    paragraph = " ".join(found.text.strip().split("\n\n")[0].split())
    wrapped: list[str] = textwrap.wrap(
        f"{found.id} ({found.title}): {paragraph}",
        WIDTH,
        initial_indent="  ",
        subsequent_indent="    ",
        break_long_words=hyphens,
        break_on_hyphens=hyphens,
    )
    return wrapped


# --------------------------------------------------------------------------- reading


def load(kind: Format[Any], source: str | os.PathLike[str], *, name: str | None = None) -> Scenario:
    """Read a scenario of the game of ``kind`` from a file (a path such as
    :class:`~pathlib.Path`) or from TOML text (a ``str``), and check it.

    ``name`` is how errors and reports name it (default: the file's name, or
    ``<scenario>`` for text). Raises the game's ``NotationError`` for a file that is
    not a scenario, naming the file, the key at fault and its line (the error's
    ``position``; ``None`` when it is not found), or the line and column where the
    TOML does not parse; ``OSError`` naming the file when it cannot be read, is not a
    regular file or is larger than :data:`MAX_SCENARIO` bytes.
    """
    label, text, data = read_toml(source, name=name, error=kind.game.NotationError)
    reader = kind.reader(label, text)
    try:
        return _scenario(kind, reader, data)
    except Fault as f:
        raise reader.refuse(f) from None


def _scenario(kind: Format[Any], reader: FileReader, data: dict[str, Any]) -> Scenario:
    reader.table(data, "", kind.top_keys)
    if "title" not in data:
        raise reader.fail("title", _NO_TITLE)
    title = reader.text(data["title"], "title")
    if not title.strip():
        raise reader.fail("title", _NO_TITLE)
    items = reader.items(data.get("clauses", []), "clauses")
    if not items:
        raise reader.fail("clauses", "a scenario names the clauses it proves")
    clauses = reader.texts(items, "clauses")
    for i, clause_id in enumerate(clauses, 1):
        try:
            kind.game.clause(clause_id)
        except kind.game.NotationError as e:
            raise reader.fail(f"clauses #{i}", str(e)) from None
    notes = reader.text(data.get("notes", ""), "notes")
    start = kind.start(reader, data)
    items = reader.items(data.get("actions", []), "actions")
    actions = tuple(kind.token(reader, start, v, f"actions #{i}") for i, v in enumerate(items, 1))
    if "expect" not in data:
        raise reader.fail("expect", "missing: a scenario says what must be true after the actions")
    expect = kind.expect(reader, data["expect"], start)
    return Scenario(reader.name, title, clauses, notes, start, actions, expect, format=kind)


# --------------------------------------------------------------------------- running


def run(scenario: Scenario) -> Outcome:
    """Play the scenario's actions from its start and check every expectation.

    An action the engine refuses (the game's ``IllegalActionError``) stops the
    scenario: it is then the one mismatch. A value of ``[expect]`` the game can read
    only after the play is refused with the game's ``NotationError``."""
    kind = scenario.format
    state = scenario.start
    events: tuple[Any, ...] = ()
    for i, token in enumerate(scenario.actions, 1):
        try:
            transition = kind.game.step(state, kind.parse_token(state, token))
        except kind.game.IllegalActionError as e:
            refused = Mismatch(f"actions #{i} {written(token)}", "legal", f"refused: {e}")
            return Outcome(scenario, (refused,), state, events)
        state, events = transition.state, tuple(transition.events)
    try:
        found = tuple(kind.mismatches(scenario.expect, state, events))
    except Fault as f:  # read once on the start already: only what the play changed
        raise kind.reader(scenario.name, "").refuse(f) from None
    return Outcome(scenario, found, state, events)


def scenario_files(
    paths: Iterable[str | os.PathLike[str]], *, subfolders: bool = False
) -> list[tuple[Path, str]]:
    """The files ``check`` runs, each with the name it reports: a file as given, every
    ``*.toml`` of a folder (sorted; with ``subfolders``, of its subfolders too) by its
    path inside the folder.

    Raises :class:`FileNotFoundError` for a path that does not exist or a folder
    without scenario files. A path found is not read here: :func:`load` reads it.
    """
    out: list[tuple[Path, str]] = []
    for arg in paths:
        path = Path(arg)
        if path.is_dir():
            found = sorted(path.rglob("*.toml") if subfolders else path.glob("*.toml"))
            if not found:
                raise FileNotFoundError(errno.ENOENT, "no *.toml scenario in it", os.fspath(arg))
            out += [(f, f.relative_to(path).as_posix()) for f in found]
        elif path.exists():
            out.append((path, os.fspath(arg)))
        else:
            raise FileNotFoundError(errno.ENOENT, "no such file or directory", os.fspath(arg))
    return out


def check(kind: Format[Any], paths: Iterable[str | os.PathLike[str]]) -> Report:
    """Load every scenario of ``paths`` (files, or folders of ``*.toml`` files), then
    run them all. Every file is read before any is run, so a malformed one stops the
    check before it reports anything: the game's ``NotationError`` naming it, or
    ``OSError`` for a path that cannot be read (missing, not a regular file, larger
    than :data:`MAX_SCENARIO`)."""
    found = scenario_files(paths, subfolders=kind.subfolders)
    scenarios = [load(kind, path, name=name) for path, name in found]
    return Report(tuple(run(s) for s in scenarios))
