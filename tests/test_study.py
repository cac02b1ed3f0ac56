"""The study tools both games share (``tools/_study.py``, ``tools/_studyout.py``): rows
to CSV and Parquet, plots as PNG and SVG, and the Ray backend giving the rows of a
local run. Driven through tiki, whose games are quick."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq

import tiki
from gamekit.studies import output as _studyout
from gamekit.studies import runner as _study
from tiki.tools import studies as simulate


def _rows() -> list[dict[str, object]]:
    return simulate.simulate([tiki.Rules(), tiki.Rules(shaman=True)], 6, seed=3, bots=["random"])


def test_rows_to_parquet_keep_their_lists(tmp_path: Path) -> None:
    """One Parquet row per game, list columns kept as lists (the scores of x and o)."""
    rows = _rows()
    _studyout.write_parquet(rows, tmp_path / "rows.parquet")
    table = pq.read_table(tmp_path / "rows.parquet").to_pylist()
    assert table == rows


def test_plots_are_written_as_png_and_svg(tmp_path: Path) -> None:
    """A plot per measure and one of the seat win rates, each as PNG and SVG."""
    table = _study.summary(_rows(), simulate.MEASURES)
    written = _studyout.plot(table, ["plies", "first_won"], tmp_path)
    names = sorted(p.name for p in written)
    assert names == sorted(
        f"{m}.{e}" for m in ("plies", "first_won", "seats") for e in ("png", "svg")
    )
    assert (tmp_path / "seats.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "plies.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_ray_gives_the_rows_of_a_local_run() -> None:
    """``backend='ray'`` on a local Ray instance: the same rows, in the same order, as
    the local run (workers get rulesets and seeds, never states)."""
    import ray

    rules = [tiki.Rules(), tiki.Rules(shaman=True)]
    local = simulate.simulate(rules, 5, seed=1, bots=["greedy", "random"])
    try:
        ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
        remote = simulate.simulate(
            rules, 5, seed=1, bots=["greedy", "random"], backend="ray", jobs=1
        )
    finally:
        ray.shutdown()
    assert remote == local
