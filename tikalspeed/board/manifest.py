"""The manifest: the terrain tiles, the printed board and the component counts, as
data, with its JSON form and the loader.

A *manifest* holds everything physical about a copy of Tikal: the 36 terrain tiles
(letter, kind, printed temple value or treasure masks, and the stones on each edge),
the board with its four printed hexes, and the component counts. A manifest with the
published mix of tiles is a *box*: another tile mix takes its tiles from it
(:meth:`Manifest.take`, TIKAL-TILE-8); a manifest may also hold the tiles of another
mix itself. The default manifest
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

import functools
import re
from collections import Counter

import attrs

from ..bounds import MAX_VERSION, shown
from ..errors import ManifestError
from . import hexgrid
from .components import LEVEL_TILE_TOTAL, LEVEL_TILES, TILES_PER_KIND, TILES_PER_LETTER, Components
from .mix import PUBLISHED_MIX, TileMix, mask_total, mix_fault, mix_text
from .printed import Board, PrintedHex
from .tiles import LETTERS, TERRAIN_KINDS, Kind, Tile, _fail, _is_int, _list_to_tuple

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
    """The terrain tiles, in the manifest's order (A first): 36 for the published mix."""
    board: Board
    """The board and its printed hexes."""
    components: Components = _BOX
    """The component counts."""
    notes: str = ""
    """Free text: where the data comes from, what is reconstructed."""

    mix: TileMix = attrs.field(init=False, eq=False, repr=False, hash=False)
    """How many tiles of each kind it holds (TIKAL-TILE-1, TIKAL-TILE-8)."""
    taken_from: Manifest | None = attrs.field(init=False, eq=False, repr=False, hash=False)
    """The box a tile mix took these tiles from (:meth:`take`), else ``None``."""

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
        self._check_counts()
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "taken_from", None)

    def _check_counts(self) -> None:
        """The tiles are as many as the components count, kind by kind and letter by
        letter, and show the masks of TIKAL-TILE-4 (of TIKAL-TILE-8, for another mix)."""
        mix = self.components.mix
        published = mix == PUBLISHED_MIX
        open_cells = hexgrid.CELL_COUNT - len(self.board.printed)
        if len(self.tiles) != mix.total or len(self.tiles) > open_cells:
            if published or len(self.tiles) > open_cells:
                fault, clause = (
                    f"{len(self.tiles)} terrain tiles for {open_cells} open cells",
                    ("TIKAL-BOARD-5"),
                )
            else:
                fault = f"{len(self.tiles)} terrain tiles, but terrain.per_kind counts {mix.total}"
                clause = "TIKAL-TILE-8"
            raise _fail("manifest", fault, clause)
        kinds = Counter(t.kind for t in self.tiles)
        if any(kinds[kind] != n for kind, n in self.components.tiles_per_kind):
            need = ", ".join(f"{n} {k.value}" for k, n in self.components.tiles_per_kind)
            got = ", ".join(f"{kinds[k]} {k.value}" for k, _ in self.components.tiles_per_kind)
            clause = "TIKAL-TILE-1" if published else "TIKAL-TILE-8"
            raise _fail("manifest", f"the tiles must be {need}, got {got}", clause)
        letters = Counter(t.letter for t in self.tiles)
        for letter, want in self.components.tiles_per_letter:
            if letters[letter] != want:
                raise _fail(
                    "manifest",
                    f"letter {letter} has {letters[letter]} tiles, must be {want}",
                    "TIKAL-TILE-2" if published else "TIKAL-TILE-8",
                )
        masks = sum(t.masks for t in self.tiles)
        want = mask_total(mix, self.components.treasures)
        if masks != want:
            if published:
                raise _fail(
                    "manifest",
                    f"the treasure hexes show {masks} masks in all, "
                    f"must be {self.components.treasures}, one per treasure",
                    "TIKAL-TILE-4",
                )
            raise _fail(
                "manifest",
                f"the {mix.treasure} treasure hexes show {masks} masks in all, must be "
                f"{want}: one per treasure, or 4 on each hex when they cannot show all "
                f"{self.components.treasures}",
                "TIKAL-TILE-8",
            )
        object.__setattr__(self, "mix", mix)

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

    def take(self, mix: TileMix) -> Manifest:
        """Return the tiles ``mix`` takes from this manifest (TIKAL-TILE-8): itself if
        it holds that mix; from a box (a manifest with the published mix), per kind,
        ``k`` of its ``m`` tiles spread evenly over the stacks (tile
        ``floor((2i + 1) m / 2k)`` of the kind, in manifest order, for ``i`` below
        ``k``): some left out, or some taken twice or more (a copy's id gets ``_2``,
        ``_3``, ...). Each tile keeps its letter, stones and temple value; the treasure
        hexes keep their masks unless these do not add up to :func:`~.mix.mask_total`,
        and then the treasures are dealt as evenly as can be, the extra ones on the
        hexes on top. The result is built once per box and mix, and knows its box
        (:attr:`taken_from`). A manifest that holds another mix of its own gives no other
        (``ManifestError``).

        >>> from tikalspeed.board import load_manifest
        >>> box = load_manifest()
        >>> box.take(box.mix) is box
        True
        >>> twelve = box.take(TileMix(temple=12))
        >>> twelve.name, twelve.mix, twelve.taken_from is box
        ('default.mix-12-8-10-3', TileMix(temple=12, treasure=8, jungle=10, volcano=3), True)
        >>> sorted({t.id for t in box.tiles} - {t.id for t in twelve.tiles})
        ['A6', 'D1', 'F5']
        >>> [t.id for t in box.take(TileMix(temple=3, volcano=6)).tiles if t.kind is Kind.VOLCANO]
        ['B1', 'B1_2', 'D3', 'D3_2', 'F2', 'F2_2']
        >>> [t.masks for t in box.take(TileMix(treasure=10, jungle=8)).tiles if t.masks]
        [3, 3, 3, 3, 2, 2, 2, 2, 2, 2]
        """
        if mix == self.mix:
            return self
        fault = mix_fault(mix, "mix")
        if fault is not None:
            raise ManifestError(f"manifest: {fault}")
        if self.mix != PUBLISHED_MIX:
            raise ManifestError(
                f"manifest: {self.name!r} version {self.version} holds a mix of its own, "
                f"{mix_text(self.mix)}, and gives no other (not {mix_text(mix)}) (TIKAL-TILE-8)"
            )
        return _taken(self, TileMix(*mix))


@functools.lru_cache(maxsize=64)
def _taken(box: Manifest, mix: TileMix) -> Manifest:
    """:meth:`Manifest.take` from a box, built once per box and mix."""
    picked: list[tuple[int, int, Tile]] = []  # (place in the box, copy number, tile)
    for kind, k in zip(TERRAIN_KINDS, mix, strict=True):
        places = [i for i, t in enumerate(box.tiles) if t.kind is kind]
        m = len(places)
        copies: Counter[int] = Counter()
        for i in range(k):
            place = places[(2 * i + 1) * m // (2 * k)]
            copies[place] += 1
            picked.append((place, copies[place], box.tiles[place]))
    picked.sort(key=lambda p: (p[2].letter, p[0], p[1]))
    used = {t.id for t in box.tiles} | {p.id for p in box.board.printed}
    treasures = [n for n, p in enumerate(picked) if p[2].kind is Kind.TREASURE]
    masks = {n: picked[n][2].masks for n in treasures}
    want = mask_total(mix, box.components.treasures)
    if sum(masks.values()) != want:  # deal the treasures anew, the extra ones on top
        each, extra = divmod(want, len(treasures))
        masks = {n: each + (j < extra) for j, n in enumerate(treasures)}
    tiles: list[Tile] = []
    for n, (_, copy, tile) in enumerate(picked):
        tile_id, suffix = tile.id, copy
        while copy > 1 and (tile_id == tile.id or tile_id in used):
            tile_id, suffix = f"{tile.id}_{suffix}", suffix + 1
        used.add(tile_id)
        tiles.append(attrs.evolve(tile, id=tile_id, masks=masks.get(n, tile.masks)))
    letters = Counter(t.letter for t in tiles)
    components = attrs.evolve(
        box.components,
        tiles_per_kind=tuple(zip(TERRAIN_KINDS, mix, strict=True)),
        tiles_per_letter=tuple((letter, letters[letter]) for letter in LETTERS),
    )
    taken = Manifest(
        name=f"{box.name}.mix-{mix_text(mix).replace(',', '-')}",
        version=box.version,
        tiles=tuple(tiles),
        board=box.board,
        components=components,
        notes=f"The tiles of the mix {mix_text(mix)} taken from the manifest {box.name!r} "
        f"version {box.version} (TIKAL-TILE-8).",
    )
    object.__setattr__(taken, "taken_from", box)
    return taken


# The JSON form and the loader live in ._manifestjson, which builds the classes above;
