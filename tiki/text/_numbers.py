"""Whole numbers read from text, each within a documented bound.

A number is refused (a :class:`~tiki.NotationError`) when it is out of its bound, and
a run of digits longer than the bound's is refused without converting it: Python
refuses to convert more than 4,300 digits, and converting is slow well before that.
"""

from __future__ import annotations

import re

from ..errors import NotationError, shown

__all__ = ["read_number", "read_short"]

_INT = re.compile(r"[+-]?[0-9]+")


def read_number(
    text: str,
    at: int | None,
    what: str,
    lowest: int,
    highest: int,
    pattern: re.Pattern[str] = _INT,
) -> int:
    """Return the whole number ``text`` (matching ``pattern``) if it is from ``lowest``
    to ``highest``; else raise :class:`NotationError` at ``at`` naming ``what``.

    >>> read_number("+07", 0, "cap", 1, 10)
    7
    >>> read_number("1" + "0" * 20, 3, "turn", 0, 999)
    Traceback (most recent call last):
    ...
    tiki.errors.NotationError: the turn must be from 0 to 999, not '100000000000000000000' (at 3)
    """
    if not pattern.fullmatch(text):
        raise NotationError(f"the {what} must be a whole number, not {shown(text)}", at)
    sign = -1 if text[:1] == "-" else 1
    digits = text.lstrip("+-").lstrip("0") or "0"
    if len(digits) <= len(str(max(-lowest, highest))):
        value = sign * int(digits)
        if lowest <= value <= highest:
            return value
    raise NotationError(f"the {what} must be from {lowest} to {highest}, not {shown(text)}", at)


def read_short(text: str, at: int | None, what: str, digits: int = 20) -> int:
    """Convert the whole number ``text`` (matching ``[+-]?[0-9]+``) of at most ``digits``
    digits, leaving its range to the caller; refuse a longer one unread.

    >>> read_short("-0042", 0, "cap")
    -42
    """
    magnitude = text.lstrip("+-").lstrip("0") or "0"
    if len(magnitude) > digits:
        raise NotationError(f"the {what} has more than {digits} digits: {shown(text)}", at)
    return -int(magnitude) if text[:1] == "-" else int(magnitude)
