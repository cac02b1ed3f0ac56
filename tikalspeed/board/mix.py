"""A tile mix: how many terrain tiles of each kind a game is played with
(TIKAL-TILE-1, TIKAL-TILE-8).

The published game has 15 temples, 8 treasure hexes, 10 jungle hexes and 3 volcanoes
(:data:`PUBLISHED_MIX`). ``Rules.tile_mix`` may ask for any other mix within the
bounds of TIKAL-TILE-8, checked by :func:`mix_fault`; the tiles of such a mix are taken
from a manifest by :meth:`tikalspeed.board.Manifest.take`.

>>> TileMix()
TileMix(temple=15, treasure=8, jungle=10, volcano=3)
>>> TileMix(temple=12).total, mix_text(TileMix(temple=12))
(33, '12,8,10,3')
>>> print(mix_fault(TileMix(treasure=13), "Rules.tile_mix"))
Rules.tile_mix.treasure must be an int from 0 to 12, not 13 (TIKAL-TILE-8)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..bounds import MAX_AUCTION_SCORE, MAX_SCORE, scoring_points, shown
from . import hexgrid
from .tiles import MASKS

__all__ = [
    "MAX_PER_KIND",
    "MAX_TILES",
    "MIN_TILES",
    "PUBLISHED_MIX",
    "TileMix",
    "as_mix",
    "mask_total",
    "mix_fault",
    "mix_text",
]


class TileMix(NamedTuple):
    """How many terrain tiles of each kind, in the order of ``TERRAIN_KINDS``; the
    defaults are the published mix (TIKAL-TILE-1).

    >>> from tikalspeed.board.tiles import TERRAIN_KINDS
    >>> TileMix._fields == tuple(kind.value for kind in TERRAIN_KINDS)
    True
    """

    temple: int = 15
    """Temple tiles."""
    treasure: int = 8
    """Treasure hexes (ruins)."""
    jungle: int = 10
    """Jungle hexes (clearings)."""
    volcano: int = 3
    """Volcanoes."""

    @property
    def total(self) -> int:
        """The terrain tiles in all."""
        return self.temple + self.treasure + self.jungle + self.volcano


PUBLISHED_MIX = TileMix()
"""The mix of the box: 15 temples, 8 treasure hexes, 10 jungle hexes, 3 volcanoes."""

MAX_TILES = hexgrid.CELL_COUNT - 4
"""The most terrain tiles a mix may hold: 36, one for each open cell (TIKAL-BOARD-5)."""

MIN_TILES = 1
"""The fewest: the game ends when its last tile has been played (TIKAL-END-1), so it
needs one."""

MAX_PER_KIND = TileMix(temple=MAX_TILES, treasure=12, jungle=MAX_TILES, volcano=12)
"""The most tiles of each kind: any number up to :data:`MAX_TILES`, but at most 12
treasure hexes (each shows 2 masks or more, and there are 24 treasures, TIKAL-TILE-4)
and 12 volcanoes (the score bound, below, with no temple tile at all)."""

_SCORE_ROOM = MAX_SCORE - MAX_AUCTION_SCORE
"""What the scorings of a game may add to the highest start score and stay within the
score bound: 900."""


def as_mix(value: Any) -> Any:
    """A tuple or list of four values as a :class:`TileMix` (the check follows)."""
    if isinstance(value, (tuple, list)) and not isinstance(value, TileMix) and len(value) == 4:
        return TileMix(*value)
    return value


def mix_text(mix: TileMix) -> str:
    """The text form of ``mix``: its four counts, ``temple,treasure,jungle,volcano``."""
    return ",".join(str(n) for n in mix)


def mask_total(mix: TileMix, treasures: int = 24) -> int:
    """How many masks the treasure hexes of ``mix`` show in all: one per treasure, or,
    when the hexes are too few to show them all, 4 on each (TIKAL-TILE-4, TIKAL-TILE-8).

    >>> mask_total(TileMix()), mask_total(TileMix(treasure=4)), mask_total(TileMix(treasure=0))
    (24, 16, 0)
    """
    return min(treasures, (MASKS.stop - 1) * mix.treasure)


def mix_fault(mix: object, name: str) -> str | None:
    """What is wrong with ``mix`` as a tile mix, as a message naming it ``name``; ``None``
    if it is within the bounds of TIKAL-TILE-8:

    - four ints (not bools), each from 0 to its :data:`MAX_PER_KIND`;
    - :data:`MIN_TILES` to :data:`MAX_TILES` tiles in all;
    - the score bound: every scoring gives at most :func:`~tikalspeed.bounds.scoring_points`
      of the temples, a player scores once per volcano and once at the end, and all of
      that on top of the highest start score (``MAX_AUCTION_SCORE``) stays within
      ``MAX_SCORE`` (999), so that every score of the game can be read and written.

    >>> print(mix_fault(TileMix(jungle=9, volcano=4), "tile_mix"))
    ... # doctest: +NORMALIZE_WHITESPACE
    tile_mix: 4 volcanoes and 15 temple tiles give up to 5 scorings of up to 218 points;
    99 + 5 × 218 = 1189 passes the score bound 999 (bounds.MAX_SCORE, TIKAL-TILE-8)
    >>> mix_fault(TileMix(temple=11, volcano=4), "tile_mix") is None
    True
    """
    if not isinstance(mix, TileMix) or not all(type(n) is int for n in mix):
        return (
            f"{name} must be 4 whole numbers: temple, treasure, jungle, volcano "
            f"(e.g. 12,8,10,3), not {shown(mix)}"
        )
    for kind, n, top in zip(mix._fields, mix, MAX_PER_KIND, strict=True):
        if not 0 <= n <= top:
            return f"{name}.{kind} must be an int from 0 to {top}, not {shown(n)} (TIKAL-TILE-8)"
    if not MIN_TILES <= mix.total <= MAX_TILES:
        return (
            f"{name} must hold {MIN_TILES} to {MAX_TILES} tiles in all (one for each open "
            f"cell, TIKAL-BOARD-5), not {mix.total} (TIKAL-TILE-8)"
        )
    scorings, points = mix.volcano + 1, scoring_points(mix.temple)
    if scorings * points > _SCORE_ROOM:
        return (
            f"{name}: {mix.volcano} volcanoes and {mix.temple} temple tiles give up to "
            f"{scorings} scorings of up to {points} points; {MAX_AUCTION_SCORE} + {scorings} "
            f"× {points} = {MAX_AUCTION_SCORE + scorings * points} passes the score bound "
            f"{MAX_SCORE} (bounds.MAX_SCORE, TIKAL-TILE-8)"
        )
    return None
