"""The fuzzer of Tikal's readers: its corpus, its readers and their checks (``tikalspeed fuzz``)."""

from __future__ import annotations

from .readers import (
    READERS,
    RULESETS,
    VARIANT,
    Corpus,
    Finding,
    Reader,
    ReaderCounts,
    Report,
    build_corpus,
    judge,
    make_input,
    mutate_json,
    mutate_state,
    mutate_text,
    run,
)

__all__ = [
    "READERS",
    "RULESETS",
    "VARIANT",
    "Corpus",
    "Finding",
    "Reader",
    "ReaderCounts",
    "Report",
    "build_corpus",
    "judge",
    "make_input",
    "mutate_json",
    "mutate_state",
    "mutate_text",
    "run",
]
