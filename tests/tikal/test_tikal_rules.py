"""The base game's rules, clause by clause, on hand-worked positions.

Entering, camp moves, uncovering, treasures, exchanges and camps are proved mostly by
the scenario files in ``tests/scenarios/tikal`` (run by ``test_tikal_scenarios.py``);
guards, scoring and the end are in ``test_tikal_scoring.py``, the auction in
``test_tikal_auction.py``.

Every expected number is worked out by hand from ``specs/tikal.md`` and the default
manifest. Stones are listed ``N, NE, SE, S, SW, NW``; a tile turned ``t`` times carries
the stones of edge ``i`` to edge ``i + t``. The printed corner (TIKAL-BOARD-4) has one
stone on each side of each of its five inner borders, so every crossing there costs 2
and every outward edge is bare. Tiles used here:

- C2 jungle, 3 on S: turned 1 → 3 on SW, 2 → NW, 5 → SE.
- A3 jungle, 1 on N, NE, S: turned 5 → 1 on NW, N, SE.
- C5 temple 3, 3 on S: turned 2 → 3 on NW.
- B6 temple 3, 1 on N, 2 on S: turned 1 → 1 on NE, 2 on SW.
- A2 treasure, 4 masks, 2 on S, 1 on NW.
- B1, D3 volcanoes: no stones, one layout.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from positions import (
    acting,
    cell,
    fill,
    game,
    guard,
    holding,
    names,
    pieces,
    play,
    stacks,
    tile_index,
    tiles,
    tokens,
    treasures,
    where,
)

from tikalspeed import (
    CHANCE,
    WORKER,
    Bid,
    BuildCamp,
    EndTurn,
    IllegalActionError,
    Move,
    Phase,
    PlaceTile,
    Rules,
    State,
    Uncover,
    actors,
    chance_outcomes,
    is_legal,
    step,
)
from tikalspeed.model.events import (
    ActionTaken,
    TileDrawn,
    TilePlaced,
    TurnBegan,
    TurnEnded,
)
from tikalspeed.model.state import SUPPLY


def refused(state: State, action: object, clause: str) -> None:
    """``action`` is illegal in ``state`` and the error names ``clause``."""
    assert not is_legal(state, action)
    with pytest.raises(IllegalActionError) as err:
        step(state, action)  # type: ignore[arg-type]
    assert err.value.clause == clause, str(err.value)


def costs(events: list[object]) -> list[int]:
    return [e.cost for e in events if isinstance(e, ActionTaken)]


# --------------------------------------------------------------------------- modes, setup


def test_tikal_mode_1_classic_draws_professional_auctions() -> None:
    """TIKAL-MODE-1: classic starts at a draw, professional and Speed (the default mode)
    at the auction display."""
    assert game(mode="classic").phase is Phase.DRAW
    assert game(mode="professional").phase is Phase.REVEAL
    assert Rules().mode == "speed" and game(mode="speed").phase is Phase.REVEAL
    with pytest.raises(ValueError, match="mode"):
        Rules(mode="speedy")


def test_tikal_mode_1_spec_rules_table_lists_every_field() -> None:
    """TIKAL-MODE-1 and the other option clauses: the ``Rules`` table of specs/tikal.md
    lists every field once, with its true default and a clause the spec defines."""
    spec = (Path(__file__).parents[2] / "specs" / "tikal.md").read_text(encoding="utf-8")
    table = spec[: spec.index("## Tikal on Speed")] if "## Tikal on Speed" in spec else spec
    rows = re.findall(
        r"^\| `(\w+)` \| (.+?) \| .+? \| ((?:TIKAL|SPEED)-[A-Z]+-\d+) \|$", table, re.M
    )
    assert [name for name, _, _ in rows] == [a.name for a in attrs.fields(Rules)]
    for name, default, clause in rows:
        if name != "manifest":
            assert default == f"`{getattr(Rules(), name)!r}`", name
        assert f"### {clause}: " in spec, clause


@pytest.mark.parametrize("n", [2, 3, 4])
def test_tikal_setup_1_pieces_start_in_supply(n: int) -> None:
    """TIKAL-SETUP-1: 18 workers and the leader in supply; only the corner explored."""
    s = game(players=n)
    assert s.supply == (18,) * n and s.leaders == (SUPPLY,) * n
    assert all(sum(row) == 0 for row in s.workers)
    assert s.held == ((0,) * 8,) * n and s.hidden == (3,) * 8
    assert s.levels[2:] == (3, 6, 9, 11, 8, 5, 3, 2, 1)
    assert {c: v for c, v in enumerate(s.temples) if v} == {cell("a2"): 1, cell("b1"): 1}
    assert [c for c, p in enumerate(s.placed) if p != -1] == [0, 1, 8, 9]  # a1 b1 a2 b2


@pytest.mark.parametrize("n", [1, 5])
def test_tikal_setup_1_two_to_four_players(n: int) -> None:
    """TIKAL-SETUP-1: 1 or 5 players are refused."""
    with pytest.raises(ValueError, match="players"):
        Rules(mode="classic", players=n)


def test_tikal_setup_2_one_stack_per_letter_a_on_top() -> None:
    """TIKAL-SETUP-2: the stacks hold A 6, B 6, C 5, D 5, E 5, F 5, G 4 tiles, A first."""
    s = game()
    assert [len(x) for x in s.stacks] == [6, 6, 5, 5, 5, 5, 4]
    tiles_ = s.rules.manifest.tiles
    assert ["".join(sorted({tiles_[i].letter for i in x})) for x in s.stacks] == list("ABCDEFG")


def test_tikal_setup_3_start_worker_option() -> None:
    """TIKAL-SETUP-3: by default nobody is on the board; the option puts one worker on a1."""
    assert game(players=3).workers[2][cell("a1")] == 0
    s = game(players=3, start_worker=True)
    assert [row[cell("a1")] for row in s.workers] == [1, 1, 1] and s.supply == (17, 17, 17)


def test_tikal_setup_4_scores_start_at_zero() -> None:
    """TIKAL-SETUP-4: classic scores start at 0."""
    assert game().scores == (0, 0, 0, 0)


def test_tikal_setup_5_p1_starts() -> None:
    """TIKAL-SETUP-5: P1 draws the first tile and places it."""
    s = game(players=3)
    assert s.active == 0
    s, events = play(s, "draw=A3")
    assert events[0] == TileDrawn(0, "A3") and s.active == 0 and s.phase is Phase.PLACE


# --------------------------------------------------------------------------- drawing


def test_tikal_draw_1_uniform_from_the_top_letter() -> None:
    """TIKAL-DRAW-1: each of the 6 A tiles has chance 1/6; then the B tiles; the drawn
    tile leaves its stack and must be placed."""
    s = game()
    assert actors(s) == (CHANCE,)
    outs = chance_outcomes(s)
    assert [str(a) for a, _ in outs] == [f"draw=A{i}" for i in range(1, 7)]
    assert {p for _, p in outs} == {Fraction(1, 6)}
    assert [(str(a), p) for a, p in chance_outcomes(stacks(s, A="A4"))] == [("draw=A4", 1)]
    assert len(chance_outcomes(stacks(s, A=""))) == 6
    after, _ = play(stacks(s, A=""), "draw=B3")
    assert after.hand == tile_index(s, "B3") and after.stacks[1] == tuple(
        tile_index(s, f"B{i}") for i in (1, 2, 4, 5, 6)
    )


# --------------------------------------------------------------------------- placing


def test_tikal_place_1_and_2_where_c2_fits_at_the_start() -> None:
    """TIKAL-PLACE-1, TIKAL-PLACE-2: C2 (3 stones on one edge) fits on the four cells
    next to the corner only with its stones towards it, as the corner's outward
    edges are bare: a3 (S), b3 (S or SW), c2 (SW), c1 (SW or NW)."""
    s = holding(game(), 0, "C2")
    assert sorted(tokens(s)) == sorted(
        ["place:a3:0", "place:b3:0", "place:b3:1", "place:c2:1", "place:c1:1", "place:c1:2"]
    )
    refused(s, PlaceTile(0, cell("c1"), 0), "TIKAL-PLACE-2")  # stones face off the board
    refused(s, PlaceTile(0, cell("c1"), 6), "TIKAL-PLACE-1")  # no such turn
    assert not is_legal(s, PlaceTile(0, cell("h5"), 0))  # TIKAL-PLACE-1: not next to the corner
    assert not is_legal(s, PlaceTile(0, cell("a2"), 0))  # TIKAL-PLACE-1: not free


def test_tikal_place_1_a_repeated_turn_is_the_same_placement() -> None:
    """TIKAL-PLACE-1: D4 (a stone on every other edge) has two layouts: c1 turned 0 or 1;
    turned 2 it lies as turned 0, written ``place:c1:0``."""
    s = holding(game(), 0, "D4")
    assert [t for t in tokens(s) if t.startswith("place:c1")] == ["place:c1:0", "place:c1:1"]
    assert not is_legal(s, PlaceTile(0, cell("c1"), 2))


def test_tikal_place_2_the_neighbours_stone_joins() -> None:
    """TIKAL-PLACE-2: A3 on c1 turned 5 has a stone on SE, facing d1; C2 turned 0 has
    its stones on S, off the board, yet fits on d1, joined by A3's stone."""
    s = holding(tiles(game(), c1=("A3", 5)), 0, "C2")
    assert "place:d1:0" in tokens(s)
    s, events = play(s, "place:d1:0")
    assert events[0] == TilePlaced(0, "C2", cell("d1"), 0)


def test_tikal_place_2_a_volcano_joins_nothing() -> None:
    """TIKAL-PLACE-2: with a volcano on c1, C2 cannot go on d1 or d2 (their only explored
    neighbour is the volcano), nor on c2 with its stones towards the volcano (S)."""
    s = holding(tiles(game(), c1=("B1", 0)), 0, "C2")
    assert sorted(tokens(s)) == ["place:a3:0", "place:b3:0", "place:b3:1", "place:c2:1"]
    refused(s, PlaceTile(0, cell("d1"), 2), "TIKAL-PLACE-2")
    refused(s, PlaceTile(0, cell("c2"), 0), "TIKAL-PLACE-2")


def test_tikal_place_3_volcano_needs_only_adjacency() -> None:
    """TIKAL-PLACE-3: a volcano fits on every cell next to an explored hex, one layout;
    next to another volcano alone too (d1, d2 beside a volcano on c1)."""
    assert sorted(tokens(holding(game(), 0, "B1"))) == [
        "place:a3:0",
        "place:b3:0",
        "place:c1:0",
        "place:c2:0",
    ]
    s = holding(tiles(game(), c1=("B1", 0)), 0, "D3")
    assert {"place:d1:0", "place:d2:0"} <= set(tokens(s))


def test_tikal_place_4_temple_value_and_treasures_laid_out() -> None:
    """TIKAL-PLACE-4: B6 shows its printed 3; A2 gets 4 treasures face down; then 10 AP."""
    s, _ = play(holding(game(), 0, "B6"), "place:c1:1")
    assert s.temples[cell("c1")] == 3 and s.phase is Phase.ACTIONS and s.ap == 10
    s, _ = play(holding(game(), 0, "A2"), "place:c1:0")
    assert s.ruins[cell("c1")] == 4 and s.hidden == (3,) * 8 and s.held[0] == (0,) * 8


def walled(rules: dict[str, object], keep: str) -> State:
    """Every open cell filled but a4 and a5, walled in by volcanoes on a3, b4, b5."""
    volcanoes = {"a3": ("B1", 0), "b4": ("D3", 0), "b5": ("F2", 0)}
    return fill(game(**rules), "a4 a5", keep, **volcanoes)


def test_tikal_place_5_classic_discard_and_draw_again() -> None:
    """TIKAL-PLACE-5: a4 and a5 touch only volcanoes, so G1 and G2 fit nowhere: each
    drawn tile leaves the game, P1 draws again, and with the stacks empty gets 10 AP."""
    s = acting(walled({"players": 2}, "G1 G2"), 0, ap=0, phase=Phase.DRAW)
    s, events = play(s, "draw=G1")
    assert names(events) == ["TileDrawn", "TileDiscarded"] and s.phase is Phase.DRAW
    assert s.hand == -1 and s.active == 0
    s, events = play(s, "draw=G2")
    assert names(events) == ["TileDrawn", "TileDiscarded"]
    assert s.phase is Phase.ACTIONS and s.ap == 10 and s.last_tile_player == 0
    assert s.stacks == ((),) * 7


def test_tikal_place_5_professional_discard_after_paying() -> None:
    """TIKAL-PLACE-5: a professional player who buys an unplaceable tile keeps their
    turn: the tile leaves the game and their 10 AP begin."""
    s = walled({"players": 2, "mode": "professional"}, "G1 G2")
    s = stacks(s, G="")
    g1, g2 = tile_index(s, "G1"), tile_index(s, "G2")
    s = acting(s, 0, ap=0, phase=Phase.CHOOSE, display=(g1, g2), played=(0,))
    s, events = play(s, "take:G1")
    assert names(events) == ["TileDiscarded"]
    assert s.phase is Phase.ACTIONS and s.ap == 10 and s.display == (g2,)


# --------------------------------------------------------------------------- turns


def test_tikal_turn_1_draw_place_spend_then_clockwise() -> None:
    """TIKAL-TURN-1: each turn draws, places, spends 10 AP; P1, P2, P3, then P1 again."""
    s = game(players=3)
    begun = []
    for tile, place in [("A3", "place:a3:0"), ("A6", "place:c1:2"), ("A4", "place:b3:0")]:
        s, _ = play(s, f"draw={tile}", place)
        assert s.phase is Phase.ACTIONS and s.ap == 10
        s, events = play(s, "end")
        begun += [e.player for e in events if isinstance(e, TurnBegan)]
    assert begun == [1, 2, 0] and s.phase is Phase.DRAW


def test_tikal_turn_2_costs_and_repeats() -> None:
    """TIKAL-TURN-2: enter 1 + 1, leader a1→a2 2, uncover twice 2 + 2: 4 AP left;
    then an uncover with 1 AP left is refused."""
    s = acting(game(), 0)
    s, events = play(s, "enter:w:a1", "enter:l:a1", "move:l:a1:a2", "uncover:a2", "uncover:a2")
    assert costs(events) == [1, 1, 2, 2, 2] and s.ap == 2 and s.temples[cell("a2")] == 3
    s = acting(pieces(game(), 0, w={"b1": 1}), 0, ap=1)
    refused(s, Uncover(0, cell("b1")), "TIKAL-TURN-2")
    refused(s, BuildCamp(0, cell("b2")), "TIKAL-TURN-2")


def test_tikal_turn_3_unused_points_are_lost() -> None:
    """TIKAL-TURN-3: ending with 7 AP loses them; P2's turn has 10, not more."""
    s = acting(game(players=2), 0)
    s, events = play(s, "enter:w:a1", "enter:w:a1", "enter:w:a1", "end")
    assert events[-2:] == [TurnEnded(0, 7), TurnBegan(1, "normal")]
    s, _ = play(s, "draw=A3", "place:a3:0")
    assert s.active == 1 and s.ap == 10


def test_tikal_turn_3_last_point_ends_the_turn() -> None:
    """TIKAL-TURN-3: spending the last AP ends the turn at once; a dig with the last
    3 AP ends it once the treasure is turned up."""
    s, events = play(acting(game(players=2), 0, ap=1), "enter:w:a1")
    assert names(events) == ["ActionTaken", "TurnEnded", "TurnBegan"] and s.active == 1
    s = acting(pieces(tiles(game(players=2), c1=("A2", 0)), 0, w={"c1": 1}), 0, ap=3)
    s, events = play(s, "dig:c1")
    assert s.phase is Phase.TREASURE and s.active == 0 and "TurnEnded" not in names(events)
    s, events = play(s, "find=C")
    assert names(events) == ["TreasureFound", "TurnEnded", "TurnBegan"] and s.active == 1


def test_tikal_turn_4_only_the_actor_with_the_right_kind() -> None:
    """TIKAL-TURN-4: chance draws, the active player places and acts, nobody else."""
    s = game(players=2)
    refused(s, PlaceTile(0, cell("a3"), 0), "TIKAL-TURN-4")  # chance decides
    s = holding(s, 0, "C2")
    refused(s, EndTurn(0), "TIKAL-TURN-4")  # the tile comes first
    refused(s, PlaceTile(1, cell("a3"), 0), "TIKAL-TURN-4")  # not P2's turn
    s = acting(s, 0)
    refused(s, EndTurn(1), "TIKAL-TURN-4")
    refused(s, Bid(0, 3), "TIKAL-TURN-4")


def test_tikal_turn_4_nobody_acts_after_the_end() -> None:
    """TIKAL-TURN-4: once the game is over there are no actors and no legal actions."""
    s = acting(game(players=2), 0, phase=Phase.OVER)
    assert actors(s) == () and tokens(s) == []
    refused(s, EndTurn(0), "TIKAL-TURN-4")


# --------------------------------------------------------------------------- moving


def test_tikal_move_1_border_cost_is_both_sides() -> None:
    """TIKAL-MOVE-1: a1→b2 costs 1 + 1 = 2; C2 turned 5 on c2 (3 on SE) against C5
    turned 2 on d2 (3 on NW): that border costs 6, the most a border can."""
    s = tiles(game(), c2=("C2", 5), d2=("C5", 2))
    s = acting(pieces(s, 0, w={"a1": 1, "c2": 1}), 0)
    s, events = play(s, "move:w:a1:b2", "move:w:c2:d2")
    assert costs(events) == [2, 6] and s.ap == 2 and where(s, 0) == {"b2": 1, "d2": 1}


def test_tikal_move_2_stoneless_border_volcano_unexplored() -> None:
    """TIKAL-MOVE-2: C2 turned 1 on c1 has its 3 stones on SW (towards b1) and none
    towards b2, so b2→c1 goes round by b1 for 2 + 3 = 5; a volcano and an unexplored
    cell are never entered, and d1 behind a volcano is out of reach."""
    s = acting(pieces(tiles(game(), c1=("C2", 1)), 0, w={"b2": 1}), 0)
    s, events = play(s, "move:w:b2:c1")
    assert costs(events) == [5]
    refused(acting(s, 0, ap=4), Move(0, WORKER, cell("c1"), cell("b2")), "TIKAL-TURN-2")
    s = tiles(game(), c1=("B1", 0), d1=("C2", 2))
    s = acting(pieces(s, 0, w={"b2": 1}), 0)
    assert not [t for t in tokens(s) if t.startswith("move") and t.endswith((":c1", ":d1"))]
    refused(s, Move(0, WORKER, cell("b2"), cell("c1")), "TIKAL-MOVE-2")
    refused(s, Move(0, WORKER, cell("b2"), cell("d1")), "TIKAL-MOVE-2")
    refused(s, Move(0, WORKER, cell("b2"), cell("h5")), "TIKAL-MOVE-2")


def test_tikal_move_3_one_action_cheapest_path() -> None:
    """TIKAL-MOVE-3: A3 turned 5 on c1 (1 on NW, N, SE), C2 turned 1 on c2 (3 on SW).
    From b2: c1 costs 0 + 1 = 1, c2 direct 0 + 3 = 3 but by c1 1 + 1 = 2. One move
    takes the worker to c2 for 2; with 1 AP only c1 is in reach."""
    s = tiles(game(), c1=("A3", 5), c2=("C2", 1))
    s = acting(pieces(s, 0, w={"b2": 1}), 0)
    moves = [t for t in tokens(s) if t.startswith("move")]
    assert sorted(moves) == sorted(f"move:w:b2:{c}" for c in ["a1", "a2", "b1", "c1", "c2"])
    after, events = play(s, "move:w:b2:c2")
    assert events[0] == ActionTaken(0, "move:w:b2:c2", 2, "TIKAL-MOVE-3")
    assert where(after, 0) == {"c2": 1} and after.ap == 8
    assert [t for t in tokens(acting(s, 0, ap=1)) if t.startswith("move")] == ["move:w:b2:c1"]


def test_tikal_move_4_crowded_and_guarded_temple_passable() -> None:
    """TIKAL-MOVE-4: C2 on a3 (3 on S) joins a2 only. P2 guards a2 with 3 more workers
    there; P1's worker still walks a1→a2→a3 for 2 + 3 = 5, or stops on a2 among them."""
    s = tiles(game(players=2), a3=("C2", 0))
    s = pieces(s, 1, w={"a2": 3})
    s = guard(s, "a2", 1)
    s = acting(pieces(s, 0, w={"a1": 2}), 0)
    s, events = play(s, "move:w:a1:a3", "move:w:a1:a2")
    assert costs(events) == [5, 2] and where(s, 0) == {"a2": 1, "a3": 1}
    assert where(s, 1) == {"a2": 3}


# --------------------------------------------------------------------------- treasures


def ruin(**rules: object) -> State:
    """A2 (4 masks) on c1, B5 (4 masks) on c2; P1 to act."""
    return acting(tiles(game(players=3, **rules), c1=("A2", 0), c2=("B5", 0)), 0)


def test_tikal_treasure_3_uniform_over_copies_not_face_up() -> None:
    """TIKAL-TREASURE-3: P2 holds AAA and P3 holds B: 20 copies are face down, so A
    cannot turn up, B has 2/20 and each other kind 3/20."""
    s = treasures(treasures(pieces(ruin(), 0, w={"c1": 1}), 1, "AAA"), 2, "B")
    s, _ = play(s, "dig:c1")
    outs = {str(a): p for a, p in chance_outcomes(s)}
    assert outs == {"find=B": Fraction(1, 10)} | {f"find={k}": Fraction(3, 20) for k in "CDEFGH"}


# --------------------------------------------------------------------------- camps
