"""The island half of a Tiki picture: the 3×3 villages in the sea, the coordinates, the
totems, the shaman, the marks of the last action and of the highlighted villages, and
the legend of the tiki colours.

Rank 3 is on top and files a–c run left to right, as in ``specs/tiki.md``; the gaps
between the village tiles are the 12 edges where the shaman stands (TIKI-SHAMAN-1).

The parts a player points at are groups a page can find and click: each village is a
``<g class="village b2">`` whose ``<title>`` says its name, value and totem in words,
and with the shaman rule each gap is a ``<g class="edge a1b1">`` over everything else,
a transparent hit area with its own ``<title>``. The marks drawn over the villages
(highlights, the last action, the totems, the shaman) let the pointer through
(``pointer-events="none"``), so a click anywhere on a tile reaches its village.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..board.island import EDGE_NAMES, EDGES, FILES, RANKS, VILLAGE_NAMES
from ..model.actions import Action, Create, KeepShaman, Move, MoveShaman, Order, PlaceShaman
from ..model.state import PLAYER_SYMBOLS, PLAYERS, State
from ._shapes import INK, TILE_FILL, TILE_INK, add, num, shaman, text, tiki, value_text

if TYPE_CHECKING:
    from gamekit.i18n import Say

__all__ = [
    "BOARD_H",
    "BOARD_W",
    "ISLAND_TOP",
    "ISLAND_W",
    "draw_island",
    "edge_title",
    "marked",
    "village_title",
]

MARGIN = 36
"""The sea around the island, where the coordinates stand."""
PAD = 14
"""The beach between the island's edge and the outer villages."""
CELL = 112
"""The side of a village tile."""
GAP = 28
"""The gap between two village tiles: an edge, where the shaman stands."""
ISLAND_W = 2 * PAD + 3 * CELL + 2 * GAP
"""The side of the island."""
ISLAND_TOP = MARGIN
"""Where the island starts, from the top (and from the left)."""
LEGEND_H = 34
"""The strip below the bottom coordinates that holds the legend."""
BOARD_W = 2 * MARGIN + ISLAND_W
"""The width of the board half of the picture."""
BOARD_H = 2 * MARGIN + ISLAND_W + LEGEND_H
"""The height of the board half of the picture."""

LAST = "#ff7a00"
"""The colour that marks the last action: its village(s), its path, its edge."""
HIGHLIGHT = "#2f80ed"
"""The colour of a highlighted village's translucent overlay."""

_TIKI_W = 52
_TIKI_H = 27
_TIKI_SPACE = 3
_THROUGH = {"pointer-events": "none"}
"""What a mark over the villages carries, so that a click on it reaches the village."""


def corner(village: int) -> tuple[float, float]:
    """The top-left corner of ``village``'s tile (rank 3 on top, file a on the left)."""
    file, rank = village % 3, village // 3
    return MARGIN + PAD + file * (CELL + GAP), MARGIN + PAD + (2 - rank) * (CELL + GAP)


def centre(village: int) -> tuple[float, float]:
    """The centre of ``village``'s tile."""
    x, y = corner(village)
    return x + CELL / 2, y + CELL / 2


def gap(edge: int) -> tuple[float, float, float, float]:
    """The gap of ``edge`` between its two tiles as ``(x, y, width, height)``."""
    low, high = EDGES[edge]
    x, y = corner(low)
    if high == low + 1:  # side by side: the gap is a vertical strip
        return x + CELL, y, GAP, CELL
    hx, hy = corner(high)  # one above the other: a horizontal strip above ``low``
    return hx, hy + CELL, CELL, GAP


def marked(action: Action | None, state: State) -> tuple[tuple[int, ...], int | None]:
    """The villages and the edge that mark ``action`` as the last one: a creation's or
    an order's village, a move's path, the shaman's new edge (or the edge it stayed
    on); a pass and the chance actions mark nothing."""
    if isinstance(action, (Create, Order)):
        return (action.village,), None
    if isinstance(action, Move):
        return tuple(dict.fromkeys(action.path)), None
    if isinstance(action, (PlaceShaman, MoveShaman)):
        return (), action.edge
    if isinstance(action, KeepShaman):
        return (), state.shaman
    return (), None


def village_title(state: State, v: int, say: Say) -> str:
    """Village ``v`` of ``state`` in words, its tile's ``<title>``: its name, its value
    and its totem from the bottom up (``b2, +2: a totem of x under o``)."""
    stack = state.stacks[v]
    if stack:
        tikis = PLAYER_SYMBOLS[stack[0]]
        for owner in stack[1:]:
            tikis = say("{below} under {above}", below=tikis, above=PLAYER_SYMBOLS[owner])
        contents = say("a totem of {tikis}", tikis=tikis)
    else:
        contents = say("empty")
    name = VILLAGE_NAMES[v]
    if not state.tiles:
        return say("{village}, not laid out yet: {contents}", village=name, contents=contents)
    return say(
        "{village}, {value}: {contents}",
        village=name,
        value=value_text(state.tiles[v]),
        contents=contents,
    )


def edge_title(state: State, edge: int, say: Say) -> str:
    """The gap of ``edge`` in words, its hit area's ``<title>``: ``the gap between a1
    and b1``, or ``the shaman stands between a1 and b1`` where it stands."""
    a, b = (VILLAGE_NAMES[v] for v in EDGES[edge])
    if state.shaman == edge:
        return say("the shaman stands between {a} and {b}", a=a, b=b)
    return say("the gap between {a} and {b}", a=a, b=b)


def draw_island(
    root: ET.Element,
    state: State,
    lastaction: Action | None,
    highlight: Sequence[int],
    say: Say,
) -> None:
    """Draw the board half of ``state`` into ``root``, its words said by ``say``, bottom
    layer first: the island and its coordinates, the villages, the highlight overlays,
    the rings of the last action, the totems, a move's arrow, the shaman, the gaps' hit
    areas (with the shaman rule), the legend."""
    add(
        root,
        "rect",
        {
            "class": "island",
            "x": MARGIN,
            "y": MARGIN,
            "width": ISLAND_W,
            "height": ISLAND_W,
            "rx": 22,
            "fill": "#efe0b8",
            "stroke": "#cdb27a",
            "stroke-width": 2,
        },
    )
    _coordinates(root)
    for v in range(9):
        _village(root, state, v, say)
    for v in highlight:
        x, y = corner(v)
        add(
            root,
            "rect",
            {
                "class": f"highlight {VILLAGE_NAMES[v]}",
                "x": x,
                "y": y,
                "width": CELL,
                "height": CELL,
                "rx": 10,
                "fill": HIGHLIGHT,
                "fill-opacity": 0.25,
                "stroke": HIGHLIGHT,
                "stroke-width": 3,
                "stroke-dasharray": "9 5",
                **_THROUGH,
            },
        )
    villages, edge = marked(lastaction, state)
    _last(root, villages, edge)
    for v in range(9):
        _totem(root, state.stacks[v], v)
    if isinstance(lastaction, Move):
        steps = [v for i, v in enumerate(lastaction.path) if i == 0 or v != lastaction.path[i - 1]]
        if len(steps) > 1:
            _arrow(root, [centre(v) for v in steps])
    if state.shaman is not None:
        x, y, w, h = gap(state.shaman)
        _barrier(root, state.shaman)
        figure = shaman(root, x + w / 2, y + h / 2, f"shaman {EDGE_NAMES[state.shaman]}")
        figure.attrib.update(_THROUGH)
    if state.rules.shaman:
        for edge in range(len(EDGES)):
            _edge(root, state, edge, say)
    _legend(root, state.rules.shaman, say)


def _coordinates(root: ET.Element) -> None:
    """File letters above and below the island, rank numbers on both sides."""
    g = add(root, "g", {"class": "coordinates", "font-weight": "bold"})
    far = MARGIN + ISLAND_W
    for i in range(3):
        file_x, _ = centre(i)
        for y in (MARGIN - 12, far + 25):
            text(g, file_x, y, FILES[i], size=16, fill=INK, anchor="middle")
        _, rank_y = centre(3 * i)
        for x in (MARGIN / 2, far + MARGIN / 2):
            text(g, x, rank_y + 6, RANKS[i], size=16, fill=INK, anchor="middle")


def _village(root: ET.Element, state: State, v: int, say: Say) -> None:
    """One village tile, coloured by its value, with the value on a badge and its
    ``<title>`` (after the tile, which a page's style finds as the group's first child)."""
    value = state.tiles[v] if state.tiles else None
    x, y = corner(v)
    name = VILLAGE_NAMES[v]
    g = add(root, "g", {"class": f"village {name}"})
    add(
        g,
        "rect",
        {
            "x": x,
            "y": y,
            "width": CELL,
            "height": CELL,
            "rx": 10,
            "fill": TILE_FILL.get(value, TILE_FILL[None]),
            "stroke": TILE_INK.get(value, TILE_INK[None]),
            "stroke-width": 2,
        },
    )
    ink = TILE_INK.get(value, TILE_INK[None])
    add(
        g,
        "circle",
        {"cx": x + 23, "cy": y + 23, "r": 16, "fill": "#fffaf0", "stroke": ink, "stroke-width": 2},
    )
    text(
        g,
        x + 23,
        y + 29,
        value_text(value),
        size=16,
        fill=ink,
        anchor="middle",
        weight="bold",
        cls="value",
    )
    add(g, "title", {}, village_title(state, v, say))


def _edge(root: ET.Element, state: State, edge: int, say: Say) -> None:
    """The hit area of ``edge``'s gap: a transparent rectangle over the gap, with its
    ``<title>``."""
    x, y, w, h = gap(edge)
    g = add(root, "g", {"class": f"edge {EDGE_NAMES[edge]}"})
    add(
        g,
        "rect",
        {"x": x, "y": y, "width": w, "height": h, "fill": "#ffffff", "fill-opacity": 0},
    )
    add(g, "title", {}, edge_title(state, edge, say))


def _totem(root: ET.Element, stack: tuple[int, ...], v: int) -> None:
    """The tikis on ``v``, bottom to top, centred a little right of the tile's middle."""
    if not stack:
        return
    x, y = corner(v)
    n = len(stack)
    h = min(float(_TIKI_H), (CELL - 22 - (n - 1) * _TIKI_SPACE) / n)
    g = add(root, "g", {"class": f"totem {VILLAGE_NAMES[v]}", **_THROUGH})
    left = x + CELL / 2 + 10 - _TIKI_W / 2
    bottom = y + CELL - 10
    for i, owner in enumerate(stack):
        tiki(g, owner, left, bottom - (i + 1) * h - i * _TIKI_SPACE, _TIKI_W, h)


def _barrier(root: ET.Element, edge: int) -> None:
    """The crossing the shaman closes (TIKI-SHAMAN-3): a dark bar along the gap."""
    x, y, w, h = gap(edge)
    vertical = h > w
    add(
        root,
        "rect",
        {
            "class": f"barrier {EDGE_NAMES[edge]}",
            "x": x + (w - 8) / 2 if vertical else x + 6,
            "y": y + 6 if vertical else y + (h - 8) / 2,
            "width": 8 if vertical else w - 12,
            "height": h - 12 if vertical else 8,
            "rx": 4,
            "fill": "#5a3418",
            "fill-opacity": 0.6,
            **_THROUGH,
        },
    )


def _last(root: ET.Element, villages: tuple[int, ...], edge: int | None) -> None:
    """The marks of the last action under the pieces: a ring round each village, a
    frame round the shaman's gap (a move's arrow is drawn over the pieces)."""
    for v in villages:
        x, y = corner(v)
        add(
            root,
            "rect",
            {
                "class": f"lastaction {VILLAGE_NAMES[v]}",
                "x": x - 4,
                "y": y - 4,
                "width": CELL + 8,
                "height": CELL + 8,
                "rx": 13,
                "fill": "none",
                "stroke": LAST,
                "stroke-width": 5,
                **_THROUGH,
            },
        )
    if edge is not None:
        x, y, w, h = gap(edge)
        add(
            root,
            "rect",
            {
                "class": f"lastaction {EDGE_NAMES[edge]}",
                "x": x + 2,
                "y": y + 2,
                "width": w - 4,
                "height": h - 4,
                "rx": 8,
                "fill": LAST,
                "fill-opacity": 0.5,
                "stroke": LAST,
                "stroke-width": 3,
                **_THROUGH,
            },
        )


def _arrow(root: ET.Element, points: list[tuple[float, float]]) -> None:
    """An arrow through the village centres ``points``, over the pieces: its tip just
    inside the last village, so that the head does not hide the totem that arrived."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head, half = 24.0, 14.0
    short = min(CELL / 2 - 12, length / 2)
    tip = (x1 - ux * short, y1 - uy * short)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    line = [*points[:-1], (base[0] + ux * 2, base[1] + uy * 2)]
    g = add(root, "g", {"class": "lastaction arrow", "opacity": 0.8, **_THROUGH})
    add(
        g,
        "polyline",
        {
            "points": " ".join(f"{num(x)},{num(y)}" for x, y in line),
            "fill": "none",
            "stroke": LAST,
            "stroke-width": 9,
            "stroke-linecap": "round",
            "stroke-linejoin": "round",
        },
    )
    left = (base[0] - uy * half, base[1] + ux * half)
    right = (base[0] + uy * half, base[1] - ux * half)
    add(
        g,
        "polygon",
        {"points": " ".join(f"{num(x)},{num(y)}" for x, y in (tip, left, right)), "fill": LAST},
    )


def _legend(root: ET.Element, with_shaman: bool, say: Say) -> None:
    """Below the island, centred: which colour is which player's, and the shaman if in
    play; each item as wide as its words (estimated, as no font is measured here)."""
    g = add(root, "g", {"class": "legend"})
    y = MARGIN + ISLAND_W + MARGIN + 6
    labels = [say("{player}'s tikis", player=PLAYER_SYMBOLS[p]) for p in PLAYERS]
    widths = [36 + _text_width(label, 13) for label in labels]
    if with_shaman:
        widths.append(24 + _text_width(say("shaman"), 13))
    x = (BOARD_W - sum(widths) - _LEGEND_SPACE * (len(widths) - 1)) / 2
    for p, label, width in zip(PLAYERS, labels, widths, strict=False):
        tiki(g, p, x, y, 30, 16, "key")
        text(g, x + 36, y + 13, label, size=13, fill=INK)
        x += width + _LEGEND_SPACE
    if with_shaman:
        shaman(g, x + 10, y + 8, "shaman-key", scale=0.55)
        text(g, x + 24, y + 13, say("shaman"), size=13, fill=INK)


_LEGEND_SPACE = 22
"""The space between two items of the legend."""


def _text_width(words: str, size: float) -> float:
    """About how wide ``words`` are at ``size`` px in the picture's sans-serif font
    (DejaVu Sans averages a little over half the size for lower-case letters)."""
    return round(0.56 * size * len(words), 1)
