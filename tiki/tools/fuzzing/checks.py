"""The checks of what a reader accepted, for the fuzzer (:mod:`.fuzz`): it reads back
equal, as text and as JSON, and a state plays on. Each raises
:class:`gamekit.fuzzing.harness.Problem`
for a broken promise: ``'round-trip'`` or ``'plays-on'``."""

from __future__ import annotations

import random

from gamekit.fuzzing.harness import Problem, same

from ...engine.contract import actors, new_game, outcome, sample_chance, step
from ...engine.moves import legal_actions
from ...errors import IllegalActionError, NotationError
from ...model.actions import Action
from ...model.rules import Rules
from ...model.state import CHANCE, State
from ...text import jsonio
from ...text.notation import from_text, parse_action, rules_from_text, rules_to_text, to_text
from ...text.record import Record, read_record, replay, write_record

REFUSALS = (NotationError, IllegalActionError)
"""The two errors a reader may raise for bad input."""


def reads_back(state: State) -> None:
    """A state writes and reads back, as text and as JSON (and as JSON text)."""
    same(state, from_text(to_text(state)), "to_text/from_text")
    same(state, jsonio.state_from_json(jsonio.state_to_json(state)), "state JSON")
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


def check_action(state: State | None, action: object, rng: random.Random) -> None:
    if not isinstance(action, Action):
        raise Problem("round-trip", f"read a {type(action).__name__}, not an action")
    act: Action = action
    same(act, jsonio.action_from_json(jsonio.action_to_json(act)), "action JSON")
    if state is None:
        return
    same(act, parse_action(state, str(act)), "str/parse_action")
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
    same(record, read_record(write_record(record)), "write_record/read_record")
    same(record, jsonio.record_from_json(jsonio.record_to_json(record)), "record JSON")
    same(record, jsonio.loads(jsonio.dumps(record)), "record JSON text")
    plays_on(replay(record)[-1], rng, 2)


def check_rules(rules: object, rng: random.Random) -> None:
    if not isinstance(rules, Rules):
        raise Problem("round-trip", f"read a {type(rules).__name__}, not Rules")
    same(rules, rules_from_text(rules_to_text(rules)), "rules_to_text/rules_from_text")
    same(rules, jsonio.rules_from_json(jsonio.rules_to_json(rules)), "rules JSON")
    plays_on(new_game(rules, seed=rng.randrange(1000)), rng, 4)


def check_loaded(obj: object, rng: random.Random) -> None:
    if isinstance(obj, State):
        check_state(obj, rng)
    elif isinstance(obj, Record):
        check_record(obj, rng)
    else:
        check_action(None, obj, rng)
        same(obj, jsonio.loads(jsonio.dumps(obj)), "action JSON text")  # type: ignore[arg-type]
