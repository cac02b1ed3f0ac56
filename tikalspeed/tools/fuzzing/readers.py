"""A seeded fuzzer for every reader of the library: text, records, JSON and manifests.

It checks the library's contract on inputs that real games produce and on mutations
of them: a reader either *refuses* an input with :class:`~tikalspeed.NotationError`
(a :class:`~tikalspeed.ManifestError` is one) or :class:`~tikalspeed.IllegalActionError`
(both fine), or *accepts* it, and then what it read must write and read back as an
equal object, and an accepted state must play on (every reachable successor reads back
too). Anything else is a *finding*: another exception escaping a reader ("escape"), a
failed round trip ("round-trip"), or a failure while playing on ("plays-on"); it is
kept with the input that caused it.

>>> report = run(3, seed=1)
>>> [r.inputs for r in report.readers] == [3] * len(READERS)
True
>>> report.findings
()

The pieces that know nothing of Tikal are in :mod:`gamekit.fuzzing.mutations` (:func:`mutate_text`,
:func:`mutate_json`) and :mod:`gamekit.fuzzing.harness` (:class:`Reader`, :class:`Report`, and the
running behind :func:`make_input`, :func:`judge` and :func:`run`), the same modules as
``tiki``'s; those that know the game are :mod:`.corpus` (:func:`build_corpus`, a
:class:`Corpus` of real inputs from seeded random games under :data:`RULESETS`: every
mode, 2 to 4 players, most rule options and the custom manifest :data:`VARIANT`),
:mod:`.checks` (the checks of what a reader accepted: read back as text and JSON,
play on) and this module: :func:`mutate_state` (a state with a field changed within its
type, to probe the consistency check and the engine behind it) and the table
:data:`READERS`.

A reader that takes the manifest (``rules=`` or ``manifest=``) gets an input and that
argument: the rules or manifest of a custom-manifest game, ``None`` for the packaged
one; ``parse_action`` gets a state, a token and a ``player=`` argument (mostly
``None``).
"""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Callable
from typing import Any

import attrs

from gamekit.fuzzing.harness import Finding, Fuzzer, Reader, ReaderCounts, Report, short, show_input
from gamekit.fuzzing.mutations import MAX_TEXT, Mutator

from ...board import Manifest, load_manifest, manifest_from_json
from ...bounds import MAX_BID, MAX_COUNT, MAX_SEED, shown
from ...engine import legal_actions
from ...model.records import RECORD_OF
from ...model.state import CHANCE, Outcome, Phase, State
from ...text import jsonio
from ...text.notation import from_text, parse_action, rules_from_text, to_text
from ...text.record import action_token, read_record
from .checks import (
    REFUSALS,
    check_action,
    check_loaded,
    check_manifest,
    check_record,
    check_rules,
    check_state,
)
from .corpus import DEFAULT, RULESETS, VARIANT, Corpus, build_corpus

__all__ = [
    "READERS",
    "RULESETS",
    "VARIANT",
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

MUTATOR = Mutator((MAX_COUNT, MAX_BID, MAX_SEED), shown)
"""The mutations of Tikal's inputs: its numbers are bounded by ``bounds``."""
mutate_text = MUTATOR.text
mutate_json = MUTATOR.json
json_text_mutation = MUTATOR.json_text_mutation


# --------------------------------------------------------------------------- state mutations

_FIELDS = tuple(RECORD_OF)
"""Every field of a state's records, by its flat name (``scores``, ``phase``, ...)."""


def _nudge(rng: random.Random, value: Any) -> Any:
    """``value`` changed within its type: an enum to another member, an int by a
    little, a tuple by one item changed, moved, dropped, repeated or swapped."""
    if isinstance(value, enum.Enum):
        return rng.choice(list(type(value)))
    if type(value) is int:
        return value + rng.choice((-2, -1, 1, 2)) if rng.random() < 0.7 else rng.randrange(-3, 6)
    if not isinstance(value, tuple):
        return value
    items = list(value)
    kind = rng.randrange(6)
    if not items or kind == 0:  # an item more: a copy of one, or a small number
        items.insert(rng.randint(0, len(items)), rng.choice(items or [0, 1, 2, 3]))
    elif kind == 1 and len(items) > 1 and all(type(v) is int for v in items):
        i, j = rng.sample(range(len(items)), 2)  # a unit from one place to another
        items[i] -= 1
        items[j] += 1
    elif kind == 2 and len(items) > 1 and all(isinstance(v, tuple) for v in items):
        i, j = rng.sample(range(len(items)), 2)  # the same unit from one player to another
        a, b = list(items[i]), list(items[j])
        if len(a) == len(b) and a:
            k = rng.randrange(len(a))
            a[k], b[k] = a[k] - 1, b[k] + 1
            items[i], items[j] = tuple(a), tuple(b)
    elif kind == 3:
        del items[rng.randrange(len(items))]
    elif kind == 4 and len(items) > 1:
        i, j = rng.sample(range(len(items)), 2)
        items[i], items[j] = items[j], items[i]
    else:
        i = rng.randrange(len(items))
        items[i] = _nudge(rng, items[i])
    return tuple(items)


def mutate_state(rng: random.Random, state: State, corpus: Corpus) -> State:
    """Return ``state`` with one or two fields changed within their types (any field
    of its five records: a score, a worker moved from one hex to another or to another
    player, the phase, the action points, a temple's value, a token count, ...; the
    result; another ruleset for the same players), as a position a reader must judge."""
    s = state
    for _ in range(rng.choice((1, 1, 2))):
        kind = rng.randrange(12)
        if kind == 0:
            same_players = [r for r in corpus.rules if r.players == s.players] or [s.rules]
            s = attrs.evolve(s, rules=rng.choice(same_players))
        elif kind == 1:
            reasons = ("final-scoring", "forfeit", "x")
            winner = rng.choice((None, *range(s.players)))
            result = Outcome(winner, s.scores, rng.choice(reasons))
            s = attrs.evolve(s, result=rng.choice((None, result))).replace(phase=Phase.OVER)
        else:
            name = rng.choice(_FIELDS)
            s = s.replace(**{name: _nudge(rng, getattr(s, name))})
    return s


def _written(
    rng: random.Random, state: State, corpus: Corpus, write: Callable[[State], Any]
) -> Any:
    """A mutated state, written; ``None`` if the writer cannot write it (a state no
    reader gave, which the contract does not cover)."""
    try:
        return write(mutate_state(rng, state, corpus))
    except Exception:  # the writers promise nothing for states that were never read
        return None


def _mutate_position(rng: random.Random, value: tuple[str, Any], corpus: Corpus) -> Any:
    text, rules = value
    if rng.random() < 0.3:
        try:
            state = from_text(text, rules=rules)
        except REFUSALS:  # an earlier mutation made it unreadable: edit the text
            pass
        else:
            written = _written(rng, state, corpus, to_text)
            if written is not None:
                return written, rules
    others = [p for p, _ in corpus.positions[::7]]
    return _other_arg(rng, mutate_text(rng, text, others)[:MAX_TEXT], rules, "rules")


def _mutate_state_json(rng: random.Random, value: tuple[Any, Any], corpus: Corpus) -> Any:
    obj, manifest = value
    if rng.random() < 0.3:
        try:
            state = jsonio.state_from_json(obj, manifest=manifest)
        except REFUSALS:
            pass
        else:
            written = _written(rng, state, corpus, jsonio.state_to_json)
            if written is not None:
                return written, manifest
    others = [rng.choice(corpus.state_json)[0] for _ in range(2)]
    return _other_arg(rng, mutate_json(rng, obj, others), manifest, "manifest")


_ARGS: dict[str, tuple[Any, ...]] = {
    "rules": (None, *RULESETS),
    "manifest": (None, DEFAULT, VARIANT),
}
"""The ``rules=`` and ``manifest=`` arguments a mutation may give a reader instead."""


def _other_arg(rng: random.Random, value: Any, arg: Any, kind: str) -> tuple[Any, Any]:
    """``(value, arg)``; now and then another ``rules=`` or ``manifest=`` argument."""
    return value, rng.choice(_ARGS[kind]) if rng.random() < 0.05 else arg


# --------------------------------------------------------------------------- readers


def _draw_token(corpus: Corpus, rng: random.Random) -> tuple[State, str, Any]:
    """A state, a token and a ``player=`` argument: mostly a legal action's token as
    records write it (``P2:tokens:3`` at a Speed Jump's choices) and ``player=None``."""
    state = rng.choice(corpus.states)
    actions = legal_actions(state)
    if not actions or rng.random() < 0.3:
        return state, rng.choice(corpus.tokens), None
    action = rng.choice(actions)
    if rng.random() < 0.7:
        return state, action_token(state, action), None
    return state, str(action), action.player


def _mutate_token(rng: random.Random, value: tuple[State, str, Any], corpus: Corpus) -> Any:
    state, token, player = value
    kind = rng.random()
    if kind < 0.1:
        state = rng.choice(corpus.states)
    elif kind < 0.2:
        player = rng.choice((None, CHANCE, 0, 1, 2, 3, 4, -2, True, 1.0, "P1"))
    elif kind < 0.3 and player is None:
        token = f"P{rng.randint(0, 5)}:{token}"
    else:
        token = mutate_text(rng, token, corpus.tokens)[:MAX_TEXT]
    return state, token, player


def _text_pair(field: str, arg: str) -> Callable[[random.Random, Any, Corpus], Any]:
    def mutate(rng: random.Random, value: tuple[str, Any], corpus: Corpus) -> Any:
        others = [t for t, _ in getattr(corpus, field)]
        return _other_arg(rng, mutate_text(rng, value[0], others)[:MAX_TEXT], value[1], arg)

    return mutate


def _json_pair(field: str, arg: str, n: int = 2) -> Callable[[random.Random, Any, Corpus], Any]:
    def mutate(rng: random.Random, value: tuple[Any, Any], corpus: Corpus) -> Any:
        pool = getattr(corpus, field)
        others = [rng.choice(pool)[0] for _ in range(n)]
        return _other_arg(rng, mutate_json(rng, value[0], others), value[1], arg)

    return mutate


def _any_json(corpus: Corpus, rng: random.Random) -> Any:
    """A state, record or action object of a game under the packaged manifest (the
    one :func:`jsonio.loads` knows)."""
    pool = (corpus.state_json, corpus.record_json, corpus.action_json)[rng.randrange(3)]
    for _ in range(10):
        value, arg = rng.choice(pool)
        if arg is None:
            break
    return value


def _any_manifest(corpus: Corpus, rng: random.Random) -> Any:
    return rng.choice(corpus.manifest_json)


_MANIFEST_TEXT = json_text_mutation(_any_manifest)


def _manifest_text(rng: random.Random, text: str, corpus: Corpus) -> str:
    """A mutation of a manifest's JSON text, which stays JSON text (``load_manifest``
    reads any other ``str`` as a path)."""
    text = _MANIFEST_TEXT(rng, text, corpus)
    return text if text.lstrip().startswith("{") else "{" + text


def _manifest_json(rng: random.Random, value: Any, corpus: Corpus) -> Any:
    return mutate_json(rng, value, corpus.manifest_json)


def _pair(field: str) -> Callable[[Corpus, random.Random], Any]:
    return lambda corpus, rng: rng.choice(getattr(corpus, field))


READERS: tuple[Reader[Corpus], ...] = (
    Reader(
        "from_text",
        _pair("positions"),
        _mutate_position,
        lambda v: from_text(v[0], rules=v[1]),
        lambda v, state, rng: check_state(state, rng),
    ),
    Reader(
        "parse_action",
        _draw_token,
        _mutate_token,
        lambda v: parse_action(v[0], v[1], player=v[2]),
        lambda v, action, rng: check_action(v[0], action, rng),
    ),
    Reader(
        "read_record",
        _pair("record_texts"),
        _text_pair("record_texts", "rules"),
        lambda v: read_record(v[0], rules=v[1]),
        lambda v, record, rng: check_record(record, rng),
    ),
    Reader(
        "rules_from_text",
        _pair("rules_texts"),
        _text_pair("rules_texts", "manifest"),
        lambda v: rules_from_text(v[0], manifest=v[1]),
        lambda v, rules, rng: check_rules(rules, rng),
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
        _pair("state_json"),
        _mutate_state_json,
        lambda v: jsonio.state_from_json(v[0], manifest=v[1]),
        lambda v, state, rng: check_state(state, rng),
    ),
    Reader(
        "action_from_json",
        _pair("action_json"),
        _json_pair("action_json", "rules", 3),
        lambda v: jsonio.action_from_json(v[0], rules=v[1]),
        lambda v, action, rng: check_action(None, action, rng, v[1]),
    ),
    Reader(
        "record_from_json",
        _pair("record_json"),
        _json_pair("record_json", "manifest"),
        lambda v: jsonio.record_from_json(v[0], manifest=v[1]),
        lambda v, record, rng: check_record(record, rng),
    ),
    Reader(
        "load_manifest",
        lambda c, rng: json.dumps(rng.choice(c.manifest_json)),
        _manifest_text,
        load_manifest,
        lambda text, manifest, rng: check_manifest(manifest, rng),
    ),
    Reader(
        "manifest_from_json",
        lambda c, rng: rng.choice(c.manifest_json),
        _manifest_json,
        manifest_from_json,
        lambda value, manifest, rng: check_manifest(manifest, rng),
    ),
)
"""Every reader the fuzzer drives, in the order of the report."""

_BY_NAME = {r.name: r for r in READERS}


def _show_arg(arg: Any) -> str:
    if isinstance(arg, Manifest):
        return f"manifest=<{arg.name}@{arg.version}>"
    return short(repr(arg), 80)


def _show_input(value: Any) -> str:
    if isinstance(value, tuple) and len(value) == 3:  # a state, a token, a player
        token = show_input(value[1])
        return f"{token} (player={_show_arg(value[2])}) in {show_input(to_text(value[0]))}"
    if isinstance(value, tuple):  # an input and the rules or manifest its reader is given
        return f"{show_input(value[0])} with {_show_arg(value[1])}"
    return show_input(value)


_FUZZER = Fuzzer("tikalspeed", _BY_NAME, build_corpus, REFUSALS, _show_input)
make_input = _FUZZER.make_input
judge = _FUZZER.judge
run = _FUZZER.run
