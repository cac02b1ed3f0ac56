"""The default manifest against the digests, and the rotation of tiles.

The tables below are copied from ``docs/sources/tikal-tiles.md`` §2.1 and §2.2, so that the data
file is checked against an independent transcription of its source.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tikalspeed.board import (
    Components,
    Manifest,
    hexgrid,
    load_manifest,
    manifest_from_json,
    manifest_to_json,
)
from tikalspeed.board.tiles import LETTERS, Kind, Stones, Tile, distinct_rotations, rotate

# tikal-tiles.md §2.2: id, type, value/masks, N, NE, SE, S, SW, NW, pattern
TABLE_2_2 = """
A1 | temple | 1 | 0 | 0 | 0 | 2 | 1 | 0 | 2 + 1 on the next edge clockwise
A2 | treasure | 4 | 0 | 0 | 0 | 2 | 0 | 1 | 2 + 1 two edges clockwise
A3 | jungle | – | 1 | 1 | 0 | 1 | 0 | 0 | 1+1+1 (two adjacent, one apart)
A4 | temple | 2 | 0 | 0 | 0 | 2 | 0 | 1 | 2 + 1 two edges clockwise
A5 | treasure | 4 | 0 | 1 | 0 | 2 | 0 | 0 | 2 + 1 two edges anticlockwise
A6 | temple | 2 | 1 | 0 | 0 | 2 | 0 | 0 | 2 + 1 on the opposite edge
B1 | volcano | – | 0 | 0 | 0 | 0 | 0 | 0 | no stones
B2 | temple | 2 | 0 | 1 | 0 | 2 | 0 | 0 | 2 + 1 two edges anticlockwise
B3 | jungle | – | 0 | 0 | 0 | 2 | 1 | 0 | 2 + 1 on the next edge clockwise
B4 | jungle | – | 0 | 0 | 0 | 2 | 0 | 1 | 2 + 1 two edges clockwise
B5 | treasure | 4 | 0 | 0 | 1 | 2 | 0 | 0 | 2 + 1 on the next edge anticlockwise
B6 | temple | 3 | 1 | 0 | 0 | 2 | 0 | 0 | 2 + 1 on the opposite edge
C1 | temple | 4 | 0 | 1 | 0 | 2 | 0 | 0 | 2 + 1 two edges anticlockwise
C2 | jungle | – | 0 | 0 | 0 | 3 | 0 | 0 | 3 on one edge
C3 | jungle | – | 1 | 1 | 0 | 1 | 0 | 0 | 1+1+1 (two adjacent, one apart)
C4 | treasure | 3 | 0 | 0 | 0 | 3 | 0 | 0 | 3 on one edge
C5 | temple | 3 | 0 | 0 | 0 | 3 | 0 | 0 | 3 on one edge
D1 | temple | 5 | 0 | 0 | 0 | 3 | 0 | 0 | 3 on one edge
D2 | treasure | 3 | 0 | 0 | 0 | 3 | 0 | 0 | 3 on one edge
D3 | volcano | – | 0 | 0 | 0 | 0 | 0 | 0 | no stones
D4 | jungle | – | 0 | 1 | 0 | 1 | 0 | 1 | 1+1+1 (every other edge)
D5 | temple | 5 | 1 | 0 | 0 | 2 | 0 | 0 | 2 + 1 on the opposite edge
E1 | temple | 6 | 0 | 0 | 0 | 3 | 0 | 0 | 3 on one edge
E2 | treasure | 2 | 0 | 0 | 1 | 2 | 0 | 0 | 2 + 1 on the next edge anticlockwise
E3 | jungle | – | 1 | 0 | 0 | 2 | 0 | 0 | 2 + 1 on the opposite edge
E4 | jungle | – | 1 | 0 | 0 | 2 | 0 | 0 | 2 + 1 on the opposite edge
E5 | temple | 5 | 0 | 0 | 0 | 3 | 0 | 0 | 3 on one edge
F1 | temple | 4 | 0 | 0 | 0 | 3 | 0 | 0 | 3 on one edge
F2 | volcano | – | 0 | 0 | 0 | 0 | 0 | 0 | no stones
F3 | jungle | – | 1 | 0 | 0 | 2 | 0 | 0 | 2 + 1 on the opposite edge
F4 | treasure | 2 | 1 | 0 | 0 | 2 | 0 | 0 | 2 + 1 on the opposite edge
F5 | temple | 4 | 0 | 0 | 0 | 2 | 1 | 0 | 2 + 1 on the next edge clockwise
G1 | temple | 3 | 0 | 0 | 1 | 2 | 0 | 0 | 2 + 1 on the next edge anticlockwise
G2 | jungle | – | 1 | 0 | 0 | 2 | 0 | 0 | 2 + 1 on the opposite edge
G3 | temple | 3 | 0 | 0 | 0 | 2 | 0 | 1 | 2 + 1 two edges clockwise
G4 | treasure | 2 | 0 | 0 | 0 | 3 | 0 | 0 | 3 on one edge
"""

ROWS_2_2 = [[cell.strip() for cell in line.split("|")] for line in TABLE_2_2.strip().splitlines()]

# tikal-tiles.md §2.1: letter -> (tiles, temple values, masks, jungle, volcano)
TABLE_2_1 = {
    "A": (6, [1, 2, 2], [4, 4], 1, 0),
    "B": (6, [2, 3], [4], 2, 1),
    "C": (5, [3, 4], [3], 2, 0),
    "D": (5, [5, 5], [3], 1, 1),
    "E": (5, [5, 6], [2], 2, 0),
    "F": (5, [4, 4], [2], 1, 1),
    "G": (4, [3, 3], [2], 1, 0),
}

MANIFEST = load_manifest()
NON_VOLCANOES = [t for t in MANIFEST.tiles if t.kind is not Kind.VOLCANO]


def pattern(stones: Stones) -> str:
    """Describe a stone layout in the words of §2.2's last column."""
    groups = sorted((s for s in stones if s), reverse=True)
    if not groups:
        return "no stones"
    if groups == [3]:
        return "3 on one edge"
    if groups == [1, 1, 1]:
        every_other = any(all(stones[(i + 2 * k) % 6] for k in range(3)) for i in range(6))
        return "1+1+1 (every other edge)" if every_other else "1+1+1 (two adjacent, one apart)"
    assert groups == [2, 1], stones
    steps = (stones.index(1) - stones.index(2)) % 6
    return {
        1: "2 + 1 on the next edge clockwise",
        2: "2 + 1 two edges clockwise",
        3: "2 + 1 on the opposite edge",
        4: "2 + 1 two edges anticlockwise",
        5: "2 + 1 on the next edge anticlockwise",
    }[steps]


# --------------------------------------------------------------------------- the data


def test_every_tile_matches_the_digest_table() -> None:
    """TIKAL-TILE-5, TIKAL-TILE-7: each of the 36 tiles is §2.2's row, id for id."""
    assert [t.id for t in MANIFEST.tiles] == [row[0] for row in ROWS_2_2]
    for tile, (tid, kind, number, *rest) in zip(MANIFEST.tiles, ROWS_2_2, strict=True):
        stones = tuple(int(s) for s in rest[:6])
        assert tile.letter == tid[0]
        assert tile.kind == kind
        assert tile.stones == stones, tid
        assert tile.value == (int(number) if kind == "temple" else 0)
        assert tile.masks == (int(number) if kind == "treasure" else 0)


def test_the_pattern_column_agrees_with_the_stones() -> None:
    """TIKAL-TILE-5, TIKAL-TILE-6: §2.2's pattern words fit its stone numbers, read clockwise
    N, NE, SE, S, SW, NW; and a pattern survives every turn of the tile."""
    for row in ROWS_2_2:
        stones = tuple(int(s) for s in row[3:9])
        assert pattern(stones) == row[9], row[0]
        for t in range(6):
            assert pattern(rotate(stones, t)) == row[9]


def test_kinds() -> None:
    """TIKAL-TILE-1: 15 temples, 8 treasure hexes, 10 jungle, 3 volcanoes: 36 tiles."""
    kinds = Counter(t.kind for t in MANIFEST.tiles)
    assert len(MANIFEST.tiles) == 36
    assert kinds == {Kind.TEMPLE: 15, Kind.TREASURE: 8, Kind.JUNGLE: 10, Kind.VOLCANO: 3}


@pytest.mark.parametrize("letter", LETTERS)
def test_each_letter_matches_table_2_1(letter: str) -> None:
    """TIKAL-TILE-2: tiles per letter and what each stack holds (§2.1); volcanoes in B, D, F."""
    count, values, masks, jungle, volcano = TABLE_2_1[letter]
    stack = MANIFEST.stack(letter)
    assert len(stack) == count
    assert sorted(t.value for t in stack if t.kind is Kind.TEMPLE) == values
    assert sorted((t.masks for t in stack if t.kind is Kind.TREASURE), reverse=True) == masks
    assert sum(t.kind is Kind.JUNGLE for t in stack) == jungle
    assert sum(t.kind is Kind.VOLCANO for t in stack) == volcano


def test_stacks_come_in_letter_order() -> None:
    """TIKAL-TILE-2: the manifest lists the stacks A to G, and the counts are A6 B6 C5 D5 E5
    F5 G4, with A's temples totalling 5 and 8 masks, B's 5 and 4 (SBW-F)."""
    assert "".join(t.letter for t in MANIFEST.tiles) == "".join(
        letter * n for letter, n in MANIFEST.components.tiles_per_letter
    )
    assert dict(MANIFEST.components.tiles_per_letter) == {
        "A": 6, "B": 6, "C": 5, "D": 5, "E": 5, "F": 5, "G": 4,
    }  # fmt: skip
    for letter, temples, masks in (("A", 5, 8), ("B", 5, 4)):
        stack = MANIFEST.stack(letter)
        assert sum(t.value for t in stack) == temples
        assert sum(t.masks for t in stack) == masks


def test_temple_values() -> None:
    """TIKAL-TILE-3: one 1, three 2s, four 3s, three 4s, three 5s, one 6 (sum 52)."""
    values = Counter(t.value for t in MANIFEST.tiles if t.kind is Kind.TEMPLE)
    assert values == {1: 1, 2: 3, 3: 4, 4: 3, 5: 3, 6: 1}
    assert sum(t.value for t in MANIFEST.tiles) == 52


def test_masks() -> None:
    """TIKAL-TILE-4: three hexes with 4 masks, two with 3, three with 2: 24, one per treasure."""
    masks = Counter(t.masks for t in MANIFEST.tiles if t.kind is Kind.TREASURE)
    assert masks == {4: 3, 3: 2, 2: 3}
    assert sum(t.masks for t in MANIFEST.tiles) == 24 == MANIFEST.components.treasures
    assert all(t.masks == 0 for t in MANIFEST.tiles if t.kind is not Kind.TREASURE)


def test_stone_patterns() -> None:
    """TIKAL-TILE-5: every non-volcano tile has exactly 3 stones, at most 3 on an edge:
    9 with 3 on one edge, 21 with 2 + 1 (8 on opposite edges), 3 with 1 + 1 + 1; volcanoes
    have none."""
    assert all(sum(t.stones) == 3 and max(t.stones) <= 3 for t in NON_VOLCANOES)
    assert all(t.stones == (0,) * 6 for t in MANIFEST.tiles if t.kind is Kind.VOLCANO)
    groups = Counter(tuple(sorted((s for s in t.stones if s), reverse=True)) for t in NON_VOLCANOES)
    assert groups == {(3,): 9, (2, 1): 21, (1, 1, 1): 3}
    opposite = [t.id for t in NON_VOLCANOES if pattern(t.stones).endswith("opposite edge")]
    assert len(opposite) == 8


def test_components() -> None:
    """TIKAL-COMP-1, TIKAL-COMP-2, TIKAL-COMP-3, TIKAL-COMP-4: the published counts."""
    c = MANIFEST.components
    assert c == Components()
    assert (c.colours, c.workers, c.leaders, c.leader_strength, c.camps) == (4, 18, 1, 3, 2)
    assert c.guards == 2
    assert dict(c.level_tiles) == {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}
    assert c.level_tile_total == 48
    assert c.level_count(1) == 0 and c.level_count(10) == 1
    assert (c.treasure_kinds, c.treasure_copies, c.treasures) == (8, 3, 24)


def test_printed_hexes_default() -> None:
    """TIKAL-BOARD-3, TIKAL-BOARD-4: base camp a1, temples of value 1 on a2 and b1, the
    clearing b2; the reconstructed stones, one on each side of each inner border."""
    board = MANIFEST.board
    got = {p.id: (hexgrid.cell_name(p.cell), p.kind, p.value, p.stones) for p in board.printed}
    assert got == {
        "base_camp": ("a1", Kind.BASE_CAMP, 0, (1, 1, 1, 0, 0, 0)),
        "temple_a2": ("a2", Kind.TEMPLE, 1, (0, 0, 1, 1, 0, 0)),
        "temple_b1": ("b1", Kind.TEMPLE, 1, (1, 0, 0, 0, 0, 1)),
        "clearing": ("b2", Kind.JUNGLE, 0, (0, 0, 0, 1, 1, 1)),
    }
    assert board.base_camp.cell == hexgrid.A1
    assert board.at[hexgrid.B2] is not None and board.at[hexgrid.C3] is None


def test_printed_stones_face_each_other() -> None:
    """TIKAL-BOARD-4, TIKAL-BOARD-6: every border between two printed hexes has one stone on
    each side, and no printed hex has a stone on any other edge."""
    at = MANIFEST.board.at
    inner = 0
    for p in MANIFEST.board.printed:
        for d in hexgrid.DIRECTIONS:
            n = hexgrid.neighbour(p.cell, d)
            other = at[n] if n is not None else None
            if other is None:
                assert p.stones[d] == 0
            else:
                assert p.stones[d] == other.stones[hexgrid.opposite(d)] == 1
                inner += 1
    assert inner == 2 * 5


def test_printed_board_mirror() -> None:
    """TIKAL-BOARD-4: the default treats the two temples alike (the mirror through a1 and b2
    swaps them): each has one stone towards the base camp, one towards the clearing."""
    at = MANIFEST.board.at
    for temple in (hexgrid.A2, hexgrid.B1):
        hex_ = at[temple]
        assert hex_ is not None
        for other in (hexgrid.A1, hexgrid.B2):
            assert hex_.stones[hexgrid.direction_between(temple, other)] == 1
        assert sum(hex_.stones) == 2


def test_open_cells() -> None:
    """TIKAL-BOARD-5: 36 open cells, one per terrain tile; the printed four are not open."""
    board = MANIFEST.board
    assert len(board.open_cells) == len(MANIFEST.tiles) == 36
    assert not {p.cell for p in board.printed} & set(board.open_cells)


# --------------------------------------------------------------------------- the manifest


def test_ids_are_unique_and_lookup_works() -> None:
    """TIKAL-TILE-7: ids are unique across tiles and printed hexes; ``tile`` finds them."""
    ids = [t.id for t in MANIFEST.tiles] + [p.id for p in MANIFEST.board.printed]
    assert len(set(ids)) == len(ids) == 40
    assert MANIFEST.tile("E1").value == 6
    with pytest.raises(KeyError):
        MANIFEST.tile("H1")


def test_load_from_path_text_and_dict(tmp_path: Path) -> None:
    """TIKAL-TILE-7: a manifest loads from a path (str or Path), from JSON text and from a
    dict; each gives a manifest equal to the default; ``None`` is the shared default."""
    data = manifest_to_json(MANIFEST)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_manifest(path) == MANIFEST
    assert load_manifest(str(path)) == MANIFEST
    assert load_manifest("  " + json.dumps(data)) == MANIFEST
    assert load_manifest(data) == MANIFEST
    assert load_manifest() is load_manifest(None) is MANIFEST
    assert hash(load_manifest(data)) == hash(MANIFEST)


def test_json_round_trip_and_packaged_file() -> None:
    """TIKAL-TILE-7: ``manifest_to_json`` is the packaged file's content, and reads back."""
    data = manifest_to_json(MANIFEST)
    assert manifest_from_json(data) == MANIFEST
    packaged = Path(__file__).parents[2] / "tikalspeed" / "data" / "manifest.json"
    assert json.loads(packaged.read_text(encoding="utf-8")) == data
    assert data["version"] == MANIFEST.version == 1


def test_a_corrected_manifest_loads() -> None:
    """TIKAL-TILE-7, TIKAL-BOARD-4: a user may change any [D] fact within the clauses: other
    stones on a tile or on the printed hexes, other values, a different mix per letter;
    the corrected manifest has a name of its own."""
    data = copy.deepcopy(manifest_to_json(MANIFEST))
    data["name"] = "corrected"
    tiles = {t["id"]: t for t in data["tiles"]}
    tiles["A3"]["stones"] = [3, 3, 3, 3, 3, 3]  # more than 3 in all: allowed (TILE-5 [X])
    tiles["A1"]["value"], tiles["A4"]["value"] = 6, 1
    tiles["A2"]["letter"], tiles["B2"]["letter"] = "B", "A"
    data["board"]["printed"][0]["stones"] = [2, 0, 0, 0, 0, 0]
    m = load_manifest(data)
    assert m.tile("A3").stones == (3,) * 6
    assert m.tile("A2").letter == "B" and m.board.base_camp.stones[hexgrid.N] == 2
    assert m != MANIFEST


def test_tile_accepts_names_and_lists() -> None:
    """TIKAL-TILE-1, TIKAL-TILE-5: a tile built in Python takes a kind's name and a list."""
    t = Tile("X1", "A", "jungle", stones=[0, 0, 0, 3, 0, 0])
    assert t.kind is Kind.JUNGLE and t.stones == (0, 0, 0, 3, 0, 0)
    assert t == Tile("X1", "A", Kind.JUNGLE, stones=(0, 0, 0, 3, 0, 0))
    assert attrs.evolve(t, stones=(0, 0, 0, 0, 0, 3)).rotations == (0, 1, 2, 3, 4, 5)


def test_manifest_is_immutable() -> None:
    """TIKAL-TILE-7: manifests and tiles are frozen values."""
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        MANIFEST.tiles[0].value = 3  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        MANIFEST.version = 2  # type: ignore[misc]
    assert isinstance(MANIFEST, Manifest)


# --------------------------------------------------------------------------- rotation

stones_lists = st.lists(st.integers(0, 3), min_size=6, max_size=6).map(tuple)
tiles = st.sampled_from(MANIFEST.tiles)
turns = st.integers(-12, 12)


@given(stones_lists, turns)
def test_rotation_is_a_clockwise_cyclic_shift(stones: Stones, t: int) -> None:
    """TIKAL-TILE-6: after ``t`` clockwise turns the stones of edge i are on edge i + t."""
    turned = rotate(stones, t)
    assert all(turned[(i + t) % 6] == stones[i] for i in range(6))
    assert sorted(turned) == sorted(stones)


@given(stones_lists, turns, turns)
def test_rotations_compose(stones: Stones, a: int, b: int) -> None:
    """TIKAL-TILE-6: turning by a then b is turning by a + b; six turns change nothing."""
    assert rotate(rotate(stones, a), b) == rotate(stones, a + b)
    assert rotate(stones, 6) == stones == rotate(stones, -6)


@given(tiles, turns)
def test_a_turned_tile_keeps_its_cyclic_pattern(tile: Tile, t: int) -> None:
    """TIKAL-TILE-6: ``oriented`` is ``rotate``; the pattern is the tile's, whatever the
    turn: the turned layout is one of the tile's distinct rotations."""
    layout = tile.oriented(t)
    assert layout == rotate(tile.stones, t) == tile.orientations[t % 6]
    assert pattern(layout) == pattern(tile.stones)
    assert layout in {tile.oriented(r) for r in tile.rotations}


@given(stones_lists)
def test_distinct_rotations(stones: Stones) -> None:
    """TIKAL-TILE-6: the distinct rotations give pairwise different layouts, cover every
    layout, and number 1, 2, 3 or 6 (the divisors of 6)."""
    rs = distinct_rotations(stones)
    layouts = [rotate(stones, r) for r in rs]
    assert len(set(layouts)) == len(rs) in (1, 2, 3, 6)
    assert {rotate(stones, t) for t in range(6)} == set(layouts)
    assert rs[0] == 0


def test_distinct_rotations_of_the_default_tiles() -> None:
    """TIKAL-TILE-6: volcanoes have one orientation, D4 (every other edge) two, the rest six."""
    counts = {t.id: len(t.rotations) for t in MANIFEST.tiles}
    assert {i for i, n in counts.items() if n == 1} == {"B1", "D3", "F2"}
    assert {i for i, n in counts.items() if n == 2} == {"D4"}
    assert sum(n == 6 for n in counts.values()) == 32
