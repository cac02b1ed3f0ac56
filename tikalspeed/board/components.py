"""The component counts of a copy of Tikal: pieces per player, level tiles,
treasures and terrain tiles (TIKAL-COMP-1..4, TIKAL-TILE-1..2, TIKAL-TILE-8)."""

from __future__ import annotations

from typing import Any

import attrs

from ..bounds import shown
from .mix import PUBLISHED_MIX, TileMix, mix_fault
from .tiles import LETTERS, TERRAIN_KINDS, Kind, _fail, _is_int

__all__ = ["LEVEL_TILES", "LEVEL_TILE_TOTAL", "TILES_PER_KIND", "TILES_PER_LETTER", "Components"]


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

_TERRAIN = ("tiles_per_letter", "tiles_per_kind")
"""The terrain counts: those of the box, or of another tile mix (TIKAL-TILE-8)."""

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
    accepts no other (the sources agree on every one of them), but for the terrain
    tiles of another tile mix (TIKAL-TILE-8): ``tiles_per_kind`` may be any mix within
    its bounds, and then ``tiles_per_letter`` any counts of the letters A to G that add
    up to it.

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
        mix = self._mix()
        for a in attrs.fields(Components):
            got = getattr(self, a.name)
            if a.name in _TERRAIN and mix is not None and mix != PUBLISHED_MIX:
                continue  # another tile mix: checked below (TIKAL-TILE-8)
            if not _exactly(got, a.default):
                label, clause = _COMPONENT_FIELDS[a.name]
                raise _fail(
                    "components", f"{label} must be {_show(a.default)}, got {_show(got)}", clause
                )
        if mix is not None and mix != PUBLISHED_MIX:
            self._check_mix(mix)

    def _mix(self) -> TileMix | None:
        """The mix ``tiles_per_kind`` states, if it has the shape of one (the four kinds
        in order, with int counts)."""
        pairs = self.tiles_per_kind
        if (
            isinstance(pairs, tuple)
            and len(pairs) == len(TERRAIN_KINDS)
            and all(isinstance(p, tuple) and len(p) == 2 for p in pairs)
            and tuple(k for k, _ in pairs) == TERRAIN_KINDS
            and all(_is_int(n) for _, n in pairs)
        ):
            return TileMix(*(n for _, n in pairs))
        return None

    def _check_mix(self, mix: TileMix) -> None:
        """Another tile mix: within its bounds, and counted letter by letter."""
        fault = mix_fault(mix, "terrain.per_kind")
        if fault is not None:
            raise _fail("components", fault)
        letters = self.tiles_per_letter
        if not (
            isinstance(letters, tuple)
            and tuple(p[0] if isinstance(p, tuple) and p else None for p in letters)
            == tuple(LETTERS)
            and all(len(p) == 2 and _is_int(p[1]) and p[1] >= 0 for p in letters)
            and sum(n for _, n in letters) == mix.total
        ):
            raise _fail(
                "components",
                f"terrain.per_letter must count the tiles of the letters A to G, "
                f"{mix.total} in all, got {_show(letters)}",
                "TIKAL-TILE-8",
            )

    @property
    def mix(self) -> TileMix:
        """The tile mix: how many terrain tiles of each kind (TIKAL-TILE-1, TIKAL-TILE-8)."""
        return TileMix(*(n for _, n in self.tiles_per_kind))

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


def _exactly(got: Any, default: Any) -> bool:
    """``got`` equals ``default`` with the same types all the way down (``1.0`` or
    ``True`` is not a count of ``1``, inside the pairs too)."""
    if type(got) is not type(default):
        return False
    if isinstance(default, tuple):
        return len(got) == len(default) and all(map(_exactly, got, default))
    return bool(got == default)


def _key(key: Any) -> str:
    return str(key) if isinstance(key, str) else shown(key)


def _show(value: Any) -> str:
    """Show a count as the manifest's JSON object would read (``{2: 3, ...}``), unquoted."""
    if isinstance(value, tuple) and all(isinstance(p, tuple) and len(p) == 2 for p in value):
        return "{" + ", ".join(f"{_key(k)}: {shown(n)}" for k, n in value) + "}"
    return str(value) if isinstance(value, Kind) else shown(value)
