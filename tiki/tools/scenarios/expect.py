"""The ``[expect]`` table of a scenario: each key read and checked on its own.

:func:`read_expect` reads the table into :class:`Expectation` values (checked for kind
and bound as they are read, action tokens for their form), in the order the file
gives them; :func:`mismatches` checks one against the state after the last action and
the events of the last step, and yields a ``(key, expected, actual)`` triple for each
thing that differs, the values written as the file writes them. The keys are finer
than the file's where that says more: one per player (``fruits.x``), village
(``stacks.b1``), outcome field (``outcome.winner``) or refused token
(``illegal "+b2"``), as ``tikalspeed``'s scenarios do.

>>> from tiki.engine.contract import new_game
>>> from .read import FileReader
>>> s = new_game(layout=(1, 0, 1, -1, 2, 1, 1, 0, 1), first=0)
>>> [e] = read_expect(FileReader("a.toml"), {"fruits": [1, 0]}, s)
>>> e, list(mismatches(e, s, ()))
(Expectation(key='fruits', value=(1, 0)), [('fruits.x', '1', '0')])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeAlias

import attrs

from ...board.island import EDGE_NAMES, VILLAGE_NAMES
from ...engine.contract import actors, is_legal, outcome, step
from ...engine.moves import legal_actions
from ...errors import IllegalActionError, NotationError
from ...model.events import Event
from ...model.rules import NUMBER_LIMIT, TILE_VALUES
from ...model.state import CHANCE, FRUITS, PLAYER_SYMBOLS, TIKIS, Phase, State
from ...text.notation import from_text, parse_action, to_text
from .read import FileReader, parse_token, written

__all__ = ["EXPECT_KEYS", "Expectation", "mismatches", "read_expect"]

Miss: TypeAlias = tuple[str, str, str]
"""One difference: the key, the expected value and the actual one, as a report says
them."""

_REASONS = ("four-fruits", "reserve-empty", "tiebreak", "tie-loop", "no-move", "turn-cap")
_OUTCOME_KEYS = frozenset({"winner", "reason", "scores"})
_PHASES = tuple(p.value for p in Phase)


@attrs.frozen
class Expectation:
    """One key of ``[expect]`` and its value as read: tuples for lists, indices for
    villages, ``(token, clause)`` pairs for ``illegal``."""

    key: str
    """The key in the file (``clause`` is folded into ``illegal``)."""
    value: Any
    """What the file says, checked and converted (a list as a tuple)."""


def _name(player: int) -> str:
    return "chance" if player == CHANCE else PLAYER_SYMBOLS[player]


def _owners(stack: tuple[int, ...]) -> str:
    return "".join(PLAYER_SYMBOLS[p] for p in stack)


def _shown(event: Event) -> str:
    return f"{type(event).__name__}: {event}"


def _matches(entry: str, event: Event) -> bool:
    """An ``events`` entry names the event's class or a piece of its sentence."""
    return entry == type(event).__name__ or entry in str(event)


# --------------------------------------------------------------------------- reading

Reader: TypeAlias = Callable[[FileReader, object, str, State], Any]


def _illegal(r: FileReader, value: object, key: str, start: State) -> tuple[tuple[str, str], ...]:
    pairs = []
    for i, item in enumerate(r.items(value, key), 1):
        where = f"{key} #{i}"
        table = r.table(item, where, frozenset({"action", "clause"}))
        for needed in ("action", "clause"):
            if needed not in table:
                raise r.fail(
                    where, f"each refused action is {{action = ..., clause = ...}}: no {needed!r}"
                )
        token = r.token(start, table["action"], f"{where}.action")
        pairs.append((token, r.clause(table["clause"], f"{where}.clause")))
    return tuple(pairs)


def _outcome(r: FileReader, value: object, key: str, start: State) -> tuple[tuple[str, Any], ...]:
    table = r.table(value, key, _OUTCOME_KEYS)
    if not table:
        raise r.fail(key, "an outcome gives at least one of winner, reason, scores")
    read: dict[str, Callable[[object, str], Any]] = {
        "winner": lambda v, k: r.player(v, k, ("draw",)),
        "reason": lambda v, k: r.text(v, k, _REASONS),
        "scores": lambda v, k: r.numbers(v, k, 2, 0, FRUITS),
    }
    return tuple((sub, read[sub](v, f"{key}.{sub}")) for sub, v in table.items())


def _position(r: FileReader, value: object, key: str, start: State) -> str:
    text = r.text(value, key)
    try:
        from_text(text)
    except NotationError as e:  # a position no game reaches can never be expected
        raise r.fail(key, f"not a position: {e}") from None
    return text


def _tiles(r: FileReader, value: object, key: str, start: State) -> tuple[int, ...]:
    """Nine village values, or ``[]`` before the layout is drawn."""
    if value == []:
        return ()
    return r.numbers(value, key, 9, min(TILE_VALUES), max(TILE_VALUES))


def _number(low: int, high: int) -> Reader:
    return lambda r, v, k, s: r.integer(v, k, low, high)


def _pair(high: int) -> Reader:
    return lambda r, v, k, s: r.numbers(v, k, 2, 0, high)


def _choice(*choices: str) -> Reader:
    return lambda r, v, k, s: r.text(v, k, choices)


_READERS: dict[str, Reader] = {
    "illegal": _illegal,
    "unreadable": lambda r, v, k, s: r.texts(v, k),
    "legal": lambda r, v, k, s: r.tokens(s, v, k),
    "legal_count": _number(0, NUMBER_LIMIT),
    "legal_has": lambda r, v, k, s: r.tokens(s, v, k),
    "legal_lacks": lambda r, v, k, s: r.tokens(s, v, k),
    "events": lambda r, v, k, s: r.texts(v, k),
    "no_events": lambda r, v, k, s: r.texts(v, k),
    "outcome": _outcome,
    "result": _choice("1-0", "0-1", "1/2-1/2"),
    "stacks": lambda r, v, k, s: r.board(v, k),
    "tiles": _tiles,
    "supply": _pair(TIKIS),
    "fruits": _pair(FRUITS),
    "reserve": _number(0, FRUITS),
    "spoiled": _number(0, FRUITS),
    "tiebreak": lambda r, v, k, s: r.boolean(v, k),
    "turn": _number(0, NUMBER_LIMIT),
    "shaman": _choice(*EDGE_NAMES, "none"),
    "phase": _choice(*_PHASES),
    "actor": _choice("x", "o", "chance"),
    "active": _choice("x", "o", "none"),
    "pending": lambda r, v, k, s: tuple(
        VILLAGE_NAMES[r.village(name, f"{k} #{i}")] for i, name in enumerate(r.items(v, k), 1)
    ),
    "position": _position,
}

EXPECT_KEYS = frozenset({*_READERS, "clause"})
"""The keys of ``[expect]``."""


def read_expect(reader: FileReader, value: object, start: State) -> tuple[Expectation, ...]:
    """Read the ``[expect]`` table, in the file's order; action tokens are checked for
    their form in ``start``. Raises :class:`NotationError` naming the key at fault."""
    table = reader.table(value, "expect", EXPECT_KEYS)
    if not table:
        raise reader.fail("expect", "empty: a scenario says what must be true after the actions")
    if "clause" in table and type(table.get("illegal")) is not str:
        raise reader.fail("expect.clause", "'clause' goes with a single 'illegal' token")
    out = []
    for key, raw in table.items():
        where = f"expect.{key}"
        if key == "clause":
            continue
        if key == "illegal" and type(raw) is str:
            if "clause" not in table:
                raise reader.fail(where, "'illegal' as a token needs 'clause' beside it")
            token = reader.token(start, raw, where)
            value_ = ((token, reader.clause(table["clause"], "expect.clause")),)
        else:
            value_ = _READERS[key](reader, raw, where, start)
        out.append(Expectation(key, value_))
    return tuple(out)


# --------------------------------------------------------------------------- checking

Checker: TypeAlias = Callable[[Any, State, tuple[Event, ...]], Iterator[Miss]]

_NOT_OVER = "no result: the game is not over"


def _told(events: tuple[Event, ...]) -> str:
    """The events of the last step, as a report lists them."""
    return "[" + "; ".join(_shown(e) for e in events) + "]"


def _same(key: str, expected: object, actual: object) -> Iterator[Miss]:
    if expected != actual:
        yield key, written(expected), written(actual)


def _check_illegal(pairs: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
    for token, clause in pairs:
        key, wanted = f"illegal {written(token)}", f"refused by {clause}"
        action = parse_token(state, token)
        if is_legal(state, action):
            yield key, wanted, "legal"
            continue
        try:
            step(state, action)
        except IllegalActionError as e:
            if e.clause != clause:
                yield key, wanted, f"refused by {e.clause}: {e}"
        else:  # is_legal and step disagree
            yield key, wanted, "accepted by step, though is_legal says no"


def _check_unreadable(tokens: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
    for token in tokens:
        try:
            action = parse_action(state, token)
        except NotationError:
            continue
        yield "unreadable", f"{written(token)} unreadable", f"read as {action!r}"


def _tokens(state: State) -> list[str]:
    return [str(a) for a in legal_actions(state)]


def _agree(state: State, tokens: Iterable[str]) -> Iterator[Miss]:
    """``is_legal`` agrees with ``legal_actions`` on every token listed as legal."""
    for token in tokens:
        if not is_legal(state, parse_token(state, token)):
            yield f"is_legal {written(token)}", "true", "false"


def _check_legal(expected: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
    tokens = _tokens(state)
    repeated = sorted({t for t in tokens if tokens.count(t) > 1})
    if repeated:
        yield "legal", "every token once", f"{written(repeated)} more than once"
    for token in expected:  # one line per token wrong, as legal_has and legal_lacks say
        if token not in tokens:
            yield "legal", f"{written(token)} legal", "not legal"
    for token in tokens:
        if token not in expected:
            yield "legal", f"{written(token)} not legal", "legal"
    yield from _agree(state, [t for t in expected if t in tokens])


def _check_has(expected: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
    tokens = _tokens(state)
    for token in expected:
        if token not in tokens:
            yield "legal_has", f"{written(token)} legal", "not legal"
    yield from _agree(state, [t for t in expected if t in tokens])


def _check_lacks(expected: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
    tokens = _tokens(state)
    for token in expected:
        if token in tokens:
            yield "legal_lacks", f"{written(token)} not legal", "legal"


def _check_events(entries: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
    rest = iter(events)
    for entry in entries:
        if not any(_matches(entry, e) for e in rest):
            yield "events", f"{written(entry)} (in this order)", _told(events)
            return


def _check_no_events(entries: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
    for entry in entries:
        if any(_matches(entry, e) for e in events):
            yield "no_events", f"no {written(entry)}", _told(events)


def _check_outcome(items: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
    result = outcome(state)
    for sub, want in items:
        if result is None:
            yield f"outcome.{sub}", written(want), _NOT_OVER
            continue
        got = {
            "winner": "draw" if result.winner is None else _name(result.winner),
            "reason": result.reason,
            "scores": result.scores,
        }[sub]
        yield from _same(f"outcome.{sub}", want, got)


def _check_result(want: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
    if state.result is None:
        yield "result", written(want), _NOT_OVER
    else:
        yield from _same("result", want, state.result.result())


def _check_stacks(board: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
    for v, name in enumerate(VILLAGE_NAMES):
        yield from _same(f"stacks.{name}", _owners(board[v]), _owners(state.stacks[v]))


def _per_player(field: str) -> Checker:
    def check(pair: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
        for p, want in enumerate(pair):
            yield from _same(f"{field}.{PLAYER_SYMBOLS[p]}", want, getattr(state, field)[p])

    return check


def _field(key: str, actual: Callable[[State], object]) -> Checker:
    def check(want: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
        yield from _same(key, want, actual(state))

    return check


def _check_actor(want: Any, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
    got = _name(state.actor)
    if want != got:
        yield "actor", written(want), written(got)
    else:  # who decides, and actors(): the same answer, nobody once the game is over
        expected = [] if state.result is not None else [want]
        yield from _same("actors()", expected, [_name(p) for p in actors(state)])


_CHECKERS: dict[str, Checker] = {
    "illegal": _check_illegal,
    "unreadable": _check_unreadable,
    "legal": _check_legal,
    "legal_count": _field("legal_count", lambda s: len(legal_actions(s))),
    "legal_has": _check_has,
    "legal_lacks": _check_lacks,
    "events": _check_events,
    "no_events": _check_no_events,
    "outcome": _check_outcome,
    "result": _check_result,
    "stacks": _check_stacks,
    "tiles": _field("tiles", lambda s: s.tiles),
    "supply": _per_player("supply"),
    "fruits": _per_player("fruits"),
    "reserve": _field("reserve", lambda s: s.reserve),
    "spoiled": _field("spoiled", lambda s: s.spoiled),
    "tiebreak": _field("tiebreak", lambda s: s.tiebreak),
    "turn": _field("turn", lambda s: s.turn),
    "shaman": _field("shaman", lambda s: "none" if s.shaman is None else EDGE_NAMES[s.shaman]),
    "phase": _field("phase", lambda s: s.phase.value),
    "actor": _check_actor,
    "active": _field(
        "active", lambda s: "none" if s.active == CHANCE else PLAYER_SYMBOLS[s.active]
    ),
    "pending": _field("pending", lambda s: tuple(VILLAGE_NAMES[v] for v in s.pending)),
    "position": _field("position", to_text),
}


def mismatches(expectation: Expectation, state: State, events: tuple[Event, ...]) -> Iterator[Miss]:
    """Check one expectation against ``state`` (after the last action) and ``events``
    (of the last step); yield ``(key, expected, actual)`` for each difference, both
    values written as a scenario file writes them (or in words)."""
    yield from _CHECKERS[expectation.key](expectation.value, state, events)
