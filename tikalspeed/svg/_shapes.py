"""The geometry and the small shapes of the Tikal pictures: hexes, stones, chips.

Hexes are flat-topped with circumradius :data:`R` at the picture's natural size; the
columns ``a``, ``c``, ``e`` and ``g`` stand half a hex higher than the others
(TIKAL-BOARD-2). The edge ``d`` (``N`` = 0 … ``NW`` = 5, clockwise) runs from the
corner ``d`` to the corner ``d + 1``, corners counted clockwise from the upper left.
Every number written is rounded to one decimal, so that a picture is the same text
wherever it is drawn.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from gamekit.i18n import Say

from ..board.hexgrid import COLUMNS, ROWS
from ..board.tiles import Kind, Tile

__all__ = [
    "COLOURS",
    "FILLS",
    "H",
    "R",
    "centre",
    "chip",
    "corners",
    "element",
    "hexagon",
    "num",
    "stones",
    "text",
    "tile_face",
    "tile_shows",
    "turned",
]

R = 40.0
"""A hex's circumradius at the natural size, in SVG units."""

H = math.sqrt(3) * R
"""A hex's height (flat top to flat bottom)."""

MARGIN = 22.0
"""Room around the board for the column letters and row numbers."""

BOARD_WIDTH = 2 * MARGIN + R * (1.5 * (COLUMNS - 1) + 2)
BOARD_HEIGHT = 2 * MARGIN + H * (ROWS + 0.5)

COLOURS = ("#d1342f", "#2a62c9", "#e3a712", "#7d3ba8")
"""The players' colours, P1 to P4: red, blue, yellow, purple."""

FILLS = {
    None: "#ece6d3",
    Kind.BASE_CAMP: "#d9b98c",
    Kind.JUNGLE: "#7fb069",
    Kind.TEMPLE: "#a9b3a0",
    Kind.TREASURE: "#c9b26b",
    Kind.VOLCANO: "#7a2e22",
}
"""The fill of a hex by what it shows (``None``: unexplored)."""

INK = "#2b2b2b"
STONE = "#8c8c8c"


def num(x: float) -> str:
    """``x`` with at most one decimal, without a trailing ``.0``."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text.replace("-0.0", "0")


def element(parent: ET.Element, tag: str, **attributes: object) -> ET.Element:
    """Append a ``tag`` element to ``parent``; ``stroke_width`` is written ``stroke-width``,
    and floats with :func:`num`."""
    attrib = {
        key.rstrip("_").replace("_", "-"): num(v) if isinstance(v, float) else str(v)
        for key, v in attributes.items()
    }
    return ET.SubElement(parent, tag, attrib)


def text(
    parent: ET.Element, x: float, y: float, content: str, size: float = 11.0, **style: object
) -> ET.Element:
    """Write ``content`` centred on ``(x, y)`` (unless ``text_anchor`` says otherwise)."""
    style.setdefault("text_anchor", "middle")
    style.setdefault("fill", INK)
    node = element(
        parent, "text", x=x, y=y + size * 0.35, font_size=size, font_family="sans-serif", **style
    )
    node.text = content
    return node


def centre(column: int, row: int) -> tuple[float, float]:
    """The centre of the hex in ``column`` (0 = ``a``) and ``row`` (0 = row 1)."""
    x = MARGIN + R + 1.5 * R * column
    y = MARGIN + H / 2 + (ROWS - 1 - row) * H + (column % 2) * H / 2
    return x, y


def corners(x: float, y: float, radius: float = R) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex centred on ``(x, y)``, clockwise from the
    upper left one (so the edge ``d`` runs from corner ``d`` to corner ``d + 1``)."""
    out = []
    for k in range(6):
        angle = math.radians(240 + 60 * k)
        out.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return out


def hexagon(parent: ET.Element, x: float, y: float, radius: float = R, **style: object) -> None:
    """Draw a hex centred on ``(x, y)``."""
    points = " ".join(f"{num(px)},{num(py)}" for px, py in corners(x, y, radius))
    element(parent, "polygon", points=points, **style)


def stones(
    parent: ET.Element, x: float, y: float, counts: tuple[int, ...], radius: float = R
) -> None:
    """Draw the stones on each edge of the hex at ``(x, y)``: 0–3 grey dots along the
    edge ``d`` for ``counts[d]`` (TIKAL-TILE-5); the cost to cross a border is the
    stones on both of its sides (TIKAL-MOVE-1)."""
    for d, n in enumerate(counts):
        if not n:
            continue
        angle = math.radians(270 + 60 * d)
        nx, ny = math.cos(angle), math.sin(angle)
        tx, ty = -ny, nx
        depth = 0.76 * radius
        for i in range(n):
            offset = (i - (n - 1) / 2) * 0.21 * radius
            element(
                parent,
                "circle",
                cx=x + nx * depth + tx * offset,
                cy=y + ny * depth + ty * offset,
                r=0.075 * radius,
                fill=STONE,
                stroke=INK,
                stroke_width=0.6,
                class_="stone",
            )


def chip(parent: ET.Element, x: float, y: float, player: int, label: str) -> None:
    """A player's pieces: a pill in his colour with ``label`` (``3``, ``L``, ``L3``)."""
    width = 7.0 + 6.5 * len(label)
    element(
        parent,
        "rect",
        x=x - width / 2,
        y=y - 7.0,
        width=width,
        height=14.0,
        rx=7.0,
        fill=COLOURS[player],
        stroke="#ffffff",
        stroke_width=1.2,
        class_=f"pieces p{player + 1}",
    )
    text(parent, x, y, label, 10.0, fill="#ffffff", font_weight="bold")


def tile_shows(tile: Tile, say: Say) -> str:
    """What ``tile`` shows, in words: ``ruin, 4 treasures``, ``temple 2``, ``jungle``."""
    if tile.kind is Kind.TEMPLE:
        return say("temple {level}", level=tile.value)
    if tile.kind is Kind.TREASURE:
        return say.plural("ruin, {count} treasure", "ruin, {count} treasures", tile.masks)
    if tile.kind is Kind.JUNGLE:
        return say("jungle")
    return say("volcano")


def turned(rotation: int, say: Say) -> str:
    """How far a tile is turned, in words: ``not turned``, ``turned twice``."""
    if rotation == 0:
        return say("not turned")
    if rotation == 1:
        return say("turned once")
    if rotation == 2:
        return say("turned twice")
    return say("turned {count} times", count=rotation)


def tile_face(
    parent: ET.Element,
    tile: Tile,
    rotation: int,
    x: float,
    y: float,
    radius: float = R,
    word: str = "",
) -> None:
    """Draw ``tile`` after ``rotation`` clockwise turns as a hex centred on ``(x, y)``:
    its terrain, its stones where the turns put them (TIKAL-TILE-6), a temple's value
    in a grey block, a ruin's treasures in a gold disc, and ``word`` (a jungle's or a
    volcano's name, if given) where a temple's block would be."""
    k = radius / R
    hexagon(parent, x, y, radius, fill=FILLS[tile.kind], stroke="#6b6253", stroke_width=1.0)
    stones(parent, x, y, tile.oriented(rotation), radius)
    top = y - 8 * k
    if tile.kind is Kind.TEMPLE:
        element(parent, "rect", x=x - 10 * k, y=top - 9 * k, width=20 * k, height=18 * k,
                rx=2 * k, fill="#5f6b5a", class_="temple")  # fmt: skip
        text(parent, x, top, str(tile.value), 12 * k, fill="#ffffff", font_weight="bold")
    elif tile.kind is Kind.TREASURE:
        element(parent, "circle", cx=x, cy=top, r=9 * k, fill="#f2c230", class_="ruin")
        text(parent, x, top, str(tile.masks), 11 * k, font_weight="bold")
    elif word:
        light = tile.kind is Kind.VOLCANO
        text(parent, x, top, word, 9 * k, font_weight="bold", fill="#ffd7c2" if light else INK)
