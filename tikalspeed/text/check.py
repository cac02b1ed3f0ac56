"""Consistency of a state read from text or JSON: can a game reach it?

:func:`check_state` is shared by :func:`tikalspeed.from_text` and
:func:`tikalspeed.text.jsonio.state_from_json`. It assumes every field has its shape (the
readers build them so) and raises :class:`StateFault` naming the :class:`~tikalspeed.State`
field at fault, and the cell or player if one is to blame; each reader turns that into
a :class:`~tikalspeed.NotationError` at its own kind of position. Every check holds
for each state the engine can produce.
"""

from __future__ import annotations

from collections import Counter

from ..board.hexgrid import CELL_COUNT, CELL_NAMES, NEIGHBOURS
from ..board.terrain import Terrain, terrain
from ..board.tiles import LETTERS, Kind
from ..model.state import EMPTY, GUARDING, PRINTED, REMOVED, SUPPLY, Phase, State
from ._checkspeed import check_speed
from ._checkturn import (
    StateFault,
    check_auction,
    check_marks,
    check_queue,
    check_result,
    check_scores,
    check_turn,
    mark_cells,
)

__all__ = ["StateFault", "check_state", "tile_at"]

_MAX_LEVEL = 10


def check_state(s: State) -> None:
    """Raise :class:`StateFault` if ``s`` is not a state a game could be in."""
    t = terrain(s.rules.manifest)
    check_marks(s)
    _check_tiles(s, t)
    _check_temples(s, t)
    _check_treasures(s, t)
    _check_camps_and_guards(s, t)
    _check_pieces(s, t)
    check_turn(s, t)
    check_queue(s)
    check_auction(s)
    check_result(s)
    check_speed(s, t)
    check_scores(s)


def tile_at(s: State, cell: int) -> int:
    """The tile on ``cell``: its index, or ``EMPTY`` / ``PRINTED``."""
    code = s.placed[cell]
    return code if code < 0 else code // 6


def _check_tiles(s: State, t: Terrain) -> None:
    where: dict[int, str] = {}

    def mark(tile: int, place: str, field: str, cell: int | None = None) -> None:
        if tile in where:
            raise StateFault(
                field, f"tile {t.tile_ids[tile]} is both {where[tile]} and {place}", cell=cell
            )
        where[tile] = place

    for cell in range(CELL_COUNT):
        code = s.placed[cell]
        printed = t.printed_kind[cell] is not None
        if printed != (code == PRINTED):
            what = "printed" if printed else "not printed"
            raise StateFault("placed", f"{CELL_NAMES[cell]} is {what} (TIKAL-BOARD-3)", cell=cell)
        if code >= 0:
            tile, rot = divmod(code, 6)
            if rot not in t.tile_rotations[tile]:
                raise StateFault(
                    "placed",
                    f"tile {t.tile_ids[tile]} is placed turned {rot}: its distinct turns are "
                    f"{', '.join(map(str, t.tile_rotations[tile]))} (TIKAL-TILE-6)",
                    cell=cell,
                )
            mark(tile, f"on {CELL_NAMES[cell]}", "placed", cell)
    if s.hand >= 0:
        mark(s.hand, "in hand", "hand")
    for tile in s.display:
        mark(tile, "on display", "display")
    for p, tile in enumerate(s.secured):
        placing = s.phase is Phase.PLACE and p == s.active and tile == s.hand
        if tile >= 0 and not placing:
            mark(tile, f"secured by P{p + 1}", "secured")
    drawn_letter = -1
    for letter, stack in enumerate(s.stacks):
        if list(stack) != sorted(set(stack)):
            raise StateFault(
                "stacks", f"stack {LETTERS[letter]} must list its tiles once, in order"
            )
        for tile in stack:
            if t.tile_letters[tile] != LETTERS[letter]:
                raise StateFault(
                    "stacks", f"tile {t.tile_ids[tile]} is not in stack {LETTERS[letter]}"
                )
            mark(tile, "in the stacks", "stacks")
        if len(stack) < sum(1 for x in t.tile_letters if x == LETTERS[letter]):
            drawn_letter = letter
    for letter in range(drawn_letter):
        if s.stacks[letter]:
            raise StateFault(
                "stacks",
                f"a tile of letter {LETTERS[drawn_letter]} was drawn while stack "
                f"{LETTERS[letter]} still holds tiles (TIKAL-DRAW-1)",
            )
    _check_connected(s)


def _check_connected(s: State) -> None:
    """TIKAL-PLACE-1: every tile was laid next to the explored jungle, so the explored
    hexes are one connected region, grown from the printed ones."""
    explored = {c for c in range(CELL_COUNT) if s.placed[c] != EMPTY}
    seen = {c for c in explored if s.placed[c] == PRINTED}
    todo = list(seen)
    while todo:
        for n in NEIGHBOURS[todo.pop()]:
            if n in explored and n not in seen:
                seen.add(n)
                todo.append(n)
    for cell in sorted(explored - seen):
        raise StateFault(
            "placed",
            f"the tile on {CELL_NAMES[cell]} touches no explored hex that joins the printed "
            "ones: every tile is laid next to the explored jungle (TIKAL-PLACE-1)",
            cell=cell,
        )


def _check_temples(s: State, t: Terrain) -> None:
    printed = [0] * CELL_COUNT
    for cell in range(CELL_COUNT):
        tile = tile_at(s, cell)
        if tile == PRINTED:
            printed[cell] = t.printed_value[cell]
        elif tile >= 0 and t.tile_kinds[tile] is Kind.TEMPLE:
            printed[cell] = t.tile_values[tile]
        value = s.temples[cell]
        if printed[cell] and not printed[cell] <= value <= _MAX_LEVEL:
            raise StateFault(
                "temples",
                f"the temple on {CELL_NAMES[cell]} shows {printed[cell]}: its value is "
                f"{printed[cell]} to {_MAX_LEVEL}, not {value} (TIKAL-PLACE-4, TIKAL-UNCOVER-2)",
                cell=cell,
            )
        if value and not printed[cell]:
            raise StateFault("temples", f"{CELL_NAMES[cell]} has no temple", cell=cell)
    initial = dict(s.rules.manifest.components.level_tiles)
    for k, left in enumerate(s.levels):
        start = initial.get(k, 0)
        if not 0 <= left <= start:
            raise StateFault("levels", f"{left} level tiles of value {k}: the box has {start}")
        used = start - left
        top = sum(1 for c in range(CELL_COUNT) if printed[c] < k <= s.temples[c])
        low = sum(1 for c in range(CELL_COUNT) if printed[c] < k == s.temples[c])
        skip = s.rules.sold_out == "skip"
        if not (low <= used <= top) or (used < top and (not skip or left)):
            raise StateFault(
                "levels",
                f"{used} level tiles of value {k} are used, but the temples show "
                f"{top if not skip or left else f'{low} to {top}'} (TIKAL-UNCOVER-2, "
                "TIKAL-UNCOVER-4)",
            )
    limit = s.rules.uncover_limit
    for cell, n in Counter(mark_cells(s, s.raised)).items():
        if not s.temples[cell] or s.temples[cell] < printed[cell] + n:
            raise StateFault(
                "raised", f"the temple on {CELL_NAMES[cell]} was not raised {n} times", cell=cell
            )
    _check_limits(s, s.raised, limit == "turn", "raised", "levels raised", "TIKAL-UNCOVER-3")


def _check_limits(
    s: State, marks: tuple[int, ...], per_turn: bool, field: str, what: str, clause: str
) -> None:
    """At most 2 per cell (or per turn); where players interleave, per player
    (SPEED-JUMP-9)."""
    by_player = Counter(m // CELL_COUNT for m in marks) if s.rules.interleaved else None
    for m, n in Counter(marks).items():
        mine = len(marks) if by_player is None else by_player[m // CELL_COUNT]
        if n > 2 or (per_turn and mine > 2):
            raise StateFault(field, f"too many {what} this turn ({clause})", cell=m % CELL_COUNT)


def _check_treasures(s: State, t: Terrain) -> None:
    copies = s.rules.manifest.components.treasure_copies
    found = 0
    for cell in range(CELL_COUNT):
        tile = tile_at(s, cell)
        masks = t.tile_masks[tile] if tile >= 0 else 0
        if not 0 <= s.ruins[cell] <= masks:
            raise StateFault(
                "ruins",
                f"{CELL_NAMES[cell]} holds {s.ruins[cell]} treasures; its tile shows {masks} "
                "masks (TIKAL-PLACE-4)",
                cell=cell,
            )
        found += masks - s.ruins[cell]
    for kind in range(len(s.hidden)):
        held = sum(h[kind] for h in s.held)
        for p, h in enumerate(s.held):
            if h[kind] < 0:
                raise StateFault("held", "treasure counts cannot be negative", player=p)
        if held > copies:
            raise StateFault("held", f"{held} copies of treasure {'ABCDEFGH'[kind]} are held")
        if s.hidden[kind] != copies - held:
            raise StateFault(
                "hidden",
                f"treasure {'ABCDEFGH'[kind]}: {copies} copies, {held} held, so "
                f"{copies - held} face down, not {s.hidden[kind]} (TIKAL-COMP-4)",
            )
    pending = 1 if s.phase is Phase.TREASURE else 0
    held_total = sum(map(sum, s.held))
    if held_total != found - pending:
        raise StateFault(
            "held",
            f"{held_total} treasures are held, but {found} were dug from the ruins"
            + (" (one still to be found)" if pending else "")
            + " (TIKAL-TREASURE-1, TIKAL-TREASURE-3)",
        )
    for cell in set(mark_cells(s, s.dug)):
        tile = tile_at(s, cell)
        if tile < 0 or t.tile_kinds[tile] is not Kind.TREASURE:
            raise StateFault("dug", f"{CELL_NAMES[cell]} is not a ruin", cell=cell)
    per_turn = s.rules.treasure_limit == "turn"
    _check_limits(s, s.dug, per_turn, "dug", "treasures taken", "TIKAL-TREASURE-2")
    if s.phase is Phase.TREASURE and not s.dug:
        raise StateFault("dug", "a treasure is found only after a dig (TIKAL-TREASURE-3)")


def _check_camps_and_guards(s: State, t: Terrain) -> None:
    n = s.rules.players
    comps = s.rules.manifest.components
    for field, owners, most in (
        ("camps", s.camps, comps.camps),
        ("guards", s.guards, comps.guards),
    ):
        for cell, owner in enumerate(owners):
            if owner != EMPTY and not 0 <= owner < n:
                raise StateFault(field, f"no player {owner}", cell=cell)
        for p in range(n):
            if owners.count(p) > most:
                clause = "TIKAL-CAMP-2" if field == "camps" else "TIKAL-GUARD-4"
                raise StateFault(
                    field, f"P{p + 1} has more than {most} {field} ({clause})", player=p
                )
    for cell in range(CELL_COUNT):
        kind = t.kind(s.placed, cell)
        if s.camps[cell] != EMPTY and not (
            kind is Kind.JUNGLE or (kind is Kind.TREASURE and s.ruins[cell] == 0)
        ):
            raise StateFault(
                "camps",
                f"a camp stands on jungle or an emptied ruin, not on {CELL_NAMES[cell]} "
                "(TIKAL-CAMP-1, TIKAL-TREASURE-4)",
                cell=cell,
            )
        if s.guards[cell] != EMPTY and not s.temples[cell]:
            raise StateFault(
                "guards",
                f"a guard stands on a temple, not on {CELL_NAMES[cell]} (TIKAL-GUARD-1)",
                cell=cell,
            )


def _check_pieces(s: State, t: Terrain) -> None:
    workers = s.rules.manifest.components.workers
    for p in range(s.rules.players):
        row = s.workers[p]
        for cell in range(CELL_COUNT):
            if row[cell] < 0:
                raise StateFault("workers", "worker counts cannot be negative", cell=cell)
            kind = t.kind(s.placed, cell)
            if row[cell] and (kind is None or kind is Kind.VOLCANO):
                raise StateFault(
                    "workers", f"no piece can stand on {CELL_NAMES[cell]} (TIKAL-MOVE-2)", cell=cell
                )
        leader = s.leaders[p]
        if leader >= 0:
            kind = t.kind(s.placed, leader) if leader < CELL_COUNT else None
            if kind is None or kind is Kind.VOLCANO:
                raise StateFault("leaders", f"P{p + 1}'s leader cannot stand there", player=p)
        elif leader not in (SUPPLY, REMOVED, GUARDING):
            raise StateFault("leaders", f"P{p + 1}'s leader is nowhere", player=p)
        guards = s.guards.count(p)
        by_leader = 1 if leader == GUARDING else 0
        if by_leader and not guards:
            raise StateFault(
                "leaders", f"P{p + 1}'s leader guards, but P{p + 1} guards no temple", player=p
            )
        if s.guard_pieces[p] != guards - by_leader:
            raise StateFault(
                "guard_pieces",
                f"P{p + 1} guards {guards} temples, {by_leader} with the leader, so "
                f"{guards - by_leader} workers guard, not {s.guard_pieces[p]} (TIKAL-GUARD-3)",
                player=p,
            )
        if s.supply[p] < 0:
            raise StateFault("supply", "piece counts cannot be negative", player=p)
        on_board, removed = sum(row), max(s.removed[p], 0)
        counted = s.supply[p] + on_board + s.guard_pieces[p] + removed
        if counted != workers or s.removed[p] < 0:
            raise StateFault(
                "supply",
                f"P{p + 1} has {workers} workers, but {s.supply[p]} in supply, {on_board} on "
                f"the board, {s.guard_pieces[p]} guarding and {removed} removed make {counted} "
                "(TIKAL-SETUP-1)",
                player=p,
            )
        if (s.removed[p] or leader == REMOVED) and not guards:
            raise StateFault(
                "removed",
                f"P{p + 1} lost pieces without guarding a temple (TIKAL-GUARD-3)",
                player=p,
            )
        if leader == REMOVED and not s.guard_pieces[p]:
            raise StateFault(
                "leaders",
                f"P{p + 1}'s leader left the game, but no worker of P{p + 1} guards "
                "(TIKAL-GUARD-3)",
                player=p,
            )
