"""Text forms: the one-token action notation and the one-line position string.

A position string (our FEN) has 11 space-separated fields, plus a 12th when the rules
are not the defaults; ``docs/tiki-notation.md`` describes each field.

>>> from tiki import new_game, apply, Create, X, B2
>>> s = new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=X)
>>> text = to_text(apply(s, Create(X, B2)))
>>> text
'+1,0,+1/+1,+1x,-1/+1,+2,0 turn o o - 0,0 7,0 - - 1 -'
>>> from_text(text) == apply(s, Create(X, B2))
True
"""

from __future__ import annotations

import re
from typing import Any

from ..board.island import EDGE_NAMES, VILLAGE_NAMES, edge_from_name
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
from ..model.rules import NUMBER_LIMIT, Rules
from ..model.state import CHANCE, FRUITS, PLAYER_SYMBOLS, Outcome, Phase, State
from ..model.view import View, not_a_position
from ._numbers import read_number
from ._rulestext import rules_from_text, rules_to_text
from .check import StateFault, check_state

__all__ = [
    "action_token",
    "from_text",
    "parse_action",
    "rules_from_text",
    "rules_to_text",
    "to_text",
]

_VILLAGE_INDEX = {name: v for v, name in enumerate(VILLAGE_NAMES)}
_INT = re.compile(r"[+-]?[0-9]+")
_NAT = re.compile(r"0|[1-9][0-9]*")
_SPACE = re.compile(r"\S+")


# --------------------------------------------------------------------------- actions


def parse_action(state: State | View, text: str) -> Action:
    """Read the one-token notation ``text`` as an action of whoever acts in ``state``
    (a position, or a player's :class:`~tiki.View`, where the token belongs to the
    view's player: a client reads his own actions in what he sees).

    Only the form is checked here; legality is :func:`tiki.step`'s job. Raises
    :class:`NotationError` for text that is not an action token; its ``position`` is
    the offset in ``text`` of the part that cannot be read.

    >>> from tiki import new_game, X
    >>> s = new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=X)
    >>> parse_action(s, "+b2")
    Create(player=X, village=B2)
    >>> parse_action(s, "a1-b1-b2")
    Move(player=X, path=(A1, B1, B2))
    >>> parse_action(s, "b9")
    Traceback (most recent call last):
    ...
    tiki.errors.NotationError: unknown village 'b9' in 'b9' (at 0)
    >>> parse_action(s, "a1-b1-d2")
    Traceback (most recent call last):
    ...
    tiki.errors.NotationError: unknown village 'd2' in 'a1-b1-d2' (at 6)
    """
    if isinstance(state, View):
        if state.player is None:
            raise NotationError("a spectator's view (observe(state, None)) has no actions")
        player = state.player
        state = state.state
    else:
        refused = not_a_position(state, "")
        if refused is not None:
            raise NotationError(refused)
        player = state.actor
    if not isinstance(text, str):
        raise NotationError(f"an action token is a str, not {type(text).__name__}")
    lead = len(text) - len(text.lstrip())
    t = text.strip()
    if not t:
        raise NotationError("empty action token", 0)
    if t[0] == "+":
        return Create(player, _village(t, 1, lead))
    if t[0] == "!":
        return Order(player, _village(t, 1, lead))
    if t == "pass":
        return Pass(player)
    if t == "s=":
        return KeepShaman(player)
    if t[:2] in ("s@", "s>"):
        try:
            edge = edge_from_name(t[2:])
        except KeyError:
            raise NotationError(f"unknown edge {shown(t[2:])} in {shown(t)}", lead + 2) from None
        return PlaceShaman(player, edge) if t[1] == "@" else MoveShaman(player, edge)
    if t.startswith("layout="):
        parts = t[7:].split(",")
        values = []
        at = lead + 7
        for part in parts:
            if not _INT.fullmatch(part):
                raise NotationError(f"bad village value {shown(part)} in {shown(t)}", at)
            values.append(read_number(part, at, "village value", -1, 2))
            at += len(part) + 1
        if len(values) != 9:
            raise NotationError(f"a layout gives 9 village values, not {len(values)}", lead + 7)
        return Layout(tuple(values))
    if t.startswith("first="):
        if t[6:] not in ("x", "o"):
            raise NotationError(f"the first player is x or o, not {shown(t[6:])}", lead + 6)
        return FirstPlayer(PLAYER_SYMBOLS.index(t[6:]))
    if t[0] in "abc":
        path = []
        at = 0
        for part in t.split("-"):
            path.append(_village(part, 0, lead + at, t))
            at += len(part) + 1
        return Move(player, tuple(path))
    raise NotationError(f"cannot read action {shown(t)}", lead)


def _village(t: str, start: int, lead: int, whole: str | None = None) -> int:
    """Return the village named ``t[start:]``, or raise at offset ``lead + start``."""
    name = t[start:]
    v = _VILLAGE_INDEX.get(name)
    if v is None:
        raise NotationError(f"unknown village {shown(name)} in {shown(whole or t)}", lead + start)
    return v


# --------------------------------------------------------------------------- positions

_VALUE_TEXT = {2: "+2", 1: "+1", 0: "0", -1: "-1"}
_TEXT_VALUE = {t: v for v, t in _VALUE_TEXT.items()}
_PHASES = {p.value: p for p in Phase}
_ACTIVE = {"x": 0, "o": 1, "-": -1}
_ACTOR = {"x": 0, "o": 1, "*": CHANCE}
_WINNER = {"x": 0, "o": 1, "=": None}
_RANK_ORDER = (6, 3, 0)  # first village of ranks 3, 2, 1
_FIELD_INDEX = {  # State field -> index of the position field that shows it
    "phase": 1,
    "active": 2,
    "actor": 3,
    "pending": 4,
    "fruits": 5,
    "reserve": 6,
    "spoiled": 6,
    "shaman": 7,
    "tiebreak": 8,
    "turn": 9,
    "result": 10,
}


def to_text(state: State) -> str:
    """Return the one-line position string of ``state`` (see ``docs/tiki-notation.md``).

    >>> from tiki import new_game, Rules
    >>> to_text(new_game())
    '? layout - * - 0,0 7,0 - - 0 -'
    >>> to_text(new_game(Rules(shaman=True), layout=(1, 2, 0, 1, 1, -1, 1, 0, 1)))
    '+1,0,+1/+1,+1,-1/+1,+2,0 first - * - 0,0 7,0 - - 0 - rules:shaman=true'

    A :class:`~tiki.View` is not a position: it is written by :func:`~tiki.view_to_text`
    (:class:`NotationError` here).
    """
    refused = not_a_position(state, "write it with view_to_text(view)")
    if refused is not None:
        raise NotationError(refused)
    if state.tiles:
        board = "/".join(
            ",".join(
                _VALUE_TEXT[state.tiles[v]] + "".join(PLAYER_SYMBOLS[o] for o in state.stacks[v])
                for v in range(first, first + 3)
            )
            for first in _RANK_ORDER
        )
    else:
        board = "?"
    result = state.result
    fields = [
        board,
        state.phase.value,
        "-" if state.active == -1 else PLAYER_SYMBOLS[state.active],
        "*" if state.actor == CHANCE else PLAYER_SYMBOLS[state.actor],
        ",".join(VILLAGE_NAMES[v] for v in state.pending) or "-",
        f"{state.fruits[0]},{state.fruits[1]}",
        f"{state.reserve},{state.spoiled}",
        "-" if state.shaman is None else EDGE_NAMES[state.shaman],
        "+" if state.tiebreak else "-",
        str(state.turn),
        "-"
        if result is None
        else f"{'xo='[2 if result.winner is None else result.winner]}:{result.reason}",
    ]
    rules = rules_to_text(state.rules)
    if rules:
        fields.append("rules:" + rules)
    return " ".join(fields)


def from_text(text: str) -> State:
    """Read a position string written by :func:`to_text`, checking it is consistent.

    Raises :class:`NotationError` whose ``position`` is the character offset of the
    field (or village, or rule) at fault: for a wrong field count, a value that cannot
    be read, or a position no game can reach (tiles other than the rules' tiles, a
    player with more than 8 tikis out, fruits not adding up to 7, a stack of 3 that is
    not waiting to resolve, an actor the phase does not allow, a result in a running
    game, ...).

    >>> s = from_text("+1,0,+1/+1,+1x,-1/+1,+2,0 turn o o - 0,0 7,0 - - 1 -")
    >>> s.stacks[4], s.supply, s.active
    ((0,), (7, 8), 1)
    >>> from_text("+1,0,+1/+1,+1x,-1/+1,+2,0 turn o x - 0,0 7,0 - - 1 -")
    Traceback (most recent call last):
    ...
    tiki.errors.NotationError: the active player acts in phase 'turn' (at 33)
    """
    if not isinstance(text, str):
        raise NotationError(f"a position string is a str, not {type(text).__name__}")
    fields = [(m.start(), m.group()) for m in _SPACE.finditer(text)]
    if len(fields) < 11:
        raise NotationError(
            f"a position has 11 fields (12 with rules), found {len(fields)}", len(text)
        )
    if len(fields) >= 12 and not fields[11][1].startswith("rules:"):
        raise NotationError("the 12th field must be 'rules:...'", fields[11][0])
    if len(fields) > 12:
        raise NotationError("a position has at most 12 fields", fields[12][0])
    rules = Rules()
    if len(fields) == 12:
        rules = rules_from_text(fields[11][1][6:], fields[11][0] + 6)

    pos = [p for p, _ in fields]
    board, phase_f, active_f, actor_f, pending_f = (f for _, f in fields[:5])
    tiles, stacks, spots = _board(board, pos[0])
    phase = _choose(_PHASES, phase_f, pos[1], "phase")
    active = _choose(_ACTIVE, active_f, pos[2], "active player (x, o or -)")
    actor = _choose(_ACTOR, actor_f, pos[3], "actor (x, o or *)")
    pending, pending_spots = _pending(pending_f, pos[4])
    fruits = _pair(fields[5][1], pos[5], "fruits")
    reserve, spoiled = _pair(fields[6][1], pos[6], "reserve and spoiled fruits")
    shaman_f = fields[7][1]
    shaman = None
    if shaman_f != "-":
        try:
            shaman = edge_from_name(shaman_f)
        except KeyError:
            raise NotationError(f"unknown shaman edge {shown(shaman_f)}", pos[7]) from None
    tiebreak = _choose({"+": True, "-": False}, fields[8][1], pos[8], "tie-break flag (+ or -)")
    turn = _number(fields[9][1], pos[9], "turn")
    result = _result(fields[10][1], pos[10], fruits)
    on_board = [sum(o == p for st in stacks for o in st) for p in (0, 1)]
    state = State(
        rules=rules,
        tiles=tiles,
        stacks=stacks,
        supply=(8 - on_board[0], 8 - on_board[1]),
        fruits=fruits,
        reserve=reserve,
        spoiled=spoiled,
        shaman=shaman,
        active=active,
        actor=actor,
        phase=phase,
        pending=pending,
        tiebreak=tiebreak,
        turn=turn,
        result=result,
    )
    try:
        check_state(state)
    except StateFault as fault:
        spot = {"stacks": spots, "pending": pending_spots}.get(fault.field)
        if spot and fault.index is not None:
            where = spot[fault.index]
        else:
            where = pos[_FIELD_INDEX.get(fault.field, 0)]
        raise NotationError(fault.message, where) from None
    return state


def _board(field: str, at: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], list[int]]:
    """Read the board field: tiles, stacks and the offset of each village's token."""
    if field == "?":
        return (), ((),) * 9, [at] * 9
    ranks = field.split("/")
    if len(ranks) != 3:
        raise NotationError(f"the board has 3 ranks separated by '/', found {len(ranks)}", at)
    tiles = [0] * 9
    stacks: list[tuple[int, ...]] = [()] * 9
    spots = [at] * 9
    offset = at
    for first, rank in zip(_RANK_ORDER, ranks, strict=True):
        villages = rank.split(",")
        if len(villages) != 3:
            raise NotationError(
                f"each rank has 3 villages separated by ',', found {len(villages)}", offset
            )
        for v, token in enumerate(villages, start=first):
            spots[v] = offset
            owners = token.lstrip("+-0123456789")
            value = _TEXT_VALUE.get(token[: len(token) - len(owners)])
            if value is None:
                raise NotationError(
                    f"village {VILLAGE_NAMES[v]} needs a value +2, +1, 0 or -1: {shown(token)}",
                    offset,
                )
            if owners.strip("xo"):
                raise NotationError(
                    f"village {VILLAGE_NAMES[v]}: tikis are x or o, not {shown(owners)}", offset
                )
            tiles[v] = value
            stacks[v] = tuple(PLAYER_SYMBOLS.index(o) for o in owners)
            offset += len(token) + 1
    return tuple(tiles), tuple(stacks), spots


def _choose(table: dict[str, Any], field: str, at: int, what: str) -> Any:
    if field not in table:
        raise NotationError(f"unknown {what} {shown(field)}", at)
    return table[field]


def _number(field: str, at: int, what: str) -> int:
    return read_number(field, at, what, 0, NUMBER_LIMIT, _NAT)


def _pair(field: str, at: int, what: str) -> tuple[int, int]:
    a, comma, b = field.partition(",")
    if not (comma and _NAT.fullmatch(a) and _NAT.fullmatch(b)):
        raise NotationError(f"the {what} field is two whole numbers 'a,b', not {shown(field)}", at)
    # TIKI-SETUP-4: there are 7 fruits in all
    return read_number(a, at, what, 0, FRUITS, _NAT), read_number(b, at, what, 0, FRUITS, _NAT)


def _pending(field: str, at: int) -> tuple[tuple[int, ...], list[int]]:
    if field == "-":
        return (), []
    villages: list[int] = []
    spots = []
    for name in field.split(","):
        v = _VILLAGE_INDEX.get(name)
        if v is None:
            raise NotationError(f"unknown pending village {shown(name)}", at)
        if v in villages:
            raise NotationError(f"pending village {name} is listed twice", at)
        villages.append(v)
        spots.append(at)
        at += len(name) + 1
    return tuple(villages), spots


def _result(field: str, at: int, fruits: tuple[int, int]) -> Outcome | None:
    if field == "-":
        return None
    winner, colon, reason = field.partition(":")
    if winner not in _WINNER or not colon:
        raise NotationError(f"a result is '<x|o|=>:<reason>' or '-', not {shown(field)}", at)
    return Outcome(winner=_WINNER[winner], scores=fruits, reason=reason)


def action_token(state: State | View, action: Action) -> str:
    """The token of ``action`` in ``state``, unique among its legal actions: what
    :func:`parse_action` reads back as ``action`` (``parse_action(state,
    action_token(state, a)) == a`` for every legal action). One player acts at a time
    in Tiki, so it is ``str(action)``; the function has the shape of
    ``tikalspeed.action_token``, where a Speed Jump's tokens name their player.

    >>> from tiki import new_game, legal_actions
    >>> s = new_game(seed=1)
    >>> [action_token(s, a) for a in legal_actions(s)][:3]
    ['+a1', '+b1', '+c1']

    In a player's :class:`~tiki.View` the token is the one of its position.
    """
    refused = None if isinstance(state, View) else not_a_position(state, "")
    if refused is not None:
        raise NotationError(refused)
    return str(action)
