"""A position or a view: which form a reader or a writer was given.

A game's text and JSON forms take a position (a ``State``) or a player's view (a
``View``, from ``observe``), never one for the other: a writer of positions given a
view refuses it and names the view's own form, and a writer of views given a position
says how a position is written. Both games word it alike, here.

>>> class State: pass
>>> class View: pass
>>> not_a_position(View(), State, View, "use view_to_text(view)", repr)
'a View (observe()) is not a position: use view_to_text(view)'
>>> not_a_view(State(), State, View, repr).split(":")[0]
'a State is not a View'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["not_a_position", "not_a_view", "seat_view"]


def not_a_position(
    value: object, state: type, view: type, instead: str, shown: Callable[[object], str]
) -> str | None:
    """Why ``value``, given where a position is taken, is not one, or ``None`` for a
    ``state``: a ``view`` is refused with ``instead``, the form that serves a view;
    anything else is named by ``shown``."""
    if type(value) is state:
        return None
    if type(value) is view:
        return f"a View (observe()) is not a position: {instead}"
    return f"a position is a State, not {shown(value)}"


def not_a_view(
    value: object, state: type, view: type, shown: Callable[[object], str]
) -> str | None:
    """Why ``value``, given where a view is written, is not one, or ``None`` for a
    ``view``."""
    if type(value) is view:
        return None
    if type(value) is state:
        return (
            "a State is not a View: write a position with to_text or state_to_json; "
            "observe(state, player) gives a view"
        )
    return f"a view is a View (observe()), not {shown(value)}"


def seat_view(game: Any, position: Any, player: Any) -> Any:
    """What the seat ``player`` sees in ``position``: ``game.observe``, whose refusal
    of a player not in the game stands; a spectator (``None``), who is no seat, is
    refused too, where a seat is needed (a research framework's observer).

    >>> import tiki
    >>> seat_view(tiki.GAME, tiki.new_game(seed=1), None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tiki.errors.IllegalActionError: a spectator's view (observe(state, None)) is no player's ...
    """
    view = game.observe(position, player)
    if view.player is None:
        raise game.IllegalActionError(
            game.seat_clause(position), "a spectator's view (observe(state, None)) is no player's"
        )
    return view
