"""What one player may see: a :class:`View` is not a position.

Tiki has no hidden information, so a view holds the whole position; it has the same
shape as ``tikalspeed.View`` (where a Speed Jump's token choices are secret), so that
a client or a bot written for one game reads the other. The engine refuses a view.
A spectator's view (``observe(state, None)``, whose ``player`` is ``None``) is the
position too, and decides nothing.

>>> from tiki import new_game, observe, X
>>> view = observe(new_game(seed=1), X)
>>> view.player, view.hidden, view.state == new_game(seed=1)
(0, False, True)
>>> observe(new_game(seed=1), None).player is None
True
"""

from __future__ import annotations

import attrs

from gamekit import forms

from ..errors import IllegalActionError, shown
from .picture import draw
from .state import State

__all__ = ["SPECTATOR", "View", "not_a_position"]


SPECTATOR = "a spectator's view (observe(state, None)) decides nothing"
"""Why every action is refused in a spectator's view (``why_illegal_in_view``)."""


@attrs.frozen
class View:
    """The position ``state`` as ``player`` sees it (:func:`tiki.observe`): all of it.

    Ask the engine for his own decision with :func:`tiki.view_actions` and
    :func:`tiki.why_illegal_in_view`; :func:`tiki.step`, :func:`tiki.legal_actions`
    and :func:`tiki.apply` refuse a view.
    """

    player: int | None
    """The player who sees it (``X`` or ``O``), or ``None`` for a spectator, who
    decides nothing."""
    state: State
    """The position (nothing in Tiki is hidden)."""

    def _repr_svg_(self) -> str:
        """This view as an SVG picture (``tiki.svg.board``), for notebooks."""
        return draw(self)

    @property
    def hidden(self) -> bool:
        """Whether anything is hidden: never, in Tiki."""
        return False

    @property
    def seat(self) -> int:
        """The player who sees it; a spectator's view has none, and is refused
        (:class:`~tiki.IllegalActionError`, TIKI-TURN-3) where a seat is needed.

        >>> from tiki import new_game, observe, O
        >>> observe(new_game(seed=1), O).seat
        1
        """
        if self.player is None:
            raise IllegalActionError(
                "TIKI-TURN-3", "a spectator's view (observe(state, None)) is no player's"
            )
        return self.player


def not_a_position(value: object, instead: str) -> str | None:
    """Why ``value``, given where a position is taken, is not one, or ``None`` for a
    :class:`~tiki.State`: a :class:`View` is refused with ``instead``, the form that
    serves a view (``"write it with view_to_text(view)"``).

    >>> not_a_position("x", "use view_to_text(view)")
    "a position is a State, not 'x'"
    """
    return forms.not_a_position(value, State, View, instead, shown)
