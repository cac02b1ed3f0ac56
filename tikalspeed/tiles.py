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

import enum
import functools
import json
import os
import re
from collections import Counter
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, TypeAlias

import attrs

from . import hexgrid
from .errors import ManifestError
from .hexgrid import Cell

Stones: TypeAlias = tuple[int, ...]
"""Stones on the six edges of a hex, in the order ``N, NE, SE, S, SW, NW``."""


class Kind(enum.StrEnum):
    """What a hex shows: the four kinds of terrain tile, and the printed base camp."""

    TEMPLE = "temple"
    TREASURE = "treasure"
    JUNGLE = "jungle"
    VOLCANO = "volcano"
    BASE_CAMP = "base_camp"


TERRAIN_KINDS: tuple[Kind, ...] = (Kind.TEMPLE, Kind.TREASURE, Kind.JUNGLE, Kind.VOLCANO)
"""The kinds a terrain tile can be (TIKAL-TILE-1)."""

PRINTED_KINDS: tuple[Kind, ...] = (Kind.BASE_CAMP, Kind.TEMPLE, Kind.JUNGLE)
"""The kinds a printed hex can be (TIKAL-BOARD-3)."""

LETTERS = "ABCDEFG"
"""The letters on the tiles' backs, in stacking order: A on top (TIKAL-TILE-2)."""

TEMPLE_VALUES = range(1, 7)
"""Printed temple values run from 1 to 6 (TIKAL-TILE-3)."""

MASKS = range(2, 5)
"""A treasure hex shows 2, 3 or 4 masks (TIKAL-TILE-4)."""

MAX_STONES_PER_EDGE = 3
"""No edge of a hex carries more than 3 stones (TIKAL-TILE-5)."""

PRINTED_TEMPLE_VALUE = 1
"""The two printed temples are worth 1 (TIKAL-BOARD-3)."""

_ID = re.compile(r"[A-Za-z0-9_]+")


# --------------------------------------------------------------------------- rotation


def rotate(stones: Stones, turns: int) -> Stones:
    """Return ``stones`` after turning the hex clockwise by ``turns`` sixths (TIKAL-TILE-6).

    The stones on edge ``i`` move to edge ``(i + turns) % 6``; negative ``turns`` turn
    anticlockwise.

    >>> rotate((0, 0, 0, 2, 1, 0), 1)
    (0, 0, 0, 0, 2, 1)
    >>> rotate((0, 0, 0, 2, 1, 0), -3)
    (2, 1, 0, 0, 0, 0)
    """
    t = turns % 6
    return stones[-t:] + stones[:-t] if t else stones


def distinct_rotations(stones: Stones) -> tuple[int, ...]:
    """Return the turns 0–5 that give different stone layouts, smallest first.

    >>> distinct_rotations((0, 0, 0, 3, 0, 0))
    (0, 1, 2, 3, 4, 5)
    >>> distinct_rotations((0, 1, 0, 1, 0, 1)), distinct_rotations((0,) * 6)
    ((0, 1), (0,))
    """
    seen: set[Stones] = set()
    out: list[int] = []
    for t in range(6):
        layout = rotate(stones, t)
        if layout not in seen:
            seen.add(layout)
            out.append(t)
    return tuple(out)


# --------------------------------------------------------------------------- checks


def _fail(who: str, fault: str, clause: str | None = None) -> ManifestError:
    return ManifestError(f"{who}: {fault}" + (f" ({clause})" if clause else ""))


def _is_int(value: object) -> bool:
    return type(value) is int


def _check_id(who: str, value: object) -> None:
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise _fail(who, f"id must be a word of letters, digits and _, got {value!r}")


def _check_stones(who: str, stones: object, *, volcano: bool, clause: str) -> None:
    """Check a stone list: its shape, at most 3 per edge, none on a volcano, some on
    anything else (TIKAL-TILE-5 for tiles, TIKAL-BOARD-4 for printed hexes)."""
    if (
        not isinstance(stones, (list, tuple))
        or len(stones) != 6
        or not all(_is_int(s) and s >= 0 for s in stones)
    ):
        raise _fail(who, f"stones must be 6 non-negative ints, got {stones!r}")
    for d, s in enumerate(stones):
        if s > MAX_STONES_PER_EDGE:
            raise _fail(
                who,
                f"at most {MAX_STONES_PER_EDGE} stones on an edge, "
                f"got {s} on {hexgrid.DIRECTION_NAMES[d]}",
                clause,
            )
    if volcano and any(stones):
        raise _fail(who, f"a volcano carries no stones, got {list(stones)}", clause)
    if not volcano and not any(stones):
        raise _fail(who, "a hex other than a volcano carries stones, got none", clause)


def _list_to_tuple(value: Any) -> Any:
    """Accept a list where a tuple is kept (the check that follows reports anything else)."""
    return tuple(value) if isinstance(value, list) else value


def _kind_converter(value: Any) -> Any:
    """Accept a kind's name (``'temple'``) as well as a ``Kind``."""
    if isinstance(value, str) and not isinstance(value, Kind):
        try:
            return Kind(value)
        except ValueError:
            return value
    return value


# --------------------------------------------------------------------------- tiles


@attrs.frozen(cache_hash=True)
class Tile:
    """One terrain hexagon: its back letter, its kind and the stones on its edges.

    ``value`` is the printed value of a temple (0 for other kinds); ``masks`` the
    number of masks on a treasure hex (0 for other kinds); ``stones`` the stones on the
    edges ``N, NE, SE, S, SW, NW`` in the tile's home orientation.

    ``orientations[t]`` holds the stones after ``t`` clockwise turns, and ``rotations``
    the turns that give distinct layouts (TIKAL-TILE-6); both are computed once.

    >>> t = Tile("X1", "C", Kind.JUNGLE, stones=(0, 1, 0, 1, 0, 1))
    >>> t.rotations, t.oriented(1)
    ((0, 1), (1, 0, 1, 0, 1, 0))
    >>> Tile("X2", "C", "treasure", masks=5, stones=(0, 0, 0, 3, 0, 0))
    Traceback (most recent call last):
    ...
    tikalspeed.errors.ManifestError: tile X2: a treasure hex shows 2 to 4 masks, got 5 (TIKAL-...)
    """

    id: str
    """Our id, e.g. ``'C4'``: the letter and the tile's place in the manifest's list."""
    letter: str
    """The letter on the back, ``'A'`` … ``'G'``."""
    kind: Kind = attrs.field(converter=_kind_converter)
    """Temple, treasure, jungle or volcano (a name like ``'temple'`` is accepted)."""
    value: int = 0
    """A temple's printed value, 1–6; 0 for other kinds."""
    masks: int = 0
    """A treasure hex's masks, 2–4; 0 for other kinds."""
    stones: Stones = attrs.field(default=(0, 0, 0, 0, 0, 0), converter=_list_to_tuple)
    """Stones on the edges ``N, NE, SE, S, SW, NW`` in the home orientation."""

    orientations: tuple[Stones, ...] = attrs.field(init=False, eq=False, repr=False)
    """``orientations[t]``: the stones per direction after ``t`` clockwise turns."""
    rotations: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The turns (0–5) that give distinct stone layouts: 1, 2 or 6 of them."""

    def __attrs_post_init__(self) -> None:
        _check_id("tile", self.id)
        who = f"tile {self.id}"
        if not isinstance(self.letter, str) or len(self.letter) != 1 or self.letter not in LETTERS:
            raise _fail(who, f"letter must be one of A–G, got {self.letter!r}", "TIKAL-TILE-2")
        if not isinstance(self.kind, Kind) or self.kind not in TERRAIN_KINDS:
            kinds = ", ".join(k.value for k in TERRAIN_KINDS)
            raise _fail(who, f"kind must be one of {kinds}, got {self.kind!r}", "TIKAL-TILE-1")
        if self.kind is Kind.TEMPLE:
            if not _is_int(self.value) or self.value not in TEMPLE_VALUES:
                raise _fail(
                    who, f"a temple's value must be 1 to 6, got {self.value!r}", "TIKAL-TILE-3"
                )
        elif self.value != 0 or not _is_int(self.value):
            raise _fail(who, f"only a temple has a value, got {self.value!r}", "TIKAL-TILE-3")
        if self.kind is Kind.TREASURE:
            if not _is_int(self.masks) or self.masks not in MASKS:
                raise _fail(
                    who, f"a treasure hex shows 2 to 4 masks, got {self.masks!r}", "TIKAL-TILE-4"
                )
        elif self.masks != 0 or not _is_int(self.masks):
            raise _fail(who, f"only a treasure hex has masks, got {self.masks!r}", "TIKAL-TILE-4")
        _check_stones(who, self.stones, volcano=self.kind is Kind.VOLCANO, clause="TIKAL-TILE-5")
        object.__setattr__(self, "orientations", tuple(rotate(self.stones, t) for t in range(6)))
        object.__setattr__(self, "rotations", distinct_rotations(self.stones))

    def oriented(self, turns: int) -> Stones:
        """Return the stones per direction after ``turns`` clockwise turns (TIKAL-TILE-6)."""
        return self.orientations[turns % 6]


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
                who, f"cell must be one of the 40 cells, got {self.cell!r}", "TIKAL-BOARD-1"
            )
        if not isinstance(self.kind, Kind) or self.kind not in PRINTED_KINDS:
            kinds = ", ".join(k.value for k in PRINTED_KINDS)
            raise _fail(who, f"kind must be one of {kinds}, got {self.kind!r}", "TIKAL-BOARD-3")
        want = PRINTED_TEMPLE_VALUE if self.kind is Kind.TEMPLE else 0
        if not _is_int(self.value) or self.value != want:
            raise _fail(
                who,
                f"value must be {want} for a {self.kind.value}, got {self.value!r}",
                "TIKAL-BOARD-3",
            )
        _check_stones(who, self.stones, volcano=False, clause="TIKAL-BOARD-4")


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
                raise _fail("board", f"{name} must be {want}, got {got!r}", "TIKAL-BOARD-1")
        at: list[PrintedHex | None] = [None] * hexgrid.CELL_COUNT
        for p in self.printed:
            if not isinstance(p, PrintedHex):
                raise _fail("board", f"printed hexes must be PrintedHex, got {p!r}")
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
                    f"level_tiles must total {LEVEL_TILE_TOTAL}, got {total}",
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


def _show(value: Any) -> str:
    """Show a count as the manifest's JSON object would read (``{2: 3, ...}``), unquoted."""
    if isinstance(value, tuple) and all(isinstance(p, tuple) and len(p) == 2 for p in value):
        return "{" + ", ".join(f"{k}: {n!r}" for k, n in value) + "}"
    return repr(value) if isinstance(value, str) and not isinstance(value, Kind) else str(value)


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
        if not isinstance(self.name, str) or not self.name:
            raise _fail("manifest", f"name must be a non-empty string, got {self.name!r}")
        if not _is_int(self.version) or self.version < 1:
            raise _fail("manifest", f"version must be an int from 1, got {self.version!r}")
        if not isinstance(self.notes, str):
            raise _fail("manifest", f"notes must be a string, got {self.notes!r}")
        for part, cls in (("board", Board), ("components", Components)):
            if not isinstance(getattr(self, part), cls):
                raise _fail("manifest", f"{part} must be a {cls.__name__}")
        seen = {p.id for p in self.board.printed}
        by_id: dict[str, Tile] = {}
        for t in self.tiles:
            if not isinstance(t, Tile):
                raise _fail("manifest", f"tiles must be Tile objects, got {t!r}")
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


# --------------------------------------------------------------------------- JSON


def _object(who: str, value: object, required: tuple[str, ...], optional: tuple[str, ...] = ()
            ) -> dict[str, Any]:  # fmt: skip
    """Check that ``value`` is a JSON object with exactly these keys; return it."""
    if not isinstance(value, Mapping):
        raise _fail(who, f"must be a JSON object, got {type(value).__name__}")
    for key in value:
        if key not in required and key not in optional:
            raise _fail(who, f"unknown key {key!r}")
    for key in required:
        if key not in value:
            raise _fail(who, f"missing key {key!r}")
    return dict(value)


def _kind(who: str, value: object, allowed: tuple[Kind, ...], clause: str) -> Kind:
    if isinstance(value, str) and value in {k.value for k in allowed}:
        return Kind(value)
    kinds = ", ".join(k.value for k in allowed)
    raise _fail(who, f"kind must be one of {kinds}, got {value!r}", clause)


def _keyed(who: str, kind: Kind, raw: dict[str, Any], key: str, owner: Kind, clause: str) -> None:
    """A key that only one kind of hex has must be there for it and absent otherwise."""
    if kind is owner and key not in raw:
        raise _fail(who, f"a {owner.value} needs {key!r}", clause)
    if kind is not owner and key in raw:
        raise _fail(who, f"only a {owner.value} has {key!r}", clause)


def _tile_from_json(index: int, raw: object) -> Tile:
    who = f"tiles[{index}]"
    obj = _object(who, raw, ("id", "letter", "kind", "stones"), ("value", "masks"))
    _check_id(who, obj["id"])
    who = f"tile {obj['id']}"
    kind = _kind(who, obj["kind"], TERRAIN_KINDS, "TIKAL-TILE-1")
    _keyed(who, kind, obj, "value", Kind.TEMPLE, "TIKAL-TILE-3")
    _keyed(who, kind, obj, "masks", Kind.TREASURE, "TIKAL-TILE-4")
    _check_stones(who, obj["stones"], volcano=kind is Kind.VOLCANO, clause="TIKAL-TILE-5")
    return Tile(
        obj["id"], obj["letter"], kind, obj.get("value", 0), obj.get("masks", 0), obj["stones"]
    )


def _printed_from_json(index: int, raw: object) -> PrintedHex:
    who = f"board.printed[{index}]"
    obj = _object(who, raw, ("id", "cell", "kind", "stones"), ("value",))
    _check_id(who, obj["id"])
    who = f"printed hex {obj['id']}"
    kind = _kind(who, obj["kind"], PRINTED_KINDS, "TIKAL-BOARD-3")
    _keyed(who, kind, obj, "value", Kind.TEMPLE, "TIKAL-BOARD-3")
    cell = obj["cell"]
    if not isinstance(cell, str) or cell not in hexgrid.CELL_NAMES:
        raise _fail(who, f"cell must be a cell name a1–h5, got {cell!r}", "TIKAL-BOARD-1")
    _check_stones(who, obj["stones"], volcano=False, clause="TIKAL-BOARD-4")
    return PrintedHex(
        obj["id"], hexgrid.cell_from_name(cell), kind, obj.get("value", 0), obj["stones"]
    )


def _pairs(who: str, label: str, raw: object, key: type) -> tuple[tuple[Any, int], ...]:
    """Read a JSON object of counts (``{"2": 3, ...}``) as ``(key, count)`` pairs."""
    if not isinstance(raw, Mapping):
        raise _fail(who, f"{label} must be a JSON object, got {type(raw).__name__}")
    out: list[tuple[Any, int]] = []
    for k, n in raw.items():
        if key is int:
            if not (isinstance(k, str) and k.isdigit()):
                raise _fail(who, f"{label} keys must be numbers, got {k!r}")
            out.append((int(k), n))
        elif key is Kind:
            out.append((_kind(who, k, TERRAIN_KINDS, "TIKAL-TILE-1"), n))
        else:
            out.append((k, n))
    return tuple(sorted(out)) if key is int else tuple(out)


def _components_from_json(raw: object) -> Components:
    who = "components"
    obj = _object(who, raw, ("colours", "per_player", "level_tiles", "treasures", "terrain"))
    per = _object(
        "components.per_player",
        obj["per_player"],
        ("workers", "leaders", "leader_strength", "camps", "guards"),
    )
    treasures = _object("components.treasures", obj["treasures"], ("kinds", "copies"))
    terrain = _object("components.terrain", obj["terrain"], ("per_letter", "per_kind"))
    return Components(
        colours=obj["colours"],
        workers=per["workers"],
        leaders=per["leaders"],
        leader_strength=per["leader_strength"],
        camps=per["camps"],
        guards=per["guards"],
        level_tiles=_pairs(who, "level_tiles", obj["level_tiles"], int),
        treasure_kinds=treasures["kinds"],
        treasure_copies=treasures["copies"],
        tiles_per_letter=_pairs(who, "terrain.per_letter", terrain["per_letter"], str),
        tiles_per_kind=_pairs(who, "terrain.per_kind", terrain["per_kind"], Kind),
    )


def manifest_from_json(data: Mapping[str, Any]) -> Manifest:
    """Build a ``Manifest`` from its JSON form (a ``dict`` as ``json.load`` gives)."""
    obj = _object("manifest", data, ("name", "version", "board", "components", "tiles"), ("notes",))
    board = _object("board", obj["board"], ("columns", "rows", "printed"))
    if not isinstance(board["printed"], list):
        raise _fail("board", "printed must be a list")
    if not isinstance(obj["tiles"], list):
        raise _fail("manifest", "tiles must be a list")
    notes = obj.get("notes", "")
    if isinstance(notes, list) and all(isinstance(n, str) for n in notes):
        notes = "\n".join(notes)
    return Manifest(
        name=obj["name"],
        version=obj["version"],
        tiles=tuple(_tile_from_json(i, t) for i, t in enumerate(obj["tiles"])),
        board=Board(
            printed=tuple(_printed_from_json(i, p) for i, p in enumerate(board["printed"])),
            columns=board["columns"],
            rows=board["rows"],
        ),
        components=_components_from_json(obj["components"]),
        notes=notes,
    )


def manifest_to_json(manifest: Manifest) -> dict[str, Any]:
    """Return the JSON form of ``manifest`` (``manifest_from_json`` reads it back).

    >>> m = load_manifest()
    >>> manifest_from_json(manifest_to_json(m)) == m
    True
    """

    def hex_json(h: Tile | PrintedHex) -> dict[str, Any]:
        out: dict[str, Any] = {"id": h.id}
        if isinstance(h, Tile):
            out["letter"] = h.letter
        else:
            out["cell"] = hexgrid.cell_name(h.cell)
        out["kind"] = h.kind.value
        if h.kind is Kind.TEMPLE:
            out["value"] = h.value
        if isinstance(h, Tile) and h.kind is Kind.TREASURE:
            out["masks"] = h.masks
        out["stones"] = list(h.stones)
        return out

    c = manifest.components
    out: dict[str, Any] = {"name": manifest.name, "version": manifest.version}
    if manifest.notes:
        out["notes"] = manifest.notes.split("\n")
    out["board"] = {
        "columns": manifest.board.columns,
        "rows": manifest.board.rows,
        "printed": [hex_json(p) for p in manifest.board.printed],
    }
    out["components"] = {
        "colours": c.colours,
        "per_player": {
            "workers": c.workers,
            "leaders": c.leaders,
            "leader_strength": c.leader_strength,
            "camps": c.camps,
            "guards": c.guards,
        },
        "level_tiles": {str(v): n for v, n in c.level_tiles},
        "treasures": {"kinds": c.treasure_kinds, "copies": c.treasure_copies},
        "terrain": {
            "per_letter": dict(c.tiles_per_letter),
            "per_kind": {k.value: n for k, n in c.tiles_per_kind},
        },
    }
    out["tiles"] = [hex_json(t) for t in manifest.tiles]
    return out


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _fail("manifest", f"duplicate key {key!r} in a JSON object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise _fail("manifest", f"{name} is not a JSON number")


def _parse(text: str) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise ManifestError(
            f"manifest: not valid JSON: {e.msg}", f"line {e.lineno} column {e.colno}"
        ) from None


@functools.cache
def _default_manifest() -> Manifest:
    text = resources.files("tikalspeed").joinpath("data/manifest.json").read_text("utf-8")
    return manifest_from_json(_parse(text))


def load_manifest(
    source: str | os.PathLike[str] | Mapping[str, Any] | None = None,
) -> Manifest:
    """Load and check a manifest; ``None`` gives the packaged default (TIKAL-TILE-7).

    ``source`` is a path to a JSON file (``str`` or ``os.PathLike``), JSON text (a
    ``str`` whose first non-blank character is ``{``), or the parsed ``dict``. A file
    that cannot be read raises ``OSError``; anything malformed, or breaking a clause of
    ``specs/tikal.md``, raises ``ManifestError``. The default is read once and shared
    (a manifest is immutable).

    >>> load_manifest() is load_manifest()
    True
    >>> load_manifest('{"name": "x", ')
    Traceback (most recent call last):
    ...
    tikalspeed.errors.ManifestError: manifest: not valid JSON: Expecting ... (at line 1 column 15)
    """
    if source is None:
        return _default_manifest()
    if isinstance(source, Mapping):
        return manifest_from_json(source)
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return manifest_from_json(_parse(source))
    if isinstance(source, (str, os.PathLike)):
        return manifest_from_json(_parse(Path(source).read_text(encoding="utf-8")))
    raise _fail("manifest", f"cannot load a manifest from a {type(source).__name__}")
