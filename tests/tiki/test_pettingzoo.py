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


# ------------------------------------------------------------------ hole 7 (audit)


@pytest.mark.parametrize("agent", ["player_2", "x", 0, None, ["player_0"]])
def test_hole_7_an_agent_other_than_the_two_is_refused_naming_him(agent: object) -> None:
    """Hole 7 (TIKI-TURN-3): ``observation_space`` and ``action_space`` gave a space to
    any agent at all; like ``observe``, they refuse an agent other than ``player_0``
    and ``player_1`` with an error naming him. The two (a NumPy string too) are
    served."""
    e = raw_env()
    e.reset(seed=1)
    for call in (e.observe, e.observation_space, e.action_space):
        with pytest.raises(IllegalActionError, match="its agents are player_0 and player_1"):
            call(agent)  # type: ignore[arg-type]
    for name in (*AGENTS, np.str_("player_1")):
        assert e.observation_space(name).contains(e.observe(name))
        assert e.action_space(name) is e.action_space("player_0")


def test_hole_7_reset_takes_a_bounded_whole_seed_or_none() -> None:
    """Hole 7: ``reset(seed=[1])`` raised ``TypeError``, and a string, a float, a bool
    or a seed beyond a record's was taken. A seed is ``None`` or a whole number from
    -(2**53 - 1) to 2**53 - 1 (``tiki.NUMBER_LIMIT``); anything else is a
    ``ValueError`` naming it, and the game in progress goes on."""
    from tiki import NUMBER_LIMIT

    e = raw_env()
    e.reset(seed=5)
    before = e.position
    for bad in ([1], "1", 1.5, True, NUMBER_LIMIT + 1, -NUMBER_LIMIT - 1, 2**200, b"1"):
        with pytest.raises(ValueError, match=r"reset: the seed .*NUMBER_LIMIT\), not "):
            e.reset(seed=bad)  # type: ignore[arg-type]
        assert e.position == before
    for seed in (NUMBER_LIMIT, -NUMBER_LIMIT, None):
        e.reset(seed=seed)
    e.reset(seed=np.int64(7))  # type: ignore[arg-type]
    assert e.position == resolve_chance(new_game(e.rules), random.Random(7))


def test_hole_7_a_bool_is_no_action_id() -> None:
    """Hole 7 (TIKI-TURN-3): ``step(True)`` was played as the id 1 (x's ``+b1``); a
    bool is refused as no action id, and nothing is played."""
    e = raw_env()
    for seed in range(20):
        e.reset(seed=seed)
        if e.agent_selection == "player_0":
            break
    assert e.observe("player_0")["action_mask"][1] == 1  # +b1 is legal for x
    before = e.position
    for bad in (True, False):
        with pytest.raises(IllegalActionError, match="no action id"):
            e.step(bad)
    assert e.position == before


def test_hole_7_step_and_last_once_both_agents_are_done_are_refused() -> None:
    """Hole 7 (TIKI-TURN-3: once the game is over nobody may act): after both agents
    have stepped out of a finished game, ``step`` and ``last`` raised ``KeyError``;
    they are refused, saying that ``reset()`` starts a new game."""
    e = raw_env(rules=Rules(max_turns=20))
    e.reset(seed=3)
    rng = random.Random(3)
    while not all(e.terminations.values()):
        e.step(int(rng.choice(list(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])))))
    with pytest.raises(ValueError, match="only valid action is None"):  # AEC: a done agent
        e.step(0)
    while e.agents:
        e.step(None)
    assert e.observe("player_0")["action_mask"].sum() == 0  # a done agent still observes
    for call in (lambda: e.step(None), lambda: e.step(3), e.last):
        with pytest.raises(IllegalActionError, match=r"game is over .* reset\(\)"):
            call()
    e.reset(seed=3)
    assert e.agents == list(AGENTS) and e.last()[0] is not None
