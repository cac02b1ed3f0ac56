"""A player's view in text and JSON, read back exactly (SPEED-JUMP-1).

A :class:`~tikalspeed.View` is what one player may see: the position with the
others' token choices at a Speed Jump hidden once made. Its text is ``view:P1``
followed by the position string, where a hidden choice is ``?``. Its JSON is
``{"type": "view", "player": 0, "state": {...}}``, where a hidden choice is ``null``.
Reading checks the position, as :func:`tikalspeed.from_text` does, with each hidden
choice counted as some choice the player could have made. It also checks that the
view is exactly what :func:`tikalspeed.observe` gives its player: a secret of
another player that shows, or a hidden choice of the viewer's own, is refused.
Two positions that differ only in what the player cannot see therefore write
byte-identical views. A spectator's view (``observe(state, None)``) hides every made
choice; its text is ``view:-`` and its JSON player ``null``.

>>> from tikalspeed import Rules, apply, new_game, observe, parse_action
>>> s = new_game(Rules(mode="speed", players=2), seed=1)
>>> for token in ("pass", "pass", "take:A2", "take:A6", "place:a3:0", "place:a4:0",
...               "P2:tokens:3"):
...     s = apply(s, parse_action(s, token))
>>> view = observe(s, 0)
>>> text = view_to_text(view)
>>> text.split()[0], text.split()[-2]
('view:P1', 'speed:10,10/0,?/P1,P2/-/P1,P2/-,-/-')
>>> view_from_text(text) == view
True
>>> view_to_json(view)["state"]["speed"]["chosen"]
[0, None]
>>> view_from_json(view_to_json(view)) == view
True
>>> seen = observe(s, None)
>>> view_to_text(seen).split()[0], view_to_json(seen)["player"]
('view:-', None)
>>> view_to_json(seen)["state"]["speed"]["chosen"]  # P1 has not chosen yet
[0, None]
>>> view_from_text(view_to_text(seen)) == seen == view_from_json(view_to_json(seen))
True
"""

from __future__ import annotations

from typing import Any

from gamekit import forms

from ..board.manifest import Manifest
from ..bounds import shown
from ..engine import observe
from ..errors import NotationError
from ..model.actions import player_name
from ..model.rules import Rules
from ..model.state import State
from ..model.view import View
from ._jsonread import JSON, fail, read_object, read_player
from ._jsonstate import state_from_json, state_to_json
from ._speedtext import HIDDEN
from .position import from_text, to_text

__all__ = ["view_from_json", "view_from_text", "view_to_json", "view_to_text"]

_PREFIX = "view:"
_SPECTATOR = "-"
"""How the text names a spectator's view: ``view:-``."""
_STAND_IN = 1
"""What a hidden choice counts as while the position is checked: every player of a
Jump who has tokens left may take 1."""


def _not_a_view(view: object) -> None:
    """Refuse anything but a :class:`~tikalspeed.View` given where one is written."""
    refused = forms.not_a_view(view, State, View, shown)
    if refused is not None:
        raise NotationError(refused)


def _name(player: int | None) -> str:
    return _SPECTATOR if player is None else player_name(player)


def view_to_text(view: View) -> str:
    """``view:P1`` (``view:-`` for a spectator's) and the position string of what the
    player sees (a hidden choice is ``?``). Anything but a view (a position too) is a
    :class:`~tikalspeed.NotationError`."""
    _not_a_view(view)
    return f"{_PREFIX}{_name(view.player)} {to_text(view.state)}"


def view_from_text(text: str, *, rules: Rules | None = None) -> View:
    """Read a view written by :func:`view_to_text`. Raises
    :class:`~tikalspeed.NotationError` at the character offset at fault, as
    :func:`tikalspeed.from_text` does, or for a view that is not what
    :func:`tikalspeed.observe` gives its player."""
    if not isinstance(text, str):
        raise NotationError(f"a view is a str, not {type(text).__name__}")
    head, _, rest = text.partition(" ")
    if not head.startswith(_PREFIX):
        raise NotationError(f"a view starts with 'view:P<n> ' or 'view:- ', not {shown(head)}", 0)
    name = head[len(_PREFIX) :]
    offset = len(head) + 1
    fields = rest.split(" ")
    hidden: list[int] = []
    for i, field in enumerate(fields):
        if field.startswith("speed:"):
            parts = field.split("/")
            if len(parts) > 1:
                chosen = parts[1].split(",")
                hidden = [p for p, c in enumerate(chosen) if c == HIDDEN]
                parts[1] = ",".join(str(_STAND_IN) if c == HIDDEN else c for c in chosen)
            fields[i] = "/".join(parts)  # the same length: offsets stay right
    try:
        state = from_text(" ".join(fields), rules=rules)
    except NotationError as e:
        raise _shifted(e, offset) from None
    players = [player_name(p) for p in range(state.rules.players)]
    if name != _SPECTATOR and name not in players:
        raise NotationError(
            f"a view of {shown(name)}: the players are {', '.join(players)} "
            f"(a spectator is {_SPECTATOR})",
            5,
        )
    player = None if name == _SPECTATOR else players.index(name)
    return _view(state, player, hidden, lambda m: NotationError(m, offset))


def view_to_json(view: View) -> JSON:
    """The view as JSON: ``{"type": "view", "player": 0, "state": {...}}`` (``player``
    ``null`` for a spectator's view), where a hidden choice is ``null``. Anything but
    a view (a position too) is a :class:`~tikalspeed.NotationError`."""
    _not_a_view(view)
    return {"type": "view", "player": view.player, "state": state_to_json(view.state)}


def view_from_json(value: Any, path: str = "$", manifest: Manifest | None = None) -> View:
    """Read a view object written by :func:`view_to_json`, checked as
    :func:`tikalspeed.jsonio.state_from_json` checks a state, and refused if it is
    not what :func:`tikalspeed.observe` gives its player."""
    if isinstance(value, dict) and "type" in value and value["type"] != "view":
        raise fail(f"expected type 'view', not {shown(value['type'])}", f"{path}.type")
    obj = read_object(value, path, ("type", "player", "state"))
    raw = obj["state"]
    hidden: list[int] = []
    speed = raw.get("speed") if isinstance(raw, dict) else None
    chosen = speed.get("chosen") if isinstance(speed, dict) else None
    if isinstance(speed, dict) and isinstance(chosen, list):
        hidden = [p for p, c in enumerate(chosen) if c is None]
        if hidden:  # a copy of the path to the choices only: the rest is read, not copied
            stand_ins = [_STAND_IN if c is None else c for c in chosen]
            raw = {**raw, "speed": {**speed, "chosen": stand_ins}}
    state = state_from_json(raw, f"{path}.state", manifest)
    player = None
    if obj["player"] is not None:
        player = read_player(obj["player"], f"{path}.player", state.rules.players)
    return _view(state, player, hidden, lambda m: fail(m, f"{path}.state.speed.chosen"))


def _view(state: Any, player: int | None, hidden: list[int], error: Any) -> View:
    """The view of ``player`` (``None``: a spectator) with the ``hidden`` choices
    masked, if it is exactly what :func:`tikalspeed.observe` shows him."""
    if hidden:
        chosen = tuple(-1 if p in hidden else c for p, c in enumerate(state.chosen))
        view = View(player, state.replace(chosen=chosen))
    else:
        view = View(player, state)
    if observe(state, player) != view:
        if player is None:
            raise error(
                "not what a spectator sees: every token choice, once made, is hidden until "
                "the reveal, and nothing else is (SPEED-JUMP-1)"
            )
        if player in hidden:
            raise error(f"{player_name(player)}'s own token choice is never hidden from him")
        raise error(
            f"not what {player_name(player)} sees: another player's token choice, once made, "
            "is hidden until the reveal, and nothing else is (SPEED-JUMP-1)"
        )
    return view


def _shifted(e: NotationError, offset: int) -> NotationError:
    """``e`` with its character offset moved past the view's prefix."""
    if not isinstance(e.position, int):
        return e
    message = str(e).removesuffix(f" (at {e.position})")
    return NotationError(message, e.position + offset)
