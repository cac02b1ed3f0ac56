"""The winning lines of Tiki's openings: ``python docs/tiki_pv.py --tables DIR``.

Writes ``docs/tiki-pv/``: for every layout fully built in the table directory ``DIR``
(``tiki tables build --dir DIR``) and for each first player, the principal variation
of the opening as a game record (issue 22), which ``tiki replay`` plays. The line is
:func:`tiki.tools.tables.line`: each decider's best action read from the table, the
winner's shortest win against the loser's longest resistance, so a won opening's
record ends with the winner's win at exactly the table's distance.

One file per layout and first player, named by the layout's village values a1 … c3 as
the table's own folder is (``tiki tables build --layout``), then the first player:
``0_1_-1_1_2_1_1_0_1-o.tiki`` is the game of ``tiki play --seed 1`` (o moves first).
The record starts from the opening position (its ``Position`` header), and its headers
say what it is: ``Layout``, ``Class`` (its place among the 198 classes of the square's
symmetries, :func:`tiki.board.layouts.class_index`), ``Ruleset``, ``Claim`` (who wins
in how many plies), ``Tables`` (what it was read from) and ``Line``. A drawn opening
has no end to record: it is reported and not written.

``--layout 0,1,-1,1,2,1,1,0,1`` (repeatable) takes only those layouts, each read from
its own table or, if that is not built, from the table of a layout of its class (the
same game seen through a symmetry of the square, :mod:`tiki.model.symmetry`; the line
is mapped back, and the ``Tables`` header says so); ``--out`` writes elsewhere;
``--check K`` also asks the search solver (``tiki.solve`` without tables, ``--limit``,
default 5,000,000 as the tests use) for the last ``K`` positions of each line and
prints what it says and how long it took (exit status 1 if it disagrees).
``tests/tiki/test_tables_pv.py`` checks the committed records without any table: they
replay to their claim, ``tiki replay`` takes them, and the solver agrees on their last
12 positions.

>>> import tiki
>>> file_name((0, 1, -1, 1, 2, 1, 1, 0, 1), tiki.O)
'0_1_-1_1_2_1_1_0_1-o.tiki'
>>> main(["--tables", "/nonexistent"])
tiki_pv: /nonexistent is not a directory
2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import tiki
from tiki.board.layouts import class_index, symmetry_between
from tiki.engine.contract import apply
from tiki.model.state import PLAYER_SYMBOLS, State
from tiki.text.record import Record, write_record
from tiki.tools.tables import line
from tiki.tools.tables.probe import built_layout
from tiki.tools.tables.store import layouts_in

OUT = Path(__file__).resolve().parent / "tiki-pv"
"""Where the records go: ``docs/tiki-pv/``."""
LIMIT = 5_000_000
"""The search solver's budget for ``--check``, the one the tests use."""
_LINE = (
    "each side's best action from the table: the winner's shortest win, "
    "the loser's longest resistance"
)


def file_name(layout: Sequence[int], first: int) -> str:
    """The record's file name: the layout's values joined by ``_``, ``-`` and the
    first player's symbol."""
    return "_".join(map(str, layout)) + f"-{PLAYER_SYMBOLS[first]}.tiki"


def opening(layout: Sequence[int], first: int) -> State:
    """The opening position of ``layout`` with ``first`` to move (default rules)."""
    return tiki.new_game(layout=tuple(layout), first=first)


def pv_record(layout: Sequence[int], first: int, tables: Path) -> Record | None:
    """The record of the opening's principal variation read from ``tables`` (the
    table of ``layout`` or of a layout of its class, the line then mapped onto
    ``layout``), or ``None`` if the opening is a draw (a line that need never end)."""
    layout = tuple(layout)
    start = opening(layout, first)
    built = built_layout(tables, layout)  # the table that answers, through a symmetry
    found = tiki.solve(start, tables=tables)
    if found.winner is None or found.plies is None:
        return None
    back = symmetry_between(built, layout)
    actions = line(start, tables)
    if len(actions) != found.plies:  # pragma: no cover - line() follows the same values
        raise AssertionError(f"the line has {len(actions)} plies, the table says {found.plies}")
    values = ",".join(map(str, layout))
    me = PLAYER_SYMBOLS[first]
    winner = PLAYER_SYMBOLS[found.winner]
    who = f"the first player, {me}," if found.winner == first else f"the second player, {winner},"
    meta = tables / "_".join(map(str, built)) / "meta.json"
    layers = len(json.loads(meta.read_text())["tallies"])
    read = f"tiki tables build --layout {','.join(map(str, built))}: {layers} layers, all built"
    if built != layout:
        read += f"; the line mapped onto this layout by the symmetry {back.name!r}"
    headers = (
        ("Event", "Tiki under perfect play: the principal variation of the opening"),
        ("Layout", values),
        ("Class", str(class_index(layout))),
        ("Ruleset", "default (tiki.Rules(): no shaman, no turn cap)"),
        ("Claim", f"{who} wins in {found.plies} plies"),
        ("Tables", read),
        ("Line", _LINE),
        ("Regenerate", f"python docs/tiki_pv.py --tables DIR --layout {values}"),
    )
    return Record.from_actions(actions, start=start, headers=headers)


def check(record: Record, last: int, limit: int = LIMIT) -> list[tuple[str, bool]]:
    """What ``tiki.solve`` (the search, no tables, ``limit`` positions) says of the
    last ``last`` positions of ``record``: a line each, with the seconds taken, and
    whether it is consistent with the record (a proof of another value or distance is
    not; ``'unknown'`` is, proving nothing)."""
    states = [record.initial_state()]
    for action in record.actions:
        states.append(apply(states[-1], action))
    winner = states[-1].result.winner if states[-1].result is not None else None
    out = []
    for left in range(1, min(last, len(record.actions)) + 1):
        state = states[-1 - left]
        clock = time.perf_counter()
        found = tiki.solve(state, limit=limit)
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


def main(argv: Sequence[str] | None = None) -> int:
    """Write the records of the layouts built under ``--tables``; 0 if all went well, 1
    if the solver disagreed with a record (``--check``), 2 if ``--tables`` is no folder."""
    parser = argparse.ArgumentParser(prog="tiki_pv", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", required=True, type=Path, metavar="DIR")
    parser.add_argument("--out", type=Path, default=OUT, metavar="DIR")
    parser.add_argument("--layout", action="append", default=[], metavar="V,V,...")
    parser.add_argument("--check", type=int, default=0, metavar="K")
    parser.add_argument("--limit", type=int, default=LIMIT)
    args = parser.parse_args(argv)
    top: Path = args.tables
    if not top.is_dir():
        print(f"tiki_pv: {top} is not a directory")
        return 2
    try:
        layouts = [tuple(int(v) for v in text.split(",")) for text in args.layout]
    except ValueError:
        print(f"tiki_pv: --layout takes nine values a1,...,c3: {args.layout}")
        return 2
    layouts = layouts or layouts_in(top)
    args.out.mkdir(parents=True, exist_ok=True)
    status = 0
    for layout in layouts:
        lines: dict[int, tuple[str, ...]] = {}
        for first in (tiki.X, tiki.O):
            name = file_name(layout, first)
            try:
                record = pv_record(layout, first, top)
            except ValueError as e:  # TableError: not built, or not complete
                print(f"{name}: not written: {e}")
                continue
            if record is None:
                print(f"{name}: not written: the opening is a draw")
                continue
            (args.out / name).write_text(write_record(record), encoding="utf-8")
            claim = dict(record.headers)["Claim"]
            print(f"{args.out / name}: {claim}")
            lines[first] = tuple(map(str, record.actions))
            for row, consistent in check(record, args.check, args.limit):
                print(row)
                status = status if consistent else 1
        if len(lines) == 2:
            same = lines[tiki.X] == lines[tiki.O]
            print(f"  x first and o first: {'the same actions' if same else 'DIFFERENT lines'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
