"""How a position draws itself in a notebook: the hook behind ``_repr_svg_``.

Jupyter shows an object as a picture when it has a ``_repr_svg_`` method.
:class:`~tiki.State` and :class:`~tiki.View` have one, but the model may not import
the pictures, which lie above it (``tiki.svg``, docs/architecture.md). So the model
keeps a slot for a drawing function, and ``tiki.svg`` fills it when it is imported;
the package ``tiki`` imports it, so the slot is filled wherever tiki is used.

>>> from tiki import new_game
>>> new_game(seed=1)._repr_svg_().startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["draw", "set_drawer"]

_DRAWER: list[Callable[[Any], str]] = []
"""The drawing function, once ``tiki.svg`` has handed it over."""


def set_drawer(drawer: Callable[[Any], str]) -> None:
    """Make ``drawer`` (a position or a view to SVG text) the one notebooks use."""
    _DRAWER[:] = [drawer]


def draw(position: Any) -> str:
    """Return ``position`` as SVG text with the drawing function handed over."""
    if not _DRAWER:  # only if tiki.svg was never imported, which the facade prevents
        raise RuntimeError("no drawing function: import tiki.svg")
    return _DRAWER[0](position)
