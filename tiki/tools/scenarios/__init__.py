"""Tiki scenarios: rule examples as data (``tiki check``), and ``why`` an action is legal."""

from __future__ import annotations

from gamekit.scenarios.runner import WIDTH, Mismatch, Outcome, Report, Scenario

from .expect import Expectation
from .runner import TOP_KEYS, check, clause_lines, load_scenario, run_scenario, scenario_files
from .why import Explanation, why

__all__ = [
    "TOP_KEYS",
    "WIDTH",
    "Expectation",
    "Explanation",
    "Mismatch",
    "Outcome",
    "Report",
    "Scenario",
    "check",
    "clause_lines",
    "load_scenario",
    "run_scenario",
    "scenario_files",
    "why",
]
