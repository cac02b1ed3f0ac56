"""The greedy bot takes the paths the Speed options open (issue 21, "Players that use
every rule"): it stops under ``forfeit`` when stopping is worth it (SPEED-JUMP-8), and
under ``jump_blocked='lost'`` it chooses its tokens by the Jump it expects, the players
before it acting first (SPEED-JUMP-2, SPEED-JUMP-7). Under the default rules its
choices stay those the golden files pin (``test_fingerprints.py``, ``golden``).

The printed corner: a1 the base camp, b1 and a2 temples of value 1; every border
between them costs 2 (TIKAL-BOARD-4)."""

from __future__ import annotations

import pytest
from positions import cell, jumping, levels, out_of_play, pieces, speed, tiles, tokens

from tikalspeed import ChooseTokens, EndTurn, State
from tikalspeed.tools.bots import GreedyBot
from tikalspeed.tools.bots.value import after_others, evaluate, greedy_count, token_values

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
