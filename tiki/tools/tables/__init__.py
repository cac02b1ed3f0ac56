"""Tiki solved by retrograde tables: one layout's every position, exact (issue 22).

A table values every position between turns of one layout's game under the default
rules: win, loss or draw for the player on turn and the plies to the end under perfect
play, 3.7 billion positions in 68 layers of fruit tallies (about 12 CPU-minutes and
4.5 GB a layout, 0.9 GB kept compact). Like python-chess's ``chess.syzygy``: built once
(``tiki tables build``, :func:`build`), then probed by the library in milliseconds
(``tiki.solve(state, tables=DIR)``, :func:`solve`; ``tiki solve --tables DIR``; the
``perfect`` bot).

- :mod:`.tallies`: the layers, derived from the solver's compact code;
- :mod:`.native`: the C builder (``_retro.c``, an optional compiled extension);
- :mod:`.building`: the restartable build of a layout, with its estimate;
- :mod:`.store`: the files, and the one reader of their format;
- :mod:`.probe`: a position's value and best move from a table;
- :mod:`.checks`: the builder and a table checked against the engine's code;
- :mod:`.sweep`: one table a layout class, its opening recorded (``tiki tables sweep``),
  and the committed records, :func:`openings`;
- :mod:`.lines`: the principal variation of an opening as a game record
  (``tiki tables sweep --lines``, ``docs/tiki_pv.py``);
- :mod:`.report`: the page of the opening values (``tiki tables report``).
"""

from __future__ import annotations

from ...errors import TableError
from .building import Estimate, build, estimate
from .probe import Table, line, returns, solve, table
from .store import LayoutDir, layout_name
from .sweep import Opening, openings
from .tallies import Tallies, tally_layers

__all__ = [
    "Estimate",
    "LayoutDir",
    "Opening",
    "Table",
    "TableError",
    "Tallies",
    "build",
    "estimate",
    "layout_name",
    "line",
    "openings",
    "returns",
    "solve",
    "table",
    "tally_layers",
]
