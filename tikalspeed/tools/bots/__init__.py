"""Bots for Tikal: simple ones (:mod:`.simple`, valuing positions by :mod:`.value`, a
Speed Jump's action under ``jump_blocked='lost'`` by :mod:`.jump`) and the search bot
(:mod:`.search`)."""

from __future__ import annotations

from .simple import (
    LATER,
    RUIN_HINT,
    SET_POINTS,
    WIN,
    Bot,
    BotLike,
    GreedyBot,
    Ply,
    RandomBot,
    evaluate,
    final_state,
    not_the_seats,
    play_game,
    scoring_now,
)

__all__ = [
    "LATER",
    "RUIN_HINT",
    "SET_POINTS",
    "WIN",
    "Bot",
    "BotLike",
    "GreedyBot",
    "Ply",
    "RandomBot",
    "evaluate",
    "final_state",
    "not_the_seats",
    "play_game",
    "scoring_now",
]
