"""The layered retrograde table of a whole Tiki game (issue 11, docs/tiki-table/):
its C move and unmove generators against the verified compact code of the solver, and
a built layer against its own children.

The full build (68 layers, 3.7 billion positions, about 25 CPU-minutes and 7 GB) is
a measurement, not a test: its result is in docs/tiki-solve.md. Here the library is
compiled from ``retro.c`` for the test, and one layer, the first of the build (the
tie-break with no fruit left but the returned one, TIKI-END-3), is built and checked.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

TABLE = Path(__file__).resolve().parents[2] / "docs" / "tiki-table"


@pytest.fixture(scope="module")
def table_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of the table's scripts: the library compiled for the test,
    and an empty data directory."""
    where = tmp_path_factory.mktemp("table")
    gcc = shutil.which("gcc") or shutil.which("cc")
    assert gcc, "the table builder needs a C compiler (gcc), as the compiled build does"
    lib = where / "libretro.so"
    subprocess.run(
        [gcc, "-O2", "-Wall", "-shared", "-fPIC", "-o", str(lib), str(TABLE / "retro.c")],
        check=True,
    )
    return {**os.environ, "TIKI_TABLE_LIB": str(lib), "TIKI_TABLE_DATA": str(where / "data")}


def _run(env: dict[str, str], *argv: str) -> str:
    done = subprocess.run(
        [sys.executable, *argv], cwd=TABLE, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_tiki_turn_2_the_tables_moves_are_the_engines(table_env: dict[str, str]) -> None:
    """TIKI-TURN-2, TIKI-CREATE-1..3, TIKI-MOVE-1..5, TIKI-INFL-1..8, TIKI-END-1..5:
    on the positions of random engine games and on random boards of every tally, the
    C generator gives the solver's compact code's actions (itself proved against the
    engine), in its order, with the same successor or result, both orders of every
    order decision included; and every in-layer edge is found again backwards, as
    often, by the unmove generator the layers are built with."""
    out = _run(table_env, "check_gen.py", "10", "300")
    assert "random_positions': 900" in out
    out = _run(table_env, "check_unmoves.py", "1", "500")
    assert out.count("mismatches 0") == 68


def test_tiki_end_3_a_built_layer_agrees_with_its_children(table_env: dict[str, str]) -> None:
    """TIKI-END-3, TIKI-END-4, TIKI-END-6: the first layer built (the tie-break, one
    fruit in the reserve) values each sampled position as its children do: a win
    when a child is lost for the other (the shortest such), a loss when every child is
    won for him (the longest), else a draw."""
    out = _run(table_env, "build.py", "1", "1")
    assert '"layer": 0' in out and '"order_err": 0' in out
    out = _run(table_env, "verify.py", "1", "bellman", "2000")
    assert "layers 1 positions 2000" in out
    assert "mismatches 0 " in out
