"""Tikal through PettingZoo (issue 11): the AEC environment passes PettingZoo's own API
and seed tests in every mode, and says what the engine says: whose decision it is, the
legal actions as the action mask, each agent's view (a Jump's secret choices stepped
through seat by seat, each chooser blind to the others', SPEED-JUMP-1), and the
rewards once the game is over."""

from __future__ import annotations

import random
import warnings
from typing import Any

import attrs
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from tikalspeed import (  # noqa: E402
    ChooseTokens,
    IllegalActionError,
    Phase,
    Rules,
    action_count,
    action_to_id,
    actors,
    apply,
    legal_actions,
    observe,
    to_text,
)
from tikalspeed.text.tensor import observation_tensor, tensor_size, utilities  # noqa: E402
from tikalspeed.tools.adapters.pettingzoo import TikalEnv, agent_name, env, raw_env  # noqa: E402
from tikalspeed.tools.cli.board import render  # noqa: E402

MODES = ("classic", "professional", "speed")


@pytest.mark.parametrize(("mode", "players"), [(m, 2) for m in MODES] + [("speed", 3)])
def test_pettingzoo_api_test_passes(mode: str, players: int) -> None:
    """PettingZoo's own API test, over more steps than a whole game takes."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on Dict observations
        api_test(env(mode=mode, players=players), num_cycles=300, verbose_progress=False)


def test_pettingzoo_seed_test_passes() -> None:
    """The same seed gives the same game (chance is drawn from the seed)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(mode="speed", players=2), num_cycles=50)


def _step_randomly(e: Any, rng: random.Random, check: Any = None) -> dict[str, float]:
    """Play ``e`` (an AEC environment) to its end, each agent choosing uniformly
    among the ids of his mask; ``check(e, agent, observation)`` first at every step.
    Return the reward each agent was given, summed."""
    got: dict[str, float] = {}
    for agent in e.agent_iter(100_000):
        obs, reward, terminated, truncated, _ = e.last()
        got[agent] = got.get(agent, 0.0) + reward
        if terminated or truncated:
            e.step(None)
            continue
        if check is not None:
            check(e, agent, obs)
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return got


@pytest.mark.parametrize("mode", MODES)
def test_masks_agents_and_views_are_the_engines(mode: str) -> None:
    """The agent to step is the one to act (the first still to choose at a Jump); his
    mask is exactly his legal actions; his observation is his view's tensor; every
    reward comes at the end, each player's utility, and then every agent is done."""
    e = TikalEnv(mode=mode, players=2)
    e.reset(seed=4)
    rules = e.rules

    def check(e: TikalEnv, agent: str, obs: dict[str, Any]) -> None:
        s = e.position
        seat = e.possible_agents.index(agent)
        assert seat == min(actors(s))
        acts = legal_actions(s, seat) if s.phase is Phase.TOKENS else legal_actions(s)
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(
            action_to_id(rules, a) for a in acts
        )
        assert obs["observation"].tolist() == pytest.approx(observation_tensor(s, seat))
        assert all(r == 0.0 for r in e.rewards.values())  # nothing before the end

    got = _step_randomly(e, random.Random(1), check)
    end = e.position
    assert end.result is not None and e.agents == []
    assert [got[a] for a in e.possible_agents] == utilities(end.result, 2)


def test_rewards_at_the_end_are_the_utilities() -> None:
    e = TikalEnv(mode="classic", players=3)
    e.reset(seed=2)
    rng = random.Random(0)
    while e.position.result is None:
        obs = e.observe(e.agent_selection)
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    expected = utilities(e.position.result, 3)
    assert [e.rewards[a] for a in e.possible_agents] == expected
    assert all(e.terminations.values()) and not any(e.truncations.values())
    assert sum(expected) == pytest.approx(0.0)


def _at_a_jump(seed: int) -> TikalEnv:
    """An environment at a Jump where two players or more are still to choose."""
    e = TikalEnv(mode="speed", players=3)
    e.reset(seed=seed)
    rng = random.Random(seed)
    while not (e.position.phase is Phase.TOKENS and len(actors(e.position)) >= 2):
        obs = e.observe(e.agent_selection)
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return e


def test_a_secret_choice_never_reaches_the_next_chooser() -> None:
    """SPEED-JUMP-1: the first chooser's count changes nothing the next one observes;
    the first chooser himself sees it."""
    seen = []
    for count in (1, 5):
        e = _at_a_jump(seed=6)
        first = e.agent_selection
        seat = e.possible_agents.index(first)
        count = min(count, e.position.tokens[seat])
        e.step(action_to_id(e.rules, ChooseTokens(seat, count)))
        second = e.agent_selection
        assert second != first and e.position.phase is Phase.TOKENS
        seen.append((e.observe(second)["observation"], e.observe(first)["observation"]))
    assert (seen[0][0] == seen[1][0]).all()
    assert not (seen[0][1] == seen[1][1]).all()


def test_tensors_of_positions_differing_only_in_a_secret_choice_are_equal() -> None:
    """SPEED-JUMP-1, for the tensor itself: built from ``observe`` only."""
    s = _at_a_jump(seed=3).position
    first = min(actors(s))
    low, high = (apply(s, ChooseTokens(first, c)) for c in (1, min(5, s.tokens[first])))
    assert low != high
    for p in range(3):
        same = observation_tensor(low, p) == observation_tensor(high, p)
        assert same == (p != first)
        assert observation_tensor(observe(low, p)) == observation_tensor(low, p)


def test_spaces_and_names() -> None:
    e = raw_env(mode="professional", players=4)
    assert e.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert agent_name(3) == "player_3"
    space = e.observation_space("player_1")
    assert space["observation"].shape == (tensor_size(Rules(players=4)),)
    assert space["action_mask"].shape == (action_count(Rules(players=4)),)
    assert e.action_space("player_0").n == action_count(Rules(players=4))


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = TikalEnv(mode="classic", players=2)
    e.reset(seed=1)
    before = to_text(e.position)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[-1])
    for bad in (illegal, -1, 10**9, 1.5, "3"):
        with pytest.raises(IllegalActionError):
            e.step(bad)
    with pytest.raises(IllegalActionError):  # another seat's action
        other = legal_actions(e.position)[0]
        e.step(action_to_id(e.rules, type(other)(**{**_fields(other), "player": 1})))
    assert to_text(e.position) == before


def _fields(action: Any) -> dict[str, Any]:
    return {f.name: getattr(action, f.name) for f in attrs.fields(type(action)) if f.init}


def test_render_draws_the_acting_agents_view() -> None:
    e = TikalEnv(mode="speed", players=2, render_mode="ansi")
    e.reset(seed=1)
    assert e.render() == render(observe(e.position, 0))
    assert TikalEnv(mode="speed", players=2).render() is None
    with pytest.raises(ValueError):
        TikalEnv(render_mode="rgb_array")
    with pytest.raises(ValueError):
        TikalEnv(players=5)


def test_the_wrapped_environment_ends_the_game_on_an_illegal_id() -> None:
    """As in PettingZoo's classic games: -1 for the agent who chose it."""
    e = env(rules=Rules(mode="classic", players=2))
    e.reset(seed=1)
    obs, *_ = e.last()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(int(np.flatnonzero(obs["action_mask"] == 0)[-1]))
    assert all(e.terminations.values())
    assert e.rewards == {"player_0": -1, "player_1": 0}


# ------------------------------------------------------------------ hole 7 (audit)


@pytest.mark.parametrize("agent", ["player_9", "player_2", "P1", 0, None, ["player_0"]])
def test_hole_7_an_agent_not_in_the_game_is_refused_naming_him(agent: Any) -> None:
    """Hole 7 (TIKAL-TURN-4): ``observe("player_9")`` raised ``KeyError`` (and an
    unhashable agent ``TypeError``), as did ``observation_space`` and
    ``action_space``; an agent not in ``possible_agents`` is refused by each, with an
    error naming him and the agents there are."""
    e = TikalEnv(mode="classic", players=2)
    e.reset(seed=1)
    for call in (e.observe, e.observation_space, e.action_space):
        with pytest.raises(IllegalActionError, match=r"no agent .* player_0 … player_1") as caught:
            call(agent)
        assert f"no agent {agent!r} in this game" in str(caught.value)


def test_hole_7_every_agent_observes_and_a_done_one_still_does() -> None:
    """Hole 7, the AEC API: each agent of the game (a NumPy string too) observes, the
    one not to act with an empty mask, and a done agent still observes the final
    position."""
    e = TikalEnv(mode="classic", players=2)
    e.reset(seed=1)
    assert e.observe(np.str_("player_1"))["action_mask"].sum() == 0
    assert e.action_space(np.str_("player_1")) is e.action_space("player_1")
    rng = random.Random(0)
    while not all(e.terminations.values()):
        e.step(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist()))
    while e.agents:
        e.step(None)
    final = e.observe("player_0")
    assert final["action_mask"].sum() == 0
    assert final["observation"].tolist() == pytest.approx(observation_tensor(e.position, 0))


def test_hole_7_step_and_last_once_every_agent_is_done_are_refused() -> None:
    """Hole 7 (TIKAL-TURN-4: once the game is over nobody may act): after every agent
    has stepped out of a finished game, ``step`` and ``last`` raised ``KeyError``;
    they are refused, saying that ``reset()`` starts a new game."""
    e = TikalEnv(mode="classic", players=2)
    e.reset(seed=3)
    rng = random.Random(3)
    while not all(e.terminations.values()):
        e.step(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist()))
    with pytest.raises(ValueError, match="only valid action is None"):  # AEC: a done agent
        e.step(0)
    while e.agents:
        e.step(None)
    for call in (lambda: e.step(None), lambda: e.step(3), e.last):
        with pytest.raises(IllegalActionError, match=r"game is over .* reset\(\)"):
            call()
    e.reset(seed=3)
    assert e.agents == e.possible_agents and e.last()[0] is not None


def test_hole_7_reset_takes_a_bounded_whole_seed_or_none() -> None:
    """Hole 7: ``reset(seed=[1])`` raised ``TypeError``, and a string, a float, a bool
    or a 201-bit number was taken as a seed. A seed is ``None`` or a whole number of at
    most 128 bits either way (``bounds.MAX_SEED``, a record's bound); anything else is
    a ``ValueError`` naming it, and the game in progress goes on."""
    from tikalspeed.bounds import MAX_SEED

    e = TikalEnv(mode="speed", players=2)
    e.reset(seed=5)
    before = to_text(e.position)
    for bad in ([1], "1", 1.5, True, MAX_SEED + 1, -MAX_SEED - 1, 2**200, b"1", {1: 2}):
        with pytest.raises(ValueError, match=r"reset: the seed .*MAX_SEED\), not "):
            e.reset(seed=bad)
        assert to_text(e.position) == before
    seen = {}
    for seed in (MAX_SEED, -MAX_SEED, 7, np.int64(7), None):
        e.reset(seed=seed)
        seen[seed] = to_text(e.position)
    assert seen[7] == seen[np.int64(7)]


def test_hole_7_step_with_a_non_id_or_another_seats_choice_is_refused() -> None:
    """Hole 7 (TIKAL-TURN-4, SPEED-JUMP-1): ``step`` refuses what is not an action id
    (a bool, ``None``, an array, a float, a string) and, at a Jump stepped seat by seat,
    another chooser's secret choice: a seat never acts for another. Nothing changes."""
    e = _at_a_jump(seed=6)
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    before = to_text(e.position)
    other = next(p for p in actors(e.position) if p != seat)
    theirs = action_to_id(e.rules, ChooseTokens(other, 1))
    with pytest.raises(IllegalActionError, match=rf"you are P{seat + 1}: P{other + 1}:tokens:1"):
        e.step(theirs)
    for bad in (True, False, None, np.array([theirs]), 1.5, "1", 10**40):
        with pytest.raises(IllegalActionError, match="no action id"):
            e.step(bad)
    assert to_text(e.position) == before and e.agent_selection == agent


def test_hole_7_a_keyword_that_is_no_rules_field_is_a_value_error() -> None:
    """Hole 7: ``TikalEnv(colour=1)`` raised ``TypeError`` from ``Rules``, and a field
    given with ``rules=`` was ignored; a keyword that is no ``Rules`` field, and a
    field with ``rules=``, are a ``ValueError`` naming it."""
    with pytest.raises(ValueError, match="Rules has no field 'colour'"):
        TikalEnv(mode="classic", colour=1)
    with pytest.raises(ValueError, match="Rules has no field 'colour'"):
        raw_env(players=2, colour=1, forfeit=True)
    assert TikalEnv(mode="speed", players=2, forfeit=True).rules.forfeit is True
    with pytest.raises(ValueError, match=r"not both .*'forfeit' with rules="):
        TikalEnv(rules=Rules(players=2), forfeit=True)  # was ignored
