"""Probing a built table: the exact value of a position and a best move, in milliseconds.

:class:`Table` reads one layout's layers (:mod:`.store`, pure Python: no compiler and
no numpy needed). A position between turns is one stored value; an order decision
(TIKI-INFL-3) is valued from its two orders; a best move from the values of the
children (:meth:`Code.children <tiki.tools.solve.code.Code.children>`): the winner's
shortest win, the loser's longest loss, for a draw a move that keeps it.

:func:`solve` is ``tiki.solve``: with ``tables=DIR`` it answers from the table of the
position's layout, or of another layout of its class (``how='table'``; the position
seen there through :func:`tiki.model.symmetry.to_layout`, the best move mapped back),
without it it is the search of :func:`tiki.tools.solve.solve`, unchanged.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import attrs

from ...board.layouts import orbit
from ...engine.contract import apply, new_game
from ...engine.moves import refuse_view
from ...errors import TableError
from ...model.actions import Action
from ...model.rules import Rules
from ...model.state import CHANCE, TIKIS, Phase, State, X
from ...model.symmetry import to_layout, transform_action
from ..solve import solver
from ..solve.code import DRAW, OPEN, STACK, Code, supported
from .store import Layer, LayoutDir, decode, layout_name, rank
from .tallies import describe, mirror_tally, swap_board

__all__ = ["TURNS", "Table", "built_layout", "line", "returns", "solve", "table"]

TURNS = 200
"""The turn count of :meth:`Table.position`'s states."""
_Value = tuple[str, int | None]
_FLIP = {"win": "loss", "loss": "win", "draw": "draw"}


class Table:
    """The built table of ``layout`` under the table directory ``top``."""

    def __init__(self, top: str | os.PathLike[str], layout: tuple[int, ...]) -> None:
        """Open the table of ``layout`` (its ``meta.json`` checked; layers opened on use)."""
        self.where = LayoutDir(top, layout)
        """The layout's folder."""
        meta = self.where.meta()
        self.layout = layout
        """The village values, a1 … c3."""
        self.order: tuple[int, ...] = tuple(int(t) for t in meta["tallies"])
        """The tally of each layer, in building order."""
        self.index = {t: i for i, t in enumerate(self.order)}
        """The layer of each tally."""
        self.code = Code(new_game(layout=layout, first=X))
        """The compact code of the layout's game."""
        self.reads = 0
        """Stored values read so far."""
        self._layers: dict[int, Layer] = {}

    def close(self) -> None:
        """Close the layers read so far (their files may then be deleted); a later
        probe opens them again."""
        for found in self._layers.values():
            found.close()
        self._layers.clear()

    def layer(self, layer: int) -> Layer:
        """The file of ``layer``; :class:`TableError` if it is not built, or its file is
        missing or damaged."""
        found = self._layers.get(layer)
        if found is None:
            if not self.where.is_readable(layer) and not self.where.is_built(layer):
                raise TableError(
                    f"layer {layer} ({describe(self.order[layer])}) of layout "
                    f"{','.join(map(str, self.layout))} is not built in {self.where.top}"
                )
            found = self._layers[layer] = self.where.open_layer(layer)
        return found

    def split(self, key: int) -> tuple[int, int, int]:
        """(layer, dense board, player on turn) of a between-turns code ``key``."""
        tally = (key >> 36) & 0x1FFF
        layer = self.index.get(tally)
        if layer is None:
            raise TableError(f"the fruit tally {tally:#x} is never reached in this layout's game")
        board, m = 0, 1
        for v in range(9):
            board += ((key >> (4 * v)) & 15) * m
            m *= 7
        return layer, board, key >> 49

    def position(self, layer: int, board: int, player: int) -> State:
        """The state between turns of (``layer``, dense ``board``, ``player`` on turn).

        A table's position has no turn count: it is set to :data:`TURNS`, enough turns
        for the tally of any layer (so that ``tiki.to_text`` and back reads it)."""
        tally = self.order[layer]
        stacks = []
        for _ in range(9):
            board, c = divmod(board, 7)
            stacks.append(STACK[c])
        return attrs.evolve(
            self.code.root,
            stacks=tuple(stacks),
            supply=(
                TIKIS - sum(s.count(0) for s in stacks),
                TIKIS - sum(s.count(1) for s in stacks),
            ),
            turn=TURNS,
            fruits=(tally & 7, (tally >> 3) & 7),
            reserve=(tally >> 6) & 7,
            spoiled=(tally >> 9) & 7,
            tiebreak=bool(tally >> 12),
            active=player,
            actor=player,
        )

    def key_value(self, key: int) -> _Value:
        """``('win'|'loss'|'draw', plies)`` for the player who decides at code ``key``."""
        if self.code._full(key):  # an order decision: the better of the two orders
            return _best(self._outcomes(key))
        layer, board, player = self.split(key)
        mirror = self.index[mirror_tally(self.order[layer])]
        if mirror < layer:  # a mirror layer, not stored: its mirror through the colour swap
            layer, board, player = mirror, swap_board(board), 1 - player
        r = rank(board)
        if r < 0:  # pragma: no cover - the engine allows 8 tikis a player
            raise TableError("more than 8 tikis of a player on the board")
        self.reads += 1
        return decode(self.layer(layer).stored(r, player))

    def _outcomes(self, key: int) -> list[tuple[Action, _Value]]:
        """Each action at ``key`` with its value for the one who decides there."""
        code = self.code
        me = code.actor(key)
        out: list[tuple[Action, _Value]] = []
        for action, child, over in code.children(key):
            if over != OPEN:
                out.append((action, ("draw", None) if over == DRAW else
                            ("win" if over == me else "loss", 0)))  # fmt: skip
                continue
            value, plies = self.key_value(child)
            if code.actor(child) != me:
                value = _FLIP[value]
            out.append((action, (value, plies)))
        return out

    def best(self, key: int) -> tuple[Action, str, int | None]:
        """A best action at ``key`` with the value it keeps and the plies to the end."""
        value, plies = _best(outcomes := self._outcomes(key))
        for action, (v, d) in outcomes:
            if v == value and (d is None or d + 1 == plies):
                return action, value, plies
        raise AssertionError("no action keeps the value")  # pragma: no cover

    def solution(self, state: State) -> solver.Solution:
        """The :class:`~tiki.tools.solve.Solution` of ``state`` (between turns or an
        order decision of this layout, default rules) from the table."""
        if state.tiles != self.layout:
            raise TableError(f"a position of layout {state.tiles}, not {self.layout}")
        self.reads = 0
        action, value, plies = self.best(self.code.encode(state))
        return solver.Solution(value, state.actor, action, plies, self.reads, 0, "table")


def _best(outcomes: list[tuple[Action, _Value]]) -> _Value:
    """The decider's value from his actions' values (one ply each)."""
    wins = [d for _, (v, d) in outcomes if v == "win" and d is not None]
    if wins:
        return "win", min(wins) + 1
    if any(v == "draw" for _, (v, _) in outcomes):
        return "draw", None
    return "loss", max(d or 0 for _, (_, d) in outcomes) + 1


@functools.lru_cache(maxsize=16)
def table(top: str, layout: tuple[int, ...]) -> Table:
    """The :class:`Table` of ``layout`` under directory ``top``, opened once."""
    return Table(top, layout)


def solve(
    state: State, *, limit: int = 1_000_000, tables: str | os.PathLike[str] | None = None
) -> solver.Solution:
    """The value of ``state`` under perfect play: :func:`tiki.tools.solve.solve`'s search
    within ``limit`` positions, or with ``tables`` (a table directory, ``tiki tables
    build --dir``) the exact value read from the table of its layout, or else of the
    first layout of its class built there (the least: the representative, that
    ``tiki tables sweep`` builds, if it is), the position mapped onto it by a symmetry
    and the best move mapped back (``how='table'``; ``nodes`` the stored values read).

    The table holds the default rules' positions between turns and order decisions;
    anything else (other rules, the shaman's move), a layout or a layer not built is a
    :class:`~tiki.errors.TableError`. A chance node is refused and a finished game
    answered as without a table.

    >>> from tiki import new_game
    >>> solve(new_game(seed=1), tables="/nonexistent")
    Traceback (most recent call last):
    ...
    tiki.errors.TableError: tables: /nonexistent is not a directory
    """
    if tables is None:
        return solver.solve(state, limit=limit)
    top = Path(tables)
    if not top.is_dir():
        raise TableError(f"tables: {top} is not a directory")
    refuse_view(state)
    if type(state) is not State or state.actor == CHANCE or state.result is not None:
        return solver.solve(state, limit=limit)  # refused, or over, as without tables
    if state.rules != Rules() or not supported(state):
        raise TableError("tables: they hold the default rules' turns and order decisions")
    if state.phase not in (Phase.TURN, Phase.ORDER):  # pragma: no cover - supported() says
        raise TableError(f"tables: no {state.phase.value} decision in a table")
    return _by_class(str(top.resolve()), state)


def built_layout(top: str | os.PathLike[str], tiles: tuple[int, ...]) -> tuple[int, ...]:
    """The layout whose table under ``top`` answers the layout ``tiles``: itself if it
    is there, else the first of its class that is (in :func:`~tiki.board.layouts.orbit`'s
    order); a :class:`~tiki.errors.TableError` if none is."""
    for layout in (tiles, *orbit(tiles)):
        if (Path(top) / layout_name(layout) / "meta.json").is_file():
            return layout
    raise TableError(
        f"layout {','.join(map(str, tiles))} is not built in {top}, nor any layout of its class"
    )


def _by_class(top: str, state: State) -> solver.Solution:
    """The solution of ``state`` from the table of its layout under ``top``, or of the
    first layout of its class built there, mapped back."""
    tiles = state.tiles
    layout = built_layout(top, tiles)
    if layout == tiles:
        return table(top, tiles).solution(state)
    seen, symmetry = to_layout(state, layout)
    found = table(top, layout).solution(seen)
    if found.best is None:  # pragma: no cover - an open position has a best move
        return found
    return attrs.evolve(found, best=transform_action(found.best, symmetry.inverse))


def returns(state: State, tables: str | os.PathLike[str]) -> tuple[float, float]:
    """x's and o's returns under perfect play from ``state``, read from ``tables``: +1
    for the winner, −1 for the loser, 0 each for a draw (a finished game: its result).

    A turn cap (``max_turns``, as OpenSpiel's ``python_tiki`` sets one) is ignored: the
    table's game is the default one, without a cap (TIKI-END-6), and its value is the
    oracle's; every other rule must be the default's.

    >>> from tiki import new_game
    >>> returns(new_game(seed=1), "/nonexistent")
    Traceback (most recent call last):
    ...
    tiki.errors.TableError: tables: /nonexistent is not a directory
    """
    uncapped = state
    if state.rules.max_turns is not None:
        uncapped = attrs.evolve(state, rules=attrs.evolve(state.rules, max_turns=None))
    result = state.result
    winner = solve(uncapped, tables=tables).winner if result is None else result.winner
    if winner is None:
        return 0.0, 0.0
    return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)


def line(state: State, tables: str | os.PathLike[str], max_plies: int = 400) -> list[Action]:
    """The principal variation from ``state``, read from ``tables``: the best action of
    each decider in turn (the winner's shortest win against the loser's longest
    resistance) until the game ends, or ``max_plies`` actions for a draw, which may
    never end. It replays through :func:`tiki.apply`; a won line has the table's plies.
    """
    actions: list[Action] = []
    while state.result is None and len(actions) < max_plies:
        best = solve(state, tables=tables).best
        if best is None:  # pragma: no cover - an open position always has one
            break
        actions.append(best)
        state = apply(state, best)
    return actions
