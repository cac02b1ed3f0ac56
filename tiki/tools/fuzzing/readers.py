"""A seeded fuzzer for every reader of the library: text, records, JSON, views, events.

It checks the library's contract on inputs that real games produce and on mutations
of them: a reader either *refuses* an input with :class:`~tiki.NotationError` or
:class:`~tiki.IllegalActionError` (both fine), or *accepts* it, and then what it read
must write and read back as an equal object, an accepted state must play on (every
reachable successor reads back too), and an accepted view must offer its player his
legal actions. Anything else is a *finding*: another exception escaping a reader
("escape"), a failed round trip ("round-trip"), or a failure while playing on
("plays-on"); it is kept with the input that caused it.

>>> report = run(5, seed=1)
>>> [r.inputs for r in report.readers] == [5] * len(READERS)
True
>>> report.findings
()
>>> [r.reader for r in run(2, seed=1, readers=["view_from_json"]).readers]
['view_from_json']

Nothing here but what knows Tiki. The readers, their checks and the corpus's making
are the shared kit's, built from :data:`tiki.GAME` (:mod:`gamekit.fuzzing.readers`,
:mod:`gamekit.fuzzing.checks`, :mod:`gamekit.fuzzing.corpus`), and so are the
mutations (:func:`mutate_text`, :func:`mutate_json`) and the running behind
:func:`make_input`, :func:`judge` and :func:`run` (:mod:`gamekit.fuzzing.harness`).
Tiki gives them :data:`RULESETS` (the games of the corpus, :func:`build_corpus`), the
bound of its numbers, and :func:`mutate_state` (a state with a field changed within
its range, to probe the consistency check and the engine behind it).
"""

from __future__ import annotations

import random

import attrs

from gamekit.fuzzing.corpus import Corpus, Plan
from gamekit.fuzzing.corpus import build_corpus as build
from gamekit.fuzzing.harness import Finding, Reader, ReaderCounts, Report
from gamekit.fuzzing.mutations import Mutator
from gamekit.fuzzing.readers import Readers

from ...errors import shown
from ...game import GAME
from ...model.rules import NUMBER_LIMIT, Rules
from ...model.state import CHANCE, Outcome, Phase, State

__all__ = [
    "READERS", "RULESETS", "Corpus", "Finding", "Reader", "ReaderCounts", "Report",
    "build_corpus", "judge", "make_input", "mutate_json", "mutate_state", "mutate_text", "run",
]  # fmt: skip

MUTATOR = Mutator((NUMBER_LIMIT,), shown)
"""The mutations of Tiki's inputs: its numbers are bounded by ``NUMBER_LIMIT``."""
mutate_text = MUTATOR.text
mutate_json = MUTATOR.json

RULESETS: tuple[Rules, ...] = (
    Rules(),
    Rules(shaman=True),
    Rules(shaman=True, shaman_entry="marsh", end_check="action", tie_loop="draw"),
    Rules(tiles=(2, 2, 1, 1, 1, 0, 0, -1, -1), movable="any", short_payout="nothing"),
    Rules(allow_turns=False, no_move="lose", max_turns=60, shaman=True),
    Rules(tiles=(2, 2, 2, 0, 0, 0, -1, -1, -1), no_move="draw", end_check="action"),
)
"""The rulesets the corpus games are played by: every ``Rules`` field varies."""

PLAN = Plan(
    RULESETS,
    more_rules=(Rules(max_turns=NUMBER_LIMIT), Rules(tiles=(0,) * 9)),
    headers=(("Event", "fuzz"), ("X", "random bot")),
)
"""How the corpus games are played: to 30, 80 or 400 plies, every state kept."""


def build_corpus(seed: int = 0, games_per_ruleset: int = 2) -> Corpus:
    """Play ``games_per_ruleset`` random games under each of :data:`RULESETS`, and
    record them: from the chance nodes, from a position part-way, and from a seed;
    every player's view of some of their states, the events of some of their moves."""
    return build(GAME, PLAN, seed, games_per_ruleset)


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


STANDARD: Readers[Corpus] = Readers(GAME, MUTATOR, mutate_state)
"""Tiki's standard readers, as the shared kit builds them from :data:`tiki.GAME`."""

READERS: tuple[Reader[Corpus], ...] = STANDARD.table()
"""Every reader the fuzzer drives, in the order of the report: Tiki's readers take
nothing but their input, so all are the standard ones."""

_BY_NAME = {r.name: r for r in READERS}
_show_input = STANDARD.show
_FUZZER = STANDARD.fuzzer(_BY_NAME, build_corpus)
make_input = _FUZZER.make_input
judge = _FUZZER.judge
run = _FUZZER.run
