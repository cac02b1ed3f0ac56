"""The board geometry: 40 flat-topped hexes in 8 columns and 5 rows (TIKAL-BOARD-1).

Cells are ``int`` indices 0–39, named like a chess board: columns ``a``–``h`` from
left to right, rows ``1``–``5`` from bottom to top, with the board turned so that the
printed base camp is in the lower-left corner (cell ``a1``). The index is
``8 * (row - 1) + column``, so ``a1`` is 0, ``h1`` is 7, ``a2`` is 8 and ``h5`` is 39.
Module constants ``A1`` … ``H5`` hold the indices.

The hexes are flat-topped, so every cell has an edge in each of six directions,
clockwise from the top: ``N``, ``NE``, ``SE``, ``S``, ``SW``, ``NW`` (ints 0–5). The
columns ``a``, ``c``, ``e`` and ``g`` sit half a hex higher than ``b``, ``d``, ``f``
and ``h`` (TIKAL-BOARD-2).

A *border* is the side two adjacent cells share: the edge of one cell in direction
``d`` lies against the edge of the other in ``opposite(d)`` (TIKAL-BOARD-6). Borders
are ``int`` indices, named by their two cells, lower index first (``a1a2``).

Every table is computed once at import; the functions are lookups.

>>> cell_name(A1), cell_from_name("b2") == B2
('a1', True)
>>> cell_name(neighbour(A1, NE)), neighbour(A1, SW) is None
('b2', True)
>>> [cell_name(c) for c in NEIGHBOURS[A1]]
['a2', 'b2', 'b1']
>>> DIRECTION_NAMES[opposite(NE)], DIRECTION_NAMES[direction_between(B2, A1)]
('SW', 'SW')
>>> border_name(border_between(B2, A1))
'a1b2'
"""

from __future__ import annotations

from typing import TypeAlias

Cell: TypeAlias = int
"""A cell index, 0–39 (``a1`` … ``h5``)."""

Direction: TypeAlias = int
"""A direction (and a hex edge), 0–5: ``N``, ``NE``, ``SE``, ``S``, ``SW``, ``NW``."""

Border: TypeAlias = int
"""A border index: the side shared by two adjacent cells."""

COLUMNS = 8
"""Columns of the board, ``a``–``h`` (TIKAL-BOARD-1)."""

ROWS = 5
"""Rows of the board, ``1``–``5`` from the bottom (TIKAL-BOARD-1)."""

CELL_COUNT = COLUMNS * ROWS
"""40 cells: 4 printed hexes and 36 open spaces (TIKAL-BOARD-1, TIKAL-BOARD-5)."""

COLUMN_NAMES = "abcdefgh"
ROW_NAMES = "12345"

# fmt: off
A1, B1, C1, D1, E1, F1, G1, H1 = range(0, 8)
A2, B2, C2, D2, E2, F2, G2, H2 = range(8, 16)
A3, B3, C3, D3, E3, F3, G3, H3 = range(16, 24)
A4, B4, C4, D4, E4, F4, G4, H4 = range(24, 32)
A5, B5, C5, D5, E5, F5, G5, H5 = range(32, 40)
# fmt: on

CELLS: tuple[Cell, ...] = tuple(range(CELL_COUNT))
"""Every cell, in index order."""

N, NE, SE, S, SW, NW = range(6)
DIRECTIONS: tuple[Direction, ...] = (N, NE, SE, S, SW, NW)
"""The six directions, clockwise from ``N``; a tile's stones are listed in this order."""

DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
_DIRECTION_BY_NAME = {name: d for d, name in enumerate(DIRECTION_NAMES)}

OPPOSITE: tuple[Direction, ...] = tuple((d + 3) % 6 for d in DIRECTIONS)
"""``OPPOSITE[d]``: the direction facing ``d`` across a border (TIKAL-BOARD-6)."""

COLUMN: tuple[int, ...] = tuple(c % COLUMNS for c in CELLS)
"""``COLUMN[cell]``: 0–7 for ``a``–``h``."""

ROW: tuple[int, ...] = tuple(c // COLUMNS for c in CELLS)
"""``ROW[cell]``: 0–4 for rows ``1``–``5`` (0 is the bottom row, the base camp's)."""

CELL_NAMES: tuple[str, ...] = tuple(COLUMN_NAMES[COLUMN[c]] + ROW_NAMES[ROW[c]] for c in CELLS)
_CELL_BY_NAME = {name: c for c, name in enumerate(CELL_NAMES)}


def cell_at(column: int, row: int) -> Cell | None:
    """Return the cell in ``column`` 0–7 and ``row`` 0–4 (from the bottom), or ``None``.

    >>> cell_at(1, 1) == B2, cell_at(8, 0)
    (True, None)
    """
    if 0 <= column < COLUMNS and 0 <= row < ROWS:
        return row * COLUMNS + column
    return None


def from_source(column: int, row: int) -> Cell:
    """Return the cell at ``(column, row)`` in the digest's coordinates
    (``docs/sources/tikal-tiles.md`` §2.4), where row 0 is the *top* row and the base
    camp is ``(0, 4)``.

    >>> cell_name(from_source(0, 4)), cell_name(from_source(1, 3))
    ('a1', 'b2')
    """
    cell = cell_at(column, ROWS - 1 - row)
    if cell is None:
        raise ValueError(f"({column}, {row}) is not on the {COLUMNS}×{ROWS} board")
    return cell


def to_source(cell: Cell) -> tuple[int, int]:
    """Return ``cell`` in the digest's ``(column, row)`` coordinates (row 0 on top).

    >>> to_source(A1), to_source(H5)
    ((0, 4), (7, 0))
    """
    return COLUMN[cell], ROWS - 1 - ROW[cell]


def _step(cell: Cell, direction: Direction) -> Cell | None:
    """The neighbour rule of ``docs/sources/tikal-tiles.md`` §2.4, rows counted from below."""
    c, r = COLUMN[cell], ROW[cell]
    high = c % 2 == 0  # columns a, c, e, g sit half a hex higher
    dc, dr = {
        N: (0, 1),
        S: (0, -1),
        NE: (1, 1) if high else (1, 0),
        SE: (1, 0) if high else (1, -1),
        SW: (-1, 0) if high else (-1, -1),
        NW: (-1, 1) if high else (-1, 0),
    }[direction]
    return cell_at(c + dc, r + dr)


STEP: tuple[tuple[Cell | None, ...], ...] = tuple(
    tuple(_step(c, d) for d in DIRECTIONS) for c in CELLS
)
"""``STEP[cell][direction]``: the adjacent cell that way, or ``None`` off the board."""

NEIGHBOURS: tuple[tuple[Cell, ...], ...] = tuple(
    tuple(n for n in STEP[c] if n is not None) for c in CELLS
)
"""``NEIGHBOURS[cell]``: the adjacent cells, in direction order (``N`` first)."""

LINKS: tuple[tuple[tuple[Direction, Cell], ...], ...] = tuple(
    tuple((d, n) for d, n in enumerate(STEP[c]) if n is not None) for c in CELLS
)
"""``LINKS[cell]``: ``(direction, neighbour)`` pairs, in direction order: what a path
search needs to read the stones on both sides of each border."""

_DIRECTION_BETWEEN = {(c, n): d for c in CELLS for d, n in LINKS[c]}

BORDERS: tuple[tuple[Cell, Cell], ...] = tuple(
    (c, n) for c in CELLS for n in sorted(NEIGHBOURS[c]) if c < n
)
"""Every border as a ``(lower, higher)`` pair of cells, in index order."""

BORDER_NAMES: tuple[str, ...] = tuple(CELL_NAMES[a] + CELL_NAMES[b] for a, b in BORDERS)
_BORDER_BY_PAIR = {pair: b for b, pair in enumerate(BORDERS)}
_BORDER_BY_NAME = {name: b for b, name in enumerate(BORDER_NAMES)}


def cell_name(cell: Cell) -> str:
    """Return the name of ``cell`` (``0`` → ``'a1'``, ``39`` → ``'h5'``)."""
    return CELL_NAMES[cell]


def cell_from_name(name: str) -> Cell:
    """Return the cell named ``name`` (``'b2'`` → ``9``); raise ``KeyError`` if unknown."""
    return _CELL_BY_NAME[name]


def direction_name(direction: Direction) -> str:
    """Return the name of ``direction`` (``1`` → ``'NE'``)."""
    return DIRECTION_NAMES[direction]


def direction_from_name(name: str) -> Direction:
    """Return the direction named ``name`` (``'SW'`` → ``4``); raise ``KeyError`` if unknown."""
    return _DIRECTION_BY_NAME[name]


def opposite(direction: Direction) -> Direction:
    """Return the direction facing ``direction`` across a border (``N`` ↔ ``S``)."""
    return OPPOSITE[direction]


def neighbour(cell: Cell, direction: Direction) -> Cell | None:
    """Return the cell next to ``cell`` towards ``direction``, or ``None`` off the board.

    >>> cell_name(neighbour(B2, N)), cell_name(neighbour(B2, SW))
    ('b3', 'a1')
    """
    return STEP[cell][direction]


def is_adjacent(a: Cell, b: Cell) -> bool:
    """Return whether cells ``a`` and ``b`` share a border."""
    return (a, b) in _DIRECTION_BETWEEN


def direction_between(a: Cell, b: Cell) -> Direction:
    """Return the direction from ``a`` to the adjacent cell ``b``: the edge of ``a`` that
    lies on their border (``b``'s edge there is the opposite one).

    >>> direction_name(direction_between(A1, A2))
    'N'
    >>> direction_between(A1, C3)
    Traceback (most recent call last):
    ...
    ValueError: a1 and c3 are not adjacent
    """
    try:
        return _DIRECTION_BETWEEN[(a, b)]
    except KeyError:
        raise ValueError(f"{cell_name(a)} and {cell_name(b)} are not adjacent") from None


def border_between(a: Cell, b: Cell) -> Border:
    """Return the border between adjacent cells ``a`` and ``b`` (either order)."""
    try:
        return _BORDER_BY_PAIR[(a, b) if a < b else (b, a)]
    except KeyError:
        raise ValueError(f"{cell_name(a)} and {cell_name(b)} are not adjacent") from None


def border_name(border: Border) -> str:
    """Return the name of ``border``: its two cells, lower index first (``'a1a2'``)."""
    return BORDER_NAMES[border]


def border_from_name(name: str) -> Border:
    """Return the border named ``name`` (either cell first); raise ``KeyError`` if unknown.

    >>> border_from_name("b2a1") == border_from_name("a1b2")
    True
    """
    if name in _BORDER_BY_NAME:
        return _BORDER_BY_NAME[name]
    if len(name) == 4:
        a, b = cell_from_name(name[:2]), cell_from_name(name[2:])
        if is_adjacent(a, b):
            return border_between(a, b)
    raise KeyError(name)
