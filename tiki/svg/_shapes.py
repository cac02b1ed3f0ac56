"""The pieces of a Tiki picture: numbers, elements, the palette, tikis, the shaman, fruit.

Every element is built with :mod:`xml.etree.ElementTree`; every coordinate goes
through :func:`num`, so a picture holds at most one decimal per number and is the same
text for the same input. Classes name what a shape shows, as ``chess.svg`` does
(``village b2``, ``tiki x``, ``shaman a1b1``), so that a test or a style sheet can find it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping

from ..model.state import PLAYER_SYMBOLS

__all__ = [
    "FONT",
    "INK",
    "MUTED",
    "PLAYER_EDGE",
    "PLAYER_FILL",
    "TILE_FILL",
    "TILE_INK",
    "add",
    "fruit",
    "num",
    "shaman",
    "text",
    "tiki",
    "value_text",
]

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
"""The font of every text (DejaVu Sans is what CairoSVG finds on most systems)."""

INK = "#2b2118"
"""Dark brown-black: the text of the status panel and the coordinates."""
MUTED = "#7a6a55"
"""The labels of the status panel."""

PLAYER_FILL = ("#c0392b", "#1f5fa8")
"""The colour of each player's tikis: x red, o blue (told apart by most colour-blind
eyes too, and each tiki carries its letter)."""
PLAYER_EDGE = ("#6e1a12", "#0d2f5c")
"""The outline of each player's tikis."""

TILE_FILL: dict[int | None, str] = {
    2: "#f3c13a",
    1: "#9fd08a",
    0: "#a9c4cc",
    -1: "#c6a2d6",
    None: "#e4dccb",
}
"""The colour of a village by its value (TIKI-SETUP-2): gold +2, green +1, the grey-blue
marsh 0, the lilac cursed −1; ``None`` before the layout."""
TILE_INK: dict[int | None, str] = {
    2: "#8a6200",
    1: "#2f6b22",
    0: "#3b5f6a",
    -1: "#5e3175",
    None: "#7d705a",
}
"""The darker shade of each village colour: its outline and its value."""

Attrs = Mapping[str, "str | float"]


def num(x: float) -> str:
    """A coordinate as text with at most one decimal: ``12``, ``12.5``, never ``-0``.

    >>> num(12.0), num(12.46), num(-0.04), num(3)
    ('12', '12.5', '0', '3')
    """
    r = round(float(x), 1)
    if r == int(r):
        return str(int(r))
    return f"{r:.1f}"


def add(parent: ET.Element, tag: str, attrs: Attrs, body: str | None = None) -> ET.Element:
    """Append a ``tag`` element to ``parent`` with ``attrs`` (numbers through
    :func:`num`, in the order given) and the text ``body``."""
    element = ET.SubElement(
        parent, tag, {k: v if isinstance(v, str) else num(v) for k, v in attrs.items()}
    )
    if body is not None:
        element.text = body
    return element


def text(
    parent: ET.Element,
    x: float,
    y: float,
    body: str,
    *,
    size: float = 14,
    fill: str = INK,
    anchor: str = "start",
    weight: str = "normal",
    cls: str | None = None,
) -> ET.Element:
    """Append a line of text with its baseline at ``y``."""
    attrs: dict[str, str | float] = {} if cls is None else {"class": cls}
    attrs.update({"x": x, "y": y, "font-size": size, "fill": fill})
    if anchor != "start":
        attrs["text-anchor"] = anchor
    if weight != "normal":
        attrs["font-weight"] = weight
    return add(parent, "text", attrs, body)


def value_text(value: int | None) -> str:
    """A village value as printed on its tile: ``+2``, ``+1``, ``0``, ``−1``; ``?``
    before the layout.

    >>> [value_text(v) for v in (2, 1, 0, -1, None)]
    ['+2', '+1', '0', '−1', '?']
    """
    if value is None:
        return "?"
    return {2: "+2", 1: "+1", 0: "0", -1: "−1"}.get(value, str(value))


def tiki(
    parent: ET.Element,
    owner: int,
    x: float,
    y: float,
    w: float,
    h: float,
    kind: str = "tiki",
) -> ET.Element:
    """Append one tiki of ``owner`` (``X`` or ``O``): a carved block in the player's
    colour, top-left corner ``(x, y)``, with the player's letter on it. ``kind`` is its
    class: ``tiki`` on the board, ``key`` in a legend."""
    symbol = PLAYER_SYMBOLS[owner]
    g = add(parent, "g", {"class": f"{kind} {symbol}"})
    add(
        g,
        "rect",
        {
            "x": x,
            "y": y,
            "width": w,
            "height": h,
            "rx": min(5.0, h / 4),
            "fill": PLAYER_FILL[owner],
            "stroke": PLAYER_EDGE[owner],
            "stroke-width": 1.5,
        },
    )
    add(  # the lit top of the block
        g,
        "rect",
        {
            "x": x + 4,
            "y": y + 2,
            "width": w - 8,
            "height": h / 7,
            "rx": h / 14,
            "fill": "#ffffff",
            "fill-opacity": 0.3,
        },
    )
    text(
        g,
        x + w / 2,
        y + h * 0.76,
        symbol,
        size=h * 0.8,
        fill="#ffffff",
        anchor="middle",
        weight="bold",
    )
    return g


def shaman(parent: ET.Element, cx: float, cy: float, cls: str, scale: float = 1.0) -> ET.Element:
    """Append the shaman figure centred on ``(cx, cy)``: a robed figure with a feathered
    head-dress on a pale disc, ``scale`` times its board size."""
    g = add(parent, "g", {"class": cls})
    s = scale

    def pt(dx: float, dy: float) -> str:
        return f"{num(cx + dx * s)},{num(cy + dy * s)}"

    add(
        g,
        "circle",
        {
            "cx": cx,
            "cy": cy,
            "r": 17 * s,
            "fill": "#fff8e6",
            "stroke": "#5a3418",
            "stroke-width": 1.5 * s,
        },
    )
    add(  # the head-dress
        g,
        "path",
        {
            "d": f"M {pt(-7, -9)} L {pt(-8, -17)} L {pt(-3, -11)} L {pt(0, -19)} "
            f"L {pt(3, -11)} L {pt(8, -17)} L {pt(7, -9)} Z",
            "fill": "#2e8b3a",
            "stroke": "#1b4d22",
            "stroke-width": 0.8 * s,
        },
    )
    add(  # the robe
        g,
        "path",
        {
            "d": f"M {pt(-10, 13)} L {pt(-4, -2)} L {pt(4, -2)} L {pt(10, 13)} Z",
            "fill": "#7a4522",
            "stroke": "#3d200c",
            "stroke-width": 0.8 * s,
        },
    )
    add(
        g,
        "circle",
        {
            "cx": cx,
            "cy": cy - 5 * s,
            "r": 5 * s,
            "fill": "#b07a4f",
            "stroke": "#3d200c",
            "stroke-width": 0.8 * s,
        },
    )
    return g


def fruit(parent: ET.Element, cx: float, cy: float, *, spoiled: bool, cls: str) -> ET.Element:
    """Append one fruit (a pineapple, TIKI-SETUP-4) centred on ``(cx, cy)``; a spoiled one
    is turned to its rotten, brown side."""
    body, edge, crown = (
        ("#8c6d4f", "#4e3a26", "#6e6a55") if spoiled else ("#f2a516", "#99610a", "#3f8f2f")
    )
    g = add(parent, "g", {"class": cls})
    add(
        g,
        "path",
        {
            "d": f"M {num(cx - 4)},{num(cy - 4)} L {num(cx - 2)},{num(cy - 10)} "
            f"L {num(cx)},{num(cy - 5)} L {num(cx + 2)},{num(cy - 10)} "
            f"L {num(cx + 4)},{num(cy - 4)} Z",
            "fill": crown,
        },
    )
    add(
        g,
        "ellipse",
        {
            "cx": cx,
            "cy": cy + 1.5,
            "rx": 4.5,
            "ry": 6,
            "fill": body,
            "stroke": edge,
            "stroke-width": 1,
        },
    )
    return g
