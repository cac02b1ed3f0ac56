"""The option values of the ``tikalspeed`` command line, checked as argparse reads them.

The readers every game has are the shared kit's (:mod:`gamekit.cli.options`); here
are Tikal's bounds: a seed of at most 128 bits either way (``bounds.MAX_SEED``, as a
record's seed), 2 to 4 players, and ``--rules`` read as Tikal's rules text.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from gamekit.cli import options as shared
from gamekit.cli.options import (
    MAX_PLAYOUTS,
    MAX_PLIES,
    MAX_SECONDS,
    person_options,
    playouts,
    plies,
    seconds,
    svg_option,
)

from ...bounds import MAX_SEED, shown
from ...game import GAME
from ...model.rules import Rules

__all__ = [
    "MAX_PLAYOUTS",
    "MAX_PLIES",
    "MAX_SECONDS",
    "parse_rules",
    "person_options",
    "players",
    "playouts",
    "plies",
    "seconds",
    "seed",
    "svg_option",
]

seed = shared.seed_reader(MAX_SEED, "a whole number of at most 128 bits")
"""``--seed``: a whole number of at most 128 bits either way (``bounds.MAX_SEED``), as
a record's seed must be."""


def players(text: str) -> int:
    """``--players``: 2, 3 or 4."""
    if text not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(f"2, 3 or 4 players, not {shown(text)}")
    return int(text)


def parse_rules(items: Sequence[str]) -> Rules:
    """Build :class:`Rules` from ``key=value`` strings, as ``--rules`` takes them: each
    read like one entry of a position string's rules field
    (:func:`tikalspeed.rules_from_text`), a later one overriding an earlier one; a
    :class:`ValueError` names the bad item.

    >>> parse_rules(["mode=professional", "players=3", "guard_on_tie=true"])
    Rules(mode='professional', players=3, guard_on_tie=True)
    """
    rules: Rules = shared.parse_rules(GAME, items)
    return rules
