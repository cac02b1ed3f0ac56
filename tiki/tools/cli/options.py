"""The option values of the ``tiki`` command line, checked as argparse reads them.

The readers every game has are the shared kit's (:mod:`gamekit.cli.options`); here
are Tiki's: a seed within ±(2**53 - 1) (``NUMBER_LIMIT``, a record's bound) and
``--rules`` read as Tiki's rules text.
"""

from __future__ import annotations

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

from ...game import GAME
from ...model.rules import NUMBER_LIMIT, Rules

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

seed = shared.seed_reader(NUMBER_LIMIT, "a whole number of at most 2**53 - 1 either way")
"""``--seed``: a whole number from -NUMBER_LIMIT to NUMBER_LIMIT (2**53 - 1)."""


def parse_rules(items: Sequence[str]) -> Rules:
    """Build :class:`Rules` from ``key=value`` strings, as ``--rules`` takes them: each
    read like one entry of the position string's ``rules:`` field (booleans
    ``true``/``false``, ``max_turns`` a whole number or ``none``, ``tiles`` a comma
    list), a later one overriding an earlier one; a :class:`ValueError` names the bad
    item.

    >>> parse_rules(["shaman=true", "max_turns=40", "no_move=lose"])
    Rules(shaman=True, no_move='lose', max_turns=40)
    >>> parse_rules(["tiles=2,2,1,1,1,0,0,-1,-1"]).tiles
    (2, 2, 1, 1, 1, 0, 0, -1, -1)
    """
    rules: Rules = shared.parse_rules(GAME, items)
    return rules
