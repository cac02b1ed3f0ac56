"""JSON for rules and states (re-exported by :mod:`tikalspeed.text.jsonio`)."""

from __future__ import annotations

from typing import Any

import attrs

from ..board.hexgrid import CELL_COUNT, CELL_NAMES
from ..board.manifest import Manifest
from ..board.terrain import terrain
from ..board.tiles import LETTERS, Kind
from ..bounds import MAX_BID, MAX_SCORE, shown
from ..errors import NotationError
from ..model.actions import TREASURE_NAMES, player_name
from ..model.rules import Rules
from ..model.state import EMPTY, GUARDING, PRINTED, REMOVED, SUPPLY, Outcome, Phase, State, TurnKind
from ..model.view import not_a_position
from ._jsonread import (
    JSON,
    fail,
    read_cell,
    read_counts,
    read_int,
    read_items,
    read_list,
    read_name,
    read_object,
    read_player,
    read_str,
    read_tile,
)
from ._jsonrules import rules_from_json, rules_to_json
from ._jsonspeed import SPEED_FIELDS, speed_from_json, speed_to_json
from .check import StateFault, check_state

__all__ = ["rules_from_json", "rules_to_json", "state_from_json", "state_to_json"]

_RULE_FIELDS = tuple(a.name for a in attrs.fields(Rules))
_PHASES = {p.value: p for p in Phase}
_KINDS = {k.value: k for k in TurnKind}
_LEADER_PLACES = {"supply": SUPPLY, "removed": REMOVED, "guarding": GUARDING}
_PLACE_NAMES = {where: name for name, where in _LEADER_PLACES.items()}
_CELL_KEYS = ("tile", "rotation", "kind", "temple", "ruins", "camp", "guard", "workers")
_PLAYER_KEYS = ("score", "supply", "removed", "guard_pieces", "leader", "treasures")
_AUCTION_KEYS = (
    "played",
    "bidders",
    "high_bid",
    "high_bidder",
    "first_passer",
    "round_opener",
)
_STATE_KEYS = (
    "type",
    "rules",
    "phase",
    "active",
    "turn_kind",
    "ap",
    "board",
    "players",
    "hidden",
    "levels",
    "stacks",
    "hand",
    "display",
    "raised",
    "dug",
    "queue",
    "next_player",
    "last_tile_player",
    "auction",
    "result",
)
_SPEED_KEY = "speed"
_CELL_FIELDS = {
    "placed": "tile",
    "temples": "temple",
    "ruins": "ruins",
    "camps": "camp",
    "guards": "guard",
    "workers": "workers",
}
_PLAYER_FIELDS = {
    "supply": "supply",
    "removed": "removed",
    "guard_pieces": "guard_pieces",
    "leaders": "leader",
    "held": "treasures",
    "scores": "score",
}


def _none(value: int) -> int | None:
    return None if value < 0 else value


def _cell_json(state: State, cell: int) -> JSON:
    t = terrain(state.rules.manifest)
    code = state.placed[cell]
    kind = t.kind(state.placed, cell)
    return {
        "tile": None if code == PRINTED else t.tile_ids[code // 6],
        "rotation": 0 if code == PRINTED else code % 6,
        "kind": None if kind is None else kind.value,
        "temple": state.temples[cell] or None,
        "ruins": state.ruins[cell] if kind is Kind.TREASURE else None,
        "camp": _none(state.camps[cell]),
        "guard": _none(state.guards[cell]),
        "workers": [state.workers[p][cell] for p in range(state.rules.players)],
    }


_BOARDS: dict[tuple[Any, ...], dict[str, JSON]] = {}
"""The latest boards written (:func:`_board_json`), by what they are made of."""
_BOARDS_KEPT = 32


def _board_json(state: State) -> dict[str, JSON]:
    """The ``board`` of ``state``'s JSON: a new object each call, made from the one
    kept for the same board, where there is one. A server writes the same board for
    each seat and spectator of a game (their views differ elsewhere), and a board
    changes by a cell or two an action: written once, copied four times, it costs a
    fifth of what it did (``benchmarks/server_cpu.py``)."""
    j = state.jungle
    key = (state.rules.manifest, j.placed, j.temples, j.ruins, j.camps, j.guards,
           state.workers)  # fmt: skip
    kept = _BOARDS.get(key)
    if kept is None:
        kept = {CELL_NAMES[c]: _cell_json(state, c)
                for c in range(CELL_COUNT) if j.placed[c] != EMPTY}  # fmt: skip
        if len(_BOARDS) >= _BOARDS_KEPT:
            _BOARDS.clear()  # whole (safe beside another thread writing a board)
        _BOARDS[key] = kept
    return {name: {**cell, "workers": list(cell["workers"])} for name, cell in kept.items()}


def marks_to_json(state: State, marks: tuple[int, ...]) -> list[Any]:
    """``raised`` / ``dug``: cell names, or where players interleave (the Speed game)
    ``{"player", "cell"}`` objects."""
    if not state.rules.interleaved:
        return [CELL_NAMES[c] for c in marks]
    return [{"player": m // CELL_COUNT, "cell": CELL_NAMES[m % CELL_COUNT]} for m in marks]


def marks_from_json(value: Any, path: str, rules: Rules) -> tuple[int, ...]:
    """Read what :func:`marks_to_json` wrote: cells, or ``player * 40 + cell`` marks."""
    out = []
    for i, item in enumerate(read_list(value, path)):
        where = f"{path}[{i}]"
        if not rules.interleaved:
            out.append(read_cell(item, where))
            continue
        obj = read_object(item, where, ("player", "cell"))
        p = read_player(obj["player"], f"{where}.player", rules.players)
        out.append(p * CELL_COUNT + read_cell(obj["cell"], f"{where}.cell"))
    return tuple(out)


def state_to_json(state: State) -> JSON:
    """Return ``state`` as a JSON object (fields in ``docs/tikal-notation.md``). A
    :class:`~tikalspeed.View` is not a position: its JSON is ``view_to_json`` (or
    ``jsonio.to_json`` and ``jsonio.dumps``, which take either); here it is a
    :class:`~tikalspeed.NotationError`."""
    refused = not_a_position(state, "write it with jsonio.view_to_json (or jsonio.to_json)")
    if refused is not None:
        raise NotationError(refused)
    t = terrain(state.rules.manifest)
    kinds = TREASURE_NAMES[: len(state.hidden)]
    result = state.result
    out: JSON = {
        "type": "state",
        "rules": rules_to_json(state.rules),
        "phase": state.phase.value,
        "active": state.active,
        "turn_kind": state.turn_kind.value,
        "ap": state.ap,
        "board": _board_json(state),
        "players": [
            {
                "score": state.scores[p],
                "supply": state.supply[p],
                "removed": state.removed[p],
                "guard_pieces": state.guard_pieces[p],
                "leader": _PLACE_NAMES.get(state.leaders[p]) or CELL_NAMES[state.leaders[p]],
                "treasures": dict(zip(kinds, state.held[p], strict=True)),
            }
            for p in range(state.rules.players)
        ],
        "hidden": dict(zip(kinds, state.hidden, strict=True)),
        "levels": {str(v): state.levels[v] for v, _ in state.rules.manifest.components.level_tiles},
        "stacks": {
            letter: [t.tile_ids[i] for i in stack]
            for letter, stack in zip(LETTERS, state.stacks, strict=True)
        },
        "hand": None if state.hand < 0 else t.tile_ids[state.hand],
        "display": [t.tile_ids[i] for i in state.display],
        "raised": marks_to_json(state, state.raised),
        "dug": marks_to_json(state, state.dug),
        "queue": [{"kind": k.value, "player": p} for k, p in state.queue],
        "next_player": state.next_player,
        "last_tile_player": _none(state.last_tile_player),
        "auction": {
            "played": list(state.played),
            "bidders": list(state.bidders),
            "high_bid": state.high_bid,
            "high_bidder": _none(state.high_bidder),
            "first_passer": _none(state.first_passer),
            "round_opener": state.round_opener,
        },
        "result": None
        if result is None
        else {
            "winner": result.winner,
            "scores": list(result.scores),
            "reason": result.reason,
            "result": "shared" if result.winner is None else player_name(result.winner),
        },
    }
    if state.rules.mode == "speed":
        out[_SPEED_KEY] = speed_to_json(state)
    return out


def _read_cell(value: Any, path: str, cell: int, rules: Rules, out: dict[str, list[Any]]) -> None:
    """Read one explored cell into the per-cell lists of ``out``."""
    t = terrain(rules.manifest)
    obj = read_object(value, path, _CELL_KEYS)
    if obj["tile"] is None:
        if t.printed_kind[cell] is None:
            raise fail(f"{CELL_NAMES[cell]} is not printed: name its tile", f"{path}.tile")
        read_int(obj["rotation"], f"{path}.rotation", 0, 0)
        out["placed"][cell] = PRINTED
    else:
        tile = read_tile(obj["tile"], f"{path}.tile", t)
        out["placed"][cell] = tile * 6 + read_int(obj["rotation"], f"{path}.rotation", 0, 5)
    kind = t.kind(tuple(out["placed"]), cell)
    assert kind is not None
    if obj["kind"] != kind.value:
        raise fail(f"the hex here is a {kind.value}, not {shown(obj['kind'])}", f"{path}.kind")
    for key, field, present in (
        ("temple", "temples", kind is Kind.TEMPLE),
        ("ruins", "ruins", kind is Kind.TREASURE),
    ):
        if present:
            out[field][cell] = read_int(obj[key], f"{path}.{key}")
        elif obj[key] is not None:
            raise fail(
                f"only a {'temple' if key == 'temple' else 'ruin'} has {key!r}", path + "." + key
            )
    n = rules.players
    out["camps"][cell] = read_player(obj["camp"], f"{path}.camp", n, none_ok=True)
    out["guards"][cell] = read_player(obj["guard"], f"{path}.guard", n, none_ok=True)
    workers = read_list(obj["workers"], f"{path}.workers")
    if len(workers) != n:
        raise fail(f"expected {n} counts, one per player", f"{path}.workers")
    for p, count in enumerate(workers):
        out["workers"][p][cell] = read_int(count, f"{path}.workers[{p}]")


def _read_board(value: Any, path: str, rules: Rules) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {
        "placed": [EMPTY] * CELL_COUNT,
        "temples": [0] * CELL_COUNT,
        "ruins": [0] * CELL_COUNT,
        "camps": [EMPTY] * CELL_COUNT,
        "guards": [EMPTY] * CELL_COUNT,
        "workers": [[0] * CELL_COUNT for _ in range(rules.players)],
    }
    obj = read_object(value, path, (), CELL_NAMES)
    for name, cell_value in obj.items():
        _read_cell(cell_value, f"{path}.{name}", CELL_NAMES.index(name), rules, out)
    return out


def _read_players(value: Any, path: str, rules: Rules) -> dict[str, list[Any]]:
    n = rules.players
    items = read_list(value, path)
    if len(items) != n:
        raise fail(f"expected {n} players, found {len(items)}", path)
    kinds = tuple(TREASURE_NAMES[: rules.manifest.components.treasure_kinds])
    out: dict[str, list[Any]] = {k: [] for k in _PLAYER_FIELDS}
    for p, item in enumerate(items):
        where = f"{path}[{p}]"
        obj = read_object(item, where, _PLAYER_KEYS)
        out["scores"].append(read_int(obj["score"], f"{where}.score", -MAX_SCORE, MAX_SCORE))
        for key in ("supply", "removed", "guard_pieces"):
            out[key].append(read_int(obj[key], f"{where}.{key}"))
        leader = obj["leader"]
        if isinstance(leader, str) and leader in _LEADER_PLACES:
            out["leaders"].append(_LEADER_PLACES[leader])
        else:
            out["leaders"].append(read_cell(leader, f"{where}.leader"))
        out["held"].append(read_counts(obj["treasures"], f"{where}.treasures", kinds))
    return out


def _read_result(value: Any, path: str, rules: Rules) -> Outcome | None:
    if value is None:
        return None
    r = read_object(value, path, ("winner", "scores", "reason"), ("result",))
    n = rules.players
    winner = read_player(r["winner"], f"{path}.winner", n, none_ok=True)
    scores = read_items(
        r["scores"], f"{path}.scores", lambda v, q: read_int(v, q, -MAX_SCORE, MAX_SCORE)
    )
    outcome = Outcome(_none(winner), scores, read_str(r["reason"], f"{path}.reason"))
    shown = "shared" if winner < 0 else player_name(winner)
    if "result" in r and r["result"] != shown:
        raise fail(f"the result of this outcome is {shown!r}", f"{path}.result")
    return outcome


def state_from_json(value: Any, path: str = "$", manifest: Manifest | None = None) -> State:
    """Read a state object written by :func:`state_to_json`, checking it is consistent
    exactly as :func:`tikalspeed.from_text` does (derived fields such as ``hidden``,
    ``removed`` and each hex's ``kind`` must be right). ``manifest`` resolves a
    manifest named only by name and version."""
    obj = read_object(value, path, _STATE_KEYS, (_SPEED_KEY,))
    if obj["type"] != "state":
        raise fail(f"expected type 'state', not {shown(obj['type'])}", f"{path}.type")
    rules = rules_from_json(obj["rules"], f"{path}.rules", manifest)
    speed: dict[str, Any] = {}
    if rules.mode == "speed":
        if _SPEED_KEY not in obj:
            raise fail("a speed game's state has a 'speed' object", f"{path}.{_SPEED_KEY}")
        speed = speed_from_json(obj[_SPEED_KEY], f"{path}.{_SPEED_KEY}", rules)
    elif _SPEED_KEY in obj:
        raise fail(f"only the speed game has a 'speed' object, not {rules.mode}", f"{path}.speed")
    n, t = rules.players, terrain(rules.manifest)
    comps = rules.manifest.components
    board = _read_board(obj["board"], f"{path}.board", rules)
    players = _read_players(obj["players"], f"{path}.players", rules)
    kinds = tuple(TREASURE_NAMES[: comps.treasure_kinds])
    levels = [0] * 11
    values = tuple(str(v) for v, _ in comps.level_tiles)
    for v, count in zip(values, read_counts(obj["levels"], f"{path}.levels", values), strict=True):
        levels[int(v)] = count
    stacks_obj = read_object(obj["stacks"], f"{path}.stacks", tuple(LETTERS))
    stacks = tuple(
        read_items(stacks_obj[x], f"{path}.stacks.{x}", lambda v, q: read_tile(v, q, t))
        for x in LETTERS
    )
    auction = read_object(obj["auction"], f"{path}.auction", _AUCTION_KEYS)
    where = f"{path}.auction"

    def player(v: Any, q: str) -> int:
        return read_player(v, q, n)

    queue = []
    for i, entry in enumerate(read_list(obj["queue"], f"{path}.queue")):
        q = read_object(entry, f"{path}.queue[{i}]", ("kind", "player"))
        kind = read_name(q["kind"], f"{path}.queue[{i}].kind", _KINDS, "turn kind")
        queue.append((kind, read_player(q["player"], f"{path}.queue[{i}].player", n)))
    hand = read_tile(obj["hand"], f"{path}.hand", t, none_ok=True)
    display = read_items(obj["display"], f"{path}.display", lambda v, q: read_tile(v, q, t))
    hidden = read_counts(obj["hidden"], f"{path}.hidden", kinds)
    active = read_player(obj["active"], f"{path}.active", n)
    state = State.build(
        rules,
        stacks=stacks,
        placed=tuple(board["placed"]),
        hand=hand,
        display=display,
        temples=tuple(board["temples"]),
        levels=tuple(levels),
        ruins=tuple(board["ruins"]),
        hidden=hidden,
        held=tuple(players["held"]),
        workers=tuple(tuple(w) for w in board["workers"]),
        leaders=tuple(players["leaders"]),
        supply=tuple(players["supply"]),
        removed=tuple(players["removed"]),
        camps=tuple(board["camps"]),
        guards=tuple(board["guards"]),
        guard_pieces=tuple(players["guard_pieces"]),
        scores=tuple(players["scores"]),
        active=active,
        phase=read_name(obj["phase"], f"{path}.phase", _PHASES, "phase"),
        turn_kind=read_name(obj["turn_kind"], f"{path}.turn_kind", _KINDS, "turn kind"),
        ap=read_int(obj["ap"], f"{path}.ap"),
        raised=marks_from_json(obj["raised"], f"{path}.raised", rules),
        dug=marks_from_json(obj["dug"], f"{path}.dug", rules),
        queue=tuple(queue),
        next_player=read_player(obj["next_player"], f"{path}.next_player", n),
        last_tile_player=read_player(
            obj["last_tile_player"], f"{path}.last_tile_player", n, none_ok=True
        ),
        played=read_items(auction["played"], f"{where}.played", player),
        bidders=read_items(auction["bidders"], f"{where}.bidders", player),
        high_bid=read_int(auction["high_bid"], f"{where}.high_bid", 0, MAX_BID),
        high_bidder=read_player(auction["high_bidder"], f"{where}.high_bidder", n, True),
        first_passer=read_player(auction["first_passer"], f"{where}.first_passer", n, True),
        round_opener=read_player(auction["round_opener"], f"{where}.round_opener", n),
        result=_read_result(obj["result"], f"{path}.result", rules),
        **speed,
    )
    try:
        check_state(state)
    except StateFault as fault:
        raise fail(fault.message, _path(fault, state, path)) from None
    return state


def _path(fault: StateFault, state: State, path: str) -> str:
    """The JSON path of the faulty field (its cell or player, if one is to blame)."""
    field = fault.field
    if field in _CELL_FIELDS:
        if fault.cell is None:
            return f"{path}.board"
        name = CELL_NAMES[fault.cell]
        if state.placed[fault.cell] == EMPTY:
            return f"{path}.board.{name}"
        return f"{path}.board.{name}.{_CELL_FIELDS[field]}"
    if field in _PLAYER_FIELDS:
        if fault.player is None:
            return f"{path}.players"
        return f"{path}.players[{fault.player}].{_PLAYER_FIELDS[field]}"
    if field in _AUCTION_KEYS:
        return f"{path}.auction.{field}"
    if field in SPEED_FIELDS:
        if fault.player is not None and len(getattr(state, field)) > fault.player:
            return f"{path}.speed.{field}[{fault.player}]"
        return f"{path}.speed.{field}"
    return f"{path}.{field}"
