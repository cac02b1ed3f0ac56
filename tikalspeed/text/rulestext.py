"""The ``key=value;...`` text of a ruleset, shared by position strings and records.

Re-exported as :func:`tikalspeed.rules_to_text` and :func:`tikalspeed.rules_from_text`.
A manifest cannot be written into one line: it is named ``manifest=<name>@<version>``,
and reading accepts the packaged default, or the manifest the caller passes. A tile mix
is its four counts, ``tile_mix=12,8,10,3`` (temple, treasure, jungle, volcano,
TIKAL-TILE-8).
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from ..board.manifest import Manifest
from ..board.manifestjson import load_manifest
from ..board.mix import TileMix, mix_text
from ..bounds import MAX_DIGITS, shown
from ..errors import NotationError
from ..model.rules import Rules

__all__ = ["alone", "manifest_ref", "rules_from_text", "rules_to_text"]

_NAT = re.compile(r"0|[1-9][0-9]*")
_RULE_FIELDS = tuple(a.name for a in attrs.fields(Rules))
_BOOL_FIELDS = tuple(a.name for a in attrs.fields(Rules) if type(a.default) is bool)
_INT_FIELDS = tuple(a.name for a in attrs.fields(Rules) if type(a.default) is int)


def manifest_ref(manifest: Manifest) -> str:
    """Return ``'<name>@<version>'``, the one-line name of ``manifest``.

    >>> manifest_ref(load_manifest())
    'default@1'
    """
    return f"{manifest.name}@{manifest.version}"


def rules_to_text(rules: Rules) -> str:
    """Return the non-default fields of ``rules`` as ``key=value`` pairs joined by ``;``.

    Bools are ``true``/``false``, the manifest ``<name>@<version>``, other values bare;
    the default rules give ``''``. A corrected manifest must differ from the packaged
    one in name or version (else ``ValueError``): the text names it, it cannot hold it.

    >>> rules_to_text(Rules(mode="professional", players=3, guard_on_tie=True))
    'mode=professional;players=3;guard_on_tie=true'
    >>> rules_to_text(Rules())
    ''
    >>> rules_to_text(Rules(mode="classic", tile_mix=(12, 8, 10, 3)))
    'mode=classic;tile_mix=12,8,10,3'
    """
    parts = []
    for key, value in rules.non_default().items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, TileMix):
            text = mix_text(value)
        elif isinstance(value, Manifest):
            text = manifest_ref(value)
            if text == manifest_ref(load_manifest()):
                raise ValueError(
                    f"a manifest other than the packaged one needs its own name or version "
                    f"to be written, not {text!r}"
                )
        else:
            text = str(value)
        parts.append(f"{key}={text}")
    return ";".join(parts)


def rules_from_text(text: str, offset: int = 0, *, manifest: Manifest | None = None) -> Rules:
    """Read the ``key=value;...`` form written by :func:`rules_to_text`.

    Keys may come in any order and may repeat a default (``players=4``); ``''`` is
    ``Rules()``. ``manifest=<name>@<version>`` must name the packaged default or the
    ``manifest`` given. Raises :class:`NotationError` at ``offset`` plus the offset of
    the bad entry (or of its value) for an unknown key, a repeated key, an unknown
    manifest or a value ``Rules`` refuses.

    >>> rules_from_text("players=2;mode=professional")
    Rules(mode='professional', players=2)
    >>> rules_from_text("players=2;colour=red")
    Traceback (most recent call last):
    ...
    tikalspeed.errors.NotationError: unknown rule 'colour' (at 10)
    >>> rules_from_text("manifest=mine@2")
    Traceback (most recent call last):
    ...
    tikalspeed.errors.NotationError: unknown manifest 'mine@2': only 'default@1', ... (at 9)
    >>> rules_from_text("players=2;tile_mix=12,8,10,13")
    Traceback (most recent call last):
    ...
    tikalspeed.errors.NotationError: Rules.tile_mix.volcano must be an int from 0 to 12, ... (at 19)
    """
    if not isinstance(text, str):
        raise NotationError(f"a rules text is a str, not {type(text).__name__}", offset)
    if text == "":
        return Rules()
    values: dict[str, Any] = {}
    starts: dict[str, int] = {}
    at = offset
    for entry in text.split(";"):
        key, eq, raw = entry.partition("=")
        if key not in _RULE_FIELDS:
            raise NotationError(f"unknown rule {key!r}", at)
        if not eq:
            raise NotationError(f"rule {key!r} needs '=' and a value", at)
        if key in values:
            raise NotationError(f"rule {key!r} is given twice", at)
        where = at + len(key) + 1
        value = _rule_value(key, raw, where, manifest)
        try:
            Rules(**{key: value}, **alone(key, value))
        except ValueError as e:
            raise NotationError(str(e), where) from None
        values[key] = value
        starts[key] = where
        at += len(entry) + 1
    try:
        return Rules(**values)
    except ValueError as e:  # a manifest whose own mix is not tile_mix (TIKAL-TILE-8)
        raise NotationError(str(e), starts.get("tile_mix", starts.get("manifest"))) from None


def alone(key: str, value: Any) -> dict[str, Any]:
    """What a rules field ``key`` needs besides its ``value`` to be checked on its own: a
    manifest that holds a mix of its own is checked with that mix (whether ``tile_mix``
    agrees is checked once all fields are read, TIKAL-TILE-8)."""
    if key == "manifest" and isinstance(value, Manifest):
        return {"tile_mix": (value.taken_from or value).mix}
    return {}


def _rule_value(key: str, raw: str, at: int, manifest: Manifest | None) -> Any:
    if key in _BOOL_FIELDS:
        if raw not in ("true", "false"):
            raise NotationError(f"rule {key!r} is true or false, not {shown(raw)}", at)
        return raw == "true"
    if key in _INT_FIELDS:
        if not _NAT.fullmatch(raw):
            raise NotationError(f"rule {key!r} is a whole number, not {shown(raw)}", at)
        if len(raw) > MAX_DIGITS:  # not converted: Rules refuses it anyway
            raise NotationError(f"rule {key!r}: {shown(raw)} is out of bounds", at)
        return int(raw)
    if key == "manifest":
        return resolve_manifest(raw, at, manifest)
    if key == "tile_mix":
        counts = raw.split(",")
        if len(counts) != 4 or not all(_NAT.fullmatch(n) for n in counts):
            raise NotationError(
                f"rule 'tile_mix' is 4 whole numbers, temple,treasure,jungle,volcano "
                f"(e.g. 12,8,10,3), not {shown(raw)}",
                at,
            )
        if any(len(n) > MAX_DIGITS for n in counts):  # not converted: Rules refuses it
            raise NotationError(f"rule 'tile_mix': {shown(raw)} is out of bounds", at)
        return TileMix(*(int(n) for n in counts))
    return raw


def resolve_manifest(ref: str, at: int | str, manifest: Manifest | None) -> Manifest:
    """Return the manifest named ``ref`` (``'<name>@<version>'``): the packaged default or
    ``manifest``, or the box a tile mix took ``manifest`` from (TIKAL-TILE-8); raise
    :class:`NotationError` at ``at`` otherwise."""
    for given in (manifest, None if manifest is None else manifest.taken_from):
        if given is not None and ref == manifest_ref(given):
            return given
    default = load_manifest()
    if ref == manifest_ref(default):
        return default
    known = manifest_ref(default)
    raise NotationError(
        f"unknown manifest {ref!r}: only {known!r}, or the manifest of the rules passed in",
        at,
    )
