"""The Speed part of the position string: the ``speed:...`` field (used by
:mod:`tikalspeed.text.position`).

The field is ``speed:<tokens>/<chosen>/<jumpers>/<jump order>/<round order>/<secured>/
<volcano placers>``, the :class:`~tikalspeed.State` fields of the same names in that
order; ``-`` is an empty tuple. In the chosen part a secret choice to stop
(SPEED-JUMP-8, ``Rules(forfeit=True)``) is ``end``. Two more parts follow only while
one is set: the kind of a Jump turn's actions under ``Rules(jump_action='one-kind')``
(SPEED-JUMP-3), ``State.jump_kind``, as ``/move`` (``/-`` for none); then the actions
opened in the running Jump under ``Rules(jump_blocked='lost')`` (SPEED-JUMP-7),
``State.opened``, as ``/P3:camp:c1,P2:swap:A:P1:E``.

>>> from tikalspeed import new_game, Rules
>>> from tikalspeed.board.terrain import terrain
>>> s = new_game(Rules(mode="speed", players=3), seed=1)
>>> speed_text(s, terrain(s.rules.manifest))
'speed:10,10,10/-/-/-/-/-,-,-/-'
"""

from __future__ import annotations

from typing import Any

from ..board.hexgrid import CELL_NAMES
from ..board.terrain import Terrain
from ..model.actions import player_name
from ..model.records import STOP
from ..model.rules import Rules
from ..model.state import State
from ._checkspeed import JUMP_KINDS, SPEED_FIELDS
from ._fields import NAT, entries, fail, number, read_player, split

__all__ = ["HIDDEN", "SPEED_FIELDS", "STOPS", "part_offset", "read_speed", "speed_text"]

HIDDEN = "?"
"""How a token choice hidden by :func:`tikalspeed.observe` is written (not read back)."""

STOPS = "end"
"""How a secret choice to stop (``STOP``, SPEED-JUMP-8, ``Rules(forfeit=True)``) is
written in the chosen part: the token of the stop."""

_CELL_INDEX = {name: c for c, name in enumerate(CELL_NAMES)}
_PER_PLAYER = ("tokens", "chosen", "secured")


def _players(players: tuple[int, ...]) -> str:
    return ",".join(player_name(p) for p in players) or "-"


def speed_text(state: State, t: Terrain) -> str:
    """The ``speed:...`` field of ``state`` (a Speed game)."""
    chosen = ",".join(_choice(c) for c in state.chosen) or "-"
    secured = ",".join("-" if x < 0 else t.tile_ids[x] for x in state.secured) or "-"
    parts = [
        ",".join(str(x) for x in state.tokens) or "-",
        chosen,
        _players(state.jumpers),
        _players(state.jump_order),
        _players(state.round_order),
        secured,
        _players(state.volcano_placers),
    ]
    if state.jump_kind or state.opened:  # SPEED-JUMP-3, SPEED-JUMP-7: only while set
        parts.append(state.jump_kind or "-")
    if state.opened:
        parts.append(",".join(state.opened))
    return "speed:" + "/".join(parts)


def _choice(c: int) -> str:
    """A token choice as the chosen part writes it: a count, ``end`` (a stop) or ``?``
    (hidden in a view)."""
    return STOPS if c == STOP else HIDDEN if c < 0 else str(c)


def part_offset(field: str, at: int, index: int, player: int | None = None) -> int:
    """The offset of part ``index`` (and of ``player``'s entry in it, if given) of the
    ``speed:`` field at offset ``at``."""
    parts = _parts(field, at)
    if index >= len(parts):
        return at
    part, where = parts[index]
    found = split(part, where)
    if player is not None and part != "-" and player < len(found):
        return found[player][1]
    return where


def _parts(field: str, at: int) -> list[tuple[str, int]]:
    out = []
    at += 6
    for part in field[6:].split("/"):
        out.append((part, at))
        at += len(part) + 1
    return out


def read_speed(field: str, at: int, rules: Rules, t: Terrain) -> dict[str, Any]:
    """Read the ``speed:...`` field into the Speed :class:`~tikalspeed.State` fields."""
    n = rules.players
    parts = _parts(field, at)
    if not len(SPEED_FIELDS) - 2 <= len(parts) <= len(SPEED_FIELDS):
        raise fail(
            "the speed field is speed:<tokens>/<chosen>/<jumpers>/<jump order>/"
            "<round order>/<secured>/<volcano placers>, then /<jump kind>/<opened> while "
            "one is set",
            at,
        )
    out: dict[str, Any] = {}
    for name, (part, where) in zip(SPEED_FIELDS, parts, strict=False):
        if name == "jump_kind":
            if part != "-" and part not in JUMP_KINDS:
                kinds = ", ".join(JUMP_KINDS)
                raise fail(f"the jump kind is '-' or one of {kinds}, not {part!r}", where)
            out[name] = "" if part == "-" else part
        elif name == "opened":
            out[name] = tuple(e for e, _ in split(part, where))
        elif name in _PER_PLAYER and part != "-":
            found = split(part, where)
            if len(found) != n:
                raise fail(f"the {name} part has one entry per player ({n}) or is '-'", where)
            out[name] = tuple(_entry(name, e, w, t) for e, w in found)
        else:
            what = name.replace("_", " ")
            out[name] = tuple(
                read_player(e, w, n, f"player in the {what}") for e, w in entries(part, where)
            )
    return out


def _entry(name: str, entry: str, at: int, t: Terrain) -> int:
    if name == "secured":
        if entry == "-":
            return -1
        tile = t.index.get(entry)
        if tile is None:
            raise fail(f"unknown tile {entry!r} in the secured part", at)
        return tile
    if name == "chosen" and entry == STOPS:
        return STOP  # SPEED-JUMP-8: checked with the position (Rules.forfeit, a Jump)
    if name == "chosen" and entry == HIDDEN:
        raise fail(
            "a hidden token choice '?' (an observe() view) cannot be read back: a position "
            "holds every choice (SPEED-JUMP-1)",
            at,
        )
    if not NAT.fullmatch(entry):
        raise fail(f"a count in the {name} part is a whole number, not {entry!r}", at)
    return number(entry, at, name)
