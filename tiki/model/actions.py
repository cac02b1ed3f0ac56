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
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from ..board.island import A1, A2, A3, B1, B2, B3, C1, C2, C3, VILLAGE_NAMES, edge_name
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
]

_VILLAGE_CONSTS = ("A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3")
assert [globals()[n] for n in _VILLAGE_CONSTS] == list(range(9))


def player_repr(player: int) -> str:
    """Return the constant name of ``player``: ``'X'``, ``'O'`` or ``'CHANCE'``."""
    return {X: "X", O: "O", CHANCE: "CHANCE"}.get(player, str(player))


@attrs.frozen(repr=False)
class Create:
    """TIKI-CREATE-1: put one tiki from your supply on an empty village."""

    player: int
    village: int

    def __str__(self) -> str:
        return "+" + VILLAGE_NAMES[self.village]

    def __repr__(self) -> str:
        return f"Create(player={player_repr(self.player)}, village={_VILLAGE_CONSTS[self.village]})"


@attrs.frozen(repr=False)
class Move:
    """TIKI-MOVE-1..6: move the totem on ``path[0]`` through every village of ``path[1:]``."""

    player: int
    path: tuple[int, ...]

    def __str__(self) -> str:
        return "-".join(VILLAGE_NAMES[v] for v in self.path)

    def __repr__(self) -> str:
        path = ", ".join(_VILLAGE_CONSTS[v] for v in self.path)
        return f"Move(player={player_repr(self.player)}, path=({path}))"


@attrs.frozen(repr=False)
class Order:
    """TIKI-INFL-3: the player not on turn picks which influenced village resolves first."""

    player: int
    village: int

    def __str__(self) -> str:
        return "!" + VILLAGE_NAMES[self.village]

    def __repr__(self) -> str:
        return f"Order(player={player_repr(self.player)}, village={_VILLAGE_CONSTS[self.village]})"


@attrs.frozen
class PlaceShaman:
    """TIKI-SHAMAN-2: the second player puts the shaman on an edge before their first move."""

    player: int = attrs.field(repr=player_repr)
    edge: int

    def __str__(self) -> str:
        return "s@" + edge_name(self.edge)


@attrs.frozen
class MoveShaman:
    """TIKI-SHAMAN-4: after a 0 village is influenced, its beneficiary moves the shaman."""

    player: int = attrs.field(repr=player_repr)
    edge: int

    def __str__(self) -> str:
        return "s>" + edge_name(self.edge)


@attrs.frozen
class KeepShaman:
    """TIKI-SHAMAN-4: after a 0 village is influenced, its beneficiary leaves the shaman."""

    player: int = attrs.field(repr=player_repr)

    def __str__(self) -> str:
        return "s="


@attrs.frozen
class Pass:
    """TIKI-END-5: the forced pass of a player who has no legal action."""

    player: int = attrs.field(repr=player_repr)

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Layout:
    """TIKI-SETUP-1: chance lays the village values out, in order a1, b1, c1, a2 … c3."""

    tiles: tuple[int, ...]
    player: int = attrs.field(default=CHANCE, repr=False)

    def __str__(self) -> str:
        return "layout=" + ",".join(str(v) for v in self.tiles)


@attrs.frozen
class FirstPlayer:
    """TIKI-SETUP-5: chance picks the first player."""

    first: int = attrs.field(repr=player_repr)
    player: int = attrs.field(default=CHANCE, repr=False)

    def __str__(self) -> str:
        return "first=" + "xo"[self.first]


Action: TypeAlias = (
    Create | Move | Order | PlaceShaman | MoveShaman | KeepShaman | Pass | Layout | FirstPlayer
)
"""Any Tiki action."""
