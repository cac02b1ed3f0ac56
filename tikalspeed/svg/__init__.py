"""Pictures of Tikal positions and tiles as standalone SVG, in the spirit of ``chess.svg``.

:func:`board` draws a position, or what one player sees of it: the hex board with its
terrain, the stones on the tiles' edges, temple levels, the treasures left in each
ruin, the camps (tents) and guards (shields) in their owners' colours, every player's
pieces as chips (``L`` the leader, digits the workers), each cell with a ``<title>``
in words; and under the board the decision in a player's words, the players' scores
and pieces, the tiles left, and the tiles a decision is about (the auction's display,
a Speed round's secured tiles and Round Order, the tile in hand). :func:`tile` draws
one tile in one of its six turns, so that a player sees what ``place:c1:4`` does;
:func:`turns` draws all six side by side. :func:`decision_picture` draws what a
view's open decision is about: the legal turns of the tile in hand, or the display at
the auction. Every picture takes ``lang``, its words' language (a code of
:data:`gamekit.i18n.LANGUAGES`, the ``tikalspeed-pictures`` catalog).

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
>>> "Spieler" in tikalspeed.svg.board(s, lang="de")
True
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from gamekit.i18n import DEFAULT, LANGUAGES, N_, Say, words

from ..board.hexgrid import CELL_COUNT, CELL_NAMES
from ..board.tiles import Kind, Tile
from ..bounds import shown
from ..engine import legal_actions, observe, view_actions
from ..errors import NotationError
from ..model.actions import Action, PlaceTile, player_name
from ..model.picture import set_drawer
from ..model.state import Phase, State
from ..model.view import View
from ._board import draw_board, marked_cells
from ._shapes import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    COLOURS,
    R,
    element,
    num,
    text,
    tile_face,
    tile_shows,
    turned,
)
from ._status import auction_words, draw_status

__all__ = ["COLOURS", "MAX_SIZE", "board", "decision_picture", "tile", "turns"]

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


def _say(lang: object) -> Say:
    """The pictures' words in ``lang``; a language that is none of
    :data:`gamekit.i18n.LANGUAGES` is refused."""
    if type(lang) is not str or lang not in LANGUAGES:
        every = ", ".join(LANGUAGES)
        raise NotationError(f"lang must be one of {every}, got {shown(lang)}", "lang")
    return words("tikalspeed-pictures", lang)


def board(
    position: State | View,
    *,
    size: int | None = None,
    lastaction: Action | None = None,
    highlight: Iterable[int] = (),
    view: int | None = None,
    status: bool = True,
    lang: str = DEFAULT,
) -> str:
    """Return a picture of ``position`` as SVG text.

    ``size`` is the width in pixels (the height follows; by default the natural
    size); ``lastaction`` rings the cells the action touched, with an arrow for a move;
    ``highlight`` shades the given cells (indices 0–39); ``view`` draws what that
    player sees (:func:`tikalspeed.observe`; a :class:`~tikalspeed.View` is drawn as
    its player sees it); ``status=False`` leaves out the panel under the board;
    ``lang`` is the language of its words (a code of :data:`gamekit.i18n.LANGUAGES`).

    Raises :class:`~tikalspeed.NotationError` naming the argument at fault: a
    ``position`` that is neither a state nor a view, a size or a cell out of range, a
    ``lastaction`` that is no Tikal action on the board, a ``view`` of another player
    than the View passed in, a language there is none of;
    :class:`~tikalspeed.IllegalActionError` for a ``view`` that is no player (as
    :func:`tikalspeed.observe`).
    """
    state, player, seen = _position(position, view)
    cells = _highlight(highlight)
    _check_action(lastaction)
    say = _say(lang)
    panel = ET.Element("g")
    height = BOARD_HEIGHT + (draw_status(panel, state, player, seen, say) if status else 0)
    root = _svg(BOARD_WIDTH, height, size)
    draw_board(root, state, lastaction, cells, say)
    root.extend(panel)
    return _text(root)


def _position(
    position: object, view: object, name: str = "position"
) -> tuple[State, int | None, bool]:
    """The state to draw, whose view it is (``None``: the position itself or a
    spectator's view) and whether it is a view; ``name`` is the argument's."""
    if not isinstance(position, (State, View)):
        raise NotationError(
            f"{name} must be a tikalspeed State or View, got {shown(position)}", name
        )
    if isinstance(position, View):
        if view is not None and view != position.player:
            raise NotationError(
                f"the View is {_whose(position.player)}, not player {shown(view)}'s",
                "view",
            )
        return position.state, position.player, True
    if view is None:
        return position, None, False
    seen = observe(position, view)  # observe checks the player
    return seen.state, seen.player, True


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
_CAPTION = 12.0
"""The height of a line of a caption under a tile."""
_HEADING = 18.0
"""The height of a line of a decision picture's heading."""

_TILE_WORDS = {Kind.JUNGLE: N_("jungle"), Kind.VOLCANO: N_("volcano")}
"""The word on a tile that shows neither a temple's value nor a ruin's treasures."""


def _word(t: Tile, say: Say) -> str:
    """The word written on ``t`` (``jungle``, ``volcano``), or none."""
    return say(_TILE_WORDS[t.kind]) if t.kind in _TILE_WORDS else ""


def _draw_tile(root: ET.Element, t: Tile, rotation: int, x: float, y: float, say: Say) -> None:
    tile_face(root, t, rotation, x, y, word=_word(t, say))
    first = t.rotations[[t.oriented(r) for r in t.rotations].index(t.oriented(rotation))]
    label = f"{t.id} · " + say("turn {turn}", turn=rotation)
    if first != rotation:
        label += " " + say("(= turn {turn})", turn=first)
    text(root, x, y + R + 12, label, 10.0)


def _check_turn(rotation: object) -> int:
    if type(rotation) is not int or not 0 <= rotation < 6:
        raise NotationError(f"a tile turns 0 to 5 times, got {shown(rotation)}", "rotation")
    return rotation


def tile(tile: Tile, rotation: int = 0, *, size: int | None = None, lang: str = DEFAULT) -> str:
    """Return ``tile`` after ``rotation`` clockwise turns (0–5) as SVG text: its kind,
    value or masks, and its stones where they lie after the turns (TIKAL-TILE-6), as
    :class:`~tikalspeed.PlaceTile` ``place:<cell>:<rotation>`` would lay it. A turn that
    gives the same stones as an earlier one says so (``= turn 0``); ``lang`` is the
    language of its words (a code of :data:`gamekit.i18n.LANGUAGES`).

    Raises :class:`~tikalspeed.NotationError` for a turn not in 0–5, a bad size or
    language.
    """
    turn = _check_turn(rotation)
    say = _say(lang)
    root = _svg(_SIDE, _SIDE + _LABEL, size)
    _draw_tile(root, tile, turn, _SIDE / 2, _SIDE / 2, say)
    return _text(root)


def turns(tile: Tile, *, size: int | None = None, lang: str = DEFAULT) -> str:
    """Return the six turns of ``tile`` side by side, 0 to 5, as SVG text."""
    say = _say(lang)
    root = _svg(6 * _SIDE, _SIDE + _LABEL, size)
    for turn in range(6):
        _draw_tile(root, tile, turn, _SIDE / 2 + turn * _SIDE, _SIDE / 2, say)
    return _text(root)


def decision_picture(
    view: View | State, lang: str = DEFAULT, *, size: int | None = None
) -> str | None:
    """Return a picture of what ``view``'s open decision is about, as SVG text, or
    ``None`` when there is nothing to draw; its words in ``lang``.

    While a tile is placed (TIKAL-PLACE-1), the turns of the tile in hand that are
    legal somewhere, each once (turns that lay the stones alike are one,
    TIKAL-TILE-6), as ``<g class="turn" data-turn="K" data-cells="b3 c2">``: the cells
    where that turn is legal, sorted; for the player who places it (a
    :class:`~tikalspeed.State` stands for every player). At the auction, while bids are
    made and the winner takes a tile (TIKAL-AUCTION-3, TIKAL-AUCTION-5), the display,
    each tile as ``<g class="tile" data-tile="A2">`` with what it shows, for everyone.

    Raises :class:`~tikalspeed.NotationError` for a ``view`` that is neither a view
    nor a state, a bad size or language.
    """
    state, _, _ = _position(view, None, "view")
    say = _say(lang)
    if state.phase is Phase.PLACE and state.hand >= 0:
        legal = view_actions(view) if isinstance(view, View) else legal_actions(state)
        where: dict[int, list[str]] = {}
        for a in legal:
            if isinstance(a, PlaceTile):
                where.setdefault(a.rotation, []).append(CELL_NAMES[a.cell])
        if not where:
            return None
        return _placing(state.rules.manifest.tiles[state.hand], where, say, size)
    if state.phase in (Phase.BID, Phase.CHOOSE) and state.display:
        return _auction(state, say, size)
    return None


def _heading(root: ET.Element, width: float, lines: list[str]) -> None:
    for i, line in enumerate(lines):
        text(root, width / 2, _HEADING * (i + 0.5) + 2, line, 11.0, font_weight="bold")


def _placing(t: Tile, where: dict[int, list[str]], say: Say, size: int | None) -> str:
    """The legal turns of ``t``, each with the cells where it is legal."""
    cells = {turn: sorted(names) for turn, names in where.items()}
    rows = {
        turn: [" ".join(c[i : i + 4]) for i in range(0, len(c), 4)] for turn, c in cells.items()
    }
    width = max(len(where), 4) * _SIDE
    shows = " · ".join((t.id, tile_shows(t, say)))
    heading = textwrap.wrap(
        say("{tile}: each turn that fits, and where", tile=shows), int(width / 6.4)
    )
    top = _HEADING * len(heading) + 4
    height = top + _SIDE + _CAPTION * (2 + max(len(r) for r in rows.values())) + 4
    root = _svg(width, height, size)
    _heading(root, width, heading)
    left = (width - len(where) * _SIDE) / 2
    for i, turn in enumerate(sorted(cells)):
        group = element(root, "g", class_="turn", data_turn=turn, data_cells=" ".join(cells[turn]))
        how = turned(turn, say)
        title = say("turn {turn}", turn=turn) + f" ({how}): " + ", ".join(cells[turn])
        element(group, "title").text = title
        x, y = left + _SIDE * (i + 0.5), top + _SIDE / 2
        tile_face(group, t, turn, x, y, word=_word(t, say))
        y += R + 10
        text(group, x, y, say("turn {turn}", turn=turn), 10.0, font_weight="bold")
        y += _CAPTION
        text(group, x, y, how, 9.0)
        for line in rows[turn]:
            y += _CAPTION
            text(group, x, y, line, 9.0, fill="#6b6253")
    return _text(root)


def _auction(state: State, say: Say, size: int | None) -> str:
    """The auction's display, each tile with what it shows."""
    tiles = [state.rules.manifest.tiles[i] for i in state.display]
    width = max(len(tiles), 4) * _SIDE
    heading = textwrap.wrap(auction_words(state, say), int(width / 6.4))
    top = _HEADING * len(heading) + 4
    root = _svg(width, top + _SIDE + 2 * _CAPTION + 4, size)
    _heading(root, width, heading)
    left = (width - len(tiles) * _SIDE) / 2
    for i, t in enumerate(tiles):
        group = element(root, "g", class_="tile", data_tile=t.id)
        element(group, "title").text = f"{t.id}: {tile_shows(t, say)}"
        x, y = left + _SIDE * (i + 0.5), top + _SIDE / 2
        tile_face(group, t, 0, x, y, word=_word(t, say))
        text(group, x, y + R + 10, t.id, 10.0, font_weight="bold")
        text(group, x, y + R + 10 + _CAPTION, tile_shows(t, say), 9.0, fill="#6b6253")
    return _text(root)


set_drawer(board)
