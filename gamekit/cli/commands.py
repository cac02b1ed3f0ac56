"""The command line's harness, and the subcommands every game has alike.

:func:`main` runs a game's parser: every error in the user's input is a
:class:`UsageError`, reported in one line on stderr (``tiki: error: …``) with exit
status 2, never a traceback; an interrupt exits 130; a reader that goes away (``tiki
play | head``) stops the command quietly. :func:`add_why` and :func:`add_simulate` add
the subcommands ``why`` and ``simulate``, the same in every game.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from ..game import Game
from ..scenarios import why
from ..studies import output
from ..words import PersonOut, strip_clauses

__all__ = ["UsageError", "add_simulate", "add_why", "main"]

_EXTRAS = {"tqdm": "study", "pyarrow": "study", "matplotlib": "study", "ray": "ray"}


class UsageError(Exception):
    """Bad input from the user: reported in one line, exit status 2."""


def main(game: Game, parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    """Parse ``argv`` (default ``sys.argv[1:]``) with ``parser`` and run the command it
    names (its ``run`` default, given the parsed arguments); return the exit status."""
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, or a usage error argparse already reported
        return e.code if isinstance(e.code, int) else 2
    try:
        code: int = args.run(args)
    except UsageError as e:
        message = str(e) if not getattr(args, "no_clauses", False) else strip_clauses(str(e))
        print(f"{game.package}: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (``tiki play | head``): stop quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
    return code


def add_why(sub: argparse._SubParsersAction, game: Game) -> None:  # type: ignore[type-arg]
    """Add ``why POSITION ACTION``."""

    def run(args: argparse.Namespace) -> int:
        words = args.words[1:] if args.words[:1] == ["--"] else args.words
        try:
            return why.run(game, words, PersonOut(sys.stdout))
        except game.NotationError as e:
            raise UsageError(str(e)) from None

    w = sub.add_parser(
        "why",
        help="say whether an action is legal in a position, and the clause that decides",
        description="Read a position (quote it, or give its fields as separate words; put -- "
        "before it if it starts with '-') and then one action token. Say whether the action "
        "is legal and the clause that decides it, with its text from specs/; if legal, the "
        "events it causes with their clauses and the new position, drawn. Exit status 0 when "
        "legal, 1 when refused, 2 for an unreadable position or token.",
    )
    w.add_argument("words", nargs=argparse.REMAINDER, metavar="POSITION ACTION")
    w.set_defaults(run=run)


def add_simulate(sub: argparse._SubParsersAction, study: Any) -> None:  # type: ignore[type-arg]
    """Add ``simulate``: ``study`` is the game's study (``parse_rules``,
    ``simulate``, ``MEASURES``, ``seat_names``, ``BOTS``)."""

    def run(args: argparse.Namespace) -> int:
        try:
            code: int = output.main(args, study, sys.stdout)
        except ImportError as e:
            extra = _EXTRAS.get((e.name or "").split(".")[0], "study")
            raise UsageError(
                f"{e.name} is needed for this: pip install 'tikal-tiki-rules[{extra}]'"
            ) from None
        except BrokenPipeError:
            raise  # the reader went away: the command line stops quietly
        except (ValueError, OSError) as e:  # NotationError (a bad ruleset), a bad bot, a file
            raise UsageError(str(e)) from None
        return code

    s = sub.add_parser(
        "simulate",
        help="play many games per ruleset, side by side, and sum them up",
        description="Play --games games of each ruleset (--rules, and each --compare over it) "
        "between bots, with the same seeds for every ruleset; print each measure with its "
        "95%% confidence interval; write the rows (--csv, --parquet) and plots (--plots). "
        "See docs/simulate.md.",
    )
    output.add_arguments(s, (*study.BOTS, "mcts:N"), default_games=100)
    s.set_defaults(run=run)
