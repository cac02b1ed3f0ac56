"""The terrain tiles, as data: their kinds, stones and rotations.

Stones are listed per edge in the order ``N, NE, SE, S, SW, NW`` (clockwise, as the
directions of :mod:`tikalspeed.board.hexgrid`). A tile's ``stones`` are as printed, in its
*home* orientation; turning it clockwise by ``turns`` sixths of a full turn carries the
stones of edge ``i`` to edge ``(i + turns) % 6`` (TIKAL-TILE-6). The board, the printed
hexes, the component counts and the manifest that gathers them are in
:mod:`tikalspeed.board.manifest`.
"""

from __future__ import annotations

import enum
import re
from typing import Any, TypeAlias

import attrs

from ..bounds import shown
from ..errors import ManifestError
from . import hexgrid

Stones: TypeAlias = tuple[int, ...]
"""Stones on the six edges of a hex, in the order ``N, NE, SE, S, SW, NW``."""


class Kind(enum.StrEnum):
    """What a hex shows: the four kinds of terrain tile, and the printed base camp."""

    TEMPLE = "temple"
    TREASURE = "treasure"
    JUNGLE = "jungle"
    VOLCANO = "volcano"
    BASE_CAMP = "base_camp"


TERRAIN_KINDS: tuple[Kind, ...] = (Kind.TEMPLE, Kind.TREASURE, Kind.JUNGLE, Kind.VOLCANO)
"""The kinds a terrain tile can be (TIKAL-TILE-1)."""

PRINTED_KINDS: tuple[Kind, ...] = (Kind.BASE_CAMP, Kind.TEMPLE, Kind.JUNGLE)
"""The kinds a printed hex can be (TIKAL-BOARD-3)."""

LETTERS = "ABCDEFG"
"""The letters on the tiles' backs, in stacking order: A on top (TIKAL-TILE-2)."""

TEMPLE_VALUES = range(1, 7)
"""Printed temple values run from 1 to 6 (TIKAL-TILE-3)."""

MASKS = range(2, 5)
"""A treasure hex shows 2, 3 or 4 masks (TIKAL-TILE-4)."""

MAX_STONES_PER_EDGE = 3
"""No edge of a hex carries more than 3 stones (TIKAL-TILE-5)."""

PRINTED_TEMPLE_VALUE = 1
"""The two printed temples are worth 1 (TIKAL-BOARD-3)."""

_ID = re.compile(r"[A-Za-z0-9_]+")


# --------------------------------------------------------------------------- rotation


def rotate(stones: Stones, turns: int) -> Stones:
    """Return ``stones`` after turning the hex clockwise by ``turns`` sixths (TIKAL-TILE-6).

    The stones on edge ``i`` move to edge ``(i + turns) % 6``; negative ``turns`` turn
    anticlockwise.

    >>> rotate((0, 0, 0, 2, 1, 0), 1)
    (0, 0, 0, 0, 2, 1)
    >>> rotate((0, 0, 0, 2, 1, 0), -3)
    (2, 1, 0, 0, 0, 0)
    """
    t = turns % 6
    return stones[-t:] + stones[:-t] if t else stones


def distinct_rotations(stones: Stones) -> tuple[int, ...]:
    """Return the turns 0–5 that give different stone layouts, smallest first.

    >>> distinct_rotations((0, 0, 0, 3, 0, 0))
    (0, 1, 2, 3, 4, 5)
    >>> distinct_rotations((0, 1, 0, 1, 0, 1)), distinct_rotations((0,) * 6)
    ((0, 1), (0,))
    """
    seen: set[Stones] = set()
    out: list[int] = []
    for t in range(6):
        layout = rotate(stones, t)
        if layout not in seen:
            seen.add(layout)
            out.append(t)
    return tuple(out)


# --------------------------------------------------------------------------- checks


def _fail(who: str, fault: str, clause: str | None = None) -> ManifestError:
    return ManifestError(f"{who}: {fault}" + (f" ({clause})" if clause else ""))


def _is_int(value: object) -> bool:
    return type(value) is int


def _check_id(who: str, value: object) -> None:
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise _fail(who, f"id must be a word of letters, digits and _, got {shown(value)}")


def _check_stones(who: str, stones: object, *, volcano: bool, clause: str) -> None:
    """Check a stone list: its shape, at most 3 per edge, none on a volcano, some on
    anything else (TIKAL-TILE-5 for tiles, TIKAL-BOARD-4 for printed hexes)."""
    if (
        not isinstance(stones, (list, tuple))
        or len(stones) != 6
        or not all(_is_int(s) and s >= 0 for s in stones)
    ):
        raise _fail(who, f"stones must be 6 non-negative ints, got {shown(stones)}")
    for d, s in enumerate(stones):
        if s > MAX_STONES_PER_EDGE:
            raise _fail(
                who,
                f"at most {MAX_STONES_PER_EDGE} stones on an edge, "
                f"got {shown(s)} on {hexgrid.DIRECTION_NAMES[d]}",
                clause,
            )
    if volcano and any(stones):
        raise _fail(who, f"a volcano carries no stones, got {list(stones)}", clause)
    if not volcano and not any(stones):
        raise _fail(who, "a hex other than a volcano carries stones, got none", clause)


def _list_to_tuple(value: Any) -> Any:
    """Accept a list where a tuple is kept (the check that follows reports anything else)."""
    return tuple(value) if isinstance(value, list) else value


def _kind_converter(value: Any) -> Any:
    """Accept a kind's name (``'temple'``) as well as a ``Kind``."""
    if isinstance(value, str) and not isinstance(value, Kind):
        try:
            return Kind(value)
        except ValueError:
            return value
    return value


# --------------------------------------------------------------------------- tiles


@attrs.frozen(cache_hash=True)
class Tile:
    """One terrain hexagon: its back letter, its kind and the stones on its edges.

    ``value`` is the printed value of a temple (0 for other kinds); ``masks`` the
    number of masks on a treasure hex (0 for other kinds); ``stones`` the stones on the
    edges ``N, NE, SE, S, SW, NW`` in the tile's home orientation.

    ``orientations[t]`` holds the stones after ``t`` clockwise turns, and ``rotations``
    the turns that give distinct layouts (TIKAL-TILE-6); both are computed once.

    >>> t = Tile("X1", "C", Kind.JUNGLE, stones=(0, 1, 0, 1, 0, 1))
    >>> t.rotations, t.oriented(1)
    ((0, 1), (1, 0, 1, 0, 1, 0))
    >>> Tile("X2", "C", "treasure", masks=5, stones=(0, 0, 0, 3, 0, 0))
    Traceback (most recent call last):
    ...
    tikalspeed.errors.ManifestError: tile X2: a treasure hex shows 2 to 4 masks, got 5 (TIKAL-...)
    """

    id: str
    """Our id, e.g. ``'C4'``: the letter and the tile's place in the manifest's list."""
    letter: str
    """The letter on the back, ``'A'`` … ``'G'``."""
    kind: Kind = attrs.field(converter=_kind_converter)
    """Temple, treasure, jungle or volcano (a name like ``'temple'`` is accepted)."""
    value: int = 0
    """A temple's printed value, 1–6; 0 for other kinds."""
    masks: int = 0
    """A treasure hex's masks, 2–4; 0 for other kinds."""
    stones: Stones = attrs.field(default=(0, 0, 0, 0, 0, 0), converter=_list_to_tuple)
    """Stones on the edges ``N, NE, SE, S, SW, NW`` in the home orientation."""

    orientations: tuple[Stones, ...] = attrs.field(init=False, eq=False, repr=False)
    """``orientations[t]``: the stones per direction after ``t`` clockwise turns."""
    rotations: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The turns (0–5) that give distinct stone layouts: 1, 2 or 6 of them."""

    def __attrs_post_init__(self) -> None:
        _check_id("tile", self.id)
        who = f"tile {self.id}"
        if not isinstance(self.letter, str) or len(self.letter) != 1 or self.letter not in LETTERS:
            raise _fail(who, f"letter must be one of A–G, got {shown(self.letter)}", "TIKAL-TILE-2")
        if not isinstance(self.kind, Kind) or self.kind not in TERRAIN_KINDS:
            kinds = ", ".join(k.value for k in TERRAIN_KINDS)
            raise _fail(who, f"kind must be one of {kinds}, got {shown(self.kind)}", "TIKAL-TILE-1")
        if self.kind is Kind.TEMPLE:
            if not _is_int(self.value) or self.value not in TEMPLE_VALUES:
                raise _fail(
                    who, f"a temple's value must be 1 to 6, got {shown(self.value)}", "TIKAL-TILE-3"
                )
        elif self.value != 0 or not _is_int(self.value):
            raise _fail(who, f"only a temple has a value, got {shown(self.value)}", "TIKAL-TILE-3")
        if self.kind is Kind.TREASURE:
            if not _is_int(self.masks) or self.masks not in MASKS:
                raise _fail(
                    who,
                    f"a treasure hex shows 2 to 4 masks, got {shown(self.masks)}",
                    "TIKAL-TILE-4",
                )
        elif self.masks != 0 or not _is_int(self.masks):
            raise _fail(
                who, f"only a treasure hex has masks, got {shown(self.masks)}", "TIKAL-TILE-4"
            )
        _check_stones(who, self.stones, volcano=self.kind is Kind.VOLCANO, clause="TIKAL-TILE-5")
        object.__setattr__(self, "orientations", tuple(rotate(self.stones, t) for t in range(6)))
        object.__setattr__(self, "rotations", distinct_rotations(self.stones))

    def oriented(self, turns: int) -> Stones:
        """Return the stones per direction after ``turns`` clockwise turns (TIKAL-TILE-6)."""
        return self.orientations[turns % 6]
