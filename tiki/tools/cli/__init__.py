"""The ``tiki`` command line: its commands and options, the prompt, the narration, the board."""

from __future__ import annotations

from .commands import (
    main,
    parse_rules,
)

__all__ = [
    "main",
    "parse_rules",
]
