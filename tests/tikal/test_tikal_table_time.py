"""Issue 21: the time a game of Tikal takes at the table, in the study's model, against
the game replayed by hand: the action points each decision spends are the costs its
``ActionTaken`` events give (TIKAL-TURN-2), a Jump's token choices are one moment as
long as its slowest chooser (SPEED-JUMP-1), and ``simulate``'s flags set the model."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest
from replays import replay

import tikalspeed
from gamekit.studies.timing import TableTime
from tikalspeed import (
    CHANCE,
    actors,
    legal_actions,
    new_game,
    observe,
    sample_chance,
    step,
    view_actions,
)
from tikalspeed.model.events import ActionTaken
from tikalspeed.model.state import Phase
from tikalspeed.tools import studies as simulate
from tikalspeed.tools.bots import RandomBot
from tikalspeed.tools.cli import main


def _decisions(ruleset: str, seed: int, bots: tuple[str, ...]) -> list[tuple[int, bool, int, int]]:
    """The game of ``play_row`` replayed by hand: per decision, who decided, whether in
    secret, the action points its events say it cost, and the legal actions he had."""
    out = []
    for state, p, _, transition in replay(ruleset, seed, bots):
        if p == CHANCE:
            continue
        secret = state.phase is Phase.TOKENS
        cost = sum(e.cost for e in transition.events if isinstance(e, ActionTaken))
        options = view_actions(observe(state, p)) if secret else legal_actions(state, p)
        out.append((p, secret, cost, len(options)))
    return out


def _moments(decisions: list[tuple[int, bool, int, int]], seconds: list[float]) -> list[float]:
    """Each moment's seconds: a decision's, or a run of token choices' slowest."""
    out: list[float] = []
    for i, ((_, secret, _, _), took) in enumerate(zip(decisions, seconds, strict=True)):
        if secret and i > 0 and decisions[i - 1][1]:
            out[-1] = max(out[-1], took)
        else:
            out.append(took)
    return out


@pytest.mark.parametrize(
    ("ruleset", "bots"),
    [
        ("mode=classic;players=2", ("greedy", "random")),
        ("mode=professional;players=3", ("random",) * 3),
        ("mode=speed;players=3", ("greedy", "random", "greedy")),
    ],
)
def test_the_points_a_decision_spends_are_its_action_points(
    ruleset: str, bots: tuple[str, ...]
) -> None:
    """TIKAL-TURN-2, issue 21: with a second an action point and nothing else, a
    game takes as many seconds as its actions cost action points (the ``cost`` of its
    ``ActionTaken`` events), and a player is idle for the others' points."""
    row = simulate.play_row(ruleset, 5, bots, TableTime(0, 1, 0))
    decisions = _decisions(ruleset, 5, bots)
    total = sum(cost for _, _, cost, _ in decisions)
    assert total > 0 and row["table_minutes"] * 60 == pytest.approx(total)
    own = [sum(c for q, _, c, _ in decisions if q == p) for p in range(len(bots))]
    assert row["idle_minutes_by"] == pytest.approx([(total - c) / 60 for c in own])


def test_the_default_model_of_a_speed_game() -> None:
    """Issue 21, SPEED-JUMP-1: by default a decision takes 10 s and 3 s an action
    point; a Jump's token choices spend none and are one moment of 10 s. So the game
    takes 10 s a moment plus 3 s an action point spent."""
    ruleset, bots = "mode=speed;players=2", ("random", "greedy")
    row = simulate.play_row(ruleset, 3, bots)
    decisions = _decisions(ruleset, 3, bots)
    moments = _moments(decisions, [0.0] * len(decisions))
    spent = sum(cost for _, _, cost, _ in decisions)
    assert row["moments"] == len(moments) < len(decisions)
    assert row["table_minutes"] * 60 == pytest.approx(10 * len(moments) + 3 * spent)


def test_a_jump_takes_its_slowest_chooser() -> None:
    """SPEED-JUMP-1, issue 21: at a second a legal action, each decision takes as long
    as the player's options, and a Jump's token choices as long as the chooser with
    the most options (a player with fewer tokens left has fewer)."""
    ruleset, bots = "mode=speed;players=3", ("random",) * 3
    row = simulate.play_row(ruleset, 8, bots, TableTime(0, 0, 1))
    decisions = _decisions(ruleset, 8, bots)
    seconds = _moments(decisions, [float(options) for _, _, _, options in decisions])
    assert row["table_minutes"] * 60 == pytest.approx(sum(seconds))
    assert sum(seconds) < sum(options for *_, options in decisions)  # the max, not the sum


def test_simulate_takes_the_model_from_its_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--seconds-per-decision``, ``--seconds-per-point`` and ``--seconds-per-option``
    set the model of every row; a value out of 0 to 3600 is a usage error (exit 2)
    that names the flag. The summary names its figures in words, the column after."""
    target = tmp_path / "rows.csv"
    argv = ["simulate", "--games", "2", "--rules", "mode=classic", "players=2", "--bots", "random"]
    flags = ["--seconds-per-decision", "0", "--seconds-per-point", "1", "--csv", str(target)]
    assert main([*argv, *flags]) == 0
    out = capsys.readouterr().out
    assert "table time (minutes, model) [table_minutes]" in out
    assert "action points left unused [ap_unused]" in out
    with open(target, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for row, seed in zip(rows, (0, 1), strict=True):
        spent = sum(c for _, _, c, _ in _decisions("mode=classic;players=2", seed, ("random",) * 2))
        assert float(row["table_minutes"]) * 60 == pytest.approx(spent)
    for bad in ("-1", "3601", "nan", "ten"):
        assert main([*argv, "--seconds-per-point", bad]) == 2
        error = capsys.readouterr().err
        assert f"--seconds-per-point takes 0 to 3600 seconds, not '{bad}'" in error


@pytest.mark.parametrize("mode", ["classic", "professional", "speed"])
def test_action_points_are_the_cost_of_every_action(mode: str) -> None:
    """TIKAL-TURN-2, TIKAL-MOVE-3: what a study counts a decision spending
    (``action_points``, from the states before and after it) is the action's
    ``ap_cost`` (a move its cheapest path, even one that ends the turn), and 0 for a
    decision that is no AP action; over whole random games of 2 to 4 players."""
    from tikalspeed.engine.ap import COSTS, action_points, ap_cost
    from tikalspeed.model.actions import Move

    checked = 0
    for players in (2, 3, 4):
        rules = tikalspeed.Rules(mode=mode, players=players)
        bots = [RandomBot(players + p) for p in range(players)]
        rng = random.Random(players)
        state = new_game(rules, seed=players)
        while state.phase is not Phase.OVER:
            who = actors(state)
            if who == (CHANCE,):
                state = step(state, sample_chance(state, rng)).state
                continue
            action = bots[min(who)].choose(state, min(who))
            after = step(state, action).state
            spends = isinstance(action, Move) or type(action) in COSTS
            expected = ap_cost(state, action) if spends else 0  # type: ignore[arg-type]
            assert action_points(state, action, after) == expected, action
            checked += isinstance(action, Move)
            state = after
    assert checked > 50
