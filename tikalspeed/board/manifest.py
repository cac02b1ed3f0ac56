"""The manifest: the terrain tiles, the printed board and the component counts, as
data, with its JSON form and the loader.

A *manifest* holds everything physical about a copy of Tikal: the 36 terrain tiles
(letter, kind, printed temple value or treasure masks, and the stones on each edge),
the board with its four printed hexes, and the component counts. The default manifest
ships as ``tikalspeed/data/manifest.json``; a user with a physical copy can load a
corrected one. Every manifest is checked against ``specs/tikal.md`` when it is built,
so a ``Manifest`` object is always valid; a bad one raises ``ManifestError`` naming the
tile (or board part) and the fault.

Stones are listed per edge in the order ``N, NE, SE, S, SW, NW`` (clockwise, as the
directions of :mod:`tikalspeed.board.hexgrid`). A tile's ``stones`` are as printed, in its
*home* orientation; turning it clockwise by ``turns`` sixths of a full turn carries the
stones of edge ``i`` to edge ``(i + turns) % 6`` (TIKAL-TILE-6).

>>> from tikalspeed.board import load_manifest
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

import attrs

from ..bounds import MAX_VERSION, shown
from . import hexgrid
from .components import LEVEL_TILE_TOTAL, LEVEL_TILES, TILES_PER_KIND, TILES_PER_LETTER, Components
from .printed import Board, PrintedHex
from .tiles import Tile, _fail, _is_int, _list_to_tuple

__all__ = [
    "LEVEL_TILES",
    "LEVEL_TILE_TOTAL",
    "TILES_PER_KIND",
    "TILES_PER_LETTER",
    "Board",
    "Components",
    "Manifest",
    "PrintedHex",
]

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


_BOX = Components()
"""The component counts of the box."""


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
    components: Components = _BOX
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

        >>> from tikalspeed.board import load_manifest
        >>> [t.id for t in load_manifest().stack("G")]
        ['G1', 'G2', 'G3', 'G4']
        """
        return tuple(t for t in self.tiles if t.letter == letter)


# The JSON form and the loader live in ._manifestjson, which builds the classes above;
