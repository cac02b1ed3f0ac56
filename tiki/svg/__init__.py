"""Pictures of Tiki positions as SVG, in the spirit of python-chess's ``chess.svg``.

:func:`board` draws a :class:`~tiki.State` (or a :class:`~tiki.View`) as standalone
SVG text: the 3×3 island with rank 3 on top and files a–c left to right, each village
coloured by its value (TIKI-SETUP-2) with the value on a badge (``?`` before the
layout), the totems as tikis stacked bottom to top in their owners' colours, the
shaman on its edge (TIKI-SHAMAN-1), and beside the island a status panel. The last
action and any villages of interest can be marked. Every word of it is in the language
asked for (``lang``, a code of :data:`gamekit.i18n.LANGUAGES`; the ``tiki-pictures``
catalog); names (``b2``, ``a1b1``, ``x``) and numbers are the same in every language.
Each village is a group ``<g class="village b2">`` with a ``<title>`` that says it in
words, and with the shaman rule each gap between two villages is a group ``<g
class="edge a1b1">`` with a hit area and a ``<title>``: a page finds what was clicked
by its class.

The text is built with :mod:`xml.etree.ElementTree` and is the same, byte for byte,
for the same arguments: golden files and notebooks rely on it. Importing this module
(which ``import tiki`` does) makes it the drawing of ``State._repr_svg_`` and
``View._repr_svg_``, so a notebook shows a position as a picture.

>>> import tiki
>>> s = tiki.new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=tiki.X)
>>> s = tiki.apply(s, tiki.parse_action(s, "+b2"))
>>> picture = tiki.svg.board(s, lastaction=tiki.Create(tiki.X, tiki.B2), size=400)
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 792 526"')
True
>>> import xml.etree.ElementTree as ET
>>> root = ET.fromstring(picture)
>>> root.tag, root.get("width"), root.get("height")
('{http://www.w3.org/2000/svg}svg', '400', '265.7')
>>> texts = root.iter("{http://www.w3.org/2000/svg}text")
>>> sorted(t.text for t in texts if t.get("class") == "value")
['+1', '+1', '+1', '+1', '+1', '+2', '0', '0', '−1']
>>> picture == s._repr_svg_()
False
>>> tiki.svg.board(s) == s._repr_svg_()
True
>>> tiki.svg.board(s, highlight=[9])
Traceback (most recent call last):
...
tiki.errors.NotationError: highlight: no village 9 (villages are 0 to 8, a1 to c3) (at highlight)
>>> german = ET.fromstring(tiki.svg.board(s, lang="de"))
>>> [t.text for t in german.iter("{http://www.w3.org/2000/svg}title")][:2]
['Tiki: Zug 2 · o ist am Zug', 'a1, +1: leer']
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from gamekit.i18n import DEFAULT, LANGUAGES, Say, words

from ..engine.contract import observe
from ..errors import IllegalActionError, NotationError, shown
from ..model.actions import Action, well_formed
from ..model.picture import set_drawer
from ..model.state import PLAYER_SYMBOLS, PLAYERS, State
from ..model.view import View
from ._island import BOARD_H, BOARD_W, ISLAND_TOP, draw_island
from ._panel import PANEL_W, draw_panel, turn_title
from ._shapes import FONT, num

__all__ = ["MAX_SIZE", "SVG_NAMESPACE", "board"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
"""The namespace of the root ``<svg>`` element."""

MAX_SIZE = 10_000
"""The largest ``size`` (width in px) :func:`board` draws."""


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
    """Return ``position`` as standalone SVG text.

    - ``size``: the width in px (an int from 1 to :data:`MAX_SIZE`); the height
      scales with it. ``None``: the natural size, 792 × 526 with the status panel,
      492 × 526 without.
    - ``lastaction``: the action that led to ``position``, marked in orange: the
      village of a :class:`~tiki.Create` or an :class:`~tiki.Order`, the path of a
      :class:`~tiki.Move` (a ring on each village and an arrow), the new edge of a
      :class:`~tiki.PlaceShaman` or :class:`~tiki.MoveShaman` and the edge a
      :class:`~tiki.KeepShaman` left it on. A :class:`~tiki.Pass` and the chance actions
      (:class:`~tiki.Layout`, :class:`~tiki.FirstPlayer`) mark nothing.
    - ``highlight``: villages (indices 0–8, ``tiki.A1`` … ``tiki.C3``) drawn under a
      translucent blue overlay, once each however often they are listed.
    - ``view``: draw ``observe(position, view)``, what that player sees (all of it, in
      Tiki; the argument keeps the shape of ``tikalspeed.svg.board``). A
      :class:`~tiki.View` passed in is drawn as it is.
    - ``status``: draw the status panel beside the island (turn, decision, supply,
      fruits, reserve and spoiled fruits, shaman, tie-break, result).
    - ``lang``: the language of every word in the picture, a code of
      :data:`gamekit.i18n.LANGUAGES` (``"en"``, the default, or ``"de"``).

    Raises :class:`~tiki.NotationError` (a ``ValueError``) naming the argument at
    fault: a ``position`` that is neither a state nor a view, a ``size`` out of range,
    a highlighted village out of 0–8, a ``lastaction`` that is not a well-formed Tiki
    action, a ``view`` of another player than the View passed in, a ``lang`` that is
    not one of the languages. A ``view`` that is not ``X`` or ``O`` is refused as
    :func:`tiki.observe` refuses it, with :class:`~tiki.IllegalActionError`
    (``TIKI-TURN-3``), a ``ValueError`` too.
    """
    state, seen_by = _position(position, view)
    say = _say(lang)
    width = _size(size)
    villages = _highlight(highlight)
    if lastaction is not None and not well_formed(lastaction):
        raise NotationError(
            f"lastaction must be a Tiki action or None, got {shown(lastaction)}", "lastaction"
        )
    natural_w = BOARD_W + (PANEL_W if status else 0)
    root = ET.Element("svg", {"xmlns": SVG_NAMESPACE})
    body = ET.Element("g")
    draw_island(body, state, lastaction, villages, say)
    natural_h = float(BOARD_H)
    if status:
        panel_h = draw_panel(body, state, BOARD_W - 8, ISLAND_TOP, seen_by, say)
        natural_h = max(natural_h, ISLAND_TOP + panel_h + ISLAND_TOP)
    shown_w = natural_w if width is None else width
    root.attrib.update(
        {
            "viewBox": f"0 0 {num(natural_w)} {num(natural_h)}",
            "width": num(shown_w),
            "height": num(shown_w * natural_h / natural_w),
            "font-family": FONT,
        }
    )
    ET.SubElement(root, "title").text = say("Tiki: {title}", title=turn_title(state, say))
    ET.SubElement(
        root,
        "rect",
        {"class": "sea", "width": num(natural_w), "height": num(natural_h), "fill": "#cfe6ee"},
    )
    root.extend(body)
    return ET.tostring(root, encoding="unicode")


def _position(position: object, view: object) -> tuple[State, int | None]:
    """The state to draw and whose view it is (``None``: the position itself)."""
    if not isinstance(position, (State, View)):
        raise NotationError(
            f"position must be a tiki State or View, got {shown(position)}", "position"
        )
    if view is not None and (type(view) is not int or view not in PLAYERS):
        raise IllegalActionError("TIKI-TURN-3", f"board: no player {shown(view)} in Tiki")
    if isinstance(position, View):
        if view is not None and view != position.player:
            raise NotationError(
                f"the View is {_whose(position.player)}, not {PLAYER_SYMBOLS[view]}'s",
                "view",
            )
        return position.state, position.player
    if view is None:
        return position, None
    seen = observe(position, view)
    return seen.state, seen.player


def _whose(player: int | None) -> str:
    return "a spectator's" if player is None else f"{PLAYER_SYMBOLS[player]}'s"


def _say(lang: object) -> Say:
    if type(lang) is not str or lang not in LANGUAGES:
        every = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        raise NotationError(f"lang must be one of {every}, got {shown(lang)}", "lang")
    return words("tiki-pictures", lang)


def _size(size: object) -> int | None:
    if size is None:
        return None
    if type(size) is not int or not 1 <= size <= MAX_SIZE:
        raise NotationError(
            f"size must be a whole number of pixels 1 to {MAX_SIZE}, got {shown(size)}", "size"
        )
    return size


def _highlight(highlight: object) -> list[int]:
    if isinstance(highlight, (str, bytes)) or not isinstance(highlight, Iterable):
        raise NotationError(
            f"highlight must be a collection of villages, got {shown(highlight)}", "highlight"
        )
    villages: set[int] = set()
    for v in highlight:
        if type(v) is not int or not 0 <= v <= 8:
            raise NotationError(
                f"highlight: no village {shown(v)} (villages are 0 to 8, a1 to c3)", "highlight"
            )
        villages.add(v)
    return sorted(villages)


set_drawer(board)
