"""Actions: one small frozen class per kind of decision, each carrying its ``player``.

Every action has a one-token notation (``str(action)``) that :func:`parse_action`
reads back in a given state:

========================  ==================  ======================================
action                    token               decision
========================  ==================  ======================================
:class:`Create`           ``+b2``             put a tiki from your supply on b2
:class:`Move`             ``a1-b1-c1``        move the totem on a1 along the path
:class:`Order`            ``!b2``             resolve influenced village b2 first
:class:`PlaceShaman`      ``s@a1b1``          put the shaman on the edge a1–b1
:class:`MoveShaman`       ``s>b2c2``          move the shaman to the edge b2–c2
:class:`KeepShaman`       ``s=``              leave the shaman where it is
:class:`Pass`             ``pass``            forced pass: no legal action
:class:`Layout`           ``layout=...``      chance: the village values, a1 … c3
:class:`FirstPlayer`      ``first=x``         chance: who moves first
========================  ==================  ======================================

>>> Move(player=X, path=(A1, B1, C1))
Move(player=X, path=(A1, B1, C1))
>>> str(Move(player=X, path=(A1, B1, C1))), str(Create(player=O, village=B2))
('a1-b1-c1', '+b2')
>>> str(Layout(tiles=(1, 2, 0, 1, 1, -1, 1, 0, 1)))
'layout=1,2,0,1,1,-1,1,0,1'

An action whose fields have the wrong type or range still prints, never raises:

>>> str(Create(player=X, village=99)), repr(Move(player=X, path="x"))
('<malformed Create(player=0, village=99)>', "<malformed Move(player=0, path='x')>")
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from ..board.island import A1, A2, A3, B1, B2, B3, C1, C2, C3, VILLAGE_NAMES, edge_name
from ..errors import shown
from .rules import TILE_VALUES
from .state import CHANCE, O, X

__all__ = [
    "A1",
    "A2",
    "A3",
    "B1",
    "B2",
    "B3",
    "C1",
    "C2",
    "C3",
    "CHANCE",
    "Action",
    "Create",
    "FirstPlayer",
    "KeepShaman",
    "Layout",
    "Move",
    "MoveShaman",
    "O",
    "Order",
    "Pass",
    "PlaceShaman",
    "X",
    "player_repr",
    "well_formed",
]

_VILLAGE_CONSTS = ("A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3")
assert [globals()[n] for n in _VILLAGE_CONSTS] == list(range(9))
_EDGE_COUNT = 12


def player_repr(player: object) -> str:
    """Return the constant name of ``player``: ``'X'``, ``'O'`` or ``'CHANCE'``."""
    if type(player) is int and player in _PLAYER_CONSTS:
        return _PLAYER_CONSTS[player]
    return shown(player)


_PLAYER_CONSTS = {X: "X", O: "O", CHANCE: "CHANCE"}


def _is_player(p: object) -> bool:
    return type(p) is int and p in _PLAYER_CONSTS


def _is_village(v: object) -> bool:
    return type(v) is int and 0 <= v < 9


def _is_edge(e: object) -> bool:
    return type(e) is int and 0 <= e < _EDGE_COUNT


def _malformed(action: object, *fields: str) -> str:
    """``<malformed Create(player=0, village=99)>``: the raw fields of a bad action."""
    inner = ", ".join(f"{f}={shown(getattr(action, f, None))}" for f in fields)
    return f"<malformed {type(action).__name__}({inner})>"


@attrs.frozen(repr=False)
class Create:
    """TIKI-CREATE-1: put one tiki from your supply on an empty village."""

    player: int
    village: int

    def well_formed(self) -> bool:
        """Whether every field has its type and range (see :func:`well_formed`)."""
        return _is_player(self.player) and _is_village(self.village)

    def __str__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "player", "village")
        return "+" + VILLAGE_NAMES[self.village]

    def __repr__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "player", "village")
        return f"Create(player={player_repr(self.player)}, village={_VILLAGE_CONSTS[self.village]})"


@attrs.frozen(repr=False)
class Move:
    """TIKI-MOVE-1..6: move the totem on ``path[0]`` through every village of ``path[1:]``."""

    player: int
    path: tuple[int, ...]

    def well_formed(self) -> bool:
        """Whether every field has its type and range (see :func:`well_formed`)."""
        path = self.path
        return (
            _is_player(self.player)
            and type(path) is tuple
            and len(path) > 0
            and all(_is_village(v) for v in path)
        )

    def __str__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "player", "path")
        return "-".join(VILLAGE_NAMES[v] for v in self.path)

    def __repr__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "player", "path")
        path = ", ".join(_VILLAGE_CONSTS[v] for v in self.path)
        return f"Move(player={player_repr(self.player)}, path=({path}))"


@attrs.frozen(repr=False)
class Order:
    """TIKI-INFL-3: the player not on turn picks which influenced village resolves first."""

    player: int
    village: int

    def well_formed(self) -> bool:
        """Whether every field has its type and range (see :func:`well_formed`)."""
        return _is_player(self.player) and _is_village(self.village)

    def __str__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "player", "village")
        return "!" + VILLAGE_NAMES[self.village]

    def __repr__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "player", "village")
        return f"Order(player={player_repr(self.player)}, village={_VILLAGE_CONSTS[self.village]})"


@attrs.frozen(repr=False)
class PlaceShaman:
    """TIKI-SHAMAN-2: the second player puts the shaman on an edge before their first move."""

    player: int
    edge: int

    def well_formed(self) -> bool:
        """Whether every field has its type and range (see :func:`well_formed`)."""
        return _is_player(self.player) and _is_edge(self.edge)

    def __str__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "player", "edge")
        return "s@" + edge_name(self.edge)

    def __repr__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "player", "edge")
        return f"PlaceShaman(player={player_repr(self.player)}, edge={self.edge})"


@attrs.frozen(repr=False)
class MoveShaman:
    """TIKI-SHAMAN-4: after a 0 village is influenced, its beneficiary moves the shaman."""

    player: int
    edge: int

    def well_formed(self) -> bool:
        """Whether every field has its type and range (see :func:`well_formed`)."""
        return _is_player(self.player) and _is_edge(self.edge)

    def __str__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "player", "edge")
        return "s>" + edge_name(self.edge)

    def __repr__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "player", "edge")
        return f"MoveShaman(player={player_repr(self.player)}, edge={self.edge})"


@attrs.frozen(repr=False)
class KeepShaman:
    """TIKI-SHAMAN-4: after a 0 village is influenced, its beneficiary leaves the shaman."""

    player: int

    def well_formed(self) -> bool:
        """Whether every field has its type and range (see :func:`well_formed`)."""
        return _is_player(self.player)

    def __str__(self) -> str:
        return "s=" if self.well_formed() else _malformed(self, "player")

    def __repr__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "player")
        return f"KeepShaman(player={player_repr(self.player)})"


@attrs.frozen(repr=False)
class Pass:
    """TIKI-END-5: the forced pass of a player who has no legal action."""

    player: int

    def well_formed(self) -> bool:
        """Whether every field has its type and range (see :func:`well_formed`)."""
        return _is_player(self.player)

    def __str__(self) -> str:
        return "pass" if self.well_formed() else _malformed(self, "player")

    def __repr__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "player")
        return f"Pass(player={player_repr(self.player)})"


@attrs.frozen(repr=False)
class Layout:
    """TIKI-SETUP-1: chance lays the village values out, in order a1, b1, c1, a2 … c3."""

    tiles: tuple[int, ...]
    player: int = CHANCE

    def well_formed(self) -> bool:
        """Whether every field has its type and range (see :func:`well_formed`)."""
        tiles = self.tiles
        return (
            _is_player(self.player)
            and type(tiles) is tuple
            and len(tiles) == 9
            and all(type(t) is int and t in TILE_VALUES for t in tiles)
        )

    def __str__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "tiles", "player")
        return "layout=" + ",".join(str(v) for v in self.tiles)

    def __repr__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "tiles", "player")
        who = "" if self.player == CHANCE else f", player={player_repr(self.player)}"
        return f"Layout(tiles={self.tiles!r}{who})"


@attrs.frozen(repr=False)
class FirstPlayer:
    """TIKI-SETUP-5: chance picks the first player."""

    first: int
    player: int = CHANCE

    def well_formed(self) -> bool:
        """Whether every field has its type and range (see :func:`well_formed`)."""
        return _is_player(self.player) and type(self.first) is int and self.first in (X, O)

    def __str__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "first", "player")
        return "first=" + "xo"[self.first]

    def __repr__(self) -> str:
        if not self.well_formed():
            return _malformed(self, "first", "player")
        who = "" if self.player == CHANCE else f", player={player_repr(self.player)}"
        return f"FirstPlayer(first={player_repr(self.first)}{who})"


Action: TypeAlias = (
    Create | Move | Order | PlaceShaman | MoveShaman | KeepShaman | Pass | Layout | FirstPlayer
)
"""Any Tiki action."""


def well_formed(action: object) -> bool:
    """Whether ``action`` is a Tiki action whose every field has its type and range:
    exact ``int`` players (``X``, ``O`` or ``CHANCE``), villages 0–8, edges 0–11, a path
    of at least one village, a layout of 9 tile values, a first player ``X`` or ``O``.
    Only a well-formed action can be legal; any action prints either way.

    >>> well_formed(Create(X, B2)), well_formed(Create(X, 9)), well_formed("+b2")
    (True, False, False)
    """
    return type(action) in _KINDS and action.well_formed()  # type: ignore[attr-defined]


_KINDS = (Create, Move, Order, PlaceShaman, MoveShaman, KeepShaman, Pass, Layout, FirstPlayer)
