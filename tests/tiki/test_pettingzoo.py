"""Tiki through PettingZoo (issue 11): the AEC environment passes PettingZoo's own API
and seed tests, and says what the engine says: whose decision it is, the legal actions
as the action mask, each agent's view, and the rewards once the game is over."""

from __future__ import annotations

import random
import warnings

import attrs
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from tiki import (  # noqa: E402
    IllegalActionError,
    Rules,
    action_count,
    action_to_id,
    id_to_action,
    legal_actions,
    new_game,
    resolve_chance,
)
from tiki.text.tensor import observation_shape, observation_tensor  # noqa: E402
from tiki.tools.adapters.pettingzoo import AGENTS, env, raw_env  # noqa: E402
from tiki.tools.cli.board import render  # noqa: E402

KNOWN_ENVS_ONLY = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)
"""The API test's two warnings that only PettingZoo's own environments escape (it
keeps lists of the ones allowed a ``Dict`` observation, as every classic game has)."""


@pytest.mark.parametrize(
    "make",
    [
        lambda: env(),
        lambda: env(rules=Rules(shaman=True, max_turns=30)),
        lambda: raw_env(rules=Rules(movable="any", end_check="action", no_move="draw")),
    ],
    ids=["default", "shaman-capped", "raw-readings"],
)
def test_pettingzoos_api_test_passes(make: object) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make(), num_cycles=300, verbose_progress=False)  # type: ignore[operator]
    other = {str(w.message) for w in caught if not str(w.message).startswith(KNOWN_ENVS_ONLY)}
    assert not other


def test_pettingzoos_seed_test_passes() -> None:
    seed_test(lambda: env(rules=Rules(shaman=True)), num_cycles=100)


@pytest.mark.parametrize("rules", [Rules(), Rules(shaman=True, max_turns=40)], ids=repr)
def test_a_seeded_random_game_masks_the_engines_legal_actions(rules: Rules) -> None:
    """TIKI-TURN-3: the agent selected is the actor, his mask his legal actions, the
    other agent's mask empty; chance is drawn from the seed, as the engine would."""
    e = raw_env(rules=rules)
    for seed in range(3):
        e.reset(seed=seed)
        assert e.position == resolve_chance(new_game(rules), random.Random(seed))
        rng = random.Random(seed)
        plies = 0
        while not all(e.terminations.values()):
            state = e.position
            agent = e.agent_selection
            assert agent == AGENTS[state.actor]
            for p, name in enumerate(AGENTS):
                seen = e.observe(name)
                mask = seen["action_mask"]
                want = np.zeros(action_count(rules), np.int8)
                for a in legal_actions(state, p):
                    want[action_to_id(rules, a)] = 1
                assert mask.dtype == np.int8 and (mask == want).all()
                assert (mask.sum() > 0) == (name == agent)
                planes = np.asarray(observation_tensor(state, p), np.float32)
                shaped = planes.reshape(observation_shape(rules)).transpose(1, 2, 0)
                assert (seen["observation"] == shaped).all()
                assert e.observation_space(name).contains(seen)
            assert e.rewards == dict.fromkeys(AGENTS, 0.0)
            ids = np.flatnonzero(e.observe(agent)["action_mask"])
            e.step(int(rng.choice(list(ids))))
            plies += 1
        result = e.position.result
        assert result is not None and plies > 4
        expected = {None: (0.0, 0.0), 0: (1.0, -1.0), 1: (-1.0, 1.0)}[result.winner]
        assert tuple(e.rewards[a] for a in AGENTS) == expected
        assert tuple(e._cumulative_rewards[a] for a in AGENTS) == expected
        while e.agents:
            e.step(None)


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    e = raw_env()
    layouts = set()
    for seed in (0, 0, 1, 2, 3):
        e.reset(seed=seed)
        layouts.add((seed, e.position.tiles, e.position.active))
    assert len(layouts) == 4  # seed 0 twice gives one game


def test_render_draws_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    e = raw_env(render_mode="ansi")
    e.reset(seed=5)
    assert e.render() == render(e.position)
    human = raw_env(render_mode="human")
    human.reset(seed=5)
    assert human.render() is None
    assert capsys.readouterr().out == render(human.position) + "\n"
    human.step(int(human.observe(human.agent_selection)["action_mask"].argmax()))
    assert capsys.readouterr().out == render(human.position) + "\n"  # each step draws
    silent = raw_env()
    silent.reset(seed=5)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert silent.render() is None
    silent.close()


def test_bad_input_raises_value_errors() -> None:
    e = raw_env()
    e.reset(seed=2)
    mine = id_to_action(e.rules, int(e.observe(e.agent_selection)["action_mask"].argmax()))
    theirs = attrs.evolve(mine, player=1 - mine.player)
    for bad in (-1, 10**9, "b2", 1.5, None):
        with pytest.raises(IllegalActionError, match="no action id"):
            e.step(bad)
    with pytest.raises(IllegalActionError, match="TIKI-TURN-3"):
        e.step(action_to_id(e.rules, theirs))  # the same action, for the other player
    with pytest.raises(IllegalActionError, match="no agent"):
        e.observe("player_2")
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(ValueError, match=r"a tiki\.Rules"):
        raw_env(rules={"shaman": True})  # type: ignore[arg-type]


def test_the_wrapped_env_ends_the_game_on_an_illegal_action() -> None:
    e = env()
    e.reset(seed=4)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(e.terminations.values()) and e.rewards[agent] == -1
