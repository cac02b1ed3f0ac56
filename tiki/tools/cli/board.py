"""A plain-ASCII drawing of a Tiki position for a terminal.

:func:`render` draws the 3×3 island with rank 3 at the top, file letters above and
below and rank numbers on both sides. Each village shows its value (``+2``, ``+1``,
``0``, ``-1``; ``?`` before the layout) and its totem from bottom to top (``x``/``o``).
The shaman, when on the board, is an ``S`` on its edge: in place of the ``|`` between
two villages side by side, or in the middle of the ``-`` line between two villages one
above the other. A status block follows the board. :data:`LEGEND` is this table as the
command line prints it (``legend``):

==========  ==============================================================
``+2``      the village's value: +2, +1, 0 or -1 (``?``: not laid out yet)
``xxo``     its totem, from the bottom up: two x tikis, then an o on top
``S``       the shaman, on the edge between two villages (the shaman rule)
==========  ==============================================================

The layout of the drawing is stable: other modules and golden files rely on it.

>>> from tiki import new_game, apply, Create, X, B2
>>> s = new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=X)
>>> print(render(apply(s, Create(X, B2))))
       a         b         c
  +---------+---------+---------+
3 | +1      |  0      | +1      | 3
  +---------+---------+---------+
2 | +1      | +1 x    | -1      | 2
  +---------+---------+---------+
1 | +1      | +2      |  0      | 1
  +---------+---------+---------+
       a         b         c
turn:      2, o on turn
decision:  o creates or moves a totem
supply:    x 7, o 8
fruits:    x 0, o 0
reserve:   7, spoiled 0
tie-break: off
result:    -
"""

from __future__ import annotations

from gamekit.words import legend_from

from ...board.island import EDGES, VILLAGE_NAMES, edge_between, edge_name
from ...model.state import CHANCE, PLAYER_SYMBOLS, Phase, State
from ...model.view import View
from ...text.decision import describe

__all__ = ["LEGEND", "legend_from", "render", "render_board", "render_status"]

_CELL = 9
"""Characters inside one village cell: `` +2 xox  ``."""

_BORDER = "  +" + ("-" * _CELL + "+") * 3
_FILES_LINE = " " * (3 + _CELL // 2) + (" " * _CELL).join("abc")


LEGEND = legend_from(__doc__, "The board's symbols (a village: its value, then its totem):")
"""What each symbol of the board drawing means: the table of this module's docstring."""


def _who(player: int) -> str:
    return "chance" if player == CHANCE else PLAYER_SYMBOLS[player]


def _cell(state: State, village: int) -> str:
    value = "?" if not state.tiles else f"{state.tiles[village]:+d}".replace("+0", "0")
    stack = "".join(PLAYER_SYMBOLS[p] for p in state.stacks[village])
    return f" {value:>2} {stack:<{_CELL - 4}}"


def render_board(state: State) -> str:
    """Return the drawing of the island alone (no status block), 9 lines.

    >>> from tiki import new_game, Rules, X, O, PlaceShaman, apply, Create, A1
    >>> s = new_game(Rules(shaman=True), layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=X)
    >>> s = apply(s, Create(X, A1))
    >>> s = apply(s, PlaceShaman(O, edge_between(3, 4)))   # a2b2
    >>> print(render_board(s).splitlines()[4])
    2 | +1      S +1      | -1      | 2
    >>> s = new_game(Rules(shaman=True), layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=X)
    >>> s = apply(apply(s, Create(X, A1)), PlaceShaman(O, edge_between(4, 7)))  # b2b3
    >>> print(render_board(s).splitlines()[3])
      +---------+----S----+---------+
    """
    shaman = state.shaman
    lines = [_FILES_LINE, _BORDER]
    for rank in (2, 1, 0):
        row = f"{rank + 1} |"
        for file in range(3):
            v = rank * 3 + file
            row += _cell(state, v)
            if file < 2:
                row += "S" if shaman is not None and shaman == edge_between(v, v + 1) else "|"
            else:
                row += "|"
        lines.append(f"{row} {rank + 1}")
        if rank == 0:
            lines.append(_BORDER)
            continue
        border = "  +"
        for file in range(3):
            v = rank * 3 + file
            if shaman is not None and EDGES[shaman] == (v - 3, v):
                half = _CELL // 2
                border += "-" * half + "S" + "-" * (_CELL - half - 1) + "+"
            else:
                border += "-" * _CELL + "+"
        lines.append(border)
    lines.append(_FILES_LINE)
    return "\n".join(lines)


def _result(state: State) -> str:
    o = state.result
    if o is None:
        return "-"
    who = "draw" if o.winner is None else f"{PLAYER_SYMBOLS[o.winner]} wins"
    return f"{o.result()}, {who} by {o.reason} ({o.scores[0]}-{o.scores[1]})"


def render_status(state: State) -> str:
    """Return the status block: turn, decision, supply, fruits, reserve, tie-break, result.

    Lines for the shaman (when ``Rules.shaman``), the influenced villages still pending
    and the non-default rules appear only when they apply.

    >>> from tiki import new_game
    >>> print(render_status(new_game()))
    turn:      1, nobody on turn yet
    decision:  chance lays out the villages
    supply:    x 8, o 8
    fruits:    x 0, o 0
    reserve:   7, spoiled 0
    tie-break: off
    result:    -
    """
    s = state
    if s.phase is Phase.OVER:
        on_turn = "game over"
    elif s.active < 0:
        on_turn = "nobody on turn yet"
    else:
        on_turn = f"{_who(s.active)} on turn"
    # the turn being played, as the prompt says it; once over, the turns played
    turn = f"{s.turn} played" if s.phase is Phase.OVER else str(s.turn + 1)
    lines = [
        f"turn:      {turn}, {on_turn}",
        f"decision:  {describe(s)}",
    ]
    if s.pending:
        lines.append("pending:   " + ", ".join(VILLAGE_NAMES[v] for v in s.pending))
    lines += [
        f"supply:    x {s.supply[0]}, o {s.supply[1]}",
        f"fruits:    x {s.fruits[0]}, o {s.fruits[1]}",
        f"reserve:   {s.reserve}, spoiled {s.spoiled}",
    ]
    if s.rules.shaman:
        lines.append("shaman:    " + ("off the board" if s.shaman is None else edge_name(s.shaman)))
    lines += [
        f"tie-break: {'on' if s.tiebreak else 'off'}",
        f"result:    {_result(s)}",
    ]
    extra = s.rules.non_default()
    if extra:
        lines.append("rules:     " + ", ".join(f"{k}={_rule_text(v)}" for k, v in extra.items()))
    return "\n".join(lines)


def _rule_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def render(state: State | View) -> str:
    """Return a multi-line drawing of ``state``: the board, then the status block. A
    player's view is drawn as the position it shows (Tiki hides nothing).

    Plain ASCII, no trailing spaces, no final newline; see the module docstring for an
    example.
    """
    if isinstance(state, View):
        state = state.state
    return render_board(state) + "\n" + render_status(state)
