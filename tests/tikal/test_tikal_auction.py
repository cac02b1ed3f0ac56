"""The professional (auction) game, clause by clause, played out by hand.

Each test reveals the display tile by tile (``reveal=A1``), then bids, passes, takes
tiles and ends turns by their tokens, and checks who opens, who wins, who pays and
what comes next against the order worked out from ``specs/tikal.md``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from positions import acting, game, only_stack, play, stacks, tile_index, tokens

from tikalspeed import (
    CHANCE,
    Bid,
    IllegalActionError,
    Phase,
    State,
    TurnKind,
    actors,
    chance_outcomes,
    is_legal,
    step,
)
from tikalspeed.bounds import MAX_SCORE
from tikalspeed.model.events import AuctionOpened, AuctionWon, Scored, TurnBegan, VolcanoSetAside


def pro(players: int = 3, **rules: object) -> State:
    return game(mode="professional", players=players, **rules)


def opened(events: list[object]) -> list[tuple[int, ...]]:
    return [e.bidders for e in events if isinstance(e, AuctionOpened)]


def won(events: list[object]) -> list[tuple[int, int, str]]:
    return [(e.player, e.price, e.clause) for e in events if isinstance(e, AuctionWon)]


def turn(s: State, tile_id: str) -> tuple[State, list[object]]:
    """The auction's winner takes ``tile_id``, places it on its first legal spot, ends."""
    s, events = play(s, f"take:{tile_id}")
    s, more = play(s, tokens(s)[0], "end")
    return s, events + more


def refused(s: State, action: object, clause: str) -> None:
    with pytest.raises(IllegalActionError) as err:
        step(s, action)  # type: ignore[arg-type]
    assert err.value.clause == clause, str(err.value)


def test_tikal_auction_1_scores_start_at_twenty() -> None:
    """TIKAL-AUCTION-1: professional scores start at 20 (or ``auction_score``)."""
    assert pro().scores == (20, 20, 20)
    assert pro(2, auction_score=30).scores == (30, 30)
    assert game(players=3, auction_score=30).scores == (0, 0, 0)


def test_tikal_auction_2_display_one_tile_per_player() -> None:
    """TIKAL-AUCTION-2: three tiles are revealed one by one from the top letter, each
    uniformly among those left; then the first auction opens."""
    s = pro()
    assert actors(s) == (CHANCE,) and {p for _, p in chance_outcomes(s)} == {Fraction(1, 6)}
    s, events = play(s, "reveal=A1")
    assert s.phase is Phase.REVEAL and {p for _, p in chance_outcomes(s)} == {Fraction(1, 5)}
    s, events = play(s, "reveal=A2", "reveal=A3")
    assert s.display == tuple(tile_index(s, t) for t in ("A1", "A2", "A3"))
    assert s.phase is Phase.BID and opened(events) == [(0, 1, 2)]


def test_tikal_auction_2_display_crosses_letters_and_runs_short() -> None:
    """TIKAL-AUCTION-2: with two A tiles left the third comes from B; with only G1 and
    G2 left the display holds two tiles."""
    s, _ = play(stacks(pro(), A="A5 A6"), "reveal=A6", "reveal=A5")
    assert [str(a) for a, _ in chance_outcomes(s)] == [f"reveal=B{i}" for i in range(1, 7)]
    s, events = play(only_stack(pro(), "G1 G2"), "reveal=G2", "reveal=G1")
    assert len(s.display) == 2 and s.phase is Phase.BID and opened(events) == [(0, 1, 2)]


def test_tikal_auction_3_bids_rise_pass_is_final_score_caps() -> None:
    """TIKAL-AUCTION-3: P1 bids 5; P2 may not bid 5 (not higher) nor 21 (above its 20)
    and passes; P3 bids 6; P1 bids 7; P3 is next (P2 is out) and passes: P1 wins."""
    s, _ = play(pro(), "reveal=A1", "reveal=A2", "reveal=A3")
    assert tokens(s) == ["pass"] + [f"bid:{n}" for n in range(1, 21)]
    s, _ = play(s, "bid:5")
    refused(s, Bid(1, 5), "TIKAL-AUCTION-3")
    refused(s, Bid(1, 21), "TIKAL-AUCTION-3")
    s, _ = play(s, "pass", "bid:6", "bid:7")
    assert s.active == 2 and s.bidders == (0, 2)
    s, events = play(s, "pass")
    assert won(events) == [(0, 7, "TIKAL-AUCTION-5")]


def test_tikal_auction_3_a_low_bid_is_told_the_high_bid() -> None:
    """TIKAL-AUCTION-3 (issue 8, a refusal says why): a bid not above the high bid is
    refused naming the high bid and its bidder; a bid of 0 is told bids start at 1."""
    s, _ = play(pro(), "reveal=A1", "reveal=A2", "reveal=A3")
    with pytest.raises(IllegalActionError, match="a bid is at least 1"):
        step(s, Bid(0, 0))
    s, _ = play(s, "bid:5")
    with pytest.raises(IllegalActionError, match="bid:4 does not beat the high bid, 5 by P1"):
        step(s, Bid(1, 4))


def test_tikal_auction_3_lone_bidder_still_bids_or_passes() -> None:
    """TIKAL-AUCTION-3: P1 and P2 pass; P3, alone with no bid yet, must bid or pass:
    bidding 1 wins at 1, passing hands the turn to P1, who passed first."""
    s, _ = play(pro(), "reveal=A1", "reveal=A2", "reveal=A3", "pass", "pass")
    assert s.active == 2 and s.phase is Phase.BID and tokens(s)[:2] == ["pass", "bid:1"]
    _, events = play(s, "bid:1")
    assert won(events) == [(2, 1, "TIKAL-AUCTION-5")]
    _, events = play(s, "pass")
    assert won(events) == [(0, 0, "TIKAL-AUCTION-6")]


def test_tikal_auction_3_any_bid_option() -> None:
    """TIKAL-AUCTION-3: with ``max_bid='any'`` bids go beyond the score, as far as keeps
    the bidder's score at or above -999 (``bounds.MAX_SCORE``): 20 + 999 = 1019; the
    winner's score may go below zero."""
    s, _ = play(pro(max_bid="any"), "reveal=A1", "reveal=A2", "reveal=A3")
    assert MAX_SCORE == 999 and len(tokens(s)) == 1 + 20 + MAX_SCORE
    assert is_legal(s, Bid(0, 1019)) and not is_legal(s, Bid(0, 1020))
    s, _ = play(s, "bid:30", "pass", "pass")
    assert s.scores == (-10, 20, 20)


def test_tikal_auction_4_openers_in_a_round_and_the_next() -> None:
    """TIKAL-AUCTION-4: P1 opens; P2 wins, so P3 (after P2) opens the second auction;
    P3 wins; P1 plays last; the next round is opened by P2, after P1."""
    s, events = play(pro(), "reveal=A1", "reveal=A2", "reveal=A3", "pass", "bid:1", "pass")
    assert opened(events) == [(0, 1, 2)] and won(events) == [(1, 1, "TIKAL-AUCTION-5")]
    s, events = turn(s, "A1")
    assert opened(events) == [(2, 0)]
    s, events = play(s, "bid:1", "pass")
    assert won(events) == [(2, 1, "TIKAL-AUCTION-5")]
    s, events = turn(s, "A2")
    assert won(events) == [(0, 0, "TIKAL-AUCTION-7")]
    s, events = turn(s, "A3")
    assert s.phase is Phase.REVEAL and s.played == () and s.scores == (20, 19, 19)
    s, events = play(s, "reveal=A4", "reveal=A5", "reveal=A6")
    assert opened(events) == [(1, 2, 0)]


def test_tikal_auction_4_designated_opener_has_played() -> None:
    """TIKAL-AUCTION-4: 4 players. P1 wins the first auction, P2 (after P1) opens and wins
    the second; the third should be opened by P2, who has played, so P3 opens it."""
    s, _ = play(pro(4), "reveal=A1", "reveal=A2", "reveal=A3", "reveal=A4")
    s, events = play(s, "bid:1", "pass", "pass", "pass")
    assert won(events) == [(0, 1, "TIKAL-AUCTION-5")]
    s, events = turn(s, "A1")
    assert opened(events) == [(1, 2, 3)]
    s, _ = play(s, "bid:1", "pass", "pass")
    s, events = turn(s, "A2")
    assert opened(events) == [(2, 3)]


def test_tikal_auction_5_winner_pays_chooses_places_acts() -> None:
    """TIKAL-AUCTION-5: P2 wins at 6 and pays (20 → 14), chooses A2 of the three, places
    it, takes 10 AP, and is not among the next auction's bidders."""
    s, _ = play(pro(), "reveal=A1", "reveal=A2", "reveal=A3", "pass", "bid:6", "pass")
    assert s.scores == (20, 14, 20) and s.phase is Phase.CHOOSE and s.active == 1
    assert tokens(s) == ["take:A1", "take:A2", "take:A3"]
    s, events = play(s, "take:A2")
    assert s.phase is Phase.PLACE and s.display == (tile_index(s, "A1"), tile_index(s, "A3"))
    s, _ = play(s, tokens(s)[0])
    assert s.phase is Phase.ACTIONS and s.ap == 10 and s.turn_kind is TurnKind.NORMAL
    s, events = play(s, "end")
    assert opened(events) == [(2, 0)]


def test_tikal_auction_6_all_pass_first_passer_free() -> None:
    """TIKAL-AUCTION-6: P1, P2 and P3 pass: P1, who passed first, plays for nothing."""
    s, events = play(pro(), "reveal=A1", "reveal=A2", "reveal=A3", "pass", "pass", "pass")
    assert won(events) == [(0, 0, "TIKAL-AUCTION-6")]
    assert s.active == 0 and s.phase is Phase.CHOOSE and s.scores == (20, 20, 20)


def test_tikal_auction_7_last_player_takes_last_tile_free_even_a_volcano() -> None:
    """TIKAL-AUCTION-7: 2 players, display B1 (a volcano) and B2. P1 wins B2 at 1; P2
    gets B1 free without an auction and sets it aside."""
    s = stacks(pro(2), A="")
    s, _ = play(s, "reveal=B1", "reveal=B2", "bid:1", "pass")
    s, events = turn(s, "B2")
    assert won(events) == [(1, 0, "TIKAL-AUCTION-7")] and opened(events) == []
    assert tokens(s) == ["take:B1"]
    s, events = play(s, "take:B1")
    assert events[0] == VolcanoSetAside(1, "B1") and s.scores == (19, 20)


def test_tikal_auction_8_volcano_bought_starts_scoring_round() -> None:
    """TIKAL-AUCTION-8: P1 buys B1 for 2 and sets it aside: scoring turns P1, P2, P3,
    then P1 places it and acts; then P2 (after P1) opens the next auction."""
    s = stacks(pro(), A="")
    s, _ = play(s, "reveal=B1", "reveal=B2", "reveal=B3", "bid:2", "pass", "pass")
    s, events = play(s, "take:B1", "end", "end", "end")
    assert events[0] == VolcanoSetAside(0, "B1") and s.scores == (18, 20, 20)
    assert [e.player for e in events if isinstance(e, Scored)] == [0, 1, 2]
    assert [(e.player, e.kind) for e in events if isinstance(e, TurnBegan)][-1] == (0, "volcano")
    s, events = play(s, "place:c1:0", "end")
    assert opened(events) == [(1, 2)] and s.phase is Phase.BID


def test_tikal_auction_9_final_round_lowest_score_first() -> None:
    """TIKAL-AUCTION-9: P2 played the last tile; scores P1 12, P2 30, P3 12. P3 and P1
    tie: P3 is nearer clockwise after P2, so P3, then P1, then P2."""
    s = only_stack(pro(), "")
    s = acting(s, 1, last_tile_player=1, played=(0, 2, 1), scores=(12, 30, 12))
    s, events = play(s, "end", "end", "end", "end")
    assert [(e.player, e.kind) for e in events if isinstance(e, TurnBegan)] == [
        (2, "final"),
        (0, "final"),
        (1, "final"),
    ]
    assert s.phase is Phase.OVER and s.result is not None and s.result.winner == 1
