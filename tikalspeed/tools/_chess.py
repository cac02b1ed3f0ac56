"""The yardstick of ``bench``: python-chess's random playouts, measured in the same run.

The machines are shared and noisy, so a speed is told as a ratio to python-chess
(the library we want to be to our games what it is to chess) measured right after it
in the same process: random games from the start position, a uniformly random legal
move each ply, the same loop as our random playouts. python-chess is needed only for
this: ``pip install 'tikal-tiki-rules[bench]'``. Nothing here knows the game: the
module is the same in ``tiki`` and ``tikalspeed``.

>>> line = ratio_line(1000.0, 0.0)
>>> line.startswith("python-chess")
True
"""

from __future__ import annotations

import random
import time

__all__ = ["chess_plies_per_second", "ratio_line"]


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


def ratio_line(plies_per_second: float, seconds: float, seed: int = 0) -> str:
    """The line ``bench`` prints under its figures: python-chess's plies/s, measured
    now for about ``seconds``, and the ratio of ``plies_per_second`` to it."""
    found = chess_plies_per_second(seconds, seed)
    if found is None:
        return "python-chess:  not installed, no ratio (pip install 'tikal-tiki-rules[bench]')"
    theirs, version = found
    return (
        f"python-chess:  {theirs:,.0f} plies/s (random playouts, python-chess {version})\n"
        f"ratio:         {plies_per_second / theirs:.2f}x python-chess"
    )
