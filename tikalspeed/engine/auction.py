"""The professional game's auction (TIKAL-AUCTION-1..9): :class:`Professional`.

Each round lays out one tile per player (chance), then auctions them one by one among
the players who have not yet had a tile this round; the winner pays, takes a tile and
plays a normal turn with it. Everything else is the base game's
(:class:`~tikalspeed.engine.turns.Classic`). Tikal on Speed reuses the auction as
phase 1 of its rounds (:class:`~tikalspeed.engine.speed.Speed`).
"""

from __future__ import annotations

from ..board.terrain import terrain
from ..bounds import MAX_SCORE
from ..model.actions import Bid, ChooseTile, PassBid, RevealTile
from ..model.events import AuctionOpened, AuctionWon, BidMade, TileRevealed, TurnBegan
from ..model.state import State
from .turns import Classic, start_actions, take_from_stack
from .work import PHASE_BID, PHASE_CHOOSE, PHASE_REVEAL, TURN_NORMAL, Handler, Work

__all__ = ["Professional", "bid_limit"]


class Professional(Classic):
    """The professional game (``Rules(mode='professional')``): rounds of tile
    auctions instead of drawing; the final round in order of score."""

    name = "professional"

    def start(self, w: Work) -> None:
        """TIKAL-AUCTION-1: everyone starts with ``Rules.auction_score``; the first
        round's display is filled by chance (TIKAL-AUCTION-2)."""
        n = w.rules.players
        w.set(scores=(w.rules.auction_score,) * n)
        self.start_round(w)

    def handlers(self) -> dict[type, Handler]:
        return {
            **super().handlers(),
            RevealTile: lambda w, a: self.reveal(w, a.tile),
            Bid: self.bid,
            PassBid: self.bid,
            ChooseTile: self.choose_tile,
        }

    def choose_tile(self, w: Work, action: ChooseTile) -> None:
        """TIKAL-AUCTION-5: the winner takes a tile from the display."""
        w.set(display=tuple(x for x in w.display if x != action.tile))
        self.tile_chosen(w, action.player, action.tile)

    # ------------------------------------------------------------------ rounds

    def start_round(self, w: Work) -> None:
        """TIKAL-AUCTION-2: a new round; the display is filled by chance."""
        w.set(played=(), display=(), phase=PHASE_REVEAL, active=w.round_opener)

    def reveal(self, w: Work, tile: int) -> None:
        """TIKAL-AUCTION-2: one more tile on display; once full, the auctions begin."""
        take_from_stack(w, tile)
        w.tell(TileRevealed, terrain(w.rules.manifest).tile_ids[tile])
        w.set(display=(*w.display, tile))
        if len(w.display) >= _display_size(w) or not any(w.stacks):
            self.continue_auctions(w)

    def continue_auctions(self, w: Work) -> None:
        """Open the next auction of the round, or end the round."""
        n = w.rules.players
        played = w.played
        if len(played) == n or not w.display:
            self.round_over(w)
            return
        eligible = [p for p in range(n) if p not in played]
        if len(eligible) == 1:  # TIKAL-AUCTION-7: the last player takes the last tile free
            self.win_auction(w, eligible[0], 0, "TIKAL-AUCTION-7")
            return
        start = (played[0] + 1) % n if played else w.round_opener  # TIKAL-AUCTION-4
        order = tuple(p for p in ((start + i) % n for i in range(n)) if p not in played)
        w.tell(AuctionOpened, order)
        w.set(
            bidders=order,
            high_bid=0,
            high_bidder=-1,
            first_passer=-1,
            active=order[0],
            phase=PHASE_BID,
        )

    def round_over(self, w: Work) -> None:
        """TIKAL-AUCTION-4: the next round opens with the player after the last winner."""
        if w.played:
            w.set(round_opener=(w.played[-1] + 1) % w.rules.players)
        self.start_round(w)

    def bid(self, w: Work, action: Bid | PassBid) -> None:
        """TIKAL-AUCTION-3: bid higher or pass for good; TIKAL-AUCTION-6: all pass."""
        n = w.rules.players
        player = action.player
        bidders = w.bidders
        if isinstance(action, Bid):
            w.tell(BidMade, player, action.amount)
            w.set(high_bid=action.amount, high_bidder=player)
        else:
            w.tell(BidMade, player, 0)
            if w.first_passer < 0:
                w.set(first_passer=player)
            bidders = tuple(p for p in bidders if p != player)
            w.set(bidders=bidders)
        if not bidders:
            self.win_auction(w, w.first_passer, 0, "TIKAL-AUCTION-6")
        elif len(bidders) == 1 and w.high_bidder == bidders[0]:
            self.win_auction(w, bidders[0], w.high_bid, "TIKAL-AUCTION-5")
        else:
            w.set(active=_next_bidder(bidders, player, n))

    def win_auction(self, w: Work, player: int, price: int, clause: str) -> None:
        """TIKAL-AUCTION-5: the winner pays, may bid no more this round, chooses a tile."""
        w.tell(AuctionWon, player, price, clause)
        w.set_item("scores", player, w.scores[player] - price)
        w.set(played=(*w.played, player), bidders=(), active=player, phase=PHASE_CHOOSE)
        self.auction_won(w, player)

    def auction_won(self, w: Work, player: int) -> None:
        """The winner's normal turn begins with the choice of a tile."""
        w.set(turn_kind=TURN_NORMAL, raised=(), dug=(), ap=0)
        w.tell(TurnBegan, player, TURN_NORMAL.value)

    def tile_chosen(self, w: Work, player: int, tile: int) -> None:
        """TIKAL-AUCTION-5: the chosen tile is the turn's tile."""
        self.take_tile(w, tile)

    # ------------------------------------------------------------------ the base game's steps

    def tile_discarded(self, w: Work, tile: int) -> None:
        """After TIKAL-PLACE-5: no second tile; the turn goes on with its points."""
        start_actions(w)

    def next_normal_turn(self, w: Work) -> None:
        """TIKAL-AUCTION-2..7: the next turn goes to the next auction's winner."""
        self.continue_auctions(w)

    def final_order(self, w: Work) -> list[int]:
        """TIKAL-AUCTION-9: the final round goes from the lowest score up, ties
        clockwise after the last tile's player."""
        n, last = w.rules.players, w.last_tile_player
        return sorted(range(n), key=lambda p: (w.scores[p], (p - last - 1) % n))


def bid_limit(state: State, player: int) -> int:
    """TIKAL-AUCTION-3: the highest bid ``player`` may make: their score, or with
    ``Rules(max_bid='any')`` as much as keeps their score at or above ``-MAX_SCORE``
    (never less than the score, and at most ``bounds.MAX_BID``).

    >>> from tikalspeed import new_game, Rules
    >>> bid_limit(new_game(Rules(mode="professional")), 0)
    20
    >>> bid_limit(new_game(Rules(mode="professional", max_bid="any")), 0)
    1019
    """
    score = state.expeditions.scores[player]
    return score if state.rules.max_bid == "score" else score + MAX_SCORE


def _display_size(w: Work) -> int:
    players: int = w.rules.players
    return min(players, len(w.display) + sum(len(s) for s in w.stacks))


def _next_bidder(bidders: tuple[int, ...], after: int, n: int) -> int:
    for i in range(1, n + 1):
        p = (after + i) % n
        if p in bidders:
            return p
    return bidders[0]
