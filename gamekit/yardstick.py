"""The yardstick of ``bench``: python-chess's random playouts, measured in the same run.

The machines are shared and noisy, so a speed is told as a ratio to python-chess
(the library we want to be to our games what it is to chess) measured right after it
in the same process: random games from the start position, a uniformly random legal
move each ply, the same loop as our random playouts. python-chess is needed only for
this: ``pip install 'tikal-tiki-rules[bench]'``. Nothing here knows the game: each
game's ``bench`` measures its own rows and lays them beside python-chess here.

>>> chess_line(chess_plies_per_second(0.0)).startswith("python-chess:")
True
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

_T = TypeVar("_T")

__all__ = [
    "Row",
    "beside_chess",
    "chess_line",
    "chess_plies_per_second",
    "peak_rss_mb",
    "simulate_line",
    "table",
]


def chess_plies_per_second(seconds: float, seed: int = 0) -> tuple[float, str] | None:
    """python-chess random playouts for about ``seconds`` (at least one game): plies per
    second and the version, or ``None`` when python-chess is not installed."""
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(seed)
    plies = 0
    clock = time.perf_counter
    start = clock()
    while True:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return plies / max(elapsed, 1e-9), chess.__version__


class Row(NamedTuple):
    """One line of ``bench``'s table: what was measured, and its figures."""

    label: tuple[str, ...]
    """The row's name, one cell per column of ``table``'s ``names`` (a mode, a count)."""
    plies_per_second: float
    games_per_second: float
    peak_mb: float
    """The process's peak memory once the row was measured, in MB."""
    games: int
    """How many whole games the row played."""


def table(names: Sequence[str], rows: Sequence[Row], chess: tuple[float, str] | None) -> list[str]:
    """``bench``'s table: a line per row with its plies/s, games/s, the ratio to
    python-chess's plies/s (``chess``, from :func:`chess_plies_per_second`; no ratio
    without it) and the peak memory, under a line of column names.

    >>> lines = table(["game"], [Row(("x",), 55_000.0, 25.0, 40.0, 50)], (27_500.0, "1.11.2"))
    >>> print("\\n".join(lines))  # doctest: +NORMALIZE_WHITESPACE
    game    plies/s  games/s   ratio  peak MB
    x        55,000     25.0   2.00x     40.0
    """
    width = [max([len(n), *(len(r.label[i]) for r in rows)]) for i, n in enumerate(names)]
    head = "  ".join(n.ljust(w) for n, w in zip(names, width, strict=True))
    lines = [f"{head}  {'plies/s':>9}  {'games/s':>7}  {'ratio':>6}  {'peak MB':>7}"]
    for r in rows:
        label = "  ".join(c.ljust(w) for c, w in zip(r.label, width, strict=True))
        ratio = f"{r.plies_per_second / chess[0]:.2f}x" if chess else "-"
        lines.append(
            f"{label}  {r.plies_per_second:>9,.0f}  {r.games_per_second:>7,.1f}  "
            f"{ratio:>6}  {r.peak_mb:>7,.1f}"
        )
    return lines


def chess_line(chess: tuple[float, str] | None) -> str:
    """The line naming ``bench``'s yardstick, or how to install it."""
    if chess is None:
        return "python-chess:  not installed, no ratio (pip install 'tikal-tiki-rules[bench]')"
    return f"python-chess:  {chess[0]:,.0f} plies/s (random playouts, python-chess {chess[1]})"


def simulate_line(study: float, bench: float, label: Sequence[str]) -> str:
    """The line laying ``simulate --jobs 1``'s speed with random bots (``study`` games
    a second) beside ``bench``'s random games of the row ``label`` (``bench`` games a
    second), both from :func:`gamekit.studies.runner.beside_bench`: the same engine
    calls, plus the bots' checks and the study's measures, taken in turn in one
    process and timed in CPU time.

    >>> print(simulate_line(95.0, 100.0, ("classic", "2")))  # doctest: +NORMALIZE_WHITESPACE
    simulate:      95.0 games/s, --jobs 1, random bots, classic 2: 0.95x bench's games/s
    (CPU time, in turn)
    """
    return (
        f"simulate:      {study:,.1f} games/s, --jobs 1, random bots, "
        f"{' '.join(label)}: {study / bench:.2f}x bench's games/s (CPU time, in turn)"
    )


def peak_rss_mb() -> float | None:
    """The process's peak resident set size so far, in MB (10**6 bytes), or ``None``
    where the ``resource`` module is missing (Windows).

    >>> (peak_rss_mb() or 1.0) > 0
    True
    """
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return None
    kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kib / 1e6 if sys.platform == "darwin" else kib * 1024 / 1e6  # bytes on macOS


def beside_chess(
    seconds: float, seed: int, measure: Callable[[], _T]
) -> tuple[_T, tuple[float, str] | None]:
    """Run ``measure`` between two runs of python-chess's random playouts of about
    ``seconds`` each; return its result and python-chess's mean plies/s (and version),
    so that a drift of the machine's speed during the run weighs on both sides alike.

    >>> result, chess = beside_chess(0.0, 0, lambda: 42)
    >>> result
    42
    """
    before = chess_plies_per_second(seconds, seed)
    result = measure()
    after = chess_plies_per_second(seconds, seed)
    if before is None or after is None:
        return result, None
    return result, ((before[0] + after[0]) / 2, before[1])
