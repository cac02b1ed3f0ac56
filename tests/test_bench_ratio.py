"""``bench`` tells its speed as a ratio to python-chess measured in the same run (issue
10: the machines are noisy, a ratio is what compares). Speed itself is never asserted."""

from __future__ import annotations

import re
import sys

import pytest

from tikalspeed.tools import _chess
from tikalspeed.tools.cli import main as tikal_main
from tiki.tools.cli import main as tiki_main


def test_the_ratio_line_divides_by_python_chess() -> None:
    """The ratio is ours over python-chess's plies/s, as printed, to two decimals."""
    line = _chess.ratio_line(50_000.0, 0.0)
    found = re.search(r"python-chess:\s+([\d,]+) plies/s .*\nratio:\s+([\d.]+)x", line)
    assert found is not None, line
    theirs = float(found.group(1).replace(",", ""))
    assert float(found.group(2)) == pytest.approx(50_000.0 / theirs, abs=0.01)


def test_without_python_chess_bench_says_how_to_get_the_ratio(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without python-chess the figures still print, with a line naming the extra."""
    monkeypatch.setitem(sys.modules, "chess", None)  # import chess now raises ImportError
    assert _chess.chess_plies_per_second(0.0) is None
    assert "pip install 'tikal-tiki-rules[bench]'" in _chess.ratio_line(1.0, 0.0)


@pytest.mark.parametrize(
    ("main", "argv"),
    [
        (tikal_main, ["bench", "--seconds", "0", "--mode", "classic", "--players", "2"]),
        (tiki_main, ["bench", "--seconds", "0"]),
    ],
)
def test_both_benches_print_the_ratio(
    main: object, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``tikalspeed bench`` and ``tiki bench`` end with python-chess's figure and the ratio."""
    assert main(argv) == 0  # type: ignore[operator]
    out = capsys.readouterr().out.splitlines()
    assert out[-2].startswith("python-chess:") and re.match(
        r"ratio: +[\d.]+x python-chess", out[-1]
    )
