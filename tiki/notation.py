"""Text forms: the one-token action notation and the one-line position string."""

from __future__ import annotations

from .actions import (
    Action,
    Create,
    FirstPlayer,
    KeepShaman,
    Layout,
    Move,
    MoveShaman,
    Order,
    Pass,
    PlaceShaman,
)
from .board import edge_from_name, village_from_name
from .errors import NotationError
from .state import CHANCE, PLAYER_SYMBOLS, State


def parse_action(state: State, text: str) -> Action:
    """Read the one-token notation ``text`` as an action of whoever acts in ``state``.

    Only the form is checked here; legality is :func:`tiki.step`'s job. Raises
    :class:`NotationError` for text that is not an action token.

    >>> from tiki import new_game, X
    >>> s = new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=X)
    >>> parse_action(s, "+b2")
    Create(player=X, village=B2)
    >>> parse_action(s, "a1-b1-b2")
    Move(player=X, path=(A1, B1, B2))
    >>> parse_action(s, "b9")
    Traceback (most recent call last):
    ...
    tiki.errors.NotationError: unknown village 'b9' in 'b9' (at 0)
    """
    player = state.actor
    t = text.strip()
    try:
        if t.startswith("+"):
            return Create(player, _village(t[1:], t))
        if t.startswith("!"):
            return Order(player, _village(t[1:], t))
        if t == "pass":
            return Pass(player)
        if t == "s=":
            return KeepShaman(player)
        if t.startswith(("s@", "s>")):
            edge = edge_from_name(t[2:])
            return PlaceShaman(player, edge) if t[1] == "@" else MoveShaman(player, edge)
        if t.startswith("layout="):
            return Layout(tuple(int(v) for v in t[7:].split(",")))
        if t.startswith("first="):
            return FirstPlayer(PLAYER_SYMBOLS.index(t[6:]) if t[6:] else -2)
        if "-" in t or len(t) == 2:
            return Move(player, tuple(_village(v, t) for v in t.split("-")))
    except (KeyError, ValueError) as e:
        if isinstance(e, NotationError):
            raise
        raise NotationError(f"cannot read action {text!r}", 0) from None
    raise NotationError(f"cannot read action {text!r}", 0)


def _village(name: str, text: str) -> int:
    try:
        return village_from_name(name)
    except KeyError:
        raise NotationError(f"unknown village {name!r} in {text!r}", 0) from None


def to_text(state: State) -> str:
    """Return the one-line position string of ``state``."""
    raise NotImplementedError  # written next: see the position format in docs/tiki.md


def from_text(text: str) -> State:
    """Read a position string written by :func:`to_text`."""
    raise NotImplementedError


_ = CHANCE
