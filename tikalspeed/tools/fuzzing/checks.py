"""The checks of what a reader accepted, for the fuzzer (:mod:`.fuzz`): it reads back
equal, as text and as JSON, and a state plays on. Each raises
:class:`gamekit.fuzzing.harness.Problem`
for a broken promise: ``'round-trip'`` or ``'plays-on'``.

A custom manifest is named in the text forms only by ``<name>@<version>``: what was
read under one is read back with the same ``rules=`` or ``manifest=``; what was read
under the packaged one is read back without, and through :func:`jsonio.loads` too."""

from __future__ import annotations

import json
import random

from gamekit.fuzzing.harness import Problem, same

from ...board import Manifest, load_manifest, manifest_from_json, manifest_to_json
from ...engine import actors, legal_actions, new_game, outcome, sample_chance, step
from ...errors import IllegalActionError, NotationError
from ...model.actions import Action
from ...model.rules import MODES, Rules
from ...model.state import CHANCE, State
from ...text import jsonio
from ...text.notation import from_text, parse_action, rules_from_text, rules_to_text, to_text
from ...text.record import Record, action_token, read_record, replay, write_record

DEFAULT = load_manifest()
"""The packaged manifest, the only one the text forms know without being told."""

REFUSALS = (NotationError, IllegalActionError)
"""The two errors a reader may raise for bad input."""


def _custom(rules: Rules) -> Manifest | None:
    """The manifest a reader must be given to read ``rules`` back, if any."""
    return None if rules.manifest == DEFAULT else rules.manifest


def reads_back(state: State) -> None:
    """A state writes and reads back, as text and as JSON (and as JSON text)."""
    custom = _custom(state.rules)
    rules = None if custom is None else state.rules
    same(state, from_text(to_text(state), rules=rules), "to_text/from_text")
    value = jsonio.state_to_json(state)
    same(state, jsonio.state_from_json(value, manifest=custom), "state JSON")
    if custom is None:
        same(state, jsonio.loads(jsonio.dumps(state)), "state JSON text")


def plays_on(state: State, rng: random.Random, plies: int = 3) -> None:
    """An accepted state plays on: its legal actions (or chance outcomes) apply, and
    every state reached reads back; a finished game has an outcome and no action."""
    for _ in range(plies):
        if outcome(state) is not None:
            if legal_actions(state) or actors(state):
                raise Problem("plays-on", "a finished game still offers actions")
            return
        actions = legal_actions(state)
        if not actions:
            raise Problem("plays-on", f"no legal action in a running game: {to_text(state)}")
        action = sample_chance(state, rng) if actors(state) == (CHANCE,) else rng.choice(actions)
        try:
            state = step(state, action).state
            reads_back(state)
        except REFUSALS as e:
            raise Problem("plays-on", f"after {action}: {to_text(state)!r}: {e}") from None
        except Problem as e:
            raise Problem("plays-on", f"after {action}: {e}") from None


def check_state(state: object, rng: random.Random) -> None:
    if not isinstance(state, State):
        raise Problem("round-trip", f"read a {type(state).__name__}, not a State")
    reads_back(state)
    plays_on(state, rng)


def check_action(
    state: State | None, action: object, rng: random.Random, rules: Rules | None = None
) -> None:
    """An action read in ``state`` (or under ``rules``, without a state) writes and
    reads back as JSON and as its token, and is legal exactly when ``step`` takes it."""
    if not isinstance(action, Action):
        raise Problem("round-trip", f"read a {type(action).__name__}, not an action")
    act: Action = action
    rules = state.rules if state is not None else rules or Rules()
    value = jsonio.action_to_json(act, rules.manifest)
    same(act, jsonio.action_from_json(value, rules=rules), "action JSON")
    at = state if state is not None else new_game(rules)
    token = action_token(at, act)
    same(act, parse_action(at, token, player=act.player), f"{token!r}/parse_action")
    if state is None:
        return
    legal = act in legal_actions(state)
    try:
        after = step(state, act).state
    except IllegalActionError:
        if legal:
            raise Problem("plays-on", f"{act} is legal but step refuses it") from None
        return
    if not legal:
        raise Problem("plays-on", f"step takes {act}, which is not among the legal actions")
    try:
        reads_back(after)
    except REFUSALS as e:
        raise Problem("plays-on", f"after {act}: {to_text(after)!r}: {e}") from None
    plays_on(after, rng, 2)


def check_record(record: object, rng: random.Random) -> None:
    if not isinstance(record, Record):
        raise Problem("round-trip", f"read a {type(record).__name__}, not a Record")
    custom = _custom(record.rules)
    rules = None if custom is None else record.rules
    same(record, read_record(write_record(record), rules=rules), "write_record/read_record")
    value = jsonio.record_to_json(record)
    same(record, jsonio.record_from_json(value, manifest=custom), "record JSON")
    if custom is None:
        same(record, jsonio.loads(jsonio.dumps(record)), "record JSON text")
    plays_on(replay(record)[-1], rng, 2)


def check_rules(rules: object, rng: random.Random) -> None:
    if not isinstance(rules, Rules):
        raise Problem("round-trip", f"read a {type(rules).__name__}, not Rules")
    custom = _custom(rules)
    text = rules_to_text(rules)
    same(rules, rules_from_text(text, manifest=custom), "rules_to_text/rules_from_text")
    value = jsonio.rules_to_json(rules)
    same(rules, jsonio.rules_from_json(value, manifest=custom), "rules JSON")
    plays_on(new_game(rules, seed=rng.randrange(1000)), rng, 4)


def check_loaded(obj: object, rng: random.Random) -> None:
    if isinstance(obj, State):
        check_state(obj, rng)
    elif isinstance(obj, Record):
        check_record(obj, rng)
    else:
        check_action(None, obj, rng)
        same(obj, jsonio.loads(jsonio.dumps(obj)), "action JSON text")  # type: ignore[arg-type]


def check_manifest(manifest: object, rng: random.Random) -> None:
    """A manifest writes and reads back, and a game of any mode played with it plays on
    (its states read back with the manifest given)."""
    if not isinstance(manifest, Manifest):
        raise Problem("round-trip", f"read a {type(manifest).__name__}, not a Manifest")
    value = manifest_to_json(manifest)
    same(manifest, manifest_from_json(value), "manifest JSON")
    same(manifest, load_manifest(json.dumps(value)), "manifest JSON text")
    rules = Rules(mode=rng.choice(MODES), players=rng.choice((2, 3, 4)), manifest=manifest)
    check_rules(rules, rng)
    if rng.random() < 0.2:
        plays_out(new_game(rules, seed=rng.randrange(1000)), rng)


def plays_out(state: State, rng: random.Random, max_plies: int = 5000) -> None:
    """A random game from ``state`` reaches its end, and its last state reads back."""
    for _ in range(max_plies):
        if outcome(state) is not None:
            break
        actions = legal_actions(state)
        if not actions:
            raise Problem("plays-on", f"no legal action in a running game: {to_text(state)}")
        action = sample_chance(state, rng) if actors(state) == (CHANCE,) else rng.choice(actions)
        try:
            state = step(state, action).state
        except IllegalActionError as e:
            raise Problem("plays-on", f"{action} is legal but step refuses it: {e}") from None
    else:
        raise Problem("plays-on", f"no end after {max_plies} plies: {to_text(state)}")
    reads_back(state)
