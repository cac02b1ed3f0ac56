"""Actions: one small frozen class per kind of decision, each carrying its ``player``.

Pieces are ``WORKER`` (0) and ``LEADER`` (1); treasure kinds are ints 0–7 named
``A`` … ``H``; players are ints 0–3 named ``P1`` … ``P4``; cells are named like
``d3`` (:mod:`tikalspeed.board.hexgrid`). Every action has a one-token notation
(``str(action)``), read back by :func:`tikalspeed.parse_action`:

======================  =====================  ===========================================
action                  token                  decision
======================  =====================  ===========================================
:class:`DrawTile`       ``draw=C4``            chance: the tile drawn
:class:`RevealTile`     ``reveal=C4``          chance: a tile laid in the auction display
:class:`FindTreasure`   ``find=E``             chance: the treasure a dig turns up
:class:`PlaceTile`      ``place:d3:2``         place the tile in hand on d3, turned twice
:class:`Enter`          ``enter:w:a1``         a worker (``w``) or the leader (``l``) enters
:class:`CampMove`       ``hop:w:a1:c3``        move a piece between own camps / base camp
:class:`Move`           ``move:l:b2:d3``       move a piece over the stones, cheapest path
:class:`Uncover`        ``uncover:b1``         raise the temple on b1 one level
:class:`TakeTreasure`   ``dig:c2``             take a treasure from the ruin on c2
:class:`Exchange`       ``swap:A:P3:E``        give your A to P3 for their E
:class:`BuildCamp`      ``camp:d4``            build a camp on d4
:class:`Guard`          ``guard:b1:w``         guard the temple on b1 with a worker
:class:`EndTurn`        ``end``                end the turn, losing the AP left
:class:`Bid`            ``bid:5``              bid 5 points for this auction
:class:`PassBid`        ``pass``               leave this auction
:class:`ChooseTile`     ``take:C4``            take tile C4 from the display
:class:`ChooseTokens`   ``tokens:3``           Speed: take 3 tokens for this Jump, secretly
======================  =====================  ===========================================

>>> str(Move(player=0, piece=LEADER, origin=9, destination=18))
'move:l:b2:c3'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

import attrs

from ..board.hexgrid import CELL_NAMES
from ..bounds import shown_action
from .records import CHANCE

WORKER = 0
"""A worker: counts 1 for temple majorities."""
LEADER = 1
"""The expedition leader: counts 3 for temple majorities."""
PIECE_NAMES = "wl"
"""The one-letter names of the pieces, by piece."""
TREASURE_NAMES = "ABCDEFGH"
"""The names of the 8 treasure kinds, by kind."""


def player_name(player: int) -> str:
    """Return ``'P1'`` … ``'P4'`` for players 0–3."""
    return f"P{player + 1}"


@attrs.frozen
class DrawTile:
    """TIKAL-DRAW-1, chance: tile ``tile`` (an index into the manifest) is drawn."""

    tile: int
    tile_id: str = attrs.field(eq=False, repr=False, default="?")
    player: int = attrs.field(default=CHANCE, repr=False)

    def __str__(self) -> str:
        return f"draw={self.tile_id}"


@attrs.frozen
class RevealTile:
    """TIKAL-AUCTION-2, chance: tile ``tile`` is laid face up in the display."""

    tile: int
    tile_id: str = attrs.field(eq=False, repr=False, default="?")
    player: int = attrs.field(default=CHANCE, repr=False)

    def __str__(self) -> str:
        return f"reveal={self.tile_id}"


@attrs.frozen
class FindTreasure:
    """TIKAL-TREASURE-3, chance: the dig turns up a treasure of kind ``kind``."""

    kind: int
    player: int = attrs.field(default=CHANCE, repr=False)

    def __str__(self) -> str:
        return f"find={TREASURE_NAMES[self.kind]}"


@attrs.frozen
class PlaceTile:
    """TIKAL-PLACE-1..4: place the tile in hand on ``cell``, turned ``rotation`` times."""

    player: int
    cell: int
    rotation: int

    def __str__(self) -> str:
        return f"place:{CELL_NAMES[self.cell]}:{self.rotation}"


@attrs.frozen
class Enter:
    """TIKAL-ENTER-1: bring a piece from the supply onto the base camp or an own camp."""

    player: int
    piece: int
    cell: int

    def __str__(self) -> str:
        return f"enter:{PIECE_NAMES[self.piece]}:{CELL_NAMES[self.cell]}"


@attrs.frozen
class CampMove:
    """TIKAL-CAMPMOVE-1: move a piece between the base camp and own camps for 1 AP."""

    player: int
    piece: int
    origin: int
    destination: int

    def __str__(self) -> str:
        p = PIECE_NAMES[self.piece]
        return f"hop:{p}:{CELL_NAMES[self.origin]}:{CELL_NAMES[self.destination]}"


@attrs.frozen
class Move:
    """TIKAL-MOVE-1..4: move a piece along the cheapest path of stones to ``destination``."""

    player: int
    piece: int
    origin: int
    destination: int

    def __str__(self) -> str:
        p = PIECE_NAMES[self.piece]
        return f"move:{p}:{CELL_NAMES[self.origin]}:{CELL_NAMES[self.destination]}"


@attrs.frozen
class Uncover:
    """TIKAL-UNCOVER-1..5: raise the temple on ``cell`` by one level."""

    player: int
    cell: int

    def __str__(self) -> str:
        return f"uncover:{CELL_NAMES[self.cell]}"


@attrs.frozen
class TakeTreasure:
    """TIKAL-TREASURE-1..2: take one treasure from the ruin on ``cell``."""

    player: int
    cell: int

    def __str__(self) -> str:
        return f"dig:{CELL_NAMES[self.cell]}"


@attrs.frozen
class Exchange:
    """TIKAL-EXCHANGE-1..2: give a ``give`` treasure to ``other`` for their ``take``."""

    player: int
    give: int
    other: int
    take: int

    def __str__(self) -> str:
        g, t = TREASURE_NAMES[self.give], TREASURE_NAMES[self.take]
        return f"swap:{g}:{player_name(self.other)}:{t}"


@attrs.frozen
class BuildCamp:
    """TIKAL-CAMP-1..3: build one of your camps on ``cell``."""

    player: int
    cell: int

    def __str__(self) -> str:
        return f"camp:{CELL_NAMES[self.cell]}"


@attrs.frozen
class Guard:
    """TIKAL-GUARD-1..4: one of your pieces on ``cell`` becomes the temple's guard."""

    player: int
    cell: int
    piece: int

    def __str__(self) -> str:
        return f"guard:{CELL_NAMES[self.cell]}:{PIECE_NAMES[self.piece]}"


@attrs.frozen
class EndTurn:
    """TIKAL-TURN-3: end the turn; action points left are lost."""

    player: int

    def __str__(self) -> str:
        return "end"


@attrs.frozen
class Bid:
    """TIKAL-AUCTION-3: bid ``amount`` points, more than the highest bid so far."""

    player: int
    amount: int

    def __str__(self) -> str:
        return f"bid:{self.amount}"


@attrs.frozen
class PassBid:
    """TIKAL-AUCTION-3: leave the running auction for good."""

    player: int

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class ChooseTile:
    """TIKAL-AUCTION-5: the auction winner takes tile ``tile`` from the display."""

    player: int
    tile: int
    tile_id: str = attrs.field(eq=False, repr=False, default="?")

    def __str__(self) -> str:
        return f"take:{self.tile_id}"


@attrs.frozen
class ChooseTokens:
    """SPEED-JUMP-1: secretly take ``count`` tokens (1 to 5) for the running Jump."""

    player: int
    count: int

    def __str__(self) -> str:
        return f"tokens:{self.count}"


def _printable(cls: type) -> None:
    """Make ``str`` and ``repr`` of ``cls`` safe for an action object built with fields
    out of range or of another type (``Move(0, 5, 0, 40)``, ``Bid(0, 10**5000)``): it
    prints as ``<malformed Move(...)>`` instead of raising (an illegal action is often
    printed in a message)."""
    token: Callable[[object], str] = cls.__dict__["__str__"]
    shown_as: Callable[[object], str] = cls.__dict__["__repr__"]

    def safe_str(self: object) -> str:
        try:
            return token(self)
        except Exception:
            return f"<malformed {shown_action(self)}>"

    def safe_repr(self: object) -> str:
        try:
            return shown_as(self)
        except Exception:
            return shown_action(self)

    setattr(cls, "__str__", safe_str)  # noqa: B010
    setattr(cls, "__repr__", safe_repr)  # noqa: B010


for _cls in (
    DrawTile, RevealTile, FindTreasure, PlaceTile, Enter, CampMove, Move, Uncover,
    TakeTreasure, Exchange, BuildCamp, Guard, EndTurn, Bid, PassBid, ChooseTile, ChooseTokens,
):  # fmt: skip
    _printable(_cls)

ChanceAction: TypeAlias = DrawTile | RevealTile | FindTreasure
"""An outcome of a chance node."""

APAction: TypeAlias = (
    Enter | CampMove | Move | Uncover | TakeTreasure | Exchange | BuildCamp | Guard | EndTurn
)
"""An action that spends action points (or ends the turn)."""

Action: TypeAlias = (
    ChanceAction | PlaceTile | APAction | Bid | PassBid | ChooseTile | ChooseTokens
)
"""Any Tikal action."""
