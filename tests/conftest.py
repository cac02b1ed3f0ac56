"""Shared test configuration: Hypothesis profiles.

CI (and the default run) uses the seeded, bounded ``ci`` profile so that runs are
reproducible and never flaky; ``HYPOTHESIS_PROFILE=dev`` explores more.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
