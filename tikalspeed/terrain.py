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
from .state import AP_PER_TURN, EMPTY, PRINTED
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


@functools.lru_cache(maxsize=256)
def _board(
    manifest: Manifest, placed: tuple[int, ...]
) -> tuple[tuple[Kind | None, ...], tuple[Stones, ...]]:
    """Per cell: the kind of hex there (``None`` unexplored) and its stones."""
    t = terrain(manifest)
    return (
        tuple(t.kind(placed, c) for c in range(CELL_COUNT)),
        tuple(t.stones(placed, c) for c in range(CELL_COUNT)),
    )


@functools.lru_cache(maxsize=256)
def _links(manifest: Manifest, placed: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell, the ``(neighbour, cost)`` pairs of crossable borders (TIKAL-MOVE-1..3)."""
    kinds, stones = _board(manifest, placed)
    walkable = [k is not None and k is not Kind.VOLCANO for k in kinds]  # TIKAL-MOVE-2
    out: list[tuple[tuple[int, int], ...]] = []
    for cell in range(CELL_COUNT):
        if not walkable[cell]:
            out.append(())
            continue
        mine = stones[cell]
        here = []
        for d, n in LINKS[cell]:
            if walkable[n]:
                cost = mine[d] + stones[n][OPPOSITE[d]]  # TIKAL-MOVE-1
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


@functools.lru_cache(maxsize=4096)
def distances(manifest: Manifest, placed: tuple[int, ...], origin: int) -> dict[int, int]:
    """Cheapest AP cost from ``origin`` to every cell reachable within one turn's action
    points (TIKAL-MOVE-3): no move can cost more, so the search stops there.

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
            if total <= AP_PER_TURN and total < best.get(n, 1 << 30):
                best[n] = total
                heapq.heappush(heap, (total, n))
    return best


@functools.lru_cache(maxsize=256)
def _frontier(
    manifest: Manifest, placed: tuple[int, ...]
) -> tuple[tuple[int, tuple[tuple[int, bool], ...]], ...]:
    """Each free cell next to an explored hex, with, per direction that touches one,
    whether that neighbour joins by its own stones (non-volcano with a facing stone),
    and ``None`` entries for volcano neighbours (TIKAL-PLACE-1..3)."""
    kinds, stones = _board(manifest, placed)
    out = []
    for cell in range(CELL_COUNT):
        if placed[cell] != EMPTY:
            continue
        sides = []
        for d, n in LINKS[cell]:
            kind = kinds[n]
            if kind is None:
                continue
            if kind is Kind.VOLCANO:
                sides.append((-1 - d, False))  # touches, but can never join
            else:
                sides.append((d, stones[n][OPPOSITE[d]] > 0))
        if sides:
            out.append((cell, tuple(sides)))
    return tuple(out)


@functools.lru_cache(maxsize=256)
def placements(
    manifest: Manifest, placed: tuple[int, ...], tile: int
) -> tuple[tuple[int, int], ...]:
    """Every ``(cell, rotation)`` where ``tile`` may be placed (TIKAL-PLACE-1..4).

    A cell must touch an explored hex (TIKAL-PLACE-1); a volcano needs nothing more
    (TIKAL-PLACE-3); any other tile must share a border with an explored non-volcano
    hex that carries a stone on either side (TIKAL-PLACE-2). Rotations that give the
    same stone layout are listed once (the lowest turn).
    """
    t = terrain(manifest)
    volcano = t.tile_kinds[tile] is Kind.VOLCANO
    rotations = t.tile_rotations[tile]
    oriented = t.oriented[tile]
    out = []
    for cell, sides in _frontier(manifest, placed):
        for rot in rotations:
            stones = oriented[rot]
            if volcano or any(d >= 0 and (joined or stones[d]) for d, joined in sides):
                out.append((cell, rot))
    return tuple(out)


def cell_name(cell: int) -> str:
    """The name of ``cell`` (re-exported from :mod:`tikalspeed.hexgrid`)."""
    return hexgrid.CELL_NAMES[cell]
