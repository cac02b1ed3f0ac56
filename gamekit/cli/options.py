"""The option values of a game's command line, checked as argparse reads them.

Each reader takes one option's text or raises :class:`argparse.ArgumentTypeError`
with what the value must be, which argparse reports as ``tiki play: error: argument
--seed: …`` with exit status 2. :func:`svg_option` and :func:`person_options` add the
options every game's ``play`` (and ``replay``) has; :func:`parse_rules` reads
``--rules KEY=VALUE …`` for any game.

>>> seconds("2.5"), plies("300"), playouts("200")
(2.5, 300, 200)
>>> seed_reader(2**53 - 1, "a whole number of at most 2**53 - 1 either way")("-7")
-7
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from ..game import Game

__all__ = [
    "MAX_PLAYOUTS",
    "MAX_PLIES",
    "MAX_SECONDS",
    "parse_rules",
    "person_options",
    "play_options",
    "playouts",
    "plies",
    "seconds",
    "seed_reader",
    "svg_option",
]

MAX_SECONDS = 86_400.0
"""The longest ``bench --seconds`` (a day): a measurement needs seconds."""
MAX_PLIES = 1_000_000
"""The largest ``--max-plies``: a whole game of either game takes far fewer actions."""
MAX_PLAYOUTS = 1_000_000
"""The most playouts ``--playouts`` gives the search bot per decision."""


def _shown(text: str) -> str:
    """The option's text in an error message, cut short."""
    written = repr(text[:41])
    return written if len(written) <= 40 else written[:37] + "..."


def seed_reader(top: int, what: str) -> Callable[[str], int]:
    """``--seed``: a whole number from ``-top`` to ``top``; the error says ``what`` it
    must be (and shows the text, cut short)."""
    digits = len(str(top))

    def seed(text: str) -> int:
        number = text.strip().removeprefix("-")
        if not (number.isascii() and number.isdigit() and len(number) <= digits):
            raise argparse.ArgumentTypeError(f"{what}, not {_shown(text)}")
        if abs(int(text)) > top:
            raise argparse.ArgumentTypeError(f"{what}, not {_shown(text)}")
        return int(text)

    return seed


def seconds(text: str) -> float:
    """``--seconds``: a finite number from 0 to a day (:data:`MAX_SECONDS`)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds, not {_shown(text)}") from None
    if not 0 <= value <= MAX_SECONDS:  # NaN fails too
        raise argparse.ArgumentTypeError(f"0 to {MAX_SECONDS:g} seconds, not {_shown(text)}")
    return value


def _whole(text: str, top: int, what: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(top))) or not (
        1 <= int(text) <= top
    ):
        raise argparse.ArgumentTypeError(f"1 to {top} {what}, not {_shown(text)}")
    return int(text)


def plies(text: str) -> int:
    """``--max-plies``: 1 to :data:`MAX_PLIES`."""
    return _whole(text, MAX_PLIES, "actions")


def playouts(text: str) -> int:
    """``--playouts``: 1 to :data:`MAX_PLAYOUTS`."""
    return _whole(text, MAX_PLAYOUTS, "playouts")


def svg_option(parser: argparse.ArgumentParser) -> None:
    """``--svg DIR`` of ``play`` and ``replay``."""
    parser.add_argument(
        "--svg",
        metavar="DIR",
        help="write a picture of every position into DIR (0000.svg ...) and an index.html",
    )


def person_options(play: argparse.ArgumentParser) -> None:
    """The options of ``play`` for the person watching."""
    play.add_argument("--quiet", action="store_true", help="print only the setup and result")
    play.add_argument(
        "--legend", action="store_true", help="print what the board's symbols mean first"
    )
    play.add_argument(
        "--no-clauses", action="store_true", help="leave the rule clause ids out of the narration"
    )


def play_options(
    play: argparse.ArgumentParser,
    bots: Sequence[str],
    rules_example: str,
    max_plies: int,
    argued: Sequence[str] = (),
) -> None:
    """The options of every game's ``play`` after its own: ``--bot`` (one of ``bots``,
    or ``NAME:ARG`` for a bot of ``argued``, which takes one argument), ``--playouts``,
    ``--rules`` (``rules_example`` in the help), ``--record``, the options for the
    person watching, ``--svg`` and ``--max-plies`` (default ``max_plies``)."""
    kinds = [*bots, *(f"{name}:ARG" for name in argued)]

    def bot(text: str) -> str:
        base, colon, argument = text.partition(":")
        if text in bots or (colon and base in argued and 0 < len(argument) <= 1000):
            return text
        raise argparse.ArgumentTypeError(f"one of {', '.join(kinds)}, not {text[:40]!r}")

    play.add_argument(
        "--bot", type=bot, default="greedy", metavar="{" + ",".join(kinds) + "}",
        help="the bot kind (default greedy)",
    )  # fmt: skip
    play.add_argument(
        "--playouts",
        type=playouts,
        default=200,
        help="the search bot's playouts per decision (--bot mcts; default 200)",
    )
    play.add_argument(
        "--rules",
        nargs="+",
        action="extend",
        metavar="KEY=VALUE",
        help=f"non-default rules, e.g. {rules_example}",
    )
    play.add_argument("--record", metavar="FILE", help="write the game record to FILE")
    person_options(play)
    svg_option(play)
    play.add_argument(
        "--max-plies",
        type=plies,
        default=max_plies,
        help=f"stop a bot-only game after this many actions (default {max_plies})",
    )


def parse_rules(game: Game, items: Sequence[str]) -> Any:
    """The game's ``Rules`` from ``key=value`` strings, as ``--rules`` takes them.

    Each item is read like one entry of a position string's rules field (the game's
    ``rules_from_text``). A later item overrides an earlier one. Raises
    :class:`ValueError` naming the bad item.

    >>> import tiki
    >>> parse_rules(tiki.GAME, ["shaman=true", "max_turns=40"])
    Rules(shaman=True, max_turns=40)
    >>> parse_rules(tiki.GAME, ["colour=red"])
    Traceback (most recent call last):
    ...
    ValueError: bad rule 'colour=red': unknown rule 'colour' (at 0)
    """
    values: dict[str, Any] = {}
    for item in items:
        key = item.partition("=")[0]
        try:
            values[key] = getattr(game.rules_from_text(item), key)
        except game.NotationError as e:
            raise ValueError(f"bad rule {item!r}: {e}") from None
    return game.Rules(**values)
