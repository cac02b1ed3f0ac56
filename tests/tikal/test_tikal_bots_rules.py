"""The greedy bot takes the paths the rules' options open (issue 21, "Players that use
every rule"; issue 32, "bots that use every rule they can"): it stops under
``forfeit`` when stopping is worth it (SPEED-JUMP-8); under ``jump_blocked='lost'`` it
chooses its tokens by the Jump it expects, the players before it acting first
(SPEED-JUMP-2, SPEED-JUMP-7), and spoils a later player's action when that pays; it
bids over its score under ``max_bid='any'`` (TIKAL-AUCTION-3); it prizes a second
volcano of the round that ``two_volcanoes='last-secured'`` puts it in front for
(SPEED-AUCTION-3). Under the default rules its choices stay as they were (each test
shows the default's choice too).

The printed corner: a1 the base camp, b1 and a2 temples of value 1; every border
between them costs 2 (TIKAL-BOARD-4)."""

from __future__ import annotations

import random

import pytest
from positions import (
    cell,
    choose_tokens,
    find,
    game,
    jumping,
    levels,
    out_of_play,
    pieces,
    play,
    speed,
    tiles,
    tokens,
    treasures,
)
from tikal_strategies import variant_manifest

from tikalspeed import (
    Bid,
    ChooseTile,
    ChooseTokens,
    EndTurn,
    Manifest,
    PassBid,
    Rules,
    State,
    chance_outcomes,
    legal_actions,
    new_game,
    step,
)
from tikalspeed.model.events import PointsLost
from tikalspeed.tools.bots import GreedyBot, play_game
from tikalspeed.tools.bots.jump import later_players, rest_of_jump
from tikalspeed.tools.bots.value import (
    LEAD_BONUS,
    _expected,
    _tile_worth,
    after_others,
    evaluate,
    greedy_count,
    promoted_to_first,
    token_values,
)

# --------------------------------------------------------------------------- SPEED-JUMP-8


def _holding_b1(supply: bool, **rules: object) -> State:
    """P1's one worker holds the temple b1 alone; no level 2 tile is left (he cannot
    raise it) and he has 2 tokens left this phase. With ``supply``, he may also bring
    a piece in for 1; without it, his only actions are moves off b1 (2 AP each)."""
    s = pieces(speed(2, **rules), 0, w={"b1": 1})
    if not supply:
        s = out_of_play(s, 0)
    return jumping(levels(s, v2=0), (0, 1), tokens=(2, 10))


@pytest.mark.parametrize("blocked", ["other-action", "lost"])
def test_speed_jump_8_greedy_stops_when_every_action_hurts(blocked: str) -> None:
    """SPEED-JUMP-8, ``forfeit=True``: every action P1 could take (a move off b1) would
    give up the temple he holds; stopping, valued like any other choice, keeps the
    position as it is, so the greedy bot stops (also when it values the whole Jump,
    under ``jump_blocked='lost'``: the Jump without it is worth more)."""
    s = _holding_b1(supply=False, forfeit=True, jump_blocked=blocked)
    assert tokens(s, 0) == ["tokens:2", "end"]
    assert max(token_values(s, 0, [2]).values()) < evaluate(s, 0)
    if blocked == "lost":
        values = after_others(s, 0, [0, 2])
        assert values[2] < values[0]
    assert GreedyBot(seed=0).choose(s, 0) == EndTurn(0)


def test_speed_jump_8_greedy_plays_on_when_an_action_helps() -> None:
    """SPEED-JUMP-8, ``forfeit=True``: a piece brought in for 1 token is worth more than
    the position as it stands, so the bot takes part (1 token), not stops."""
    s = _holding_b1(supply=True, forfeit=True)
    assert "end" in tokens(s, 0)
    assert GreedyBot(seed=0).choose(s, 0) == ChooseTokens(0, 1)


def test_speed_jump_8_default_no_stop_offered_none_taken() -> None:
    """SPEED-JUMP-8, the default: the same position where every action hurts, but
    nobody may stop, and the bot takes the tokens of its least bad action."""
    s = _holding_b1(supply=False)
    assert tokens(s, 0) == ["tokens:2"]
    assert GreedyBot(seed=0).choose(s, 0) == ChooseTokens(0, 2)


# --------------------------------------------------------------------------- SPEED-JUMP-7


def _last_treasure(order: tuple[int, int], **rules: object) -> State:
    """The ruin c1 holds one treasure and a worker of each; P2 also holds both
    temples (two workers on each) and no level 2 tile is left. Alone, each player's
    best action is the dig (3 AP): both greedy bots would take 3 tokens, and the one
    ahead in the Round Order ``order`` digs first (SPEED-JUMP-2), leaving the other's
    dig spoiled."""
    s = tiles(speed(2, **rules), c1=("A2", 0))
    s = s.replace(ruins=tuple(1 if c == cell("c1") else 0 for c in range(40)))
    s = pieces(pieces(s, 0, w={"c1": 1}), 1, w={"c1": 1, "b1": 2, "a2": 2})
    return jumping(levels(s, v2=0), order)


def test_speed_jump_7_default_greedy_takes_the_tokens_of_its_best_action() -> None:
    """SPEED-JUMP-4, the default reading of SPEED-JUMP-7: P2 takes the 3 tokens of the
    dig, though P1 (3 tokens, ahead in the Round Order) will dig first; if spoiled, he
    takes any other action."""
    s = _last_treasure((0, 1))
    assert greedy_count(s, 0) == 3
    assert GreedyBot(seed=0).choose(s, 1) == ChooseTokens(1, 3)


def test_speed_jump_7_lost_greedy_sees_the_dig_before_it() -> None:
    """SPEED-JUMP-7, ``'lost'``: P2 values each count by the Jump it expects; with 3
    tokens P1 digs first and P2 is left with what 1 token buys, so he takes 1."""
    s = _last_treasure((0, 1), jump_blocked="lost")
    values = after_others(s, 1, [1, 2, 3, 4, 5])
    assert values[3] == values[1] < token_values(s, 1, [3])[3]
    assert GreedyBot(seed=0).choose(s, 1) == ChooseTokens(1, 1)


def test_speed_jump_7_lost_greedy_takes_a_count_it_wins() -> None:
    """SPEED-JUMP-7, ``'lost'``: with P2 ahead in the Round Order his 3 tokens dig first
    (it is P1's dig that is spoiled), so he takes 3: a choice made knowing which of
    the two digs the Jump's order spoils."""
    s = _last_treasure((1, 0), jump_blocked="lost")
    assert GreedyBot(seed=0).choose(s, 1) == ChooseTokens(1, 3)


# --------------------------------------------------------------------------- TIKAL-AUCTION-3


def _short_of_points(max_bid: str) -> State:
    """A professional auction of A1 (a temple of 1) and A2 (a treasure hex of 4, worth
    a bid of 2 to the greedy bot): P1 has bid 1 and P2, with a score of 1, is to bid."""
    s = game(players=2, mode="professional", max_bid=max_bid)
    s = s.replace(scores=(20, 1))
    s, _ = play(s, "reveal=A1", "reveal=A2", "bid:1")
    return s


def test_tikal_auction_3_any_greedy_bids_over_its_score() -> None:
    """TIKAL-AUCTION-3, ``max_bid='any'``: the bot wants the treasure hex enough to bid
    2, one more than its score, and the option lets it; its other limits stay (it
    would not bid 3, more than half of what the tile is worth to it)."""
    s = _short_of_points("any")
    assert s.active == 1 and s.scores[1] == 1
    assert "bid:2" in tokens(s)
    assert GreedyBot(seed=0).choose(s) == Bid(1, 2)
    s, _ = play(s, "bid:2", "bid:3")  # P1 raises to 3: over the worth-based limit
    assert GreedyBot(seed=0).choose(s) == PassBid(1)


def test_tikal_auction_3_score_greedy_cannot_bid_over_its_score() -> None:
    """TIKAL-AUCTION-3, the default ``max_bid='score'``: the same bidder may bid no more
    than its score of 1, so the bot passes."""
    s = _short_of_points("score")
    assert tokens(s) == ["pass"]
    assert GreedyBot(seed=0).choose(s) == PassBid(1)


# --------------------------------------------------------------------------- SPEED-AUCTION-3


def _two_volcanoes_manifest() -> Manifest:
    """The default tiles with the volcanoes B1 and D3 lettered A (they swap letters
    with A5 and A6), so that one display can show both (SPEED-AUCTION-3)."""
    default = Rules().manifest
    letters = [t.letter for t in default.tiles]
    ids = [t.id for t in default.tiles]
    for volcano, a_tile in (("B1", "A5"), ("D3", "A6")):
        i, j = ids.index(volcano), ids.index(a_tile)
        letters[i], letters[j] = letters[j], letters[i]
    return variant_manifest(letters, [0] * 36)


def _second_volcano(rule: str) -> State:
    """3 players, the display B1, D3 (two volcanoes) and A1 (a temple of 1); everybody
    passed and P1 took B1 free (TIKAL-AUCTION-6), going first in the Round Order;
    then P2 and P3 passed, and P2 takes D3 or A1 (scores equal: no lead to score)."""
    s = speed(3, manifest=_two_volcanoes_manifest(), two_volcanoes=rule)
    s, _ = play(s, "reveal=B1", "reveal=D3", "reveal=A1", "pass", "pass", "pass", "take:B1")
    s, _ = play(s, "pass", "pass")
    assert s.round_order == (0,) and s.active == 1
    return s


def test_speed_auction_3_last_secured_greedy_takes_the_second_volcano() -> None:
    """SPEED-AUCTION-3, ``two_volcanoes='last-secured'``: the second volcano would put
    P2 in front of P1 in the Round Order, worth ``LEAD_BONUS`` more to the bot than
    its lead of 0, so it takes D3 rather than the temple (worth 1)."""
    s = _second_volcano("last-secured")
    assert promoted_to_first(s, 1)
    d3, a1 = s.display
    assert _tile_worth(s, d3, 1) == LEAD_BONUS > _tile_worth(s, a1, 1) == 1.0
    assert GreedyBot(seed=0).choose(s) == ChooseTile(1, d3)
    s, _ = play(s, "take:D3")
    assert s.round_order[0] == 1


def test_speed_auction_3_first_secured_greedy_takes_the_temple() -> None:
    """SPEED-AUCTION-3, the default ``'first-secured'``: the second volcano leaves P1
    first, so it earns no bonus and the bot takes the temple. A first volcano of the
    round earns none under either reading (a bonus there would change the default's
    play), so the bot's choice at the first auction is the same under both."""
    s = _second_volcano("first-secured")
    assert not promoted_to_first(s, 1)
    d3, a1 = s.display
    assert _tile_worth(s, d3, 1) == 0.0 < _tile_worth(s, a1, 1)
    assert GreedyBot(seed=0).choose(s) == ChooseTile(1, a1)
    for rule in ("first-secured", "last-secured"):
        first = speed(3, manifest=_two_volcanoes_manifest(), two_volcanoes=rule)
        first, _ = play(first, "reveal=B1", "reveal=D3", "reveal=A1", "pass", "pass", "pass")
        assert not promoted_to_first(first, 0)
        assert str(GreedyBot(seed=0).choose(first)) == "take:A1"


# ------------------------------------------------------------- SPEED-JUMP-7: the Jump's action


def _dig_first(**rules: object) -> State:
    """A Jump where P1 and P2 each chose 3 tokens, P1 ahead in the Round Order: the ruin
    e4 (alone, no tile next to it) holds one treasure and a worker of each. P1 also
    has a worker on the base camp, a move from the temples of the printed corner; P2
    has nothing else in play but a single of every treasure kind, so any treasure he
    digs makes a pair, and the dig is his only action while P1 holds no treasure to
    swap for. P1 acts first."""
    s = tiles(speed(2, **rules), e4=("A2", 0))
    s = s.replace(ruins=tuple(1 if c == cell("e4") else 0 for c in range(40)))
    s = treasures(s, 1, "ABCDEFGH")
    s = pieces(pieces(s, 0, w={"e4": 1, "a1": 1}), 1, w={"e4": 1})
    s = jumping(levels(out_of_play(s, 1), v2=0), (0, 1))
    s, _ = choose_tokens(s, P1=3, P2=3)
    assert s.active == 0 and s.jump_order == (1,)
    return s


def _values(s: State) -> tuple[dict[str, float], dict[str, float]]:
    """P1's actions by their one-ply value, and by the value after the Jump."""
    actions = [find(s, t) for t in tokens(s)]
    afters = {a: step(s, a).state for a in actions}
    one_ply = {a: _expected(after, 0) for a, after in afters.items()}
    ahead, _ = rest_of_jump(s, 0, afters, one_ply, None)
    return {str(a): v for a, v in one_ply.items()}, {str(a): v for a, v in ahead.items()}


@pytest.mark.parametrize("forfeit", [False, True])
def test_speed_jump_7_lost_greedy_digs_to_spoil_the_later_dig(forfeit: bool) -> None:
    """SPEED-JUMP-7, ``jump_blocked='lost'``: by its one-ply value a move onto a temple
    beats the dig, but the bot plays the Jump out: after the move P2 digs (a pair),
    after its own dig P2's only action is gone, the swap that the treasure dug opened
    for him is refused, and he loses his 3 points. So the bot digs (also with
    ``forfeit``, SPEED-JUMP-8, which changes nothing in a Jump's action)."""
    s = _dig_first(jump_blocked="lost", forfeit=forfeit)
    assert later_players(s) == (1,)
    one_ply, ahead = _values(s)
    assert one_ply["move:w:a1:b1"] > one_ply["dig:e4"]
    assert ahead["dig:e4"] > ahead["move:w:a1:b1"]
    choice = GreedyBot(seed=0).choose(s)
    assert str(choice) == "dig:e4"
    dug = step(s, choice).state
    t = step(dug, chance_outcomes(dug)[0][0])
    assert PointsLost(1, 3, "SPEED-JUMP-7") in t.events


def test_speed_jump_7_default_greedy_plays_its_one_ply_best() -> None:
    """SPEED-JUMP-7, the default ``'other-action'``: the same Jump, but P2 would swap
    after P1's dig (any other action within his points) and the bot plays its one-ply
    best, a move onto a temple of the printed corner."""
    s = _dig_first()
    assert later_players(s) == ()
    choice = GreedyBot(seed=0).choose(s)
    assert str(choice) in ("move:w:a1:b1", "move:w:a1:a2")
    dug = step(s, find(s, "dig:e4")).state
    t = step(dug, chance_outcomes(dug)[0][0])
    assert not any(isinstance(e, PointsLost) for e in t.events)
    assert any(str(a).startswith("swap") for a in legal_actions(t.state))


def test_speed_jump_7_lost_and_forfeit_greedy_games_finish() -> None:
    """SPEED-JUMP-7 and SPEED-JUMP-8 together (``jump_blocked='lost'``, ``forfeit``):
    greedy bots finish a seeded 2-player Speed game, stopping where stopping pays
    (measured when written: two of their tokens forfeited, SPEED-JUMP-8)."""
    rules = Rules(mode="speed", players=2, jump_blocked="lost", forfeit=True)
    bots = {p: GreedyBot(seed=p) for p in range(2)}
    log = play_game(new_game(rules, seed=0), bots, random.Random(0))
    assert log[-1].state.result is not None
    lost = [e for ply in log for e in ply.transition.events if isinstance(e, PointsLost)]
    assert any(e.clause == "SPEED-JUMP-8" for e in lost)
