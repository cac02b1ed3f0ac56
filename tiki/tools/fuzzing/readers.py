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

The pieces that know nothing of Tiki are in :mod:`gamekit.fuzzing.mutations` (:func:`mutate_text`,
:func:`mutate_json`) and :mod:`gamekit.fuzzing.harness` (:class:`Reader`, :class:`Report`, and the
running behind :func:`make_input`, :func:`judge` and :func:`run`); those that know the
game are here: :func:`build_corpus` (a :class:`Corpus`: real inputs from seeded random
games under :data:`RULESETS`), :func:`mutate_state` (a state with a field changed within
its range, to probe the consistency check and the engine behind it) and the table
:data:`READERS`, with the checks of what each reader accepted (read back as text and
JSON, play on) in :mod:`.checks`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs

from gamekit.fuzzing.harness import Finding, Fuzzer, Reader, ReaderCounts, Report, show_input
from gamekit.fuzzing.mutations import MAX_TEXT, Mutator

from ...engine.contract import actors, apply, new_game, outcome, sample_chance
from ...engine.moves import legal_actions
from ...errors import shown
from ...model.actions import Action
from ...model.rules import NUMBER_LIMIT, Rules
from ...model.state import CHANCE, Outcome, Phase, State
from ...text import jsonio
from ...text.notation import from_text, parse_action, rules_from_text, rules_to_text, to_text
from ...text.record import Record, read_record, write_record
from .checks import (
    REFUSALS,
    check_action,
    check_loaded,
    check_record,
    check_rules,
    check_state,
)

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

MUTATOR = Mutator((NUMBER_LIMIT,), shown)
"""The mutations of Tiki's inputs: its numbers are bounded by ``NUMBER_LIMIT``."""
mutate_text = MUTATOR.text
mutate_json = MUTATOR.json
text_mutation = MUTATOR.text_mutation
json_mutation = MUTATOR.json_mutation
json_text_mutation = MUTATOR.json_text_mutation

RULESETS: tuple[Rules, ...] = (
    Rules(),
    Rules(shaman=True),
    Rules(shaman=True, shaman_entry="marsh", end_check="action", tie_loop="draw"),
    Rules(tiles=(2, 2, 1, 1, 1, 0, 0, -1, -1), movable="any", short_payout="nothing"),
    Rules(allow_turns=False, no_move="lose", max_turns=60, shaman=True),
    Rules(tiles=(2, 2, 2, 0, 0, 0, -1, -1, -1), no_move="draw", end_check="action"),
)
"""The rulesets the corpus games are played by: every ``Rules`` field varies."""


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


# --------------------------------------------------------------------------- readers


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


READERS: tuple[Reader[Corpus], ...] = (
    Reader(
        "from_text",
        lambda c, rng: rng.choice(c.positions),
        _mutate_position,
        from_text,
        lambda text, state, rng: check_state(state, rng),
    ),
    Reader(
        "parse_action",
        _draw_token,
        _mutate_token,
        lambda value: parse_action(*value),
        lambda value, action, rng: check_action(value[0], action, rng),
    ),
    Reader(
        "read_record",
        lambda c, rng: rng.choice(c.record_texts),
        text_mutation(lambda c: c.record_texts),
        read_record,
        lambda text, record, rng: check_record(record, rng),
    ),
    Reader(
        "rules_from_text",
        lambda c, rng: rng.choice(c.rules_texts),
        text_mutation(lambda c: c.rules_texts),
        rules_from_text,
        lambda text, rules, rng: check_rules(rules, rng),
    ),
    Reader(
        "jsonio.loads",
        lambda c, rng: json.dumps(_any_json(c, rng)),
        json_text_mutation(_any_json),
        jsonio.loads,
        lambda text, obj, rng: check_loaded(obj, rng),
    ),
    Reader(
        "state_from_json",
        lambda c, rng: rng.choice(c.state_json),
        _mutate_state_json,
        jsonio.state_from_json,
        lambda value, state, rng: check_state(state, rng),
    ),
    Reader(
        "action_from_json",
        lambda c, rng: rng.choice(c.action_json),
        json_mutation(_pick("action_json", 3)),
        jsonio.action_from_json,
        lambda value, action, rng: check_action(None, action, rng),
    ),
    Reader(
        "record_from_json",
        lambda c, rng: rng.choice(c.record_json),
        json_mutation(_pick("record_json")),
        jsonio.record_from_json,
        lambda value, record, rng: check_record(record, rng),
    ),
)
"""Every reader the fuzzer drives, in the order of the report."""

_BY_NAME = {r.name: r for r in READERS}


def _show_input(value: Any) -> str:
    if isinstance(value, tuple):  # a state and a token
        return _show_input(value[1]) + " in " + _show_input(to_text(value[0]))
    return show_input(value)


_FUZZER = Fuzzer("tiki", _BY_NAME, build_corpus, REFUSALS, _show_input)
make_input = _FUZZER.make_input
judge = _FUZZER.judge
run = _FUZZER.run
