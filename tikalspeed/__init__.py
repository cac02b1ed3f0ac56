"""Tikal on Speed, with base Tikal and the professional (auction) game.

In progress. The data layer is in: the 36 terrain tiles, the board with its printed
hexes and the component counts, as a checked manifest (:mod:`tikalspeed.tiles`,
default in ``tikalspeed/data/manifest.json``), and the board geometry
(:mod:`tikalspeed.hexgrid`). The game rules (states, actions, scoring) are not yet
implemented (issues 3 and 4); they will follow the same contract as :mod:`tiki`
(``design/contract.md``). The rules are in ``specs/tikal.md``, clause by clause.

>>> import tikalspeed
>>> manifest = tikalspeed.load_manifest()
>>> len(manifest.tiles), manifest.tile("E1").value
(36, 6)
>>> tikalspeed.cell_name(tikalspeed.neighbour(manifest.board.base_camp.cell, tikalspeed.NE))
'b2'
"""

from .errors import IllegalActionError, ManifestError, NotationError
from .hexgrid import (
    BORDERS,
    CELLS,
    DIRECTIONS,
    LINKS,
    NE,
    NEIGHBOURS,
    NW,
    SE,
    SW,
    Border,
    Cell,
    Direction,
    N,
    S,
    border_between,
    cell_from_name,
    cell_name,
    direction_between,
    neighbour,
    opposite,
)
from .tiles import (
    Board,
    Components,
    Kind,
    Manifest,
    PrintedHex,
    Tile,
    distinct_rotations,
    load_manifest,
    manifest_from_json,
    manifest_to_json,
    rotate,
)

__all__ = [
    "BORDERS",
    "CELLS",
    "DIRECTIONS",
    "LINKS",
    "NE",
    "NEIGHBOURS",
    "NW",
    "SE",
    "SW",
    "Board",
    "Border",
    "Cell",
    "Components",
    "Direction",
    "IllegalActionError",
    "Kind",
    "Manifest",
    "ManifestError",
    "N",
    "NotationError",
    "PrintedHex",
    "S",
    "Tile",
    "border_between",
    "cell_from_name",
    "cell_name",
    "direction_between",
    "distinct_rotations",
    "load_manifest",
    "manifest_from_json",
    "manifest_to_json",
    "neighbour",
    "opposite",
    "rotate",
]
