"""How a position draws itself in a notebook: the hook behind ``_repr_svg_``.

Jupyter shows an object as a picture when it has a ``_repr_svg_`` method, through the
shared kit's :class:`gamekit.pictures.PictureSlot`.
:class:`~tiki.State` and :class:`~tiki.View` have one, but the model may not import
the pictures, which lie above it (``tiki.svg``, docs/architecture.md). So the model
keeps a slot for a drawing function, and ``tiki.svg`` fills it when it is imported;
the package ``tiki`` imports it, so the slot is filled wherever tiki is used.

>>> from tiki import new_game
>>> new_game(seed=1)._repr_svg_().startswith("<svg")
True
"""

from __future__ import annotations

from gamekit.pictures import PictureSlot

__all__ = ["SLOT", "draw", "set_drawer"]

SLOT = PictureSlot("tiki.svg")
"""The slot ``tiki.svg`` fills with its drawing function."""
set_drawer = SLOT.set
draw = SLOT.draw
