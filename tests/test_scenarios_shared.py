"""The scenario runner both games share, :mod:`gamekit.scenarios.runner`, and the holes
its reading of files closed, in each game's ``check`` command.

``tiki check`` and ``tikalspeed check`` are one runner given each game's
:class:`~gamekit.scenarios.runner.Format` (``tiki.tools.scenarios.runner.FORMAT``,
``tikalspeed.tools.scenarios.runner.FORMAT``): the first tests show that it is the
shared runner that loads and plays each game's scenarios. Then the holes, each tested
through the command of both games (``main(["check", path])``), which must answer in
one line on stderr with exit status 2 and report nothing:

- hole 4: TOML nested 100,000 lists deep, or holding a number of more than 4,300
  digits, was a traceback (``RecursionError``, a bare ``ValueError``) and exit status
  1 in ``tikalspeed check``; now both games refuse it with their ``NotationError``
  naming the file (and the line where it is known);
- hole 5: ``check`` read any file to its end: a folder's ``x.toml`` linked to
  ``/dev/zero`` ended in a ``MemoryError`` after gigabytes, one linked to
  ``/dev/urandom`` or a FIFO never ended. Now only a regular file of at most
  :data:`~gamekit.scenarios.runner.MAX_SCENARIO` bytes (1 MiB) is read, and the
  refusal names the file; nothing is read from a FIFO, so these tests cannot hang.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import tikalspeed
import tiki
from gamekit.scenarios import runner as shared
from gamekit.scenarios.runner import MAX_SCENARIO, Format
from tikalspeed.tools import cli as tikal_cli
from tikalspeed.tools import scenarios as tikal_scenarios
from tiki.tools import cli as tiki_cli
from tiki.tools import scenarios as tiki_scenarios

TIKI = """
title = "Creating takes a tiki from the supply"
clauses = ["TIKI-CREATE-1"]
layout = [1, 0, 1, -1, 2, 1, 1, 0, 1]
first = "x"
actions = ["+b2"]

[expect]
supply = [7, 8]
"""
"""A Tiki scenario that passes (TIKI-CREATE-1)."""

TIKAL = """
title = "Two levels on a temple in a turn"
clauses = ["TIKAL-UNCOVER-3"]
actions = ["uncover:a2", "uncover:a2"]

[rules]
mode = "classic"

[given]
workers = { P1 = { a2 = 1 } }

[expect]
temples = { a2 = 3 }
"""
"""A Tikal scenario that passes (TIKAL-UNCOVER-3)."""


@attrs.frozen
class Case:
    """One game's command, its scenarios and a scenario of it that passes."""

    package: str
    main: Callable[[list[str]], int]
    scenarios: Any
    game: Any
    passing: str
    inside: str
    """Where in a folder ``check`` finds a scenario: Tikal's looks in subfolders too."""


CASES = [
    pytest.param(Case("tiki", tiki_cli.main, tiki_scenarios, tiki.GAME, TIKI, "x.toml"), id="tiki"),
    pytest.param(
        Case("tikalspeed", tikal_cli.main, tikal_scenarios, tikalspeed.GAME, TIKAL, "sub/x.toml"),
        id="tikalspeed",
    ),
]


def _format(case: Case) -> Format[Any]:
    kind: Format[Any] = case.scenarios.runner.FORMAT
    return kind


# --------------------------------------------------------------------------- the runner


@pytest.mark.parametrize("case", CASES)
def test_each_game_is_a_format_of_the_shared_runner(case: Case) -> None:
    """TIKI-CREATE-1 and TIKAL-UNCOVER-3 scenarios: the game's Format names the game's
    descriptor, the shared ``load`` reads its scenario into the shared records, and
    the game's ``load_scenario`` and ``run_scenario`` give the same."""
    kind = _format(case)
    assert isinstance(kind, Format) and kind.game is case.game
    scenario = shared.load(kind, case.passing, name="a.toml")
    assert type(scenario) is shared.Scenario and scenario.format is kind
    outcome = shared.run(scenario)
    assert type(outcome) is shared.Outcome and outcome.passed
    mine = case.scenarios.load_scenario(case.passing, name="a.toml")
    assert mine == scenario and case.scenarios.run_scenario(mine) == outcome
    assert case.scenarios.Scenario is shared.Scenario
    assert case.scenarios.Mismatch is shared.Mismatch
    assert case.scenarios.Report is shared.Report


@pytest.mark.parametrize("case", CASES)
def test_the_check_command_runs_the_shared_runner(
    case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check`` of each game loads and plays its scenarios (TIKI-CREATE-1,
    TIKAL-UNCOVER-3) through :mod:`gamekit.scenarios.runner`: every scenario is played
    by the shared ``run``, and its report is the shared ``Report``'s text."""
    played: list[str] = []
    run = shared.run

    def spy(scenario: shared.Scenario) -> shared.Outcome:
        played.append(scenario.name)
        return run(scenario)

    monkeypatch.setattr(shared, "run", spy)
    path = tmp_path / "a.toml"
    path.write_text(case.passing, encoding="utf-8")
    assert case.main(["check", str(path)]) == 0
    assert played == [str(path)]
    report = shared.check(_format(case), [path])
    assert capsys.readouterr().out == f"{report}\n"
    assert report.ok and str(report).endswith("1 scenario: 1 passed, 0 failed")


# --------------------------------------------------------------------------- hole 4


def _refused(case: Case, argument: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """``check argument``: exit status 2, nothing on stdout, one line on stderr."""
    assert case.main(["check", str(argument)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1, captured
    prefix = f"{case.package}: error: "
    assert captured.err.startswith(prefix), captured.err
    return captured.err[len(prefix) :].rstrip("\n")


@pytest.mark.parametrize("case", CASES)
def test_hole_4_toml_nested_too_deep_is_a_notation_error_naming_the_file(
    case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hole 4: ``a = `` and 100,000 ``[`` was a RecursionError's traceback and exit
    status 1 in ``tikalspeed check``; TOML nested deeper than
    :data:`~gamekit.scenarios.runner.MAX_DEPTH` (32), even where Python can read it,
    is now the game's NotationError naming the file: one line, exit status 2."""
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 100_000, encoding="utf-8")
    told = f"bad scenario {deep}: not TOML: lists and tables nested more than 32 deep"
    assert _refused(case, deep, capsys) == told
    deep.write_text(f"{case.passing}\nlate = {'[' * 33}{']' * 33}\n", encoding="utf-8")
    assert _refused(case, deep, capsys) == told
    with pytest.raises(case.game.NotationError, match="nested more than 32 deep"):
        case.scenarios.load_scenario(deep)


@pytest.mark.parametrize("case", CASES)
def test_hole_4_a_number_of_more_than_4300_digits_names_the_file_and_line(
    case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hole 4: an integer of 5,000 digits (more than Python's ``int`` reads from text)
    was a bare ValueError's traceback and exit status 1 in ``tikalspeed check``; now
    it is the game's NotationError naming the file and the number's line."""
    long = tmp_path / "long.toml"
    long.write_text(f'title = "x"\nseed = {"1" * 5000}\n', encoding="utf-8")
    told = f"bad scenario {long}: not TOML: a whole number of more than 4300 digits (at line 2)"
    assert _refused(case, long, capsys) == told
    with pytest.raises(case.game.NotationError) as error:
        case.scenarios.load_scenario(long)
    assert error.value.position == 2


# --------------------------------------------------------------------------- hole 5


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _big(path: Path) -> None:
    path.write_text("#" * MAX_SCENARIO + "\n", encoding="utf-8")


_NOT_REGULAR = "not a regular file"
_SPECIALS = [
    pytest.param(
        _zero,
        _NOT_REGULAR,
        marks=pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero"),
        id="link-to-dev-zero",
    ),
    pytest.param(
        _fifo,
        _NOT_REGULAR,
        marks=pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here"),
        id="fifo",
    ),
    pytest.param(_big, "larger than 1,048,576 bytes", id="larger-than-1-MiB"),
]


@pytest.mark.parametrize(("make", "refusal"), _SPECIALS)
@pytest.mark.parametrize("case", CASES)
def test_hole_5_check_reads_regular_files_of_at_most_1_mib_only(
    case: Case,
    make: Callable[[Path], None],
    refusal: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Hole 5: a scenario in a folder (in Tikal's subfolder) that is a link to
    /dev/zero (read until a MemoryError), a FIFO (read forever) or a file over 1 MiB
    was read to its end; beside a TIKI-CREATE-1 or TIKAL-UNCOVER-3 scenario that
    passes, it is now refused unread, naming the file, before anything is reported:
    given in its folder and given itself."""
    (tmp_path / "a_good.toml").write_text(case.passing, encoding="utf-8")
    special = tmp_path / case.inside
    special.parent.mkdir(exist_ok=True)
    make(special)
    for argument in (tmp_path, special):
        told = _refused(case, argument, capsys)
        assert told == f"cannot read {str(special)!r}: {refusal}"
    with pytest.raises(OSError, match=refusal) as error:
        case.scenarios.load_scenario(special)
    assert error.value.filename == str(special)


@pytest.mark.parametrize("case", CASES)
def test_hole_5_a_scenario_of_exactly_1_mib_is_read(case: Case, tmp_path: Path) -> None:
    """The bound is :data:`~gamekit.scenarios.runner.MAX_SCENARIO` bytes, inclusive: a
    TIKI-CREATE-1 or TIKAL-UNCOVER-3 scenario padded with a comment to exactly 1 MiB
    still runs (and passes)."""
    text = case.passing + "#"
    text += "x" * (MAX_SCENARIO - len(text.encode("utf-8")) - 1) + "\n"
    path = tmp_path / "full.toml"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size == MAX_SCENARIO
    assert case.scenarios.check([path]).ok
