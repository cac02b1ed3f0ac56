"""The header block of a record: writing checks, reading, and the setup it gives
(re-exported by :mod:`tikalspeed.text.record`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..bounds import MAX_DIGITS, MAX_SEED, shown
from ..engine import new_game
from ..errors import NotationError
from ..model.rules import Rules
from ..model.state import State
from .notation import from_text, to_text
from .rulestext import rules_from_text

__all__ = ["FORMAT", "RESULTS", "check_headers", "inner", "read_headers", "setup"]

FORMAT = "1"
"""The record format version written in the ``Format`` header."""

RESULTS = ("P1", "P2", "P3", "P4", "shared", "*")
"""The result tokens: the winner, a shared win, or unfinished."""

_RESERVED = ("Game", "Format", "Rules", "Seed", "Position", "Result")
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_HEADER = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]')
_SEED = re.compile(r"-?[0-9]+")
_DEFAULT_RULES = Rules()


def check_headers(value: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """Return the extra headers as a tuple of pairs; raise ``ValueError`` for a bad key
    (a reserved one, a repeated one, not a word) or a value that is not one line."""
    try:
        pairs = tuple((k, v) for k, v in value)
    except (TypeError, ValueError):
        raise ValueError(f"headers are (key, value) pairs, not {shown(value)}") from None
    seen: set[str] = set()
    for key, text in pairs:
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            raise ValueError(f"a header key is a letter then letters, digits or _: {shown(key)}")
        if key in _RESERVED:
            raise ValueError(f"header {key!r} is written from the record's own fields")
        if key in seen:
            raise ValueError(f"header {key!r} is given twice")
        if (
            not isinstance(text, str)
            or any(ord(c) < 32 or ord(c) == 127 for c in text)
            or len(f"[{text}]".splitlines()) != 1  # also NEL, U+2028, U+2029
        ):
            raise ValueError(f"header {key!r} needs a one-line str value")
        if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
            raise ValueError(f"header {key!r}: a lone surrogate cannot be written as UTF-8")
        seen.add(key)
    return pairs


def read_headers(
    lines: list[str],
) -> tuple[dict[str, tuple[str, int]], list[tuple[str, str]], int]:
    """Read the header lines at the top of ``lines``: the reserved headers with their
    line numbers, the extra headers in order, and how many lines the block takes."""
    n = 0
    found: dict[str, tuple[str, int]] = {}
    extra: list[tuple[str, str]] = []
    while n < len(lines) and (not lines[n].strip() or lines[n].strip().startswith("[")):
        line = lines[n].strip()
        n += 1
        if not line:
            continue
        m = _HEADER.fullmatch(line)
        if m is None:
            raise NotationError(f'line {n}: a header is [Key "value"]: {line!r}', n)
        key, value = m.group(1), re.sub(r"\\(.)", r"\1", m.group(2))
        if key in found or key in (k for k, _ in extra):
            raise NotationError(f"line {n}: header {key!r} is given twice", n)
        if key in _RESERVED:
            found[key] = (value, n)
        else:
            try:
                check_headers(((key, value),))
            except ValueError as e:
                raise NotationError(f"line {n}: {e}", n) from None
            extra.append((key, value))
    return found, extra, n


def inner(e: NotationError) -> str:
    """The message of a nested error, its position given as an offset in the value."""
    text = str(e)
    suffix = f" (at {e.position})"
    if e.position is not None and text.endswith(suffix):
        text = f"{text[: -len(suffix)]} (offset {e.position})"
    return text


def setup(
    found: dict[str, tuple[str, int]], given: Rules | None
) -> tuple[Rules, State, int | None, str | None]:
    """Check the reserved headers (``given``: the rules the caller passed); return the
    rules, the initial state, the seed and the start position."""
    if "Game" not in found:
        raise NotationError('line 1: a record begins with [Game "Tikal"]', 1)
    for key, expected in (("Game", "Tikal"), ("Format", FORMAT)):
        if key in found and found[key][0] != expected:
            value, n = found[key]
            raise NotationError(f'line {n}: expected [{key} "{expected}"], not {value!r}', n)
    rules = None
    if "Rules" in found:
        value, n = found["Rules"]
        try:
            rules = rules_from_text(value, manifest=None if given is None else given.manifest)
        except NotationError as e:
            raise NotationError(f"line {n}: Rules header: {inner(e)}", n) from e
        if given is not None and rules != given:
            raise NotationError(f"line {n}: the Rules header differs from the rules given", n)
    if "Result" in found and found["Result"][0] not in RESULTS:
        value, n = found["Result"]
        raise NotationError(f"line {n}: unknown result {value!r}", n)
    if "Seed" in found and "Position" in found:
        n = max(found["Seed"][1], found["Position"][1])
        raise NotationError(f"line {n}: a record has a Seed or a Position, not both", n)
    if "Position" in found:
        value, n = found["Position"]
        try:
            state = from_text(value, rules=rules or given)
        except NotationError as e:
            raise NotationError(f"line {n}: Position header: {inner(e)}", n) from e
        return state.rules, state, None, to_text(state)
    rules = rules or _DEFAULT_RULES
    if given is not None and rules != given:
        n = found["Game"][1]
        raise NotationError(f"line {n}: the record has no Rules header for the rules given", n)
    if "Seed" in found:
        value, n = found["Seed"]
        if not _SEED.fullmatch(value):
            raise NotationError(f"line {n}: the seed is a whole number, not {shown(value)}", n)
        seed = int(value) if len(value.lstrip("-")) <= MAX_DIGITS else None
        if seed is None or abs(seed) > MAX_SEED:
            raise NotationError(
                f"line {n}: the seed is at most 128 bits (bounds.MAX_SEED), not {shown(value)}", n
            )
        return rules, new_game(rules, seed=seed), seed, None
    return rules, new_game(rules), None, None
