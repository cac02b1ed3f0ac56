"""Tiki solved: exact values of positions under perfect play (``tiki solve``)."""

from __future__ import annotations

from .solver import (
    MAX_LIMIT,
    VALUES,
    Solution,
    solve,
)

__all__ = [
    "MAX_LIMIT",
    "VALUES",
    "Solution",
    "solve",
]
