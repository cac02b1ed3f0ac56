"""The fuzzer of Tikal's readers: its corpus, its readers and their checks (``tikalspeed fuzz``)."""

from __future__ import annotations

from .readers import *  # noqa: F403
from .readers import __all__ as __all__
