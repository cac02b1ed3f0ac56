"""The board of a Tikal picture: hexes, what lies on them, pieces, marks.

Each explored hex shows its terrain (colour), its stones, what it holds (a temple's
level in a grey block, a ruin's treasures still face down in a gold disc, the base
camp, a volcano), a camp as a tent and a guard as a shield in the owner's colour, and
one chip per player with pieces there. An unexplored space is pale, with its name.
Every cell's group (``<g class="cell a1">``) has a ``<title>`` that says its name and
what lies there in words, for a screen reader: ``d1: temple 2; P1: 2 workers, leader``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from gamekit.i18n import Say

from ..board.hexgrid import CELL_NAMES, COLUMN_NAMES, COLUMNS, ROWS
from ..board.terrain import terrain
from ..board.tiles import Kind
from ..model.actions import (
    Action,
    BuildCamp,
    CampMove,
    Enter,
    Guard,
    Move,
    PlaceTile,
    TakeTreasure,
    Uncover,
    player_name,
)
from ..model.state import EMPTY, State
from ._shapes import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    COLOURS,
    FILLS,
    INK,
    MARGIN,
    R,
    centre,
    chip,
    element,
    hexagon,
    stones,
    text,
)

__all__ = ["cell_words", "draw_board", "marked_cells"]

_MARK = "#ff8c00"
"""The colour of the last action's marks."""


def _cell_centre(cell: int) -> tuple[float, float]:
    return centre(cell % COLUMNS, cell // COLUMNS)


def marked_cells(action: Action | None) -> tuple[int, ...]:
    """The cells the picture rings for ``action``: where a tile went, a piece entered,
    a temple rose, a treasure was taken, a camp was built, a guard was set; a move's
    two ends (the arrow is drawn too)."""
    if isinstance(action, (Move, CampMove)):
        return (action.origin, action.destination)
    if isinstance(action, (PlaceTile, Enter, Uncover, TakeTreasure, BuildCamp, Guard)):
        return (action.cell,)
    return ()


def _tent(parent: ET.Element, x: float, y: float, player: int) -> None:
    points = f"{x - 8:.1f},{y + 6:.1f} {x:.1f},{y - 7:.1f} {x + 8:.1f},{y + 6:.1f}"
    element(
        parent,
        "polygon",
        points=points,
        fill=COLOURS[player],
        stroke="#ffffff",
        stroke_width=1.2,
        class_=f"camp p{player + 1}",
    )


def _shield(parent: ET.Element, x: float, y: float, player: int) -> None:
    path = (
        f"M{x - 7:.1f},{y - 7:.1f} L{x + 7:.1f},{y - 7:.1f} L{x + 7:.1f},{y:.1f} "
        f"Q{x + 7:.1f},{y + 6:.1f} {x:.1f},{y + 9:.1f} "
        f"Q{x - 7:.1f},{y + 6:.1f} {x - 7:.1f},{y:.1f} Z"
    )
    element(
        parent,
        "path",
        d=path,
        fill=COLOURS[player],
        stroke="#ffffff",
        stroke_width=1.2,
        class_=f"guard p{player + 1}",
    )
    text(parent, x, y - 0.5, "G", 8.0, fill="#ffffff", font_weight="bold")


def _feature(
    parent: ET.Element, state: State, cell: int, kind: Kind, x: float, y: float, say: Say
) -> None:
    """What the hex holds, drawn around ``(x, y - 5)``; a volcano's name a little lower,
    clear of the cell's name."""
    top = y - 5
    if kind is Kind.TEMPLE:
        element(
            parent,
            "rect",
            x=x - 10.0,
            y=top - 9.0,
            width=20.0,
            height=18.0,
            rx=2.0,
            fill="#5f6b5a",
            stroke=INK,
            stroke_width=0.8,
            class_="temple",
        )
        text(parent, x, top, str(state.temples[cell]), 12.0, fill="#ffffff", font_weight="bold")
        if state.guards[cell] != EMPTY:
            _shield(parent, x + 19, top, state.guards[cell])
    elif kind is Kind.TREASURE:
        element(
            parent,
            "circle",
            cx=x,
            cy=top,
            r=9.0,
            fill="#f2c230",
            stroke=INK,
            stroke_width=0.8,
            class_="ruin",
        )
        text(parent, x, top, str(state.ruins[cell]), 11.0, font_weight="bold")
    elif kind is Kind.BASE_CAMP:
        text(parent, x, top, say("base camp"), 9.0, font_weight="bold")
    elif kind is Kind.VOLCANO:
        text(parent, x, y, say("volcano"), 9.0, fill="#ffd7c2", font_weight="bold")
    if state.camps[cell] != EMPTY:
        _tent(parent, x - 19, top, state.camps[cell])


def _pieces(parent: ET.Element, state: State, cell: int, x: float, y: float) -> None:
    """One chip per player with pieces on ``cell``: ``L`` the leader, digits the workers."""
    entries = []
    for p in range(state.players):
        workers, leader = state.workers[p][cell], state.leaders[p] == cell
        if workers or leader:
            entries.append((p, ("L" if leader else "") + (str(workers) if workers else "")))
    rows = [entries] if len(entries) <= 2 else [entries[:2], entries[2:]]
    for r, row in enumerate(rows):
        widths = [7.0 + 6.5 * len(label) for _, label in row]
        left = x - (sum(widths) + 3.0 * (len(row) - 1)) / 2
        for (p, label), w in zip(row, widths, strict=True):
            chip(parent, left + w / 2, y + 15 + 15 * r - (7 if len(rows) == 2 else 0), p, label)
            left += w + 3.0


def _arrow(parent: ET.Element, origin: int, destination: int) -> None:
    (x1, y1), (x2, y2) = _cell_centre(origin), _cell_centre(destination)
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5
    trim = 0.3 * R / length
    element(
        parent,
        "line",
        x1=x1 + dx * trim,
        y1=y1 + dy * trim,
        x2=x2 - dx * trim,
        y2=y2 - dy * trim,
        stroke=_MARK,
        stroke_width=4.0,
        stroke_linecap="round",
        marker_end="url(#arrowhead)",
        class_="lastmove",
    )


def _arrowhead(parent: ET.Element) -> None:
    defs = element(parent, "defs")
    marker = element(
        defs,
        "marker",
        id="arrowhead",
        viewBox="0 0 10 10",
        refX=5,
        refY=5,
        markerWidth=3,
        markerHeight=3,
        orient="auto",
    )
    element(marker, "path", d="M0,0 L10,5 L0,10 Z", fill=_MARK)


def cell_words(state: State, cell: int, say: Say) -> str:
    """What lies on ``cell``, in words: ``d1: temple 2; P1: 2 workers, leader``."""
    kind = terrain(state.rules.manifest).kind(state.placed, cell)
    if state.placed[cell] == EMPTY or kind is None:
        parts = [say("not explored yet")]
    elif kind is Kind.TEMPLE:
        parts = [say("temple {level}", level=state.temples[cell])]
    elif kind is Kind.TREASURE:
        parts = [say.plural("ruin, {count} treasure left", "ruin, {count} treasures left",
                            state.ruins[cell])]  # fmt: skip
    elif kind is Kind.BASE_CAMP:
        parts = [say("base camp")]
    elif kind is Kind.VOLCANO:
        parts = [say("volcano")]
    else:
        parts = [say("jungle")]
    if state.guards[cell] != EMPTY:
        parts.append(say("guard of {player}", player=player_name(state.guards[cell])))
    if state.camps[cell] != EMPTY:
        parts.append(say("camp of {player}", player=player_name(state.camps[cell])))
    for p in range(state.players):
        workers, who = state.workers[p][cell], player_name(p)
        if state.leaders[p] == cell and workers:
            parts.append(say.plural("{player}: {count} worker, leader",
                                    "{player}: {count} workers, leader",
                                    workers, player=who))  # fmt: skip
        elif state.leaders[p] == cell:
            parts.append(say("{player}: leader", player=who))
        elif workers:
            parts.append(say.plural("{player}: {count} worker", "{player}: {count} workers",
                                    workers, player=who))  # fmt: skip
    return f"{CELL_NAMES[cell]}: " + "; ".join(parts)


def draw_board(
    root: ET.Element,
    state: State,
    lastaction: Action | None,
    highlight: Iterable[int],
    say: Say,
) -> None:
    """Draw the board of ``state`` into ``root`` (its top left at ``(0, 0)``), its
    words in ``say``'s language."""
    t = terrain(state.rules.manifest)
    element(root, "rect", x=0, y=0, width=BOARD_WIDTH, height=BOARD_HEIGHT, fill="#f7f3e8")
    marks = marked_cells(lastaction)
    if isinstance(lastaction, (Move, CampMove)):
        _arrowhead(root)
    for cell in range(COLUMNS * ROWS):
        x, y = _cell_centre(cell)
        kind = t.kind(state.placed, cell)
        group = element(root, "g", class_=f"cell {CELL_NAMES[cell]}")
        element(group, "title").text = cell_words(state, cell, say)
        explored = state.placed[cell] != EMPTY
        if explored:
            hexagon(group, x, y, fill=FILLS[kind], stroke="#6b6253", stroke_width=1.0)
        else:
            hexagon(group, x, y, fill=FILLS[kind], stroke="#9a927f", stroke_dasharray="3 3")
        name_ink = "#9a927f"
        if explored:  # light on the dark volcano, where grey would not be read
            name_ink = "#ffd7c2" if kind is Kind.VOLCANO else "#4a4a4a"
        text(group, x, y - 0.52 * R, CELL_NAMES[cell], 8.0, fill=name_ink)
        if kind is None:
            continue
        stones(group, x, y, t.stones(state.placed, cell))
        _feature(group, state, cell, kind, x, y, say)
        _pieces(group, state, cell, x, y)
    for cell in sorted(set(highlight)):
        x, y = _cell_centre(cell)
        hexagon(
            root,
            x,
            y,
            R - 2,
            fill="#5bc0eb",
            fill_opacity=0.45,
            stroke="#1f8fc2",
            stroke_width=2.0,
            class_="highlight",
        )
    for cell in marks:
        x, y = _cell_centre(cell)
        hexagon(
            root, x, y, R - 2.5, fill="none", stroke=_MARK, stroke_width=3.5, class_="lastaction"
        )
    if isinstance(lastaction, (Move, CampMove)):
        _arrow(root, lastaction.origin, lastaction.destination)
    for column in range(COLUMNS):
        x, _ = centre(column, 0)
        text(root, x, MARGIN / 2, COLUMN_NAMES[column], 12.0, font_weight="bold")
        text(root, x, BOARD_HEIGHT - MARGIN / 2, COLUMN_NAMES[column], 12.0, font_weight="bold")
    for row in range(ROWS):
        _, y = centre(0, row)
        text(root, MARGIN / 2, y, str(row + 1), 12.0, font_weight="bold")
        _, y = centre(COLUMNS - 1, row)
        text(root, BOARD_WIDTH - MARGIN / 2, y, str(row + 1), 12.0, font_weight="bold")
