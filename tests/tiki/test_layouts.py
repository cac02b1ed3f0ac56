"""The layouts of the village tiles, the square's symmetries, and the rules' symmetry
(issue 22).

First the counting: the 1,512 layouts of the default tiles (TIKI-SETUP-1,
TIKI-SETUP-2), the eight symmetries of the square, and the 198 classes they make.
Then why a class may stand for its layouts: no clause of ``specs/tiki.md`` names a
village or an edge, so a symmetry of the square should map every game onto a game.
That is checked, not assumed: the island's adjacency, edges and move paths
(TIKI-MOVE-3..5, TIKI-SHAMAN-1, TIKI-SHAMAN-3) map onto themselves; random games
under every ruleset are played in lockstep with their images, where the legal
actions, the refusals, the transitions, the events and the results must all map;
and the solver (``tiki.solve``) gives a position and its image the same value.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import playout, random_action, rules, seeds, tiles

import tiki
from tiki import Phase, Rules, State
from tiki.board.island import EDGES, NEIGHBOURS, PATHS, VILLAGES
from tiki.board.layouts import (
    CLASSES,
    IDENTITY,
    LAYOUTS,
    SYMMETRIES,
    TILES,
    Symmetry,
    arrangements,
    canonical,
    class_of,
    classes,
    layout_index,
    orbit,
    stabilizer,
    symmetry,
    symmetry_between,
)
from tiki.engine.moves import why_illegal
from tiki.model.actions import well_formed
from tiki.model.symmetry import (
    to_class,
    to_layout,
    transform_action,
    transform_event,
    transform_state,
)
from tiki.tools.solve import solve

symmetries = st.sampled_from(SYMMETRIES)


def _burnside(tiles_: tuple[int, ...]) -> Fraction:
    """The number of classes by Burnside's lemma: the mean, over the eight symmetries,
    of the layouts each leaves as they are, counted from the cycles of its permutation
    (a layout is fixed when each cycle carries one value)."""
    total = 0
    for s in SYMMETRIES:
        cycles: list[int] = []
        seen: set[int] = set()
        for v in VILLAGES:
            if v not in seen:
                length, u = 0, v
                while u not in seen:
                    seen.add(u)
                    u = s.village(u)
                    length += 1
                cycles.append(length)
        total += _fill(sorted(cycles, reverse=True), Counter(tiles_))
    return Fraction(total, len(SYMMETRIES))


def _power(s: Symmetry, k: int) -> Symmetry:
    out = IDENTITY
    for _ in range(k):
        out = out.then(s)
    return out


def _fill(cycles: list[int], left: Counter[int]) -> int:
    """Ways to give each cycle one value so that the values use up ``left`` exactly."""
    if not cycles:
        return 1
    head, rest = cycles[0], cycles[1:]
    ways = 0
    for value in list(left):
        if left[value] >= head:
            left[value] -= head
            ways += _fill(rest, left)
            left[value] += head
    return ways


# --- the layouts and the symmetries -------------------------------------------------


def test_tiles_are_the_default_rules_tiles() -> None:
    """TIKI-SETUP-2: the layouts are those of the default tiles, one +2, five +1, two 0
    and one −1."""
    assert TILES == tiki.DEFAULT_TILES == Rules().tiles
    assert Counter(TILES) == {2: 1, 1: 5, 0: 2, -1: 1}


def test_layouts_are_every_distinct_arrangement_in_the_engines_order() -> None:
    """TIKI-SETUP-1: 9! / (1! 5! 2! 1!) = 1,512 distinct layouts, the chance outcomes of
    the layout node in the same order, each equally likely."""
    assert len(LAYOUTS) == math.factorial(9) // (math.factorial(5) * math.factorial(2)) == 1512
    assert len(set(LAYOUTS)) == 1512 and list(LAYOUTS) == sorted(LAYOUTS)
    assert all(sorted(layout) == sorted(TILES) for layout in LAYOUTS)
    outcomes = tiki.chance_outcomes(tiki.new_game())
    assert tuple(a.tiles for a, _ in outcomes) == LAYOUTS
    assert {p for _, p in outcomes} == {Fraction(1, 1512)}
    assert [layout_index(layout) for layout in LAYOUTS] == list(range(1512))
    with pytest.raises(ValueError, match="not a layout of the tiles"):
        layout_index((1,) * 9)


@given(tiles())
def test_arrangements_of_any_tiles_match_the_engine(tiles_: tuple[int, ...]) -> None:
    """TIKI-SETUP-1, TIKI-SETUP-2: for any tile multiset, the layouts are the engine's
    chance outcomes of the layout node, in its order."""
    engine = tiki.chance_outcomes(tiki.new_game(Rules(tiles=tiles_)))
    assert arrangements(tiles_) == tuple(a.tiles for a, _ in engine)


def test_the_symmetries_are_the_eight_of_the_square() -> None:
    """TIKI-MOVE-3, TIKI-SHAMAN-1: the eight symmetries are distinct permutations of the
    villages that keep adjacency (so they map the 12 edges onto the 12 edges), closed
    under composition and inverse: the dihedral group of order 8, with four
    reflections (each fixes a line of 3 villages) and the rotations of order 4."""
    assert len({s.villages for s in SYMMETRIES}) == 8 and SYMMETRIES[0] is IDENTITY
    for s in SYMMETRIES:
        assert sorted(s.villages) == list(VILLAGES)
        assert symmetry(s.name) is s
        assert s.then(s.inverse) is IDENTITY and s.inverse.then(s) is IDENTITY
        for t in SYMMETRIES:
            composed = s.then(t)
            assert all(composed.village(v) == t.village(s.village(v)) for v in VILLAGES)
        for v in VILLAGES:
            assert {s.village(u) for u in NEIGHBOURS[v]} == set(NEIGHBOURS[s.village(v)])
        assert sorted(s.edges) == list(range(12))
        for e, (v, u) in enumerate(EDGES):
            assert set(EDGES[s.edge(e)]) == {s.village(v), s.village(u)}
    fixed = Counter(sum(s.village(v) == v for v in VILLAGES) for s in SYMMETRIES)
    assert fixed == {9: 1, 1: 3, 3: 4}  # identity; three turns fix the centre; 4 mirrors
    order = {s.name: next(k for k in range(1, 9) if _power(s, k) is IDENTITY) for s in SYMMETRIES}
    assert order == {
        "identity": 1,
        "rotate90": 4,
        "rotate180": 2,
        "rotate270": 4,
        "mirror": 2,
        "flip": 2,
        "diagonal": 2,
        "antidiagonal": 2,
    }
    with pytest.raises(KeyError, match="no symmetry 'spin'"):
        symmetry("spin")


def test_the_classes_partition_the_layouts() -> None:
    """TIKI-SETUP-1 (issue 22): the 1,512 layouts fall into 198 classes, 180 of 8
    layouts and 18 of 4 (a layout fixed by one reflection), as Burnside's lemma counts
    them; each class's representative is its least layout, and ``class_of`` gives the
    symmetry that maps a layout onto it."""
    assert len(CLASSES) == 198 == _burnside(TILES)
    assert Counter(c.size for c in CLASSES) == {8: 180, 4: 18}
    members = [layout for c in CLASSES for layout in c.members]
    assert sorted(members) == list(LAYOUTS)
    assert [c.representative for c in CLASSES] == sorted(c.representative for c in CLASSES)
    for c in CLASSES:
        assert c.representative == c.members[0] == canonical(c.representative)
        assert orbit(c.representative) == c.members
        for layout in c.members:
            rep, s = class_of(layout)
            assert rep == c.representative == s.layout(layout) == canonical(layout)
            assert len(c.members) * len(stabilizer(layout)) == 8
            assert all(t.layout(layout) == layout for t in stabilizer(layout))
    fixers = Counter(s.name for c in CLASSES if c.size == 4 for s in stabilizer(c.representative))
    assert fixers["rotate90"] == fixers["rotate180"] == fixers["rotate270"] == 0


def test_a_symmetry_between_any_two_layouts_of_a_class() -> None:
    """TIKI-SETUP-1 (issue 22): ``symmetry_between`` finds, for any two layouts of one
    class, a symmetry that maps the first onto the second, and refuses two layouts of
    different classes."""
    for c in CLASSES[::7]:
        for a in c.members:
            for b in c.members:
                assert symmetry_between(a, b).layout(a) == b
    with pytest.raises(ValueError, match="no symmetry maps"):
        symmetry_between(CLASSES[0].representative, CLASSES[1].representative)


@given(tiles())
def test_classes_of_any_tiles_are_burnsides_count(tiles_: tuple[int, ...]) -> None:
    """TIKI-SETUP-2: for any tile multiset the classes partition its layouts and are as
    many as Burnside's lemma counts."""
    found = classes(tiles_)
    assert len(found) == _burnside(tiles_)
    assert sorted(m for c in found for m in c.members) == list(arrangements(tiles_))


def test_a_layout_must_give_nine_values() -> None:
    """TIKI-SETUP-1: a layout gives 9 values; anything else is a ValueError."""
    for bad in ((1,) * 8, (1,) * 10, (1.0,) * 9):
        with pytest.raises(ValueError, match="9 integer village values"):
            canonical(bad)


# --- the island maps onto itself ---------------------------------------------------


@pytest.mark.parametrize("turns", [True, False])
def test_move_paths_map_onto_move_paths(turns: bool) -> None:
    """TIKI-MOVE-2..5 (paths of 1 or 2 orthogonal steps, never straight back, turning
    or straight only by Rules.allow_turns), TIKI-SHAMAN-3 (a path is blocked by the
    edges it crosses): each symmetry maps the paths from a village onto the paths from
    its image, with their crossed edges."""
    for s in SYMMETRIES:
        for v in VILLAGES:
            for h in (1, 2):
                images = {
                    (s.path(p), frozenset(s.edge(e) for e in crossed))
                    for p, crossed in PATHS[turns][v][h]
                }
                assert images == set(PATHS[turns][s.village(v)][h]), (s, v, h)


# --- games and their images --------------------------------------------------------


def _check_lockstep(
    states: tuple[State, ...], actions: tuple[tiki.Action, ...], s: Symmetry
) -> State:
    """Play the image of a game beside it; every ply: the actors, the legal actions
    (one-to-one) and chance's probabilities map, the image of the action is legal in the
    image, and its transition is the image of the transition (state and events).
    Returns the image game's last state."""
    image = transform_state(states[0], s)
    for state, action in zip(states, actions, strict=False):
        assert image == transform_state(state, s)
        assert tiki.actors(image) == tiki.actors(state)
        legal = tiki.legal_actions(state)
        mapped = [transform_action(a, s) for a in legal]
        assert len(set(mapped)) == len(legal)
        assert set(mapped) == set(tiki.legal_actions(image)), tiki.to_text(state)
        if state.phase in (Phase.LAYOUT, Phase.FIRST_PLAYER):
            odds = {transform_action(a, s): p for a, p in tiki.chance_outcomes(state)}
            assert odds == dict(tiki.chance_outcomes(image))
        t = tiki.step(state, action)
        u = tiki.step(image, transform_action(action, s))
        assert u.state == transform_state(t.state, s), (tiki.to_text(state), str(action))
        assert u.events == tuple(transform_event(e, s) for e in t.events)
        image = u.state
    assert tiki.outcome(image) == tiki.outcome(states[-1])
    return image


@given(rules(), seeds, symmetries)
def test_a_game_and_its_image_play_alike(rules_: Rules, seed: int, s: Symmetry) -> None:
    """TIKI-SETUP-1, TIKI-TURN-2, TIKI-CREATE-1..3, TIKI-MOVE-1..6, TIKI-INFL-1..8,
    TIKI-END-1..6, TIKI-SHAMAN-1..5 (issue 22): a random game on a random layout, under
    any ruleset, and the same game seen through a symmetry of the square, played on
    the image layout: at every ply the legal actions map one-to-one, the image of each
    action is legal and leads to the image of the state (stacks, supplies, fruits,
    reserve, spoiled pile, shaman, phase, pending villages, turn) with the images of
    the events, and both games end with the same result."""
    game = playout(rules_, seed)
    _check_lockstep(game.states, game.actions, s)


@pytest.mark.parametrize(
    "rules_", [Rules(), Rules(shaman=True), Rules(shaman=True, shaman_entry="marsh")]
)
def test_default_tiles_games_play_alike_under_every_symmetry(rules_: Rules) -> None:
    """TIKI-SETUP-1, TIKI-SHAMAN-2..4, TIKI-END-1..3 (issue 22): with the default tiles,
    with and without the shaman, seeded random games and their images under each of the
    eight symmetries play alike to the same result."""
    for seed in range(6):
        game = playout(rules_, seed)
        for s in SYMMETRIES:
            assert tiki.outcome(_check_lockstep(game.states, game.actions, s)) is not None


@given(rules(), seeds, symmetries)
def test_refusals_are_symmetric(rules_: Rules, seed: int, s: Symmetry) -> None:
    """TIKI-TURN-3 and every clause that refuses an action (issue 22): an action and its
    image are refused in a state and its image for the same clause, or both allowed;
    and the image of a position reads back from its own position string (the
    consistency checks of ``tiki.from_text`` are symmetric too)."""
    game = playout(rules_, seed, max_plies=120)
    rng = random.Random(seed)
    for state in game.states:
        image = transform_state(state, s)
        for _ in range(6):
            action = random_action(state, rng)
            if not well_formed(action):
                continue
            why = why_illegal(state, action)
            why_image = why_illegal(image, transform_action(action, s))
            assert (why is None) == (why_image is None), (tiki.to_text(state), str(action))
            if why is not None and why_image is not None:
                assert why[0] == why_image[0], (tiki.to_text(state), str(action), why, why_image)
        if state.phase not in (Phase.LAYOUT, Phase.FIRST_PLAYER):
            assert tiki.from_text(tiki.to_text(image)) == image


@given(rules(), seeds, symmetries, symmetries)
def test_transforms_compose(rules_: Rules, seed: int, s: Symmetry, t: Symmetry) -> None:
    """Issue 22: mapping a state by ``s`` then ``t`` is mapping it by ``s.then(t)``,
    and the inverse maps it back."""
    game = playout(rules_, seed, max_plies=80)
    for state in game.states[::5]:
        assert transform_state(transform_state(state, s), t) == transform_state(state, s.then(t))
        assert transform_state(transform_state(state, s), s.inverse) == state


# --- the solver --------------------------------------------------------------------


def _near_end(rules_: Rules, seed: int, back: int) -> State | None:
    """The decision ``back`` plies before the end of a seeded random game, or None."""
    game = playout(rules_, seed)
    if tiki.outcome(game.final) is None:
        return None
    decisions = [st_ for st_ in game.states if st_.actor in tiki.PLAYERS and st_.result is None]
    return decisions[max(0, len(decisions) - back)] if decisions else None


@settings(max_examples=25)
@given(
    st.sampled_from([Rules(), Rules(shaman=True), Rules(allow_turns=False)]),
    seeds,
    st.integers(1, 10),
    symmetries,
)
def test_solve_gives_a_position_and_its_image_the_same_value(
    rules_: Rules, seed: int, back: int, s: Symmetry
) -> None:
    """TIKI-END-1..3 (issue 22): a position near the end of a random game and its image
    under a symmetry have the same exact value and distance when the solver proves
    both (the budget is counted in positions, and the order of the moves decides how
    many a proof takes), and the image of a best move is legal in the image."""
    state = _near_end(rules_, seed, back)
    if state is None:
        return
    image = transform_state(state, s)
    a, b = solve(state, limit=20_000), solve(image, limit=20_000)
    if a.exact and b.exact:
        assert (a.value, a.plies) == (b.value, b.plies), tiki.to_text(state)
        if a.best is not None:
            assert tiki.is_legal(image, transform_action(a.best, s))


def test_solve_agrees_on_many_proved_images() -> None:
    """TIKI-END-1..3 (issue 22): on seeded positions 1 to 6 plies before the end of
    random games, the solver proves most of them and their images, always with the
    same value and distance, wins and losses of 5 plies and more among them (so the check
    above is not vacuous)."""
    proved: list[tuple[str, int | None]] = []
    rng = random.Random(22)
    for seed in range(16):
        state = _near_end(Rules(), seed, rng.randint(1, 6))
        assert state is not None
        s = SYMMETRIES[rng.randrange(1, 8)]
        a, b = solve(state, limit=20_000), solve(transform_state(state, s), limit=20_000)
        if a.exact and b.exact:
            assert (a.value, a.plies) == (b.value, b.plies), tiki.to_text(state)
            proved.append((a.value, a.plies))
    assert len(proved) >= 8 and {"win", "loss"} <= {value for value, _ in proved}
    assert max(plies or 0 for _, plies in proved) >= 5


# --- a position seen on its class's representative ---------------------------------


@settings(max_examples=20)
@given(seeds, st.integers(1, 8))
def test_to_class_answers_any_layout_from_its_representative(seed: int, back: int) -> None:
    """TIKI-SETUP-1 (issue 22): ``to_class`` maps a position onto the representative
    layout of its class; the symmetry's inverse maps it back, and the solver's value
    there is the position's own, its best move mapped back legal in the position."""
    state = _near_end(Rules(), seed, back)
    if state is None:
        return
    there, s = to_class(state)
    assert there.tiles == canonical(state.tiles) and s.layout(state.tiles) == there.tiles
    assert transform_state(there, s.inverse) == state
    a, b = solve(state, limit=20_000), solve(there, limit=20_000)
    if a.exact and b.exact:
        assert (a.value, a.plies) == (b.value, b.plies)
        if b.best is not None:
            assert tiki.is_legal(state, transform_action(b.best, s.inverse))


@settings(max_examples=20)
@given(seeds, st.integers(1, 8), symmetries)
def test_to_layout_carries_a_position_to_any_layout_of_its_class(
    seed: int, back: int, s: Symmetry
) -> None:
    """TIKI-SETUP-1 (issue 22): ``to_layout`` maps a position onto any layout of its
    class (a table built for one layout, not the representative, answers the others
    so): the image has that layout, the symmetry maps it back, and the solver's value
    is the same there; a layout of another class is refused."""
    state = _near_end(Rules(), seed, back)
    if state is None:
        return
    target = s.layout(state.tiles)
    there, used = to_layout(state, target)
    assert there.tiles == target and transform_state(there, used.inverse) == state
    a, b = solve(state, limit=20_000), solve(there, limit=20_000)
    if a.exact and b.exact:
        assert (a.value, a.plies) == (b.value, b.plies)
    other = next(c.representative for c in CLASSES if c.representative != canonical(target))
    with pytest.raises(ValueError, match="no symmetry maps"):
        to_layout(state, other)


def test_to_class_keeps_a_position_without_layout() -> None:
    """TIKI-SETUP-1: before the layout chance node there is no layout to map."""
    start = tiki.new_game()
    assert to_class(start) == (start, IDENTITY)
