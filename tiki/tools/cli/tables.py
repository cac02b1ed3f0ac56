"""``tiki tables``: build a layout's retrograde table, and say what a directory holds.

``tiki tables build --layout 0,1,-1,1,2,1,1,0,1`` (or ``--seed N``, the layout of
``tiki play --seed N``) prints its estimate of time, disk and memory, then builds the
missing layers with a progress bar (restartable: complete layers are kept);
``tiki tables info DIR`` lists the layouts and layers built, their files checked
(:mod:`tiki.tools.tables.integrity`). ``tiki solve --tables DIR``
reads them (:mod:`tiki.tools.tables`). ``tiki tables sweep --classes all`` builds one
table a layout class and records each opening's value (:mod:`tiki.tools.tables.sweep`),
with ``--lines DIR`` its winning lines too (:mod:`tiki.tools.tables.lines`), with
``--certificates DIR`` its opening's certificate (:mod:`tiki.tools.tables.certificates`);
``tiki tables report`` writes the page's table of them from the data.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

from gamekit.cli.commands import UsageError

from ...engine.contract import new_game
from ...errors import TableError
from ...model.rules import DEFAULT_TILES
from .. import tables
from ..tables import backends, building
from ..tables import report as _report
from ..tables import sweep as _sweep
from ..tables.integrity import check_layout
from ..tables.store import LayoutDir
from . import options as _options
from .certifying import add_certify
from .compacting import add_compact
from .verifying import add_verify

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
    bar = _bar(plan.todo, "layer")
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


def _bar(total: int, unit: str) -> Any:
    """A tqdm progress bar over ``total`` layers or classes, or ``None`` without tqdm
    (a line each)."""
    try:
        import tqdm
    except ImportError:  # the study extra is not installed
        return None
    return tqdm.tqdm(total=total, unit=unit, file=sys.stdout)


def _info(args: argparse.Namespace) -> int:
    found = sorted(p for p in args.directory.iterdir() if (p / "meta.json").is_file())
    if not found:
        print(f"{args.directory}: no table built")
        return 1
    started, damaged, read = time.perf_counter(), 0, 0
    for folder in found:
        try:
            values = tuple(int(v) for v in folder.name.split("_"))
            where = LayoutDir(args.directory, values)
            meta = where.meta()
        except (ValueError, TableError) as error:
            print(f"{folder.name}: not a table ({error})")
            continue
        status = check_layout(where, meta["tallies"], full=not args.quick)
        cpu = sum(float(r.get("t_total", 0)) for r in where.records())
        print("\n".join(status.text(",".join(map(str, values)), cpu)))
        damaged += bool(status.damaged)
        read += status.checked_bytes
    checked = "sizes and checksum files" if args.quick else f"{read / 1e9:.2f} GB read"
    print(f"files checked ({checked}) in {time.perf_counter() - started:.1f} s")
    return 1 if damaged else 0


def _classes(text: str) -> tuple[int, ...]:
    try:
        return _sweep.parse_classes(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _jobs(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 2
            and 1 <= int(text) <= _sweep.MAX_JOBS):  # fmt: skip
        raise argparse.ArgumentTypeError(f"jobs from 1 to {_sweep.MAX_JOBS}, not {text[:20]!r}")
    return int(text)


def _count(n: int) -> str:
    """``n`` classes, in words: ``'1 class'``, ``'2 classes'``."""
    return f"{n} class{'' if n == 1 else 'es'}"


def _sweep_estimate(todo: int, recorded: int, jobs: int, keep: bool, one: tables.Estimate,
                    verify: bool = True, certificates: bool = False) -> str:  # fmt: skip
    """What a sweep will cost, in words, as ``tiki tables sweep`` prints it first: ``one``
    is the estimate of one layout built from nothing; the verifier's check and the
    certificate, when asked for, are added (:mod:`~tiki.tools.tables.backends`).

    >>> one = tables.estimate((0, 1, -1, 1, 2, 1, 1, 0, 1), os.devnull, None)
    >>> print(_sweep_estimate(3, 1, 1, False, one, verify=False))
    3 classes to build (1 already recorded): about 3 x 11 CPU-minutes = 0.6 CPU-hours;
    4.8 GB of disk and 1.9 GB of memory a job at once (1 job; tables deleted once read)
    >>> print(_sweep_estimate(3, 1, 1, False, one, certificates=True))
    3 classes to build (1 already recorded): about 3 x 32 CPU-minutes = 1.6 CPU-hours
    (11 to build, 11 to verify, 10 for the certificate);
    4.8 GB of disk and 10.5 GB of memory a job at once (1 job; tables deleted once read)
    """
    parts = [(one.seconds / 60, "to build")]
    if verify:
        parts.append((backends.VERIFY_MINUTES, "to verify"))
    if certificates:
        parts.append((backends.CERTIFY_MINUTES, "for the certificate"))
    minutes = sum(m for m, _ in parts)
    split = "" if len(parts) == 1 else "\n(" + ", ".join(f"{m:.0f} {w}" for m, w in parts) + ")"
    memory = backends.CERTIFYING_GB if certificates else building.PEAK_MEMORY_GB
    disk = one.disk / 1e9
    kept = f"{todo * disk:.0f} GB kept in all" if keep else "tables deleted once read"
    return (
        f"{_count(todo)} to build ({recorded} already recorded): about {todo} x "
        f"{minutes:.0f} CPU-minutes = {todo * minutes / 60:.1f} CPU-hours{split};\n"
        f"{disk:.1f} GB of disk and {memory} GB of memory a job at once "
        f"({jobs} job{'s' if jobs > 1 else ''}; {kept})"
    )


def _sweep_run(args: argparse.Namespace) -> int:
    top, out = Path(args.dir), Path(args.out)
    if top.exists() and not top.is_dir():
        raise UsageError(f"--dir {args.dir}: not a directory")
    try:
        recorded = _sweep.read(out)
        todo = _sweep.todo(args.classes, recorded, args.verify, args.shuffle,
                           args.certificates is not None)  # fmt: skip
    except TableError as error:
        raise UsageError(str(error)) from None
    one = tables.estimate(_sweep.CLASSES[0].representative, os.devnull, None)  # from nothing
    print(f"sweep of {_count(len(args.classes))} into {out}, tables in {top} ({args.backend})")
    print(_sweep_estimate(len(todo), len(args.classes) - len(todo), args.jobs, args.keep, one,
                          args.verify, args.certificates is not None))  # fmt: skip
    if not todo:
        return 0
    bar = _bar(len(todo), "class")
    one = args.backend == "local" and args.jobs == 1

    def layer(record: dict[str, Any]) -> None:
        if bar is not None:
            bar.set_postfix_str(f"layer {record['layer']}")

    def done(index: int, opening: _sweep.Opening | None) -> None:
        said = (
            f"class {index}: not complete yet (--layers)" if opening is None else
            f"class {index}: {_report.said(opening)}, longest game {opening.longest} plies, "
            f"{opening.cpu_seconds:.0f} CPU-s"
        )  # fmt: skip
        if bar is None:
            print(said, flush=True)
        else:
            bar.write(said)
            bar.update(1)

    try:
        new = _sweep.run(
            todo, top, out, backend=args.backend, jobs=args.jobs, address=args.address,
            layers=args.layers, keep=args.keep, progress=layer if one else None, done=done,
            lines=args.lines, verify=args.verify, shuffle=args.shuffle,
            certificates=args.certificates,
        )  # fmt: skip
    except (TableError, OSError) as error:
        raise UsageError(str(error)) from None
    finally:
        if bar is not None:
            bar.close()
    print(f"recorded {_count(len(new))} in {out}; 'tiki tables report' writes the page")
    if args.lines is not None:
        print(f"the winning lines of their openings in {args.lines} ('tiki replay' plays them)")
    if args.certificates is not None:
        print(f"their certificates in {args.certificates}, their SHA-256 in {out} "
              "('tiki tables check-certificate FILE' checks one)")  # fmt: skip
    return 0


def _report_run(args: argparse.Namespace) -> int:
    try:
        found = _sweep.read(args.data)
        page = Path(args.page)
        if not page.is_file() or page.stat().st_size > _sweep.MAX_BYTES:
            raise UsageError(f"--page {args.page}: not a page to write")
        old = page.read_text(encoding="utf-8")
        new = _report.replace_section(old, _report.section(found))
    except (TableError, ValueError) as error:
        raise UsageError(str(error)) from None
    if args.check:
        if new != old:
            print(f"{page}: its opening values are not those of {args.data}")
            return 1
        print(f"{page}: up to date ({_count(len(found))})")
        return 0
    page.write_text(new, encoding="utf-8")
    print(f"{page}: opening values of {len(found)} of {len(_sweep.CLASSES)} classes written")
    return 0


def add_tables(sub: Any) -> None:
    """Add ``tiki tables build``, ``info``, ``sweep`` and ``report`` to the subcommands ``sub``."""
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
        "layer. About 12 CPU-minutes, 4.8 GB on disk and 1.9 GB of memory for a whole layout.",
    )
    lay = b.add_mutually_exclusive_group(required=True)
    lay.add_argument("--layout", type=layout, help="village values a1..c3: 0,1,-1,1,2,1,1,0,1")
    lay.add_argument("--seed", type=_options.seed, help="the layout of 'tiki play --seed N'")
    b.add_argument("--dir", default=_DEFAULT_DIR, help=f"table directory (default {_DEFAULT_DIR})")
    b.add_argument("--layers", type=_layers, help="build at most this many layers now")
    b.set_defaults(run=_build)
    i = which.add_parser(
        "info",
        help="the layouts and layers built in a directory, their files checked",
        description="List the layouts and layers built in DIR, and check the files of "
        "each layer marked complete: there, of their size, every block against its "
        "checksum (a few CPU-seconds a layout, and the time to read its files). Status 1 "
        "if any is damaged.",
    )
    i.add_argument("directory", type=directory, metavar="DIR")
    i.add_argument(
        "--quick",
        action="store_true",
        help="check the files' sizes and headers only, not every block",
    )
    i.set_defaults(run=_info)
    w = which.add_parser(
        "sweep",
        help="build one table a layout class and record each opening's value (restartable)",
        description="Build the table of each layout class asked for (its representative, "
        "or a member already in --dir), read its opening's value for the first player, its "
        "distance, the longest game and the counts of wins, losses and draws into --out, and "
        "delete the table unless --keep. Classes already in --out are skipped; a layout "
        "partly built goes on. With --lines, the principal variation of each opening built, "
        "x first and o first, is written there as a game record before the table is "
        "deleted (a drawn opening has none). Each class: about 12 CPU-minutes, 4.8 GB on "
        "disk while it is built, 1.9 GB of memory.",
    )
    w.add_argument(
        "--classes",
        type=_classes,
        default=_classes("all"),
        help="'all' (default) or class indices and ranges 0..197: 71,57,0-9",
    )
    w.add_argument("--dir", default=_DEFAULT_DIR, help=f"table directory (default {_DEFAULT_DIR})")
    w.add_argument(
        "--backend",
        choices=_sweep.BACKENDS,
        default="local",
        help="local processes (default) or a Ray cluster",
    )
    w.add_argument(
        "--jobs",
        type=_jobs,
        default=1,
        help="classes built at once (default 1: each needs 1.9 GB and 4.8 GB)",
    )
    w.add_argument("--address", help="the Ray cluster's address (--backend ray)")
    w.add_argument("--keep", action="store_true", help="keep each table once read")
    w.add_argument(
        "--shuffle",
        type=_options.seed,
        metavar="SEED",
        help="take the classes in a random order from SEED (the classes done so far are "
        "then a random sample)",
    )
    w.add_argument(
        "--no-verify",
        dest="verify",
        action="store_false",
        help="record the classes without the independent verifier's check (faster; "
        "by default every table is checked and classes recorded unchecked are built again)",
    )
    w.add_argument("--layers", type=_layers, help="build at most this many layers a class now")
    w.add_argument(
        "--lines",
        metavar="DIR",
        help="also write each opening's principal variation there, x first and o first "
        "(docs/tiki-pv: the records 'tiki replay' plays)",
    )
    w.add_argument(
        "--certificates",
        metavar="DIR",
        help="also write there, from each table the verifier passed, the certificate of its "
        "opening (class-NNN.tikicrt.xz, checked, its SHA-256 recorded); classes recorded "
        "without one are built again. About 10 more minutes and 10.5 GB of memory a class",
    )
    w.add_argument(
        "--out",
        default="openings.json",
        help="the results file, read first and added to (default openings.json)",
    )
    w.set_defaults(run=_sweep_run)
    r = which.add_parser(
        "report",
        help="write the opening values section of docs/tiki-layouts.md from the data",
        description="Write the 'Opening values' section of the page from the results "
        "file (default: the package's tiki/data/openings.json).",
    )
    r.add_argument("--data", default=str(_sweep.DATA), help="the results file")
    r.add_argument("--page", default="docs/tiki-layouts.md", help="the page to write")
    r.add_argument(
        "--check",
        action="store_true",
        help="only say whether the page is up to date (status 1 if not)",
    )
    r.set_defaults(run=_report_run)
    add_compact(which, directory)
    add_verify(which, directory)
    add_certify(which, directory)
