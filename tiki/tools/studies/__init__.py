"""Tiki studies: many games per ruleset, rulesets side by side (``tiki simulate``).

The study itself is the kit's (:mod:`gamekit.studies.study`); :data:`STUDY` fills in
what knows Tiki, and the names of every game's studies are its own: :func:`play_row`
plays a game from its seed exactly as ``tiki play --seed N`` does (the layout and first
player from ``new_game(rules, seed=N)``, the bot of x seeded with ``N + 1`` and that of
o with ``N + 2``) and measures it; :func:`simulate` runs a whole study (x's and o's
bots; one name seats it on both sides). A row holds the kit's columns (the seed, the
bots, the winner, the scores, plies, decisions, hand-offs, waits) and Tiki's own:

==================  =================================================================
``ruleset``         the rules as text (``shaman=true``; ``default`` for the defaults)
``first``           who moved first (0 = x, 1 = o)
``winner``          0 = x, 1 = o, ``-1`` a draw, ``-2`` unfinished
``first_won``       1 if the first player won, 0 if not (a draw: 0.5)
``scores``          the fruits of x and o; ``spread``: the difference
``reason``          how the game ended (``four-fruits``, ``reserve-empty``, …)
``turns``           the turns played
==================  =================================================================

Tiki has no simultaneous choice, so each decision is a moment of its own: the wait
before one is the number of the other player's decisions since the player's previous
one.

>>> row = play_row("shaman=true", 3, ("random", "random"))
>>> row["players"], row["winner"] in (0, 1, -1, -2), sum(row["decisions_by"]) == row["decisions"]
(2, True, True)
>>> row["first"] in (0, 1), row["first_won"] in (0.0, 0.5, 1.0), row["reason"] != ""
(True, True, True)
>>> make_bot("mcts:500", 1)
MCTSBot(playouts=500, seconds=None)
"""

from __future__ import annotations

from typing import Any

from gamekit.cli.options import MAX_PLAYOUTS
from gamekit.studies.study import NAMES, TIME_COLUMNS, TIME_MEASURES, Played, Study

from ...game import GAME
from ...model.rules import Rules
from ...model.state import PLAYER_SYMBOLS, State
from ...text.notation import rules_from_text, rules_to_text

__all__ = ["STUDY", *NAMES]

MAX_PLIES = 2000
"""A game still running after this many actions stops unfinished (as ``tiki play``)."""

MEASURES = (
    "first_won",
    "plies",
    "turns",
    "decisions",
    "handoffs",
    "wait_mean",
    "gap_mean",
    "wait_max",
    "spread",
    *TIME_MEASURES,
)
"""The numbers of a row that the summary averages."""


def ruleset_text(rules: Rules) -> str:
    """The ruleset as a study names it: its rules text, or ``default``."""
    return rules_to_text(rules) or "default"


def parse_rules(text: str) -> Rules:
    """A study's ruleset from its rules text (``shaman=true``; ``default`` or nothing
    for the defaults); a :class:`~tiki.NotationError` names the bad item."""
    return Rules() if text in ("", "default") else rules_from_text(text)


def seat_names(players: int = 2) -> list[str]:
    """``['x', 'o']``, for the summary's lines."""
    return list(PLAYER_SYMBOLS[:players])


def _fruits(state: State) -> tuple[int, int]:
    return state.fruits


def _numbers(played: Played) -> dict[str, Any]:
    """Who moved first and whether he won, how the game ended, the turns played."""
    first = played.start.active
    result = played.final.result
    return {
        "first": first,
        "first_won": 0.5 if played.winner == -1 else float(played.winner == first),
        "reason": "unfinished" if result is None else result.reason,
        "turns": played.final.turn,
    }


STUDY = Study(
    game=GAME,
    where=f"{__name__}:STUDY",
    columns=(
        "ruleset", "seed", "bots", "players", "first", "winner", "first_won", "scores",
        "spread", "margin", "reason", "plies", "turns", "decisions", "decisions_by",
        "handoffs", "wait_mean", "wait_max", "gap_mean", "wait_by", *TIME_COLUMNS,
    ),
    measures=MEASURES,
    max_plies=MAX_PLIES,
    max_playouts=MAX_PLAYOUTS,
    parse_rules=parse_rules,
    ruleset_text=ruleset_text,
    scores=_fruits,
    numbers=_numbers,
    words={
        "first": "who moved first",
        "first_won": "the first player won",
        "reason": "how the game ended",
        "turns": "turns per game",
    },
)
"""Tiki's study: the kit's, with Tiki's measures, names and numbers."""

BOTS = STUDY.bots
"""The bots a study may seat, by name (``mcts``: 200 greedy playouts a decision;
``mcts:N`` is the search bot with ``N``, see :func:`make_bot`)."""
WORDS = STUDY.labels
"""Every column in words (the summary's and the plots')."""
make_bot = STUDY.make_bot
play_row = STUDY.play_row
simulate = STUDY.simulate
