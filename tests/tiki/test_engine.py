"""Focused tests of the public functions: new_game, chance nodes, actors, legality,
step/apply, IllegalActionError clauses, observe and outcome."""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction

import attrs
import pytest
import reference
from strategies import playout

import tiki
import tiki.engine
from tiki import (
    A1,
    A2,
    B1,
    B2,
    B3,
    C1,
    C2,
    C3,
    CHANCE,
    DEFAULT_TILES,
    Create,
    FirstPlayer,
    IllegalActionError,
    KeepShaman,
    Layout,
    Move,
    MoveShaman,
    O,
    Order,
    Pass,
    Phase,
    PlaceShaman,
    Rules,
    State,
    X,
)

# a1 +1, b1 +2, c1 0 / a2 +1, b2 +1, c2 -1 / a3 +1, b3 0, c3 +1
LAYOUT = (1, 2, 0, 1, 1, -1, 1, 0, 1)
MIDGAME = "+a1 +b1 a1-b1 +b3 +b2 +c2 +a3 c2-b2 a3-b3 +a1 +c3 +c1"  # see perft/midgame.txt
SHAMAN = "+b1 s@a2b2 +c1 b1-c1 +b1 +c2 +a3"  # see perft/shaman.txt
A2B2 = tiki.edge_from_name("a2b2")  # where SHAMAN places the shaman
FORCED_PASS = "+1xo,0xo,+1xo/+1xo,+1,-1xo/+1xo,+2xo,0xo turn x x - 0,0 7,0 - - 32 -"


def play(tokens: str, rules: Rules | None = None) -> State:
    """The state after ``tokens`` from LAYOUT with x first."""
    state = tiki.new_game(rules or Rules(), layout=LAYOUT, first=X)
    for token in tokens.split():
        state = tiki.apply(state, tiki.parse_action(state, token))
    return state


# --------------------------------------------------------------------------- new_game


def test_new_game_with_layout_and_first_player_sets_up_the_game() -> None:
    """TIKI-SETUP-1..5: the given layout and first player; empty board, 8 tikis each in
    supply, 7 fruits in the reserve, none held or spoiled; the first player acts."""
    s = tiki.new_game(layout=LAYOUT, first=O)
    assert s.tiles == LAYOUT and s.active == O and s.actor == O and s.phase is Phase.TURN
    assert s.stacks == ((),) * 9 and s.supply == (8, 8)
    assert (s.fruits, s.reserve, s.spoiled) == ((0, 0), 7, 0)
    assert (s.shaman, s.pending, s.tiebreak, s.turn, s.result) == (None, (), False, 0, None)
    assert tiki.actors(s) == (O,)


def test_new_game_with_a_seed_resolves_both_chance_nodes_reproducibly() -> None:
    """TIKI-SETUP-1, TIKI-SETUP-5 (contract: randomness is explicit): a seed gives the
    same game as resolving the chance nodes with random.Random(seed); the layout is a
    permutation of Rules.tiles; over many seeds both players start and layouts vary."""
    firsts, layouts = set(), set()
    for seed in range(40):
        s = tiki.new_game(seed=seed)
        assert s == tiki.new_game(seed=seed)
        assert s == tiki.resolve_chance(tiki.new_game(), random.Random(seed))
        assert sorted(s.tiles) == sorted(DEFAULT_TILES) and s.phase is Phase.TURN
        firsts.add(s.active)
        layouts.add(s.tiles)
    assert firsts == {X, O} and len(layouts) > 30


def test_new_game_resolves_only_the_chance_nodes_it_is_not_given() -> None:
    """TIKI-SETUP-1, TIKI-SETUP-5: given parts are used, seeded parts drawn, and the
    rest stays a chance node."""
    s = tiki.new_game()
    assert s.phase is Phase.LAYOUT and tiki.actors(s) == (CHANCE,) and s.tiles == ()
    s = tiki.new_game(layout=LAYOUT)
    assert s.phase is Phase.FIRST_PLAYER and s.tiles == LAYOUT and tiki.actors(s) == (CHANCE,)
    for seed in range(10):
        assert tiki.new_game(seed=seed, layout=LAYOUT).tiles == LAYOUT
        assert tiki.new_game(seed=seed, first=O).active == O


def test_new_game_keeps_the_rules() -> None:
    """TIKI-SHAMAN-1: the rules travel with the state; the shaman starts off the board."""
    rules = Rules(shaman=True, max_turns=30)
    s = tiki.new_game(rules, seed=1)
    assert s.rules == rules and s.shaman is None


# --------------------------------------------------------------------------- chance


def test_layout_chance_node_lists_every_distinct_layout_once() -> None:
    """TIKI-SETUP-1, TIKI-SETUP-2: the default tiles (one +2, five +1, two 0, one -1)
    have 9!/(5!2!) = 1512 distinct layouts, each with probability 1/1512, summing to 1;
    they are exactly the distinct permutations of the tiles."""
    outs = tiki.chance_outcomes(tiki.new_game())
    assert math.factorial(9) // (math.factorial(5) * math.factorial(2)) == 1512
    assert len(outs) == 1512
    assert {p for _, p in outs} == {Fraction(1, 1512)}
    assert sum(p for _, p in outs) == 1
    assert {a.tiles for a, _ in outs} == reference.distinct_layouts(DEFAULT_TILES)
    assert [a for a, _ in outs] == list(tiki.legal_actions(tiki.new_game()))


@pytest.mark.parametrize(
    ("tiles", "count"),
    [
        ((2, 1, 1, 1, 1, 0, 0, -1, -1), 3780),  # 9!/(4!2!2!)
        ((2, 1, 1, 1, 1, 1, 1, 0, -1), 504),  # 9!/6!
        ((1,) * 9, 1),
    ],
)
def test_layout_count_follows_the_tile_multiset(tiles: tuple[int, ...], count: int) -> None:
    """TIKI-SETUP-2: Rules.tiles decides the layouts; probabilities stay uniform."""
    outs = tiki.chance_outcomes(tiki.new_game(Rules(tiles=tiles)))
    assert len(outs) == len({a for a, _ in outs}) == count
    assert sum(p for _, p in outs) == 1 and {p for _, p in outs} == {Fraction(1, count)}


def test_first_player_chance_node_is_a_coin_toss() -> None:
    """TIKI-SETUP-5: two outcomes, x or o, 1/2 each; then that player is on turn."""
    s = tiki.new_game(layout=LAYOUT)
    assert tiki.chance_outcomes(s) == (
        (FirstPlayer(X), Fraction(1, 2)),
        (FirstPlayer(O), Fraction(1, 2)),
    )
    for p in (X, O):
        after = tiki.apply(s, FirstPlayer(p))
        assert after.active == after.actor == p and after.phase is Phase.TURN


def test_chance_helpers_only_work_at_chance_nodes() -> None:
    """TIKI-TURN-3: no chance outcomes at a decision node; sample_chance refuses it;
    sample_chance draws legal outcomes and both first players."""
    s = tiki.new_game(seed=1)
    assert tiki.chance_outcomes(s) == ()
    with pytest.raises(IllegalActionError):
        tiki.sample_chance(s, random.Random(0))
    assert tiki.resolve_chance(s, random.Random(0)) == s
    rng = random.Random(5)
    start = tiki.new_game()
    assert all(tiki.is_legal(start, tiki.sample_chance(start, rng)) for _ in range(20))
    coin = tiki.new_game(layout=LAYOUT)
    assert {tiki.sample_chance(coin, rng) for _ in range(40)} == {FirstPlayer(X), FirstPlayer(O)}


# --------------------------------------------------------------------------- actors


def test_actors_follow_the_decision() -> None:
    """TIKI-TURN-3, TIKI-INFL-3, TIKI-SHAMAN-2, TIKI-SHAMAN-4: chance at chance nodes;
    the active player on a turn; the other player orders two influenced villages; the
    second player places the shaman; the beneficiary of a marsh moves it; nobody at
    the end."""
    assert tiki.actors(tiki.new_game()) == (CHANCE,)
    assert tiki.actors(play("")) == (X,)
    order = play(MIDGAME + " b1-b2-b3")
    assert order.phase is Phase.ORDER and tiki.actors(order) == (O,)
    assert set(order.pending) == {B2, B3}
    place = play("+b2", Rules(shaman=True))
    assert place.phase is Phase.PLACE_SHAMAN and tiki.actors(place) == (O,)
    marsh = play(SHAMAN + " c2-c1", Rules(shaman=True))
    assert marsh.phase is Phase.SHAMAN and tiki.actors(marsh) == (X,)
    over = playout(Rules(), 3).final
    assert over.phase is Phase.OVER and tiki.actors(over) == ()


# --------------------------------------------------------------------------- legality


@pytest.mark.parametrize(
    "state",
    [
        tiki.new_game(),
        play(""),
        play(MIDGAME),
        play(MIDGAME + " b1-b2-b3"),
        play(SHAMAN, Rules(shaman=True)),
        play(SHAMAN + " c2-c1", Rules(shaman=True)),
        tiki.from_text(FORCED_PASS),
    ],
    ids=["layout", "start", "midgame", "order", "shaman", "marsh", "forced-pass"],
)
def test_step_apply_and_is_legal_agree(state: State) -> None:
    """Contract: every legal action is_legal, step returns its state and events (each
    naming a clause), apply returns the same state, and the input is unchanged."""
    before = tiki.to_text(state)
    for action in tiki.legal_actions(state):
        assert tiki.is_legal(state, action)
        t = tiki.step(state, action)
        assert t.state == tiki.apply(state, action)
        assert t.events and all(e.clause.startswith("TIKI-") for e in t.events)
    assert tiki.to_text(state) == before


def test_forced_pass_is_the_only_action_without_a_create_or_move() -> None:
    """TIKI-END-5, TIKI-TURN-2: x has no tiki in supply and tops no totem: it must pass;
    the pass ends the turn."""
    s = tiki.from_text(FORCED_PASS)
    assert tiki.legal_actions(s) == (Pass(X),)
    t = tiki.step(s, Pass(X))
    assert t.state.active == t.state.actor == O and t.state.turn == s.turn + 1
    assert [e.clause for e in t.events] == ["TIKI-END-5"]


BAD: list[tuple[str, str, Rules, object, str]] = [
    # (id, tokens, rules, action, clause)
    ("other-player", "", Rules(), Create(O, A1), "TIKI-TURN-3"),
    ("wrong-kind", "", Rules(), Order(X, A1), "TIKI-TURN-3"),
    ("chance-kind", "", Rules(), Layout(LAYOUT), "TIKI-TURN-3"),
    ("pass-with-moves", "", Rules(), Pass(X), "TIKI-TURN-2"),
    ("no-village", "", Rules(), Create(X, 9), "TIKI-CREATE-1"),
    ("occupied", "+a1 +b1", Rules(), Create(X, A1), "TIKI-CREATE-3"),
    ("no-totem", "", Rules(), Move(X, (A1, B1)), "TIKI-MOVE-1"),
    ("not-your-top", MIDGAME, Rules(), Move(X, (B2, B1, A1)), "TIKI-MOVE-1"),
    ("none-of-yours", MIDGAME, Rules(movable="any"), Move(X, (A1, A2)), "TIKI-MOVE-1"),
    ("too-far", MIDGAME, Rules(), Move(X, (C3, C2, C1)), "TIKI-MOVE-2"),
    ("too-short", MIDGAME, Rules(), Move(X, (B1, B2)), "TIKI-MOVE-2"),
    ("diagonal", MIDGAME, Rules(), Move(X, (C3, B2)), "TIKI-MOVE-3"),
    ("off-grid", MIDGAME, Rules(), Move(X, (C3, 9)), "TIKI-MOVE-3"),
    ("no-step", MIDGAME, Rules(), Move(X, (C3,)), "TIKI-MOVE-3"),
    ("reversal", MIDGAME, Rules(), Move(X, (B1, B2, B1)), "TIKI-MOVE-4"),
    ("turning", MIDGAME, Rules(allow_turns=False), Move(X, (B1, A1, A2)), "TIKI-MOVE-5"),
    ("order-other", MIDGAME + " b1-b2-b3", Rules(), Order(O, A1), "TIKI-INFL-3"),
    ("order-by-mover", MIDGAME + " b1-b2-b3", Rules(), Order(X, B2), "TIKI-TURN-3"),
    ("no-edge", "+b2", Rules(shaman=True), PlaceShaman(O, 12), "TIKI-SHAMAN-1"),
    ("cross", "+b2 s@a2b2 +c3", Rules(shaman=True), Move(X, (B2, A2)), "TIKI-SHAMAN-3"),
    ("cross-2", "+b2 s@a2b2 +c3", Rules(shaman=True), Move(X, (B2, B3)), None),
    ("same-edge", SHAMAN + " c2-c1", Rules(shaman=True), MoveShaman(X, A2B2), "TIKI-SHAMAN-4"),
    ("keep-by-other", SHAMAN + " c2-c1", Rules(shaman=True), KeepShaman(O), "TIKI-TURN-3"),
]


@pytest.mark.parametrize(("tokens", "rules", "action", "clause"),
                         [b[1:] for b in BAD], ids=[b[0] for b in BAD])  # fmt: skip
def test_illegal_actions_name_their_clause(
    tokens: str, rules: Rules, action: object, clause: str | None
) -> None:
    """Every illegal action raises IllegalActionError (a ValueError) naming the clause
    that forbids it, from step and apply alike; is_legal says False; the state is
    untouched. (clause None: the control case, legal.)"""
    state = play(tokens, rules)
    before = tiki.to_text(state)
    if clause is None:
        assert tiki.is_legal(state, action)
        return
    assert not tiki.is_legal(state, action)
    for fn in (tiki.step, tiki.apply):
        with pytest.raises(IllegalActionError) as err:
            fn(state, action)  # type: ignore[arg-type]
        assert err.value.clause == clause and isinstance(err.value, ValueError)
        assert clause in str(err.value)
    assert tiki.to_text(state) == before


def test_edges_are_the_twelve_gaps_between_neighbours() -> None:
    """TIKI-SHAMAN-1: 12 edges, each between two orthogonally adjacent villages, lower
    index first, named by both (the reference model relies on this numbering)."""
    assert len(tiki.EDGES) == 12 and len(set(tiki.EDGES)) == 12
    for e, (a, b) in enumerate(tiki.EDGES):
        assert a < b and b in reference.neighbours(a)
        assert tiki.EDGE_NAMES[e] == tiki.VILLAGE_NAMES[a] + tiki.VILLAGE_NAMES[b]
    assert sum(len(reference.neighbours(v)) for v in range(9)) == 2 * 12
    assert tiki.EDGES[A2B2] == (A2, B2)


def test_setup_chance_actions_are_checked() -> None:
    """TIKI-SETUP-1, TIKI-SETUP-2, TIKI-SETUP-5: a layout needs exactly the 9 tiles of
    Rules.tiles; the first player is x or o."""
    start = tiki.new_game()
    for action, clause in (
        (Layout(LAYOUT[:8]), "TIKI-SETUP-1"),
        (Layout((1,) * 9), "TIKI-SETUP-2"),
        (FirstPlayer(X), "TIKI-TURN-3"),
    ):
        with pytest.raises(IllegalActionError) as err:
            tiki.step(start, action)
        assert err.value.clause == clause
    with pytest.raises(IllegalActionError) as err:
        tiki.step(tiki.new_game(layout=LAYOUT), FirstPlayer(2))
    assert err.value.clause == "TIKI-SETUP-5"


def test_nothing_is_legal_after_the_end() -> None:
    """TIKI-TURN-3: once the game is over no action is legal, not even one that was."""
    game = playout(Rules(), 3)
    last, final = game.states[-2], game.final
    assert tiki.legal_actions(final) == ()
    with pytest.raises(IllegalActionError) as err:
        tiki.step(final, game.actions[-1])
    assert err.value.clause == "TIKI-TURN-3"
    assert not tiki.is_legal(final, tiki.legal_actions(last)[0])


# --------------------------------------------------------------------------- observe, outcome


def test_observe_shows_everything() -> None:
    """Tiki has no hidden information: each player's View holds the whole state, and
    his own decision there is his legal actions in the state."""
    for state in playout(Rules(shaman=True), 8).states[::7]:
        for p in (X, O):
            view = tiki.observe(state, p)
            assert view == tiki.View(p, state) and not view.hidden
            mine = tiki.legal_actions(state) if tiki.actors(state) == (p,) else ()
            assert tiki.view_actions(view) == mine
            if mine:
                assert tiki.why_illegal_in_view(view, mine[0]) is None


def test_the_engine_refuses_a_view() -> None:
    """TIKI-TURN-3 and issue 8's seats: a View is not a position: step, apply,
    legal_actions, actors, is_legal, why_illegal, outcome, sample_chance,
    chance_outcomes and observe refuse it with a clear error; in a view, the other
    player's action is refused."""
    s = tiki.new_game(seed=1)
    view = tiki.observe(s, s.actor)
    move = tiki.legal_actions(s)[0]
    message = re.escape("a View (observe()) is not a position: ")
    for call in (
        lambda: tiki.step(view, move),  # type: ignore[arg-type]
        lambda: tiki.apply(view, move),  # type: ignore[arg-type]
        lambda: tiki.legal_actions(view),  # type: ignore[arg-type]
        lambda: tiki.actors(view),  # type: ignore[arg-type]
        lambda: tiki.outcome(view),  # type: ignore[arg-type]
        lambda: tiki.sample_chance(view, random.Random(0)),  # type: ignore[arg-type]
        lambda: tiki.chance_outcomes(view),  # type: ignore[arg-type]
        lambda: tiki.observe(view, X),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalActionError, match=message) as err:
            call()
        assert err.value.clause == "TIKI-TURN-3"
    assert not tiki.is_legal(view, move)  # type: ignore[arg-type]
    assert tiki.engine.why_illegal(view, move)[0] == "TIKI-TURN-3"  # type: ignore[arg-type,index]
    other = attrs.evolve(move, player=1 - s.actor)
    assert tiki.why_illegal_in_view(view, other)[0] == "TIKI-TURN-3"  # type: ignore[index]
    with pytest.raises(IllegalActionError, match="no player 2 in Tiki"):
        tiki.observe(s, 2)


def test_outcome_is_none_until_the_end_then_names_winner_scores_and_reason() -> None:
    """TIKI-END-1..3: outcome() is None while the game runs; at the end it is the
    Outcome with the final fruit counts, whose result() reads 1-0 / 0-1."""
    game = playout(Rules(), 3)
    assert all(tiki.outcome(s) is None for s in game.states[:-1])
    result = tiki.outcome(game.final)
    assert result is not None and result.scores == game.final.fruits
    assert result.reason in ("four-fruits", "reserve-empty", "tiebreak")
    assert result.winner == (X if result.scores[0] > result.scores[1] else O)
    assert result.result() == ("1-0" if result.winner == X else "0-1")
    assert tiki.Outcome(None, (2, 2), "turn-cap").result() == "1/2-1/2"


@pytest.mark.parametrize(
    ("path", "said"),
    [((C3,), "c3 alone is no move"), ((), "an empty path is no move"), ((C3, 9), "(8, 9) is not")],
)
def test_tiki_move_3_a_path_too_short_is_named_by_its_villages(
    path: tuple[int, ...], said: str
) -> None:
    """TIKI-MOVE-3: a move's path starts on the totem's village and steps at least
    once; a path of one village is named as a village, not as a tuple."""
    with pytest.raises(IllegalActionError, match=f"^{re.escape(said)}"):
        tiki.apply(play(MIDGAME, Rules()), Move(X, path))
