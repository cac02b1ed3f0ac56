"""The option values of the ``tiki`` command line, checked as argparse reads them.

Each function reads one option's text or raises :class:`argparse.ArgumentTypeError`
with what the value must be, which argparse reports as ``tiki play: error: argument
--seed: …`` with exit status 2 (``tikalspeed`` reads its options the same way).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ...errors import NotationError, shown
from ...model.rules import NUMBER_LIMIT, Rules
from ...text.notation import rules_from_text

__all__ = [
    "MAX_PLAYOUTS",
    "MAX_PLIES",
    "MAX_SECONDS",
    "parse_rules",
    "person_options",
    "playouts",
    "plies",
    "seconds",
    "seed",
    "svg_option",
]

MAX_SECONDS = 86_400.0
"""The longest ``bench --seconds`` (a day): a measurement needs seconds."""
MAX_PLIES = 1_000_000
"""The largest ``--max-plies``."""


MAX_PLAYOUTS = 1_000_000
"""The most playouts ``--playouts`` gives the search bot per decision."""


def playouts(text: str) -> int:
    """``--playouts``: 1 to MAX_PLAYOUTS."""
    if not (text.isascii() and text.isdigit() and len(text) <= 7) or not (
        1 <= int(text) <= MAX_PLAYOUTS
    ):
        raise argparse.ArgumentTypeError(f"1 to {MAX_PLAYOUTS} playouts, not {shown(text)}")
    return int(text)


def seed(text: str) -> int:
    """``--seed``: a whole number from -NUMBER_LIMIT to NUMBER_LIMIT (2**53 - 1), as a
    record's seed must be."""
    digits = text.strip().removeprefix("-")
    if (
        not digits.isascii()
        or not digits.isdigit()
        or len(digits) > 16
        or (abs(int(text)) > NUMBER_LIMIT)
    ):
        raise argparse.ArgumentTypeError(
            f"a whole number of at most 2**53 - 1 either way, not {shown(text)}"
        )
    return int(text)


def seconds(text: str) -> float:
    """``--seconds``: a finite number from 0 to a day (MAX_SECONDS)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds, not {shown(text)}") from None
    if not 0 <= value <= MAX_SECONDS:  # NaN fails too
        raise argparse.ArgumentTypeError(f"0 to {MAX_SECONDS:g} seconds, not {shown(text)}")
    return value


def plies(text: str) -> int:
    """``--max-plies``: 1 to MAX_PLIES."""
    if not (text.isascii() and text.isdigit() and len(text) <= 7) or not (
        1 <= int(text) <= MAX_PLIES
    ):
        raise argparse.ArgumentTypeError(f"1 to {MAX_PLIES} actions, not {shown(text)}")
    return int(text)


def svg_option(parser: argparse.ArgumentParser) -> None:
    """``--svg DIR`` of ``play`` and ``replay`` (both games have it)."""
    parser.add_argument(
        "--svg",
        metavar="DIR",
        help="write a picture of every position into DIR (0000.svg ...) and an index.html",
    )


def person_options(play: argparse.ArgumentParser) -> None:
    """The options of ``play`` for the person watching (both games have them)."""
    play.add_argument("--quiet", action="store_true", help="print only the setup and result")
    play.add_argument(
        "--legend", action="store_true", help="print what the board's symbols mean first"
    )
    play.add_argument(
        "--no-clauses", action="store_true", help="leave the rule clause ids out of the narration"
    )


def parse_rules(items: Sequence[str]) -> Rules:
    """Build :class:`Rules` from ``key=value`` strings, as ``--rules`` takes them.

    Each item is read like one entry of the position string's ``rules:`` field
    (:func:`tiki.text.notation.rules_from_text`): booleans ``true``/``false``, ``max_turns``
    a whole number or ``none``, ``tiles`` a comma list, other fields their bare value.
    A later item overrides an earlier one. Raises :class:`ValueError` naming the bad item.

    >>> parse_rules(["shaman=true", "max_turns=40", "no_move=lose"])
    Rules(shaman=True, no_move='lose', max_turns=40)
    >>> parse_rules(["tiles=2,2,1,1,1,0,0,-1,-1"]).tiles
    (2, 2, 1, 1, 1, 0, 0, -1, -1)
    >>> parse_rules(["colour=red"])
    Traceback (most recent call last):
    ...
    ValueError: bad rule 'colour=red': unknown rule 'colour' (at 0)
    """
    values: dict[str, Any] = {}
    for item in items:
        key = item.partition("=")[0]
        try:
            values[key] = getattr(rules_from_text(item), key)
        except NotationError as e:
            raise ValueError(f"bad rule {item!r}: {e}") from None
    return Rules(**values)
