"""``tiki tables verify DIR``: have the independent verifier check built tables.

Each layout under ``DIR`` (a table directory, or one layout's folder) with layer files
is checked by :mod:`tiki.tools.verifier`, a second implementation of the rules in C
that shares no code with the builder: every cell against the cells its moves lead to.
It prints a line a layer, then the verdict, the opening's value as the verifier reads
it, and the SHA-256 of the files checked; the status is 0 when every layout passed, 1
when a cell is wrong.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gamekit.cli.commands import UsageError

from ...errors import TableError
from .. import verifier
from ..tables.store import LayoutDir, layouts_in

__all__ = ["add_verify", "folders", "said"]


def said(raw: int | None) -> str:
    """A stored value in words, for the player on turn.

    >>> said(0), said(61 << 1), said(60 << 1 | 1), said(None)
    ('a draw', 'a win in 61 plies', 'a loss in 60 plies', 'not read')
    """
    if raw is None:
        return "not read"
    if raw == 0:
        return "a draw"
    return f"{'a loss' if raw & 1 else 'a win'} in {raw >> 1} plies"


def folders(top: Path) -> list[Path]:
    """The layouts' folders of ``top``: itself if it is one (its ``meta.json``), else
    those of the layouts in it."""
    if (top / "meta.json").is_file():
        return [top]
    return [LayoutDir(top, values).path for values in layouts_in(top)]


def _layers(text: str) -> tuple[int, ...]:
    try:
        found = tuple(int(p) for p in text.split(",") if p.strip())
    except ValueError:
        found = ()
    if not found or len(text) > 400 or not all(0 <= n < 256 for n in found):
        raise argparse.ArgumentTypeError(
            f"layer numbers 0 to 255, comma-separated, not {text[:40]!r}"
        )
    return found


def _verify(args: argparse.Namespace) -> int:
    tables = folders(args.directory)
    if not tables:
        raise UsageError(f"{args.directory}: no layout's table in it")
    failed = 0
    for folder in tables:
        print(f"{folder.name}: checking with tikiverify {verifier.version()}", flush=True)

        def layer(found: dict[str, Any]) -> None:
            print(
                f"  layer {found.get('layer')}: {found.get('positions', 0):,} positions, "
                f"{found.get('errors', 0)} wrong, {found.get('seconds', 0):.1f} s", flush=True
            )

        try:
            verdict = verifier.verify(folder, layers=args.layers, mirrors=args.mirrors,
                                      progress=layer)  # fmt: skip
        except TableError as error:
            raise UsageError(str(error)) from None
        word = "passed" if verdict.passed else f"FAILED: {verdict.errors:,} cells wrong"
        n = len(verdict.layers)
        print(f"{folder.name}: {word}; {n} layer{'s' if n != 1 else ''}, "
              f"{verdict.positions:,} positions in {verdict.seconds:.0f} s")  # fmt: skip
        for wrong in verdict.first_errors:
            print(f"  {wrong}")
        print(f"  the opening, x first: {said(verdict.opening.get('x'))}; "
              f"o first: {said(verdict.opening.get('o'))}")  # fmt: skip
        print(f"  files checked: sha256 {verdict.table}")
        print(f"  verifier source: sha256 {verdict.source}")
        failed += not verdict.passed
    return 1 if failed else 0


def add_verify(which: Any, directory: Any) -> None:
    """Add ``verify`` to the ``tiki tables`` actions ``which`` (``directory``: the type
    of an existing directory)."""
    v = which.add_parser(
        "verify",
        help="check built tables with the independent verifier",
        description="Check every cell of each layout's table against the cells its moves "
        "lead to, with a second implementation of the rules in C written from "
        "specs/tiki.md alone (tiki/tools/verifier/tikiverify.c, compiled with cc on "
        "first use). Status 1 when a cell is wrong.",
    )
    v.add_argument("directory", type=directory, metavar="DIR",
                   help="a table directory, or one layout's folder")  # fmt: skip
    v.add_argument("--layers", type=_layers, help="only these layers (comma-separated)")
    v.add_argument("--mirrors", action="store_true",
                   help="also check the layers read through their mirror")  # fmt: skip
    v.set_defaults(run=_verify)
