"""Refusals name the clause that forbids them (hand-worked from specs/tikal.md).

An illegal action's IllegalActionError names the most specific clause it breaks:
TIKAL-UNCOVER-2..5, TIKAL-TREASURE-2, TIKAL-EXCHANGE-2, TIKAL-CAMP-2, TIKAL-GUARD-4 and
TIKAL-PLACE-1 rather than the general clause of the action.
"""

from __future__ import annotations

import pytest
from positions import (
    acting,
    camps,
    cell,
    game,
    guard,
    holding,
    levels,
    pieces,
    play,
    temple,
    tiles,
    treasures,
)

from tikalspeed import (
    LEADER,
    WORKER,
    BuildCamp,
    Exchange,
    Guard,
    IllegalActionError,
    PlaceTile,
    TakeTreasure,
    Uncover,
    step,
)


def clause_of(state, action) -> str:
    with pytest.raises(IllegalActionError) as err:
        step(state, action)
    return err.value.clause


def test_place_1_cell_not_next_to_explored() -> None:
    """TIKAL-PLACE-1: h5 touches nothing explored (engine: TIKAL-PLACE-2)."""
    s = holding(game(), 0, "C2")
    assert clause_of(s, PlaceTile(0, cell("h5"), 0)) == "TIKAL-PLACE-1"


def test_place_1_cell_not_free() -> None:
    """TIKAL-PLACE-1: a2 is printed (engine: TIKAL-PLACE-2; for a volcano TIKAL-PLACE-3
    with the message 'not next to an explored hex')."""
    assert clause_of(holding(game(), 0, "C2"), PlaceTile(0, cell("a2"), 0)) == "TIKAL-PLACE-1"
    assert clause_of(holding(game(), 0, "B1"), PlaceTile(0, cell("a2"), 0)) == "TIKAL-PLACE-1"


def test_place_1_repeated_turn() -> None:
    """TIKAL-PLACE-1: D4 turned 2 lies as turned 0, which is legal on c1 (engine:
    TIKAL-PLACE-2 'must join an explored hex by stones', which is false; a volcano
    turned 3 on c1: TIKAL-PLACE-3 'not next to an explored hex', also false)."""
    assert clause_of(holding(game(), 0, "D4"), PlaceTile(0, cell("c1"), 2)) == "TIKAL-PLACE-1"
    assert clause_of(holding(game(), 0, "B1"), PlaceTile(0, cell("c1"), 3)) == "TIKAL-PLACE-1"


def test_uncover_2_at_ten() -> None:
    """TIKAL-UNCOVER-2 (engine: TIKAL-UNCOVER-1)."""
    s = temple(acting(pieces(game(), 0, w={"b1": 1}), 0), "b1", 10)
    assert clause_of(s, Uncover(0, cell("b1"))) == "TIKAL-UNCOVER-2"


def test_uncover_3_third_level() -> None:
    """TIKAL-UNCOVER-3 (engine: TIKAL-UNCOVER-1)."""
    s = acting(pieces(game(), 0, w={"a2": 1}), 0)
    s, _ = play(s, "uncover:a2", "uncover:a2")
    assert clause_of(s, Uncover(0, cell("a2"))) == "TIKAL-UNCOVER-3"


def test_uncover_4_sold_out() -> None:
    """TIKAL-UNCOVER-4 (engine: TIKAL-UNCOVER-1)."""
    s = levels(acting(pieces(game(), 0, w={"a2": 1}), 0), v2=0)
    assert clause_of(s, Uncover(0, cell("a2"))) == "TIKAL-UNCOVER-4"


def test_uncover_5_guarded() -> None:
    """TIKAL-UNCOVER-5 (engine: TIKAL-UNCOVER-1)."""
    s = guard(pieces(pieces(game(players=2), 0, w={"a2": 3}), 1, w={"a2": 1}), "a2", 1)
    assert clause_of(acting(s, 0), Uncover(0, cell("a2"))) == "TIKAL-UNCOVER-5"


def test_treasure_2_second_needs_second_piece() -> None:
    """TIKAL-TREASURE-2 (engine: TIKAL-TREASURE-1)."""
    s = acting(pieces(tiles(game(), c1=("A2", 0)), 0, w={"c1": 1}), 0)
    s, _ = play(s, "dig:c1", "find=A")
    assert clause_of(s, TakeTreasure(0, cell("c1"))) == "TIKAL-TREASURE-2"


def test_exchange_2_pairs() -> None:
    """TIKAL-EXCHANGE-2 (engine: TIKAL-EXCHANGE-1)."""
    s = acting(treasures(treasures(game(players=2), 0, "ABB"), 1, "CDD"), 0)
    assert clause_of(s, Exchange(0, 1, 1, 2)) == "TIKAL-EXCHANGE-2"
    assert clause_of(s, Exchange(0, 0, 1, 3)) == "TIKAL-EXCHANGE-2"


def test_camp_2_third_camp_and_taken_hex() -> None:
    """TIKAL-CAMP-2 (engine: TIKAL-CAMP-1)."""
    s = acting(camps(tiles(game(players=2), c3=("C2", 3), e5=("E3", 0)), 0, "c3", "e5"), 0)
    assert clause_of(s, BuildCamp(0, cell("b2"))) == "TIKAL-CAMP-2"
    s = acting(camps(game(players=2), 1, "b2"), 0)
    assert clause_of(s, BuildCamp(0, cell("b2"))) == "TIKAL-CAMP-2"


def test_guard_4_limits() -> None:
    """TIKAL-GUARD-4 for a third guard or an already guarded temple (engine: TIKAL-GUARD-1)."""
    s = tiles(game(players=2), c1=("B6", 1))
    s = guard(guard(pieces(s, 0, w={"c1": 1}), "a2", 0), "b1", 0)
    assert clause_of(acting(s, 0), Guard(0, cell("c1"), WORKER)) == "TIKAL-GUARD-4"
    s = guard(pieces(game(players=2), 0, leader="a2"), "a2", 1)
    assert clause_of(acting(s, 0), Guard(0, cell("a2"), LEADER)) == "TIKAL-GUARD-4"
