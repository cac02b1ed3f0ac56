"""The ``key=value;...`` text of a ruleset, shared by position strings and records.

Re-exported as :func:`tiki.rules_to_text` and :func:`tiki.rules_from_text`.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from ..errors import NotationError, shown
from ..model.rules import Rules
from ._numbers import read_short

__all__ = ["rules_from_text", "rules_to_text"]

_INT = re.compile(r"[+-]?[0-9]+")

_BOOL_FIELDS = ("shaman", "allow_turns")
_RULE_FIELDS = tuple(a.name for a in attrs.fields(Rules))


def rules_to_text(rules: Rules) -> str:
    """Return the non-default fields of ``rules`` as ``key=value`` pairs joined by ``;``.

    Bools are ``true``/``false``, tiles a comma list, other values bare; the default
    rules give ``''``.

    >>> rules_to_text(Rules(shaman=True, max_turns=50))
    'shaman=true;max_turns=50'
    >>> rules_to_text(Rules(tiles=(2, 2, 1, 1, 1, 0, 0, -1, -1)))
    'tiles=2,2,1,1,1,0,0,-1,-1'
    """
    parts = []
    for key, value in rules.non_default().items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, tuple):
            text = ",".join(str(v) for v in value)
        else:
            text = str(value)
        parts.append(f"{key}={text}")
    return ";".join(parts)


def rules_from_text(text: str, offset: int = 0) -> Rules:
    """Read the ``key=value;...`` form written by :func:`rules_to_text`.

    Keys may come in any order and may repeat a default (``shaman=false``); ``''`` is
    ``Rules()``. Raises :class:`NotationError` at ``offset`` plus the offset of the bad
    entry for an unknown key, a repeated key or a value ``Rules`` refuses.

    >>> rules_from_text("max_turns=50;shaman=true")
    Rules(shaman=True, max_turns=50)
    >>> rules_from_text("shaman=true;colour=red")
    Traceback (most recent call last):
    ...
    tiki.errors.NotationError: unknown rule 'colour' (at 12)
    """
    if type(text) is not str:
        raise NotationError(f"a rules text is a str, not {type(text).__name__}")
    if type(offset) is not int:
        raise NotationError(f"a rules text offset is an int, not {type(offset).__name__}")
    if text == "":
        return Rules()
    values: dict[str, Any] = {}
    at = offset
    for entry in text.split(";"):
        key, eq, raw = entry.partition("=")
        if key not in _RULE_FIELDS:
            raise NotationError(f"unknown rule {key!r}", at)
        if not eq:
            raise NotationError(f"rule {key!r} needs '=' and a value", at)
        if key in values:
            raise NotationError(f"rule {key!r} is given twice", at)
        value = _rule_value(key, raw, at + len(key) + 1)
        try:
            Rules(**{key: value})
        except ValueError as e:
            raise NotationError(str(e), at + len(key) + 1) from None
        values[key] = value
        at += len(entry) + 1
    return Rules(**values)


def _rule_value(key: str, raw: str, at: int) -> Any:
    if key in _BOOL_FIELDS:
        if raw not in ("true", "false"):
            raise NotationError(f"rule {key!r} is true or false, not {raw!r}", at)
        return raw == "true"
    if key == "max_turns":
        if raw == "none":
            return None
        if not _INT.fullmatch(raw):
            raise NotationError(f"rule 'max_turns' is a whole number, not {shown(raw)}", at)
        return read_short(raw, at, "rule 'max_turns'")  # Rules checks the bound (TIKI-END-6)
    if key == "tiles":
        tiles = []
        for part in raw.split(","):
            if not _INT.fullmatch(part):
                raise NotationError(f"bad tile value {shown(part)} in rule 'tiles'", at)
            tiles.append(read_short(part, at, "tile value"))  # Rules checks it (TIKI-SETUP-2)
            at += len(part) + 1
        return tuple(tiles)
    return raw
