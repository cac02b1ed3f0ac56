"""The board geometry: cells, names, directions, neighbours and borders."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tikalspeed.board import hexgrid as h
from tikalspeed.board import load_manifest
from tikalspeed.board.tiles import Kind

cells = st.sampled_from(h.CELLS)
directions = st.sampled_from(h.DIRECTIONS)


def source_neighbour(c: int, r: int, d: str) -> tuple[int, int]:
    """The neighbour rule of ``docs/sources/tikal-tiles.md`` §2.4, word for word (row 0 on top)."""
    if d == "N":
        return c, r - 1
    if d == "S":
        return c, r + 1
    if c % 2 == 0:
        return {"NE": (c + 1, r - 1), "SE": (c + 1, r), "SW": (c - 1, r), "NW": (c - 1, r - 1)}[d]
    return {"NE": (c + 1, r), "SE": (c + 1, r + 1), "SW": (c - 1, r + 1), "NW": (c - 1, r)}[d]


# --------------------------------------------------------------------------- cells and names


def test_forty_cells_in_eight_columns_and_five_rows() -> None:
    """TIKAL-BOARD-1: 40 cells, a1 = 0 … h5 = 39, index = 8 × row + column."""
    assert len(h.CELLS) == h.CELL_COUNT == 40 == h.COLUMNS * h.ROWS
    assert (h.A1, h.H1, h.A2, h.B2, h.H5) == (0, 7, 8, 9, 39)
    assert h.CELL_NAMES[:9] == ("a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2")
    for cell in h.CELLS:
        assert cell == 8 * h.ROW[cell] + h.COLUMN[cell]
        assert h.cell_at(h.COLUMN[cell], h.ROW[cell]) == cell


@given(cells)
def test_names_round_trip(cell: int) -> None:
    """TIKAL-BOARD-1: every cell name reads back to its cell; column letter, then row."""
    name = h.cell_name(cell)
    assert h.cell_from_name(name) == cell
    assert name == "abcdefgh"[h.COLUMN[cell]] + str(h.ROW[cell] + 1)


@pytest.mark.parametrize("name", ["", "a0", "a6", "i1", "A1", "a10", "1a"])
def test_bad_names(name: str) -> None:
    """TIKAL-BOARD-1: names outside a1–h5 are unknown."""
    with pytest.raises(KeyError):
        h.cell_from_name(name)


@pytest.mark.parametrize("column, row", [(-1, 0), (8, 0), (0, -1), (0, 5)])
def test_off_the_board(column: int, row: int) -> None:
    """TIKAL-BOARD-1: coordinates outside the grid give no cell."""
    assert h.cell_at(column, row) is None
    with pytest.raises(ValueError, match="not on the 8×5 board"):
        h.from_source(column, 4 - row)


@given(cells)
def test_source_coordinates_round_trip(cell: int) -> None:
    """TIKAL-BOARD-1: the digest counts rows from the top; row r of ours is its row 5 − r."""
    c, r = h.to_source(cell)
    assert h.from_source(c, r) == cell
    assert r == 4 - h.ROW[cell]


def test_source_corner() -> None:
    """TIKAL-BOARD-1, TIKAL-BOARD-3: the digest's printed cells (0,4), (0,3), (1,4), (1,3)
    are a1, a2, b1, b2: the base camp is in the lower-left corner."""
    got = [h.cell_name(h.from_source(c, r)) for c, r in ((0, 4), (0, 3), (1, 4), (1, 3))]
    assert got == ["a1", "a2", "b1", "b2"]


# --------------------------------------------------------------------------- directions


def test_directions() -> None:
    """TIKAL-BOARD-2, TIKAL-BOARD-6: six directions, clockwise from N; opposites face."""
    assert h.DIRECTIONS == (h.N, h.NE, h.SE, h.S, h.SW, h.NW) == (0, 1, 2, 3, 4, 5)
    assert [h.direction_name(h.opposite(d)) for d in h.DIRECTIONS] == [
        "S", "SW", "NW", "N", "NE", "SE",
    ]  # fmt: skip
    for d in h.DIRECTIONS:
        assert h.opposite(h.opposite(d)) == d != h.opposite(d)
        assert h.direction_from_name(h.direction_name(d)) == d


@pytest.mark.parametrize("name", h.DIRECTION_NAMES)
def test_neighbour_rule_is_the_digests(name: str) -> None:
    """TIKAL-BOARD-2: every neighbour is the one §2.4 gives, in its coordinates."""
    d = h.direction_from_name(name)
    for cell in h.CELLS:
        c, r = h.to_source(cell)
        nc, nr = source_neighbour(c, r, name)
        want = h.from_source(nc, nr) if 0 <= nc < 8 and 0 <= nr < 5 else None
        assert h.neighbour(cell, d) == want, (h.cell_name(cell), name)


@given(cells, directions)
def test_neighbour_symmetry(cell: int, d: int) -> None:
    """TIKAL-BOARD-2, TIKAL-BOARD-6: stepping over a border and back returns to the cell."""
    n = h.neighbour(cell, d)
    if n is not None:
        assert h.neighbour(n, h.opposite(d)) == cell
        assert h.direction_between(cell, n) == d
        assert h.direction_between(n, cell) == h.opposite(d)
        assert h.is_adjacent(cell, n) and h.is_adjacent(n, cell)


def test_high_and_low_columns() -> None:
    """TIKAL-BOARD-2: from a high column (a) NE goes up a row; from a low one (b) it does not."""
    assert h.neighbour(h.A1, h.NE) == h.B2 and h.neighbour(h.A1, h.SE) == h.B1
    assert h.neighbour(h.B1, h.NE) == h.C1 and h.neighbour(h.B1, h.NW) == h.A1
    assert h.neighbour(h.B2, h.SE) == h.C1 and h.neighbour(h.B2, h.SW) == h.A1


def test_tables_agree() -> None:
    """TIKAL-BOARD-2: ``NEIGHBOURS`` and ``LINKS`` are ``STEP`` without the gaps."""
    for cell in h.CELLS:
        links = tuple((d, n) for d in h.DIRECTIONS if (n := h.neighbour(cell, d)) is not None)
        assert h.LINKS[cell] == links
        assert h.NEIGHBOURS[cell] == tuple(n for _, n in links)
        assert cell not in h.NEIGHBOURS[cell]


def test_the_base_camp_corner_has_three_neighbours() -> None:
    """TIKAL-BOARD-2: a1 has exactly three neighbours, a2 (N), b2 (NE) and b1 (SE); the
    corners a5 and h1 two, h5 three; 18 inner cells have six."""
    assert [(h.direction_name(d), h.cell_name(n)) for d, n in h.LINKS[h.A1]] == [
        ("N", "a2"), ("NE", "b2"), ("SE", "b1"),
    ]  # fmt: skip
    assert len(h.NEIGHBOURS[h.A5]) == len(h.NEIGHBOURS[h.H1]) == 2
    assert len(h.NEIGHBOURS[h.H5]) == 3
    degrees = Counter(len(n) for n in h.NEIGHBOURS)
    assert degrees == {6: 18, 5: 6, 4: 6, 3: 8, 2: 2}


def test_the_clearing_touches_the_base_camp_and_both_temples() -> None:
    """TIKAL-BOARD-3: in the default manifest the clearing b2 touches a1 and both temples,
    which touch the base camp too."""
    board = load_manifest().board
    clearing = next(p for p in board.printed if p.kind is Kind.JUNGLE)
    others = [p.cell for p in board.printed if p is not clearing]
    assert clearing.cell == h.B2
    assert all(h.is_adjacent(clearing.cell, c) for c in others)
    assert set(h.NEIGHBOURS[h.A1]) == {h.A2, h.B1, h.B2}
    assert not h.is_adjacent(h.A2, h.B1)


# --------------------------------------------------------------------------- borders


def test_borders() -> None:
    """TIKAL-BOARD-6: 95 borders, each a (lower, higher) pair of adjacent cells, named by
    them; every adjacent pair has exactly one."""
    assert len(h.BORDERS) == 95 == sum(len(n) for n in h.NEIGHBOURS) // 2
    assert len(set(h.BORDERS)) == 95
    for b, (x, y) in enumerate(h.BORDERS):
        assert x < y and h.is_adjacent(x, y)
        assert h.border_between(x, y) == h.border_between(y, x) == b
        assert h.border_from_name(h.border_name(b)) == b
        assert h.border_from_name(h.cell_name(y) + h.cell_name(x)) == b
    assert h.border_name(h.border_between(h.B2, h.A1)) == "a1b2"


@given(cells, directions)
def test_facing_edges(cell: int, d: int) -> None:
    """TIKAL-BOARD-6: the edge of a cell towards d lies against the neighbour's opposite edge,
    on the border between them."""
    n = h.neighbour(cell, d)
    if n is None:
        return
    b = h.border_between(cell, n)
    assert set(h.BORDERS[b]) == {cell, n}
    assert h.neighbour(n, h.opposite(d)) == cell


def test_not_adjacent() -> None:
    """TIKAL-BOARD-6: cells that share no border have no border and no direction."""
    assert not h.is_adjacent(h.A1, h.C3) and not h.is_adjacent(h.A1, h.A1)
    with pytest.raises(ValueError, match="a1 and c3 are not adjacent"):
        h.direction_between(h.A1, h.C3)
    with pytest.raises(ValueError, match="a1 and a1 are not adjacent"):
        h.border_between(h.A1, h.A1)
    for name in ("a1c3", "a1a1", "a1", "z9a1"):
        with pytest.raises(KeyError):
            h.border_from_name(name)
