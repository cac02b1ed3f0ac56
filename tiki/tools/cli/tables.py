"""``tiki tables``: build a layout's retrograde table, and say what a directory holds.

``tiki tables build --layout 0,1,-1,1,2,1,1,0,1`` (or ``--seed N``, the layout of
``tiki play --seed N``) prints its estimate of time, disk and memory, then builds the
missing layers with a progress bar (restartable: complete layers are kept);
``tiki tables info DIR`` lists the layouts and layers built. ``tiki solve --tables DIR``
reads them (:mod:`tiki.tools.tables`).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from gamekit.cli.commands import UsageError

from ...engine.contract import new_game
from ...errors import TableError
from ...model.rules import DEFAULT_TILES
from .. import tables
from ..tables.store import LayoutDir
from . import options as _options
from .compacting import add_compact

__all__ = ["add_tables", "directory", "layout"]

_DEFAULT_DIR = "tiki-tables"


def layout(text: str) -> tuple[int, ...]:
    """``--layout``: nine village values a1 … c3, a permutation of the nine tiles'.

    >>> layout("0,1,-1,1,2,1,1,0,1")
    (0, 1, -1, 1, 2, 1, 1, 0, 1)
    >>> layout("2,2,2,1,1,1,0,0,-1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: nine values a1..c3, the tiles 2,1,1,1,1,1,0,0,-1 ...
    """
    parts = text.split(",")
    ok = len(text) <= 40 and len(parts) == 9 and all(
        p.strip().lstrip("-").isdigit() and len(p.strip()) <= 2 for p in parts
    )
    values = tuple(int(p) for p in parts) if ok else ()
    if sorted(values) != sorted(DEFAULT_TILES):
        tiles = ",".join(map(str, DEFAULT_TILES))
        raise argparse.ArgumentTypeError(
            f"nine values a1..c3, the tiles {tiles} in any order, not {text[:40]!r}"
        )
    return values


def directory(text: str) -> Path:
    """A table directory that exists."""
    path = Path(text)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text[:200]!r} is not a directory")
    return path


def _layers(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 3 and 1 <= int(text) <= 999):
        raise argparse.ArgumentTypeError(f"a number of layers from 1 to 999, not {text[:20]!r}")
    return int(text)


def _build(args: argparse.Namespace) -> int:
    chosen = args.layout if args.layout is not None else new_game(seed=args.seed).tiles
    top = Path(args.dir)
    if top.exists() and not top.is_dir():
        raise UsageError(f"--dir {args.dir}: not a directory")
    plan = tables.estimate(chosen, top, args.layers)
    print(f"layout {','.join(map(str, chosen))} in {top / tables.layout_name(chosen)}")
    print(plan.text())
    if not plan.todo:
        return 0
    bar = _bar(plan.todo)
    started = time.time()

    def told(record: dict[str, Any]) -> None:
        line = (
            f"layer {record['layer']} ({record['tally']}): {record['t_total']} CPU-s, wins "
            f"{record['wins']:,} losses {record['losses']:,} draws {record['draws']:,}"
        )
        if bar is None:
            print(line, flush=True)
        else:
            bar.set_postfix_str(f"layer {record['layer']}")
            bar.update(1)

    try:
        built = tables.build(chosen, top, layers=args.layers, progress=told)
    except (TableError, OSError) as error:
        raise UsageError(str(error)) from None
    finally:
        if bar is not None:
            bar.close()
    print(f"built {len(built)} layers in {time.time() - started:.0f} s; "
          f"'tiki tables info {top}' lists them")  # fmt: skip
    return 0


def _bar(total: int) -> Any:
    """A tqdm progress bar over ``total`` layers, or ``None`` without tqdm (a line a layer)."""
    try:
        import tqdm
    except ImportError:  # the study extra is not installed
        return None
    return tqdm.tqdm(total=total, unit="layer", file=sys.stdout)


def _info(args: argparse.Namespace) -> int:
    found = sorted(p for p in args.directory.iterdir() if (p / "meta.json").is_file())
    if not found:
        print(f"{args.directory}: no table built")
        return 1
    for folder in found:
        try:
            values = tuple(int(v) for v in folder.name.split("_"))
            where = LayoutDir(args.directory, values)
            meta = where.meta()
        except (ValueError, TableError) as error:
            print(f"{folder.name}: not a table ({error})")
            continue
        n = len(meta["tallies"])
        built = where.built(n)
        records = where.records()
        cpu = sum(float(r.get("t_total", 0)) for r in records)
        state = "complete" if len(built) == n else f"layers {_ranges(built)} built"
        print(f"{','.join(map(str, values))}: {len(built)} of {n} layers ({state}); "
              f"{cpu:.0f} CPU-s logged")  # fmt: skip
    return 0


def _ranges(numbers: list[int]) -> str:
    """``[0, 1, 2, 5]`` as ``'0-2, 5'``; ``'none'`` when empty."""
    out: list[str] = []
    for n in numbers:
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out) or "none"


def add_tables(sub: Any) -> None:
    """Add ``tiki tables build`` and ``tiki tables info`` to the subcommands ``sub``."""
    t = sub.add_parser(
        "tables",
        help="build retrograde tables of a layout (perfect play), list what is built",
        description="Retrograde tables: every position of one layout's game valued exactly "
        "(docs/tiki-solve.md#tables). 'tiki solve --tables DIR' and the perfect bot read them.",
    )
    which = t.add_subparsers(dest="tables_command", required=True, metavar="ACTION")
    b = which.add_parser(
        "build",
        help="build a layout's layers (restartable)",
        description="Build the missing layers of a layout, last tally first, printing an "
        "estimate of time and disk first. A stopped build goes on from its last complete "
        "layer. About 25 CPU-minutes, 7 GB on disk and 2.2 GB of memory for a whole layout.",
    )
    lay = b.add_mutually_exclusive_group(required=True)
    lay.add_argument("--layout", type=layout, help="village values a1..c3: 0,1,-1,1,2,1,1,0,1")
    lay.add_argument("--seed", type=_options.seed, help="the layout of 'tiki play --seed N'")
    b.add_argument("--dir", default=_DEFAULT_DIR, help=f"table directory (default {_DEFAULT_DIR})")
    b.add_argument("--layers", type=_layers, help="build at most this many layers now")
    b.set_defaults(run=_build)
    i = which.add_parser("info", help="the layouts and layers built in a directory")
    i.add_argument("directory", type=directory, metavar="DIR")
    i.set_defaults(run=_info)
    add_compact(which, directory)
