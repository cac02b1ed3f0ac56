"""A scenario's ``[given]`` table (:mod:`tikalspeed.tools.scenarios`): the position the
actions start from, built on the initial state of the scenario's rules.

The board keys are in :mod:`.board`; this module sets whose decision it is:
a turn of the base or professional game (``turn``, ``ap``, ``kind``, ``phase``,
``hand``), and in Tikal on Speed every phase of a round: the auction (``display``,
``bidders``, ``high_bid``, ``opener``), the placement, a Jump's secret choice or its
action (``tokens``, ``chosen``, ``jumpers``), the bonus turn; with the Round Order, the
secured tiles and the volcano placers. What the designer leaves out is filled in as
the engine would have it (the jumpers are those who can act, the order of play
follows the choices). Then whose turn it is must be a position a game reaches: the
turn, the queue, the auction and the Speed fields pass the consistency check of
:mod:`tikalspeed.text.check` (the board keys are shortcuts and are not asked how the
board came about).
"""

from __future__ import annotations

from typing import Any

from ...board.hexgrid import CELL_COUNT, CELL_NAMES
from ...board.terrain import terrain
from ...board.tiles import Kind
from ...engine import new_game
from ...engine.ap import can_act
from ...model.actions import player_name
from ...model.records import AP_PER_TURN, MAX_TOKENS, TOKENS, Phase, TurnKind
from ...model.rules import Rules
from ...model.state import State
from ...text._checkspeed import check_speed
from ...text._checkturn import (
    StateFault,
    check_auction,
    check_marks,
    check_queue,
    check_result,
    check_scores,
    check_turn,
)
from .board import BOARD_KEYS, board, take_tile
from .read import Reader, at

__all__ = ["GIVEN_KEYS", "build"]

TURN_KEYS = ("turn", "ap", "kind", "phase", "hand", "raised", "dug")
AUCTION_KEYS = ("display", "bidders", "high_bid", "opener")
SPEED_KEYS = ("tokens", "chosen", "jumpers", "round_order", "secured", "volcano_placers")
GIVEN_KEYS = BOARD_KEYS + TURN_KEYS + AUCTION_KEYS + SPEED_KEYS
"""Every key of ``[given]``."""

_BASE_PHASES = ("actions", "place", "draw")
_SPEED_PHASES = ("reveal", "bid", "choose", "place", "tokens", "actions")
_BASE_KINDS = ("normal", "volcano", "final")
_MARKS = ("raised", "dug")
_PHASE_KEYS: dict[str, tuple[str, ...]] = {
    "reveal": ("display", "opener"),
    "bid": ("display", "bidders", "high_bid", "opener", "turn", "round_order", "secured"),
    "choose": ("display", "opener", "turn", "round_order", "secured"),
    "place": ("round_order", "secured", "volcano_placers", "turn"),
    "tokens": ("round_order", "tokens", "chosen", "jumpers", "volcano_placers", *_MARKS),
    "jump": ("round_order", "tokens", "chosen", "jumpers", "volcano_placers", "turn", "ap",
             *_MARKS),
    "bonus": ("round_order", "volcano_placers", "turn", "ap", *_MARKS),
}
"""The Speed keys each phase of a round takes (``jump``: a Jump's action, ``bonus``:
the bonus turn); the others are refused there."""
_FIELD_KEYS = {
    "active": "turn",
    "next_player": "turn",
    "queue": "turn",
    "turn_kind": "kind",
    "jump_order": "chosen",
    "played": "round_order",
    "round_opener": "opener",
    "high_bidder": "high_bid",
    "first_passer": "bidders",
    "last_tile_player": "tiles",
    "placed": "tiles",
}
"""The ``[given]`` key to blame for a State field the consistency check refuses."""


def build(rules: Rules, given: dict[str, Any], r: Reader) -> State:
    """The position ``given`` describes, on ``new_game(rules)``; raises
    :class:`~.read.Fault` naming the key at fault."""
    state = board(new_game(rules), given, r)
    state = _speed(state, given, r) if rules.mode == "speed" else _base(state, given, r)
    if state.last_tile_player < 0 and any(code >= 0 for code in state.placed):
        state = state.replace(last_tile_player=state.active)
    _consistent(state, r)
    return state


def _refuse(given: dict[str, Any], keys: tuple[str, ...], r: Reader, why: str) -> None:
    for key in keys:
        if key in given:
            raise r.fault(key, why)


def _base(state: State, given: dict[str, Any], r: Reader) -> State:
    """A turn of the base or the professional game."""
    mode = state.rules.mode
    _refuse(given, SPEED_KEYS + AUCTION_KEYS, r, f"not a key of the {mode} game's [given]")
    who = r.player("turn", given.get("turn", "P1"))
    kind = TurnKind(r.text("kind", given.get("kind", "normal"), _BASE_KINDS))
    default = "place" if "hand" in given else "actions"
    phase = Phase(r.text("phase", given.get("phase", default), _BASE_PHASES))
    fields: dict[str, Any] = {"active": who, "turn_kind": kind, "phase": phase, "ap": 0}
    if phase is Phase.PLACE:
        if "hand" not in given:
            raise r.fault("phase", "a place phase needs the tile in hand: give 'hand'")
        tile = r.tile("hand", given["hand"], state)
        state = take_tile(state, tile, "hand", r)
        fields["hand"] = tile
    elif "hand" in given:
        raise r.fault("hand", "a tile in hand is placed: the phase is 'place'")
    if phase is Phase.ACTIONS:
        fields["ap"] = r.number("ap", given.get("ap", AP_PER_TURN), 1, AP_PER_TURN)
    elif "ap" in given:
        raise r.fault("ap", "action points are spent in the 'actions' phase only")
    if mode == "professional":
        if phase is Phase.DRAW:
            raise r.fault("phase", "the professional game draws no tile (TIKAL-AUCTION-2)")
        fields["played"] = (who,)  # the turn is the auction winner's (TIKAL-AUCTION-5)
    fields.update(_marks(state, given, who, r))
    return state.replace(**fields)


def _marks(state: State, given: dict[str, Any], who: int, r: Reader) -> dict[str, Any]:
    """``raised`` / ``dug``: ``{ P1 = ["a2", "a2"] }``, the temples raised and ruins dug
    this turn (in Tikal on Speed: by each player in this Jump phase, SPEED-JUMP-9)."""
    out: dict[str, Any] = {}
    speed = state.rules.interleaved
    t = terrain(state.rules.manifest)
    for key in _MARKS:
        marks: list[int] = []
        for p, cells in r.by_player(key, given.get(key, {})).items():
            where = f"{key}.{player_name(p)}"
            if not speed and p != who:
                mover = player_name(who)
                raise r.fault(where, f"only the player whose turn it is ({mover}) has marks")
            for i, name in enumerate(r.list_of(where, cells)):
                c = r.cell(at(where, i), name)
                kind = t.kind(state.placed, c)
                if (key == "raised" and not state.temples[c]) or (
                    key == "dug" and kind is not Kind.TREASURE
                ):
                    what = "temple" if key == "raised" else "treasure hex"
                    raise r.fault(where, f"there is no {what} on {CELL_NAMES[c]}")
                marks.append(p * CELL_COUNT + c if speed else c)
        if marks:
            out[key] = tuple(marks)
    return out


def _speed(state: State, given: dict[str, Any], r: Reader) -> State:
    """A position of a Speed round: its phase, and the Speed fields."""
    n = state.rules.players
    phase = r.text("phase", given.get("phase", "reveal"), _SPEED_PHASES)
    kind = "normal"
    if phase == "actions":
        kind = r.text("kind", given.get("kind", "jump"), ("jump", "bonus"))
    elif "kind" in given:
        raise r.fault("kind", "a Speed position's kind follows from its phase (only the "
                      "'actions' phase is a Jump's or a bonus turn's)")  # fmt: skip
    if "hand" in given:
        raise r.fault("hand", "in Tikal on Speed the tile placed is the one secured: give "
                      "'secured' and phase = \"place\"")  # fmt: skip
    part = kind if phase == "actions" else phase
    allowed = set(_PHASE_KEYS[part]) | set(BOARD_KEYS) | {"phase", "kind"}
    for key in given:
        if key not in allowed:
            raise r.fault(key, f"not a key of a Speed position in phase {phase!r} "
                          + (f"(kind {kind!r})" if phase == "actions" else ""))  # fmt: skip
    seats = tuple(range(n))
    auction = phase in ("reveal", "bid", "choose")
    default_order = () if auction else seats
    order = r.players_once("round_order", given.get("round_order", list(map(player_name,
                                                                            default_order))))
    secured = [-1] * n
    for p, tile_id in r.by_player("secured", given.get("secured", {})).items():
        key = f"secured.{player_name(p)}"
        tile = r.tile(key, r.text(key, tile_id), state)
        state = take_tile(state, tile, key, r)
        secured[p] = tile
    opener = r.player("opener", given.get("opener", "P1"))
    placers = r.players_once("volcano_placers", given.get("volcano_placers", []))
    fields: dict[str, Any] = {
        "round_order": order,
        "secured": tuple(secured),
        "volcano_placers": placers,
        "round_opener": opener,
        "played": order,
        "ap": 0,
    }
    if auction:
        return _auction(state, given, phase, fields, r)
    if phase == "place":
        at = [p for p in order if secured[p] >= 0]
        who = r.player("turn", given["turn"]) if "turn" in given else (at or order or (0,))[0]
        if secured[who] < 0:
            raise r.fault("turn", f"{player_name(who)} has no secured tile to place")
        rest = order[order.index(who) + 1 :] if who in order else ()
        fields.update(
            active=who,
            phase=Phase.PLACE,
            turn_kind=TurnKind.PLACEMENT,
            hand=secured[who],
            queue=tuple((TurnKind.PLACEMENT, p) for p in rest),
        )
        return state.replace(**fields)
    if kind == "bonus":
        who = r.player("turn", given["turn"]) if "turn" in given else (placers or (0,))[0]
        later = placers[placers.index(who) + 1 :] if who in placers else ()
        fields.update(
            active=who,
            phase=Phase.ACTIONS,
            turn_kind=TurnKind.BONUS,
            ap=r.number("ap", given.get("ap", AP_PER_TURN), 1, AP_PER_TURN),
            queue=tuple((TurnKind.BONUS, p) for p in later),
            **_marks(state, given, who, r),
        )
        return state.replace(**fields)
    return _jump(state, given, phase, fields, r)


def _auction(
    state: State, given: dict[str, Any], phase: str, fields: dict[str, Any], r: Reader
) -> State:
    """Phase 1 of a Speed round: the display filling, a bid, or a winner's choice."""
    n = state.rules.players
    display: list[int] = []
    for i, tile_id in enumerate(r.list_of("display", given.get("display", []))):
        tile = r.tile(at("display", i), tile_id, state)
        state = take_tile(state, tile, at("display", i), r)
        display.append(tile)
    played: tuple[int, ...] = fields["played"]
    fields.update(display=tuple(display), turn_kind=TurnKind.NORMAL)
    if phase == "reveal":
        fields.update(phase=Phase.REVEAL, active=fields["round_opener"])
        return state.replace(**fields)
    if phase == "choose":
        if "turn" not in given:
            raise r.fault("phase", "the tile is chosen by the auction's winner: give 'turn'")
        who = r.player("turn", given["turn"])
        fields.update(phase=Phase.CHOOSE, active=who, played=(*played, who))
        return state.replace(**fields)
    start = (played[0] + 1) % n if played else fields["round_opener"]  # TIKAL-AUCTION-4
    clockwise = [(start + i) % n for i in range(n)]
    eligible = tuple(p for p in clockwise if p not in played)
    bidders = r.players_once("bidders", given.get("bidders", list(map(player_name, eligible))))
    bidders = tuple(p for p in clockwise if p in bidders)
    high = r.by_player("high_bid", given.get("high_bid", {}))
    if len(high) > 1:
        raise r.fault("high_bid", "one player holds the high bid: { P2 = 3 }")
    high_bidder, high_bid = next(iter(high.items()), (-1, 0))
    if high_bidder >= 0:
        high_bid = r.number(f"high_bid.{player_name(high_bidder)}", high_bid, 1)
        after = [(high_bidder + i) % n for i in range(1, n + 1)]
        turn = next(p for p in after if p in bidders or p == high_bidder)
    else:
        turn = bidders[0] if bidders else start
    who = r.player("turn", given["turn"]) if "turn" in given else turn
    passed = [p for p in eligible if p not in bidders]
    fields.update(
        phase=Phase.BID,
        active=who,
        bidders=bidders,
        high_bid=high_bid,
        high_bidder=high_bidder,
        first_passer=passed[0] if passed else -1,
    )
    return state.replace(**fields)


def _jump(
    state: State, given: dict[str, Any], phase: str, fields: dict[str, Any], r: Reader
) -> State:
    """Phase 3: a Jump waiting for its secret choices (``tokens``) or a player's one
    action (``actions``); ``tokens`` are those still in hand (after the reveal, the
    chosen ones are spent)."""
    n = state.rules.players
    tokens = [TOKENS] * n
    for p, v in r.per_player("tokens", given.get("tokens", {}), 0, TOKENS).items():
        tokens[p] = v
    chosen = [0] * n
    for p, v in r.per_player("chosen", given.get("chosen", {}), 0, MAX_TOKENS).items():
        chosen[p] = v
    board_now = state.replace(tokens=tuple(tokens))
    if "jumpers" in given:
        jumpers = tuple(sorted(r.players_once("jumpers", given["jumpers"])))
    elif phase == "tokens":  # SPEED-JUMP-5: who has tokens and something to spend them on
        jumpers = tuple(
            p for p in range(n) if tokens[p] and can_act(board_now, p, min(MAX_TOKENS, tokens[p]))
        )
    else:
        jumpers = tuple(p for p in range(n) if chosen[p])
    if not jumpers:
        raise r.fault("jumpers", "nobody takes part in this Jump (SPEED-JUMP-6: the phase is over)")
    order = fields["round_order"]
    fields.update(tokens=tuple(tokens), chosen=tuple(chosen), jumpers=jumpers)
    fields.update(turn_kind=TurnKind.JUMP, **_marks(state, given, jumpers[0], r))
    if phase == "tokens":
        waiting = [p for p in jumpers if not chosen[p]]
        fields.update(phase=Phase.TOKENS, active=(waiting or jumpers)[0], jump_order=())
        return state.replace(**fields)
    rank = {p: order.index(p) if p in order else n + p for p in range(n)}
    full = sorted(jumpers, key=lambda p: (chosen[p], rank[p]))  # SPEED-JUMP-2
    who = r.player("turn", given["turn"]) if "turn" in given else full[0]
    rest = tuple(full[full.index(who) + 1 :]) if who in full else ()
    ap = r.number("ap", given.get("ap", chosen[who]), 0, AP_PER_TURN)
    fields.update(phase=Phase.ACTIONS, active=who, jump_order=rest, ap=ap)
    return state.replace(**fields)


def _consistent(state: State, r: Reader) -> None:
    """Refuse a position no game reaches (the turn part of ``check_state``)."""
    t = terrain(state.rules.manifest)
    try:
        check_marks(state)
        check_turn(state, t)
        check_queue(state)
        check_auction(state)
        check_result(state)
        check_speed(state, t)
        check_scores(state)
    except StateFault as e:
        key = _FIELD_KEYS.get(e.field, e.field)
        who = f" ({player_name(e.player)})" if e.player is not None else ""
        raise r.fault(key, f"no game reaches this position{who}: {e.message}") from None
