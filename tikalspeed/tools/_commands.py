"""The subcommands ``why`` and ``simulate`` of the command line, the same in both games.

:mod:`.cli` adds them with :func:`add_why` and :func:`add_simulate`; their run functions
raise :class:`UsageError` for bad input, which the command line reports in one line
with exit status 2. Nothing here knows the game: the module is the same in ``tiki``
and ``tikalspeed``.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import NotationError
from . import _studyout, simulate, why
from ._words import PersonOut

__all__ = ["UsageError", "add_simulate", "add_why"]

_EXTRAS = {"tqdm": "study", "pyarrow": "study", "matplotlib": "study", "ray": "ray"}


class UsageError(Exception):
    """Bad input from the user: reported in one line, exit status 2."""


def _why(args: argparse.Namespace) -> int:
    words = args.words[1:] if args.words[:1] == ["--"] else args.words
    try:
        return why.run(words, PersonOut(sys.stdout))
    except NotationError as e:
        raise UsageError(str(e)) from None


def add_why(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``why POSITION ACTION``."""
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
    w.set_defaults(run=_why)


def _simulate(args: argparse.Namespace) -> int:
    try:
        return _studyout.main(args, simulate, sys.stdout)
    except ImportError as e:
        extra = _EXTRAS.get((e.name or "").split(".")[0], "study")
        raise UsageError(
            f"{e.name} is needed for this: pip install 'tikal-tiki-rules[{extra}]'"
        ) from None
    except BrokenPipeError:
        raise  # the reader went away: the command line stops quietly
    except (ValueError, OSError) as e:  # NotationError (a bad ruleset), a bad bot, a file
        raise UsageError(str(e)) from None


def add_simulate(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``simulate``."""
    s = sub.add_parser(
        "simulate",
        help="play many games per ruleset, side by side, and sum them up",
        description="Play --games games of each ruleset (--rules, and each --compare over it) "
        "between bots, with the same seeds for every ruleset; print each measure with its "
        "95%% confidence interval; write the rows (--csv, --parquet) and plots (--plots). "
        "See docs/simulate.md.",
    )
    _studyout.add_arguments(s, (*simulate.BOTS, "mcts:N"), default_games=100)
    s.set_defaults(run=_simulate)
