"""The fuzzer of Tiki's readers: its corpus, its readers and their checks (``tiki fuzz``)."""

from __future__ import annotations

from .readers import (
    READERS,
    RULESETS,
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
