"""``tiki tables compact DIR``: keep a finished layout's layers in the compact format.

Each complete layout under ``DIR`` gets a ``layer_NN.tkc`` beside every ``layer_NN.u16``
(:mod:`tiki.tools.tables.compact`: about an eighth of the size, the same answers);
``--remove`` then deletes the ``.u16`` files, keeping the layers' ``.done`` markers, so
that the layout reads from the compact files and a build finds it complete. A layout
still being built is left alone: a build reads the ``.u16`` files of the layers it
builds on.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gamekit.cli.commands import UsageError

from ...errors import TableError
from ..tables.compact import convert_layers
from ..tables.store import LayoutDir, layouts_in

__all__ = ["add_compact"]


def _compact(args: argparse.Namespace) -> int:
    top: Path = args.directory
    done = 0
    for where in (LayoutDir(top, values) for values in layouts_in(top)):
        name = ",".join(map(str, where.layout))
        try:
            layers = len(where.meta()["tallies"])
        except TableError as error:
            print(f"{name}: not a table ({error})")
            continue
        if len(where.built(layers)) != layers:
            print(f"{name}: not complete ({len(where.built(layers))} of {layers} layers); "
                  "build it first")  # fmt: skip
            continue
        try:
            made = convert_layers(where.path)
        except TableError as error:
            raise UsageError(str(error)) from None
        stored = [k for k in range(layers) if where.compact_path(k).is_file()]
        before = sum(where.layer_path(k).stat().st_size for k in stored if where.has_file(k))
        after = sum(where.compact_path(k).stat().st_size for k in stored)
        cpu = sum(w.cpu_seconds for w in made.values())
        print(f"{name}: {len(made)} layers written ({cpu:.0f} CPU-s), {len(stored)} compact: "
              f"{after / 1e9:.2f} GB for {before / 1e9:.2f} GB of .u16 files")  # fmt: skip
        if args.remove:
            for k in stored:
                where.layer_path(k).unlink(missing_ok=True)
            print(f"{name}: the .u16 files removed; the layout reads from its compact files")
        done += 1
    if not done:
        print(f"{top}: no complete layout to compact")
        return 1
    return 0


def add_compact(which: Any, directory: Any) -> None:
    """Add ``compact`` to the ``tiki tables`` actions ``which`` (``directory``: the type
    of an existing directory)."""
    c = which.add_parser(
        "compact",
        help="keep complete layouts in the compact format (an eighth of the size)",
        description="Write each complete layout's layers in the compact format "
        "(layer_NN.tkc: win/draw/loss in 2 bits, the distance in a byte, compressed in "
        "blocks; docs/tiki-solve.md#compact-storage). Probing reads them with the same "
        "answers. --remove then deletes the .u16 files.",
    )
    c.add_argument("directory", type=directory, metavar="DIR")
    c.add_argument("--remove", action="store_true", help="delete the .u16 files once written")
    c.set_defaults(run=_compact)
