"""The board keys of a scenario's ``[given]`` (:mod:`tikalspeed.tools.scenarios`): tiles,
temples, level tiles, pieces, camps, guards, treasures, ruins, stacks and scores,
built on the initial state with :meth:`State.replace` only.

The keys are shortcuts a designer takes: a tile of any letter may lie on the board,
treasures may be held that nobody dug. The bookkeeping stays straight (a placed tile
leaves its stack, a piece on the board leaves the supply, a treasure held leaves the
face-down copies), and what no box holds is refused: a third camp, an 11th level, a
worker the supply does not have, a piece on an unexplored hex.
"""

from __future__ import annotations

from typing import Any

from ...board.hexgrid import CELL_NAMES, NEIGHBOURS
from ...board.terrain import terrain
from ...board.tiles import Kind
from ...bounds import MAX_SCORE
from ...model.actions import TREASURE_NAMES, player_name
from ...model.state import EMPTY, PRINTED, State
from .read import Reader, at

__all__ = ["BOARD_KEYS", "board", "take_tile"]

BOARD_KEYS = (
    "tiles",
    "temples",
    "levels",
    "workers",
    "leaders",
    "camps",
    "guards",
    "treasures",
    "ruins",
    "stacks",
    "scores",
)
"""The ``[given]`` keys about the board and the players' pieces, in the order applied."""

_TOP_LEVEL = 10


def board(state: State, given: dict[str, Any], r: Reader) -> State:
    """Apply the board keys of ``given`` to ``state``."""
    state = _tiles(state, r.table_of("tiles", given.get("tiles", {})), r)
    for name, value in r.table_of("temples", given.get("temples", {})).items():
        state = _temple(state, r.cell(f"temples.{name}", name), value, r)
    state = _levels(state, r.table_of("levels", given.get("levels", {})), r)
    workers = r.by_player("workers", given.get("workers", {}))
    leaders = r.by_player("leaders", given.get("leaders", {}))
    for p in sorted({*workers, *leaders}):
        state = _pieces(state, p, workers.get(p, {}), leaders.get(p), r)
    for p, cells in r.by_player("camps", given.get("camps", {})).items():
        state = _camps(state, p, r.list_of(f"camps.{player_name(p)}", cells), r)
    for name, who in r.table_of("guards", given.get("guards", {})).items():
        state = _guard(state, r.cell(f"guards.{name}", name), r.player(f"guards.{name}", who), r)
    for p, kinds in r.by_player("treasures", given.get("treasures", {})).items():
        state = _treasures(state, p, r.text(f"treasures.{player_name(p)}", kinds), r)
    state = _ruins(state, r.table_of("ruins", given.get("ruins", {})), r)
    if "stacks" in given:
        ids = r.text("stacks", given["stacks"]).split()
        keep = {r.tile(f"stacks.{t}", t, state) for t in ids}
        stacks = tuple(tuple(t for t in stack if t in keep) for stack in state.stacks)
        missing = keep - {t for stack in stacks for t in stack}
        if missing:
            gone = ", ".join(sorted(terrain(state.rules.manifest).tile_ids[t] for t in missing))
            raise r.fault("stacks", f"{gone} is no longer in the stacks: it was played")
        state = state.replace(stacks=stacks)
    if "scores" in given:
        scores = list(state.scores)
        for p, v in r.per_player("scores", given["scores"], -MAX_SCORE, MAX_SCORE).items():
            scores[p] = v
        state = state.replace(scores=tuple(scores))
    return state


def take_tile(state: State, tile: int, key: str, r: Reader) -> State:
    """Take ``tile`` out of its stack (it goes on the board, on display or in a hand)."""
    if not any(tile in stack for stack in state.stacks):
        tile_id = state.rules.manifest.tiles[tile].id
        raise r.fault(key, f"tile {tile_id} is already out of the stacks (played twice?)")
    return state.replace(stacks=tuple(tuple(t for t in s if t != tile) for s in state.stacks))


def _tiles(state: State, layout: dict[str, Any], r: Reader) -> State:
    t = terrain(state.rules.manifest)
    placed, temples, ruins = list(state.placed), list(state.temples), list(state.ruins)
    for name, spec in layout.items():
        key = f"tiles.{name}"
        c = r.cell(key, name)
        tile_id, _, turns = r.text(key, spec).partition(":")
        tile = r.tile(key, tile_id, state)
        rotation = int(turns) if turns in ("0", "1", "2", "3", "4", "5") else -1
        if turns and rotation < 0:
            raise r.fault(key, f"a tile id and its turns, 0 to 5 (\"C2:3\"), not {spec!r}")
        rotation = max(rotation, 0)
        if rotation not in t.tile_rotations[tile]:
            turns_ok = ", ".join(map(str, t.tile_rotations[tile]))
            raise r.fault(key, f"{tile_id} lies in distinct turns {turns_ok} (TIKAL-TILE-6)")
        if placed[c] != EMPTY:
            raise r.fault(key, f"{name} is not a free cell (TIKAL-PLACE-1)")
        state = take_tile(state, tile, key, r)
        placed[c] = tile * 6 + rotation
        if t.tile_kinds[tile] is Kind.TEMPLE:
            temples[c] = t.tile_values[tile]
        elif t.tile_kinds[tile] is Kind.TREASURE:
            ruins[c] = t.tile_masks[tile]
    _connected(placed, r)
    return state.replace(placed=tuple(placed), temples=tuple(temples), ruins=tuple(ruins))


def _connected(placed: list[int], r: Reader) -> None:
    """TIKAL-PLACE-1: every tile was placed next to an explored hex, so the explored
    hexes hang together, from the printed corner."""
    explored = {c for c, code in enumerate(placed) if code != EMPTY}
    reached = {c for c in explored if placed[c] == PRINTED}
    todo = list(reached)
    while todo:
        for n in NEIGHBOURS[todo.pop()]:
            if n in explored and n not in reached:
                reached.add(n)
                todo.append(n)
    apart = sorted(explored - reached)
    if apart:
        name = CELL_NAMES[apart[0]]
        raise r.fault(
            f"tiles.{name}",
            f"{name} lies apart from the explored jungle: every tile is placed next to an "
            "explored hex (TIKAL-PLACE-1)",
        )


def _temple(state: State, c: int, value: Any, r: Reader) -> State:
    key = f"temples.{CELL_NAMES[c]}"
    now = state.temples[c]
    if not now:
        raise r.fault(key, f"there is no temple on {CELL_NAMES[c]}")
    value = r.number(key, value, now, _TOP_LEVEL)
    levels = list(state.levels)
    for v in range(now + 1, value + 1):
        if levels[v] == 0:
            raise r.fault(key, f"no level tile of value {v} is left (TIKAL-COMP-3)")
        levels[v] -= 1
    temples = list(state.temples)
    temples[c] = value
    return state.replace(temples=tuple(temples), levels=tuple(levels))


def _levels(state: State, counts: dict[str, Any], r: Reader) -> State:
    box = dict(state.rules.manifest.components.level_tiles)
    row = list(state.levels)
    for value, count in counts.items():
        key = f"levels.{value}"
        v = int(value) if value.isdigit() and len(value) <= 2 else -1
        if v not in box:
            raise r.fault(key, f"a level value {min(box)} to {max(box)}, not {value!r}")
        row[v] = r.number(key, count, 0, row[v])
    return state.replace(levels=tuple(row))


def _standing(state: State, c: int, key: str, r: Reader) -> None:
    kind = terrain(state.rules.manifest).kind(state.placed, c)
    if kind is None or kind is Kind.VOLCANO:
        what = "unexplored" if kind is None else "a volcano"
        raise r.fault(key, f"no piece can stand on {CELL_NAMES[c]}: it is {what} (TIKAL-MOVE-2)")


def _pieces(state: State, p: int, cells: Any, leader: Any, r: Reader) -> State:
    who = player_name(p)
    rows = [list(row) for row in state.workers]
    supply = list(state.supply)
    for name, count in r.table_of(f"workers.{who}", cells).items():
        key = f"workers.{who}.{name}"
        c = r.cell(key, name)
        _standing(state, c, key, r)
        n = r.number(key, count, 1)
        if n > supply[p]:
            raise r.fault(key, f"{who} has only {supply[p]} workers left in the supply")
        rows[p][c] += n
        supply[p] -= n
    leaders = list(state.leaders)
    if leader is not None:
        c = r.cell(f"leaders.{who}", leader)
        _standing(state, c, f"leaders.{who}", r)
        leaders[p] = c
    return state.replace(
        workers=tuple(tuple(row) for row in rows), supply=tuple(supply), leaders=tuple(leaders)
    )


def _camps(state: State, p: int, names: list[Any], r: Reader) -> State:
    key = f"camps.{player_name(p)}"
    row = list(state.camps)
    most = state.rules.manifest.components.camps
    if len(names) + row.count(p) > most:
        raise r.fault(key, f"a player has {most} camps (TIKAL-CAMP-2)")
    for i, name in enumerate(names):
        c = r.cell(at(key, i), name)
        kind = terrain(state.rules.manifest).kind(state.placed, c)
        if row[c] != EMPTY or kind not in (Kind.JUNGLE, Kind.TREASURE):
            raise r.fault(key, f"no camp can stand on {name} (TIKAL-CAMP-1, TIKAL-CAMP-2)")
        row[c] = p
    return state.replace(camps=tuple(row))


def _guard(state: State, c: int, p: int, r: Reader) -> State:
    key = f"guards.{CELL_NAMES[c]}"
    if not state.temples[c] or state.guards[c] != EMPTY:
        raise r.fault(key, f"a guard stands on an unguarded temple, not {CELL_NAMES[c]}")
    if state.guards.count(p) >= state.rules.manifest.components.guards or not state.supply[p]:
        raise r.fault(key, f"{player_name(p)} has no guard left (TIKAL-GUARD-4)")
    row, supply, count = list(state.guards), list(state.supply), list(state.guard_pieces)
    row[c] = p
    supply[p] -= 1
    count[p] += 1
    return state.replace(guards=tuple(row), supply=tuple(supply), guard_pieces=tuple(count))


def _treasures(state: State, p: int, kinds: str, r: Reader) -> State:
    key = f"treasures.{player_name(p)}"
    letters = TREASURE_NAMES[: state.rules.manifest.components.treasure_kinds]
    held = [list(row) for row in state.held]
    hidden = list(state.hidden)
    for letter in kinds:
        if letter not in letters:
            raise r.fault(key, f"treasures are the letters {letters}, not {letter!r}")
        k = letters.index(letter)
        if not hidden[k]:
            raise r.fault(key, f"every copy of treasure {letter} is already held (TIKAL-COMP-4)")
        held[p][k] += 1
        hidden[k] -= 1
    return state.replace(held=tuple(tuple(row) for row in held), hidden=tuple(hidden))


def _ruins(state: State, counts: dict[str, Any], r: Reader) -> State:
    t = terrain(state.rules.manifest)
    ruins = list(state.ruins)
    for name, count in counts.items():
        key = f"ruins.{name}"
        c = r.cell(key, name)
        code = state.placed[c]
        if code < 0 or t.tile_kinds[code // 6] is not Kind.TREASURE:
            raise r.fault(key, f"there is no treasure hex on {name}")
        ruins[c] = r.number(key, count, 0, t.tile_masks[code // 6])
    return state.replace(ruins=tuple(ruins))

