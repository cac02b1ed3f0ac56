"""A manifest's JSON form, and loading one: the packaged default
(``tikalspeed/data/manifest.json``), a file, JSON text or a parsed ``dict``."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from ..bounds import JSONTextError, parse_json, shown
from ..errors import ManifestError
from . import hexgrid
from .components import Components
from .manifest import Manifest
from .printed import Board, PrintedHex
from .tiles import PRINTED_KINDS, TERRAIN_KINDS, Kind, Tile, _check_id, _check_stones, _fail

__all__ = ["check_not_posing", "load_manifest", "manifest_from_json", "manifest_to_json"]


def _object(who: str, value: object, required: tuple[str, ...], optional: tuple[str, ...] = ()
            ) -> dict[str, Any]:  # fmt: skip
    """Check that ``value`` is a JSON object with exactly these keys; return it."""
    if not isinstance(value, Mapping):
        raise _fail(who, f"must be a JSON object, got {type(value).__name__}")
    for key in value:
        if key not in required and key not in optional:
            raise _fail(who, f"unknown key {shown(key)}")
    for key in required:
        if key not in value:
            raise _fail(who, f"missing key {shown(key)}")
    return dict(value)


def _kind(who: str, value: object, allowed: tuple[Kind, ...], clause: str) -> Kind:
    if isinstance(value, str) and value in {k.value for k in allowed}:
        return Kind(value)
    kinds = ", ".join(k.value for k in allowed)
    raise _fail(who, f"kind must be one of {kinds}, got {shown(value)}", clause)


def _keyed(who: str, kind: Kind, raw: dict[str, Any], key: str, owner: Kind, clause: str) -> None:
    """A key that only one kind of hex has must be there for it and absent otherwise."""
    if kind is owner and key not in raw:
        raise _fail(who, f"a {owner.value} needs {shown(key)}", clause)
    if kind is not owner and key in raw:
        raise _fail(who, f"only a {owner.value} has {shown(key)}", clause)


def _tile_from_json(index: int, raw: object) -> Tile:
    who = f"tiles[{index}]"
    obj = _object(who, raw, ("id", "letter", "kind", "stones"), ("value", "masks"))
    _check_id(who, obj["id"])
    who = f"tile {obj['id']}"
    kind = _kind(who, obj["kind"], TERRAIN_KINDS, "TIKAL-TILE-1")
    _keyed(who, kind, obj, "value", Kind.TEMPLE, "TIKAL-TILE-3")
    _keyed(who, kind, obj, "masks", Kind.TREASURE, "TIKAL-TILE-4")
    _check_stones(who, obj["stones"], volcano=kind is Kind.VOLCANO, clause="TIKAL-TILE-5")
    return Tile(
        obj["id"], obj["letter"], kind, obj.get("value", 0), obj.get("masks", 0), obj["stones"]
    )


def _printed_from_json(index: int, raw: object) -> PrintedHex:
    who = f"board.printed[{index}]"
    obj = _object(who, raw, ("id", "cell", "kind", "stones"), ("value",))
    _check_id(who, obj["id"])
    who = f"printed hex {obj['id']}"
    kind = _kind(who, obj["kind"], PRINTED_KINDS, "TIKAL-BOARD-3")
    _keyed(who, kind, obj, "value", Kind.TEMPLE, "TIKAL-BOARD-3")
    cell = obj["cell"]
    if not isinstance(cell, str) or cell not in hexgrid.CELL_NAMES:
        raise _fail(who, f"cell must be a cell name a1–h5, got {shown(cell)}", "TIKAL-BOARD-1")
    _check_stones(who, obj["stones"], volcano=False, clause="TIKAL-BOARD-4")
    return PrintedHex(
        obj["id"], hexgrid.cell_from_name(cell), kind, obj.get("value", 0), obj["stones"]
    )


def _pairs(who: str, label: str, raw: object, key: type) -> tuple[tuple[Any, int], ...]:
    """Read a JSON object of counts (``{"2": 3, ...}``) as ``(key, count)`` pairs."""
    if not isinstance(raw, Mapping):
        raise _fail(who, f"{label} must be a JSON object, got {type(raw).__name__}")
    out: list[tuple[Any, int]] = []
    for k, n in raw.items():
        if key is int:
            if not (isinstance(k, str) and k.isascii() and k.isdigit() and len(k) <= 2):
                raise _fail(who, f"{label} keys must be numbers, got {shown(k)}")
            out.append((int(k), n))
        elif key is Kind:
            out.append((_kind(who, k, TERRAIN_KINDS, "TIKAL-TILE-1"), n))
        else:
            out.append((k, n))
    return tuple(sorted(out)) if key is int else tuple(out)


def _components_from_json(raw: object) -> Components:
    who = "components"
    obj = _object(who, raw, ("colours", "per_player", "level_tiles", "treasures", "terrain"))
    per = _object(
        "components.per_player",
        obj["per_player"],
        ("workers", "leaders", "leader_strength", "camps", "guards"),
    )
    treasures = _object("components.treasures", obj["treasures"], ("kinds", "copies"))
    terrain = _object("components.terrain", obj["terrain"], ("per_letter", "per_kind"))
    return Components(
        colours=obj["colours"],
        workers=per["workers"],
        leaders=per["leaders"],
        leader_strength=per["leader_strength"],
        camps=per["camps"],
        guards=per["guards"],
        level_tiles=_pairs(who, "level_tiles", obj["level_tiles"], int),
        treasure_kinds=treasures["kinds"],
        treasure_copies=treasures["copies"],
        tiles_per_letter=_pairs(who, "terrain.per_letter", terrain["per_letter"], str),
        tiles_per_kind=_pairs(who, "terrain.per_kind", terrain["per_kind"], Kind),
    )


def manifest_from_json(data: Mapping[str, Any]) -> Manifest:
    """Build a ``Manifest`` from its JSON form (a ``dict`` as ``json.load`` gives).

    A manifest named like the packaged one (``default``, version 1) must be it: a
    changed copy needs its own name or version, since the text forms name a manifest
    by ``<name>@<version>`` only (TIKAL-TILE-7).

    >>> data = manifest_to_json(load_manifest())
    >>> data["tiles"][0]["value"] = 2
    >>> manifest_from_json(data)
    Traceback (most recent call last):
    ...
    tikalspeed.errors.ManifestError: manifest: 'default' version 1 names the packaged ...
    >>> manifest_from_json({**data, "name": "corrected"}).name
    'corrected'
    """
    manifest = _build(data)
    check_not_posing(manifest, _default_manifest(), ManifestError)
    return manifest


def check_not_posing(
    manifest: Manifest, default: Manifest, error: Callable[[str], Exception]
) -> None:
    """Raise ``error`` if ``manifest`` bears the packaged manifest's name and version
    but other data (TIKAL-TILE-7)."""
    if manifest is default or (manifest.name, manifest.version) != (
        default.name,
        default.version,
    ):
        return
    if manifest != default:
        raise error(
            f"manifest: {default.name!r} version {default.version} names the packaged "
            "manifest, but these tiles or board differ from it: give a changed manifest "
            "its own name or version (TIKAL-TILE-7)"
        )


def _build(data: Mapping[str, Any]) -> Manifest:
    obj = _object("manifest", data, ("name", "version", "board", "components", "tiles"), ("notes",))
    board = _object("board", obj["board"], ("columns", "rows", "printed"))
    if not isinstance(board["printed"], list):
        raise _fail("board", "printed must be a list")
    if not isinstance(obj["tiles"], list):
        raise _fail("manifest", "tiles must be a list")
    notes = obj.get("notes", "")
    if isinstance(notes, list) and all(isinstance(n, str) for n in notes):
        notes = "\n".join(notes)
    return Manifest(
        name=obj["name"],
        version=obj["version"],
        tiles=tuple(_tile_from_json(i, t) for i, t in enumerate(obj["tiles"])),
        board=Board(
            printed=tuple(_printed_from_json(i, p) for i, p in enumerate(board["printed"])),
            columns=board["columns"],
            rows=board["rows"],
        ),
        components=_components_from_json(obj["components"]),
        notes=notes,
    )


def manifest_to_json(manifest: Manifest) -> dict[str, Any]:
    """Return the JSON form of ``manifest`` (``manifest_from_json`` reads it back).

    >>> m = load_manifest()
    >>> manifest_from_json(manifest_to_json(m)) == m
    True
    """

    def hex_json(h: Tile | PrintedHex) -> dict[str, Any]:
        out: dict[str, Any] = {"id": h.id}
        if isinstance(h, Tile):
            out["letter"] = h.letter
        else:
            out["cell"] = hexgrid.cell_name(h.cell)
        out["kind"] = h.kind.value
        if h.kind is Kind.TEMPLE:
            out["value"] = h.value
        if isinstance(h, Tile) and h.kind is Kind.TREASURE:
            out["masks"] = h.masks
        out["stones"] = list(h.stones)
        return out

    c = manifest.components
    out: dict[str, Any] = {"name": manifest.name, "version": manifest.version}
    if manifest.notes:
        out["notes"] = manifest.notes.split("\n")
    out["board"] = {
        "columns": manifest.board.columns,
        "rows": manifest.board.rows,
        "printed": [hex_json(p) for p in manifest.board.printed],
    }
    out["components"] = {
        "colours": c.colours,
        "per_player": {
            "workers": c.workers,
            "leaders": c.leaders,
            "leader_strength": c.leader_strength,
            "camps": c.camps,
            "guards": c.guards,
        },
        "level_tiles": {str(v): n for v, n in c.level_tiles},
        "treasures": {"kinds": c.treasure_kinds, "copies": c.treasure_copies},
        "terrain": {
            "per_letter": dict(c.tiles_per_letter),
            "per_kind": {k.value: n for k, n in c.tiles_per_kind},
        },
    }
    out["tiles"] = [hex_json(t) for t in manifest.tiles]
    return out


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _fail("manifest", f"duplicate key {shown(key)} in a JSON object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise _fail("manifest", f"{name} is not a JSON number")


def _parse(text: str) -> Any:
    """Parse a manifest's JSON text within the input bounds (``bounds.MAX_DEPTH``,
    ``bounds.MAX_DIGITS``); a fault is at ``line L column C``."""
    try:
        return parse_json(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except JSONTextError as e:
        where = None
        if e.offset is not None:
            line = text.count("\n", 0, e.offset) + 1
            where = f"line {line} column {e.offset - text.rfind(chr(10), 0, e.offset)}"
        message = e.message.removeprefix("not JSON: ")
        raise ManifestError(f"manifest: not valid JSON: {message}", where) from None


@functools.cache
def _default_manifest() -> Manifest:
    text = resources.files("tikalspeed").joinpath("data/manifest.json").read_text("utf-8")
    return _build(_parse(text))


def load_manifest(
    source: str | os.PathLike[str] | Mapping[str, Any] | None = None,
) -> Manifest:
    """Load and check a manifest; ``None`` gives the packaged default (TIKAL-TILE-7).

    ``source`` is a path to a JSON file (``str`` or ``os.PathLike``), JSON text (a
    ``str`` whose first non-blank character is ``{``), or the parsed ``dict``. A file
    that cannot be read raises ``OSError``; anything malformed, or breaking a clause of
    ``specs/tikal.md``, raises ``ManifestError``. The default is read once and shared
    (a manifest is immutable).

    >>> load_manifest() is load_manifest()
    True
    >>> load_manifest('{"name": "x", ')
    Traceback (most recent call last):
    ...
    tikalspeed.errors.ManifestError: manifest: not valid JSON: Expecting ... (at line 1 column 15)
    """
    if source is None:
        return _default_manifest()
    if isinstance(source, Mapping):
        return manifest_from_json(source)
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return manifest_from_json(_parse(source))
    if isinstance(source, (str, os.PathLike)):
        return manifest_from_json(_parse(Path(source).read_text(encoding="utf-8")))
    raise _fail("manifest", f"cannot load a manifest from a {type(source).__name__}")
