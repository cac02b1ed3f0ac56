"""The 3×3 island: villages, the edges between them and the paths a totem can take.

Villages are ``int`` indices 0–8 named like a chess board: files ``a``–``c`` from
left to right, ranks ``1``–``3`` from bottom to top, so ``a1`` is 0, ``c1`` is 2 and
``c3`` is 8. Module constants ``A1`` … ``C3`` hold the indices.

Edges are the 12 gaps between orthogonally adjacent villages, where the shaman may
stand (clause TIKI-SHAMAN-1). An edge is an ``int`` index 0–11 and is named by its
two villages, lower index first: ``a1b1``.

>>> VILLAGE_NAMES[B2], village_from_name("c3")
('b2', 8)
>>> EDGE_NAMES[edge_between(A1, B1)]
'a1b1'
>>> [village_name(v) for v in NEIGHBOURS[A1]]
['b1', 'a2']
"""

from __future__ import annotations

import itertools
from typing import TypeAlias

Village: TypeAlias = int
"""A village index, 0–8 (``a1`` … ``c3``)."""

Edge: TypeAlias = int
"""An edge index, 0–11: a gap between two orthogonally adjacent villages."""

Path: TypeAlias = tuple[int, ...]
"""A move path: the start village followed by every village entered."""

A1, B1, C1, A2, B2, C2, A3, B3, C3 = range(9)
VILLAGES: tuple[Village, ...] = tuple(range(9))
FILES = "abc"
RANKS = "123"

VILLAGE_NAMES: tuple[str, ...] = tuple(f + r for r in RANKS for f in FILES)
_VILLAGE_BY_NAME = {name: v for v, name in enumerate(VILLAGE_NAMES)}


def village_name(village: Village) -> str:
    """Return the board name of ``village`` (``0`` → ``'a1'``)."""
    return VILLAGE_NAMES[village]


def village_from_name(name: str) -> Village:
    """Return the village named ``name`` (``'b2'`` → ``4``); raise ``KeyError`` if unknown."""
    return _VILLAGE_BY_NAME[name]


def _coords(v: Village) -> tuple[int, int]:
    return v % 3, v // 3


def _neighbours(v: Village) -> tuple[Village, ...]:
    f, r = _coords(v)
    out = []
    for df, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        nf, nr = f + df, r + dr
        if 0 <= nf < 3 and 0 <= nr < 3:
            out.append(nr * 3 + nf)
    return tuple(sorted(out))


NEIGHBOURS: tuple[tuple[Village, ...], ...] = tuple(_neighbours(v) for v in VILLAGES)
"""For each village, its orthogonal neighbours in index order (TIKI-MOVE-3)."""

EDGES: tuple[tuple[Village, Village], ...] = tuple(
    (v, u) for v in VILLAGES for u in NEIGHBOURS[v] if v < u
)
"""The 12 internal edges as ``(lower, higher)`` village pairs, in index order."""

EDGE_NAMES: tuple[str, ...] = tuple(VILLAGE_NAMES[v] + VILLAGE_NAMES[u] for v, u in EDGES)
_EDGE_BY_PAIR = {pair: e for e, pair in enumerate(EDGES)}
_EDGE_BY_NAME = {name: e for e, name in enumerate(EDGE_NAMES)}


def edge_between(v: Village, u: Village) -> Edge:
    """Return the edge between adjacent villages ``v`` and ``u`` (either order)."""
    return _EDGE_BY_PAIR[(v, u) if v < u else (u, v)]


def edge_name(edge: Edge) -> str:
    """Return the name of ``edge``, e.g. ``'a1b1'``."""
    return EDGE_NAMES[edge]


def edge_from_name(name: str) -> Edge:
    """Return the edge named ``name`` (either village first); raise ``KeyError`` if unknown."""
    if name in _EDGE_BY_NAME:
        return _EDGE_BY_NAME[name]
    if len(name) == 4:
        return edge_between(village_from_name(name[:2]), village_from_name(name[2:]))
    raise KeyError(name)


def _paths(origin: Village, length: int, allow_turns: bool) -> tuple[Path, ...]:
    """Every path of ``length`` steps from ``origin`` (TIKI-MOVE-2..5)."""
    paths: list[Path] = [(origin,)]
    for _ in range(length):
        longer = []
        for p in paths:
            for u in NEIGHBOURS[p[-1]]:
                if len(p) >= 2 and u == p[-2]:
                    continue  # TIKI-MOVE-4: never straight back into the village just left
                if not allow_turns and len(p) >= 2:
                    (f0, r0), (f1, r1), (f2, r2) = _coords(p[-2]), _coords(p[-1]), _coords(u)
                    if (f1 - f0, r1 - r0) != (f2 - f1, r2 - r1):
                        continue  # TIKI-MOVE-5, straight-only reading
                longer.append((*p, u))
        paths = longer
    return tuple(paths)


def _crossed(path: Path) -> frozenset[Edge]:
    return frozenset(edge_between(a, b) for a, b in itertools.pairwise(path))


# PATHS[allow_turns][origin][height] -> tuple of (path, edges crossed)
PATHS: dict[bool, tuple[dict[int, tuple[tuple[Path, frozenset[Edge]], ...]], ...]] = {
    turns: tuple(
        {h: tuple((p, _crossed(p)) for p in _paths(v, h, turns)) for h in (1, 2)}
        for v in VILLAGES
    )
    for turns in (True, False)
}
"""Precomputed move paths with the edges each crosses, by turning rule, origin and height."""
