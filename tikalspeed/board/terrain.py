"""The explored jungle: what lies on each cell, what a border costs, where a tile fits.

Pure functions of the manifest and ``State.placed``; the expensive ones are cached,
since the board changes only when a tile is placed (36 times a game) while pieces
move hundreds of times.
"""

from __future__ import annotations

import functools

from .hexgrid import CELL_COUNT, LINKS, NEIGHBOURS, OPPOSITE
from .manifest import Manifest
from .tiles import Kind, Stones

EMPTY = -1
"""A cell with no tile yet (``State.placed``), or no camp / guard owner."""
PRINTED = -2
"""A cell printed on the board as explored (``State.placed``)."""

HORIZON = 10
"""How far paths are searched, in action points: no move can cost more than the 10
points of a turn (TIKAL-TURN-2, ``tikalspeed.AP_PER_TURN``)."""

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
        self.stone_masks: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(1 << d for d in range(6) if stones[d]) for stones in t.orientations)
            for t in tiles
        )
        """Per tile and turn: the bit mask of the directions that carry stones."""
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
def _terrain(manifest: Manifest) -> Terrain:
    return Terrain(manifest)


_LAST_TERRAIN: tuple[Manifest | None, Terrain | None] = (None, None)
"""The manifest :func:`terrain` answered last, and its answer (one tuple, swapped whole)."""


def terrain(manifest: Manifest) -> Terrain:
    """The lookup tables of ``manifest`` (built once per manifest; the one asked for
    last is found by identity, without hashing the manifest)."""
    global _LAST_TERRAIN
    last = _LAST_TERRAIN
    if last[0] is manifest:
        assert last[1] is not None
        return last[1]
    found = _terrain(manifest)
    _LAST_TERRAIN = (manifest, found)
    return found


class Reach:
    """The distances from one origin on one board (:func:`reach`): ``dist`` maps each
    cell within ``horizon`` AP to its cost, in order of cost with the origin first (the
    order of a search to 10 AP, cut at ``horizon``); ``costs``
    are those costs after the origin's, in that order. ``memo`` is a place for what the
    engine derives from them (its moves from the origin), kept as long as the reach."""

    __slots__ = ("costs", "dist", "horizon", "memo")

    def __init__(self, dist: dict[int, int], costs: tuple[int, ...], horizon: int) -> None:
        self.dist = dist
        self.costs = costs
        self.horizon = horizon
        """How far the search went: every cell within this many AP is in ``dist``."""
        self.memo: list[object] = [None, None, None, None, None, None, None, None]


class BoardInfo:
    """What the rules need to know about one board (one ``State.placed``), per cell.

    Built once per board and shared; a board that differs from the last one looked
    up by one newly placed tile (the usual case) is derived from it by patching the
    cells around the new tile instead of rebuilding all 40.
    """

    __slots__ = (
        "frontier",
        "kinds",
        "links",
        "new_cell",
        "parent",
        "places",
        "reach",
        "sites",
        "stones",
    )

    def __init__(
        self,
        kinds: tuple[Kind | None, ...],
        stones: tuple[Stones, ...],
        links: tuple[tuple[tuple[int, int], ...], ...],
        frontier: tuple[tuple[int, int, bool], ...],
        sites: tuple[int, ...],
    ) -> None:
        self.kinds = kinds
        """Per cell: the kind of hex there, ``None`` if unexplored."""
        self.stones = stones
        """Per cell: its stones per direction (none if unexplored)."""
        self.links = links
        """Per cell: ``(neighbour, cost)`` of each crossable border (TIKAL-MOVE-1/2)."""
        self.frontier = frontier
        """``(cell, touch, joined)`` per free cell next to an explored hex (TIKAL-PLACE-1):
        ``touch`` masks the directions of explored non-volcano neighbours, ``joined``
        says whether one of them has a stone on its facing edge (TIKAL-PLACE-2)."""
        self.sites = sites
        """Cells explored as jungle or treasure hexes, where camps may stand (TIKAL-CAMP-1)."""
        self.parent: BoardInfo | None = None
        """The board this one was patched from, if it was."""
        self.new_cell = -1
        """The cell explored since :attr:`parent`."""
        self.reach: dict[int, Reach] = {}
        """:func:`reach` from each origin asked for so far on this board."""
        self.places: dict[int, tuple[tuple[int, int], ...]] = {}
        """:func:`placements` of each tile asked for so far on this board."""


def _cell_links(
    cell: int, kinds: list[Kind | None], stones: list[Stones]
) -> tuple[tuple[int, int], ...]:
    kind = kinds[cell]
    if kind is None or kind is Kind.VOLCANO:  # TIKAL-MOVE-2: not walkable
        return ()
    mine = stones[cell]
    here = []
    for d, n in LINKS[cell]:
        other = kinds[n]
        if other is not None and other is not Kind.VOLCANO:  # walkable (TIKAL-MOVE-2)
            cost = mine[d] + stones[n][OPPOSITE[d]]  # TIKAL-MOVE-1
            if cost:  # TIKAL-MOVE-2: a stoneless border cannot be crossed
                here.append((n, cost))
    return tuple(here)


def _cell_frontier(
    cell: int, kinds: list[Kind | None], stones: list[Stones]
) -> tuple[int, int, bool] | None:
    near = False
    touch = 0
    joined = False
    for d, n in LINKS[cell]:
        kind = kinds[n]
        if kind is None:
            continue
        near = True
        if kind is not Kind.VOLCANO:  # a volcano touches but never joins
            touch |= 1 << d
            joined = joined or stones[n][OPPOSITE[d]] > 0
    return (cell, touch, joined) if near else None


def _is_site(kind: Kind | None) -> bool:
    return kind is Kind.JUNGLE or kind is Kind.TREASURE


def _build(t: Terrain, placed: tuple[int, ...]) -> BoardInfo:
    kinds = [t.kind(placed, c) for c in range(CELL_COUNT)]
    stones = [t.stones(placed, c) for c in range(CELL_COUNT)]
    links = tuple(_cell_links(c, kinds, stones) for c in range(CELL_COUNT))
    front = (_cell_frontier(c, kinds, stones) for c in range(CELL_COUNT) if placed[c] == EMPTY)
    return BoardInfo(
        tuple(kinds),
        tuple(stones),
        links,
        tuple(f for f in front if f is not None),
        tuple(c for c in range(CELL_COUNT) if _is_site(kinds[c])),
    )


def _patch(t: Terrain, old: BoardInfo, placed: tuple[int, ...], cell: int) -> BoardInfo:
    """``old`` with a tile newly placed on ``cell``: only its neighbourhood changes."""
    kinds = list(old.kinds)
    stones = list(old.stones)
    kinds[cell] = t.kind(placed, cell)
    stones[cell] = t.stones(placed, cell)
    links = list(old.links)
    links[cell] = _cell_links(cell, kinds, stones)
    front = {f[0]: f for f in old.frontier}
    front.pop(cell, None)  # a cell off the frontier too: a board read from outside
    for n in NEIGHBOURS[cell]:
        links[n] = _cell_links(n, kinds, stones)
        if placed[n] == EMPTY:
            f = _cell_frontier(n, kinds, stones)
            if f is not None:
                front[n] = f
    sites = old.sites
    if _is_site(kinds[cell]):
        sites = tuple(sorted((*sites, cell)))
    info = BoardInfo(
        tuple(kinds), tuple(stones), tuple(links), tuple(front[c] for c in sorted(front)), sites
    )
    info.new_cell = cell
    return info


_INFO: dict[tuple[Manifest, tuple[int, ...]], BoardInfo] = {}
_LAST: dict[Manifest, tuple[tuple[int, ...], BoardInfo]] = {}
_INFO_BY_ID: dict[int, tuple[tuple[int, ...], Manifest, BoardInfo]] = {}
_INFO_LIMIT = 64
"""How many boards the cache keeps before it starts afresh. A board holds the distances
from every origin asked for on it, a few hundred objects: kept long, they outlive the
collector's young generations and make its full collections frequent and slow (512
boards cost the compiled engine 10% of its time, measured); a board not kept costs
one patch (about 7 µs compiled) or one build (27 µs) when it is asked for again."""


def board_info(manifest: Manifest, placed: tuple[int, ...]) -> BoardInfo:
    """The :class:`BoardInfo` of ``placed`` (shared: do not change it)."""
    quick = _INFO_BY_ID.get(id(placed))
    if quick is not None and quick[0] is placed and quick[1] is manifest:
        return quick[2]
    key = (manifest, placed)
    info = _INFO.get(key)
    if info is None:
        t = terrain(manifest)
        last = _LAST.get(manifest)
        if last is not None:
            before, old = last
            changed = [c for c in range(CELL_COUNT) if placed[c] != before[c]]
            if len(changed) == 1 and before[changed[0]] == EMPTY:
                info = _patch(t, old, placed, changed[0])
                old.parent = None  # a board remembers one board back, no more
                info.parent = old
        if info is None:
            info = _build(t, placed)
        if len(_INFO) >= _INFO_LIMIT:
            _INFO.clear()
        _INFO[key] = info
    _LAST[manifest] = (placed, info)
    if len(_INFO_BY_ID) >= _INFO_LIMIT:
        _INFO_BY_ID.clear()
    _INFO_BY_ID[id(placed)] = (placed, manifest, info)
    return info


def _links(manifest: Manifest, placed: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell, the ``(neighbour, cost)`` pairs of crossable borders (TIKAL-MOVE-1..3)."""
    return board_info(manifest, placed).links


def border_cost(manifest: Manifest, placed: tuple[int, ...], a: int, b: int) -> int | None:
    """The AP to cross from ``a`` to adjacent ``b``, or ``None`` if it cannot be crossed."""
    for n, cost in _links(manifest, placed)[a]:
        if n == b:
            return cost
    return None




def distances(manifest: Manifest, placed: tuple[int, ...], origin: int) -> dict[int, int]:
    """Cheapest AP cost from ``origin`` to every cell reachable within one turn's action
    points (TIKAL-MOVE-3): no move can cost more, so the search stops there.

    The cells come in order of cost, ``origin`` first. The result is shared: do not
    change it.
    """
    return reach(board_info(manifest, placed), origin).dist


def reach(info: BoardInfo, origin: int, within: int = HORIZON) -> Reach:
    """The :class:`Reach` of ``origin`` on the board of ``info``, complete at least
    ``within`` AP out (at most 10: :data:`HORIZON`); shared, built once per board and
    origin unless a farther horizon is asked for later. A piece that has just moved
    has only the points left to go on, so its search stops there."""
    found = info.reach.get(origin)
    if found is not None and found.horizon >= within:
        return found
    parent = info.parent
    if parent is not None:
        last = parent.reach.get(origin)
        if last is not None and last.horizon >= within:
            dist, horizon = last.dist, last.horizon
            for n in NEIGHBOURS[info.new_cell]:
                if dist.get(n, horizon + 1) < horizon:
                    break
            else:
                # the one tile placed since lies beyond every path: a path through it
                # would first reach one of its neighbours, at the horizon or beyond
                info.reach[origin] = last
                return last
    found = _search(info.links, origin, within)
    info.reach[origin] = found
    return found


def _search(links: tuple[tuple[tuple[int, int], ...], ...], origin: int, horizon: int) -> Reach:
    """Dijkstra over small integer costs, with a bucket queue, up to ``horizon`` AP."""
    far = horizon + 1
    best = [far] * CELL_COUNT
    best[origin] = 0
    done: dict[int, int] = {}
    costs: list[int] = []
    buckets: list[list[int]] = [[] for _ in range(far)]
    buckets[0].append(origin)
    for cost, bucket in enumerate(buckets):
        for cell in bucket:
            if best[cell] != cost:
                continue  # reached more cheaply since: settled in an earlier bucket
            done[cell] = cost  # pushed only on a strict improvement: once per bucket
            costs.append(cost)
            for n, c in links[cell]:
                total = cost + c
                if total < best[n]:
                    best[n] = total
                    if total < far:
                        buckets[total].append(n)
    return Reach(done, tuple(costs[1:]), horizon)


def placements(
    manifest: Manifest, placed: tuple[int, ...], tile: int
) -> tuple[tuple[int, int], ...]:
    """Every ``(cell, rotation)`` where ``tile`` may be placed (TIKAL-PLACE-1..4).

    A cell must touch an explored hex (TIKAL-PLACE-1); a volcano needs nothing more
    (TIKAL-PLACE-3); any other tile must share a border with an explored non-volcano
    hex that carries a stone on either side (TIKAL-PLACE-2). Rotations that give the
    same stone layout are listed once (the lowest turn).
    """
    info = board_info(manifest, placed)
    found = info.places.get(tile)
    if found is not None:
        return found
    t = terrain(manifest)
    volcano = t.tile_kinds[tile] is Kind.VOLCANO
    rotations = t.tile_rotations[tile]
    masks = t.stone_masks[tile]
    out: list[tuple[int, int]] = []
    spots = _SPOTS
    for cell, touch, joined in info.frontier:
        base = cell * 6
        anywhere = volcano or joined
        for rot in rotations:
            if anywhere or masks[rot] & touch:
                out.append(spots[base + rot])
    found = info.places[tile] = tuple(out)
    return found


_SPOTS = tuple((cell, rot) for cell in range(CELL_COUNT) for rot in range(6))
"""Shared ``(cell, rotation)`` pairs: index cell * 6 + rotation."""
