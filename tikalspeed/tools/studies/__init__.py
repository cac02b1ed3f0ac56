"""Tikal studies: many games per ruleset, rulesets side by side (``tikalspeed simulate``)."""

from __future__ import annotations

from .simulate import (
    BOTS,
    MAX_PLIES,
    MEASURES,
    make_bot,
    parse_rules,
    play_row,
    ruleset_text,
    seat_names,
    simulate,
)

__all__ = [
    "BOTS",
    "MAX_PLIES",
    "MEASURES",
    "make_bot",
    "parse_rules",
    "play_row",
    "ruleset_text",
    "seat_names",
    "simulate",
]
