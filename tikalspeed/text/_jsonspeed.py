"""JSON for the Speed part of a state (used by :mod:`tikalspeed.text._jsonstate`): the
``"speed"`` object."""

from __future__ import annotations

from typing import Any

from ..board.terrain import terrain
from ..model.records import STOP
from ..model.rules import Rules
from ..model.state import State
from ._checkspeed import JUMP_KINDS, SPEED_FIELDS
from ._jsonread import (
    JSON,
    fail,
    read_int,
    read_list,
    read_object,
    read_player,
    read_str,
    read_tile,
)

__all__ = ["SPEED_FIELDS", "speed_from_json", "speed_to_json"]

_TOKENS = 10
_OPTIONAL = ("jump_kind", "opened")
_LISTS = tuple(f for f in SPEED_FIELDS if f not in _OPTIONAL)
"""The Speed fields always written (lists)."""
_MAX_CHOICE = 5
_STOP = "end"
"""A secret choice to stop (SPEED-JUMP-8) in ``"chosen"``: the token of the stop."""


def speed_to_json(state: State) -> JSON:
    """The ``"speed"`` object: the Speed fields of ``state`` (a hidden token choice of an
    :func:`tikalspeed.observe` view is ``null``, a secret choice to stop ``"end"``,
    SPEED-JUMP-8). ``"jump_kind"`` (SPEED-JUMP-3,
    ``Rules(jump_action='one-kind')``) and ``"opened"`` (SPEED-JUMP-7,
    ``Rules(jump_blocked='lost')``) are written only while they are set."""
    ids = terrain(state.rules.manifest).tile_ids
    return {
        "tokens": list(state.tokens),
        "chosen": [_STOP if c == STOP else None if c < 0 else c for c in state.chosen],
        "jumpers": list(state.jumpers),
        "jump_order": list(state.jump_order),
        "round_order": list(state.round_order),
        "secured": [None if x < 0 else ids[x] for x in state.secured],
        "volcano_placers": list(state.volcano_placers),
        **({"jump_kind": state.jump_kind} if state.jump_kind else {}),
        **({"opened": list(state.opened)} if state.opened else {}),
    }


def speed_from_json(value: Any, path: str, rules: Rules) -> dict[str, Any]:
    """Read the ``"speed"`` object into the Speed :class:`~tikalspeed.State` fields
    (each per-player list has one entry per player, or none; ``"jump_kind"`` may be
    left out)."""
    obj = read_object(value, path, _LISTS, _OPTIONAL)
    n, t = rules.players, terrain(rules.manifest)
    out: dict[str, Any] = {}
    if "jump_kind" in obj:
        kind = obj["jump_kind"]
        if kind not in JUMP_KINDS:
            raise fail(f"expected one of {', '.join(JUMP_KINDS)}", f"{path}.jump_kind")
        out["jump_kind"] = kind
    if "opened" in obj:
        where = f"{path}.opened"
        items = read_list(obj["opened"], where)
        out["opened"] = tuple(read_str(x, f"{where}[{i}]") for i, x in enumerate(items))
    for name in _LISTS:
        where = f"{path}.{name}"
        items = read_list(obj[name], where)
        if name in ("tokens", "chosen", "secured") and len(items) not in (0, n):
            raise fail(f"expected {n} entries, one per player, or none", where)
        values = []
        for i, item in enumerate(items):
            at = f"{where}[{i}]"
            if name == "tokens":
                values.append(read_int(item, at, 0, _TOKENS))
            elif name == "chosen":
                if item == _STOP:  # SPEED-JUMP-8: checked with the position
                    values.append(STOP)
                    continue
                if item is None:
                    raise fail(
                        "a hidden token choice (an observe() view) cannot be read back "
                        "(SPEED-JUMP-1)",
                        at,
                    )
                values.append(read_int(item, at, 0, _MAX_CHOICE))
            elif name == "secured":
                values.append(read_tile(item, at, t, none_ok=True))
            else:
                values.append(read_player(item, at, n))
        out[name] = tuple(values)
    return out
