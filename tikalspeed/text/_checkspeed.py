"""Consistency of the Speed fields of a state read from text or JSON (part of
:func:`tikalspeed.text.check.check_state`): tokens, the Jump's choices and order, the
Round Order, the secured tiles and the volcano placers (clauses ``SPEED-…``)."""

from __future__ import annotations

from ..board.hexgrid import CELL_NAMES
from ..board.terrain import Terrain
from ..board.tiles import Kind
from ..model.actions import TREASURE_NAMES
from ..model.records import STOP
from ..model.state import Phase, State, TurnKind
from ._checkturn import StateFault

__all__ = ["SPEED_FIELDS", "check_speed"]

SPEED_FIELDS = (
    "tokens",
    "chosen",
    "jumpers",
    "jump_order",
    "round_order",
    "secured",
    "volcano_placers",
    "jump_kind",
    "opened",
)
"""The State fields only the Speed game uses, in the order the position string holds them
(the last two, ``jump_kind`` and ``opened``, only while one is set)."""

JUMP_KINDS = ("enter", "hop", "move", "uncover", "dig", "swap", "camp", "guard")
"""The values ``State.jump_kind`` may hold besides ``''``: the keywords of the AP actions."""

_TOKENS = 10
_MAX_CHOICE = 5
_AUCTION = (Phase.REVEAL, Phase.BID, Phase.CHOOSE)
_IN_JUMP = (Phase.TOKENS, Phase.ACTIONS, Phase.TREASURE)


def check_speed(s: State, t: Terrain) -> None:
    """Raise :class:`StateFault` if the Speed fields are not those of a reachable state."""
    if s.rules.mode != "speed":
        for field in SPEED_FIELDS:
            if getattr(s, field):
                raise StateFault(field, f"only the speed game has {field} (TIKAL-MODE-1)")
        return
    _check_round(s, t)
    _check_jump(s)


def _players(s: State, field: str) -> tuple[int, ...]:
    value: tuple[int, ...] = getattr(s, field)
    if len(set(value)) != len(value) or not all(0 <= p < s.rules.players for p in value):
        raise StateFault(field, f"{field} lists players once each")
    return value


def _per_player(s: State, field: str, low: int, high: int, empty_ok: bool) -> tuple[int, ...]:
    value: tuple[int, ...] = getattr(s, field)
    if empty_ok and not value:
        return value
    if len(value) != s.rules.players:
        raise StateFault(field, f"{field} has one entry per player")
    for p, v in enumerate(value):
        if not low <= v <= high:
            raise StateFault(field, f"P{p + 1}'s {field} is {low} to {high}, not {v}", player=p)
    return value


def _check_round(s: State, t: Terrain) -> None:
    n, phase = s.rules.players, s.phase
    _per_player(s, "tokens", 0, _TOKENS, False)
    secured = _per_player(s, "secured", -1, len(t.tile_ids) - 1, False)
    order = _players(s, "round_order")
    placers = _players(s, "volcano_placers")
    have = {p for p in range(n) if secured[p] >= 0}
    chooser = {s.active} if phase is Phase.CHOOSE else set()
    if set(order) != set(s.played) - chooser:
        raise StateFault(
            "round_order",
            "the Round Order lists who secured a tile this round (SPEED-AUCTION-2)",
        )
    volcano = [t.tile_kinds[secured[p]] is Kind.VOLCANO for p in order if secured[p] >= 0]
    if phase in _AUCTION:
        if have != set(order) or volcano != sorted(volcano, reverse=True):
            raise StateFault(
                "round_order",
                "tiles are secured in Round Order, volcanoes first (SPEED-AUCTION-2, "
                "SPEED-AUCTION-3)",
            )
        if placers:
            raise StateFault("volcano_placers", "no tile is placed during the auctions")
    elif phase is Phase.PLACE:
        if s.turn_kind is not TurnKind.PLACEMENT or s.active not in order:
            raise StateFault(
                "turn_kind", "a speed tile is placed in a placement turn (SPEED-PLACE-1)"
            )
        at = order.index(s.active)
        if (
            s.hand != secured[s.active]
            or have != set(order[at:])
            or s.queue != tuple((TurnKind.PLACEMENT, p) for p in order[at + 1 :])
            or not set(placers) <= set(order[:at])
        ):
            raise StateFault(
                "secured",
                "the secured tiles are placed one by one in Round Order (SPEED-PLACE-1)",
                player=s.active,
            )
    elif have:
        raise StateFault("secured", "every secured tile was placed (SPEED-PLACE-1)")
    if s.turn_kind is TurnKind.SCORING and not placers:
        raise StateFault(
            "volcano_placers", "a scoring turn follows a round with a volcano (SPEED-SCORE-1)"
        )
    if not set(placers) <= set(order):
        raise StateFault("volcano_placers", "a volcano placer secured it this round")
    volcanoes = sum(1 for code in s.placed if code >= 0 and t.tile_kinds[code // 6] is Kind.VOLCANO)
    if len(placers) > volcanoes:
        raise StateFault(
            "volcano_placers", f"{len(placers)} volcano placers, {volcanoes} volcanoes"
        )
    if s.turn_kind is TurnKind.BONUS and phase in (Phase.ACTIONS, Phase.TREASURE):
        at = placers.index(s.active) if s.active in placers else -1
        if at < 0 or s.queue != tuple((TurnKind.BONUS, p) for p in placers[at + 1 :]):
            raise StateFault(
                "volcano_placers",
                "each volcano placer takes a bonus turn, in order (SPEED-SCORE-2)",
            )


def _check_jump(s: State) -> None:
    phase = s.phase
    in_jump = phase in _IN_JUMP and s.turn_kind is TurnKind.JUMP
    jumpers = _players(s, "jumpers")
    jump_order = _players(s, "jump_order")
    kind = s.jump_kind
    if kind and (
        kind not in JUMP_KINDS
        or s.rules.jump_action != "one-kind"
        or not in_jump
        or phase is Phase.TOKENS
    ):
        raise StateFault(
            "jump_kind",
            "the kind of a Jump's actions is kept during a Jump turn with "
            "jump_action='one-kind', as an action keyword (SPEED-JUMP-3)",
        )
    if in_jump and phase is Phase.TREASURE and s.rules.jump_action == "one-kind" and kind != "dig":
        raise StateFault(
            "jump_kind",
            "a dig in a Jump with jump_action='one-kind' keeps its kind, dig (SPEED-JUMP-3)",
        )
    _check_opened(s, in_jump and phase is not Phase.TOKENS)
    if not in_jump:
        if s.chosen or jumpers or jump_order:
            raise StateFault("chosen", "tokens are chosen only during a Jump (SPEED-JUMP-1)")
        if any(x != _TOKENS for x in s.tokens):
            raise StateFault(
                "tokens", "outside the Jumps every player holds 10 tokens (SPEED-JUMP-6)"
            )
        return
    chosen = _choices(s)
    if not jumpers or list(jumpers) != sorted(jumpers):
        raise StateFault("jumpers", "the players in a Jump are listed in player order")
    for p in range(s.rules.players):
        if chosen[p] and p not in jumpers:
            raise StateFault("chosen", f"P{p + 1} is not in this Jump", player=p)
    if phase is Phase.TOKENS:
        waiting = [p for p in jumpers if not chosen[p]]
        if jump_order or not waiting or s.active != waiting[0]:
            raise StateFault("chosen", "a Jump waits for the choices not yet made (SPEED-JUMP-1)")
        for p in jumpers:
            if s.tokens[p] <= 0 or chosen[p] > min(_MAX_CHOICE, s.tokens[p]):  # a stop: < 0
                raise StateFault(
                    "tokens", f"P{p + 1} takes 1 to 5 of the tokens left (SPEED-JUMP-1)", player=p
                )
        return
    # ties in Round Order, then (TIKAL-TILE-8: a round with fewer tiles than players)
    # those who secured nothing, in seat order, as the engine orders them
    unsecured = [p for p in range(s.rules.players) if p not in s.round_order]
    rank = {p: i for i, p in enumerate([*s.round_order, *unsecured])}
    if any(not chosen[p] for p in jumpers):
        raise StateFault("chosen", "a Jump is played once all have chosen (SPEED-JUMP-2)")
    full = sorted(jumpers, key=lambda p: (chosen[p], rank[p]))
    at = full.index(s.active) if s.active in full else -1
    if at < 0 or tuple(full[at + 1 :]) != jump_order:
        raise StateFault(
            "jump_order",
            "a Jump is played from the fewest tokens up, ties in Round Order (SPEED-JUMP-2)",
        )
    if kind:  # SPEED-JUMP-3, 'one-kind': some points spent, some left
        if phase is Phase.TREASURE:
            ok = kind == "dig" and s.ap == chosen[s.active] - 3
        else:
            ok = 1 <= s.ap < chosen[s.active]
        if not ok:
            raise StateFault(
                "ap",
                f"after {kind} actions a Jump turn has less than the {chosen[s.active]} "
                "points chosen left (SPEED-JUMP-3)",
            )
        return
    spent = chosen[s.active] - (3 if phase is Phase.TREASURE else 0)
    if s.ap != spent:
        raise StateFault(
            "ap",
            f"the one action of a Jump has the {chosen[s.active]} points chosen (SPEED-JUMP-3)",
        )



def _opened_player(s: State, token: str) -> int | None:
    """The player of ``token`` if it is a swap, camp or guard naming its player
    (``P3:camp:c1``), else ``None``."""
    n = s.rules.players
    players = [f"P{p + 1}" for p in range(n)]
    parts = token.split(":")
    if len(parts) < 3 or parts[0] not in players:
        return None
    kinds = TREASURE_NAMES[: s.rules.manifest.components.treasure_kinds]
    head, rest = parts[1], parts[2:]
    if head == "swap":
        ok = (
            len(rest) == 3
            and rest[0] in kinds
            and rest[1] in players
            and rest[2] in kinds
            and len(rest[0]) == len(rest[2]) == 1
        )
    elif head == "camp":
        ok = len(rest) == 1 and rest[0] in CELL_NAMES
    elif head == "guard":
        ok = len(rest) == 2 and rest[0] in CELL_NAMES and rest[1] in ("w", "l")
    else:
        ok = False
    return players.index(parts[0]) if ok else None


def _choices(s: State) -> tuple[int, ...]:
    """SPEED-JUMP-1/8: per player a count of 0 to 5, or, at a Jump's token choice under
    ``Rules(forfeit=True)``, a stop (``STOP``), held until the reveal."""
    chosen = s.chosen
    if len(chosen) != s.rules.players:
        raise StateFault("chosen", "chosen has one entry per player")
    for p, c in enumerate(chosen):
        if c == STOP:
            if s.phase is not Phase.TOKENS or not s.rules.forfeit:
                raise StateFault(
                    "chosen",
                    f"P{p + 1}'s stop (end) is a choice only at a Jump's token choice under "
                    "Rules(forfeit=True), until the reveal (SPEED-JUMP-8)",
                    player=p,
                )
        elif not 0 <= c <= _MAX_CHOICE:
            raise StateFault("chosen", f"P{p + 1}'s chosen is 0 to 5 or end, not {c}", player=p)
    return chosen


def _check_opened(s: State, in_turn: bool) -> None:
    """SPEED-JUMP-7, ``jump_blocked='lost'``: the actions opened in the running Jump are
    swaps, camps and guards of the players still to act, each named once."""
    opened = s.opened
    if not opened:
        return
    if not in_turn or s.rules.jump_blocked != "lost" or len(set(opened)) != len(opened):
        raise StateFault(
            "opened",
            "the actions opened in a Jump are noted, once each, while it is played with "
            "jump_blocked='lost' (SPEED-JUMP-7)",
        )
    waiting = {s.active, *s.jump_order}
    for token in opened:
        if _opened_player(s, token) not in waiting:
            raise StateFault(
                "opened",
                f"{token!r} is not a swap, camp or guard of a player still to act in this "
                "Jump, named with its player (SPEED-JUMP-7)",
            )
