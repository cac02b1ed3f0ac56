"""The professional game's auction (TIKAL-AUCTION-1..9), also phase 1 of a Speed round.

Each round lays out one tile per player (chance), then auctions them one by one among
the players who have not yet had a tile this round.
"""

from __future__ import annotations

from .actions import Bid, PassBid
from .bounds import MAX_SCORE
from .events import AuctionOpened, AuctionWon, BidMade, TurnBegan
from .state import Phase, State, TurnKind
from .work import Work


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
    score = state.scores[player]
    return score if state.rules.max_bid == "score" else score + MAX_SCORE


def start_round(w: Work) -> None:
    """TIKAL-AUCTION-2: a new round; the display is filled by chance."""
    w.set(played=(), display=(), phase=Phase.REVEAL, active=w.round_opener)


def display_size(w: Work) -> int:
    players: int = w.rules.players
    return min(players, len(w.display) + sum(len(s) for s in w.stacks))


def continue_auctions(w: Work) -> None:
    """Open the next auction of the round, or start a new round."""
    n = w.rules.players
    played = w.played
    if w.rules.mode == "speed" and played and (len(played) == n or not w.display):
        from . import speed

        speed.start_placement(w)  # SPEED-AUCTION-1: everyone has secured a tile
        return
    if len(played) == n or not w.display:
        if played:
            w.set(round_opener=(played[-1] + 1) % n)  # TIKAL-AUCTION-4
        start_round(w)
        return
    eligible = [p for p in range(n) if p not in played]
    if len(eligible) == 1:  # TIKAL-AUCTION-7: the last player takes the last tile free
        win_auction(w, eligible[0], 0, "TIKAL-AUCTION-7")
        return
    start = (played[0] + 1) % n if played else w.round_opener  # TIKAL-AUCTION-4
    order = tuple(p for p in ((start + i) % n for i in range(n)) if p not in played)
    w.events.append(AuctionOpened(order))
    w.set(
        bidders=order,
        high_bid=0,
        high_bidder=-1,
        first_passer=-1,
        active=order[0],
        phase=Phase.BID,
    )


def _next_bidder(bidders: tuple[int, ...], after: int, n: int) -> int:
    for i in range(1, n + 1):
        p = (after + i) % n
        if p in bidders:
            return p
    return bidders[0]


def win_auction(w: Work, player: int, price: int, clause: str) -> None:
    """TIKAL-AUCTION-5: the winner pays, may bid no more this round, chooses a tile."""
    w.events.append(AuctionWon(player, price, clause))
    w.set_item("scores", player, w.scores[player] - price)
    w.set(played=(*w.played, player), bidders=(), active=player, phase=Phase.CHOOSE)
    if w.rules.mode != "speed":
        w.set(turn_kind=TurnKind.NORMAL, raised=(), dug=(), ap=0)
        w.events.append(TurnBegan(player, TurnKind.NORMAL.value))


def bid(w: Work, action: Bid | PassBid) -> None:
    """TIKAL-AUCTION-3: bid higher or pass for good; TIKAL-AUCTION-6: all pass."""
    n = w.rules.players
    player = action.player
    bidders = w.bidders
    if isinstance(action, Bid):
        w.events.append(BidMade(player, action.amount))
        w.set(high_bid=action.amount, high_bidder=player)
    else:
        w.events.append(BidMade(player, 0))
        if w.first_passer < 0:
            w.set(first_passer=player)
        bidders = tuple(p for p in bidders if p != player)
        w.set(bidders=bidders)
    if not bidders:
        win_auction(w, w.first_passer, 0, "TIKAL-AUCTION-6")
    elif len(bidders) == 1 and w.high_bidder == bidders[0]:
        win_auction(w, bidders[0], w.high_bid, "TIKAL-AUCTION-5")
    else:
        w.set(active=_next_bidder(bidders, player, n))
