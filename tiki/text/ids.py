"""Action ids: one stable integer per action, for bots, RL frameworks and compact wire
formats (the same idea as ``tikalspeed``'s).

The ids of a ruleset run from 0 to ``action_count(rules) - 1``. First comes x's
block, then o's. Each block holds, in order, the creates (one per village), the
orders (one per village), the moves (one per path, in the order of ``MOVE_PATHS``),
the shaman placed and the shaman moved (one per edge each), the shaman kept, and the
pass. Then come the chance outcomes: the first player (x, o), and last the layouts, in
the order of ``tiki.engine.layouts(rules.tiles)``. Only the layouts depend on the
ruleset, which is why they come last. ``tests/golden/ids/tiki.txt`` holds the
layout fixed across versions.

>>> from tiki import Rules, Create, Move, O
>>> rules = Rules()
>>> action_to_id(rules, Create(O, 4)), id_to_action(rules, action_to_id(rules, Move(O, (0, 1))))
(116, Move(player=O, path=(A1, B1)))
"""

from __future__ import annotations

import functools
import itertools

from ..board.island import EDGES, PATHS, VILLAGES
from ..engine.moves import layouts
from ..errors import NotationError, shown
from ..model.actions import (
    Action,
    Create,
    FirstPlayer,
    KeepShaman,
    Layout,
    Move,
    MoveShaman,
    Order,
    Pass,
    PlaceShaman,
)
from ..model.rules import Rules
from ..model.state import CHANCE

__all__ = ["MOVE_PATHS", "action_count", "action_to_id", "id_to_action"]

MOVE_PATHS: tuple[tuple[int, ...], ...] = tuple(
    sorted(
        {path for by_origin in PATHS[True] for paths in by_origin.values() for path, _ in paths},
        key=lambda p: (len(p), p),
    )
)
"""Every path a totem may move along (either turning rule), shortest first."""
_PATH_INDEX = {p: i for i, p in enumerate(MOVE_PATHS)}
_V, _E = len(VILLAGES), len(EDGES)
_BLOCK = 2 * _V + len(MOVE_PATHS) + 2 * _E + 2
_CHANCE_AT = 2 * _BLOCK


def _layouts(rules: Rules) -> tuple[Layout, ...]:
    return layouts(rules.tiles)  # the engine lists them, cached


@functools.lru_cache(maxsize=8)
def _layout_index(tiles: tuple[int, ...]) -> dict[Layout, int]:
    return {a: i for i, a in enumerate(layouts(tiles))}


def action_count(rules: Rules) -> int:
    """How many ids the actions of ``rules`` have."""
    return _CHANCE_AT + 2 + len(_layouts(rules))


def action_to_id(rules: Rules, action: Action) -> int:
    """The id of ``action`` under ``rules``. Raises :class:`~tiki.NotationError` for a
    malformed action or one the ruleset has no id for."""
    player = getattr(action, "player", None)
    block = _BLOCK * player if type(player) is int and player in (0, 1) else None
    found: int | None = None
    if isinstance(action, Create | Order) and block is not None:
        v = action.village
        if type(v) is int and 0 <= v < _V:
            found = block + (0 if isinstance(action, Create) else _V) + v
    elif isinstance(action, Move) and block is not None:
        i = _PATH_INDEX.get(action.path) if isinstance(action.path, tuple) else None
        found = None if i is None else block + 2 * _V + i
    elif isinstance(action, PlaceShaman | MoveShaman) and block is not None:
        e, first = action.edge, block + 2 * _V + len(MOVE_PATHS)
        if type(e) is int and 0 <= e < _E:
            found = first + (0 if isinstance(action, PlaceShaman) else _E) + e
    elif isinstance(action, KeepShaman | Pass) and block is not None:
        found = block + _BLOCK - (2 if isinstance(action, KeepShaman) else 1)
    elif isinstance(action, FirstPlayer) and player == CHANCE and action.first in (0, 1):
        found = _CHANCE_AT + action.first
    elif isinstance(action, Layout) and player == CHANCE:
        index = _layout_index(rules.tiles).get(action)
        found = None if index is None else _CHANCE_AT + 2 + index
    if found is None:
        raise NotationError(f"{action!r} has no id under these rules")
    return found


def id_to_action(rules: Rules, action_id: int) -> Action:
    """The action with id ``action_id`` under ``rules``. Raises
    :class:`~tiki.NotationError` for an id out of range."""
    count = action_count(rules)
    if type(action_id) is not int or not 0 <= action_id < count:
        raise NotationError(f"an action id is 0 to {count - 1}, not {shown(action_id)}")
    if action_id >= _CHANCE_AT:
        rest = action_id - _CHANCE_AT
        return FirstPlayer(rest) if rest < 2 else _layouts(rules)[rest - 2]
    player, rest = divmod(action_id, _BLOCK)
    kinds = itertools.accumulate((_V, _V, len(MOVE_PATHS), _E, _E, 1, 1))
    starts = (0, *kinds)
    if rest < starts[1]:
        return Create(player, rest)
    if rest < starts[2]:
        return Order(player, rest - starts[1])
    if rest < starts[3]:
        return Move(player, MOVE_PATHS[rest - starts[2]])
    if rest < starts[4]:
        return PlaceShaman(player, rest - starts[3])
    if rest < starts[5]:
        return MoveShaman(player, rest - starts[4])
    return KeepShaman(player) if rest < starts[6] else Pass(player)
