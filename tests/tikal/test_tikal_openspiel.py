"""Tikal through OpenSpiel (issue 11): ``python_tikal`` passes OpenSpiel's own random
simulation test in every mode, OpenSpiel's MCTS plays a whole game of each through it,
and the adapter says what the engine says: the same legal actions (as the stable ids),
the same chance outcomes, a Jump's secret choices as one simultaneous node
(SPEED-JUMP-1), the same end, and each player's view as a string and a tensor that
never shows another player's secret choice."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from tikalspeed import (  # noqa: E402
    CHANCE,
    ChooseTokens,
    EndTurn,
    IllegalActionError,
    Phase,
    Rules,
    State,
    action_count,
    action_to_id,
    actors,
    apply,
    chance_outcomes,
    id_to_action,
    legal_actions,
    new_game,
    observe,
    outcome,
    view_to_text,
)
from tikalspeed.text.tensor import observation_tensor, tensor_size, utilities  # noqa: E402
from tikalspeed.tools.adapters import openspiel as tos  # noqa: E402

MODES = ("classic", "professional", "speed")
Dynamics = pyspiel.GameType.Dynamics


def _game(mode: str, players: int = 2, **options: Any) -> Any:
    return pyspiel.load_game(tos.SHORT_NAME, {"mode": mode, "players": players, **options})


def _play_randomly(state: Any, rng: random.Random, check: Any = None) -> Any:
    """Play ``state`` (a pyspiel state) to its end with uniform choices; ``check`` is
    called at every node first."""
    while not state.is_terminal():
        if check is not None:
            check(state)
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, probs)[0])
        elif state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            joint = [
                rng.choice(ids) if (ids := state.legal_actions(p)) else 0
                for p in range(state.num_players())
            ]
            state.apply_actions(joint)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("mode", MODES)
def test_openspiel_random_simulation_test_passes(mode: str) -> None:
    """OpenSpiel's own API checks over whole random games of each mode."""
    pyspiel.random_sim_test(_game(mode), num_sims=2, serialize=False, verbose=False)


def test_random_simulation_of_four_players_other_readings_and_serialization() -> None:
    """Four players, the readings of SPEED-JUMP-3/7/8 and the scoring turns
    (SPEED-SCORE-1, SPEED-END-1); a game and its states serialize (by pickle)."""
    options = {"jump_action": "one-kind", "jump_blocked": "lost", "forfeit": True}
    more = {"volcano_scoring": "turns", "final_scoring": "turns", "max_bid": "any"}
    game = _game("speed", 4, **options, **more)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    pyspiel.random_sim_test(_game("professional", 3), num_sims=1, serialize=False, verbose=False)


def test_speed_as_a_turn_based_game_passes_the_random_simulation_test() -> None:
    """``pyspiel.convert_to_turn_based`` rolls a Jump's joint choice out seat by seat."""
    turn_based = pyspiel.convert_to_turn_based(_game("speed", 3))
    assert turn_based.get_type().dynamics == Dynamics.SEQUENTIAL
    pyspiel.random_sim_test(turn_based, num_sims=1, serialize=False, verbose=False)


class _Unweighed(mcts.Evaluator):
    """Every leaf worth nothing to anyone, every action as likely: the search walks the
    adapter's tree (clones, legal actions, chance outcomes, returns at the end) with
    no random game played to its end at every step (a Speed game took two minutes of
    rollouts; the random simulation tests play such games)."""

    def evaluate(self, state: Any) -> Any:
        return np.zeros(state.num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("mode", MODES)
def test_openspiel_mcts_plays_a_whole_game(mode: str) -> None:
    """OpenSpiel's MCTS (the smallest budget) plays every seat of a whole game through
    the adapter; Speed as a turn-based game (MCTS needs turns)."""
    game = _game(mode)
    if game.get_type().dynamics == Dynamics.SIMULTANEOUS:
        game = pyspiel.convert_to_turn_based(game)
    rng = np.random.RandomState(7)
    evaluator = _Unweighed()
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=2, evaluator=evaluator, random_state=rng, solve=False
    )
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    returns = state.returns()
    assert returns in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])  # 2 players: win, loss, tie
    assert decisions <= game.max_game_length()


def test_the_game_types_are_those_of_the_modes() -> None:
    """Speed is simultaneous with imperfect information (SPEED-JUMP-1); the base and
    professional games are sequential with perfect information; chance is explicit
    and the rewards come at the end, zero-sum."""
    kinds = pyspiel.GameType
    registered = pyspiel.load_game(tos.SHORT_NAME).get_type()
    assert registered.dynamics == Dynamics.SIMULTANEOUS
    for mode in MODES:
        kind = _game(mode).get_type()
        speed = mode == "speed"
        assert kind.dynamics == (Dynamics.SIMULTANEOUS if speed else Dynamics.SEQUENTIAL)
        assert kind.information == (
            kinds.Information.IMPERFECT_INFORMATION
            if speed
            else kinds.Information.PERFECT_INFORMATION
        )
        assert kind.chance_mode == kinds.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.utility == kinds.Utility.ZERO_SUM
        assert kind.reward_model == kinds.RewardModel.TERMINAL


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_game_sizes_come_from_the_ids_and_the_tensor(players: int) -> None:
    rules = Rules(players=players)
    game = _game("speed", players)
    assert game.num_players() == players
    assert game.num_distinct_actions() == action_count(rules)
    assert game.max_chance_outcomes() == 80
    assert game.observation_tensor_size() == tensor_size(rules)
    assert game.min_utility() == pytest.approx(-1 / (players - 1)) and game.max_utility() == 1
    assert game.max_game_length() == tos.max_game_length(rules)


def test_the_parameters_are_the_rules() -> None:
    rules = Rules(mode="professional", players=3, max_bid="any", auction_score=30)
    game = tos.load(rules)
    assert game.rules == rules
    assert tos.rules_from_params(tos.params_from_rules(rules)) == rules
    assert pyspiel.load_game("python_tikal(mode=classic,players=3)").rules == Rules(
        mode="classic", players=3
    )


@pytest.mark.parametrize(
    "params",
    [{"players": 5}, {"players": True}, {"mode": "blitz"}, {"auction_score": 100}],
)
def test_a_bad_parameter_is_a_value_error(params: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        tos.TikalGame({**tos.params_from_rules(Rules()), **params})
    with pytest.raises(ValueError):
        tos.rules_from_params({"speed": 1})


@pytest.mark.parametrize("mode", MODES)
def test_legal_ids_chance_and_nodes_match_the_engine(mode: str) -> None:
    """At every node of a random game: the legal ids are the engine's actions, each id
    reads back as its action, a chance node has the engine's outcomes, and the node is
    simultaneous exactly where several players choose tokens at once (SPEED-JUMP-1)."""
    game = _game(mode)
    rules = game.rules

    def check(state: Any) -> None:
        s: State = state.position
        who = actors(s)
        if who == (CHANCE,):
            expected = sorted((action_to_id(rules, a), float(p)) for a, p in chance_outcomes(s))
            assert state.chance_outcomes() == expected
            return
        assert (state.current_player() == pyspiel.PlayerId.SIMULTANEOUS) == (len(who) > 1)
        for p in range(rules.players):
            ids = state.legal_actions(p)
            if p not in who:
                assert ids == []
                continue
            acts = legal_actions(s, p) if s.phase is Phase.TOKENS else legal_actions(s)
            assert ids == sorted(action_to_id(rules, a) for a in acts)
            by_id = sorted(acts, key=lambda a: action_to_id(rules, a))
            assert [id_to_action(rules, i) for i in ids] == by_id
            assert state.action_to_string(p, ids[0]).startswith(f"P{p + 1}:")

    end = _play_randomly(game.new_initial_state(), random.Random(3), check)
    assert end.returns() == utilities(outcome(end.position), rules.players)


def test_a_bad_or_illegal_id_is_an_illegal_action_error() -> None:
    state = _game("classic").new_initial_state()
    for bad in (-2, 10**9, action_count(Rules(players=2))):  # -1 is pyspiel's own refusal
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
    with pytest.raises(IllegalActionError):  # a player's action at a chance node
        state.apply_action(action_to_id(state.get_game().rules, EndTurn(0)))
    assert state.is_chance_node() and state.history() == []


def _tokens_node(players: int = 3, seed: int = 0) -> State:
    """A Speed position where several players are still to choose tokens."""
    rng = random.Random(seed)
    s = new_game(Rules(players=players))
    while not (s.phase is Phase.TOKENS and len(actors(s)) >= 2):
        if actors(s) == (CHANCE,):
            s = apply(s, chance_outcomes(s)[rng.randrange(len(chance_outcomes(s)))][0])
        else:
            acts = legal_actions(s)
            s = apply(s, acts[rng.randrange(len(acts))])
    return s


def test_the_observer_never_shows_another_players_secret_choice() -> None:
    """SPEED-JUMP-1: two positions that differ only in a choice P1 made in secret give
    every other player the same string and tensor; P1 sees his own choice."""
    s = _tokens_node()
    first, second = actors(s)[:2]
    low = apply(s, ChooseTokens(first, 1))
    high = apply(s, ChooseTokens(first, min(5, s.tokens[first])))
    game = _game("speed", 3)
    observer = make_observation(game)
    for p in range(3):
        seen = []
        for position in (low, high):
            observer.set_from(SimpleNamespace(position=position), p)
            text = observer.string_from(SimpleNamespace(position=position), p)
            seen.append((observer.tensor.copy(), text))
            assert text == view_to_text(observe(position, p))
        same = (seen[0][0] == seen[1][0]).all() and seen[0][1] == seen[1][1]
        assert same == (p != first)
        assert (seen[0][0] == np.asarray(observation_tensor(low, p), np.float32)).all()
    assert second in actors(low)


def test_observation_string_tensor_and_information_state() -> None:
    game = _game("speed")
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node():
        ids, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(ids, probs)[0])
    player = state.current_player()
    assert state.observation_string(player) == view_to_text(observe(state.position, player))
    assert state.observation_tensor(player) == pytest.approx(
        observation_tensor(state.position, player)
    )
    assert state.information_state_string(1) == " ".join(("P2", *state.tokens))
    assert str(state).split()[0] == "8/8/8/*,*,6/*,*,6"
    observer = make_observation(game)
    assert set(observer.dict) == {"cells", "tiles", "players", "game"}
    assert observer.dict["cells"].shape == (40, 22)


def test_the_bound_on_game_length_holds_for_random_games() -> None:
    """``max_game_length`` is an upper bound: random games stay far below it."""
    for mode in MODES:
        game = _game(mode)
        for seed in range(2):
            end = _play_randomly(game.new_initial_state(), random.Random(seed))
            # every player's action counted (a Jump's joint choice once per chooser)
            actions = sum(1 for t in end.tokens if not t.startswith(("draw", "reveal", "find")))
            assert actions <= game.max_game_length()


def test_utilities_are_zero_sum_win_shares() -> None:
    from tikalspeed import Outcome

    assert utilities(Outcome(0, (30, 20, 10), "final-scoring"), 3) == [1.0, -0.5, -0.5]
    assert utilities(Outcome(None, (30, 30, 30), "final-scoring"), 3) == [0.0, 0.0, 0.0]
    assert utilities(Outcome(None, (30, 30), "final-scoring"), 2) == [0.0, 0.0]
    assert utilities(None, 4) == [0.0] * 4


def test_a_jumps_choices_are_one_joint_action() -> None:
    """SPEED-JUMP-1: at a simultaneous node one player's id alone is refused, and the
    joint action plays every chooser's choice at once, in seat order."""
    game = _game("speed", 2)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    choices = [state.legal_actions(p)[0] for p in range(2)]
    with pytest.raises(IllegalActionError):
        state.apply_action(choices[0])
    before = len(state.tokens)
    state.apply_actions(choices)
    assert state.tokens[before:] == ("P1:tokens:1", "P2:tokens:1")
    assert state.position.phase is not Phase.TOKENS or state.position.chosen == (0, 0)


# ------------------------------------------------------------------ hole 6 (audit)


def _at_a_jump(players: int, seed: int, *, sitter: bool = False) -> Any:
    """A pyspiel state of Speed at a simultaneous node (SPEED-JUMP-1) reached by
    seeded random play; with ``sitter``, one where a player sits the Jump out."""
    game = _game("speed", players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, probs)[0])
        elif state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            legal = [state.legal_actions(p) for p in range(players)]
            if not sitter or not all(legal):
                return state
            state.apply_actions([rng.choice(ids) for ids in legal])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no such Jump in this game")


def _snapshot(state: Any) -> tuple[Any, ...]:
    """What a refused action must leave as it was: the history, tokens and position."""
    return (state.history(), state.tokens, str(state))


def _unchanged(state: Any, before: tuple[Any, ...]) -> bool:
    return _snapshot(state) == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hole_6_entry_p_of_a_joint_action_is_player_ps_own_choice(players: int) -> None:
    """Hole 6 (SPEED-JUMP-1): ``apply_actions([P2's id, P1's id, …])``
    was played with the choices swapped. Entry p of a joint action must be one of
    player p's legal ids: another player's choice at any entry is refused, naming
    the entry, its player and the action, and nothing is played; the joint action in
    player order plays each seat's own choice."""
    state = _at_a_jump(players, seed=players)
    legal = [state.legal_actions(p) for p in range(players)]
    assert all(legal)  # every player chooses at the first Jump
    before = _snapshot(state)
    for p in range(players):
        for q in range(players):
            if q == p:
                continue
            joint = [ids[0] for ids in legal]
            joint[p] = legal[q][-1]  # q's choice at p's entry
            name, other = f"P{p + 1}", f"P{q + 1}"
            with pytest.raises(IllegalActionError, match=rf"entry {p} .* {name}'s: {other}:"):
                state.apply_actions(joint)
            assert _unchanged(state, before)
    swapped = [legal[1][-1], legal[0][0], *(ids[0] for ids in legal[2:])]
    with pytest.raises(IllegalActionError, match=r"P1's: P2:tokens:.* not one of his choices"):
        state.apply_actions(swapped)
    assert _unchanged(state, before)
    joint = [ids[-1] for ids in legal]
    state.apply_actions(joint)
    played = state.tokens[len(before[1]) :]
    assert played == tuple(state.action_to_string(p, joint[p]) for p in range(players))
    assert [t.split(":")[0] for t in played] == [f"P{p + 1}" for p in range(players)]


def test_hole_6_an_entry_that_is_no_legal_id_of_its_player_is_refused() -> None:
    """Hole 6 (SPEED-JUMP-1): an entry that is a chance outcome, another kind of action
    of the right player or no id at all is refused, naming the entry; so is a joint
    action of the wrong length. Nothing is played."""
    state = _at_a_jump(3, seed=0)
    rules = state.get_game().rules
    legal = [state.legal_actions(p) for p in range(3)]
    good = [ids[0] for ids in legal]
    before = _snapshot(state)
    for bad in (0, 79, action_to_id(rules, EndTurn(1)), -2, 10**9):
        joint = [good[0], bad, good[2]]
        with pytest.raises(IllegalActionError, match="entry 1 of the joint action is P2's"):
            state.apply_actions(joint)
        assert _unchanged(state, before)
    for wrong_length in (good[:2], [*good, 0], []):
        with pytest.raises(IllegalActionError, match="one entry per player"):
            state.apply_actions(wrong_length)
    with pytest.raises(TypeError):  # pyspiel's own binding: the adapter never sees it
        state.apply_actions([good[0], 1.5, good[2]])
    for bad_hook in (1.5, "3", None, True):  # the hook itself, called directly
        with pytest.raises(IllegalActionError, match=r"entry 1 .* no action id"):
            state._apply_actions([good[0], bad_hook, good[2]])
    assert _unchanged(state, before)


def test_hole_6_a_player_who_sits_the_jump_out_sends_the_placeholder_0() -> None:
    """Hole 6 (SPEED-JUMP-1, OpenSpiel's convention): a player without legal actions at
    a simultaneous node (``legal_actions(p) == []``) has the entry ``SITS_OUT`` (0),
    what ``random_sim_test`` and the turn-based transform send; anything else there
    (his would-be choice, another's, -1) is refused, naming him."""
    state = _at_a_jump(3, seed=0, sitter=True)
    legal = [state.legal_actions(p) for p in range(3)]
    out = next(p for p in range(3) if not legal[p])
    chooser = next(p for p in range(3) if legal[p])
    rules = state.get_game().rules
    good = [ids[0] if ids else tos.SITS_OUT for ids in legal]
    before = _snapshot(state)
    for bad in (legal[chooser][0], action_to_id(rules, ChooseTokens(out, 1)), -1, 5):
        joint = list(good)
        joint[out] = bad
        with pytest.raises(IllegalActionError, match=rf"entry {out} .* sits this Jump out"):
            state.apply_actions(joint)
        assert _unchanged(state, before)
    state.apply_actions(good)
    played = state.tokens[len(before[1]) :]
    assert not any(t.startswith(f"P{out + 1}:") for t in played)
    assert len(played) == sum(1 for ids in legal if ids)


def test_hole_6_a_joint_action_is_refused_where_one_player_or_chance_acts() -> None:
    """Hole 6 (SPEED-JUMP-1): at a chance node ``apply_actions`` played its last entry
    as the chance outcome, and at a player's node his entry, ignoring the rest; a
    joint action is for a Jump's simultaneous choices only."""
    for mode in MODES:
        state = _game(mode).new_initial_state()
        assert state.is_chance_node()
        outcome_id = state.chance_outcomes()[0][0]
        with pytest.raises(IllegalActionError, match="not a Jump's joint action"):
            state.apply_actions([outcome_id, outcome_id])
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        player, mine = state.current_player(), state.legal_actions()[0]
        joint = [mine if p == player else 0 for p in range(2)]
        before = _snapshot(state)
        with pytest.raises(IllegalActionError, match="not a Jump's joint action"):
            state.apply_actions(joint)
        assert _unchanged(state, before)


@pytest.mark.parametrize("mode", MODES)
def test_hole_6_a_sequential_node_refuses_another_players_action(mode: str) -> None:
    """Hole 6, the sequential path (TIKAL-TURN-4): at every player's node of a random
    game, his legal actions given to another player (where such an id exists) are
    refused, as are ids out of range; nothing is played. Non-ints never reach the
    adapter: pyspiel's binding refuses them (a ``TypeError``), and the adapter's hook
    refuses them too."""
    game = _game(mode, 3)
    rules = game.rules
    rng = random.Random(11)
    refused = 0

    def check(state: Any) -> None:
        nonlocal refused
        player = state.current_player()
        if player < 0:
            return
        before = _snapshot(state)
        for i in rng.sample(state.legal_actions(), min(3, len(state.legal_actions()))):
            action = id_to_action(rules, i)
            for other in range(3):
                if other == player:
                    continue
                theirs = action_to_id(rules, attrs.evolve(action, player=other))
                with pytest.raises(IllegalActionError):
                    state.apply_action(theirs)
                refused += 1
        for bad in (-2, action_count(rules), 10**9):
            with pytest.raises(IllegalActionError, match="no action id"):
                state.apply_action(bad)
        assert _unchanged(state, before)

    state = game.new_initial_state()
    _play_randomly(state, random.Random(2), check)
    assert refused > 50
    start = game.new_initial_state()
    for bad in (1.5, "3", None):
        with pytest.raises(TypeError):
            start.apply_action(bad)
        with pytest.raises(IllegalActionError, match="no action id"):
            start._apply_action(bad)
    assert start.history() == []


def test_hole_7_legal_actions_of_a_player_not_in_the_game_is_refused() -> None:
    """Hole 7 (TIKAL-TURN-4): at a simultaneous node pyspiel asks the adapter for any
    player >= 0, and ``legal_actions(9)`` answered ``[]`` (and cached it); a player
    not in the game is refused, naming him."""
    state = _at_a_jump(2, seed=2)
    for player in (2, 9, 10**6):
        with pytest.raises(IllegalActionError, match=rf"no player {player} in this game of 2"):
            state.legal_actions(player)
    assert state.legal_actions(0) and state.legal_actions(1)


def test_hole_7_game_parameters_out_of_range_are_refused_naming_them() -> None:
    """Hole 7: every game parameter is checked before a game is made. A value out of
    range is a ``ValueError`` from ``Rules`` naming the field and the value, by
    ``load_game`` with a dict or a game string, and by the game class itself, whose
    parameters must be a mapping (a list of them crashed or was taken); a name no
    parameter has is named. What OpenSpiel cannot carry never reaches the adapter: a
    value of the wrong type is pyspiel's ``SpielError``, an int beyond 32 bits its
    binding's ``RuntimeError``."""
    for params, field in [
        ({"players": 9}, "players"),
        ({"auction_score": 2**31 - 1}, "auction_score"),
        ({"auction_score": -(2**31)}, "auction_score"),
        ({"mode": "x" * 10**6}, "mode"),
    ]:
        with pytest.raises(ValueError, match=rf"Rules\.{field} must be") as caught:
            pyspiel.load_game(tos.SHORT_NAME, params)
        assert len(str(caught.value)) < 200  # a long value is shown bounded
    with pytest.raises(ValueError, match=r"Rules\.players must be"):
        pyspiel.load_game("python_tikal(players=1)")
    for not_a_mapping in ([("players", 2)], "players=2", 3):
        with pytest.raises(ValueError, match="the parameters are a mapping"):
            tos.TikalGame(not_a_mapping)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="the parameters are a mapping"):
            tos.rules_from_params(not_a_mapping)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="has no parameter '1'"):
        tos.rules_from_params({1: 2, "colour": 3})
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game(tos.SHORT_NAME, {"players": "2"})
    with pytest.raises(RuntimeError):
        pyspiel.load_game(tos.SHORT_NAME, {"auction_score": 2**40})


def test_hole_7_the_observers_refuse_a_player_not_in_the_game() -> None:
    """Hole 7 (TIKAL-TURN-4): called directly (``make_observation(...).set_from``),
    both observers refuse a player not in the game, naming him (``None``, a spectator
    since issue 20, is refused as no player); the information-state observer took any
    value in ``set_from`` and did nothing."""
    game = _game("speed")
    state = game.new_initial_state()
    recall = pyspiel.IIGObservationType(perfect_recall=True)
    for observer in (make_observation(game), make_observation(game, recall)):
        for player in (2, -1, "0", None, True, 1.5):
            for call in (observer.set_from, observer.string_from):
                refused = r"observe: no player .* this game|a spectator's view .* is no player's"
                with pytest.raises(IllegalActionError, match=refused):
                    call(state, player)
        observer.set_from(state, 1)
        assert observer.string_from(state, 1).startswith(("view:P2", "P2"))
