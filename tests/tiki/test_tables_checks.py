"""The retrograde table's C generators against the solver's compact code (issue 22; the
checks of issue 11's ``docs/tiki-table/``, now in-process): no layer is built here.

The compact code (``tiki.tools.solve.code``) is itself proved against the engine in
``test_solve.py``; the table's C side must give the same actions, in the same order,
with the same successors or results, and find every in-layer edge again backwards.
"""

from __future__ import annotations

import random

import pytest

import tiki
from tiki.tools.tables import TableError, native, tally_layers
from tiki.tools.tables.checks import check_generator, check_unmoves
from tiki.tools.tables.native import Builder
from tiki.tools.tables.store import NVALID, rank
from tiki.tools.tables.tallies import OVER, mirror_tally, swap_board

SEED1 = (0, 1, -1, 1, 2, 1, 1, 0, 1)
"""The layout of ``new_game(seed=1)``, built whole in docs/tiki-solve.md."""


@pytest.fixture(scope="module")
def builder() -> Builder:
    """The compiled builder with seed 1's layout (as setup.py builds it)."""
    return Builder(SEED1)


def test_tiki_end_1_to_4_the_layers_follow_the_fruit_tallies() -> None:
    """TIKI-INFL-4..8, TIKI-END-1..4: the 68 tallies a game of seed 1's layout can reach,
    ordered so that every change of tally goes to a layer built before it (the
    tie-break layers first, the new game's tally last)."""
    t = tally_layers(SEED1)
    assert len(t.order) == 68
    assert t.describe(0) == "f=0,0 r=1 s=6 tb=1"
    assert t.order[-1] == t.start
    assert all(all(k < i for k in kids) for i, kids in enumerate(t.kids))
    assert t.kids[0] == () and len(t.kids[-1]) > 0


def test_the_rank_of_a_board_is_the_builders(builder: Builder) -> None:
    """issue 22: probing ranks boards in Python as the C builder stores them (boards
    with at most 8 tikis of each player, TIKI-SETUP-3, in increasing order)."""
    assert builder.nvalid == NVALID == 27_325_801
    rng = random.Random(0)
    for _ in range(3000):
        r = rng.randrange(NVALID)
        assert rank(builder.unrank(r)) == r
        board = rng.randrange(7**9)
        c = builder.rank(board)
        assert rank(board) == (-1 if c == 2**32 - 1 else c)


def test_tiki_turn_2_the_tables_moves_are_the_engines(builder: Builder) -> None:
    """TIKI-TURN-2, TIKI-CREATE-1..3, TIKI-MOVE-1..5, TIKI-INFL-1..8, TIKI-END-1..5: on
    the positions of random engine games and on random boards of every tally, the C
    generator gives the compact code's actions in its order, with the same successor or
    result, both orders of every order decision included."""
    rng = random.Random(1)
    t = builder.tallies
    positions = []
    for g in range(6):
        s = tiki.new_game(layout=SEED1, first=g % 2)
        while s.result is None:
            if s.phase.value == "turn":
                key = t.code.encode(s)
                board = sum(((key >> (4 * v)) & 15) * 7**v for v in range(9))
                positions.append((t.index[(key >> 36) & 0x1FFF], board, s.active))
            s = tiki.apply(s, rng.choice(tiki.legal_actions(s)))
    positions += [
        (rng.randrange(len(t.order)), builder.unrank(rng.randrange(NVALID)), rng.randrange(2))
        for _ in range(1500)
    ]
    report = check_generator(builder, positions)
    assert report.mismatches == ()
    assert report.detail["orders"] > 100 and report.detail["actions"] > 20_000


def test_tiki_infl_3_every_edge_is_found_again_backwards(builder: Builder) -> None:
    """TIKI-INFL-3, TIKI-END-5: in every layer, every in-layer edge (a move, a create, a
    forced pass; two plies through an order decision) appears among its child's unmoves
    as often, and every unmove is an edge of its parent."""
    for layer in range(len(builder.tallies.order)):
        report = check_unmoves(builder, layer, 150, seed=layer)
        assert report.mismatches == (), layer
        assert report.checked > 0


def test_tiki_setup_5_the_rules_have_no_colour(builder: Builder) -> None:
    """TIKI-SETUP-5, TIKI-INFL-4, TIKI-END-1..4 (issue 22): swapping every tiki's colour,
    the fruits and the player on turn maps each layer's moves onto its mirror's, action
    by action in the same order, each successor swapped and each result the mirror
    layer or the other winner; so a layer's mirror is read through the swap."""
    t = builder.tallies
    rng = random.Random(2)
    assert sum(t.mirror_of(layer)[1] for layer in range(68)) == 24
    assert sum(t.is_own_mirror(layer) for layer in range(68)) == 20
    for layer in range(len(t.order)):
        mirror = t.index[mirror_tally(t.order[layer])]
        assert t.mirror_of(layer) == (min(layer, mirror), mirror < layer)

        def swapped(r: int) -> int:
            if r < OVER:
                return t.index[mirror_tally(t.order[r])]
            return r if r == OVER + 2 else OVER + 1 - (r - OVER)  # the other winner

        for _ in range(60):
            board, player = builder.unrank(rng.randrange(NVALID)), rng.randrange(2)
            mine = builder.gen(layer, board, player)
            theirs = builder.gen(mirror, swap_board(board), 1 - player)
            assert builder.swap(board) == swap_board(board)
            assert mine == [
                (kind, swap_board(child), swapped(r1),
                 swapped(r2), v1, v2)
                for kind, child, r1, r2, v1, v2 in theirs
            ], (layer, board, player)  # fmt: skip


def test_without_the_compiled_builder_a_table_error_says_how(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """issue 22: where no compiler built ``_retro``, building says so in one error of
    the ValueError family, with the way to get it."""
    monkeypatch.setattr(native.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(TableError, match=r"was not compiled.*build_ext --inplace"):
        native.library.__wrapped__()
    assert issubclass(TableError, ValueError)
