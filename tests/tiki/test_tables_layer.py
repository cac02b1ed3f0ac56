"""A built layer of the retrograde table (issue 22): built by ``tiki tables build``,
checked against its own children and the search solver, probed by ``tiki.solve(state,
tables=DIR)``, ``tiki solve --tables`` and the perfect bot.

The whole table of a layout (68 layers, 3.7 billion positions, about 12 CPU-minutes and
4.5 GB: 44 layers built, 24 read as mirrors) is a measurement, not a test: its result is
in docs/tiki-solve.md. Here one layer, the first built (the tie-break with one fruit in
the reserve, TIKI-END-3, its own mirror, built folded in two: about 9 CPU-seconds and
109 MB), is built once for the module and checked.
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import attrs
import pytest

import tiki
from tiki.tools.bots.perfect import PerfectBot
from tiki.tools.cli import main
from tiki.tools.studies import make_bot
from tiki.tools.tables import Table, TableError, estimate, line, returns, table
from tiki.tools.tables.checks import check_bellman, check_solver, key
from tiki.tools.tables.store import NVALID, LayoutDir

SEED1 = (0, 1, -1, 1, 2, 1, 1, 0, 1)
"""The layout of ``new_game(seed=1)``."""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Layer 0 of seed 1's layout built by the command line; its directory and output."""
    top = tmp_path_factory.mktemp("tables")
    out = top / "out.txt"
    with open(out, "w") as f, contextlib.redirect_stdout(f):
        assert main(["tables", "build", "--seed", "1", "--dir", str(top), "--layers", "1"]) == 0
    return top, out.read_text()


@pytest.fixture(scope="module")
def layer0(built: tuple[Path, str]) -> Table:
    """The table of seed 1's layout, layer 0 built."""
    return table(str(built[0].resolve()), SEED1)


def _sample(n: int, seed: int) -> list[tuple[int, int, int]]:
    """``n`` random positions (layer 0, dense board, player) of layer 0."""
    from tiki.tools.tables.native import Builder

    b = Builder(SEED1)
    rng = random.Random(seed)
    return [(0, b.unrank(rng.randrange(NVALID)), rng.randrange(2)) for _ in range(n)]


def test_tiki_end_3_the_build_says_its_cost_and_keeps_its_layers(built: tuple[Path, str]) -> None:
    """issue 22: ``tiki tables build`` prints its estimate first, builds the layer
    (every position of the 0-0 tie-break decided: a draw is impossible there,
    TIKI-END-3), logs it, and a second run keeps it (restartable)."""
    top, out = built
    assert out.startswith("layout 0,1,-1,1,2,1,1,0,1 in ")
    assert "building 1 of 68 layers (0 built): about" in out and "GB on disk" in out
    where = LayoutDir(top, SEED1)
    assert where.built(68) == [0]
    (record,) = where.records()
    assert (record["wins"], record["losses"], record["draws"]) == (52_836_992, 1_814_610, 0)
    assert record["max_dist"] == 42 and record["order_err"] == 0
    assert estimate(SEED1, top, 1).built == 1
    rest = estimate(SEED1, top, None)  # the 24 mirror layers are read, not built
    assert (rest.todo, rest.mirrors) == (43, 24) and "24 more read as mirrors" in rest.text()


def test_tiki_setup_5_a_layer_read_through_the_colour_swap_is_the_built_one(
    built: tuple[Path, str],
) -> None:
    """TIKI-SETUP-5, TIKI-END-3 (issue 22): layer 0 (0-0 in the tie-break) is its own
    mirror, built folded in two (x on turn only); read through the colour swap (every
    tiki's colour and the player on turn exchanged) it is, entry by entry, the layer
    as built, so each half of it is the other's."""
    import ctypes

    from tiki.tools.tables.native import Builder

    data = bytearray(LayoutDir(built[0], SEED1).layer_path(0).read_bytes())
    seen = bytearray(len(data))
    b = Builder(SEED1)
    source = (ctypes.c_char * len(data)).from_buffer(data)
    target = (ctypes.c_char * len(seen)).from_buffer(seen)
    b.mirror(ctypes.addressof(source), ctypes.addressof(target))
    del source, target
    assert seen == data
    assert b.tallies.is_own_mirror(0) and data[:64] != bytes(64)


def test_tiki_end_4_a_built_layer_agrees_with_its_children(layer0: Table) -> None:
    """TIKI-END-3, TIKI-END-4, TIKI-END-6: each sampled position of the layer is valued
    as its children (from the compact code) are: a win when a child is lost for the
    other (the shortest such), a loss when every child is won for him (the longest)."""
    report = check_bellman(layer0, _sample(1500, 1))
    assert report.mismatches == ()
    assert report.detail["win"] > 1000 and report.detail["loss"] > 20


def test_tiki_end_1_the_table_agrees_with_the_search_solver(layer0: Table) -> None:
    """TIKI-END-1..4: where the search solver proves a position of the layer (near the
    end), it finds the table's value and distance; the losses, longer, are kept in."""
    positions = _sample(400, 2)
    losses = [p for p in positions if layer0.key_value(key(layer0, *p))[0] == "loss"]
    report = check_solver(layer0, positions[:30] + losses[:10], 100_000)
    assert report.mismatches == ()
    assert report.detail["agree"] >= 30


def test_tiki_solve_with_tables_answers_as_the_search(
    layer0: Table, built: tuple[Path, str]
) -> None:
    """issue 22: ``tiki.solve(state, tables=DIR)`` gives the search's value and plies, and
    a best move that keeps the value: after it, the other is lost one ply sooner."""
    top = built[0]
    seen = set()
    for p in _sample(60, 3):
        state = layer0.position(*p)
        mine = tiki.solve(state, tables=top)
        assert mine.how == "table" and mine.player == state.actor
        search = tiki.solve(state, limit=100_000)
        if search.exact:
            assert (mine.value, mine.plies) == (search.value, search.plies)
        after = tiki.apply(state, mine.best)
        if after.result is None:
            then = tiki.solve(after, tables=top)
            flip = {"win": "loss", "loss": "win", "draw": "draw"}[mine.value]
            same = then.player == state.actor
            assert (then.value, then.plies) == (mine.value if same else flip, mine.plies - 1)
        seen.add(mine.value)
    assert seen == {"win", "loss"}


def test_tiki_infl_3_an_order_decision_is_probed(layer0: Table, built: tuple[Path, str]) -> None:
    """TIKI-INFL-3: after a move that brings two villages to 3 tikis, the other player's
    order decision is valued from its two orders, one ply more than the better."""
    for p in _sample(400, 4):
        state = layer0.position(*p)
        for action in tiki.legal_actions(state):
            after = tiki.apply(state, action)
            if after.phase.value == "order":
                found = tiki.solve(after, tables=built[0])
                assert found.best in tiki.legal_actions(after)
                search = tiki.solve(after, limit=100_000)
                if search.exact:
                    assert (found.value, found.plies) == (search.value, search.plies)
                return
    pytest.fail("no order decision met")


def test_the_perfect_bot_plays_the_tables_move(layer0: Table, built: tuple[Path, str]) -> None:
    """issue 22: the perfect bot, seated as ``perfect:DIR``, plays the table's best move;
    without a table directory it is refused (and the server, which seats bots by name
    alone, does not offer it)."""
    top = built[0]
    state = layer0.position(*_sample(1, 5)[0])
    bot = make_bot(f"perfect:{top}", 1)
    assert isinstance(bot, PerfectBot)
    assert bot.choose(state) == tiki.solve(state, tables=top).best
    assert "perfect" not in tiki.GAME.bots and "perfect" in tiki.GAME.argued_bots
    with pytest.raises(ValueError, match="perfect:ARG"):
        make_bot("perfect", 1)
    with pytest.raises(TableError, match="perfect:DIR"):
        make_bot("perfect:/nonexistent", 1)


def test_tiki_end_1_the_principal_variation_replays_to_the_tables_end(
    layer0: Table, built: tuple[Path, str]
) -> None:
    """TIKI-END-1..4: the line read from the table (each decider's best action in turn)
    replays through the engine to the table's winner in the table's number of plies."""
    top = built[0]
    longest = 0
    for p in _sample(30, 8):
        state = layer0.position(*p)
        found = tiki.solve(state, tables=top)
        actions = line(state, top)
        assert len(actions) == found.plies
        end = state
        for action in actions:
            end = tiki.apply(end, action)
        assert end.result is not None and end.result.winner == found.winner
        longest = max(longest, len(actions))
    assert longest > 1


def test_the_oracle_gives_the_tables_returns(layer0: Table, built: tuple[Path, str]) -> None:
    """issue 22: the oracle's returns (OpenSpiel's ``table_oracle``) are +1 for the
    table's winner and −1 for the loser, a turn cap set aside (the table's game has
    none, TIKI-END-6); a finished game gives its result."""
    top = built[0]
    for p in _sample(20, 7):
        state = layer0.position(*p)
        winner = tiki.solve(state, tables=top).winner
        capped = attrs.evolve(state, rules=tiki.Rules(max_turns=1000))
        assert returns(capped, top) == ((1.0, -1.0) if winner == tiki.X else (-1.0, 1.0))
        over = tiki.apply(state, tiki.solve(state, tables=top).best)
        if over.result is not None:
            assert returns(over, top) == returns(state, top)


def test_cli_solve_with_tables(
    layer0: Table, built: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 22: ``tiki solve --tables DIR POSITION`` prints the table's value, best move
    and work; a layer not built or a layout not built is one line on stderr, status 2."""
    top = built[0]
    state = layer0.position(*_sample(1, 6)[0])
    assert main(["solve", "--tables", str(top), tiki.to_text(state)]) == 0
    lines = capsys.readouterr().out.splitlines()
    found = tiki.solve(state, tables=top)
    assert lines[0] == f"value:  {found.text()}"
    assert lines[1] == f"best:   {found.best}" and "by table" in lines[2]
    opening = tiki.new_game(seed=1)  # layer 67, not built
    assert main(["solve", "--tables", str(top), tiki.to_text(opening)]) == 2
    assert "layer 67 (f=0,0 r=7 s=0 tb=0) of layout 0,1,-1,1,2,1,1,0,1 is not built" in (
        capsys.readouterr().err
    )
    other = tiki.new_game(seed=2)
    assert main(["solve", "--tables", str(top), tiki.to_text(other)]) == 2
    assert "is not built in" in capsys.readouterr().err
    assert main(["tables", "info", str(top)]) == 0
    assert capsys.readouterr().out.startswith("0,1,-1,1,2,1,1,0,1: 1 of 68 layers (layers 0 built)")


def test_tables_refuse_what_they_do_not_hold(built: tuple[Path, str], tmp_path: Path) -> None:
    """issue 22: other rules, a file for a directory, and bad layouts are refused with
    errors of the ValueError family, never a wrong value."""
    top = built[0]
    capped = tiki.new_game(tiki.Rules(max_turns=40), layout=SEED1, first=tiki.X)
    with pytest.raises(TableError, match="default rules"):
        tiki.solve(capped, tables=top)
    with pytest.raises(TableError, match="not a directory"):
        tiki.solve(tiki.new_game(seed=1), tables=tmp_path / "nothing")
    with pytest.raises(ValueError, match="chance node"):
        tiki.solve(tiki.new_game(), tables=top)
    assert main(["tables", "build", "--layout", "2,2,1,1,1,1,0,0,-1", "--dir", str(top)]) == 2
    assert main(["tables", "info", str(tmp_path / "nothing")]) == 2
    (tmp_path / "a-file").write_text("")
    assert main(["tables", "build", "--seed", "1", "--dir", str(tmp_path / "a-file")]) == 2


def test_a_compact_layer_is_probed_as_its_u16_file(
    layer0: Table, built: tuple[Path, str], tmp_path: Path
) -> None:
    """issue 22: a layout kept only in the compact format (``layer_NN.tkc``, the
    ``.u16`` files gone) answers every probe as the ``.u16`` file did: the stored
    values, and ``tiki.solve(state, tables=DIR)``'s value, plies and best move."""
    import shutil

    from tiki.tools.tables.compact import CompactLayer, write_layer
    from tiki.tools.tables.store import rank

    source = LayoutDir(built[0], SEED1)
    kept = LayoutDir(tmp_path, SEED1)
    kept.path.mkdir()
    shutil.copy(source.path / "meta.json", kept.path / "meta.json")
    write_layer(source.layer_path(0), kept.compact_path(0))
    assert not kept.has_file(0) and kept.is_readable(0)
    assert isinstance(kept.open_layer(0), CompactLayer)
    small = table(str(tmp_path.resolve()), SEED1)
    for layer, board, player in _sample(400, 5):
        r = rank(board)
        assert small.layer(layer).stored(r, player) == layer0.layer(layer).stored(r, player)
    for p in _sample(20, 6):
        state = layer0.position(*p)
        a, b = tiki.solve(state, tables=built[0]), tiki.solve(state, tables=tmp_path)
        assert (a.value, a.plies, a.best) == (b.value, b.plies, b.best)


def test_tables_compact_keeps_a_complete_layout_in_the_compact_format(
    layer0: Table, built: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """issue 22: ``tiki tables compact DIR --remove`` writes a complete layout's layers
    compact and removes the ``.u16`` files; the layout then answers every probe as
    before. A layout not complete is left alone. (The other 67 layers stand here as
    layers kept in no file, as mirror layers are.)"""
    import os
    import shutil

    source = LayoutDir(built[0], SEED1)
    kept = LayoutDir(tmp_path, SEED1)
    kept.path.mkdir()
    shutil.copy(source.path / "meta.json", kept.path / "meta.json")
    os.link(source.layer_path(0), kept.layer_path(0))
    kept.mark_built(0)
    assert main(["tables", "compact", str(tmp_path)]) == 1
    assert "not complete (1 of 68 layers); build it first" in capsys.readouterr().out
    for k in range(1, 68):
        kept.mark_built(k)
    assert main(["tables", "compact", str(tmp_path), "--remove"]) == 0
    out = capsys.readouterr().out
    assert "1 layers written" in out and "the .u16 files removed" in out
    assert not kept.layer_path(0).exists() and kept.is_readable(0)
    assert source.has_file(0)  # the source's file is untouched
    for p in _sample(10, 8):
        state = layer0.position(*p)
        a, b = tiki.solve(state, tables=built[0]), tiki.solve(state, tables=tmp_path)
        assert (a.value, a.plies, a.best) == (b.value, b.plies, b.best)
