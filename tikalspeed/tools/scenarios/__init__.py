"""Tikal scenarios: rule examples as data (``tikalspeed check``), and ``why`` an action is legal."""

from __future__ import annotations

from gamekit.scenarios.runner import Mismatch, Outcome, Report, Scenario

from .runner import check, load_scenario, run_scenario
from .why import Explanation, why

__all__ = [
    "Explanation",
    "Mismatch",
    "Outcome",
    "Report",
    "Scenario",
    "check",
    "load_scenario",
    "run_scenario",
    "why",
]
