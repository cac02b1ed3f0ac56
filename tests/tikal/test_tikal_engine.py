"""Unit tests of the public functions: new_game, actors, legal_actions, chance_outcomes,
is_legal, step, apply, observe, outcome, sample_chance and resolve_chance."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from test_tikal_perft import build, play, read
from tikal_strategies import playout

import tikalspeed
from tikalspeed import (
    CHANCE,
    LEADER,
    WORKER,
    Bid,
    DrawTile,
    EndTurn,
    Enter,
    FindTreasure,
    IllegalActionError,
    Move,
    PassBid,
    Phase,
    PlaceTile,
    Rules,
    State,
    TurnKind,
    Uncover,
    cell_from_name,
)

PERFT = Path(__file__).parent / "perft"
A1, A2, B1, B2 = (cell_from_name(n) for n in ("a1", "a2", "b1", "b2"))
MODES_AND_PLAYERS = [(mode, n) for mode in ("classic", "professional") for n in (2, 3, 4)]


def position(name: str, *tokens: str) -> State:
    """A perft file's position, then ``tokens``."""
    state = build(read(PERFT / f"{name}.txt")[0])
    for token in tokens:
        state = play(state, token)
    return state


@pytest.mark.parametrize(("mode", "players"), MODES_AND_PLAYERS)
@pytest.mark.parametrize("start_worker", [False, True])
def test_new_game_sets_up_the_components(mode: str, players: int, start_worker: bool) -> None:
    """TIKAL-SETUP-1..5, TIKAL-MODE-1, TIKAL-AUCTION-1, TIKAL-BOARD-3, TIKAL-COMP-1..4:
    18 workers and the leader per player in supply (one worker on the base camp with
    start_worker), the letter stacks A 6 … G 4, the printed corner explored with its
    two value-1 temples, 48 level tiles, 24 hidden treasures; scores 0 (classic) or
    auction_score; P1 starts: the first tile draw (classic) or display reveal."""
    rules = Rules(mode=mode, players=players, start_worker=start_worker, auction_score=13)
    s = tikalspeed.new_game(rules)
    on_camp = int(start_worker)
    assert s.supply == (18 - on_camp,) * players and s.leaders == (-1,) * players
    assert all(w[A1] == on_camp and sum(w) == on_camp for w in s.workers)
    assert s.removed == s.guard_pieces == (0,) * players
    assert [len(stack) for stack in s.stacks] == [6, 6, 5, 5, 5, 5, 4]
    letters = [{rules.manifest.tiles[i].letter for i in stack} for stack in s.stacks]
    assert letters == [{x} for x in "ABCDEFG"]
    assert {c for c in range(40) if s.placed[c] != -1} == {A1, A2, B1, B2}
    assert {c: v for c, v in enumerate(s.temples) if v} == {A2: 1, B1: 1}
    assert s.levels[2:] == (3, 6, 9, 11, 8, 5, 3, 2, 1) and sum(s.levels) == 48
    assert s.hidden == (3,) * 8 and s.held == ((0,) * 8,) * players and sum(s.ruins) == 0
    assert set(s.camps) == set(s.guards) == {-1}
    assert s.scores == ((0,) if mode == "classic" else (13,)) * players
    assert s.active == 0 and s.result is None and s.hand == -1
    assert s.phase is (Phase.DRAW if mode == "classic" else Phase.REVEAL)
    assert tikalspeed.actors(s) == (CHANCE,)


@pytest.mark.parametrize(("mode", "players"), MODES_AND_PLAYERS)
def test_new_game_with_a_seed_resolves_chance_up_to_the_first_decision(
    mode: str, players: int
) -> None:
    """TIKAL-DRAW-1, TIKAL-AUCTION-2: with a seed the opening chance nodes are resolved by
    resolve_chance from Random(seed), the same seed giving the same state: P1 places
    an A tile (classic) or bids on a display of one A tile per player (professional)."""
    rules = Rules(mode=mode, players=players)
    s = tikalspeed.new_game(rules, seed=7)
    assert s == tikalspeed.resolve_chance(tikalspeed.new_game(rules), random.Random(7))
    assert s == tikalspeed.new_game(rules, seed=7) and tikalspeed.actors(s) == (0,)
    letters = [rules.manifest.tiles[t].letter for t in (s.hand, *s.display) if t >= 0]
    if mode == "classic":
        assert s.phase is Phase.PLACE and letters == ["A"] and not s.display
    else:
        assert s.phase is Phase.BID and letters == ["A"] * players and s.hand == -1
    assert len({tikalspeed.new_game(rules, seed=k) for k in range(8)}) > 1


def test_actors_per_phase() -> None:
    """TIKAL-TURN-4: chance acts at DRAW, REVEAL and TREASURE; the active player at
    PLACE, ACTIONS, BID and CHOOSE; nobody once the game is over."""
    seen: dict[Phase, tuple[int, ...]] = {}
    for mode in ("classic", "professional"):
        game = playout(Rules(mode=mode, players=3), 11, canonical=True)
        for s in game.states:
            who = tikalspeed.actors(s)
            chance = s.phase in (Phase.DRAW, Phase.REVEAL, Phase.TREASURE)
            want = () if s.phase is Phase.OVER else (CHANCE,) if chance else (s.active,)
            assert who == want
            seen[s.phase] = who
    assert set(seen) == set(Phase) - {Phase.TOKENS}  # TOKENS is the Speed game's


def test_tile_draws_are_uniform_over_the_topmost_letter() -> None:
    """TIKAL-DRAW-1: at the start each of the 6 A tiles is drawn with probability 1/6;
    after one is drawn, the next draw is 1/5 each of the other 5; B tiles come only
    when A is empty."""
    s = tikalspeed.new_game(Rules(mode="classic", players=2))
    outs = tikalspeed.chance_outcomes(s)
    assert [str(a) for a, _ in outs] == [f"draw=A{i}" for i in range(1, 7)]
    assert {p for _, p in outs} == {Fraction(1, 6)}
    s = position("first-actions", "end")
    outs = tikalspeed.chance_outcomes(s)
    assert sorted(str(a) for a, _ in outs) == ["draw=A1", "draw=A2", "draw=A4", "draw=A5",
                                               "draw=A6"]  # fmt: skip
    assert {p for _, p in outs} == {Fraction(1, 5)} and s.active == 1
    volcano = position("volcano")
    assert not volcano.stacks[0] and len(volcano.stacks[1]) == 5


def test_display_reveals_are_uniform_over_the_topmost_letter() -> None:
    """TIKAL-AUCTION-2: the display is filled one tile per player, each reveal uniform
    over the topmost letter (1/6, then 1/5, then 1/4 for three players)."""
    s = tikalspeed.new_game(Rules(mode="professional", players=3))
    for n, token in zip((6, 5, 4), ("reveal=A2", "reveal=A5", "reveal=A6"), strict=True):
        outs = tikalspeed.chance_outcomes(s)
        assert len(outs) == n and {p for _, p in outs} == {Fraction(1, n)}
        assert s.phase is Phase.REVEAL and tikalspeed.actors(s) == (CHANCE,)
        s = play(s, token)
    assert s.phase is Phase.BID and [tikalspeed.player_name(p) for p in s.bidders] == [
        "P1", "P2", "P3"]  # fmt: skip


def test_treasure_finds_are_proportional_to_the_copies_not_yet_face_up() -> None:
    """TIKAL-TREASURE-3: the first dig turns up each of the 8 kinds with probability
    1/8; once an A is face up, the next dig turns up A with 2/23 and each other kind
    with 3/23; sample_chance follows these weights."""
    s = position("ruin", "dig:c1")
    outs = tikalspeed.chance_outcomes(s)
    assert s.phase is Phase.TREASURE and [p for _, p in outs] == [Fraction(1, 8)] * 8
    s = position("ruin", "dig:c1", "find=A", "move:w:a1:c1", "dig:c1")
    outs = dict(tikalspeed.chance_outcomes(s))
    assert outs == {FindTreasure(k): Fraction(2 if k == 0 else 3, 23) for k in range(8)}
    rng = random.Random(5)
    draws = Counter(tikalspeed.sample_chance(s, rng) for _ in range(2300))
    assert set(draws) == set(outs) and 140 < draws[FindTreasure(0)] < 260  # 200 expected
    after = play(s, "find=H")  # that was the last AP: the turn ends, P2 draws
    assert after.held[0][0] == after.held[0][7] == 1
    assert after.ruins[cell_from_name("c1")] == 2
    assert after.phase is Phase.DRAW and after.active == 1


def test_chance_outcomes_and_sample_chance_at_decision_nodes() -> None:
    """Contract: chance_outcomes is empty where a player decides, and sample_chance
    refuses to act there (TIKAL-TURN-4)."""
    s = position("spread")
    assert tikalspeed.chance_outcomes(s) == ()
    with pytest.raises(IllegalActionError) as err:
        tikalspeed.sample_chance(s, random.Random(0))
    assert err.value.clause == "TIKAL-TURN-4"


@pytest.mark.parametrize("name", ["first-place", "spread", "ruin", "auction", "volcano"])
def test_step_apply_and_is_legal_agree(name: str) -> None:
    """Contract: every legal action passes is_legal, and apply gives step's state; the
    transition's events name clauses; a legal action of another kind fails both."""
    s = position(name)
    for a in tikalspeed.legal_actions(s):
        assert tikalspeed.is_legal(s, a)
        t = tikalspeed.step(s, a)
        assert tikalspeed.apply(s, a) == t.state and t.events
        assert all(e.clause.startswith("TIKAL-") for e in t.events)
    for a in (PassBid(s.active), EndTurn(s.active)):
        if a not in tikalspeed.legal_actions(s):
            assert not tikalspeed.is_legal(s, a)
            with pytest.raises(IllegalActionError):
                tikalspeed.step(s, a)


@pytest.mark.parametrize(
    ("name", "action"),
    [
        ("spread", EndTurn(1)),  # P2 acting in P1's turn
        ("spread", DrawTile(6)),  # chance acting at a decision
        ("spread", Bid(0, 3)),  # a bid in the ACTIONS phase
        ("spread", PlaceTile(0, 20, 0)),  # placing without a tile in hand
        ("first-place", EndTurn(0)),  # ending the turn before placing the tile
        ("first-place", PlaceTile(1, 10, 0)),  # P2 placing P1's tile
        ("auction", EndTurn(0)),  # an AP action at a BID node
        ("auction", Bid(1, 3)),  # P2 bidding before P1
        ("volcano", PlaceTile(0, 10, 0)),  # the volcano comes after the scoring turns
    ],
)
def test_wrong_actor_or_wrong_kind_is_refused_by_tikal_turn_4(name: str, action: object) -> None:
    """TIKAL-TURN-4: only the current actor acts, with the kind of action the node asks
    for; anything else raises IllegalActionError(clause='TIKAL-TURN-4') and leaves the
    state as it was."""
    s = position(name)
    assert not tikalspeed.is_legal(s, action)
    with pytest.raises(IllegalActionError) as err:
        tikalspeed.step(s, action)  # type: ignore[arg-type]
    assert err.value.clause == "TIKAL-TURN-4"
    assert s == position(name)


def test_nobody_acts_after_the_end() -> None:
    """TIKAL-TURN-4, TIKAL-END-2: a finished game refuses every action with TIKAL-TURN-4;
    outcome gives the final scores and the single top scorer (or None on a tie), and
    observe shows the same state to everyone."""
    game = playout(Rules(mode="classic", players=3), 2)
    s = game.final
    result = tikalspeed.outcome(s)
    assert result is not None and result == s.result and result.reason == "final-scoring"
    top = [p for p in range(3) if s.scores[p] == max(s.scores)]
    assert result.scores == s.scores and result.winner == (top[0] if len(top) == 1 else None)
    assert all(tikalspeed.outcome(x) is None for x in game.states[:-1])
    for a in (EndTurn(p) for p in range(3)):
        with pytest.raises(IllegalActionError) as err:
            tikalspeed.step(s, a)
        assert err.value.clause == "TIKAL-TURN-4"
    assert all(tikalspeed.observe(s, p) == tikalspeed.View(p, s) for p in range(3))


@pytest.mark.parametrize(
    ("action", "family"),
    [
        (Uncover(0, B1), "TIKAL-UNCOVER"),  # no piece of P1's on b1
        (Enter(0, LEADER, A1), "TIKAL-ENTER"),  # the leader is already in
        (Move(0, WORKER, A1, cell_from_name("h5")), "TIKAL-MOVE"),  # no path there
        (tikalspeed.TakeTreasure(0, cell_from_name("c1")), "TIKAL-TREASURE"),  # no piece
        (tikalspeed.BuildCamp(0, A1), "TIKAL-CAMP"),  # not on the base camp
        (tikalspeed.Guard(0, B1, WORKER), "TIKAL-GUARD"),  # no piece there
    ],
)
def test_illegal_ap_actions_name_their_clause(action: object, family: str) -> None:
    """TIKAL-UNCOVER-1, TIKAL-ENTER-1, TIKAL-MOVE-2, TIKAL-TREASURE-1, TIKAL-CAMP-1,
    TIKAL-GUARD-1: an AP action of the right player that the rules forbid names a
    clause of its own action."""
    s = position("spread")
    with pytest.raises(IllegalActionError) as err:
        tikalspeed.step(s, action)  # type: ignore[arg-type]
    assert err.value.clause.startswith(family + "-")


def test_a_bid_above_ones_score_is_refused() -> None:
    """TIKAL-AUCTION-3: with max_bid='score' a bid may not exceed the bidder's score
    (20 here) nor fail to beat the highest bid."""
    s = position("auction")
    for bad in (Bid(0, 21), Bid(0, 0)):
        with pytest.raises(IllegalActionError) as err:
            tikalspeed.step(s, bad)
        assert err.value.clause == "TIKAL-AUCTION-3"
    s = play(s, "bid:7")
    assert not tikalspeed.is_legal(s, Bid(1, 7)) and tikalspeed.is_legal(s, Bid(1, 8))


def test_scoring_round_order_after_a_volcano() -> None:
    """TIKAL-SCORE-1, TIKAL-SCORE-2: after P1 sets the volcano aside, P1 then P2 take a
    SCORING turn of 10 AP, then P1 places the volcano (VOLCANO turn) and takes 10 AP."""
    s = position("volcano")
    assert (s.turn_kind, s.active, s.hand >= 0) == (TurnKind.SCORING, 0, True)
    s = play(s, "end")
    assert (s.turn_kind, s.active, s.phase) == (TurnKind.SCORING, 1, Phase.ACTIONS)
    s = play(play(s, "end"), "place:c1:0")
    assert (s.turn_kind, s.active, s.phase, s.ap) == (TurnKind.VOLCANO, 0, Phase.ACTIONS, 10)
    s = play(s, "end")
    assert (s.turn_kind, s.active, s.phase) == (TurnKind.NORMAL, 1, Phase.DRAW)


def test_refusals_name_players_as_p1_to_p4() -> None:
    """TIKAL-TURN-4 (issue 8): an action out of turn is refused naming the players as
    the game does, never by 0-based index: P2 may not act while it is P1's decision."""
    s = tikalspeed.new_game(Rules(mode="classic", players=2), seed=1)
    assert tikalspeed.actors(s) == (0,)
    with pytest.raises(IllegalActionError) as err:
        tikalspeed.step(s, EndTurn(1))
    assert str(err.value) == "P2 may not act now: it is P1's decision (TIKAL-TURN-4)"
    chance = tikalspeed.new_game(Rules(mode="classic", players=2))
    with pytest.raises(IllegalActionError, match=r"^P1 may not act now: it is a chance node"):
        tikalspeed.step(chance, EndTurn(0))
