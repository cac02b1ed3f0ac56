"""Parsing JSON text within the input bounds (used by :mod:`tikalspeed.jsonio` and the
manifest loader): nesting deeper than ``bounds.MAX_DEPTH`` and integers of more than
``bounds.MAX_DIGITS`` digits are refused at their offset before Python's parser would
recurse or convert them (it raises ``RecursionError``, or a bare ``ValueError`` past
4300 digits).

>>> parse("[" * 100)
Traceback (most recent call last):
...
tikalspeed._jsontext.JSONTextError: nested deeper than 32 (at 32)
>>> parse('{"seed": ' + "9" * 50 + "}")
Traceback (most recent call last):
...
tikalspeed._jsontext.JSONTextError: a number of more than 39 digits (at 9)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from .bounds import MAX_DEPTH, MAX_DIGITS

__all__ = ["JSONTextError", "parse"]

_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[{]|[\]}]')
_LONG_INT = re.compile(rf'"(?:[^"\\]|\\.)*"|-?[0-9]{{{MAX_DIGITS + 1},}}')


class JSONTextError(Exception):
    """JSON text that cannot be read: ``message`` and the character ``offset`` (or
    ``None``)."""

    def __init__(self, message: str, offset: int | None) -> None:
        super().__init__(message if offset is None else f"{message} (at {offset})")
        self.message = message
        self.offset = offset


class _LongNumber(Exception):
    pass


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _LongNumber
    return int(digits)


def _too_deep(text: str) -> int | None:
    """The offset of the first bracket nested deeper than ``MAX_DEPTH``, if any."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    depth = 0
    for m in _BRACKETS.finditer(text):
        c = m.group()
        if c == "[" or c == "{":
            depth += 1
            if depth > MAX_DEPTH:
                return m.start()
        elif c == "]" or c == "}":
            depth -= 1
    return None


def _long_number_at(text: str) -> int | None:
    for m in _LONG_INT.finditer(text):
        if not m.group().startswith('"'):
            return m.start()
    return None


def parse(
    text: str | bytes | bytearray,
    object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
    parse_constant: Callable[[str], Any] | None = None,
) -> Any:
    """Parse JSON text (``bytes`` in any encoding ``json`` detects) within the bounds;
    raise :class:`JSONTextError` for text that is not JSON or is out of bounds. Other
    hooks of :func:`json.loads` (``object_pairs_hook``, ``parse_constant``) may be given;
    their own exceptions pass through."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
        except UnicodeDecodeError as e:
            raise JSONTextError(f"not JSON: {e.reason}", e.start) from None
    if not isinstance(text, str):
        raise JSONTextError(f"JSON text is a str or bytes, not {type(text).__name__}", None)
    at = _too_deep(text)
    if at is not None:
        raise JSONTextError(f"nested deeper than {MAX_DEPTH}", at)
    try:
        return json.loads(
            text,
            parse_int=_int,
            object_pairs_hook=object_pairs_hook,
            parse_constant=parse_constant,
        )
    except json.JSONDecodeError as e:
        raise JSONTextError(f"not JSON: {e.msg}", e.pos) from None
    except _LongNumber:
        raise JSONTextError(
            f"a number of more than {MAX_DIGITS} digits", _long_number_at(text)
        ) from None
    except RecursionError:  # not reached within MAX_DEPTH; kept as a last guard
        raise JSONTextError("nested too deeply", None) from None
