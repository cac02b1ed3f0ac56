"""What one player may see: a :class:`View` is not a position.

A Speed Jump's token choices are secret until all are made (SPEED-JUMP-1); everything
else in Tikal is face up (tiles and treasures are drawn at chance nodes). A view holds
the position as its player sees it: another player's choice, once made, shows as
``-1`` (``0`` while not yet made). A spectator's view (``observe(state, None)``, whose
``player`` is ``None``) hides every made choice, his own for nobody. The engine refuses
a view, and the position inside it while something is hidden, so that no hidden choice
is ever played as a number.

>>> from tikalspeed import new_game, observe
>>> view = observe(new_game(seed=1), 0)
>>> view.player, view.hidden
(0, False)
>>> observe(new_game(seed=1), None).player is None
True
"""

from __future__ import annotations

import attrs

from gamekit import forms

from ..bounds import shown
from ..errors import IllegalActionError
from .picture import draw
from .records import Phase
from .state import State

__all__ = ["SPECTATOR", "View", "hides", "not_a_position"]


SPECTATOR = "a spectator's view (observe(state, None)) decides nothing"
"""Why every action is refused in a spectator's view (``why_illegal_in_view``)."""


@attrs.frozen
class View:
    """The position ``state`` as ``player`` sees it (:func:`tikalspeed.observe`).

    ``state`` holds what ``player`` may see: the others' token choices at a Speed Jump
    are ``-1`` once made (every player's, for a spectator: ``player`` ``None``). Ask
    the engine for his own decision with
    :func:`tikalspeed.view_actions` and :func:`tikalspeed.why_illegal_in_view`;
    :func:`tikalspeed.step`, :func:`tikalspeed.legal_actions` and
    :func:`tikalspeed.apply` refuse a view.
    """

    player: int | None
    """The player who sees it (0 … players-1), or ``None`` for a spectator, who sees
    every made token choice hidden and decides nothing."""
    state: State
    """The position with what ``player`` may not see hidden."""

    def _repr_svg_(self) -> str:
        """This view as an SVG picture (``tikalspeed.svg.board``), for notebooks."""
        return draw(self)

    @property
    def hidden(self) -> bool:
        """Whether anything is hidden (another player's token choice already made)."""
        return hides(self.state)

    @property
    def seat(self) -> int:
        """The player who sees it; a spectator's view has none, and is refused
        (:class:`~tikalspeed.IllegalActionError`, TIKAL-TURN-4) where a seat is needed.

        >>> from tikalspeed import new_game, observe
        >>> observe(new_game(seed=1), 1).seat
        1
        """
        if self.player is None:
            raise IllegalActionError(
                "TIKAL-TURN-4", "a spectator's view (observe(state, None)) is no player's"
            )
        return self.player


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
