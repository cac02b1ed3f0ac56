"""The terrain tiles, the printed board and the component counts, as data.

A *manifest* holds everything physical about a copy of Tikal: the 36 terrain tiles
(letter, kind, printed temple value or treasure masks, and the stones on each edge),
the board with its four printed hexes, and the component counts. The default manifest
ships as ``tikalspeed/data/manifest.json``; a user with a physical copy can load a
corrected one. Every manifest is checked against ``specs/tikal.md`` when it is built,
so a ``Manifest`` object is always valid; a bad one raises ``ManifestError`` naming the
tile (or board part) and the fault.

Stones are listed per edge in the order ``N, NE, SE, S, SW, NW`` (clockwise, as the
directions of :mod:`tikalspeed.hexgrid`). A tile's ``stones`` are as printed, in its
*home* orientation; turning it clockwise by ``turns`` sixths of a full turn carries the
stones of edge ``i`` to edge ``(i + turns) % 6`` (TIKAL-TILE-6).

>>> manifest = load_manifest()
>>> len(manifest.tiles), manifest.version
(36, 1)
>>> tile = manifest.tile("A1")
>>> tile.kind, tile.value, tile.stones
(<Kind.TEMPLE: 'temple'>, 1, (0, 0, 0, 2, 1, 0))
>>> tile.oriented(1)
(0, 0, 0, 0, 2, 1)
>>> load_manifest({"name": "x"})
Traceback (most recent call last):
...
tikalspeed.errors.ManifestError: manifest: missing key 'version'
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import attrs

from . import hexgrid
from .bounds import MAX_VERSION, shown
from .hexgrid import Cell
from .tiles import (
    PRINTED_KINDS,
    PRINTED_TEMPLE_VALUE,
    Kind,
    Stones,
    Tile,
    _check_id,
    _check_stones,
    _fail,
    _is_int,
    _kind_converter,
    _list_to_tuple,
)

__all__ = [
    "LEVEL_TILES",
    "LEVEL_TILE_TOTAL",
    "TILES_PER_KIND",
    "TILES_PER_LETTER",
    "Board",
    "Components",
    "Manifest",
    "PrintedHex",
    "load_manifest",
    "manifest_from_json",
    "manifest_to_json",
]


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


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")

_PRINTED_SET = Counter({Kind.BASE_CAMP: 1, Kind.TEMPLE: 2, Kind.JUNGLE: 1})


@attrs.frozen(cache_hash=True)
class Board:
    """The printed board: its grid and its four printed hexes (TIKAL-BOARD-1..5).

    The grid itself is :mod:`tikalspeed.hexgrid`'s; ``columns`` and ``rows`` state it
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


# --------------------------------------------------------------------------- components

LEVEL_TILES: tuple[tuple[int, int], ...] = (
    (2, 3), (3, 6), (4, 9), (5, 11), (6, 8), (7, 5), (8, 3), (9, 2), (10, 1),
)  # fmt: skip
"""``(value, count)`` of the 48 temple level tiles (TIKAL-COMP-3)."""

LEVEL_TILE_TOTAL = 48
"""Temple level tiles in the box (TIKAL-COMP-3)."""

TILES_PER_LETTER: tuple[tuple[str, int], ...] = (
    ("A", 6), ("B", 6), ("C", 5), ("D", 5), ("E", 5), ("F", 5), ("G", 4),
)  # fmt: skip
"""Terrain tiles per back letter (TIKAL-TILE-2)."""

TILES_PER_KIND: tuple[tuple[Kind, int], ...] = (
    (Kind.TEMPLE, 15), (Kind.TREASURE, 8), (Kind.JUNGLE, 10), (Kind.VOLCANO, 3),
)  # fmt: skip
"""Terrain tiles per kind (TIKAL-TILE-1)."""

_COMPONENT_FIELDS: dict[str, tuple[str, str]] = {
    # attribute: (name in the manifest, clause)
    "colours": ("colours", "TIKAL-COMP-1"),
    "workers": ("per_player.workers", "TIKAL-COMP-1"),
    "leaders": ("per_player.leaders", "TIKAL-COMP-1"),
    "leader_strength": ("per_player.leader_strength", "TIKAL-COMP-1"),
    "camps": ("per_player.camps", "TIKAL-COMP-1"),
    "guards": ("per_player.guards", "TIKAL-COMP-2"),
    "level_tiles": ("level_tiles", "TIKAL-COMP-3"),
    "treasure_kinds": ("treasures.kinds", "TIKAL-COMP-4"),
    "treasure_copies": ("treasures.copies", "TIKAL-COMP-4"),
    "tiles_per_letter": ("terrain.per_letter", "TIKAL-TILE-2"),
    "tiles_per_kind": ("terrain.per_kind", "TIKAL-TILE-1"),
}


@attrs.frozen(cache_hash=True)
class Components:
    """The component counts of the published game (TIKAL-COMP-1..4, TIKAL-TILE-1..2).

    ``Components()`` is the box; a manifest states these counts and the validator
    accepts no other (the sources agree on every one of them).

    >>> c = Components()
    >>> c.workers, c.treasures, c.level_tile_total, c.level_count(5)
    (18, 24, 48, 11)
    >>> Components(workers=19)
    Traceback (most recent call last):
    ...
    tikalspeed.errors.ManifestError: components: per_player.workers must be 18, got 19 (TIKAL-...)
    """

    colours: int = 4
    """Player colours in the box: 2 to 4 players."""
    workers: int = 18
    """Expedition workers per player."""
    leaders: int = 1
    """Expedition leaders per player."""
    leader_strength: int = 3
    """What a leader counts for in a majority; a worker counts 1."""
    camps: int = 2
    """Camps per player, for the whole game."""
    guards: int = 2
    """Temples a player may guard in the whole game (guards are members, not pieces)."""
    level_tiles: tuple[tuple[int, int], ...] = LEVEL_TILES
    """``(value, count)`` of the temple level tiles, by value."""
    treasure_kinds: int = 8
    """Kinds of treasure."""
    treasure_copies: int = 3
    """Copies of each treasure."""
    tiles_per_letter: tuple[tuple[str, int], ...] = TILES_PER_LETTER
    """``(letter, count)`` of the terrain tiles, A first."""
    tiles_per_kind: tuple[tuple[Kind, int], ...] = TILES_PER_KIND
    """``(kind, count)`` of the terrain tiles."""

    def __attrs_post_init__(self) -> None:
        levels = self.level_tiles
        if isinstance(levels, tuple) and all(
            isinstance(p, tuple) and len(p) == 2 and _is_int(p[1]) for p in levels
        ):
            total = sum(n for _, n in levels)
            if total != LEVEL_TILE_TOTAL:
                raise _fail(
                    "components",
                    f"level_tiles must total {LEVEL_TILE_TOTAL}, got {shown(total)}",
                    "TIKAL-COMP-3",
                )
        for a in attrs.fields(Components):
            got = getattr(self, a.name)
            if got != a.default or type(got) is not type(a.default):
                label, clause = _COMPONENT_FIELDS[a.name]
                raise _fail(
                    "components", f"{label} must be {_show(a.default)}, got {_show(got)}", clause
                )

    @property
    def treasures(self) -> int:
        """Treasure wafers in all: kinds × copies."""
        return self.treasure_kinds * self.treasure_copies

    @property
    def level_tile_total(self) -> int:
        """Temple level tiles in all."""
        return sum(n for _, n in self.level_tiles)

    def level_count(self, value: int) -> int:
        """Return how many level tiles show ``value`` (0 for a value with none)."""
        return dict(self.level_tiles).get(value, 0)


def _key(key: Any) -> str:
    return str(key) if isinstance(key, str) else shown(key)


def _show(value: Any) -> str:
    """Show a count as the manifest's JSON object would read (``{2: 3, ...}``), unquoted."""
    if isinstance(value, tuple) and all(isinstance(p, tuple) and len(p) == 2 for p in value):
        return "{" + ", ".join(f"{_key(k)}: {shown(n)}" for k, n in value) + "}"
    return str(value) if isinstance(value, Kind) else shown(value)


# --------------------------------------------------------------------------- manifest


@attrs.frozen(cache_hash=True)
class Manifest:
    """The tiles, the board and the component counts of one copy of the game.

    Built only valid: the constructor checks every clause the data must keep (ids
    unique, one terrain tile per open cell, the counts per kind and per letter, masks
    totalling the treasures), after each part has checked its own.
    """

    name: str
    """A name for this manifest, e.g. ``'default'``."""
    version: int
    """The data revision of this manifest, from 1."""
    tiles: tuple[Tile, ...] = attrs.field(converter=_list_to_tuple)
    """The 36 terrain tiles, in the manifest's order (A first)."""
    board: Board
    """The board and its printed hexes."""
    components: Components = Components()
    """The component counts."""
    notes: str = ""
    """Free text: where the data comes from, what is reconstructed."""

    _by_id: dict[str, Tile] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.fullmatch(self.name):
            raise _fail(
                "manifest",
                "name must be a word of letters, digits, '_', '.' and '-' (it is written "
                f"in a rules text as <name>@<version>), got {shown(self.name)}",
            )
        if not _is_int(self.version) or not 1 <= self.version <= MAX_VERSION:
            raise _fail(
                "manifest",
                f"version must be an int from 1 to {MAX_VERSION}, got {shown(self.version)}",
            )
        if not isinstance(self.notes, str):
            raise _fail("manifest", f"notes must be a string, got {shown(self.notes)}")
        for part, cls in (("board", Board), ("components", Components)):
            if not isinstance(getattr(self, part), cls):
                raise _fail("manifest", f"{part} must be a {cls.__name__}")
        seen = {p.id for p in self.board.printed}
        by_id: dict[str, Tile] = {}
        for t in self.tiles:
            if not isinstance(t, Tile):
                raise _fail("manifest", f"tiles must be Tile objects, got {shown(t)}")
            if t.id in seen or t.id in by_id:
                raise _fail(f"tile {t.id}", "id used twice", "TIKAL-TILE-7")
            by_id[t.id] = t
        open_cells = hexgrid.CELL_COUNT - len(self.board.printed)
        if len(self.tiles) != open_cells:
            raise _fail(
                "manifest",
                f"{len(self.tiles)} terrain tiles for {open_cells} open cells",
                "TIKAL-BOARD-5",
            )
        kinds = Counter(t.kind for t in self.tiles)
        if any(kinds[kind] != n for kind, n in self.components.tiles_per_kind):
            need = ", ".join(f"{n} {k.value}" for k, n in self.components.tiles_per_kind)
            got = ", ".join(f"{kinds[k]} {k.value}" for k, _ in self.components.tiles_per_kind)
            raise _fail("manifest", f"the tiles must be {need}, got {got}", "TIKAL-TILE-1")
        letters = Counter(t.letter for t in self.tiles)
        for letter, want in self.components.tiles_per_letter:
            if letters[letter] != want:
                raise _fail(
                    "manifest",
                    f"letter {letter} has {letters[letter]} tiles, must be {want}",
                    "TIKAL-TILE-2",
                )
        masks = sum(t.masks for t in self.tiles)
        if masks != self.components.treasures:
            raise _fail(
                "manifest",
                f"the treasure hexes show {masks} masks in all, "
                f"must be {self.components.treasures}, one per treasure",
                "TIKAL-TILE-4",
            )
        object.__setattr__(self, "_by_id", by_id)

    def tile(self, tile_id: str) -> Tile:
        """Return the tile with id ``tile_id``; raise ``KeyError`` if there is none."""
        return self._by_id[tile_id]

    def stack(self, letter: str) -> tuple[Tile, ...]:
        """Return the tiles with ``letter`` on the back, in manifest order.

        >>> [t.id for t in load_manifest().stack("G")]
        ['G1', 'G2', 'G3', 'G4']
        """
        return tuple(t for t in self.tiles if t.letter == letter)


# The JSON form and the loader live in ._manifestjson, which builds the classes above;
# imported last, once they exist.
from ._manifestjson import load_manifest, manifest_from_json, manifest_to_json  # noqa: E402
