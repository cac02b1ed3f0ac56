"""The board field of the position string: 5 rows, top (row 5) first, separated by
``/``; in each row the cells a … h separated by ``,``, a run of unexplored cells
written as its length. A cell is ``*`` (printed) or ``<tile id>:<turns>``, then
``=<value>`` (a temple's value, if not its printed one), ``$<n>`` (treasures still
face down, if not the tile's masks), ``^<p>`` (camp of player p), ``!<p>`` (guard of
player p), and ``+<p>:<workers>L`` for each player with pieces there (``L``: the
leader; a count of 0 is left out)."""

from __future__ import annotations

import re

import attrs

from ..board.hexgrid import CELL_COUNT, CELL_NAMES, COLUMNS, ROWS
from ..board.terrain import Terrain
from ..board.tiles import Kind
from ..bounds import MAX_COUNT, shown
from ..errors import NotationError
from ..model.state import EMPTY, PRINTED, State

__all__ = ["Board", "board_text", "read_board"]

_CELL = re.compile(
    r"(?:(?P<printed>\*)|(?P<id>[A-Za-z0-9_]+):(?P<rot>[0-5]))"
    r"(?:=(?P<temple>0|[1-9][0-9]*))?"
    r"(?:\$(?P<ruins>0|[1-9][0-9]*))?"
    r"(?:\^(?P<camp>[0-9]))?"
    r"(?:!(?P<guard>[0-9]))?"
    r"(?P<pieces>(?:\+[0-9]:(?:[1-9][0-9]*)?L?)*)"
)
_PIECES = re.compile(r"\+([0-9]):([1-9][0-9]*)?(L?)")
_RUN = re.compile(r"[1-9]")


@attrs.define
class Board:
    """What the board field holds, per cell; ``spots`` are the offsets of the cell
    tokens (a run's offset for the cells in it)."""

    placed: list[int]
    temples: list[int]
    ruins: list[int]
    camps: list[int]
    guards: list[int]
    workers: list[list[int]]
    leaders: list[int | None]
    spots: list[int]


def _cell_token(state: State, t: Terrain, cell: int) -> str:
    code = state.placed[cell]
    if code == PRINTED:
        out, value, masks = "*", t.printed_value[cell], 0
    else:
        tile, rot = divmod(code, 6)
        out, value, masks = f"{t.tile_ids[tile]}:{rot}", t.tile_values[tile], t.tile_masks[tile]
        if t.tile_kinds[tile] is not Kind.TEMPLE:
            value = 0
    if state.temples[cell] != value:
        out += f"={state.temples[cell]}"
    if state.ruins[cell] != masks:
        out += f"${state.ruins[cell]}"
    if state.camps[cell] != EMPTY:
        out += f"^{state.camps[cell] + 1}"
    if state.guards[cell] != EMPTY:
        out += f"!{state.guards[cell] + 1}"
    for p in range(state.rules.players):
        workers, leader = state.workers[p][cell], state.leaders[p] == cell
        if workers or leader:
            out += f"+{p + 1}:{workers or ''}{'L' if leader else ''}"
    return out


def board_text(state: State, t: Terrain) -> str:
    """Return the board field of ``state``."""
    rows = []
    for row in range(ROWS, 0, -1):
        tokens: list[str] = []
        run = 0
        for col in range(COLUMNS):
            cell = COLUMNS * (row - 1) + col
            if state.placed[cell] == EMPTY:
                run += 1
                continue
            if run:
                tokens.append(str(run))
                run = 0
            tokens.append(_cell_token(state, t, cell))
        if run:
            tokens.append(str(run))
        rows.append(",".join(tokens))
    return "/".join(rows)


def read_board(field: str, at: int, players: int, t: Terrain) -> Board:
    """Read the board field found at offset ``at``; raise :class:`NotationError` at the
    row or cell token that cannot be read."""
    board = Board(
        placed=[EMPTY] * CELL_COUNT,
        temples=[0] * CELL_COUNT,
        ruins=[0] * CELL_COUNT,
        camps=[EMPTY] * CELL_COUNT,
        guards=[EMPTY] * CELL_COUNT,
        workers=[[0] * CELL_COUNT for _ in range(players)],
        leaders=[None] * players,
        spots=[at] * CELL_COUNT,
    )
    rows = field.split("/")
    if len(rows) != ROWS:
        raise NotationError(f"the board has {ROWS} rows separated by '/', found {len(rows)}", at)
    offset = at
    for r, text in enumerate(rows):
        row = ROWS - r
        col = 0
        start = offset
        for token in text.split(","):
            if col >= COLUMNS:
                raise NotationError(f"row {row} has more than {COLUMNS} cells", offset)
            cell = COLUMNS * (row - 1) + col
            if _RUN.fullmatch(token):
                if col + int(token) > COLUMNS:
                    raise NotationError(f"row {row} has more than {COLUMNS} cells", offset)
                for c in range(cell, cell + int(token)):
                    board.spots[c] = offset
                col += int(token)
            else:
                _read_cell(board, token, offset, cell, players, t)
                col += 1
            offset += len(token) + 1
        if col != COLUMNS:
            raise NotationError(f"row {row} has {col} cells, not {COLUMNS}", start)
    return board


def _read_cell(board: Board, token: str, at: int, cell: int, players: int, t: Terrain) -> None:
    name = CELL_NAMES[cell]
    board.spots[cell] = at
    m = _CELL.fullmatch(token)
    if m is None:
        raise NotationError(f"cannot read cell {name}: {token!r}", at)
    value = masks = 0
    if m["printed"]:
        board.placed[cell] = PRINTED
        value = t.printed_value[cell]
    else:
        tile = t.index.get(m["id"])
        if tile is None:
            raise NotationError(f"unknown tile {m['id']!r} on {name}", at)
        board.placed[cell] = tile * 6 + int(m["rot"])
        masks = t.tile_masks[tile]
        if t.tile_kinds[tile] is Kind.TEMPLE:
            value = t.tile_values[tile]
    board.temples[cell] = value
    board.ruins[cell] = masks
    if m["temple"] is not None:
        if not value:
            raise NotationError(f"{name} is no temple: '=' gives a temple's value", at)
        board.temples[cell] = _count(m["temple"], at, f"the temple value on {name}")
    if m["ruins"] is not None:
        if not masks:
            raise NotationError(f"{name} is no ruin: '$' counts a ruin's treasures", at)
        board.ruins[cell] = _count(m["ruins"], at, f"the treasures on {name}")
    for key, owners in (("camp", board.camps), ("guard", board.guards)):
        if m[key] is not None:
            owners[cell] = _owner(m[key], players, at + m.start(key), f"{key} on {name}")
    seen: set[int] = set()
    for piece in _PIECES.finditer(m["pieces"]):
        where = at + m.start("pieces") + piece.start()
        p = _owner(piece[1], players, where + 1, f"pieces on {name}")
        if p in seen:
            raise NotationError(f"P{p + 1}'s pieces on {name} are given twice", where)
        if not (piece[2] or piece[3]):
            raise NotationError(f"'+{piece[1]}:' needs a count of workers or L", where)
        seen.add(p)
        board.workers[p][cell] = _count(piece[2] or "0", where, f"P{p + 1}'s workers on {name}")
        if piece[3]:
            if board.leaders[p] is not None:
                raise NotationError(f"P{p + 1}'s leader stands on two cells", where)
            board.leaders[p] = cell


def _count(digits: str, at: int, what: str) -> int:
    """A count of the board field, at most ``bounds.MAX_COUNT`` (not converted beyond)."""
    if len(digits) > len(str(MAX_COUNT)) or int(digits) > MAX_COUNT:
        raise NotationError(f"{what} is at most {MAX_COUNT}, not {shown(digits)}", at)
    return int(digits)


def _owner(digit: str, players: int, at: int, what: str) -> int:
    p = int(digit) - 1
    if not 0 <= p < players:
        raise NotationError(f"no player {digit} for the {what}: players are 1 to {players}", at)
    return p
