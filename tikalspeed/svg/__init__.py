"""Pictures of Tikal positions and tiles as standalone SVG, in the spirit of ``chess.svg``.

:func:`board` draws a position, or what one player sees of it: the hex board with its
terrain, the stones on the tiles' edges, temple levels, the treasures left in each
ruin, the camps (tents) and guards (shields) in their owners' colours, every player's
pieces as chips (``L`` the leader, digits the workers), and under the board the
decision, the players' scores and pieces, and the tiles left. :func:`tile` draws one
tile in one of its six turns, so that a player sees what ``place:c1:4`` does;
:func:`turns` draws all six side by side.

SVG is text: nothing is needed to draw, and a browser, a notebook (positions have
``_repr_svg_``) or any SVG library shows it. The same input gives the same text.

>>> from tikalspeed import new_game, Rules, legal_actions, apply
>>> import tikalspeed.svg
>>> s = new_game(Rules(mode="classic", players=2), seed=1)
>>> a = next(a for a in legal_actions(s) if str(a) == "place:b3:0")
>>> picture = tikalspeed.svg.board(apply(s, a), lastaction=a, size=400)
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), 'width="400"' in picture
(True, True)
>>> tile = s.rules.manifest.tiles[0]
>>> "stone" in tikalspeed.svg.tile(tile, 2)
True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from ..board.hexgrid import CELL_COUNT
from ..board.tiles import Kind, Tile
from ..bounds import shown
from ..engine import observe
from ..errors import NotationError
from ..model.actions import Action, player_name
from ..model.picture import set_drawer
from ..model.state import State
from ..model.view import View
from ._board import draw_board, marked_cells
from ._shapes import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    COLOURS,
    FILLS,
    R,
    element,
    hexagon,
    num,
    stones,
    text,
)
from ._status import draw_status, status_height

__all__ = ["COLOURS", "MAX_SIZE", "board", "tile", "turns"]

MAX_SIZE = 10_000
"""The largest ``size`` a picture may ask for, in pixels."""


def _svg(width: float, height: float, size: int | None) -> ET.Element:
    if size is not None and (type(size) is not int or not 1 <= size <= MAX_SIZE):
        raise NotationError(
            f"size must be a whole number of pixels 1 to {MAX_SIZE}, got {shown(size)}", "size"
        )
    shown_width = size if size is not None else width
    attributes = {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": f"0 0 {num(width)} {num(height)}",
        "width": num(shown_width),
        "height": num(shown_width * height / width),
    }
    return ET.Element("svg", attributes)


def _text(root: ET.Element) -> str:
    return ET.tostring(root, encoding="unicode")


def board(
    position: State | View,
    *,
    size: int | None = None,
    lastaction: Action | None = None,
    highlight: Iterable[int] = (),
    view: int | None = None,
    status: bool = True,
) -> str:
    """Return a picture of ``position`` as SVG text.

    ``size`` is the width in pixels (the height follows; by default the natural
    size); ``lastaction`` rings the cells the action touched, with an arrow for a move;
    ``highlight`` shades the given cells (indices 0–39); ``view`` draws what that
    player sees (:func:`tikalspeed.observe`; a :class:`~tikalspeed.View` is drawn as
    its player sees it); ``status=False`` leaves out the panel under the board.

    Raises :class:`~tikalspeed.NotationError` naming the argument at fault: a
    ``position`` that is neither a state nor a view, a size or a cell out of range, a
    ``lastaction`` that is no Tikal action on the board, a ``view`` of another player
    than the View passed in; :class:`~tikalspeed.IllegalActionError` for a ``view``
    that is no player (as :func:`tikalspeed.observe`).
    """
    state, player = _position(position, view)
    cells = _highlight(highlight)
    _check_action(lastaction)
    height = BOARD_HEIGHT + (status_height(state) if status else 0)
    root = _svg(BOARD_WIDTH, height, size)
    draw_board(root, state, lastaction, cells)
    if status:
        draw_status(root, state, player)
    return _text(root)


def _position(position: object, view: object) -> tuple[State, int | None]:
    """The state to draw and whose view it is (``None``: the position itself)."""
    if not isinstance(position, (State, View)):
        raise NotationError(
            f"position must be a tikalspeed State or View, got {shown(position)}", "position"
        )
    if isinstance(position, View):
        if view is not None and view != position.player:
            raise NotationError(
                f"the View is {_whose(position.player)}, not player {shown(view)}'s",
                "view",
            )
        return position.state, position.player
    if view is None:
        return position, None
    seen = observe(position, view)  # observe checks the player
    return seen.state, seen.player


def _whose(player: int | None) -> str:
    return "a spectator's" if player is None else f"{player_name(player)}'s"


def _highlight(highlight: object) -> tuple[int, ...]:
    if isinstance(highlight, (str, bytes)) or not isinstance(highlight, Iterable):
        raise NotationError(
            f"highlight must be a collection of cells, got {shown(highlight)}", "highlight"
        )
    cells = tuple(highlight)
    for cell in cells:
        if type(cell) is not int or not 0 <= cell < CELL_COUNT:
            raise NotationError(
                f"highlight: no cell {shown(cell)} (cells are 0 to 39, a1 to h5)", "highlight"
            )
    return cells


def _check_action(action: object) -> None:
    if action is None:
        return
    if not isinstance(action, Action):
        raise NotationError(
            f"lastaction must be a Tikal action or None, got {shown(action)}", "lastaction"
        )
    for cell in marked_cells(action):
        if type(cell) is not int or not 0 <= cell < CELL_COUNT:
            raise NotationError(f"lastaction: no cell {shown(cell)}", "lastaction")


_SIDE = 2 * R + 16
"""The width of one tile's picture."""
_LABEL = 18.0
"""The room under a tile for its name and turn."""

_TILE_LABELS = {Kind.JUNGLE: "jungle", Kind.VOLCANO: "volcano"}


def _draw_tile(root: ET.Element, t: Tile, rotation: int, x: float, y: float) -> None:
    hexagon(root, x, y, fill=FILLS[t.kind], stroke="#6b6253", stroke_width=1.0)
    stones(root, x, y, t.oriented(rotation))
    if t.kind is Kind.TEMPLE:
        element(
            root,
            "rect",
            x=x - 10.0,
            y=y - 17.0,
            width=20.0,
            height=18.0,
            rx=2.0,
            fill="#5f6b5a",
            class_="temple",
        )
        text(root, x, y - 8, str(t.value), 12.0, fill="#ffffff", font_weight="bold")
    elif t.kind is Kind.TREASURE:
        element(root, "circle", cx=x, cy=y - 8.0, r=9.0, fill="#f2c230", class_="ruin")
        text(root, x, y - 8, str(t.masks), 11.0, font_weight="bold")
    else:
        text(
            root,
            x,
            y - 8,
            _TILE_LABELS[t.kind],
            9.0,
            font_weight="bold",
            fill="#ffd7c2" if t.kind is Kind.VOLCANO else "#2b2b2b",
        )
    first = t.rotations[[t.oriented(r) for r in t.rotations].index(t.oriented(rotation))]
    same = "" if first == rotation else f" (= turn {first})"
    text(root, x, y + R + 12, f"{t.id} · turn {rotation}{same}", 10.0)


def _check_turn(rotation: object) -> int:
    if type(rotation) is not int or not 0 <= rotation < 6:
        raise NotationError(f"a tile turns 0 to 5 times, got {shown(rotation)}", "rotation")
    return rotation


def tile(tile: Tile, rotation: int = 0, *, size: int | None = None) -> str:
    """Return ``tile`` after ``rotation`` clockwise turns (0–5) as SVG text: its kind,
    value or masks, and its stones where they lie after the turns (TIKAL-TILE-6), as
    :class:`~tikalspeed.PlaceTile` ``place:<cell>:<rotation>`` would lay it. A turn that
    gives the same stones as an earlier one says so (``= turn 0``).

    Raises :class:`~tikalspeed.NotationError` for a turn not in 0–5 or a bad size.
    """
    turn = _check_turn(rotation)
    root = _svg(_SIDE, _SIDE + _LABEL, size)
    _draw_tile(root, tile, turn, _SIDE / 2, _SIDE / 2)
    return _text(root)


def turns(tile: Tile, *, size: int | None = None) -> str:
    """Return the six turns of ``tile`` side by side, 0 to 5, as SVG text."""
    root = _svg(6 * _SIDE, _SIDE + _LABEL, size)
    for turn in range(6):
        _draw_tile(root, tile, turn, _SIDE / 2 + turn * _SIDE, _SIDE / 2)
    return _text(root)


set_drawer(board)
