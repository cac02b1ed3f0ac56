"""The board layer: the physical game as data and geometry.

:mod:`.hexgrid` (the 8×5 grid of flat-topped hexes: cells, directions, borders),
:mod:`.tiles` (the terrain tiles and their rotations), :mod:`.printed` (the four
printed hexes), :mod:`.components` (the component counts), :mod:`.manifest` (a copy
of the game: tiles, board and counts, always valid) with its JSON form and loader
(:mod:`.manifestjson`), :mod:`.mix` (how many tiles of each kind a game is played
with, TIKAL-TILE-8), and :mod:`.terrain` (what lies on each cell of a board in
play, what a border costs, the cheapest paths, where a tile fits). Nothing here knows
the rules of play; everything above leans on it.

>>> from tikalspeed.board import load_manifest
>>> manifest = load_manifest()
>>> len(manifest.tiles), manifest.tile("E1").value
(36, 6)
"""

from .components import LEVEL_TILE_TOTAL, LEVEL_TILES, TILES_PER_KIND, TILES_PER_LETTER, Components
from .manifest import Manifest
from .manifestjson import check_not_posing, load_manifest, manifest_from_json, manifest_to_json
from .mix import PUBLISHED_MIX, TileMix
from .printed import Board, PrintedHex
from .tiles import LETTERS, Kind, Stones, Tile, distinct_rotations, rotate

__all__ = [
    "LETTERS",
    "LEVEL_TILES",
    "LEVEL_TILE_TOTAL",
    "PUBLISHED_MIX",
    "TILES_PER_KIND",
    "TILES_PER_LETTER",
    "Board",
    "Components",
    "Kind",
    "Manifest",
    "PrintedHex",
    "Stones",
    "Tile",
    "TileMix",
    "check_not_posing",
    "distinct_rotations",
    "load_manifest",
    "manifest_from_json",
    "manifest_to_json",
    "rotate",
]
