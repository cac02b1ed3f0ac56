"""The winning lines of Tiki's openings: ``python docs/tiki_pv.py --tables DIR``.

Writes ``docs/tiki-pv/``: for every layout fully built in the table directory ``DIR``
(``tiki tables build --dir DIR``) and for each first player, the principal variation
of the opening as a game record (issue 22), which ``tiki replay`` plays. The records
are :mod:`tiki.tools.tables.lines`'s (:func:`~tiki.tools.tables.lines.pv_record`: the
line, its file name and its headers); ``tiki tables sweep --lines docs/tiki-pv`` writes
the same records of each class it builds, before it deletes the table. This script
writes them from the tables kept in ``DIR``.

One file per layout and first player, named ``layout_``, the layout's village values
a1 … c3 as the table's own folder is (``tiki tables build --layout``), then the first
player: ``layout_0_1_-1_1_2_1_1_0_1-o.tiki`` is the game of ``tiki play --seed 1`` (o
moves first).
A drawn opening has no end to record: it is reported and not written.

``--layout 0,1,-1,1,2,1,1,0,1`` (repeatable) takes only those layouts, each read from
its own table or, if that is not built, from the table of a layout of its class (the
same game seen through a symmetry of the square, :mod:`tiki.model.symmetry`; the line
is mapped back, and the ``Tables`` header says so); ``--out`` writes elsewhere;
``--check K`` also asks the search solver (``tiki.solve`` without tables, ``--limit``,
default 5,000,000 as the tests use) for the last ``K`` positions of each line and
prints what it says and how long it took (exit status 1 if it disagrees).
``tests/tiki/test_tables_pv.py`` checks the committed records without any table: they
replay to their claim, ``tiki replay`` takes them, and the solver agrees on the last
12 positions of each x-first record (an o-first record is its colour mirror).

>>> import tiki
>>> file_name((0, 1, -1, 1, 2, 1, 1, 0, 1), tiki.O)
'layout_0_1_-1_1_2_1_1_0_1-o.tiki'
>>> main(["--tables", "/nonexistent"])
tiki_pv: /nonexistent is not a directory
2
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import tiki
from tiki.text.record import write_record
from tiki.tools.tables.lines import LIMIT, check, file_name, pv_record
from tiki.tools.tables.store import layouts_in

__all__ = ["LIMIT", "OUT", "check", "file_name", "main", "pv_record"]

OUT = Path(__file__).resolve().parent / "tiki-pv"
"""Where the records go: ``docs/tiki-pv/``."""


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
