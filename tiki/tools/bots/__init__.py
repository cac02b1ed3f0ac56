"""Bots for Tiki: simple ones (:mod:`.simple`) and the search bot (:mod:`.search`)."""

from __future__ import annotations

from .simple import (
    Bot,
    BotLike,
    GreedyBot,
    Ply,
    RandomBot,
    evaluate,
    final_state,
    not_the_seats,
    play_game,
)

__all__ = [
    "Bot",
    "BotLike",
    "GreedyBot",
    "Ply",
    "RandomBot",
    "evaluate",
    "final_state",
    "not_the_seats",
    "play_game",
]
