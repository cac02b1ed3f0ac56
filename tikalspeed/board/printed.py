"""The printed board: the four hexes printed as explored, on the board's grid
(TIKAL-BOARD-1..5).

>>> from tikalspeed.board import load_manifest
>>> [p.id for p in load_manifest().board.printed]
['base_camp', 'temple_a2', 'temple_b1', 'clearing']
"""

from __future__ import annotations

from collections import Counter

import attrs

from ..bounds import shown
from . import hexgrid
from .hexgrid import Cell
from .tiles import (
    PRINTED_KINDS,
    PRINTED_TEMPLE_VALUE,
    Kind,
    Stones,
    _check_id,
    _check_stones,
    _fail,
    _is_int,
    _kind_converter,
    _list_to_tuple,
)

__all__ = ["Board", "PrintedHex"]


@attrs.frozen(cache_hash=True)
class PrintedHex:
    """A hex printed on the board as already explored (TIKAL-BOARD-3).

    ``stones`` are per absolute direction: a printed hex never turns (TIKAL-BOARD-4).

    >>> PrintedHex("camp", hexgrid.A1, Kind.BASE_CAMP, stones=(1, 1, 1, 0, 0, 0)).value
    0
    """

    id: str
    """Our id, e.g. ``'base_camp'``."""
    cell: Cell
    """Where it is printed."""
    kind: Kind = attrs.field(converter=_kind_converter)
    """Base camp, temple (value 1) or jungle (the clearing)."""
    value: int = 0
    """A printed temple's value (1); 0 for the base camp and the clearing."""
    stones: Stones = attrs.field(default=(0, 0, 0, 0, 0, 0), converter=_list_to_tuple)
    """Stones on the edges ``N, NE, SE, S, SW, NW``."""

    def __attrs_post_init__(self) -> None:
        _check_id("printed hex", self.id)
        who = f"printed hex {self.id}"
        if not _is_int(self.cell) or not 0 <= self.cell < hexgrid.CELL_COUNT:
            raise _fail(
                who, f"cell must be one of the 40 cells, got {shown(self.cell)}", "TIKAL-BOARD-1"
            )
        if not isinstance(self.kind, Kind) or self.kind not in PRINTED_KINDS:
            kinds = ", ".join(k.value for k in PRINTED_KINDS)
            raise _fail(
                who, f"kind must be one of {kinds}, got {shown(self.kind)}", "TIKAL-BOARD-3"
            )
        want = PRINTED_TEMPLE_VALUE if self.kind is Kind.TEMPLE else 0
        if not _is_int(self.value) or self.value != want:
            raise _fail(
                who,
                f"value must be {want} for a {self.kind.value}, got {shown(self.value)}",
                "TIKAL-BOARD-3",
            )
        _check_stones(who, self.stones, volcano=False, clause="TIKAL-BOARD-4")



_PRINTED_SET = Counter({Kind.BASE_CAMP: 1, Kind.TEMPLE: 2, Kind.JUNGLE: 1})


@attrs.frozen(cache_hash=True)
class Board:
    """The printed board: its grid and its four printed hexes (TIKAL-BOARD-1..5).

    The grid itself is :mod:`tikalspeed.board.hexgrid`'s; ``columns`` and ``rows`` state it
    in the manifest and must match it.
    """

    printed: tuple[PrintedHex, ...] = attrs.field(converter=_list_to_tuple)
    """The printed hexes: one base camp, two temples of value 1, one clearing."""
    columns: int = hexgrid.COLUMNS
    rows: int = hexgrid.ROWS

    at: tuple[PrintedHex | None, ...] = attrs.field(init=False, eq=False, repr=False)
    """``at[cell]``: the printed hex on ``cell``, or ``None`` for an open space."""

    def __attrs_post_init__(self) -> None:
        for name, want in (("columns", hexgrid.COLUMNS), ("rows", hexgrid.ROWS)):
            got = getattr(self, name)
            if got != want or not _is_int(got):
                raise _fail("board", f"{name} must be {want}, got {shown(got)}", "TIKAL-BOARD-1")
        at: list[PrintedHex | None] = [None] * hexgrid.CELL_COUNT
        for p in self.printed:
            if not isinstance(p, PrintedHex):
                raise _fail("board", f"printed hexes must be PrintedHex, got {shown(p)}")
            if at[p.cell] is not None:
                raise _fail(
                    f"printed hex {p.id}",
                    f"cell {hexgrid.cell_name(p.cell)} is already printed",
                    "TIKAL-BOARD-3",
                )
            at[p.cell] = p
        kinds = Counter(p.kind for p in self.printed)
        if kinds != _PRINTED_SET:
            got = ", ".join(f"{n} {k.value}" for k, n in sorted(kinds.items()))
            raise _fail(
                "board",
                f"the printed hexes must be 1 base_camp, 2 temple and 1 jungle, got {got}",
                "TIKAL-BOARD-3",
            )
        clearing = next(p for p in self.printed if p.kind is Kind.JUNGLE)
        for p in self.printed:
            if p is not clearing and not hexgrid.is_adjacent(clearing.cell, p.cell):
                raise _fail(
                    "board",
                    f"the clearing ({hexgrid.cell_name(clearing.cell)}) must touch the base "
                    f"camp and both temples, not {p.id} ({hexgrid.cell_name(p.cell)})",
                    "TIKAL-BOARD-3",
                )
        object.__setattr__(self, "at", tuple(at))

    @property
    def base_camp(self) -> PrintedHex:
        """The printed base camp."""
        return next(p for p in self.printed if p.kind is Kind.BASE_CAMP)

    @property
    def open_cells(self) -> tuple[Cell, ...]:
        """The cells that are not printed, in index order: one per terrain tile."""
        return tuple(c for c in hexgrid.CELLS if self.at[c] is None)
