"""The table checked: its C generators against the engine's code, a built layer against
its own children, and against the search solver (the tests call these in-process).

- :func:`check_generator`: the C move generator gives, position by position, the
  actions of :meth:`Code.children <tiki.tools.solve.code.Code.children>` (itself
  proved against the engine), in its order, with the same successor or result, both
  orders of an order decision included.
- :func:`check_unmoves`: every in-layer edge is found again backwards, as often and as
  long, by the unmove generator the layers are built with, and every unmove is an edge.
- :func:`check_bellman`: a stored value is the one its children give (a win when a
  child is lost for the other, the shortest; a loss when every child is won for him,
  the longest; else a draw). Exact labels that satisfy this everywhere are the true
  values (induction on the distance): this checks the table, not just the C code.
- :func:`check_solver`: where :func:`tiki.tools.solve.solve` proves a position, its
  value and plies are the table's.

Each returns the number checked and a list of mismatches in words (empty when right).
"""

from __future__ import annotations

import random
from array import array

import attrs

from ...model.actions import Create, Move, Order, Pass
from ..solve import solver
from ..solve.code import OPEN
from .native import Builder
from .probe import Table, _best
from .tallies import OVER

__all__ = ["Report", "check_bellman", "check_generator", "check_solver", "check_unmoves", "key"]


@attrs.frozen
class Report:
    """What a check went through, and what it found wrong."""

    checked: int
    """Positions (or edges) checked."""
    detail: dict[str, int]
    """Counts of what was met (actions, order decisions, values …)."""
    mismatches: tuple[str, ...]
    """Each disagreement in words; empty when the check passed."""


def key(table: Table | Builder, layer: int, board: int, player: int) -> int:
    """The compact code key of (``layer``, dense ``board``, ``player`` on turn)."""
    order = table.order if isinstance(table, Table) else table.tallies.order
    bits = 0
    for v in range(9):
        board, c = divmod(board, 7)
        bits |= c << (4 * v)
    return bits | order[layer] << 36 | player << 49


def check_generator(builder: Builder, positions: list[tuple[int, int, int]]) -> Report:
    """The C moves of each (layer, dense board, player) against ``Code.children``."""
    code = builder.tallies.code
    bad: list[str] = []
    detail = {"actions": 0, "orders": 0}
    for layer, board, player in positions:
        k = key(builder, layer, board, player)
        mine = builder.gen(layer, board, player)
        ref = code.children(k)
        where = f"layer {layer} board {board} player {player}"
        if len(mine) != len(ref):
            bad.append(f"{where}: {len(mine)} actions, the code {len(ref)}")
            continue
        detail["actions"] += len(mine)
        for (kind, child_board, r1, r2, v1, v2), (action, child, over) in zip(
            mine, ref, strict=True
        ):
            ok = (
                (kind == 3 and isinstance(action, Pass))
                or (kind == 0 and v2 == -2 and isinstance(action, Create) and action.village == v1)
                or (isinstance(action, Move) and action.path[1] == v1
                    and action.path[2:] == ((v2,) if v2 >= 0 else ()))
            )  # fmt: skip
            if not ok:
                bad.append(f"{where}: {action} is not the C action {kind, v1, v2}")
                continue
            if kind == 2:  # an order decision: both orders
                detail["orders"] += 1
                byv = {
                    a.village: (c, o) for a, c, o in code.children(child) if isinstance(a, Order)
                }
                pairs = [(byv.get(v1), r1), (byv.get(v2), r2)]
            else:
                pairs = [((child, over), r1)]
            for found, r in pairs:
                want = _result(builder, r, child_board, 1 - player)
                if found is None or (found[1] != OPEN and (found[1], 0) != want) or (
                    found[1] == OPEN and found != want
                ):
                    bad.append(f"{where}: {action} gives {found}, the C side {want}")
    return Report(len(positions), detail, tuple(bad))


def _result(builder: Builder, r: int, board: int, player: int) -> tuple[int, int]:
    """(child key, OPEN) or (winner or DRAW, 0) of a C result."""
    if r >= OVER:
        return r - OVER, 0
    return key(builder, r, board, player), OPEN


def check_unmoves(builder: Builder, layer: int, boards: int, seed: int = 0) -> Report:
    """The unmoves against the moves (C) on ``boards`` random boards of ``layer``."""
    rng = random.Random(seed)
    ranks = array("I", (rng.randrange(builder.nvalid) for _ in range(boards)))
    bad, edges = builder.check_unmoves(layer, ranks)
    return Report(edges, {"boards": boards}, tuple(f"{bad} mismatches" for _ in range(bad > 0)))


def check_bellman(table: Table, positions: list[tuple[int, int, int]]) -> Report:
    """The stored value of each (layer, dense board, player) against its children's."""
    bad: list[str] = []
    detail: dict[str, int] = {}
    for layer, board, player in positions:
        k = key(table, layer, board, player)
        stored = table.key_value(k)
        from_children = _best(table._outcomes(k))
        detail[stored[0]] = detail.get(stored[0], 0) + 1
        if stored != from_children:
            bad.append(f"layer {layer} board {board} player {player}: {stored} != {from_children}")
    return Report(len(positions), detail, tuple(bad))


def check_solver(table: Table, positions: list[tuple[int, int, int]], limit: int) -> Report:
    """Each position against the search solver within ``limit`` (where it proves it)."""
    bad: list[str] = []
    detail = {"agree": 0, "unknown": 0}
    for layer, board, player in positions:
        state = table.position(layer, board, player)
        mine = table.key_value(key(table, layer, board, player))
        found = solver.solve(state, limit=limit)
        if not found.exact:
            detail["unknown"] += 1
        elif (found.value, found.plies) == mine:
            detail["agree"] += 1
        else:
            bad.append(f"layer {layer} board {board} player {player}: table {mine}, "
                       f"solver {found.value, found.plies}")  # fmt: skip
    return Report(len(positions), detail, tuple(bad))
