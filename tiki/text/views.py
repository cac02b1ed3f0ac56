"""A player's view in text and JSON, read back exactly.

A :class:`~tiki.View` is what one player may see. Tiki hides nothing, so a view is
the whole position and its player. Its forms have the same shape as
``tikalspeed``'s, so that a client written for one game reads the other. Its text is
``view:x`` followed by the position string. Its JSON is
``{"type": "view", "player": "x", "state": {...}}``.

>>> from tiki import new_game, observe, X
>>> view = observe(new_game(seed=1), X)
>>> view_to_text(view).split()[0]
'view:x'
>>> view_from_text(view_to_text(view)) == view
True
>>> view_to_json(view)["player"], view_from_json(view_to_json(view)) == view
('x', True)
"""

from __future__ import annotations

from typing import Any

from gamekit import forms

from ..errors import NotationError, shown
from ..model.state import PLAYER_SYMBOLS, State
from ..model.view import View
from ._jsonread import JSON, fail, read_object, read_player
from ._jsonstate import player_json, state_from_json, state_to_json
from .notation import from_text, to_text

__all__ = ["view_from_json", "view_from_text", "view_to_json", "view_to_text"]

_PREFIX = "view:"


def _not_a_view(view: object) -> None:
    """Refuse anything but a :class:`~tiki.View` given where one is written."""
    refused = forms.not_a_view(view, State, View, shown)
    if refused is not None:
        raise NotationError(refused)


def view_to_text(view: View) -> str:
    """``view:x`` (or ``view:o``) and the position string. Anything but a view (a
    position too) is a :class:`~tiki.NotationError`."""
    _not_a_view(view)
    return f"{_PREFIX}{PLAYER_SYMBOLS[view.player]} {to_text(view.state)}"


def view_from_text(text: str) -> View:
    """Read a view written by :func:`view_to_text`. Raises
    :class:`~tiki.NotationError` at the character offset at fault, as
    :func:`tiki.from_text` does."""
    if not isinstance(text, str):
        raise NotationError(f"a view is a str, not {type(text).__name__}")
    head, _, rest = text.partition(" ")
    if head not in (f"{_PREFIX}x", f"{_PREFIX}o"):
        raise NotationError(f"a view starts with 'view:x ' or 'view:o ', not {shown(head)}", 0)
    offset = len(head) + 1
    try:
        state = from_text(rest)
    except NotationError as e:
        if not isinstance(e.position, int):
            raise
        message = str(e).removesuffix(f" (at {e.position})")
        raise NotationError(message, e.position + offset) from None
    return View(PLAYER_SYMBOLS.index(head[-1]), state)


def view_to_json(view: View) -> JSON:
    """The view as JSON: ``{"type": "view", "player": "x", "state": {...}}``. Anything
    but a view (a position too) is a :class:`~tiki.NotationError`."""
    _not_a_view(view)
    return {"type": "view", "player": player_json(view.player), "state": state_to_json(view.state)}


def view_from_json(value: Any, path: str = "$") -> View:
    """Read a view object written by :func:`view_to_json`, its state checked as
    :func:`tiki.jsonio.state_from_json` checks a state."""
    if isinstance(value, dict) and "type" in value and value["type"] != "view":
        raise fail(f"expected type 'view', not {shown(value['type'])}", f"{path}.type")
    obj = read_object(value, path, ("type", "player", "state"))
    player = read_player(obj["player"], f"{path}.player")
    return View(player, state_from_json(obj["state"], f"{path}.state"))
