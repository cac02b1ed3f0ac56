"""A seeded fuzzer for every reader of the library: text, records and JSON.

It checks the library's contract on inputs that real games produce and on mutations
of them: a reader either *refuses* an input with :class:`~tiki.NotationError` or
:class:`~tiki.IllegalActionError` (both fine), or *accepts* it, and then what it read
must write and read back as an equal object, and an accepted state must play on
(every reachable successor reads back too). Anything else is a *finding*: another
exception escaping a reader ("escape"), a failed round trip ("round-trip"), or a
failure while playing on ("plays-on"); it is kept with the input that caused it.

>>> report = run(5, seed=1)
>>> [r.inputs for r in report.readers] == [5] * len(READERS)
True
>>> report.findings
()

The pieces; the first three know nothing of Tiki, so the same shape serves another
game (``tikalspeed``) with only the last three rewritten:

- :func:`mutate_text` and :func:`mutate_json`: mutations of a text and of a JSON value
  (character edits, token and field swaps between inputs, huge numbers, wrong JSON
  kinds, deep nesting, truncation, duplication, control and non-ASCII characters).
- :class:`Reader`: one reader as the fuzzer drives it: how it draws a real input from
  the corpus, mutates it, reads it and checks what it read.
- :func:`make_input`, :func:`judge` and :func:`run`, with :class:`Report`: draw the
  ``index``-th input of a reader (reproducible from ``(seed, reader, index)`` alone),
  classify it (refused, accepted, or a finding of some kind), count and keep findings.
- :func:`build_corpus` (a :class:`Corpus`): real inputs, from seeded random games under
  :data:`RULESETS`.
- :func:`mutate_state`: a state with a field changed within its range, written out, to
  probe the consistency check and the engine behind it.
- The checks (read back as text and JSON, play on) and the table :data:`READERS`.
"""

from __future__ import annotations

import json
import math
import random
import traceback
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from ..engine.contract import actors, apply, new_game, outcome, sample_chance, step
from ..engine.moves import legal_actions
from ..errors import IllegalActionError, NotationError, shown
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
from ..model.state import CHANCE, Outcome, Phase, State
from ..text import jsonio
from ..text.notation import from_text, parse_action, rules_from_text, rules_to_text, to_text
from ..text.record import Record, read_record, replay, write_record

__all__ = [
    "READERS",
    "RULESETS",
    "Corpus",
    "Finding",
    "Reader",
    "ReaderCounts",
    "Report",
    "build_corpus",
    "judge",
    "make_input",
    "mutate_json",
    "mutate_state",
    "mutate_text",
    "run",
]

REFUSALS = (NotationError, IllegalActionError)
"""The two errors a reader may raise for bad input."""

MAX_TEXT = 100_000
"""Mutated texts are cut to this many characters, so that duplication stays cheap."""

FINDINGS_KEPT = 3
"""How many findings of each reader a :class:`Report` keeps (it counts them all)."""

RULESETS: tuple[Rules, ...] = (
    Rules(),
    Rules(shaman=True),
    Rules(shaman=True, shaman_entry="marsh", end_check="action", tie_loop="draw"),
    Rules(tiles=(2, 2, 1, 1, 1, 0, 0, -1, -1), movable="any", short_payout="nothing"),
    Rules(allow_turns=False, no_move="lose", max_turns=60, shaman=True),
    Rules(tiles=(2, 2, 2, 0, 0, 0, -1, -1, -1), no_move="draw", end_check="action"),
)
"""The rulesets the corpus games are played by: every ``Rules`` field varies."""


# --------------------------------------------------------------------------- mutations

_CHARS = (
    "abcxyzo0123456789+-,/;:=!@>.*? [](){}\"'\\_"
    "\x00\t\n\r\x0b\x0c\x1b\x1c\x7f\x85\xa0\u2028\u3000\ud800\ufeffé日🙂"
)
_SEPARATORS = " ,/;:=-\n\t[]\"{}"
_NUMBERS = (
    "0",
    "-1",
    "-0",
    "007",
    "+2",
    "3",
    "8",
    "9",
    "99",
    str(NUMBER_LIMIT),
    str(NUMBER_LIMIT + 1),
    "1" + "0" * 20,
    "9" * 5000,
    "-" + "9" * 5000,
    "0" * 5000 + "1",
    "1e400",
    "1.0",
    "NaN",
    "Infinity",
)


def _tokens(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` spans of the runs of non-separator characters."""
    spans = []
    start = None
    for i, c in enumerate(text):
        if c in _SEPARATORS:
            if start is not None:
                spans.append((start, i))
                start = None
        elif start is None:
            start = i
    if start is not None:
        spans.append((start, len(text)))
    return spans


def mutate_text(rng: random.Random, text: str, others: Sequence[str] = ()) -> str:
    """Return ``text`` with one random mutation; ``others`` lend tokens and fields."""
    n = len(text)
    spans = _tokens(text)
    kind = rng.randrange(12)
    i = rng.randrange(n + 1)
    if kind == 0:  # insert a character
        return text[:i] + rng.choice(_CHARS) + text[i:]
    if kind == 1 and n:  # delete a few characters
        return text[:i] + text[i + rng.randint(1, 3) :]
    if kind == 2 and n:  # replace a character
        return text[:i] + rng.choice(_CHARS) + text[i + 1 :]
    if kind == 3 and len(spans) >= 2:  # swap two tokens
        (a, b), (c, d) = sorted(rng.sample(spans, 2))
        return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]
    if kind == 4 and spans and others:  # a token from another input
        a, b = rng.choice(spans)
        other = rng.choice(others)
        found = _tokens(other)
        if found:
            c, d = rng.choice(found)
            return text[:a] + other[c:d] + text[b:]
    if kind == 5 and spans:  # a number in place of a token
        a, b = rng.choice(spans)
        return text[:a] + rng.choice(_NUMBERS) + text[b:]
    if kind == 6:  # truncate
        return text[:i]
    if kind == 7 and n:  # duplicate a slice
        j = rng.randint(i, n)
        return text[:j] + text[i:j] * rng.randint(1, 3) + text[j:]
    if kind == 8 and spans:  # drop a token
        a, b = rng.choice(spans)
        return text[:a] + text[b:]
    if kind == 9 and others:  # a line or field of another input, in place of ours
        other = rng.choice(others)
        sep = rng.choice(("\n", " ", ";", ","))
        ours, theirs = text.split(sep), other.split(sep)
        ours[rng.randrange(len(ours))] = rng.choice(theirs)
        return sep.join(ours)
    if kind == 10:  # change case, or whitespace
        if rng.random() < 0.5:
            return text.upper() if rng.random() < 0.5 else text.swapcase()
        return text.replace(" ", rng.choice(("  ", "\t", "\u3000", "", "\n")))
    # deep nesting, or a long run of one character
    run_of = rng.choice("[{(\"-,0 ")
    return text[:i] + run_of * rng.choice((10, 1000, 200_000)) + text[i:]


_ODD_VALUES: tuple[Any, ...] = (
    True,
    False,
    None,
    0,
    -1,
    1.0,
    0.5,
    math.nan,
    math.inf,
    "",
    "1",
    "x",
    "b2",
    "a1b1",
    "chance",
    [],
    {},
    [None],
    {"type": "pass"},
    2**53,
    NUMBER_LIMIT,
    10**100,
    -(10**100),
)
"""Values of every JSON kind (and Python's float extremes) to put in place of a node."""


def _nodes(value: Any, limit: int = 20) -> list[tuple[Any, Any]]:
    """``(container, key)`` of every node below ``value``, to a depth of ``limit``."""
    out: list[tuple[Any, Any]] = []
    stack = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if depth >= limit:
            continue
        if isinstance(node, dict):
            for key in list(node):
                out.append((node, key))
                stack.append((node[key], depth + 1))
        elif isinstance(node, list):
            for i in range(len(node)):
                out.append((node, i))
                stack.append((node[i], depth + 1))
    return out


def _copy(value: Any) -> Any:
    """A deep copy of a JSON value (copying only dicts and lists, without recursing)."""
    if not isinstance(value, (dict, list)):
        return value
    root: Any = {} if isinstance(value, dict) else []
    stack = [(value, root)]
    while stack:
        src, dst = stack.pop()
        items = src.items() if isinstance(src, dict) else enumerate(src)
        for key, child in items:
            if isinstance(child, (dict, list)):
                new: Any = {} if isinstance(child, dict) else []
                stack.append((child, new))
            else:
                new = child
            if isinstance(dst, dict):
                dst[key] = new
            else:
                dst.append(new)
    return root


def _deep(depth: int) -> Any:
    out: Any = []
    for _ in range(depth):
        out = [out] if depth % 2 else {"a": out}
    return out


def mutate_json(rng: random.Random, value: Any, others: Sequence[Any] = ()) -> Any:
    """Return a mutated copy of the JSON value ``value``; ``others`` lend subtrees."""
    value = _copy(value)
    nodes = _nodes(value)
    if not nodes:
        return rng.choice(_ODD_VALUES) if rng.random() < 0.5 else [value]
    container, key = rng.choice(nodes)
    kind = rng.randrange(9)
    if kind == 0:  # a value of another kind
        container[key] = _copy(rng.choice(_ODD_VALUES))
    elif kind == 1 and others:  # the same place in, or anywhere in, another input
        donors = _nodes(rng.choice(others))
        if donors:
            same = [(c, k) for c, k in donors if k == key] or donors
            c, k = rng.choice(same)
            container[key] = _copy(c[k])
    elif kind == 2:  # delete
        del container[key]
    elif kind == 3 and isinstance(container, dict):  # an unknown or renamed key
        new = rng.choice(("extra", "Type", "", "x", key + "_" if isinstance(key, str) else "k"))
        container[new] = container.pop(key) if rng.random() < 0.5 else 1
    elif kind == 4 and isinstance(container, list):  # duplicate, reorder
        if rng.random() < 0.5:
            container.insert(key, _copy(container[key]))
        else:
            rng.shuffle(container)
    elif kind == 5:  # a number nearby, or a huge one
        old = container[key]
        if type(old) is int:
            container[key] = old + rng.choice((-1, 1, 7, NUMBER_LIMIT, 10**5000))
        else:
            container[key] = rng.choice((-1, 9, 2**53, 10**5000))
    elif kind == 6:  # deep nesting: deeper than Python's recursion limit
        container[key] = _deep(rng.choice((50, 3000)))
    elif kind == 7:  # wrap in a list or an object
        container[key] = [container[key]] if rng.random() < 0.5 else {"v": container[key]}
    else:  # a string edit, through the text mutations
        old = container[key]
        if isinstance(old, str):
            container[key] = mutate_text(rng, old)
        else:  # a number or a boolean as a string: "3", "True"
            container[key] = shown(old)
    return value


# --------------------------------------------------------------------------- the corpus


@attrs.frozen(eq=False)
class Corpus:
    """Real inputs, per kind, from seeded random games (see :func:`build_corpus`);
    the texts and JSON values are written once, up front."""

    states: tuple[State, ...]
    """States of every phase."""
    records: tuple[Record, ...]
    """Whole and partial games, from a seed, a start position or the chance nodes."""
    rules: tuple[Rules, ...]
    """The rulesets played, and a few more."""
    tokens: tuple[str, ...]
    """Action tokens of every kind, legal in some state of the corpus."""
    positions: tuple[str, ...] = attrs.field(init=False)
    record_texts: tuple[str, ...] = attrs.field(init=False)
    rules_texts: tuple[str, ...] = attrs.field(init=False)
    state_json: tuple[Any, ...] = attrs.field(init=False)
    record_json: tuple[Any, ...] = attrs.field(init=False)
    action_json: tuple[Any, ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        put = object.__setattr__
        put(self, "positions", tuple(to_text(s) for s in self.states))
        put(self, "record_texts", tuple(write_record(r) for r in self.records))
        put(self, "rules_texts", tuple(rules_to_text(r) for r in self.rules))
        put(self, "state_json", tuple(jsonio.state_to_json(s) for s in self.states))
        put(self, "record_json", tuple(jsonio.record_to_json(r) for r in self.records))
        actions = {str(a): a for s in self.states[::3] for a in legal_actions(s)[:20]}
        put(self, "action_json", tuple(jsonio.action_to_json(a) for a in actions.values()))


def build_corpus(seed: int = 0, games_per_ruleset: int = 2) -> Corpus:
    """Play ``games_per_ruleset`` random games under each of :data:`RULESETS`, and
    record them: from the chance nodes, from a position part-way, and from a seed."""
    rng = random.Random(f"tiki fuzz corpus {seed}")
    states: list[State] = []
    records: list[Record] = []
    tokens: dict[str, None] = {}
    for rules in RULESETS:
        for _ in range(games_per_ruleset):
            game, actions = _random_game(new_game(rules), rng, rng.choice((30, 80, 400)))
            states.extend(game)
            tokens.update(dict.fromkeys(str(a) for a in actions))
            records.append(Record.from_actions(actions, rules=rules))
            cut = rng.randrange(2, len(game))
            part = rng.randrange(cut, len(game))
            records.append(Record.from_actions(actions[cut:part], start=game[cut]))
            game_seed = rng.randrange(-1000, 1000)
            _, moves = _random_game(new_game(rules, seed=game_seed), rng, rng.choice((5, 200)))
            headers = (("Event", "fuzz"), ("X", "random bot"))
            records.append(
                Record.from_actions(moves, rules=rules, seed=game_seed, headers=headers)
            )
    return Corpus(
        states=tuple(states),
        records=tuple(records),
        rules=(*RULESETS, Rules(max_turns=NUMBER_LIMIT), Rules(tiles=(0,) * 9)),
        tokens=tuple(tokens),
    )


def _random_game(
    state: State, rng: random.Random, max_plies: int
) -> tuple[list[State], list[Action]]:
    states = [state]
    actions: list[Action] = []
    while outcome(state) is None and len(actions) < max_plies:
        if actors(state) == (CHANCE,):
            action = sample_chance(state, rng)
        else:
            action = rng.choice(legal_actions(state))
        state = apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


def mutate_state(rng: random.Random, state: State, corpus: Corpus) -> State:
    """Return ``state`` with one or two fields changed within their types and ranges
    (a turn count, a fruit moved, a tiki moved, the phase, the shaman, the players,
    the pending villages, the result, a rule), as a position a reader must judge."""
    s = state
    for _ in range(rng.choice((1, 1, 2))):
        kind = rng.randrange(10)
        if kind == 0:
            s = attrs.evolve(s, turn=max(0, s.turn + rng.choice((-9, -2, -1, 1, 2, 9, 100))))
        elif kind == 1:  # a fruit from one place to another: x, o, reserve, spoiled
            counts = [s.fruits[0], s.fruits[1], s.reserve, s.spoiled]
            src = rng.choice([i for i in range(4) if counts[i]] or [2])
            counts[src] -= 1
            counts[rng.randrange(4)] += 1
            s = attrs.evolve(
                s, fruits=(counts[0], counts[1]), reserve=counts[2], spoiled=counts[3]
            )
        elif kind == 2:
            s = attrs.evolve(s, tiebreak=not s.tiebreak)
        elif kind == 3:
            s = attrs.evolve(s, shaman=rng.choice((None, *range(12))))
        elif kind == 4:
            s = attrs.evolve(s, phase=rng.choice(list(Phase)))
        elif kind == 5:
            s = attrs.evolve(s, actor=rng.choice((0, 1, CHANCE)), active=rng.choice((0, 1, -1)))
        elif kind == 6 and s.tiles:  # a tiki from one village to another
            stacks = list(s.stacks)
            full = [v for v in range(9) if stacks[v]]
            if full:
                v, u = rng.choice(full), rng.randrange(9)
                tiki = stacks[v][-1]
                stacks[v] = stacks[v][:-1]
                stacks[u] = (*stacks[u], tiki if rng.random() < 0.8 else 1 - tiki)
                s = attrs.evolve(s, stacks=tuple(stacks))
        elif kind == 7:
            s = attrs.evolve(s, pending=tuple(rng.sample(range(9), rng.choice((0, 1, 2)))))
        elif kind == 8:
            reasons = ("four-fruits", "reserve-empty", "tiebreak", "tie-loop", "no-move")
            result = Outcome(rng.choice((0, 1, None)), s.fruits, rng.choice((*reasons, "turn-cap")))
            s = attrs.evolve(s, result=rng.choice((None, result)), phase=Phase.OVER)
        else:  # a rule changed, keeping the tiles
            rules = rng.choice([r for r in corpus.rules if r.tiles == s.rules.tiles] or [s.rules])
            s = attrs.evolve(s, rules=attrs.evolve(rules, max_turns=rng.choice((None, s.turn + 1))))
    on_board = [sum(o == p for stack in s.stacks for o in stack) for p in (0, 1)]
    return attrs.evolve(s, supply=(8 - on_board[0], 8 - on_board[1]))


def _mutate_position(rng: random.Random, text: str, corpus: Corpus) -> str:
    if rng.random() < 0.3:
        try:
            return to_text(mutate_state(rng, from_text(text), corpus))
        except REFUSALS:  # an earlier mutation made it unreadable: edit the text
            pass
    return mutate_text(rng, text, corpus.positions[::7])[:MAX_TEXT]


def _mutate_state_json(rng: random.Random, value: Any, corpus: Corpus) -> Any:
    if rng.random() < 0.3:
        try:
            state = jsonio.state_from_json(value)
        except REFUSALS:
            pass
        else:
            return jsonio.state_to_json(mutate_state(rng, state, corpus))
    return mutate_json(rng, value, [rng.choice(corpus.state_json) for _ in range(2)])


# --------------------------------------------------------------------------- checks


class _Problem(Exception):
    """A broken promise found while checking an accepted input: ``kind`` is
    ``'round-trip'`` or ``'plays-on'``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def _same(a: object, b: object, what: str) -> None:
    """Equal, and equal in every type too (``1`` and ``True`` are ``==``)."""
    if a != b or repr(a) != repr(b):
        raise _Problem("round-trip", f"{what}: {_short(repr(a))} read back as {_short(repr(b))}")


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


def _reads_back(state: State) -> None:
    """A state writes and reads back, as text and as JSON (and as JSON text)."""
    _same(state, from_text(to_text(state)), "to_text/from_text")
    _same(state, jsonio.state_from_json(jsonio.state_to_json(state)), "state JSON")
    _same(state, jsonio.loads(jsonio.dumps(state)), "state JSON text")


def _plays_on(state: State, rng: random.Random, plies: int = 3) -> None:
    """An accepted state plays on: its legal actions (or chance outcomes) apply, and
    every state reached reads back; a finished game has an outcome and no action."""
    for _ in range(plies):
        if outcome(state) is not None:
            if legal_actions(state) or actors(state):
                raise _Problem("plays-on", "a finished game still offers actions")
            return
        actions = legal_actions(state)
        if not actions:
            raise _Problem("plays-on", f"no legal action in a running game: {to_text(state)}")
        action = sample_chance(state, rng) if actors(state) == (CHANCE,) else rng.choice(actions)
        try:
            state = step(state, action).state
            _reads_back(state)
        except REFUSALS as e:
            raise _Problem("plays-on", f"after {action}: {to_text(state)!r}: {e}") from None
        except _Problem as e:
            raise _Problem("plays-on", f"after {action}: {e}") from None


def _check_state(state: object, rng: random.Random) -> None:
    if not isinstance(state, State):
        raise _Problem("round-trip", f"read a {type(state).__name__}, not a State")
    _reads_back(state)
    _plays_on(state, rng)


def _check_action(state: State | None, action: object, rng: random.Random) -> None:
    if not isinstance(action, _ACTION_TYPES):
        raise _Problem("round-trip", f"read a {type(action).__name__}, not an action")
    act: Action = action
    _same(act, jsonio.action_from_json(jsonio.action_to_json(act)), "action JSON")
    if state is None:
        return
    _same(act, parse_action(state, str(act)), "str/parse_action")
    legal = act in legal_actions(state)
    try:
        after = step(state, act).state
    except IllegalActionError:
        if legal:
            raise _Problem("plays-on", f"{act} is legal but step refuses it") from None
        return
    if not legal:
        raise _Problem("plays-on", f"step takes {act}, which is not among the legal actions")
    try:
        _reads_back(after)
    except REFUSALS as e:
        raise _Problem("plays-on", f"after {act}: {to_text(after)!r}: {e}") from None
    _plays_on(after, rng, 2)


def _check_record(record: object, rng: random.Random) -> None:
    if not isinstance(record, Record):
        raise _Problem("round-trip", f"read a {type(record).__name__}, not a Record")
    _same(record, read_record(write_record(record)), "write_record/read_record")
    _same(record, jsonio.record_from_json(jsonio.record_to_json(record)), "record JSON")
    _same(record, jsonio.loads(jsonio.dumps(record)), "record JSON text")
    _plays_on(replay(record)[-1], rng, 2)


def _check_rules(rules: object, rng: random.Random) -> None:
    if not isinstance(rules, Rules):
        raise _Problem("round-trip", f"read a {type(rules).__name__}, not Rules")
    _same(rules, rules_from_text(rules_to_text(rules)), "rules_to_text/rules_from_text")
    _same(rules, jsonio.rules_from_json(jsonio.rules_to_json(rules)), "rules JSON")
    _plays_on(new_game(rules, seed=rng.randrange(1000)), rng, 4)


def _check_loaded(obj: object, rng: random.Random) -> None:
    if isinstance(obj, State):
        _check_state(obj, rng)
    elif isinstance(obj, Record):
        _check_record(obj, rng)
    else:
        _check_action(None, obj, rng)
        _same(obj, jsonio.loads(jsonio.dumps(obj)), "action JSON text")  # type: ignore[arg-type]


_ACTION_TYPES = (
    Create,
    Move,
    Order,
    PlaceShaman,
    MoveShaman,
    KeepShaman,
    Pass,
    Layout,
    FirstPlayer,
)


# --------------------------------------------------------------------------- readers


@attrs.frozen
class Reader:
    """One reader of the library, as the fuzzer drives it.

    ``draw(corpus, rng)`` returns a real input (unmutated), ``mutate(rng, input,
    corpus)`` a mutation of it, ``read(input)`` calls the reader, and ``check(input,
    result, rng)`` raises if what was read breaks a promise.
    """

    name: str
    draw: Callable[[Corpus, random.Random], Any]
    mutate: Callable[[random.Random, Any, Corpus], Any]
    read: Callable[[Any], Any]
    check: Callable[[Any, Any, random.Random], None]


def _text_mutation(others: Callable[[Corpus], Sequence[str]]) -> Callable[..., Any]:
    def mutate(rng: random.Random, text: str, corpus: Corpus) -> str:
        return mutate_text(rng, text, others(corpus))[:MAX_TEXT]

    return mutate


def _json_mutation(others: Callable[[Corpus, random.Random], Sequence[Any]]) -> Callable[..., Any]:
    def mutate(rng: random.Random, value: Any, corpus: Corpus) -> Any:
        return mutate_json(rng, value, others(corpus, rng))

    return mutate


def _json_text_mutation(rng: random.Random, text: str, corpus: Corpus) -> str:
    if rng.random() < 0.5:
        try:
            value = mutate_json(rng, json.loads(text), [_any_json(corpus, rng)])
            return json.dumps(value, ensure_ascii=rng.random() < 0.5)[:MAX_TEXT]
        except (ValueError, RecursionError):  # a huge int or a deep value: mutate the text
            pass
    return mutate_text(rng, text, [json.dumps(_any_json(corpus, rng))])[:MAX_TEXT]


def _any_json(corpus: Corpus, rng: random.Random) -> Any:
    return rng.choice((corpus.state_json, corpus.record_json, corpus.action_json)[rng.randrange(3)])


def _draw_token(corpus: Corpus, rng: random.Random) -> tuple[State, str]:
    state = rng.choice(corpus.states)
    actions = legal_actions(state)
    if actions and rng.random() < 0.7:
        return state, str(rng.choice(actions))
    return state, rng.choice(corpus.tokens)


def _mutate_token(rng: random.Random, value: tuple[State, str], corpus: Corpus) -> Any:
    state, token = value
    if rng.random() < 0.2:
        state = rng.choice(corpus.states)
    return state, mutate_text(rng, token, corpus.tokens)[:MAX_TEXT]


def _pick(field: str, n: int = 2) -> Callable[[Corpus, random.Random], list[Any]]:
    def pick(corpus: Corpus, rng: random.Random) -> list[Any]:
        values: tuple[Any, ...] = getattr(corpus, field)
        return [rng.choice(values) for _ in range(n)]

    return pick


READERS: tuple[Reader, ...] = (
    Reader(
        "from_text",
        lambda c, rng: rng.choice(c.positions),
        _mutate_position,
        from_text,
        lambda text, state, rng: _check_state(state, rng),
    ),
    Reader(
        "parse_action",
        _draw_token,
        _mutate_token,
        lambda value: parse_action(*value),
        lambda value, action, rng: _check_action(value[0], action, rng),
    ),
    Reader(
        "read_record",
        lambda c, rng: rng.choice(c.record_texts),
        _text_mutation(lambda c: c.record_texts),
        read_record,
        lambda text, record, rng: _check_record(record, rng),
    ),
    Reader(
        "rules_from_text",
        lambda c, rng: rng.choice(c.rules_texts),
        _text_mutation(lambda c: c.rules_texts),
        rules_from_text,
        lambda text, rules, rng: _check_rules(rules, rng),
    ),
    Reader(
        "jsonio.loads",
        lambda c, rng: json.dumps(_any_json(c, rng)),
        _json_text_mutation,
        jsonio.loads,
        lambda text, obj, rng: _check_loaded(obj, rng),
    ),
    Reader(
        "state_from_json",
        lambda c, rng: rng.choice(c.state_json),
        _mutate_state_json,
        jsonio.state_from_json,
        lambda value, state, rng: _check_state(state, rng),
    ),
    Reader(
        "action_from_json",
        lambda c, rng: rng.choice(c.action_json),
        _json_mutation(_pick("action_json", 3)),
        jsonio.action_from_json,
        lambda value, action, rng: _check_action(None, action, rng),
    ),
    Reader(
        "record_from_json",
        lambda c, rng: rng.choice(c.record_json),
        _json_mutation(_pick("record_json")),
        jsonio.record_from_json,
        lambda value, record, rng: _check_record(record, rng),
    ),
)
"""Every reader the fuzzer drives, in the order of the report."""

_BY_NAME = {r.name: r for r in READERS}


# --------------------------------------------------------------------------- running


@attrs.frozen
class Finding:
    """One input that broke the contract: ``kind`` is ``'escape'``, ``'round-trip'``
    or ``'plays-on'``; ``input`` shows the input (cut if long); ``make_input(corpus,
    reader, seed, index)`` rebuilds it exactly."""

    reader: str
    index: int
    kind: str
    error: str
    input: str


@attrs.frozen
class ReaderCounts:
    """How one reader fared: every input is accepted, refused or a finding."""

    reader: str
    inputs: int
    accepted: int
    refused: int
    findings: int


@attrs.frozen
class Report:
    """What :func:`run` found: counts per reader and the first findings of each."""

    seed: int
    inputs_per_reader: int
    readers: tuple[ReaderCounts, ...]
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        """Whether no input broke the contract."""
        return all(r.findings == 0 for r in self.readers)

    def table(self) -> str:
        """The counts as a text table, one line per reader."""
        head = f"{'reader':<18}{'inputs':>9}{'accepted':>10}{'refused':>10}{'findings':>10}"
        lines = [head]
        for r in self.readers:
            lines.append(
                f"{r.reader:<18}{r.inputs:>9}{r.accepted:>10}{r.refused:>10}{r.findings:>10}"
            )
        return "\n".join(lines)


def _rng(seed: int, reader: str, index: int) -> random.Random:
    return random.Random(f"tiki fuzz {seed} {reader} {index}")


def make_input(corpus: Corpus, reader: str, seed: int, index: int) -> Any:
    """The ``index``-th input :func:`run` feeds ``reader`` with ``seed``: a real input
    from the corpus, mutated 0 to 4 times (more mutations are rarer)."""
    r = _BY_NAME[reader]
    rng = _rng(seed, reader, index)
    value = r.draw(corpus, rng)
    for _ in range(rng.choice((0, 1, 1, 1, 2, 2, 3, 4))):
        value = r.mutate(rng, value, corpus)
    return value


def judge(reader: str, value: Any, rng: random.Random) -> tuple[str, str, str]:
    """Feed ``value`` to ``reader``; return ``(verdict, kind, error)``: ``('refused',
    '', '')``, ``('accepted', '', '')`` or ``('finding', kind, error)``."""
    r = _BY_NAME[reader]
    try:
        result = r.read(value)
    except REFUSALS:
        return "refused", "", ""
    except Exception as e:  # the contract says nothing else escapes
        return "finding", "escape", _error(e)
    try:
        r.check(value, result, rng)
    except _Problem as e:
        return "finding", e.kind, _short(str(e))
    except Exception as e:  # a writer or a reader failing on what was accepted
        return "finding", "round-trip", _error(e)
    return "accepted", "", ""


def _error(e: BaseException) -> str:
    frame = traceback.extract_tb(e.__traceback__)[-1:] if e.__traceback__ else []
    where = f" at {frame[0].filename.rsplit('/', 2)[-1]}:{frame[0].lineno}" if frame else ""
    try:
        message = str(e)
    except Exception:  # pragma: no cover - an exception that cannot print itself
        message = "?"
    return _short(f"{type(e).__name__}: {message}{where}")


def _show_input(value: Any) -> str:
    if isinstance(value, tuple):  # a state and a token
        return _show_input(value[1]) + " in " + _show_input(to_text(value[0]))
    if isinstance(value, str):
        return _short(repr(value))
    try:
        return _short(json.dumps(value, ensure_ascii=True))
    except (ValueError, TypeError, RecursionError):
        return f"<a {type(value).__name__} too deep or too big to show>"


def run(inputs_per_reader: int, seed: int = 0) -> Report:
    """Feed ``inputs_per_reader`` inputs to each of :data:`READERS`; the same seed gives
    the same inputs and the same report."""
    if type(inputs_per_reader) is not int or inputs_per_reader < 0:
        raise ValueError(f"inputs_per_reader must be an int >= 0, not {inputs_per_reader!r}")
    corpus = build_corpus(seed)
    counts = []
    findings: list[Finding] = []
    for r in READERS:
        seen = {"accepted": 0, "refused": 0, "finding": 0}
        kept = 0
        for index in range(inputs_per_reader):
            value = make_input(corpus, r.name, seed, index)
            verdict, kind, error = judge(r.name, value, _rng(seed, "check " + r.name, index))
            seen[verdict] += 1
            if verdict == "finding" and kept < FINDINGS_KEPT:
                findings.append(Finding(r.name, index, kind, error, _show_input(value)))
                kept += 1
        counts.append(
            ReaderCounts(
                r.name, inputs_per_reader, seen["accepted"], seen["refused"], seen["finding"]
            )
        )
    return Report(seed, inputs_per_reader, tuple(counts), tuple(findings))
