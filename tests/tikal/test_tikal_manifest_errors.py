"""Every kind of malformed manifest raises ``ManifestError`` naming the part and the fault.

Each case changes the default manifest's JSON in one place and checks the exact message.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tikalspeed import IllegalActionError, ManifestError, NotationError
from tikalspeed.board import (
    Board,
    Components,
    Manifest,
    PrintedHex,
    load_manifest,
    manifest_to_json,
)
from tikalspeed.board.hexgrid import A1, B2
from tikalspeed.board.tiles import Kind, Tile

DEFAULT = manifest_to_json(load_manifest())
Json = dict[str, Any]


def tile(data: Json, tile_id: str) -> Json:
    return next(t for t in data["tiles"] if t["id"] == tile_id)


def printed(data: Json, hex_id: str) -> Json:
    return next(p for p in data["board"]["printed"] if p["id"] == hex_id)


def setter(path: Callable[[Json], Json], key: str, value: Any) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        path(data)[key] = value

    return change


def deleter(path: Callable[[Json], Json], key: str) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        del path(data)[key]

    return change


def T(tile_id: str) -> Callable[[Json], Json]:
    return lambda data: tile(data, tile_id)


def P(hex_id: str) -> Callable[[Json], Json]:
    return lambda data: printed(data, hex_id)


def top(data: Json) -> Json:
    return data


def board(data: Json) -> Json:
    return data["board"]  # type: ignore[no-any-return]


def comp(*keys: str) -> Callable[[Json], Json]:
    def path(data: Json) -> Json:
        out = data["components"]
        for k in keys:
            out = out[k]
        return out  # type: ignore[no-any-return]

    return path


def drop_tile(data: Json) -> None:
    data["tiles"].pop()


def make_volcano(data: Json) -> None:
    tile(data, "A3").update(kind="volcano", stones=[0] * 6)


def swap_levels(data: Json) -> None:
    data["components"]["level_tiles"].update({"4": 10, "5": 10})


CASES: list[tuple[str, Callable[[Json], None], str]] = [
    # ---- one tile (TIKAL-TILE-1..5)
    ("stones short", setter(T("C4"), "stones", [0, 0, 3]),
     "tile C4: stones must be 6 non-negative ints, got [0, 0, 3]"),
    ("stones negative", setter(T("C4"), "stones", [0, 0, 0, 3, -1, 0]),
     "tile C4: stones must be 6 non-negative ints, got [0, 0, 0, 3, -1, 0]"),
    ("stones text", setter(T("C4"), "stones", [0, 0, 0, "3", 0, 0]),
     "tile C4: stones must be 6 non-negative ints, got [0, 0, 0, '3', 0, 0]"),
    ("stones bool", setter(T("C4"), "stones", [True, 0, 0, 2, 0, 0]),
     "tile C4: stones must be 6 non-negative ints, got [True, 0, 0, 2, 0, 0]"),
    ("stones not a list", setter(T("C4"), "stones", 3),
     "tile C4: stones must be 6 non-negative ints, got 3"),
    ("4 on an edge", setter(T("C4"), "stones", [0, 0, 0, 4, 0, 0]),
     "tile C4: at most 3 stones on an edge, got 4 on S (TIKAL-TILE-5)"),
    ("volcano with stones", setter(T("B1"), "stones", [0, 1, 0, 0, 0, 0]),
     "tile B1: a volcano carries no stones, got [0, 1, 0, 0, 0, 0] (TIKAL-TILE-5)"),
    ("jungle without stones", setter(T("A3"), "stones", [0] * 6),
     "tile A3: a hex other than a volcano carries stones, got none (TIKAL-TILE-5)"),
    ("temple value 7", setter(T("A1"), "value", 7),
     "tile A1: a temple's value must be 1 to 6, got 7 (TIKAL-TILE-3)"),
    ("temple value 0", setter(T("A1"), "value", 0),
     "tile A1: a temple's value must be 1 to 6, got 0 (TIKAL-TILE-3)"),
    ("temple value text", setter(T("A1"), "value", "1"),
     "tile A1: a temple's value must be 1 to 6, got '1' (TIKAL-TILE-3)"),
    ("temple without value", deleter(T("A1"), "value"),
     "tile A1: a temple needs 'value' (TIKAL-TILE-3)"),
    ("jungle with value", setter(T("A3"), "value", 2),
     "tile A3: only a temple has 'value' (TIKAL-TILE-3)"),
    ("masks 5", setter(T("A2"), "masks", 5),
     "tile A2: a treasure hex shows 2 to 4 masks, got 5 (TIKAL-TILE-4)"),
    ("masks 1", setter(T("A2"), "masks", 1),
     "tile A2: a treasure hex shows 2 to 4 masks, got 1 (TIKAL-TILE-4)"),
    ("treasure without masks", deleter(T("A2"), "masks"),
     "tile A2: a treasure needs 'masks' (TIKAL-TILE-4)"),
    ("temple with masks", setter(T("A1"), "masks", 2),
     "tile A1: only a treasure has 'masks' (TIKAL-TILE-4)"),
    ("unknown kind", setter(T("A3"), "kind", "lake"),
     "tile A3: kind must be one of temple, treasure, jungle, volcano, got 'lake' (TIKAL-TILE-1)"),
    ("base camp as a tile", setter(T("A3"), "kind", "base_camp"),
     "tile A3: kind must be one of temple, treasure, jungle, volcano, got 'base_camp' "
     "(TIKAL-TILE-1)"),
    ("letter H", setter(T("A1"), "letter", "H"),
     "tile A1: letter must be one of A–G, got 'H' (TIKAL-TILE-2)"),
    ("letter AB", setter(T("A1"), "letter", "AB"),
     "tile A1: letter must be one of A–G, got 'AB' (TIKAL-TILE-2)"),
    ("bad id", setter(T("A2"), "id", "A 2"),
     "tiles[1]: id must be a word of letters, digits and _, got 'A 2'"),
    ("id not text", setter(T("A2"), "id", 2),
     "tiles[1]: id must be a word of letters, digits and _, got 2"),
    ("unknown tile key", setter(T("A1"), "stone", [1] * 6), "tiles[0]: unknown key 'stone'"),
    ("missing tile key", deleter(T("A1"), "letter"), "tiles[0]: missing key 'letter'"),
    # ---- the whole set of tiles (TIKAL-TILE-1, -2, -4, -7, TIKAL-BOARD-5)
    ("duplicate id", setter(T("A2"), "id", "A1"), "tile A1: id used twice (TIKAL-TILE-7)"),
    ("id of a printed hex", setter(T("A2"), "id", "clearing"),
     "tile clearing: id used twice (TIKAL-TILE-7)"),
    ("35 tiles", drop_tile, "manifest: 35 terrain tiles for 36 open cells (TIKAL-BOARD-5)"),
    ("4 volcanoes", make_volcano,
     "manifest: the tiles must be 15 temple, 8 treasure, 10 jungle, 3 volcano, "
     "got 15 temple, 8 treasure, 9 jungle, 4 volcano (TIKAL-TILE-1)"),
    ("letter counts", setter(T("A1"), "letter", "G"),
     "manifest: letter A has 5 tiles, must be 6 (TIKAL-TILE-2)"),
    ("masks total", setter(T("A2"), "masks", 3),
     "manifest: the treasure hexes show 23 masks in all, must be 24, one per treasure "
     "(TIKAL-TILE-4)"),
    # ---- the board (TIKAL-BOARD-1, -3, -4)
    ("9 columns", setter(board, "columns", 9), "board: columns must be 8, got 9 (TIKAL-BOARD-1)"),
    ("6 rows", setter(board, "rows", 6), "board: rows must be 5, got 6 (TIKAL-BOARD-1)"),
    ("bad cell", setter(P("clearing"), "cell", "z9"),
     "printed hex clearing: cell must be a cell name a1–h5, got 'z9' (TIKAL-BOARD-1)"),
    ("cell twice", setter(P("clearing"), "cell", "a1"),
     "printed hex clearing: cell a1 is already printed (TIKAL-BOARD-3)"),
    ("printed temple value 2", setter(P("temple_a2"), "value", 2),
     "printed hex temple_a2: value must be 1 for a temple, got 2 (TIKAL-BOARD-3)"),
    ("printed temple without value", deleter(P("temple_a2"), "value"),
     "printed hex temple_a2: a temple needs 'value' (TIKAL-BOARD-3)"),
    ("printed clearing with value", setter(P("clearing"), "value", 0),
     "printed hex clearing: only a temple has 'value' (TIKAL-BOARD-3)"),
    ("printed volcano", setter(P("clearing"), "kind", "volcano"),
     "printed hex clearing: kind must be one of base_camp, temple, jungle, got 'volcano' "
     "(TIKAL-BOARD-3)"),
    ("two base camps", setter(P("clearing"), "kind", "base_camp"),
     "board: the printed hexes must be 1 base_camp, 2 temple and 1 jungle, "
     "got 2 base_camp, 2 temple (TIKAL-BOARD-3)"),
    ("clearing away", setter(P("clearing"), "cell", "c3"),
     "board: the clearing (c3) must touch the base camp and both temples, "
     "not base_camp (a1) (TIKAL-BOARD-3)"),
    ("printed 4 stones", setter(P("base_camp"), "stones", [4, 0, 0, 0, 0, 0]),
     "printed hex base_camp: at most 3 stones on an edge, got 4 on N (TIKAL-BOARD-4)"),
    ("printed no stones", setter(P("clearing"), "stones", [0] * 6),
     "printed hex clearing: a hex other than a volcano carries stones, got none "
     "(TIKAL-BOARD-4)"),
    ("printed bad id", setter(P("clearing"), "id", ""),
     "board.printed[3]: id must be a word of letters, digits and _, got ''"),
    ("board key", setter(board, "hexes", []), "board: unknown key 'hexes'"),
    # ---- the components (TIKAL-COMP-1..4, TIKAL-TILE-1..2)
    ("19 workers", setter(comp("per_player"), "workers", 19),
     "components: per_player.workers must be 18, got 19 (TIKAL-COMP-1)"),
    ("leader counts 2", setter(comp("per_player"), "leader_strength", 2),
     "components: per_player.leader_strength must be 3, got 2 (TIKAL-COMP-1)"),
    ("3 camps", setter(comp("per_player"), "camps", 3),
     "components: per_player.camps must be 2, got 3 (TIKAL-COMP-1)"),
    ("5 colours", setter(comp(), "colours", 5),
     "components: colours must be 4, got 5 (TIKAL-COMP-1)"),
    ("workers text", setter(comp("per_player"), "workers", "18"),
     "components: per_player.workers must be 18, got '18' (TIKAL-COMP-1)"),
    ("3 guards", setter(comp("per_player"), "guards", 3),
     "components: per_player.guards must be 2, got 3 (TIKAL-COMP-2)"),
    ("47 level tiles", setter(comp("level_tiles"), "2", 2),
     "components: level_tiles must total 48, got 47 (TIKAL-COMP-3)"),
    ("level tiles moved", swap_levels,
     "components: level_tiles must be {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}, "
     "got {2: 3, 3: 6, 4: 10, 5: 10, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1} (TIKAL-COMP-3)"),
    # a count of 1.0 is not 1, though equal: it was accepted and its positions could not be
    # read back (found by tikalspeed fuzz, 100,000 inputs per reader)
    ("level count 1.0", setter(comp("level_tiles"), "10", 1.0),
     "components: level_tiles must be {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}, "
     "got {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1.0} (TIKAL-COMP-3)"),
    ("per letter 4.0", setter(comp("terrain", "per_letter"), "G", 4.0),
     "components: terrain.per_letter must be {A: 6, B: 6, C: 5, D: 5, E: 5, F: 5, G: 4}, "
     "got {A: 6, B: 6, C: 5, D: 5, E: 5, F: 5, G: 4.0} (TIKAL-TILE-2)"),
    ("per kind True", setter(comp("terrain", "per_kind"), "volcano", True),
     "components: terrain.per_kind must be {temple: 15, treasure: 8, jungle: 10, volcano: 3}, "
     "got {temple: 15, treasure: 8, jungle: 10, volcano: True} (TIKAL-TILE-1)"),
    ("level key", setter(comp("level_tiles"), "two", 0),
     "components: level_tiles keys must be numbers, got 'two'"),
    ("7 treasure kinds", setter(comp("treasures"), "kinds", 7),
     "components: treasures.kinds must be 8, got 7 (TIKAL-COMP-4)"),
    ("4 copies", setter(comp("treasures"), "copies", 4),
     "components: treasures.copies must be 3, got 4 (TIKAL-COMP-4)"),
    ("per letter", setter(comp("terrain", "per_letter"), "G", 5),
     "components: terrain.per_letter must be {A: 6, B: 6, C: 5, D: 5, E: 5, F: 5, G: 4}, "
     "got {A: 6, B: 6, C: 5, D: 5, E: 5, F: 5, G: 5} (TIKAL-TILE-2)"),
    # another mix is a mix of its own (TIKAL-TILE-8): checked against its bounds
    ("per kind", setter(comp("terrain", "per_kind"), "volcano", 4),
     "components: terrain.per_kind must hold 1 to 36 tiles in all (one for each open cell, "
     "TIKAL-BOARD-5), not 37 (TIKAL-TILE-8)"),
    ("per kind kinds moved", setter(comp("terrain"), "per_kind",
                                    {"treasure": 8, "temple": 15, "jungle": 10, "volcano": 3}),
     "components: terrain.per_kind must be {temple: 15, treasure: 8, jungle: 10, volcano: 3}, "
     "got {treasure: 8, temple: 15, jungle: 10, volcano: 3} (TIKAL-TILE-1)"),
    ("per kind another mix", setter(comp("terrain", "per_kind"), "temple", 12),
     "components: terrain.per_letter must count the tiles of the letters A to G, 33 in all, "
     "got {A: 6, B: 6, C: 5, D: 5, E: 5, F: 5, G: 4} (TIKAL-TILE-8)"),
    ("missing treasures", deleter(comp(), "treasures"), "components: missing key 'treasures'"),
    # ---- the manifest itself (TIKAL-TILE-7)
    ("version 0", setter(top, "version", 0),
     "manifest: version must be an int from 1 to 9999, got 0"),
    ("version text", setter(top, "version", "1"),
     "manifest: version must be an int from 1 to 9999, got '1'"),
    ("empty name", setter(top, "name", ""), "manifest: name must be a word of letters, digits, "
     "'_', '.' and '-' (it is written in a rules text as <name>@<version>), got ''"),
    ("missing tiles", deleter(top, "tiles"), "manifest: missing key 'tiles'"),
    ("unknown key", setter(top, "tile", []), "manifest: unknown key 'tile'"),
    ("tiles not a list", setter(top, "tiles", {}), "manifest: tiles must be a list"),
    ("tile not an object", setter(top, "tiles", [1]), "tiles[0]: must be a JSON object, got int"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_malformed_manifest(change: Callable[[Json], None], message: str) -> None:
    """TIKAL-TILE-7 with TIKAL-TILE-1..5, TIKAL-BOARD-1..5, TIKAL-COMP-1..4: each fault is
    reported with the part at fault (tile, printed hex, board, components) and the rule."""
    data = copy.deepcopy(DEFAULT)
    change(data)
    with pytest.raises(ManifestError, match=f"^{re.escape(message)}$"):
        load_manifest(data)


def test_syntax_errors(tmp_path: Path) -> None:
    """TIKAL-TILE-7: text that is not JSON, duplicate keys, NaN and a list are rejected;
    a syntax error carries its line and column."""
    with pytest.raises(ManifestError) as err:
        load_manifest('{\n  "name": "x",\n  "version": }')
    assert err.value.position == "line 3 column 14"
    assert str(err.value).startswith("manifest: not valid JSON: Expecting value")
    with pytest.raises(ManifestError, match=r"^manifest: duplicate key 'name' in a JSON object$"):
        load_manifest('{"name": "x", "name": "y"}')
    with pytest.raises(ManifestError, match=r"^manifest: NaN is not a JSON number$"):
        load_manifest('{"name": NaN}')
    path = tmp_path / "list.json"
    path.write_text(json.dumps([DEFAULT]), encoding="utf-8")
    with pytest.raises(ManifestError, match=r"^manifest: must be a JSON object, got list$"):
        load_manifest(path)
    with pytest.raises(ManifestError, match=r"^manifest: cannot load a manifest from a int$"):
        load_manifest(3)  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        load_manifest(tmp_path / "missing.json")


def test_the_error_family() -> None:
    """TIKAL-TILE-7: a manifest fault is a ``NotationError``, so a ``ValueError``; the family
    mirrors ``tiki``'s, and ``IllegalActionError`` carries its clause."""
    assert issubclass(ManifestError, NotationError) and issubclass(NotationError, ValueError)
    err = IllegalActionError("TIKAL-BOARD-1", "no such cell")
    assert err.clause == "TIKAL-BOARD-1" and str(err) == "no such cell (TIKAL-BOARD-1)"


def test_objects_built_in_python_are_checked() -> None:
    """TIKAL-TILE-1, TIKAL-TILE-5, TIKAL-BOARD-3, TIKAL-COMP-1: the classes check themselves,
    so a ``Manifest`` built without JSON is valid too."""
    with pytest.raises(ManifestError, match=r"^tile X: kind must be one of .*got 'lake'"):
        Tile("X", "A", "lake", stones=(1, 0, 0, 0, 0, 0))
    with pytest.raises(ManifestError, match=r"^tile X: stones must be 6 non-negative ints"):
        Tile("X", "A", Kind.JUNGLE, stones=(1, 0, 0))
    with pytest.raises(ManifestError, match=r"^tile X: only a temple has a value, got 2"):
        Tile("X", "A", Kind.JUNGLE, value=2, stones=(1, 0, 0, 0, 0, 0))
    with pytest.raises(ManifestError, match=r"^tile X: only a treasure hex has masks, got 2"):
        Tile("X", "A", Kind.TEMPLE, value=2, masks=2, stones=(1, 0, 0, 0, 0, 0))
    with pytest.raises(ManifestError, match=r"^tile: id must be a word"):
        Tile("", "A", Kind.JUNGLE, stones=(1, 0, 0, 0, 0, 0))
    with pytest.raises(ManifestError, match=r"^printed hex p: cell must be one of the 40 cells"):
        PrintedHex("p", 40, Kind.BASE_CAMP, stones=(1, 0, 0, 0, 0, 0))
    with pytest.raises(ManifestError, match=r"^printed hex p: value must be 0 for a base_camp"):
        PrintedHex("p", A1, Kind.BASE_CAMP, value=1, stones=(1, 0, 0, 0, 0, 0))
    camp = PrintedHex("camp", A1, Kind.BASE_CAMP, stones=(1, 1, 1, 0, 0, 0))
    clearing = PrintedHex("clear", B2, Kind.JUNGLE, stones=(0, 0, 0, 1, 1, 1))
    with pytest.raises(ManifestError, match=r"^board: the printed hexes must be 1 base_camp"):
        Board(printed=(camp, clearing))
    with pytest.raises(ManifestError, match=r"^components: per_player\.camps must be 2, got 1"):
        Components(camps=1)
    m = load_manifest()
    with pytest.raises(ManifestError, match=r"^manifest: 35 terrain tiles for 36 open cells"):
        Manifest("short", 1, m.tiles[:-1], m.board)
    assert Manifest("copy", 2, list(m.tiles), m.board) != m
