"""What one player may see: a :class:`View` is not a position.

A Speed Jump's token choices are secret until all are made (SPEED-JUMP-1); everything
else in Tikal is face up (tiles and treasures are drawn at chance nodes). A view holds
the position as its player sees it: another player's choice, once made, shows as
``-1`` (``0`` while not yet made). The engine refuses a view, and the position inside
it while something is hidden, so that no hidden choice is ever played as a number.

>>> from tikalspeed import new_game, observe
>>> view = observe(new_game(seed=1), 0)
>>> view.player, view.hidden
(0, False)
"""

from __future__ import annotations

import attrs

from gamekit import forms

from ..bounds import shown
from .picture import draw
from .records import Phase
from .state import State

__all__ = ["View", "hides", "not_a_position"]


@attrs.frozen
class View:
    """The position ``state`` as ``player`` sees it (:func:`tikalspeed.observe`).

    ``state`` holds what ``player`` may see: the others' token choices at a Speed Jump
    are ``-1`` once made. Ask the engine for his own decision with
    :func:`tikalspeed.view_actions` and :func:`tikalspeed.why_illegal_in_view`;
    :func:`tikalspeed.step`, :func:`tikalspeed.legal_actions` and
    :func:`tikalspeed.apply` refuse a view.
    """

    player: int
    """The player who sees it (0 … players-1)."""
    state: State
    """The position with what ``player`` may not see hidden."""

    def _repr_svg_(self) -> str:
        """This view as an SVG picture (``tikalspeed.svg.board``), for notebooks."""
        return draw(self)

    @property
    def hidden(self) -> bool:
        """Whether anything is hidden (another player's token choice already made)."""
        return hides(self.state)


def hides(state: State) -> bool:
    """Whether ``state`` is a view's position with a hidden token choice (``-1``)."""
    return state.turn.phase is Phase.TOKENS and -1 in state.speed.chosen


def not_a_position(value: object, instead: str) -> str | None:
    """Why ``value``, given where a position is taken, is not one, or ``None`` for a
    :class:`~tikalspeed.State`: a :class:`View` is refused with ``instead``, the form
    that serves a view (``"write it with view_to_text(view)"``).

    >>> not_a_position("P1", "use view_to_text(view)")
    "a position is a State, not 'P1'"
    """
    return forms.not_a_position(value, State, View, instead, shown)
