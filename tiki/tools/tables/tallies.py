"""The tally layers of one layout's game, derived from the solver's compact code.

A table splits a layout's positions by their fruit **tally** (x's and o's fruits, the
reserve, the spoiled pile, the tie-break flag; 13 bits of a :class:`~tiki.tools.solve.code.Code`
key). Every tally a game can reach from the start is found by closure under
``Code._fruit`` (so TIKI-INFL-4..8 and TIKI-END-1..4 stay the reference's), and the
layers are built in an order in which every change of tally goes to a layer built
before: the tie-break flag first, then fewer fruits in the reserve, then a smaller
spoiled pile (:func:`tally_order`, checked on every transition).

The rules have no colour in them (TIKI-SETUP-5: who moves first is chance; the
beneficiary is the owner of the top tiki, TIKI-INFL-4; TIKI-END-1..4 compare the two
counts alike), so swapping the colours of every tiki, the two fruit counts and the
player on turn maps the game onto itself: the position (board, player) of a tally with
fruits (a, b) has the value, for the player on turn, of (:func:`swap_board` (board),
1 - player) in the tally with fruits (b, a). Of each such pair of layers only the one
built first is built and stored; :meth:`Tallies.mirror_of` says which layer holds a
layer's positions and whether through the swap.

The C builder gets the rules as flat ``int32`` arrays (:class:`Tallies`): the result of
one influenced village (tally, village, beneficiary) and of an ordered pair, each a
layer index or :data:`OVER` plus the winner (2 a draw), and the paths of each village.

>>> from tiki.tools.tables.tallies import tally_layers
>>> t = tally_layers((0, 1, -1, 1, 2, 1, 1, 0, 1))
>>> len(t.order), t.index[t.start] == len(t.order) - 1, t.describe(0)
(68, True, 'f=0,0 r=1 s=6 tb=1')
>>> t.describe(6), t.mirror_of(6), t.describe(5), t.mirror_of(0)
('f=0,1 r=1 s=5 tb=0', (5, True), 'f=1,0 r=1 s=5 tb=0', (0, False))
>>> sum(swapped for _, swapped in map(t.mirror_of, range(68)))
24
"""

from __future__ import annotations

import functools
from array import array

from ...board.island import PATHS
from ...engine.contract import new_game
from ...model.state import X
from ..solve.code import OPEN, Code

__all__ = [
    "OVER", "START", "Tallies", "describe", "mirror_tally", "swap_board", "tally_layers",
    "tally_order",
]  # fmt: skip

OVER = 100
"""A result code of the C side: ``OVER + w`` a finished game, ``w`` the winner or 2 a draw."""
START = 7 << 6
"""The tally of a new game: no fruits, 7 in the reserve, none spoiled, no tie-break."""


def tally_order(tally: int) -> tuple[int, int, int]:
    """The key of ``tally`` in the building order (the layer built first has the
    largest): tie-break flag, fruits gone from the reserve, spoiled pile."""
    reserve, spoiled, tiebreak = (tally >> 6) & 7, (tally >> 9) & 7, tally >> 12
    return (tiebreak, 7 - reserve, spoiled)


_SWAP = (0, 2, 1, 6, 5, 4, 3)
"""The stack code with its colours swapped: x <-> o, (a, b) -> (1 - a, 1 - b)."""


def swap_board(board: int) -> int:
    """The dense board (base 7, stack code of village ``v`` times ``7**v``) with every
    tiki's colour swapped; it has as many tikis of each colour as ``board`` of the other.

    >>> swap_board(1), swap_board(2 * 7 + 3), swap_board(swap_board(12345)) == 12345
    (2, 13, True)
    """
    out, m = 0, 1
    for _ in range(9):
        board, c = divmod(board, 7)
        out += _SWAP[c] * m
        m *= 7
    return out


def mirror_tally(tally: int) -> int:
    """``tally`` with x's and o's fruits exchanged (the reserve, the spoiled pile and the
    tie-break kept).

    >>> describe(mirror_tally(0b1_011_001_001_010))
    'f=1,2 r=1 s=3 tb=1'
    """
    return (tally & ~63) | (tally & 7) << 3 | (tally >> 3) & 7


class Tallies:
    """The layers of ``layout``'s game under the default rules, and the tables the C
    builder reads (``single``, ``pair``, ``paths``, ``npaths``: flat ``int32`` arrays)."""

    def __init__(self, layout: tuple[int, ...]) -> None:
        """Find the tallies of ``layout`` (closure from :data:`START`) and their tables."""
        self.layout = layout
        """The village values, a1 … c3."""
        self.code = code = Code(new_game(layout=layout, first=X))
        """The compact code of the layout's game (the reference of every transition)."""
        self.start = START
        """The tally of a new game."""
        single: dict[tuple[int, int, int], tuple[int, int]] = {}
        pair: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        seen, todo = {START}, [START]
        while todo:
            t = todo.pop()
            found: list[tuple[int, int]] = []
            for v in range(9):
                for u in (0, 1):
                    single[t, v, u] = code._fruit(t, ((v, u),))
                    found.append(single[t, v, u])
                    for v2 in range(9):
                        if v2 != v:
                            for u2 in (0, 1):
                                pair[t, v, u, v2, u2] = code._fruit(t, ((v, u), (v2, u2)))
                                found.append(pair[t, v, u, v2, u2])
            for new, over in found:
                if over == OPEN and new != t:
                    if tally_order(new) <= tally_order(t):  # pragma: no cover - the rules' own
                        raise AssertionError(f"tally {t:#x} goes back to {new:#x}")
                    if new not in seen:
                        seen.add(new)
                        todo.append(new)
        self.order: tuple[int, ...] = tuple(sorted(seen, key=tally_order, reverse=True))
        """The tallies in building order: layer ``i`` holds the positions of ``order[i]``."""
        self.index = {t: i for i, t in enumerate(self.order)}
        """The layer of each tally."""

        def enc(result: tuple[int, int]) -> int:
            new, over = result
            return self.index[new] if over == OPEN else OVER + over

        n = len(self.order)
        self.single = array("i", [0] * (n * 18))
        """``[layer][village][beneficiary]``: the layer or result after one village."""
        self.pair = array("i", [-1] * (n * 324))
        """``[layer][v1][u1][v2][u2]``: the layer or result after two, in that order."""
        kids: list[set[int]] = [set() for _ in range(n)]
        for i, t in enumerate(self.order):
            for v in range(9):
                for u in (0, 1):
                    r = self.single[(i * 9 + v) * 2 + u] = enc(single[t, v, u])
                    kids[i].add(r)
                    for v2 in range(9):
                        for u2 in (0, 1):
                            if v2 != v:
                                at = (((i * 9 + v) * 2 + u) * 9 + v2) * 2 + u2
                                r = self.pair[at] = enc(pair[t, v, u, v2, u2])
                                kids[i].add(r)
        self.kids: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(k for k in ks if k < OVER and k != i)) for i, ks in enumerate(kids)
        )
        """The other layers each layer's moves lead to (all built before it)."""
        self.paths = array("i", [-1] * (9 * 3 * 8 * 2))
        """``[village][height][k][0..1]``: the villages of a stack's ``k``-th path."""
        self.npaths = array("i", [0] * 27)
        """``[village][height]``: how many paths a stack of that height has."""
        for v in range(9):
            for h in (1, 2):
                ps = [p for p, _ in PATHS[True][v][h]]
                self.npaths[v * 3 + h] = len(ps)
                for k, p in enumerate(ps):
                    self.paths[((v * 3 + h) * 8 + k) * 2] = p[1]
                    self.paths[((v * 3 + h) * 8 + k) * 2 + 1] = p[2] if len(p) == 3 else -1

    def mirror_of(self, layer: int) -> tuple[int, bool]:
        """The layer that holds ``layer``'s positions, and whether through the colour
        swap: ``(layer, False)`` for a layer built and stored, ``(m, True)`` for the
        mirror of layer ``m`` (fruits exchanged, built before it), whose stored value
        at (:func:`swap_board` (board), 1 - player) is ``layer``'s at (board, player)."""
        mirror = self.index[mirror_tally(self.order[layer])]
        return (mirror, True) if mirror < layer else (layer, False)

    def is_own_mirror(self, layer: int) -> bool:
        """Whether ``layer``'s tally is its own mirror (x and o hold as many fruits): its
        position (board, player) has the value of (:func:`swap_board` (board), 1 - player)."""
        return mirror_tally(self.order[layer]) == self.order[layer]

    def describe(self, layer: int) -> str:
        """The tally of ``layer`` in words: ``'f=1,0 r=1 s=5 tb=0'``."""
        return describe(self.order[layer])


def describe(tally: int) -> str:
    """A tally in words: x's and o's fruits, the reserve, the spoiled pile, the tie-break.

    >>> describe(START)
    'f=0,0 r=7 s=0 tb=0'
    """
    t = tally
    return f"f={t & 7},{(t >> 3) & 7} r={(t >> 6) & 7} s={(t >> 9) & 7} tb={t >> 12}"


@functools.lru_cache(maxsize=8)
def tally_layers(layout: tuple[int, ...]) -> Tallies:
    """The :class:`Tallies` of ``layout``, kept (a few are in use at once)."""
    return Tallies(layout)
