"""``study-time``: the table-time model fitted to the games people played on the server.

Written once for every game: it reads a store (:mod:`gamekit.server.played`), fits the
model per group (:mod:`gamekit.studies.fitting`: seconds a decision, a point spent, an
option, each with its 95% interval), prints each group's fit in words with the games
and decisions it rests on, and writes the fits with ``--out FILE``, which ``simulate
--table-time FILE[:GROUP]`` takes (:mod:`gamekit.studies.fitfile`). A game adds it
with one line, giving its study (its descriptor and what a decision spends) and what
names a group beside the game (Tikal: the mode and the players).

Exit status 0 when at least one group was fitted, 1 when none could be (no finished
game with people, or too few decisions), 2 for a usage error (a store that cannot be
opened, a file that cannot be written).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any

from ..studies.fitfile import write_fits
from ..studies.fitting import MIN_DECISIONS, fit_groups, fit_text
from .commands import UsageError

__all__ = ["DEFAULT_LIMIT", "MAX_SKIPPED_SHOWN", "add_study_time"]

MAX_SKIPPED_SHOWN = 5
"""The most skipped games named one by one (the rest are counted)."""
DEFAULT_LIMIT = 1000
"""``--limit``'s default: :data:`gamekit.server.played.DEFAULT_LIMIT`, named here so
that the command line starts without the server's modules (a test holds them equal)."""


def _bounded(option: str, low: int, top: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        if not (text.isascii() and text.isdigit() and len(text) <= 9) or not (
            low <= int(text) <= top
        ):
            raise argparse.ArgumentTypeError(f"{option} takes {low} to {top:,}, not {text!r}")
        return int(text)

    return read


def add_study_time(
    sub: argparse._SubParsersAction,  # type: ignore[type-arg]
    study: Any,
    group: Callable[[Any], str] | None = None,
) -> None:
    """Add ``study-time``: ``study`` is the game's :class:`~gamekit.studies.study.Study`
    (its ``game`` and its ``effort``), ``group(rules)`` what names a group of games
    beside the game's package (none: one group per game)."""
    game = study.game

    def run(args: argparse.Namespace) -> int:
        # the server's modules only when run: the command line starts without them
        from ..server.played import MAX_LIMIT, read_store
        from ..server.store import StoreError

        out = sys.stdout
        if args.limit > MAX_LIMIT:
            raise UsageError(f"--limit takes 1 to {MAX_LIMIT:,}, not {args.limit}")
        try:
            reading = read_store(
                args.store, game, effort=study.effort, group=group, limit=args.limit
            )
        except StoreError as e:
            raise UsageError(str(e)) from None
        found = fit_groups(reading.observations, min_decisions=args.min_decisions)
        cut = f" (the newest {reading.games + len(reading.skipped):,} of {reading.found:,})"
        print(
            f"{game.name}: {reading.games:,} finished games with people read"
            + (cut if reading.found > args.limit else "")
            + f", {len(reading.observations):,} decisions of people",
            file=out,
        )
        for game_id, why in reading.skipped[:MAX_SKIPPED_SHOWN]:
            print(f"game {game_id} skipped: {why}", file=out)
        if len(reading.skipped) > MAX_SKIPPED_SHOWN:
            print(f"... and {len(reading.skipped) - MAX_SKIPPED_SHOWN} more skipped", file=out)
        if reading.dropped:
            print(f"{reading.dropped:,} decisions answered before they were asked left out "
                  "(the clocks of the server's processes disagree)", file=out)  # fmt: skip
        for key, fitted in found.groups.items():
            print(fit_text(key, fitted), file=out)
        for key, why in found.refused.items():
            print(f"{key}: not fitted: {why.removeprefix(f'group {key!r}: ')}", file=out)
        if not found.groups:
            print("no group could be fitted", file=out)
            return 1
        if args.out:
            try:
                write_fits(found.groups, args.out)
            except OSError as e:
                raise UsageError(f"cannot write {args.out!r}: {e.strerror}") from None
            print(f"fits written to {args.out} (for simulate --table-time)", file=out)
        return 0

    s = sub.add_parser(
        "study-time",
        help="fit the table-time model to the games people played on the server",
        description=f"Read the finished {game.name} games with people in a server's store, "
        "and fit the table-time model to their decisions: seconds a decision, a point "
        "spent and an option, each with its 95% interval, per group of games, with the "
        "games and decisions each fit rests on. --out writes the fits for simulate "
        "--table-time. See docs/simulate.md.",
    )
    s.add_argument(
        "--store",
        default=os.environ.get("GAMEKIT_STORE", "games.sqlite3"),
        metavar="PATH_OR_URL",
        help="the server's store: an SQLite file (default games.sqlite3) or a "
        "postgresql:// URL ($GAMEKIT_STORE: give a password there, not here)",
    )
    s.add_argument("--out", metavar="FILE", help="write the fits to FILE (JSON)")
    s.add_argument(
        "--limit",
        type=_bounded("--limit", 1, 10**9),
        default=DEFAULT_LIMIT,
        metavar="N",
        help=f"read the newest N finished games with people (default {DEFAULT_LIMIT:,}; "
        "at most 100,000)",
    )
    s.add_argument(
        "--min-decisions",
        type=_bounded("--min-decisions", 4, 1_000_000),
        default=MIN_DECISIONS,
        metavar="N",
        help=f"fit a group of at least N decisions (default {MIN_DECISIONS})",
    )
    s.set_defaults(run=run)
