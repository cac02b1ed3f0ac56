"""The layouts of the nine village tiles and the eight symmetries of the square.

A *layout* gives the value of each village, in the order a1, b1, c1, a2 … c3, as
``tiki.new_game(layout=...)`` takes it (TIKI-SETUP-1). The default tiles are one +2,
five +1, two 0 and one −1 (TIKI-SETUP-2, :data:`TILES`); tiles of equal value cannot
be told apart, so they lie in 9! / (1! · 5! · 2! · 1!) = 1,512 distinct layouts,
:data:`LAYOUTS`, in ascending order of their value tuples (the order of
:func:`tiki.layouts`).

The square has eight symmetries (:data:`SYMMETRIES`): the identity, three rotations
and four reflections. Each maps villages to villages, so it maps an edge (where the
shaman stands), a move path and a layout too. Two layouts that one symmetry maps onto
the other are the same game seen from another side of the table, when the rules are
symmetric (``tests/tiki/test_layouts.py`` checks that they are, and
``docs/tiki-layouts.md`` says how). The 1,512 layouts fall into 198 classes
(:data:`CLASSES`): 180 of 8 layouts and 18 of 4, those with a mirror axis.

>>> len(LAYOUTS), len(CLASSES)
(1512, 198)
>>> ROTATE90.village(A1) == C1, village_name(ROTATE90.village(C1))
(True, 'c3')
>>> layout = (0, 1, -1, 1, 2, 1, 1, 0, 1)
>>> MIRROR.layout(layout)
(-1, 1, 0, 1, 2, 1, 1, 0, 1)
>>> class_of(layout)
((-1, 1, 0, 1, 2, 1, 1, 0, 1), Symmetry('mirror'))
>>> class_of(layout)[1].layout(layout) == canonical(layout)
True
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeAlias

import attrs

from .island import (  # noqa: F401 (A1, C1, C3, the names: doctests)
    A1,
    C1,
    C3,
    EDGES,
    VILLAGE_NAMES,
    VILLAGES,
    Edge,
    Path,
    Village,
    edge_between,
    edge_name,
    village_from_name,
    village_name,
)

__all__ = [
    "ANTIDIAGONAL",
    "CLASSES",
    "DIAGONAL",
    "FLIP",
    "IDENTITY",
    "LAYOUTS",
    "MIRROR",
    "ROTATE90",
    "ROTATE180",
    "ROTATE270",
    "SYMMETRIES",
    "TILES",
    "Layout",
    "LayoutClass",
    "Symmetry",
    "arrangements",
    "canonical",
    "class_index",
    "class_of",
    "classes",
    "diagram",
    "layout_index",
    "orbit",
    "stabilizer",
    "symmetry",
    "symmetry_between",
]

Layout: TypeAlias = tuple[int, ...]
"""The nine village values of a1, b1, c1, a2 … c3."""

TILES: Layout = (2, 1, 1, 1, 1, 1, 0, 0, -1)
"""The default village tiles (TIKI-SETUP-2): one +2, five +1, two 0 and one −1, highest
first, as ``tiki.Rules().tiles`` holds them."""


def _coords(v: Village) -> tuple[int, int]:
    """File and rank of ``v`` from the centre: ``a1`` is (−1, −1), ``c3`` (1, 1)."""
    return v % 3 - 1, v // 3 - 1


def _village(x: int, y: int) -> Village:
    return (y + 1) * 3 + x + 1


@attrs.frozen(repr=False)
class Symmetry:
    """One of the eight symmetries of the 3×3 square, as a permutation of the villages.

    ``villages[v]`` is the village ``v`` goes to, ``edges[e]`` the edge ``e`` goes to.
    A symmetry maps a position onto another where every tiki, tile and the shaman
    stand on the images of their villages and edges.

    >>> [village_name(v) for v in ROTATE90.path((A1, C1, C3))]
    ['c1', 'c3', 'a3']
    >>> [edge_name(ROTATE90.edge(e)) for e in (0, 1)]
    ['c1c2', 'b1c1']
    >>> ROTATE90.then(ROTATE90) is symmetry("rotate180"), ROTATE90.inverse.name
    (True, 'rotate270')
    """

    name: str
    """``'identity'``, ``'rotate90'`` … or ``'antidiagonal'`` (see :data:`SYMMETRIES`)."""
    villages: tuple[Village, ...]
    """The image of each village a1 … c3."""
    edges: tuple[Edge, ...]
    """The image of each edge ``a1b1`` … ``b3c3``."""

    def village(self, village: Village) -> Village:
        """The image of ``village``."""
        return self.villages[village]

    def edge(self, edge: Edge) -> Edge:
        """The image of ``edge`` (the gap between the images of its two villages)."""
        return self.edges[edge]

    def path(self, path: Sequence[Village]) -> Path:
        """The image of a move path, village by village."""
        return tuple(self.villages[v] for v in path)

    def layout(self, layout: Sequence[int]) -> Layout:
        """The layout where each village's value stands on the village's image.

        >>> MIRROR.layout((1, 2, 3, 4, 5, 6, 7, 8, 9))
        (3, 2, 1, 6, 5, 4, 9, 8, 7)
        """
        out = [0] * 9
        for v, value in zip(VILLAGES, layout, strict=True):
            out[self.villages[v]] = value
        return tuple(out)

    @property
    def inverse(self) -> Symmetry:
        """The symmetry that undoes this one."""
        inv = [0] * 9
        for v in VILLAGES:
            inv[self.villages[v]] = v
        return _BY_VILLAGES[tuple(inv)]

    def then(self, other: Symmetry) -> Symmetry:
        """This symmetry followed by ``other``."""
        return _BY_VILLAGES[tuple(other.villages[self.villages[v]] for v in VILLAGES)]

    def __repr__(self) -> str:
        return f"Symmetry({self.name!r})"


def _symmetry(name: str, xy: tuple[tuple[int, int], tuple[int, int]]) -> Symmetry:
    """The symmetry with linear map ``xy`` (rows of a 2×2 matrix) on centred coordinates."""
    (a, b), (c, d) = xy
    images = []
    for v in VILLAGES:
        x, y = _coords(v)
        images.append(_village(a * x + b * y, c * x + d * y))
    edges = tuple(edge_between(images[v], images[u]) for v, u in EDGES)
    return Symmetry(name, tuple(images), edges)


IDENTITY = _symmetry("identity", ((1, 0), (0, 1)))
"""Every village stays."""
ROTATE90 = _symmetry("rotate90", ((0, -1), (1, 0)))
"""A quarter turn anticlockwise: a1 → c1 → c3 → a3 → a1."""
ROTATE180 = _symmetry("rotate180", ((-1, 0), (0, -1)))
"""A half turn: a1 ↔ c3, b1 ↔ b3."""
ROTATE270 = _symmetry("rotate270", ((0, 1), (-1, 0)))
"""A quarter turn clockwise: a1 → a3 → c3 → c1 → a1."""
MIRROR = _symmetry("mirror", ((-1, 0), (0, 1)))
"""Files a and c swap (the axis through b1, b2, b3)."""
FLIP = _symmetry("flip", ((1, 0), (0, -1)))
"""Ranks 1 and 3 swap (the axis through a2, b2, c2)."""
DIAGONAL = _symmetry("diagonal", ((0, 1), (1, 0)))
"""Reflection in the diagonal a1–b2–c3: file and rank swap, b1 ↔ a2."""
ANTIDIAGONAL = _symmetry("antidiagonal", ((0, -1), (-1, 0)))
"""Reflection in the diagonal a3–b2–c1: a1 ↔ c3, b1 ↔ c2."""

SYMMETRIES: tuple[Symmetry, ...] = (
    IDENTITY,
    ROTATE90,
    ROTATE180,
    ROTATE270,
    MIRROR,
    FLIP,
    DIAGONAL,
    ANTIDIAGONAL,
)
"""The eight symmetries of the square: the identity, the rotations, the reflections.

>>> [s.name for s in SYMMETRIES]
['identity', 'rotate90', 'rotate180', 'rotate270', 'mirror', 'flip', 'diagonal', 'antidiagonal']
>>> ["".join(VILLAGE_NAMES[v] for v in s.villages[:3]) for s in SYMMETRIES[:2]]
['a1b1c1', 'c1c2c3']
"""

_BY_VILLAGES = {s.villages: s for s in SYMMETRIES}
_BY_NAME = {s.name: s for s in SYMMETRIES}


def symmetry(name: str) -> Symmetry:
    """The symmetry named ``name``; a ``KeyError`` names the known ones.

    >>> symmetry("flip").village(A1) == village_from_name("a3")
    True
    """
    try:
        return _BY_NAME[name]
    except KeyError:
        known = ", ".join(_BY_NAME)
        raise KeyError(f"no symmetry {name!r}: one of {known}") from None


def arrangements(tiles: Iterable[int]) -> tuple[Layout, ...]:
    """Every distinct layout of the tile multiset ``tiles``, in ascending order.

    >>> arrangements((1, 0, 0, 0, 0, 0, 0, 0, 0))[:2]
    ((0, 0, 0, 0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 0, 0, 1, 0))
    >>> len(arrangements((1, 0, 0, 0, 0, 0, 0, 0, 0)))
    9
    """
    left = Counter(tiles)
    values = sorted(left)
    size = sum(left.values())
    found: list[Layout] = []
    prefix: list[int] = []

    def extend() -> None:
        if len(prefix) == size:
            found.append(tuple(prefix))
            return
        for value in values:
            if left[value]:
                left[value] -= 1
                prefix.append(value)
                extend()
                prefix.pop()
                left[value] += 1

    extend()
    return tuple(found)


LAYOUTS: tuple[Layout, ...] = arrangements(TILES)
"""The 1,512 layouts of the default tiles, in ascending order: ``LAYOUTS[0]`` has the
−1 on a1, the two 0 on b1 and c1 and the +2 on c3.

>>> LAYOUTS[0], LAYOUTS[-1]
((-1, 0, 0, 1, 1, 1, 1, 1, 2), (2, 1, 1, 1, 1, 1, 0, 0, -1))
"""

_INDEX = {layout: i for i, layout in enumerate(LAYOUTS)}


def layout_index(layout: Sequence[int]) -> int:
    """The place of a layout of the default tiles in :data:`LAYOUTS`, 0 … 1511; a
    ``ValueError`` if it is not one.

    >>> layout_index((-1, 0, 0, 1, 1, 1, 1, 1, 2)), layout_index(TILES)
    (0, 1511)
    """
    try:
        return _INDEX[tuple(layout)]
    except (KeyError, TypeError):
        raise ValueError(
            f"{tuple(layout)!r} is not a layout of the tiles {TILES} (TIKI-SETUP-2)"
        ) from None


def diagram(layout: Sequence[int]) -> str:
    """The layout as the island lies: rank 3 on top, file a on the left.

    >>> print(diagram((0, 1, -1, 1, 2, 1, 1, 0, 1)))
    +1  0 +1
    +1 +2 +1
     0 +1 -1
    """
    values = _layout(layout)
    cells = [f"{v:+d}" if v else " 0" for v in values]
    return "\n".join(" ".join(cells[r * 3 : r * 3 + 3]) for r in (2, 1, 0))


def _layout(layout: Sequence[int]) -> Layout:
    """``layout`` as a tuple of 9 ints, or a ``ValueError`` (TIKI-SETUP-1)."""
    out = tuple(layout)
    if len(out) != 9 or not all(type(v) is int for v in out):
        raise ValueError(f"a layout gives 9 integer village values, not {out!r} (TIKI-SETUP-1)")
    return out


def orbit(layout: Sequence[int]) -> tuple[Layout, ...]:
    """The distinct images of ``layout`` under the eight symmetries, in ascending order:
    its class. Any 9 values are a layout here, not only the default tiles.

    >>> len(orbit(TILES)), len(orbit((2, 1, 0, 1, 1, 1, 0, 1, -1)))
    (8, 4)
    """
    layout = _layout(layout)
    return tuple(sorted({s.layout(layout) for s in SYMMETRIES}))


def canonical(layout: Sequence[int]) -> Layout:
    """The representative of ``layout``'s class: the least of its eight images.

    >>> canonical(TILES)
    (-1, 0, 0, 1, 1, 1, 1, 1, 2)
    >>> canonical(ROTATE90.layout(TILES)) == canonical(TILES) == min(orbit(TILES))
    True
    """
    return orbit(layout)[0]


def class_of(layout: Sequence[int]) -> tuple[Layout, Symmetry]:
    """The representative of ``layout``'s class and the first symmetry (in the order of
    :data:`SYMMETRIES`) that maps ``layout`` onto it.

    >>> class_of((2, 1, 0, 1, 1, 1, 0, 1, -1))
    ((-1, 1, 0, 1, 1, 1, 0, 1, 2), Symmetry('rotate180'))
    >>> class_of((-1, 1, 0, 1, 1, 1, 0, 1, 2))
    ((-1, 1, 0, 1, 1, 1, 0, 1, 2), Symmetry('identity'))
    """
    layout = _layout(layout)
    images = [(s.layout(layout), i) for i, s in enumerate(SYMMETRIES)]
    best, i = min(images)
    return best, SYMMETRIES[i]


def symmetry_between(layout: Sequence[int], target: Sequence[int]) -> Symmetry:
    """The first symmetry (in the order of :data:`SYMMETRIES`) that maps ``layout``
    onto ``target``; a ``ValueError`` when they are not in one class.

    >>> symmetry_between((0, 1, -1, 1, 2, 1, 1, 0, 1), (-1, 1, 0, 1, 2, 1, 1, 0, 1))
    Symmetry('mirror')
    >>> symmetry_between(TILES, LAYOUTS[1])
    Traceback (most recent call last):
    ...
    ValueError: no symmetry maps (2, 1, 1, 1, 1, 1, 0, 0, -1) onto (-1, 0, 0, 1, 1, 1, 1, 2, 1)
    """
    layout, target = _layout(layout), _layout(target)
    for s in SYMMETRIES:
        if s.layout(layout) == target:
            return s
    raise ValueError(f"no symmetry maps {layout!r} onto {target!r}")


def stabilizer(layout: Sequence[int]) -> tuple[Symmetry, ...]:
    """The symmetries that leave ``layout`` as it is (the identity at least). A class
    has 8 / ``len(stabilizer(layout))`` layouts.

    >>> stabilizer((2, 1, 0, 1, 1, 1, 0, 1, -1))
    (Symmetry('identity'), Symmetry('diagonal'))
    """
    layout = _layout(layout)
    return tuple(s for s in SYMMETRIES if s.layout(layout) == layout)


@attrs.frozen
class LayoutClass:
    """The layouts one symmetry or another maps onto each other, and their representative.

    >>> CLASSES[0]
    LayoutClass(representative=(-1, 0, 0, 1, 1, 1, 1, 1, 2), size=8)
    >>> TILES in CLASSES[0].members
    True
    """

    representative: Layout
    """The least layout of the class (:func:`canonical`)."""
    members: tuple[Layout, ...] = attrs.field(repr=False)
    """Every layout of the class, in ascending order (the representative first)."""

    @property
    def size(self) -> int:
        """How many layouts the class holds: 8, or 4 for a layout with a mirror axis."""
        return len(self.members)

    def __repr__(self) -> str:
        return f"LayoutClass(representative={self.representative!r}, size={self.size})"


@functools.cache
def classes(tiles: tuple[int, ...] = TILES) -> tuple[LayoutClass, ...]:
    """The classes of the layouts of ``tiles``, in ascending order of representative.

    >>> [len(classes(t)) for t in ((0,) * 9, (1, 0, 0, 0, 0, 0, 0, 0, 0), TILES)]
    [1, 3, 198]
    """
    members: dict[Layout, list[Layout]] = {}
    for layout in arrangements(tiles):
        members.setdefault(canonical(layout), []).append(layout)
    return tuple(LayoutClass(rep, tuple(members[rep])) for rep in sorted(members))


CLASSES: tuple[LayoutClass, ...] = classes(TILES)
"""The 198 classes of :data:`LAYOUTS`, in ascending order of representative: 180 of 8
layouts and 18 of 4.

>>> Counter(c.size for c in CLASSES)
Counter({8: 180, 4: 18})
"""


_CLASS_INDEX = {c.representative: i for i, c in enumerate(CLASSES)}


def class_index(layout: Sequence[int]) -> int:
    """The place of a default-tiles layout's class in :data:`CLASSES`, 0 … 197; a
    ``ValueError`` if it is not a layout of :data:`TILES`.

    >>> class_index((0, 1, -1, 1, 2, 1, 1, 0, 1)), CLASSES[57].representative
    (57, (-1, 1, 0, 1, 2, 1, 1, 0, 1))
    """
    layout_index(layout)
    return _CLASS_INDEX[canonical(layout)]
