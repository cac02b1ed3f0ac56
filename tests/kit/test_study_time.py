"""Issue 32, "the answer as a function of the unknown": the minutes of
``docs/study.md`` as a function of the seconds an action point takes against a
decision's (``docs/study_time.py``), from study rows as the study writes them.

From the issue: "The minutes hinge on one unmeasured number ... The break-even is near
0.9 s of a point per second of a decision with 4 players, about 2.2 with 2."
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs"))

import study_time


def test_the_break_even_of_synthetic_rows() -> None:
    """Issue 32: the page's break-even, from study rows as the study writes them (the
    table and idle minutes in the default model, 10 s a decision and 3 s a point):
    the points come back exactly, and Speed (100 moments more, 120 points fewer with
    3 players) breaks even with the base game at a point of 100 / 120 of a decision,
    its idle time at (60 - 40) / (120 × 2 / 3). Rows played under another model are
    refused."""
    rng = random.Random(32)
    rows = []
    for seed in range(40):
        shift = rng.randint(-20, 20)
        for mode, moments, points, idle in (("classic", 200, 500, 140), ("speed", 300, 380, 200)):
            moments, points, idle = moments + shift, points + 2 * shift, idle + shift
            rows.append({
                "ruleset": f"mode={mode};players=3", "seed": seed, "players": 3,
                "moments": moments, "idle_mean": idle,
                "table_minutes": (10 * moments + 3 * points) / 60,
                "idle_minutes": (10 * idle + 3 * points * 2 / 3) / 60,
            })  # fmt: skip
    study_time.with_points(rows)
    first = rows[0]["moments"] - 200  # the first seed's shift
    assert [r["points"] for r in rows[:2]] == pytest.approx([500 + 2 * first, 380 + 2 * first])
    speed, classic = "mode=speed;players=3", "mode=classic;players=3"
    even = study_time.crossing(rows, speed, classic, study_time.TABLE)
    assert even.mean == pytest.approx(100 / 120) and even.low == pytest.approx(even.high)
    idle = study_time.crossing(rows, speed, classic, study_time.IDLE)
    assert idle.mean == pytest.approx(60 / 80)
    at = study_time.change_at(rows, speed, classic, study_time.TABLE, 100 / 120)
    assert at.mean == pytest.approx(0.0, abs=1e-9)
    word, _ = study_time.verdict(rows, speed, classic, study_time.TABLE)
    assert word == "more-less"  # 0.83: longer at 0.1, shorter at 1
    rows[0]["idle_minutes"] += 1.0
    with pytest.raises(ValueError, match="not played under"):
        study_time.with_points(rows)
