"""JSON for rules and states (re-exported by :mod:`tiki.text.jsonio`)."""

from __future__ import annotations

from typing import Any

import attrs

from ..board.island import EDGE_NAMES, VILLAGE_NAMES
from ..errors import NotationError, shown
from ..model.rules import NUMBER_LIMIT, Rules
from ..model.state import CHANCE, FRUITS, TIKIS, Outcome, Phase, State
from ..model.view import not_a_position
from ._jsonread import (
    JSON,
    by_village,
    fail,
    kind_of,
    read_actor,
    read_bool,
    read_edge,
    read_int,
    read_list,
    read_name,
    read_object,
    read_pair,
    read_player,
    read_village,
)
from .check import StateFault, check_state

__all__ = [
    "PLAYER_BY_NAME",
    "PLAYER_NAMES",
    "player_json",
    "rules_from_json",
    "rules_to_json",
    "state_from_json",
    "state_to_json",
]

PLAYER_NAMES = ("x", "o")
"""How the players were written in JSON before issue 20 (still read)."""
PLAYER_BY_NAME = {"x": 0, "o": 1, "chance": CHANCE}
"""The player (or chance) each JSON name of files written before issue 20 stands
for (still read)."""
_PHASES = {p.value: p for p in Phase}
_RULE_FIELDS = {a.name: a for a in attrs.fields(Rules)}


def player_json(player: int) -> int | str:
    """A player (or chance) as JSON writes it: his seat, ``0`` for x and ``1`` for o,
    as ``tikalspeed`` writes its players (``"chance"`` for chance).

    >>> player_json(1), player_json(CHANCE)
    (1, 'chance')
    """
    return "chance" if player == CHANCE else player


def _per_player(pair: tuple[int, int]) -> list[int]:
    return [pair[0], pair[1]]



def rules_to_json(rules: Rules) -> JSON:
    """Return every field of ``rules`` (``tiles`` as a list, ``max_turns`` int or null).

    >>> rules_to_json(Rules(shaman=True))["shaman"]
    True
    """
    out: JSON = {}
    for name in _RULE_FIELDS:
        value = getattr(rules, name)
        out[name] = list(value) if isinstance(value, tuple) else value
    return out


def state_to_json(state: State) -> JSON:
    """Return ``state`` as a JSON object (fields in ``docs/tiki-notation.md``). A
    :class:`~tiki.View` is not a position: its JSON is ``view_to_json`` (or
    ``jsonio.to_json`` and ``jsonio.dumps``, which take either); here it is a
    :class:`~tiki.NotationError`."""
    refused = not_a_position(state, "write it with jsonio.view_to_json (or jsonio.to_json)")
    if refused is not None:
        raise NotationError(refused)
    result = state.result
    return {
        "type": "state",
        "rules": rules_to_json(state.rules),
        "phase": state.phase.value,
        "tiles": (
            {VILLAGE_NAMES[v]: t for v, t in enumerate(state.tiles)} if state.tiles else None
        ),
        "stacks": {
            VILLAGE_NAMES[v]: list(stack)
            for v, stack in enumerate(state.stacks)
        },
        "supply": _per_player(state.supply),
        "fruits": _per_player(state.fruits),
        "reserve": state.reserve,
        "spoiled": state.spoiled,
        "shaman": None if state.shaman is None else EDGE_NAMES[state.shaman],
        "active": None if state.active == -1 else state.active,
        "actor": player_json(state.actor),
        "pending": [VILLAGE_NAMES[v] for v in state.pending],
        "tiebreak": state.tiebreak,
        "turn": state.turn,
        "result": None
        if result is None
        else {
            "winner": result.winner,
            "scores": _per_player(result.scores),
            "reason": result.reason,
            "result": result.result(),
        },
    }




def rules_from_json(value: Any, path: str = "$") -> Rules:
    """Read a rules object; missing fields take their defaults.

    >>> rules_from_json({"shaman": True, "max_turns": 40})
    Rules(shaman=True, max_turns=40)
    """
    obj = read_object(value, path, (), tuple(_RULE_FIELDS))
    fields: dict[str, Any] = {}
    for key, raw in obj.items():
        where = f"{path}.{key}"
        if key == "tiles":
            raw = tuple(
                read_int(t, f"{where}[{i}]", None) for i, t in enumerate(read_list(raw, where))
            )
        elif key == "max_turns" and raw is not None:
            raw = read_int(raw, where, None)
        try:
            Rules(**{key: raw})
        except ValueError as e:
            raise fail(str(e), where) from None
        fields[key] = raw
    return Rules(**fields)


_STATE_FIELDS = ("type", *(a.name for a in attrs.fields(State)))


def state_from_json(value: Any, path: str = "$") -> State:
    """Read a state object written by :func:`state_to_json`, checking it is consistent
    exactly as :func:`tiki.from_text` does."""
    obj = read_object(value, path, _STATE_FIELDS)
    if obj["type"] != "state":
        raise fail(f"expected type 'state', not {shown(obj['type'])}", f"{path}.type")
    rules = rules_from_json(obj["rules"], f"{path}.rules")
    phase = read_name(obj["phase"], f"{path}.phase", _PHASES, "phase")
    tiles: tuple[int, ...] = ()
    if obj["tiles"] is not None:
        tiles = by_village(obj["tiles"], f"{path}.tiles", lambda v, p: read_int(v, p, None))

    def stack(v: Any, p: str) -> tuple[int, ...]:
        return tuple(read_player(o, f"{p}[{i}]") for i, o in enumerate(read_list(v, p)))

    stacks = by_village(obj["stacks"], f"{path}.stacks", stack)
    pending = tuple(
        read_village(v, f"{path}.pending[{i}]")
        for i, v in enumerate(read_list(obj["pending"], f"{path}.pending"))
    )
    if len(set(pending)) != len(pending):
        raise fail("a village is pending twice", f"{path}.pending")
    fruits = read_pair(obj["fruits"], f"{path}.fruits", FRUITS)
    shaman = None if obj["shaman"] is None else read_edge(obj["shaman"], f"{path}.shaman")
    active = -1 if obj["active"] is None else read_player(obj["active"], f"{path}.active")
    result = None
    if obj["result"] is not None:
        where = f"{path}.result"
        r = read_object(obj["result"], where, ("winner", "scores", "reason"), ("result",))
        winner = None if r["winner"] is None else read_player(r["winner"], f"{where}.winner")
        if not isinstance(r["reason"], str):
            raise fail(f"expected a string, not {kind_of(r['reason'])}", f"{where}.reason")
        result = Outcome(winner, read_pair(r["scores"], f"{where}.scores", FRUITS), r["reason"])
        if "result" in r and r["result"] != result.result():
            raise fail(f"the result of this outcome is {result.result()!r}", f"{where}.result")
    state = State(
        rules=rules,
        tiles=tiles,
        stacks=stacks,
        supply=read_pair(obj["supply"], f"{path}.supply", TIKIS),
        fruits=fruits,
        reserve=read_int(obj["reserve"], f"{path}.reserve", 0, FRUITS),
        spoiled=read_int(obj["spoiled"], f"{path}.spoiled", 0, FRUITS),
        shaman=shaman,
        active=active,
        actor=read_actor(obj["actor"], f"{path}.actor", CHANCE),
        phase=phase,
        pending=pending,
        tiebreak=read_bool(obj["tiebreak"], f"{path}.tiebreak"),
        turn=read_int(obj["turn"], f"{path}.turn", 0, NUMBER_LIMIT),
        result=result,
    )
    try:
        check_state(state)
    except StateFault as fault:
        where = f"{path}.{fault.field}"
        if fault.index is not None:
            where += (
                f"[{fault.index}]" if fault.field == "pending" else f".{VILLAGE_NAMES[fault.index]}"
            )
        raise fail(fault.message, where) from None
    return state


