"""The winning lines of Tiki's openings, read from a table (issue 22, "Checkable claims").

For a layout built in a table directory and a first player, :func:`pv_record` is the
principal variation of the opening as a game record, which ``tiki replay`` plays: the
line is :func:`~.probe.line`, each decider's best action read from the table, the
winner's shortest win against the loser's longest resistance, so a won opening's
record ends with the winner's win at exactly the table's distance. A drawn opening has
no end to record: it has no record (``None``).

The record starts from the opening position (its ``Position`` header), and its headers
say what it is: ``Layout``, ``Class`` (its place among the 198 classes of the square's
symmetries, :func:`tiki.board.layouts.class_index`), ``Ruleset``, ``Claim`` (who wins
in how many plies), ``Tables`` (what it was read from), ``Line`` and ``Regenerate``
(the command that writes it again from a table). Its file is named ``layout_``, the
layout's village values a1 … c3 as the table's own folder is, then the first player
(:func:`file_name`: no name starts with ``-``, which a command line would read as an
option); :func:`texts` gives a layout's two records, x first and o first,
as ``tiki tables sweep --lines`` writes them before it deletes the table, and
``python docs/tiki_pv.py --tables DIR`` from the tables kept in ``DIR``. :func:`check`
asks the search solver, without tables, about a record's last positions.

>>> file_name((0, 1, -1, 1, 2, 1, 1, 0, 1), O)
'layout_0_1_-1_1_2_1_1_0_1-o.tiki'
>>> file_name((-1, 0, 1, 1, 2, 1, 1, 1, 0), X)
'layout_-1_0_1_1_2_1_1_1_0-x.tiki'
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Sequence
from pathlib import Path

from ...board.layouts import class_index, symmetry_between
from ...engine.contract import apply, new_game
from ...errors import TableError
from ...model.state import PLAYER_SYMBOLS, O, X
from ...text.record import Record, write_record
from ..solve import solver
from .probe import built_layout, line, solve, table
from .store import layout_name

__all__ = ["LIMIT", "check", "file_name", "pv_record", "texts"]

LIMIT = 5_000_000
"""The search solver's budget in :func:`check`, the one the tests use."""
_LINE = (
    "each side's best action from the table: the winner's shortest win, "
    "the loser's longest resistance"
)


def file_name(layout: Sequence[int], first: int) -> str:
    """The record's file name: ``layout_``, the layout's values joined by ``_``, ``-``
    and the first player's symbol."""
    return "layout_" + "_".join(map(str, layout)) + f"-{PLAYER_SYMBOLS[first]}.tiki"


def pv_record(layout: Sequence[int], first: int, tables: str | os.PathLike[str]) -> Record | None:
    """The record of the opening's principal variation read from ``tables`` (the
    table of ``layout`` or of a layout of its class, the line then mapped onto
    ``layout``), or ``None`` if the opening is a draw (a line that need never end).
    The table is unmapped once read: its files may be deleted next. A layout not built
    (nor any of its class) or a layer missing is a :class:`~tiki.errors.TableError`.

    >>> pv_record((0, 1, -1, 1, 2, 1, 1, 0, 1), X, "/nonexistent")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tiki.errors.TableError: layout 0,1,-1,1,2,1,1,0,1 is not built in /nonexistent, nor any ...
    """
    layout = tuple(layout)
    top = Path(tables)
    start = new_game(layout=layout, first=first)
    built = built_layout(top, layout)  # the table that answers, through a symmetry
    try:
        found = solve(start, tables=top)
        if found.winner is None or found.plies is None:
            return None
        actions = line(start, top)
    finally:  # the layers solve() mapped released: the files may be deleted next
        with contextlib.suppress(TableError):
            table(str(top.resolve()), built).close()
    if len(actions) != found.plies:  # pragma: no cover - line() follows the same values
        raise TableError(f"the line has {len(actions)} plies, the table says {found.plies}")
    headers = _headers(layout, first, found, built, top)
    return Record.from_actions(actions, start=start, headers=headers)


def _headers(
    layout: tuple[int, ...], first: int, found: solver.Solution, built: tuple[int, ...], top: Path
) -> tuple[tuple[str, str], ...]:
    """The headers of the record of ``layout``'s opening (``first`` to move) whose value
    is ``found``, read from the table of ``built`` under ``top``."""
    values = ",".join(map(str, layout))
    me = PLAYER_SYMBOLS[first]
    winner = PLAYER_SYMBOLS[found.winner] if found.winner is not None else "-"
    who = f"the first player, {me}," if found.winner == first else f"the second player, {winner},"
    meta = top / layout_name(built) / "meta.json"
    layers = len(json.loads(meta.read_text())["tallies"])
    read = f"tiki tables build --layout {','.join(map(str, built))}: {layers} layers, all built"
    if built != layout:
        back = symmetry_between(built, layout)
        read += f"; the line mapped onto this layout by the symmetry {back.name!r}"
    return (
        ("Event", "Tiki under perfect play: the principal variation of the opening"),
        ("Layout", values),
        ("Class", str(class_index(layout))),
        ("Ruleset", "default (tiki.Rules(): no shaman, no turn cap)"),
        ("Claim", f"{who} wins in {found.plies} plies"),
        ("Tables", read),
        ("Line", _LINE),
        ("Regenerate", f"python docs/tiki_pv.py --tables DIR --layout {values}"),
    )


def texts(layout: Sequence[int], tables: str | os.PathLike[str]) -> dict[str, str]:
    """The text of each record of ``layout``'s opening read from ``tables``, x first
    then o first, by :func:`file_name`: none for a drawn opening.

    >>> texts((0, 1, -1, 1, 2, 1, 1, 0, 1), "/nonexistent")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tiki.errors.TableError: layout 0,1,-1,1,2,1,1,0,1 is not built in /nonexistent, nor any ...
    """
    out = {}
    for first in (X, O):
        record = pv_record(layout, first, tables)
        if record is not None:
            out[file_name(layout, first)] = write_record(record)
    return out


def check(record: Record, last: int, limit: int = LIMIT) -> list[tuple[str, bool]]:
    """What the search solver (``tiki.solve`` without tables, ``limit`` positions) says
    of the last ``last`` positions of ``record``: a line each, with the seconds taken,
    and whether it is consistent with the record (a proof of another value or distance
    is not; ``'unknown'`` is, proving nothing)."""
    states = [record.initial_state()]
    for action in record.actions:
        states.append(apply(states[-1], action))
    winner = states[-1].result.winner if states[-1].result is not None else None
    out = []
    for left in range(1, min(last, len(record.actions)) + 1):
        state = states[-1 - left]
        clock = time.perf_counter()
        found = solver.solve(state, limit=limit)
        seconds = time.perf_counter() - clock
        want = "win" if state.actor == winner else "loss"
        verdict = ""
        if not found.exact:
            verdict = "  (not proved)"
        elif (found.value, found.plies) != (want, left):
            verdict = "  (DISAGREES with the record)"
        row = f"  {left:3} plies left: {found.text()}; {seconds:.2f} s{verdict}"
        out.append((row, "DISAGREES" not in verdict))
    return out
