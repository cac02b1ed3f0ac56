"""A scenario's ``[expect]`` table (:mod:`tikalspeed.tools.scenarios`): what must be
true after the last action, checked key by key into mismatches (the shared runner's
:class:`~gamekit.scenarios.runner.Mismatch`).

Every key is optional and checks only what it names. :func:`expectations` reads the
table with a :class:`~.read.Reader`, so running it once on the start
position also proves the table well formed (every cell, player, tile and token
readable) before anything is played.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gamekit.scenarios.runner import Mismatch

from ...board.hexgrid import CELL_NAMES
from ...board.terrain import terrain
from ...bounds import MAX_COUNT, MAX_SCORE
from ...engine import actors, is_legal, legal_actions, outcome, step
from ...errors import IllegalActionError, NotationError
from ...model.actions import TREASURE_NAMES, Action, player_name
from ...model.events import Event
from ...model.records import CHANCE, EMPTY, GUARDING, MAX_TOKENS, REMOVED, SUPPLY, TOKENS
from ...model.state import State
from ...text.clauses import clause as clause_of
from ...text.notation import action_token
from .read import Reader, at, shown

__all__ = ["EXPECT_KEYS", "SPEED_EXPECT_KEYS", "Mismatch", "expectations"]

_PLACES = {SUPPLY: "supply", REMOVED: "removed", GUARDING: "guarding"}
_HEADS = ("place", "enter", "hop", "move", "uncover", "dig", "swap", "camp", "guard", "end",
          "bid", "pass", "take", "tokens", "draw", "reveal", "find")  # fmt: skip


Check = Callable[[Any, State, tuple[Event, ...], Reader], list[Mismatch]]


def expectations(
    expect: dict[str, Any], state: State, events: tuple[Event, ...], r: Reader
) -> list[Mismatch]:
    """Every expectation of ``expect`` not met by ``state`` and the last action's
    ``events``, in the order of the keys; raises :class:`~.read.Fault` for a
    value that cannot be read."""
    out: list[Mismatch] = []
    for key, value in expect.items():
        out.extend(_CHECKS[key](value, state, events, r))
    return out


def _same(key: str, expected: object, actual: object) -> list[Mismatch]:
    return [] if expected == actual else [Mismatch(key, shown(expected), shown(actual))]


def _each(key: str, want: dict[str, Any], got: dict[str, Any], absent: object) -> list[Mismatch]:
    """Compare two tables entry by entry (``absent`` stands for an entry one lacks),
    each mismatch at ``key.entry``, in the order of ``want`` then of ``got``."""
    out: list[Mismatch] = []
    for name in [*want, *(n for n in got if n not in want)]:
        out += _same(f"{key}.{name}", want.get(name, absent), got.get(name, absent))
    return out


def _name(p: int) -> str:
    return "chance" if p == CHANCE else player_name(p)


def _head(token: str) -> str:
    body = token.partition(":")[2] if re.match(r"P[0-9]:", token) else token
    return body.replace("=", ":").split(":")[0]


# --------------------------------------------------------------------------- actions


def _tokens(key: str, value: Any, state: State, r: Reader) -> list[tuple[str, Action]]:
    items = r.list_of(key, value)
    return [(t, r.token(at(key, i), t, state)) for i, t in enumerate(items)]


def _legal(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    legal = legal_actions(state)
    out: list[Mismatch] = []
    for head, tokens in r.table_of("legal", value).items():
        key = f"legal.{head}"
        if head not in _HEADS:
            raise r.fault(key, f"an action head ({', '.join(_HEADS)}), not {head!r}")
        wanted = _tokens(key, tokens, state, r)
        for token, _action in wanted:
            if _head(token) != head:
                raise r.fault(key, f"{token!r} is not a {head!r} action")
        got = sorted(action_token(state, a) for a in legal if _head(action_token(state, a)) == head)
        expected = sorted(action_token(state, a) for _t, a in wanted)
        out += _same(key, expected, got)
    return out


def _legal_has(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    legal = set(legal_actions(state))
    return [
        Mismatch("legal_has", f"{shown(t)} legal", "not legal")
        for t, a in _tokens("legal_has", value, state, r)
        if a not in legal
    ]


def _legal_lacks(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    legal = set(legal_actions(state))
    return [
        Mismatch("legal_lacks", f"{shown(t)} not legal", "legal")
        for t, a in _tokens("legal_lacks", value, state, r)
        if a in legal
    ]


def _illegal(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    out: list[Mismatch] = []
    for i, item in enumerate(r.list_of("illegal", value)):
        key = at("illegal", i)
        entry = r.table_of(key, item)
        if set(entry) != {"action", "clause"}:
            raise r.fault(key, 'each entry is { action = "...", clause = "..." }')
        token = entry["action"]
        action = r.token(f"{key}.action", token, state)
        clause = r.text(f"{key}.clause", entry["clause"])
        try:
            clause_of(clause)
        except NotationError as e:
            raise r.fault(f"{key}.clause", str(e)) from None
        where = f"illegal {shown(token)}"
        if is_legal(state, action):
            out.append(Mismatch(where, f"refused by {clause}", "legal"))
            continue
        try:
            step(state, action)
        except IllegalActionError as e:
            if e.clause != clause:
                out.append(Mismatch(where, f"refused by {clause}", f"refused by {e.clause}: {e}"))
    return out


def _matches(entry: str, event: Event) -> bool:
    return entry == type(event).__name__ or entry in str(event)


def _told(events: tuple[Event, ...]) -> str:
    return "[" + "; ".join(f"{type(e).__name__}: {e}" for e in events) + "]"


def _events(value: Any, state: State, events: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    it = iter(events)
    for i, entry in enumerate(r.list_of("events", value)):
        text = r.text(at("events", i), entry)
        if not any(_matches(text, e) for e in it):
            return [Mismatch("events", f"{shown(text)} (in this order)", _told(events))]
    return []


def _no_events(value: Any, state: State, events: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    out = []
    for i, entry in enumerate(r.list_of("no_events", value)):
        text = r.text(at("no_events", i), entry)
        if any(_matches(text, e) for e in events):
            out.append(Mismatch("no_events", f"no {shown(text)}", _told(events)))
    return out


# --------------------------------------------------------------------------- the board


def _cells(key: str) -> Check:
    def check(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
        values = getattr(state, key)
        out: list[Mismatch] = []
        for name, n in r.table_of(key, value).items():
            c = r.cell(f"{key}.{name}", name)
            out += _same(f"{key}.{name}", r.number(f"{key}.{name}", n, 0), values[c])
        return out

    return check


def _levels(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    out: list[Mismatch] = []
    for k, n in r.table_of("levels", value).items():
        v = int(k) if k.isdigit() and len(k) <= 2 else -1
        if not 2 <= v <= 10:
            raise r.fault(f"levels.{k}", f"a level value 2 to 10, not {k!r}")
        out += _same(f"levels.{k}", r.number(f"levels.{k}", n, 0), state.levels[v])
    return out


def _held(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    out: list[Mismatch] = []
    for p, kinds in r.by_player("held", value).items():
        key = f"held.{player_name(p)}"
        have = "".join(k * c for k, c in zip(TREASURE_NAMES, state.held[p], strict=False))
        out += _same(key, "".join(sorted(r.text(key, kinds))), have)
    return out


def _workers(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    out: list[Mismatch] = []
    for p, cells in r.by_player("workers", value).items():
        key = f"workers.{player_name(p)}"
        want = {}
        for name, n in r.table_of(key, cells).items():
            r.cell(f"{key}.{name}", name)
            want[name] = r.number(f"{key}.{name}", n, 1)
        got = {CELL_NAMES[c]: n for c, n in enumerate(state.workers[p]) if n}
        out += _each(key, want, got, 0)
    return out


def _leaders(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    out: list[Mismatch] = []
    for p, where in r.by_player("leaders", value).items():
        key = f"leaders.{player_name(p)}"
        text = r.text(key, where)
        if text not in _PLACES.values():
            r.cell(key, text)
        at = state.leaders[p]
        out += _same(key, text, _PLACES.get(at) or CELL_NAMES[at])
    return out


def _owners(key: str) -> Check:
    def check(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
        want = {}
        for name, who in r.table_of(key, value).items():
            r.cell(f"{key}.{name}", name)
            want[name] = player_name(r.player(f"{key}.{name}", who))
        row = getattr(state, key)
        got = {CELL_NAMES[c]: player_name(o) for c, o in enumerate(row) if o != EMPTY}
        return _each(key, want, got, "none")

    return check


def _per_player(key: str, low: int, high: int, default: int = 0) -> Check:
    """A per-player field: a list gives every player's, a table some players'; each
    player is compared on his own (``scores.P2``)."""

    def check(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
        want = r.per_player(key, value, low, high)
        row = getattr(state, key) or (default,) * state.rules.players
        out: list[Mismatch] = []
        for p, v in want.items():
            out += _same(f"{key}.{player_name(p)}", v, row[p])
        return out

    return check


# --------------------------------------------------------------------------- the decision


def _scalar(key: str, read: Callable[[State], object], kind: type = str) -> Check:
    def check(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
        if kind is int:
            r.number(key, value, 0)
        else:
            r.text(key, value)
        return _same(key, value, read(state))

    return check


def _actor(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    who = actors(state)
    name = "none" if not who else _name(who[0])
    return _same("actor", r.text("actor", value), name)


def _actors(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    want = [r.text(at("actors", i), v) for i, v in enumerate(r.list_of("actors", value))]
    return _same("actors", want, [_name(p) for p in actors(state)])


def _players(key: str) -> Check:
    def check(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
        want = [player_name(p) for p in r.players_once(key, value)]
        return _same(key, want, [player_name(p) for p in getattr(state, key)])

    return check


def _secured(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    ids = terrain(state.rules.manifest).tile_ids
    want = {}
    for p, tile in r.by_player("secured", value).items():
        key = f"secured.{player_name(p)}"
        want[player_name(p)] = ids[r.tile(key, r.text(key, tile), state)]
    got = {player_name(p): ids[t] for p, t in enumerate(state.secured) if t >= 0}
    return _each("secured", want, got, "none")


def _display(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    ids = terrain(state.rules.manifest).tile_ids
    tiles = r.list_of("display", value)
    want = [ids[r.tile(at("display", i), t, state)] for i, t in enumerate(tiles)]
    return _same("display", want, [ids[t] for t in state.display])


def _hand(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    ids = terrain(state.rules.manifest).tile_ids
    text = r.text("hand", value)
    if text != "none":
        r.tile("hand", text, state)
    return _same("hand", text, ids[state.hand] if state.hand >= 0 else "none")


def _winner(value: Any, state: State, _: tuple[Event, ...], r: Reader) -> list[Mismatch]:
    text = r.text("winner", value)
    if text != "none":
        r.player("winner", text)
    result = outcome(state)
    if result is None:
        return [Mismatch("winner", shown(text), "no result: the game is not over")]
    return _same("winner", text, "none" if result.winner is None else player_name(result.winner))


_CHECKS: dict[str, Check] = {
    "illegal": _illegal,
    "legal": _legal,
    "legal_has": _legal_has,
    "legal_lacks": _legal_lacks,
    "events": _events,
    "no_events": _no_events,
    "temples": _cells("temples"),
    "ruins": _cells("ruins"),
    "levels": _levels,
    "held": _held,
    "workers": _workers,
    "leaders": _leaders,
    "camps": _owners("camps"),
    "guards": _owners("guards"),
    "supply": _per_player("supply", 0, MAX_COUNT),
    "removed": _per_player("removed", 0, MAX_COUNT),
    "scores": _per_player("scores", -MAX_SCORE, MAX_SCORE),
    "ap": _scalar("ap", lambda s: s.ap, int),
    "phase": _scalar("phase", lambda s: s.phase.value),
    "kind": _scalar("kind", lambda s: s.turn_kind.value),
    "active": _scalar("active", lambda s: player_name(s.active)),
    "actor": _actor,
    "actors": _actors,
    "tokens": _per_player("tokens", 0, TOKENS, TOKENS),
    "chosen": _per_player("chosen", 0, MAX_TOKENS),
    "jumpers": _players("jumpers"),
    "jump_order": _players("jump_order"),
    "round_order": _players("round_order"),
    "volcano_placers": _players("volcano_placers"),
    "secured": _secured,
    "display": _display,
    "hand": _hand,
    "winner": _winner,
}

EXPECT_KEYS = tuple(_CHECKS)
"""Every key of ``[expect]``."""
SPEED_EXPECT_KEYS = ("tokens", "chosen", "jumpers", "jump_order", "round_order",
                     "volcano_placers", "secured")  # fmt: skip
"""The ``[expect]`` keys only a Speed game has."""
