"""A seeded fuzzer for every reader of the library: text, records, JSON, views, events
and manifests.

It checks the library's contract on inputs that real games produce and on mutations
of them: a reader either *refuses* an input with :class:`~tikalspeed.NotationError`
(a :class:`~tikalspeed.ManifestError` is one) or :class:`~tikalspeed.IllegalActionError`
(both fine), or *accepts* it, and then what it read must write and read back as an
equal object, an accepted state must play on (every reachable successor reads back
too), and an accepted view must offer its player his legal actions. Anything else is
a *finding*: another exception escaping a reader ("escape"), a failed round trip
("round-trip"), or a failure while playing on ("plays-on"); it is kept with the input
that caused it.

>>> report = run(3, seed=1)
>>> [r.inputs for r in report.readers] == [3] * len(READERS)
True
>>> report.findings
()

The standard readers, their checks and the corpus's making are the shared kit's,
built from :data:`tikalspeed.GAME` (:mod:`gamekit.fuzzing.readers`,
:mod:`gamekit.fuzzing.checks`, :mod:`gamekit.fuzzing.corpus`), and so are the
mutations (:func:`mutate_text`, :func:`mutate_json`) and the running behind
:func:`make_input`, :func:`judge` and :func:`run` (:mod:`gamekit.fuzzing.harness`).
What knows Tikal is :mod:`.corpus` (:data:`RULESETS`: every mode, 2 to 4 players,
most rule options and the custom manifest :data:`VARIANT`; the ``rules=`` and
``manifest=`` arguments its readers are told), :mod:`.checks` (manifests) and this
module: :func:`mutate_state` (a state with a field changed within its type, to probe
the consistency check and the engine behind it), ``parse_action``'s reader (told a
``player=`` too) and the manifest readers, ``load_manifest`` and
``manifest_from_json``.

A reader that takes the manifest (``rules=`` or ``manifest=``) gets an input and that
argument: the rules or manifest of a custom-manifest game, ``None`` for the packaged
one; ``parse_action`` gets a state, a token and a ``player=`` argument (mostly
``None``).
"""

from __future__ import annotations

import enum
import json
import random
from typing import Any

import attrs

from gamekit.fuzzing.harness import Finding, Reader, ReaderCounts, Report
from gamekit.fuzzing.mutations import MAX_TEXT, Mutator
from gamekit.fuzzing.readers import Readers

from ...board import load_manifest, manifest_from_json
from ...bounds import MAX_BID, MAX_COUNT, MAX_SEED, shown
from ...engine import legal_actions
from ...game import GAME
from ...model.records import RECORD_OF
from ...model.state import CHANCE, Outcome, Phase, State
from ...text.notation import parse_action
from ...text.record import action_token
from .checks import CHECKS, check_manifest
from .corpus import ARGUMENTS, RULESETS, VARIANT, Corpus, build_corpus

__all__ = [
    "READERS", "RULESETS", "VARIANT", "Corpus", "Finding", "Reader", "ReaderCounts", "Report",
    "build_corpus", "judge", "make_input", "mutate_json", "mutate_state", "mutate_text", "run",
]  # fmt: skip

MUTATOR = Mutator((MAX_COUNT, MAX_BID, MAX_SEED), shown)
"""The mutations of Tikal's inputs: its numbers are bounded by ``bounds``."""
mutate_text = MUTATOR.text
mutate_json = MUTATOR.json


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


# --------------------------------------------------------------------------- Tikal's own readers


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


def _any_manifest(corpus: Corpus, rng: random.Random) -> Any:
    return rng.choice(corpus.manifest_json)


_MANIFEST_TEXT = MUTATOR.json_text_mutation(_any_manifest)


def _manifest_text(rng: random.Random, text: str, corpus: Corpus) -> str:
    """A mutation of a manifest's JSON text, which stays JSON text (``load_manifest``
    reads any other ``str`` as a path)."""
    text = _MANIFEST_TEXT(rng, text, corpus)
    return text if text.lstrip().startswith("{") else "{" + text


def _manifest_json(rng: random.Random, value: Any, corpus: Corpus) -> Any:
    return mutate_json(rng, value, corpus.manifest_json)


OWN: tuple[Reader[Corpus], ...] = (
    Reader(
        "parse_action",
        _draw_token,
        _mutate_token,
        lambda v: parse_action(v[0], v[1], player=v[2]),
        lambda v, action, rng: CHECKS.check_action(v[0], action, rng),
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
"""Tikal's own readers: ``parse_action`` told a ``player=`` (in the place of the
standard one), and the manifest readers."""

STANDARD: Readers[Corpus] = Readers(GAME, MUTATOR, mutate_state, ARGUMENTS)
"""Tikal's standard readers, as the shared kit builds them from :data:`tikalspeed.GAME`
and :data:`.corpus.ARGUMENTS`."""

READERS: tuple[Reader[Corpus], ...] = STANDARD.table(OWN)
"""Every reader the fuzzer drives, in the order of the report."""

_BY_NAME = {r.name: r for r in READERS}
_show_input = STANDARD.show
_FUZZER = STANDARD.fuzzer(_BY_NAME, build_corpus)
make_input = _FUZZER.make_input
judge = _FUZZER.judge
run = _FUZZER.run
