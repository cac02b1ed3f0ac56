"""The Speed parts of the position string: the ``speed:...`` field and the
``P2:d3`` marks of the raised and dug fields (used by :mod:`tikalspeed._position`).

The field is ``speed:<tokens>/<chosen>/<jumpers>/<jump order>/<round order>/<secured>/
<volcano placers>``, the :class:`~tikalspeed.State` fields of the same names in that
order; ``-`` is an empty tuple.

>>> from tikalspeed import new_game, Rules
>>> from tikalspeed.terrain import terrain
>>> s = new_game(Rules(mode="speed", players=3), seed=1)
>>> speed_text(s, terrain(s.rules.manifest))
'speed:10,10,10/-/-/-/-/-,-,-/-'
"""

from __future__ import annotations

from typing import Any

from ._checkspeed import SPEED_FIELDS
from ._fieldtext import NAT, entries, fail, number, player_from_name, read_player, split
from .actions import player_name
from .hexgrid import CELL_COUNT, CELL_NAMES
from .rules import Rules
from .state import State
from .terrain import Terrain

__all__ = ["HIDDEN", "SPEED_FIELDS", "marks_text", "part_offset", "read_marks", "read_speed"]

HIDDEN = "?"
"""How a token choice hidden by :func:`tikalspeed.observe` is written (not read back)."""

_CELL_INDEX = {name: c for c, name in enumerate(CELL_NAMES)}
_PER_PLAYER = ("tokens", "chosen", "secured")


def _players(players: tuple[int, ...]) -> str:
    return ",".join(player_name(p) for p in players) or "-"


def speed_text(state: State, t: Terrain) -> str:
    """The ``speed:...`` field of ``state`` (a Speed game)."""
    chosen = ",".join(HIDDEN if c < 0 else str(c) for c in state.chosen) or "-"
    secured = ",".join("-" if x < 0 else t.tile_ids[x] for x in state.secured) or "-"
    parts = (
        ",".join(str(x) for x in state.tokens) or "-",
        chosen,
        _players(state.jumpers),
        _players(state.jump_order),
        _players(state.round_order),
        secured,
        _players(state.volcano_placers),
    )
    return "speed:" + "/".join(parts)


def marks_text(state: State, marks: tuple[int, ...]) -> str:
    """The raised or dug field: cells, or in the Speed game ``P2:d3`` marks."""
    if state.rules.mode != "speed":
        return ",".join(CELL_NAMES[c] for c in marks) or "-"
    return (
        ",".join(f"{player_name(m // CELL_COUNT)}:{CELL_NAMES[m % CELL_COUNT]}" for m in marks)
        or "-"
    )


def read_marks(field: str, at: int, rules: Rules, what: str) -> tuple[int, ...]:
    """Read the raised or dug field: cell names, or in the Speed game ``<player>:<cell>``
    marks (``player * 40 + cell``), keeping order and repeats."""
    speed = rules.mode == "speed"
    out = []
    for entry, where in entries(field, at):
        name, colon, cell = entry.partition(":") if speed else ("", "", entry)
        p = player_from_name(name, rules.players) if speed else 0
        if not speed and cell not in _CELL_INDEX:
            raise fail(f"unknown cell {cell!r} in the {what} field", where)
        if p is None or (speed and not colon) or cell not in _CELL_INDEX:
            raise fail(
                f"each entry of the {what} field is '<player>:<cell>', e.g. P2:d3, not {entry!r}",
                where,
            )
        out.append(p * CELL_COUNT + _CELL_INDEX[cell])
    return tuple(out)


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
    if len(parts) != len(SPEED_FIELDS):
        raise fail(
            "the speed field is speed:<tokens>/<chosen>/<jumpers>/<jump order>/"
            "<round order>/<secured>/<volcano placers>",
            at,
        )
    out: dict[str, Any] = {}
    for name, (part, where) in zip(SPEED_FIELDS, parts, strict=True):
        if name in _PER_PLAYER and part != "-":
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
    if name == "chosen" and entry == HIDDEN:
        raise fail(
            "a hidden token choice '?' (an observe() view) cannot be read back: a position "
            "holds every choice (SPEED-JUMP-1)",
            at,
        )
    if not NAT.fullmatch(entry):
        raise fail(f"a count in the {name} part is a whole number, not {entry!r}", at)
    return number(entry, at, name)
