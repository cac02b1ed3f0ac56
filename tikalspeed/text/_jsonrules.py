"""JSON for rules (re-exported by :mod:`tikalspeed.text.jsonio`)."""

from __future__ import annotations

from typing import Any

import attrs

from ..board.manifest import Manifest
from ..board.manifestjson import load_manifest, manifest_from_json, manifest_to_json
from ..board.mix import TileMix
from ..bounds import MAX_VERSION
from ..errors import ManifestError
from ..model.rules import Rules
from ._jsonread import JSON, fail, kind_of, read_int, read_object, read_str
from .rulestext import alone, resolve_manifest

__all__ = ["rules_from_json", "rules_to_json"]

_RULE_FIELDS = tuple(a.name for a in attrs.fields(Rules))


def rules_to_json(rules: Rules) -> JSON:
    """Return every field of ``rules``; the manifest is ``{"name", "version"}`` for the
    packaged default, else the whole manifest (:func:`tikalspeed.manifest_to_json`): the
    manifest given, the box a tile mix takes its tiles from (TIKAL-TILE-8). The tile mix
    is an object of its four counts.

    >>> rules_to_json(Rules(players=2))["manifest"]
    {'name': 'default', 'version': 1}
    >>> rules_to_json(Rules(tile_mix=(12, 8, 10, 3)))["tile_mix"]
    {'temple': 12, 'treasure': 8, 'jungle': 10, 'volcano': 3}
    """
    out: JSON = {}
    for name in _RULE_FIELDS:
        value = getattr(rules, name)
        if isinstance(value, TileMix):
            value = value._asdict()
        elif isinstance(value, Manifest):
            value = value.taken_from or value
            value = (
                {"name": value.name, "version": value.version}
                if value == load_manifest()
                else manifest_to_json(value)
            )
        out[name] = value
    return out


def rules_from_json(value: Any, path: str = "$", manifest: Manifest | None = None) -> Rules:
    """Read a rules object; missing fields take their defaults. A manifest given by
    name and version must be the packaged default or ``manifest``.

    >>> rules_from_json({"mode": "professional", "players": 3})
    Rules(mode='professional', players=3)
    >>> rules_from_json({"tile_mix": {"temple": 12, "treasure": 8, "jungle": 10, "volcano": 3}})
    Rules(tile_mix=TileMix(temple=12, treasure=8, jungle=10, volcano=3))
    """
    obj = read_object(value, path, (), _RULE_FIELDS)
    fields: dict[str, Any] = {}
    for key, raw in obj.items():
        where = f"{path}.{key}"
        if key == "manifest":
            raw = _manifest(raw, where, manifest)
        elif key == "tile_mix":
            raw = _tile_mix(raw, where)
        try:
            Rules(**{key: raw}, **alone(key, raw))
        except ValueError as e:
            raise fail(str(e), where) from None
        fields[key] = raw
    try:
        return Rules(**fields)
    except ValueError as e:  # a manifest whose own mix is not tile_mix (TIKAL-TILE-8)
        where = "tile_mix" if "tile_mix" in fields else "manifest"
        raise fail(str(e), f"{path}.{where}") from None


def _tile_mix(raw: Any, path: str) -> TileMix:
    """``{"temple": 12, "treasure": 8, "jungle": 10, "volcano": 3}``: whole numbers, whose
    bounds ``Rules`` checks (TIKAL-TILE-8)."""
    obj = read_object(raw, path, TileMix._fields)
    return TileMix(*(read_int(obj[k], f"{path}.{k}", None, None) for k in TileMix._fields))


def _manifest(raw: Any, path: str, manifest: Manifest | None) -> Manifest:
    if isinstance(raw, dict) and set(raw) == {"name", "version"}:
        name = read_str(raw["name"], f"{path}.name")
        version = read_int(raw["version"], f"{path}.version", 1, MAX_VERSION)
        return resolve_manifest(f"{name}@{version}", path, manifest)
    if not isinstance(raw, dict):
        raise fail(f"expected an object, not {kind_of(raw)}", path)
    try:
        return manifest_from_json(raw)
    except ManifestError as e:
        raise fail(str(e), path) from None
