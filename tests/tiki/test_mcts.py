"""The Tiki search bot (issue 11): UCT within a budget, seeded and deterministic.

No test times anything: strength is checked by results against the random bot on
fixed seeds, and search by whether it finds a win one move away (TIKI-END-1)."""

from __future__ import annotations

import random

import pytest

from tiki import Rules, apply, legal_actions, new_game
from tiki.model.state import State
from tiki.tools.bots import RandomBot, play_game
from tiki.tools.bots.search import MCTSBot
from tiki.tools.cli import main
from tiki.tools.studies import make_bot, simulate


def _positions_with_a_winning_move(count: int) -> list[State]:
    """Positions from seeded random games where some legal action wins at once and some
    does not (TIKI-END-1 … TIKI-END-4: the game's end, decided by that action)."""
    found: list[State] = []
    rng = random.Random(11)
    for g in range(200):
        state = new_game(seed=g)
        while state.result is None and len(found) < count:
            actions = legal_actions(state)
            ends = [apply(state, a).result for a in actions]
            wins = [r is not None and r.winner == state.actor for r in ends]
            if any(wins) and not all(wins):
                found.append(state)
                break
            state = apply(state, actions[rng.randrange(len(actions))])
        if len(found) >= count:
            break
    return found


def test_tiki_end_1_the_search_takes_a_win_one_move_away() -> None:
    """TIKI-END-1: where one of the legal actions wins the game at once (and another
    does not), 200 playouts find a winning one."""
    positions = _positions_with_a_winning_move(5)
    assert len(positions) == 5
    for state in positions:
        action = MCTSBot(seed=3, playouts=200).choose(state)
        result = apply(state, action).result
        assert result is not None and result.winner == state.actor, action


def test_tiki_turn_1_the_search_beats_the_random_bot() -> None:
    """TIKI-TURN-1: with 60 playouts a decision, the search bot wins at least 3 of 4
    games against the random bot, playing either side (fixed seeds)."""
    wins = 0
    for g in range(4):
        me = g % 2
        bots = {me: MCTSBot(seed=g, playouts=60), 1 - me: RandomBot(seed=50 + g)}
        log = play_game(new_game(seed=g), bots, random.Random(g))
        wins += log[-1].state.result.winner == me  # type: ignore[union-attr]
    assert wins >= 3


def test_tiki_turn_3_same_seed_and_budget_same_choice_in_every_phase() -> None:
    """TIKI-TURN-3: the bot answers only with legal actions, in every phase a game with
    the shaman reaches, and with a seed and a playout budget it is deterministic."""
    state = new_game(Rules(shaman=True), seed=4)
    rng = random.Random(2)
    phases = set()
    while state.result is None:
        bot_choice = MCTSBot(seed=9, playouts=8).choose(state)
        assert bot_choice in legal_actions(state)
        assert MCTSBot(seed=9, playouts=8).choose(state) == bot_choice
        phases.add(state.phase)
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
    assert len(phases) >= 3


def test_a_time_budget_plays_at_least_once_and_bad_budgets_are_refused() -> None:
    """A budget in seconds always finishes one playout (no timing is asserted); a budget
    that is missing, out of bounds or of the wrong type is a ValueError naming it."""
    state = new_game(seed=1)
    assert MCTSBot(seed=0, playouts=None, seconds=0.001).choose(state) in legal_actions(state)
    assert MCTSBot(seed=0, rollout="greedy", playouts=5).choose(state) in legal_actions(state)
    for kwargs in (
        {"playouts": None},
        {"playouts": 0},
        {"playouts": True},
        {"playouts": 10**9},
        {"seconds": -1.0},
        {"rollout": "smart"},
        {"exploration": -1},
    ):
        with pytest.raises(ValueError, match="MCTSBot"):
            MCTSBot(**kwargs)  # type: ignore[arg-type]


def test_the_search_bot_plays_from_the_command_line_and_in_studies(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``tiki play --bot mcts --playouts N`` plays a whole game, a bad budget is a
    usage error, and ``simulate`` seats ``mcts``."""
    assert main(["play", "--bot", "mcts", "--playouts", "20", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "result:" in out
    assert main(["play", "--bot", "mcts", "--playouts", "10000001"]) == 2
    assert "1 to 1000000 playouts" in capsys.readouterr().err
    rows = simulate([Rules()], 1, seed=0, bots=["mcts:5", "random"], jobs=1)
    assert len(rows) == 1 and rows[0]["bots"] == "mcts:5,random"


def test_a_study_seats_the_search_bot_with_its_budget() -> None:
    """``mcts:N`` seats the search bot with N playouts a decision in a study (the same
    bot as ``play --bot mcts --playouts N``)."""
    bot = make_bot("mcts:7", 3)
    assert isinstance(bot, MCTSBot) and bot.playouts == 7
    rows = simulate([Rules()], 1, seed=0, bots=["mcts:5", "greedy"], jobs=1)
    assert rows[0]["bots"] == "mcts:5,greedy"


@pytest.mark.parametrize(
    "name", ["mcts:0", "mcts:1000001", "mcts:", "mcts:x", "mcts:-5", "mcts:" + "9" * 400]
)
def test_a_study_refuses_a_bad_budget(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Any other budget is refused before a game is played, with an error that names
    it within a bounded length (a usage error at the command line)."""
    with pytest.raises(ValueError, match=r"^no bot .*mcts:N") as refused:
        simulate([Rules()], 1, bots=[name])
    assert len(str(refused.value)) < 200
    assert main(["simulate", "--games", "1", "--bots", name]) == 2
    assert "mcts:N" in capsys.readouterr().err


ROUND_IN_CIRCLES = "+1,0x,+1/+1o,+2,+1ox/0,+1o,-1 turn x x - 1,1 3,2 - - 53 -"
"""A position (met in a study, seed 1, ``mcts:3`` on both sides) from which the
greedy bot of seed 0 plays on for ever: the players move back and forth at 3–1 in
fruits, and the rules end the game only after 2**53 - 1 turns (TIKI-END-6)."""


def test_a_playout_going_round_in_circles_is_a_draw_and_the_search_ends() -> None:
    """TIKI-END-6: a greedy playout is bounded (``ROLLOUT_PLIES``) and scored a draw,
    so the search bot decides even where greedy play never ends; before the bound the
    bot hung in this position."""
    from tiki.text.notation import from_text
    from tiki.tools.bots.search import ROLLOUT_PLIES
    from tiki.tools.bots.simple import GreedyBot

    state = from_text(ROUND_IN_CIRCLES)
    greedy, played, fruits = GreedyBot(0), state, []
    for _ in range(2 * ROLLOUT_PLIES["greedy"]):  # the circle is real: no end in sight
        played = apply(played, greedy.choose(played))
        fruits.append(played.fruits)
    assert played.result is None and set(fruits[ROLLOUT_PLIES["greedy"] :]) == {(3, 1)}
    bot = MCTSBot(seed=0, playouts=20)
    bot._greedy = GreedyBot(0)  # the playouts' greedy moves are those that go round
    assert bot._play_out(state) == {0: 0.5, 1: 0.5}
    assert MCTSBot(seed=1, playouts=20).choose(state) in legal_actions(state)
