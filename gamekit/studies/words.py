"""The study's columns in plain words, for the summary and the plots' axes: a designer
reads "longest idle stretch (moments)", not ``idle_longest``. A game adds the words of
its own columns (:attr:`.study.Study.words`); a column without words shows its name.

>>> label("gap_mean")
"length of a wait (others' moments)"
>>> label("rounds", {"rounds": "rounds (every player's turn once)"}), label("xyz")
("rounds (every player's turn once)", 'xyz')
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["WORDS", "label"]

WORDS: Mapping[str, str] = {
    "ruleset": "ruleset",
    "seed": "seed",
    "bots": "bots by seat",
    "players": "players",
    "winner": "winning seat",
    "scores": "final scores",
    "spread": "score spread (highest minus lowest)",
    "margin": "winner's margin (points over the next best)",
    "plies": "actions per game (chance included)",
    "decisions": "decisions per game",
    "decisions_by": "decisions per player",
    "handoffs": "hand-offs to another player",
    "wait_mean": "wait before a decision (others' moments)",
    "wait_max": "longest wait (others' moments)",
    "gap_mean": "length of a wait (others' moments)",
    "wait_by": "wait before a decision, per player",
    "wait_hist": "waits by length (1 to 15, 16 or more)",
    "moments": "sequential moments",
    "idle_by": "idle moments, per player",
    "idle_mean": "idle moments per player",
    "idle_longest": "longest idle stretch (moments)",
    "table_minutes": "table time (minutes, model)",
    "idle_minutes": "idle time per player (minutes, model)",
    "idle_minutes_by": "idle time, per player (minutes, model)",
    "idle_longest_minutes": "longest idle stretch (minutes, model)",
    "ties": "draws and shared wins",
}
"""The words of the kit's columns (see :mod:`.study`)."""


def label(column: str, words: Mapping[str, str] | None = None) -> str:
    """``column`` in words: the game's (``words``) first, then the kit's, else its name."""
    if words and column in words:
        return words[column]
    return WORDS.get(column, column)
