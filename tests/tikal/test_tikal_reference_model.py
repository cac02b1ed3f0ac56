"""Random Tikal games checked against independent models written in the tests.

Each test draws a ruleset covering every ``Rules`` field and a seed, plays a whole
random game (``tikal_strategies.playout``) and compares what the engine does with what
the rules say, computed here or in ``tikal_reference`` without the engine's terrain,
action or flow code: the legal actions of every state (its own Dijkstra for moves, its
own placement check), the AP a move costs, what a scoring scores, the order of turns
and the course of each auction.
"""

from __future__ import annotations

import random

import tikal_reference as ref
from hypothesis import given
from tikal_strategies import SOME, Game, games

import tikalspeed
from tikalspeed import Move, Phase, TurnKind
from tikalspeed.model.events import (
    ActionTaken,
    AuctionOpened,
    AuctionWon,
    BidMade,
    Scored,
    TileDiscarded,
    TilePlaced,
    TileRevealed,
    TurnBegan,
    TurnEnded,
    VolcanoSetAside,
)


@SOME
@given(games())
def test_legal_actions_match_the_reference_model(game: Game) -> None:
    """TIKAL-TURN-2, TIKAL-ENTER-1, TIKAL-CAMPMOVE-1, TIKAL-MOVE-1..4, TIKAL-UNCOVER-1..5,
    TIKAL-TREASURE-1..2, TIKAL-EXCHANGE-1..2, TIKAL-CAMP-1..3, TIKAL-GUARD-1..2,
    TIKAL-GUARD-4, TIKAL-PLACE-1..3, TIKAL-AUCTION-3, TIKAL-AUCTION-5, TIKAL-DRAW-1: in
    every state the engine lists, without duplicates, exactly the actions the
    independent model derives from the rules (its own Dijkstra over the manifest's
    stones for moves, its own placement check over all six turns for tiles)."""
    for s in game.states:
        legal = tikalspeed.legal_actions(s)
        assert len(set(legal)) == len(legal)
        assert set(legal) == ref.actions(s), (game, s.phase, s.active)


@SOME
@given(games())
def test_moves_cost_the_cheapest_path_over_the_stones(game: Game) -> None:
    """TIKAL-MOVE-1..3, TIKAL-TURN-3: every move taken costs the cheapest path by the
    reference Dijkstra (stones on both sides of each border, volcanoes and unexplored
    hexes impassable), and so does every legal move in a few sampled states; the AP
    drop by that cost, and spending the last one ends the turn."""
    rng = random.Random(game.seed)
    acting = [i for i, s in enumerate(game.states[:-1]) if s.phase is Phase.ACTIONS]
    sampled = set(rng.sample(acting, min(4, len(acting))))
    m = game.rules.manifest
    for i, (s, a, t) in enumerate(game.steps()):
        moves = [x for x in tikalspeed.legal_actions(s) if isinstance(x, Move)]
        for move in moves if i in sampled else [a] if isinstance(a, Move) else []:
            cost = ref.dijkstra(m, s.placed, move.origin)[move.destination]
            taken = t if move == a else tikalspeed.step(s, move)
            spent = [e for e in taken.events if isinstance(e, ActionTaken)]
            assert spent[0].cost == cost <= s.ap and str(move) == spent[0].token
            ended = [e for e in taken.events if isinstance(e, TurnEnded)]
            if cost == s.ap:
                assert ended == [TurnEnded(s.active, 0)]
            else:
                assert not ended and taken.state.ap == s.ap - cost


@SOME
@given(games())
def test_scoring_counts_temples_and_treasure_sets(game: Game) -> None:
    """TIKAL-SCORE-3, TIKAL-GUARD-4: a player scores each temple they guard, or where
    their force (leader 3, worker 1) beats every other player's (ties score nothing),
    at its current value, plus 1/3/6 per kind held once/twice/thrice; scores happen at
    the end of SCORING and FINAL turns only."""
    for s, t in zip(game.states, game.transitions, strict=False):
        after = t.state
        for e in t.events:
            if not isinstance(e, Scored):
                continue
            p = e.player
            assert s.turn_kind.value in ("scoring", "final") and s.active == p
            temples = 0
            for c, value in enumerate(after.temples):
                others = max(ref.force(after, o, c) for o in range(s.players) if o != p)
                majority = after.guards[c] == -1 and ref.force(after, p, c) > others
                if after.guards[c] == p or majority:
                    temples += value
            assert e.temples == temples
            assert e.treasures == sum((0, 1, 3, 6)[n] for n in after.held[p])


@SOME
@given(games())
def test_turns_come_in_the_order_the_rules_give(game: Game) -> None:
    """TIKAL-SETUP-5, TIKAL-TURN-1, TIKAL-SCORE-1, TIKAL-SCORE-2, TIKAL-AUCTION-8,
    TIKAL-END-1, TIKAL-AUCTION-9: classic normal turns go P1, P2, … clockwise; a volcano
    set aside by p brings scoring turns p, p+1, … then p's volcano turn; the final round
    goes clockwise from the player after the last tile's (classic), or by score, lowest
    first, ties nearest clockwise after that player first (professional)."""
    n, classic = game.rules.players, game.rules.mode == "classic"
    flat = [(i, e) for i, t in enumerate(game.transitions) for e in t.events]
    began = [(k, (e.kind, e.player)) for k, (_, e) in enumerate(flat) if isinstance(e, TurnBegan)]
    if classic:  # P1's first turn begins in new_game, before any transition
        first = game.states[0]
        assert (first.turn_kind, first.active, first.phase) == (TurnKind.NORMAL, 0, Phase.DRAW)
        normal = [0] + [p for _, (kind, p) in began if kind == "normal"]
        assert normal == [i % n for i in range(len(normal))]
    for k, (_, e) in enumerate(flat):
        if isinstance(e, VolcanoSetAside):
            after = [turn for j, turn in began if j > k][: n + 1]
            assert after == [("scoring", (e.player + i) % n) for i in range(n)] + [
                ("volcano", e.player)]  # fmt: skip
    final = [(j, p) for j, (kind, p) in began if kind == "final"]
    if game.final.phase is not Phase.OVER:
        return
    last = [e.player for _, e in flat if isinstance(e, (TilePlaced, TileDiscarded))][-1]
    if classic:
        assert [p for _, p in final] == [(last + 1 + i) % n for i in range(n)]
        return
    ply = flat[final[0][0]][0]  # the scores when the final round starts
    scores = list(game.states[ply].scores)
    for _, e in flat[: final[0][0]]:
        if _ == ply and isinstance(e, Scored):
            scores[e.player] += e.temples + e.treasures
    order = sorted(range(n), key=lambda p: (scores[p], (p - last - 1) % n))
    assert [p for _, p in final] == order


@SOME
@given(games(modes=("professional",)))
def test_auctions_open_and_end_as_the_rules_give(game: Game) -> None:
    """TIKAL-AUCTION-2..7: each round holds one auction per player; the first is opened
    by P1, a round's first by the player after the previous round's last, later ones
    by the first still eligible after the round's first player, clockwise without those
    who played; a lone high bidder wins and pays the bid, all passing gives the tile
    free to the first passer, and the round's last player takes the last tile free."""
    n = game.rules.players
    won: list[int] = []
    previous_last: int | None = None
    bids: list[BidMade] = []
    for _, e in [(i, e) for i, t in enumerate(game.transitions) for e in t.events]:
        if isinstance(e, TileRevealed) and won:
            assert len(won) == n
            previous_last, won = won[-1], []
        elif isinstance(e, AuctionOpened):
            if won:
                start = (won[0] + 1) % n
            else:
                start = 0 if previous_last is None else (previous_last + 1) % n
            order = [(start + i) % n for i in range(n)]
            assert e.bidders == tuple(p for p in order if p not in won)
            bids = []
        elif isinstance(e, BidMade):
            bids.append(e)
        elif isinstance(e, AuctionWon):
            if e.clause == "TIKAL-AUCTION-7":
                assert [p for p in range(n) if p not in won] == [e.player] and e.price == 0
            elif e.clause == "TIKAL-AUCTION-6":
                assert all(b.amount == 0 for b in bids) and e.price == 0
                assert e.player == bids[0].player
            else:
                top = max(bids, key=lambda b: b.amount)
                assert e.clause == "TIKAL-AUCTION-5"
                assert (e.player, e.price) == (top.player, top.amount)
            won.append(e.player)
