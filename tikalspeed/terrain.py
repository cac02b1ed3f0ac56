"""The explored jungle: what lies on each cell, what a border costs, where a tile fits.

Pure functions of the manifest and ``State.placed``; the expensive ones are cached,
since the board changes only when a tile is placed (36 times a game) while pieces
move hundreds of times.
"""

from __future__ import annotations

import functools
import heapq

from . import hexgrid
from .hexgrid import CELL_COUNT, LINKS, OPPOSITE
from .state import EMPTY, PRINTED
from .tiles import Kind, Manifest, Stones

_NO_STONES: Stones = (0, 0, 0, 0, 0, 0)


class Terrain:
    """Lookup tables derived once from a manifest."""

    def __init__(self, manifest: Manifest) -> None:
        self.manifest = manifest
        tiles = manifest.tiles
        self.tile_ids: tuple[str, ...] = tuple(t.id for t in tiles)
        self.tile_kinds: tuple[Kind, ...] = tuple(t.kind for t in tiles)
        self.tile_values: tuple[int, ...] = tuple(t.value for t in tiles)
        self.tile_masks: tuple[int, ...] = tuple(t.masks for t in tiles)
        self.tile_letters: tuple[str, ...] = tuple(t.letter for t in tiles)
        self.tile_rotations: tuple[tuple[int, ...], ...] = tuple(t.rotations for t in tiles)
        self.oriented: tuple[tuple[Stones, ...], ...] = tuple(t.orientations for t in tiles)
        self.index: dict[str, int] = {t.id: i for i, t in enumerate(tiles)}
        board = manifest.board
        self.base_camp: int = board.base_camp.cell
        printed_kind: list[Kind | None] = [None] * CELL_COUNT
        printed_stones: list[Stones] = [_NO_STONES] * CELL_COUNT
        printed_value = [0] * CELL_COUNT
        for p in board.printed:
            printed_kind[p.cell] = p.kind
            printed_stones[p.cell] = p.stones
            printed_value[p.cell] = p.value
        self.printed_kind = tuple(printed_kind)
        self.printed_stones = tuple(printed_stones)
        self.printed_value = tuple(printed_value)

    def kind(self, placed: tuple[int, ...], cell: int) -> Kind | None:
        """The kind of hex on ``cell``, or ``None`` if it is unexplored."""
        code = placed[cell]
        if code == PRINTED:
            return self.printed_kind[cell]
        if code == EMPTY:
            return None
        return self.tile_kinds[code // 6]

    def stones(self, placed: tuple[int, ...], cell: int) -> Stones:
        """The stones on each edge of ``cell`` (none if unexplored)."""
        code = placed[cell]
        if code == PRINTED:
            return self.printed_stones[cell]
        if code == EMPTY:
            return _NO_STONES
        return self.oriented[code // 6][code % 6]


@functools.cache
def terrain(manifest: Manifest) -> Terrain:
    """The lookup tables of ``manifest`` (built once per manifest)."""
    return Terrain(manifest)


def _walkable(t: Terrain, placed: tuple[int, ...], cell: int) -> bool:
    kind = t.kind(placed, cell)
    return kind is not None and kind is not Kind.VOLCANO


@functools.lru_cache(maxsize=4096)
def _links(manifest: Manifest, placed: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell, the ``(neighbour, cost)`` pairs of crossable borders (TIKAL-MOVE-1..3)."""
    t = terrain(manifest)
    out: list[tuple[tuple[int, int], ...]] = []
    for cell in range(CELL_COUNT):
        if not _walkable(t, placed, cell):
            out.append(())
            continue
        mine = t.stones(placed, cell)
        here = []
        for d, n in LINKS[cell]:
            if _walkable(t, placed, n):
                cost = mine[d] + t.stones(placed, n)[OPPOSITE[d]]
                if cost:  # TIKAL-MOVE-2: a stoneless border cannot be crossed
                    here.append((n, cost))
        out.append(tuple(here))
    return tuple(out)


def border_cost(manifest: Manifest, placed: tuple[int, ...], a: int, b: int) -> int | None:
    """The AP to cross from ``a`` to adjacent ``b``, or ``None`` if it cannot be crossed."""
    for n, cost in _links(manifest, placed)[a]:
        if n == b:
            return cost
    return None


@functools.lru_cache(maxsize=65536)
def distances(manifest: Manifest, placed: tuple[int, ...], origin: int) -> dict[int, int]:
    """Cheapest AP cost from ``origin`` to every reachable cell (TIKAL-MOVE-3).

    The result is shared through the cache: do not change it.
    """
    links = _links(manifest, placed)
    best = {origin: 0}
    heap = [(0, origin)]
    while heap:
        cost, cell = heapq.heappop(heap)
        if cost > best[cell]:
            continue
        for n, c in links[cell]:
            total = cost + c
            if total < best.get(n, 1 << 30):
                best[n] = total
                heapq.heappush(heap, (total, n))
    return best


def _fits(t: Terrain, placed: tuple[int, ...], cell: int, stones: Stones, volcano: bool) -> bool:
    """TIKAL-PLACE-2/3: next to an explored hex; joined by stones unless a volcano."""
    touches = False
    joined = False
    for d, n in LINKS[cell]:
        kind = t.kind(placed, n)
        if kind is None:
            continue
        touches = True
        if kind is not Kind.VOLCANO and (stones[d] or t.stones(placed, n)[OPPOSITE[d]]):
            joined = True
            break
    return touches and (volcano or joined)


@functools.lru_cache(maxsize=4096)
def placements(
    manifest: Manifest, placed: tuple[int, ...], tile: int
) -> tuple[tuple[int, int], ...]:
    """Every ``(cell, rotation)`` where ``tile`` may be placed (TIKAL-PLACE-1..4).

    Rotations that give the same stone layout are listed once (the lowest turn).
    """
    t = terrain(manifest)
    volcano = t.tile_kinds[tile] is Kind.VOLCANO
    out = []
    for cell in range(CELL_COUNT):
        if placed[cell] != EMPTY:
            continue
        for rot in t.tile_rotations[tile]:
            if _fits(t, placed, cell, t.oriented[tile][rot], volcano):
                out.append((cell, rot))
    return tuple(out)


def cell_name(cell: int) -> str:
    """The name of ``cell`` (re-exported from :mod:`tikalspeed.hexgrid`)."""
    return hexgrid.CELL_NAMES[cell]
