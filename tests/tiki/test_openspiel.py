"""Tiki through OpenSpiel (issue 11): ``python_tiki`` passes OpenSpiel's own random
simulation test, OpenSpiel's MCTS plays a whole game through it, and the adapter says
what the engine says: the same legal actions (as the stable ids), the same chance
outcomes, the same end, and each player's view as a string and a tensor."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from tiki import (  # noqa: E402
    B2,
    CHANCE,
    Create,
    IllegalActionError,
    O,
    Rules,
    State,
    action_count,
    action_to_id,
    apply,
    chance_outcomes,
    id_to_action,
    legal_actions,
    new_game,
    observe,
    parse_action,
    view_to_text,
)
from tiki.text.tensor import observation_shape, observation_tensor  # noqa: E402
from tiki.tools.adapters import openspiel as tos  # noqa: E402
from tiki.tools.cli.board import render  # noqa: E402

RULESETS = [
    Rules(max_turns=tos.DEFAULT_MAX_TURNS),
    Rules(shaman=True, max_turns=80),
    Rules(shaman=True, shaman_entry="marsh", end_check="action", max_turns=60),
    Rules(movable="any", allow_turns=False, short_payout="nothing", max_turns=60),
    Rules(tiles=(2, 1, 1, 1, 1, 0, 0, -1, -1), no_move="draw", tie_loop="draw", max_turns=40),
    Rules(tiles=(1, 1, 1, 1, 0, -1, -1, -1, -1), minus_one_empty="nothing", max_turns=40),
    Rules(no_move="lose", max_turns=3),
]
"""The default game, the shaman rule, and every other reading of the rules."""


def _game(rules: Rules) -> Any:
    return tos.load(rules)


def test_the_game_type_is_sequential_perfect_information_with_explicit_chance() -> None:
    game = pyspiel.load_game(tos.SHORT_NAME)
    kind = game.get_type()
    assert kind.short_name == "python_tiki" and tos.SHORT_NAME in pyspiel.registered_names()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (game.num_players(), game.min_utility(), game.max_utility()) == (2, -1.0, 1.0)
    assert game.utility_sum() == 0.0
    rules = game.rules
    assert rules == Rules(max_turns=tos.DEFAULT_MAX_TURNS)
    assert game.num_distinct_actions() == game.max_chance_outcomes() == action_count(rules)
    assert game.max_game_length() == 2 * tos.DEFAULT_MAX_TURNS
    assert game.observation_tensor_shape() == list(observation_shape(rules))


@pytest.mark.parametrize("rules", RULESETS, ids=repr)
def test_openspiels_random_simulation_test_passes(rules: Rules) -> None:
    pyspiel.random_sim_test(_game(rules), num_sims=8, serialize=True, verbose=False)


def test_openspiels_mcts_plays_a_whole_game_through_the_adapter() -> None:
    game = _game(Rules(max_turns=40))
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, 2.0, 16, evaluator, random_state=np.random.RandomState(p))
        for p in (0, 1)
    ]
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
            decisions += 1
    result = state.position.result
    assert result is not None and 0 < decisions <= game.max_game_length()
    expected = [0.0, 0.0] if result.winner is None else [1.0, -1.0][:: 1 - 2 * result.winner]
    assert state.returns() == expected and sum(state.returns()) == 0.0


@pytest.mark.parametrize("rules", RULESETS[:3], ids=repr)
def test_every_node_says_what_the_engine_says(rules: Rules) -> None:
    """Legal ids, chance outcomes, action strings, views and returns, step by step
    through seeded random games (TIKI-TURN-3: only the actor has actions)."""
    game = _game(rules)
    rng = random.Random(3)
    for _ in range(3):
        state = game.new_initial_state()
        decisions = 0
        while True:
            position = state.position
            for p in (0, 1):
                view = observe(position, p)
                assert state.observation_string(p) == view_to_text(view)
                assert state.observation_tensor(p) == pytest.approx(
                    observation_tensor(position, p)
                )
            if state.is_terminal():
                break
            if state.is_chance_node():
                outs = state.chance_outcomes()
                engine = chance_outcomes(position)
                assert outs == sorted((action_to_id(rules, a), float(p)) for a, p in engine)
                assert sum(Fraction(p) for _, p in engine) == 1
                ids = [i for i, _ in outs]
            else:
                player = state.current_player()
                ids = state.legal_actions()
                engine_ids = [action_to_id(rules, a) for a in legal_actions(position, player)]
                assert ids == sorted(engine_ids) and ids
                assert state.legal_actions(1 - player) == []
                for i in ids:
                    action = id_to_action(rules, i)
                    assert action_to_id(rules, action) == i
                    token = state.action_to_string(player, i)
                    assert token == str(action) and parse_action(position, token) == action
                decisions += 1
            state.apply_action(rng.choice(ids))
        result = state.position.result
        assert result is not None and decisions <= game.max_game_length()
        wins = {None: [0.0, 0.0], 0: [1.0, -1.0], 1: [-1.0, 1.0]}
        assert state.returns() == wins[result.winner]


def test_the_observer_gives_each_players_view_as_string_and_tensor() -> None:
    rules = Rules(shaman=True, max_turns=50)
    game = _game(rules)
    state = game.new_initial_state()
    for _ in range(2):
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[4])
    observation = make_observation(game)
    for p in (0, 1):
        observation.set_from(state, p)
        assert observation.tensor.dtype == np.float32
        assert observation.dict["observation"].shape == observation_shape(rules)
        assert observation.tensor.tolist() == pytest.approx(observation_tensor(state.position, p))
        assert observation.string_from(state, p) == view_to_text(observe(state.position, p))
    seen = [state.observation_tensor(p) for p in (0, 1)]
    assert seen[0] != seen[1]  # each sees the totem as his own or the other's
    perfect_recall = pyspiel.IIGObservationType(perfect_recall=True)
    history = make_observation(game, perfect_recall)
    assert history.string_from(state, 0) == state.history_str()
    assert str(state) == render(state.position)
    with pytest.raises(ValueError, match="no parameters"):
        make_observation(game, None, {"x": 1})


def _what_plays(state: State, me: int) -> tuple[object, ...]:
    """Everything of ``state`` that decides how play goes on, seen from ``me``."""
    rules, them = state.rules, 1 - me
    side = {me: "mine", them: "theirs", CHANCE: "chance"}
    result = state.result
    return (
        state.tiles,
        tuple(tuple(side[t] for t in stack) for stack in state.stacks),
        (state.supply[me], state.supply[them], state.fruits[me], state.fruits[them]),
        (state.reserve, state.spoiled, state.tiebreak, state.shaman, frozenset(state.pending)),
        (state.phase, None if result else side[state.actor], side.get(state.active)),
        state.turn if rules.max_turns is not None else None,
        None if result is None or result.winner is None else side[result.winner],
    )


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(shaman=True, shaman_entry="marsh", max_turns=30)], ids=repr
)
def test_the_tensor_tells_apart_positions_that_play_differently(rules: Rules) -> None:
    """One tensor, one position up to the colours: phase, actor, turn, fruits, reserve,
    spoiled pile, tie-break (TIKI-END-3), shaman, pending villages, cap (TIKI-END-6)."""
    seen: dict[tuple[float, ...], tuple[object, ...]] = {}
    rng = random.Random(5)
    for _ in range(20):
        state = new_game(rules)
        while True:
            for p in (0, 1):
                key = _what_plays(state, p)
                assert seen.setdefault(observation_tensor(state, p), key) == key
            if state.result is not None:
                break
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
    assert len(seen) > 1000


def test_a_state_clones_apart_and_pickles() -> None:
    game = _game(Rules(max_turns=30))
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[9][0])
    copy = state.clone()
    copy.apply_action(copy.chance_outcomes()[1][0])
    assert state.is_chance_node() and not copy.is_chance_node()
    assert copy.history() == [*state.history(), copy.history()[-1]]
    back = pickle.loads(pickle.dumps(copy))
    assert back.position == copy.position and back.history() == copy.history()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_bad_actions_raise_the_packages_illegal_action_error() -> None:
    state = _game(Rules(max_turns=30)).new_initial_state()
    with pytest.raises(IllegalActionError, match="no action id"):
        state.apply_action(10**6)
    state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.chance_outcomes()[0][0])  # x is first
    with pytest.raises(IllegalActionError, match="TIKI-TURN-3"):  # o's create, on x's turn
        state.apply_action(action_to_id(state.position.rules, Create(O, B2)))
    with pytest.raises(IllegalActionError, match="no action id"):
        state.action_to_string(0, -5)


def test_the_parameters_are_the_rules() -> None:
    for rules in [*RULESETS, Rules(tiles=(0,) * 9, max_turns=9)]:
        assert tos.rules_from_params(tos.params_from_rules(rules)) == rules
        assert tos.load(rules).rules == rules
        assert pyspiel.load_game(str(tos.load(rules))).rules == rules
    game = pyspiel.load_game("python_tiki(shaman=true,tiles=2 2 1 1 0 0 0 -1 -1,max_turns=9)")
    assert game.rules == Rules(shaman=True, tiles=(2, 2, 1, 1, 0, 0, 0, -1, -1), max_turns=9)
    assert tos.rules_from_params({"tiles": "2,1,1,1,1,1,0,0,-1"}).tiles == Rules().tiles
    with pytest.raises(ValueError, match="no parameter 'colour'"):
        tos.rules_from_params({"colour": "red"})
    with pytest.raises(ValueError, match="tiles are 9 values"):
        tos.rules_from_params({"tiles": "two"})
    with pytest.raises(ValueError, match=r"Rules\.no_move"):
        tos.rules_from_params({"no_move": "sideways"})
    nothing = pyspiel.load_game("python_tiki(minus_one_empty=nothing)")  # TIKI-INFL-7
    assert nothing.rules == Rules(minus_one_empty="nothing", max_turns=tos.DEFAULT_MAX_TURNS)
    with pytest.raises(ValueError, match=r"Rules\.minus_one_empty"):
        tos.rules_from_params({"minus_one_empty": "everything"})


def test_tiki_end_6_the_turn_cap_bounds_the_game_and_may_draw() -> None:
    """OpenSpiel needs a bounded game: ``max_turns`` (default 200) caps it by
    TIKI-END-6, and the length bound counts every decision a turn may hold."""
    assert tos.max_game_length(Rules(shaman=True, max_turns=10)) == 41
    assert tos.max_game_length(Rules(shaman=True, shaman_entry="marsh", max_turns=10)) == 40
    biggest = Rules(shaman=True, max_turns=tos.MAX_TURNS_LIMIT)
    assert tos.load(biggest).max_game_length() == tos.max_game_length(biggest) < 2**31
    for uncapped in (Rules(), Rules(max_turns=tos.MAX_TURNS_LIMIT + 1)):
        with pytest.raises(ValueError, match="needs a turn cap"):
            tos.load(uncapped)
    with pytest.raises(ValueError, match=r"Rules\.max_turns"):
        pyspiel.load_game("python_tiki(max_turns=0)")
    state = _game(Rules(max_turns=1)).new_initial_state()
    while not state.is_terminal():
        ids = [i for i, _ in state.chance_outcomes()] if state.is_chance_node() else None
        state.apply_action((ids or state.legal_actions())[0])
    assert state.position.result is not None and state.position.result.reason == "turn-cap"
    assert state.returns() == [0.0, 0.0]  # no fruit after one turn: a draw


@pytest.mark.parametrize("rules", RULESETS[:3], ids=repr)
def test_hole_6_only_the_actors_legal_ids_are_played(rules: Rules) -> None:
    """Hole 6, the sequential path (TIKI-TURN-3): at every node of seeded random games,
    each legal action of the player to act given to the other player is refused, as
    are ids out of range and a chance outcome at a player's node, and nothing is
    played. Non-ints never reach the adapter (pyspiel's binding refuses them with a
    ``TypeError``); its hook refuses them too, a bool among them."""
    game = _game(rules)
    rng = random.Random(6)
    refused = 0
    state = game.new_initial_state()
    while not state.is_terminal():
        before = (state.history(), state.position)
        if state.is_chance_node():
            ids = [i for i, _ in state.chance_outcomes()]
            with pytest.raises(IllegalActionError):  # no player acts for chance
                state.apply_action(action_to_id(rules, Create(O, B2)))
        else:
            ids = state.legal_actions()
            for i in rng.sample(ids, min(4, len(ids))):
                action = id_to_action(rules, i)
                theirs = attrs.evolve(action, player=1 - action.player)
                with pytest.raises(IllegalActionError, match="TIKI-TURN-3"):
                    state.apply_action(action_to_id(rules, theirs))
                refused += 1
            with pytest.raises(IllegalActionError):  # a chance outcome, by a player
                state.apply_action(action_count(rules) - 1)
        for bad in (-2, action_count(rules), 10**9):
            with pytest.raises(IllegalActionError, match="no action id"):
                state.apply_action(bad)
        assert (state.history(), state.position) == before
        state.apply_action(rng.choice(ids))
    assert refused > 20
    start = game.new_initial_state()
    for bad in (1.5, "3", None):
        with pytest.raises(TypeError):
            start.apply_action(bad)
    for bad in (1.5, "3", None, True):
        with pytest.raises(IllegalActionError, match="no action id"):
            start._apply_action(bad)
    assert start.history() == []


def test_hole_6_a_joint_action_is_refused() -> None:
    """Hole 6 (TIKI-TURN-3): ``apply_actions`` on a state of this sequential game
    crashed in pyspiel ("Tried to call pure virtual function"); it is refused with a
    clear error at every kind of node, and nothing is played."""
    state = _game(Rules(max_turns=30)).new_initial_state()
    for _ in range(3):
        ids, before = state.legal_actions(), (state.history(), state.position)
        with pytest.raises(IllegalActionError, match="python_tiki is sequential"):
            state.apply_actions([ids[0], ids[-1]])
        assert (state.history(), state.position) == before
        state.apply_action(ids[0])
    assert not state.is_chance_node()


def test_hole_7_game_parameters_out_of_range_are_refused_naming_them() -> None:
    """Hole 7: every game parameter is checked before a game is made. A value out of
    range is a ``ValueError`` naming the field and the value, by ``load_game`` with a
    dict or a game string, and by the game class itself, whose parameters must be a
    mapping (a list of them crashed with a ``TypeError``); names that are not all
    strings are named, not sorted into a ``TypeError``. What OpenSpiel cannot carry
    never reaches the adapter: a value of the wrong type is pyspiel's ``SpielError``,
    an int beyond 32 bits its binding's ``RuntimeError``."""
    for params, message in [
        ({"max_turns": tos.MAX_TURNS_LIMIT + 1}, "needs a turn cap"),
        ({"max_turns": -(2**31)}, r"Rules\.max_turns must be"),
        ({"shaman_entry": "x" * 10**6}, r"Rules\.shaman_entry must be"),
        ({"tiles": "9" * 5000}, "tiles are 9 values"),
    ]:
        with pytest.raises(ValueError, match=message) as caught:
            pyspiel.load_game(tos.SHORT_NAME, params)
        assert len(str(caught.value)) < 200  # a long value is shown bounded
    with pytest.raises(ValueError, match=r"Rules\.max_turns must be"):
        pyspiel.load_game("python_tiki(max_turns=0)")
    for not_a_mapping in ([("max_turns", 2)], "max_turns=2", 3):
        with pytest.raises(ValueError, match="the parameters are a mapping"):
            tos.TikiGame(not_a_mapping)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="the parameters are a mapping"):
            tos.rules_from_params(not_a_mapping)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="has no parameter '1'"):
        tos.rules_from_params({1: 2, "colour": 3})
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game(tos.SHORT_NAME, {"max_turns": "9"})
    with pytest.raises(RuntimeError):
        pyspiel.load_game(tos.SHORT_NAME, {"max_turns": 2**40})
