"""A plain-ASCII drawing of a Tikal position for a terminal.

:func:`render` draws the 8×5 board as a brick wall of boxes, one per hex: row ``5`` on
top, columns ``a``–``h`` left to right, and the columns ``a``, ``c``, ``e``, ``g`` half
a hex higher than ``b``, ``d``, ``f``, ``h`` (TIKAL-BOARD-2), so two boxes touch exactly
when their hexes are adjacent. Row numbers stand on the left margin beside column
``a`` and on the right margin beside column ``h``; column letters above and below.

Each box holds three lines: what lies there, then the pieces (two lines):

=============  ===============================================================
``base``       the base camp
``T5``         a temple worth 5 now (``T5 G2``: guarded by P2)
``R3``         a ruin with 3 treasures still face down (``R0``: emptied)
``J``          jungle (the printed clearing too)
``volcano``    a volcano
``C1``         after the kind: P1's camp (``J C1``, ``R0 C3``)
``.``          an unexplored space
``2:3L``       P2's 3 workers and leader here (``2:3``: no leader, ``2:L``: the leader alone)
``*``          too many pieces for the box, listed under the board (``P1*``: P1 decides)
``3``          on a border: crossing it costs 3 action points (a plain border: no way)
=============  ===============================================================

A digit in a box's side or in the line between two boxes is the number of action
points it costs to cross that border (the stones on both sides, TIKAL-MOVE-1); a
border that cannot be crossed keeps its plain ``|`` or ``-``. A box too crowded for
its pieces shows ``*`` and its pieces are listed under the board. A status block
follows: the turn, who decides what, a table of the players and the tiles left.
:data:`LEGEND` is the table above as the command line prints it (``legend``).

The layout of the drawing is stable: other modules and golden files rely on it.

>>> from tikalspeed import new_game, Rules, legal_actions, apply
>>> s = new_game(Rules(mode="classic", players=2), seed=1)
>>> for token in ["place:b3:0", "enter:l:a1", "enter:w:a1", "enter:w:a1",
...               "move:l:a1:b1", "move:w:a1:b1", "uncover:b1"]:
...     s = apply(s, next(a for a in legal_actions(s) if str(a) == token))
>>> print(render(s))
       a         b         c         d         e         f         g         h
  +---------+         +---------+         +---------+         +---------+
  |         |         |         |         |         |         |         |
5 |    .    +---------+    .    +---------+    .    +---------+    .    +---------+
  |         |         |         |         |         |         |         |         |
  +---------+    .    +---------+    .    +---------+    .    +---------+    .    | 5
  |         |         |         |         |         |         |         |         |
4 |    .    +---------+    .    +---------+    .    +---------+    .    +---------+
  |         |         |         |         |         |         |         |         |
  +---------+    .    +---------+    .    +---------+    .    +---------+    .    | 4
  |         |         |         |         |         |         |         |         |
3 |    .    +---------+    .    +---------+    .    +---------+    .    +---------+
  |         | R4      |         |         |         |         |         |         |
  +---------+         +---------+    .    +---------+    .    +---------+    .    | 3
  | T1      |         |         |         |         |         |         |         |
2 |         +----2----+    .    +---------+    .    +---------+    .    +---------+
  |         2 J       |         |         |         |         |         |         |
  +----2----+         +---------+    .    +---------+    .    +---------+    .    | 2
  | base    2         |         |         |         |         |         |         |
1 | 1:1     +----2----+    .    +---------+    .    +---------+    .    +---------+
  |         2 T2      |         |         |         |         |         |         |
  +---------+ 1:1L    +---------+    .    +---------+    .    +---------+    .    | 1
            |         |         |         |         |         |         |         |
            +---------+         +---------+         +---------+         +---------+
       a         b         c         d         e         f         g         h
game:      classic, 2 players
turn:      P1, normal turn
decision:  P1 spends action points: 1 of 10 left
this turn: raised b1
player  score  supply  leader   guards  camps  removed  treasures
P1*         0      16  b1       0/2     0/2          0  -
P2          0      18  supply   0/2     0/2          0  -
tiles:     A 5, B 6, C 5, D 5, E 5, F 5, G 4 (35 to draw)
levels:    2:2 3:6 4:9 5:11 6:8 7:5 8:3 9:2 10:1
result:    -
rules:     mode=classic, players=2
"""

from __future__ import annotations

from gamekit.words import legend_from

from ...board.hexgrid import CELL_NAMES, COLUMNS, NE, ROWS, SE, STEP, S
from ...board.manifest import Manifest
from ...board.terrain import border_cost, terrain
from ...board.tiles import LETTERS, Kind
from ...model.actions import TREASURE_NAMES, player_name
from ...model.state import (
    CHANCE,
    EMPTY,
    GUARDING,
    REMOVED,
    SUPPLY,
    Phase,
    State,
)
from ...model.view import View
from ...text.decision import describe, tile_name
from ._speedstatus import speed_lines, speed_turn

__all__ = ["LEGEND", "legend_from", "render", "render_board", "render_status"]

_W = 9
"""Characters inside a box."""
_H = 4
"""Lines per box: its top border and three lines inside (the bottom is the next top)."""
_LEFT = 2
"""Margin before the first box: the row number and a space."""

_KIND_TEXT = {Kind.BASE_CAMP: "base", Kind.JUNGLE: "J", Kind.VOLCANO: "volcano"}


LEGEND = legend_from(__doc__, "The board's symbols (a box: what lies there, then the pieces):")
"""What each symbol of the board drawing means: the table of this module's docstring."""


def _top(column: int, row: int) -> int:
    """The drawing line (from 0, below the letters line) of the box's top border."""
    return (column % 2) * (_H // 2) + (ROWS - 1 - row) * _H


def _left(column: int) -> int:
    """The character column of the box's left side."""
    return _LEFT + column * (_W + 1)


def _terrain_text(state: State, cell: int) -> str:
    kind = terrain(state.rules.manifest).kind(state.placed, cell)
    if kind is None:
        return ""
    if kind is Kind.TEMPLE:
        text = f"T{state.temples[cell]}"
        if state.guards[cell] != EMPTY:
            text += f" G{state.guards[cell] + 1}"
        return text
    text = f"R{state.ruins[cell]}" if kind is Kind.TREASURE else _KIND_TEXT[kind]
    if state.camps[cell] != EMPTY:
        text += f" C{state.camps[cell] + 1}"
    return text


def _pieces_text(state: State, cell: int) -> list[str]:
    """The piece entries of ``cell``, one per player with pieces there (``'2:3L'``)."""
    out = []
    for p in range(state.players):
        workers = state.workers[p][cell]
        leader = state.leaders[p] == cell
        if workers or leader:
            out.append(f"{p + 1}:{workers or ''}{'L' if leader else ''}")
    return out


def _piece_lines(entries: list[str]) -> list[str] | None:
    """Flow the entries into two lines of the box, or ``None`` if they do not fit."""
    lines: list[str] = [""]
    for entry in entries:
        if not lines[-1]:
            lines[-1] = entry
        elif len(lines[-1]) + 1 + len(entry) <= _W - 1:
            lines[-1] += " " + entry
        else:
            lines.append(entry)
    if len(lines) > 2 or any(len(line) > _W - 1 for line in lines):
        return None
    return lines + [""] * (2 - len(lines))


def _cost_mark(state: State, a: int, b: int | None, plain: str) -> str:
    if b is None:
        return plain
    cost = border_cost(state.rules.manifest, state.placed, a, b)
    return str(cost) if cost else plain


def render_board(state: State | View) -> str:
    """Return the drawing of the board alone (no status block), with the list of
    crowded boxes under it when there is one; see the module docstring. A
    :class:`~tikalspeed.View` is drawn as its player sees it."""
    state = _position(state)
    height = ROWS * _H + _H // 2 + 1
    width = _left(COLUMNS) + 1
    grid = [[" "] * width for _ in range(height)]
    crowded: list[str] = []
    for cell in range(COLUMNS * ROWS):
        column, row = cell % COLUMNS, cell // COLUMNS
        top, left = _top(column, row), _left(column)
        for y in (top, top + _H):
            grid[y][left] = grid[y][left + _W + 1] = "+"
            grid[y][left + 1 : left + _W + 1] = "-" * _W
        for y in range(top + 1, top + _H):
            for x in (left, left + _W + 1):
                if grid[y][x] == " ":
                    grid[y][x] = "|"
        explored = state.placed[cell] != EMPTY
        if explored:
            entries = _pieces_text(state, cell)
            pieces = _piece_lines(entries)
            if pieces is None:
                crowded.append(f"{CELL_NAMES[cell]}: {' '.join(entries)}")
                pieces = ["*", ""]
            lines = [_terrain_text(state, cell), *pieces]
            for i, text in enumerate(lines):
                grid[top + 1 + i][left + 2 : left + 2 + len(text)] = text
        else:
            grid[top + 2][left + 1 + _W // 2] = "."
    for cell in range(COLUMNS * ROWS):  # the crossing costs, once the boxes are drawn
        column, row = cell % COLUMNS, cell // COLUMNS
        top, left = _top(column, row), _left(column)
        mid = left + 1 + _W // 2
        grid[top + _H][mid] = _cost_mark(state, cell, STEP[cell][S], grid[top + _H][mid])
        right = left + _W + 1
        # the upper half of the right side touches the NE neighbour, the lower half the SE
        grid[top + 1][right] = _cost_mark(state, cell, STEP[cell][NE], grid[top + 1][right])
        grid[top + 3][right] = _cost_mark(state, cell, STEP[cell][SE], grid[top + 3][right])
    for row in range(ROWS):
        label = str(row + 1)
        grid[_top(0, row) + 2][0] = label
        y = _top(COLUMNS - 1, row) + 2
        grid[y][width:] = " " + label
    letters = " " * (_LEFT + 1 + _W // 2) + "".join(f"{c:<{_W + 1}}" for c in "abcdefgh"[:COLUMNS])
    lines = [letters.rstrip(), *("".join(r).rstrip() for r in grid), letters.rstrip()]
    if crowded:
        lines.append("crowded: " + "; ".join(crowded))
    return "\n".join(lines)


def _who(player: int) -> str:
    return "chance" if player == CHANCE else player_name(player)


def _leader(state: State, p: int) -> str:
    where = state.leaders[p]
    return {SUPPLY: "supply", REMOVED: "removed", GUARDING: "guard"}.get(
        where, CELL_NAMES[where] if where >= 0 else "?"
    )


def _treasures(held: tuple[int, ...]) -> str:
    text = " ".join(f"{TREASURE_NAMES[k]}{n}" for k, n in enumerate(held) if n)
    return text or "-"


def _player_table(state: State) -> list[str]:
    lines = [
        f"{'player':<8}{'score':>5}  {'supply':>6}  {'leader':<7}  {'guards':<6}  "
        f"{'camps':<5}  {'removed':>7}  treasures"
    ]
    camps_total = state.rules.manifest.components.camps
    guards_total = state.rules.manifest.components.guards
    deciding: tuple[int, ...] = (state.active,)
    if state.phase is Phase.TOKENS:  # SPEED-JUMP-1: all who still choose
        deciding = tuple(p for p in state.jumpers if not state.chosen[p])
    for p in range(state.players):
        mark = "*" if state.phase is not Phase.OVER and p in deciding else ""
        guards = f"{sum(1 for g in state.guards if g == p)}/{guards_total}"
        camps = f"{sum(1 for c in state.camps if c == p)}/{camps_total}"
        lines.append(
            f"{player_name(p) + mark:<8}{state.scores[p]:>5}  {state.supply[p]:>6}  "
            f"{_leader(state, p):<7}  {guards:<6}  {camps:<5}  {state.removed[p]:>7}  "
            f"{_treasures(state.held[p])}"
        )
    return lines


def _result(state: State) -> str:
    o = state.result
    if o is None:
        return "-"
    scores = ", ".join(str(s) for s in o.scores)
    if o.winner is None:
        best = max(o.scores)
        who = ", ".join(player_name(p) for p, s in enumerate(o.scores) if s == best)
        return f"shared win {who} ({scores})"
    return f"{player_name(o.winner)} wins ({scores})"


def _rule_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Manifest):
        return f"{value.name}@{value.version}"
    return str(value)


def render_status(state: State | View) -> str:
    """Return the status block: the turn, the decision, the players, tiles and levels
    (of a :class:`~tikalspeed.View`, what its player sees).

    Lines for the auction display, the turns queued, the temples raised and ruins dug
    this turn and the non-default rules appear only when they apply.

    >>> from tikalspeed import new_game, Rules
    >>> print(render_status(new_game(Rules(mode="professional", players=3), seed=2)))
    game:      professional, 3 players
    turn:      auction round opened by P1, played: nobody yet
    decision:  P1 bids or passes (no bid yet; in the auction: P1, P2, P3)
    player  score  supply  leader   guards  camps  removed  treasures
    P1*        20      18  supply   0/2     0/2          0  -
    P2         20      18  supply   0/2     0/2          0  -
    P3         20      18  supply   0/2     0/2          0  -
    tiles:     A 3, B 6, C 5, D 5, E 5, F 5, G 4 (33 to draw)
    display:   A1 (temple 1), A2 (ruin 4), A3 (jungle)
    levels:    2:3 3:6 4:9 5:11 6:8 7:5 8:3 9:2 10:1
    result:    -
    rules:     mode=professional, players=3
    """
    s = _position(state)
    lines = [f"game:      {s.rules.mode}, {s.players} players"]
    speed = s.rules.mode == "speed"
    if s.phase is Phase.BID or s.phase is Phase.REVEAL:
        played = ", ".join(player_name(p) for p in s.played) or "nobody yet"
        what = "secured" if speed else "played"
        lines.append(
            f"turn:      auction round opened by {player_name(s.round_opener)}, {what}: {played}"
        )
    elif speed and s.phase is not Phase.OVER:
        lines.append(f"turn:      {speed_turn(s)}")
    elif s.phase is not Phase.OVER:
        lines.append(f"turn:      {_who(s.active)}, {s.turn_kind.value} turn")
    lines.append(f"decision:  {describe(s)}")
    if s.queue:
        lines.append("next:      " + ", ".join(f"{k.value} {player_name(p)}" for k, p in s.queue))
    if speed:
        lines += speed_lines(s)
    elif (s.raised or s.dug) and s.phase is not Phase.OVER:
        done: list[str] = [f"raised {CELL_NAMES[c]}" for c in s.raised]
        done += [f"dug {CELL_NAMES[c]}" for c in s.dug]
        lines.append("this turn: " + ", ".join(done))
    lines += _player_table(s)
    stacks = ", ".join(f"{x} {len(st)}" for x, st in zip(LETTERS, s.stacks, strict=False))
    lines.append(f"tiles:     {stacks} ({sum(len(st) for st in s.stacks)} to draw)")
    if s.rules.mode != "classic" and (s.display or s.phase is not Phase.OVER):
        shown = ", ".join(tile_name(s, t) for t in s.display) or "empty"
        lines.append(f"display:   {shown}")
    if s.hand >= 0 and s.phase is not Phase.PLACE:
        lines.append(f"aside:     {tile_name(s, s.hand)}")
    levels = " ".join(f"{v}:{n}" for v, n in enumerate(s.levels) if v >= 2)
    lines.append(f"levels:    {levels}")
    lines.append(f"result:    {_result(s)}")
    extra = s.rules.non_default()
    if extra:
        lines.append("rules:     " + ", ".join(f"{k}={_rule_text(v)}" for k, v in extra.items()))
    return "\n".join(lines)


def render(state: State | View) -> str:
    """Return a multi-line drawing of ``state``: the board, then the status block; of a
    :class:`~tikalspeed.View`, what its player sees (another's token choice is ``?``).

    Plain ASCII, no trailing spaces, no final newline.
    """
    return render_board(state) + "\n" + render_status(state)


def _position(state: State | View) -> State:
    return state.state if isinstance(state, View) else state
