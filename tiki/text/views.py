"""A player's view in text and JSON, read back exactly.

A :class:`~tiki.View` is what one player may see. Tiki hides nothing, so a view is
the whole position and its player. Its forms have the same shape as
``tikalspeed``'s, so that a client written for one game reads the other. Its text is
``view:x`` followed by the position string. Its JSON is
``{"type": "view", "player": 0, "state": {...}}``, the player by his seat (0 for x,
as ``tikalspeed`` writes its players). A spectator's view
(``observe(state, None)``) is ``view:-`` in text and has the JSON player ``null``.

>>> from tiki import new_game, observe, X
>>> view = observe(new_game(seed=1), X)
>>> view_to_text(view).split()[0]
'view:x'
>>> view_from_text(view_to_text(view)) == view
True
>>> view_to_json(view)["player"], view_from_json(view_to_json(view)) == view
(0, True)
>>> seen = observe(new_game(seed=1), None)
>>> view_to_text(seen).split()[0], view_to_json(seen)["player"]
('view:-', None)
>>> view_from_text(view_to_text(seen)) == seen == view_from_json(view_to_json(seen))
True
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
_SPECTATOR = "-"
"""How the text names a spectator's view: ``view:-``."""
_NAMES = {"x": 0, "o": 1, _SPECTATOR: None}


def _not_a_view(view: object) -> None:
    """Refuse anything but a :class:`~tiki.View` given where one is written."""
    refused = forms.not_a_view(view, State, View, shown)
    if refused is not None:
        raise NotationError(refused)


def view_to_text(view: View) -> str:
    """``view:x`` (or ``view:o``, ``view:-`` for a spectator's) and the position
    string. Anything but a view (a position too) is a :class:`~tiki.NotationError`."""
    _not_a_view(view)
    name = _SPECTATOR if view.player is None else PLAYER_SYMBOLS[view.player]
    return f"{_PREFIX}{name} {to_text(view.state)}"


def view_from_text(text: str) -> View:
    """Read a view written by :func:`view_to_text`. Raises
    :class:`~tiki.NotationError` at the character offset at fault, as
    :func:`tiki.from_text` does."""
    if not isinstance(text, str):
        raise NotationError(f"a view is a str, not {type(text).__name__}")
    head, _, rest = text.partition(" ")
    if not head.startswith(_PREFIX) or head[len(_PREFIX) :] not in _NAMES:
        raise NotationError(
            f"a view starts with 'view:x ', 'view:o ' or 'view:- ', not {shown(head)}", 0
        )
    offset = len(head) + 1
    try:
        state = from_text(rest)
    except NotationError as e:
        if not isinstance(e.position, int):
            raise
        message = str(e).removesuffix(f" (at {e.position})")
        raise NotationError(message, e.position + offset) from None
    return View(_NAMES[head[len(_PREFIX) :]], state)


def view_to_json(view: View) -> JSON:
    """The view as JSON: ``{"type": "view", "player": 0, "state": {...}}`` (``player``
    ``null`` for a spectator's view). Anything but a view (a position too) is a
    :class:`~tiki.NotationError`."""
    _not_a_view(view)
    player = None if view.player is None else player_json(view.player)
    return {"type": "view", "player": player, "state": state_to_json(view.state)}


def view_from_json(value: Any, path: str = "$") -> View:
    """Read a view object written by :func:`view_to_json`, its state checked as
    :func:`tiki.jsonio.state_from_json` checks a state."""
    if isinstance(value, dict) and "type" in value and value["type"] != "view":
        raise fail(f"expected type 'view', not {shown(value['type'])}", f"{path}.type")
    obj = read_object(value, path, ("type", "player", "state"))
    player = None if obj["player"] is None else read_player(obj["player"], f"{path}.player")
    return View(player, state_from_json(obj["state"], f"{path}.state"))
