"""How a position draws itself in a notebook: the hook behind ``_repr_svg_``.

Jupyter shows an object as a picture when it has a ``_repr_svg_`` method, through the
shared kit's :class:`gamekit.pictures.PictureSlot`.
:class:`~tikalspeed.State` and :class:`~tikalspeed.View` have one, but the model may not import
the pictures, which lie above it (``tikalspeed.svg``, docs/architecture.md). So the model
keeps a slot for a drawing function, and ``tikalspeed.svg`` fills it when it is imported;
the package ``tikalspeed`` imports it, so the slot is filled wherever tikalspeed is used.

>>> from tikalspeed import new_game
>>> new_game(seed=1)._repr_svg_().startswith("<svg")
True
"""

from __future__ import annotations

from gamekit.pictures import PictureSlot

__all__ = ["SLOT", "draw", "set_drawer"]

SLOT = PictureSlot("tikalspeed.svg")
"""The slot ``tikalspeed.svg`` fills with its drawing function."""
set_drawer = SLOT.set
draw = SLOT.draw
