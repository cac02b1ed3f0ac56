"""Events: what a transition did, each naming the clause that caused it.

``str(event)`` is a short English sentence for narration.

>>> str(Scored(player=1, temples=7, treasures=4, clause="TIKAL-SCORE-3"))
'P2 scores 11: 7 for temples, 4 for treasures (TIKAL-SCORE-3)'
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from ..board.hexgrid import CELL_NAMES
from .actions import TREASURE_NAMES, player_name
from .records import Outcome


@attrs.frozen
class TileDrawn:
    """``player`` drew tile ``tile_id`` from the stack."""

    player: int
    tile_id: str
    clause: str = "TIKAL-DRAW-1"

    def __str__(self) -> str:
        return f"{player_name(self.player)} draws {self.tile_id} ({self.clause})"


@attrs.frozen
class TileRevealed:
    """Tile ``tile_id`` was laid face up in the auction display."""

    tile_id: str
    clause: str = "TIKAL-AUCTION-2"

    def __str__(self) -> str:
        return f"{self.tile_id} is laid out for auction ({self.clause})"


@attrs.frozen
class TilePlaced:
    """``player`` placed ``tile_id`` on ``cell`` turned ``rotation`` times."""

    player: int
    tile_id: str
    cell: int
    rotation: int
    clause: str = "TIKAL-PLACE-1"

    def __str__(self) -> str:
        return (
            f"{player_name(self.player)} places {self.tile_id} on {CELL_NAMES[self.cell]} "
            f"turned {self.rotation} ({self.clause})"
        )


@attrs.frozen
class TileDiscarded:
    """Tile ``tile_id`` had no legal place and left the game."""

    player: int
    tile_id: str
    clause: str = "TIKAL-PLACE-5"

    def __str__(self) -> str:
        return f"{self.tile_id} fits nowhere and leaves the game ({self.clause})"


@attrs.frozen
class VolcanoSetAside:
    """``player`` drew or chose volcano ``tile_id``: a scoring round begins."""

    player: int
    tile_id: str
    clause: str = "TIKAL-SCORE-1"

    def __str__(self) -> str:
        return (
            f"{player_name(self.player)} sets volcano {self.tile_id} aside: "
            f"scoring round ({self.clause})"
        )


@attrs.frozen
class TurnBegan:
    """``player`` begins a turn of kind ``kind`` with 10 action points."""

    player: int
    kind: str
    clause: str = "TIKAL-TURN-2"

    def __str__(self) -> str:
        return f"{player_name(self.player)} begins a {self.kind} turn ({self.clause})"


@attrs.frozen
class ActionTaken:
    """``player`` took the action written ``token`` for ``cost`` action points."""

    player: int
    token: str
    cost: int
    clause: str

    def __str__(self) -> str:
        return f"{player_name(self.player)} {self.token} for {self.cost} AP ({self.clause})"


@attrs.frozen
class TreasureFound:
    """``player`` took a treasure of ``kind`` from ``cell``."""

    player: int
    kind: int
    cell: int
    clause: str = "TIKAL-TREASURE-3"

    def __str__(self) -> str:
        return (
            f"{player_name(self.player)} finds treasure {TREASURE_NAMES[self.kind]} "
            f"on {CELL_NAMES[self.cell]} ({self.clause})"
        )


@attrs.frozen
class PiecesRemoved:
    """Guarding removed ``workers`` workers (and the leader if ``leader``) of ``player``."""

    player: int
    cell: int
    workers: int
    leader: bool
    clause: str = "TIKAL-GUARD-3"

    def __str__(self) -> str:
        workers = f"{self.workers} worker{'' if self.workers == 1 else 's'}"
        pieces = ([workers] if self.workers else []) + (["the leader"] if self.leader else [])
        return (
            f"{player_name(self.player)} removes {' and '.join(pieces) or 'no piece'} "
            f"from {CELL_NAMES[self.cell]} ({self.clause})"
        )


@attrs.frozen
class TurnEnded:
    """``player`` ended the turn with ``lost`` action points unused."""

    player: int
    lost: int
    clause: str = "TIKAL-TURN-3"

    def __str__(self) -> str:
        unused = ""
        if self.lost:
            unused = f", {self.lost} action point{'' if self.lost == 1 else 's'} unused"
        return f"{player_name(self.player)} ends the turn{unused} ({self.clause})"


@attrs.frozen
class Scored:
    """``player`` scored ``temples`` + ``treasures`` points."""

    player: int
    temples: int
    treasures: int
    clause: str

    def __str__(self) -> str:
        total = self.temples + self.treasures
        return (
            f"{player_name(self.player)} scores {total}: {self.temples} for temples, "
            f"{self.treasures} for treasures ({self.clause})"
        )


@attrs.frozen
class AuctionOpened:
    """An auction opened; ``bidders`` bid in this order."""

    bidders: tuple[int, ...]
    clause: str = "TIKAL-AUCTION-4"

    def __str__(self) -> str:
        order = ", ".join(player_name(p) for p in self.bidders)
        return f"auction opens, bidding order {order} ({self.clause})"


@attrs.frozen
class BidMade:
    """``player`` bid ``amount`` (or passed when ``amount`` is 0)."""

    player: int
    amount: int
    clause: str = "TIKAL-AUCTION-3"

    def __str__(self) -> str:
        what = f"bids {self.amount}" if self.amount else "passes"
        return f"{player_name(self.player)} {what} ({self.clause})"


@attrs.frozen
class AuctionWon:
    """``player`` won the auction and paid ``price`` points."""

    player: int
    price: int
    clause: str

    def __str__(self) -> str:
        return f"{player_name(self.player)} wins the auction for {self.price} ({self.clause})"


@attrs.frozen
class GameOver:
    """The game ended with ``outcome``."""

    outcome: Outcome
    clause: str = "TIKAL-END-2"

    def __str__(self) -> str:
        o = self.outcome
        who = "shared win" if o.winner is None else f"{player_name(o.winner)} wins"
        scores = ", ".join(str(s) for s in o.scores)
        return f"game over: {who}, scores {scores} ({self.clause})"


@attrs.frozen
class TileSecured:
    """Speed: ``player`` secured ``tile_id``; ``round_order`` is the Round Order so far."""

    player: int
    tile_id: str
    round_order: tuple[int, ...]
    clause: str = "SPEED-AUCTION-2"

    def __str__(self) -> str:
        order = ", ".join(player_name(p) for p in self.round_order)
        return (
            f"{player_name(self.player)} secures {self.tile_id}; Round Order {order} "
            f"({self.clause})"
        )


@attrs.frozen
class TokensChosen:
    """Speed: ``player`` has made his secret choice for the Jump: a number of tokens or,
    under ``Rules(forfeit=True)``, a stop (SPEED-JUMP-8); which stays hidden until the
    reveal."""

    player: int
    clause: str = "SPEED-JUMP-1"

    def __str__(self) -> str:
        return f"{player_name(self.player)} has chosen ({self.clause})"


@attrs.frozen
class TokensRevealed:
    """Speed: the choices of the Jump, per player (0: not in it), and the order of play."""

    chosen: tuple[int, ...]
    order: tuple[int, ...]
    clause: str = "SPEED-JUMP-2"

    def __str__(self) -> str:
        shown = ", ".join(f"{player_name(p)} {self.chosen[p]}" for p in self.order)
        return f"tokens revealed: {shown} ({self.clause})"


@attrs.frozen
class PointsLost:
    """Speed: ``player`` lost ``points`` that his one action could not use (or, by a
    forfeit, SPEED-JUMP-8, the tokens he had left).

    >>> str(PointsLost(0, 2))
    'P1 leaves 2 action points unused (SPEED-JUMP-3)'
    >>> str(PointsLost(2, 1, "SPEED-JUMP-7"))
    'P3 leaves 1 action point unused (SPEED-JUMP-7)'
    >>> str(PointsLost(1, 4, "SPEED-JUMP-8"))
    'P2 forfeits his 4 tokens left (SPEED-JUMP-8)'
    """

    player: int
    points: int
    clause: str = "SPEED-JUMP-3"

    def __str__(self) -> str:
        n, who = self.points, player_name(self.player)
        if self.clause == "SPEED-JUMP-8":
            tokens = "1 token" if n == 1 else f"{n} tokens"
            return f"{who} forfeits his {tokens} left ({self.clause})"
        points = "1 action point" if n == 1 else f"{n} action points"
        return f"{who} leaves {points} unused ({self.clause})"


@attrs.frozen
class TokensReturned:
    """Speed: the Jump phase is over; everyone takes all 10 tokens back."""

    clause: str = "SPEED-JUMP-6"

    def __str__(self) -> str:
        return f"the Jumps are over: all tokens return ({self.clause})"


Event: TypeAlias = (
    TileDrawn
    | TileRevealed
    | TilePlaced
    | TileDiscarded
    | VolcanoSetAside
    | TurnBegan
    | ActionTaken
    | TreasureFound
    | PiecesRemoved
    | TurnEnded
    | Scored
    | AuctionOpened
    | BidMade
    | AuctionWon
    | GameOver
    | TileSecured
    | TokensChosen
    | TokensRevealed
    | PointsLost
    | TokensReturned
)
"""Any Tikal event."""
