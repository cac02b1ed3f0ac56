"""Executable Tikal scenarios: every ``tests/scenarios/tikal/*.toml`` file is one test.

A scenario is data a game designer can write without Python: a position, a list of
action tokens, and what must then be true. Each file names the clauses of
``specs/tikal.md`` it proves. In short (``tests/scenarios/tikal/README.md`` has the
full tables and an example):

Top level: ``title`` and ``clauses`` (required), ``notes`` (the hand-worked reasoning),
``actions`` (tokens, each looked up among the legal actions and applied in order).
``[rules]``: ``tikalspeed.Rules`` fields. ``[given]``: a position built on the initial
state: ``tiles``, ``temples``, ``levels``, ``workers``, ``leaders``, ``camps``,
``guards``, ``treasures``, ``ruins``, ``stacks``, ``scores``, and whose turn it is
(``turn``, ``ap``, ``kind``, ``phase``, or ``hand`` for a tile to place).
``[expect]``, checked after the last action: ``illegal`` (tokens with the clause that
refuses them), ``legal`` (per action head, the exact legal tokens), ``legal_has``,
``legal_lacks``, ``events`` and ``no_events`` (the last action's events), and state
fields: ``temples``, ``ruins``, ``levels``, ``held``, ``workers``, ``leaders``,
``camps``, ``guards``, ``supply``, ``removed``, ``scores``, ``ap``, ``phase``,
``kind``, ``active``, ``actor``.

Unknown keys are errors, so a typo cannot silently skip a check.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import positions as pos
import pytest

from tikalspeed import (
    CHANCE,
    TREASURE_NAMES,
    IllegalActionError,
    NotationError,
    Phase,
    Rules,
    State,
    TurnKind,
    actors,
    cell_name,
    is_legal,
    legal_actions,
    step,
)
from tikalspeed.model.events import Event
from tikalspeed.model.state import GUARDING, REMOVED, SUPPLY
from tikalspeed.text.notation import parse_action

SCENARIO_DIR = Path(__file__).resolve().parents[1] / "scenarios" / "tikal"
SCENARIOS = sorted(SCENARIO_DIR.glob("*.toml"))

_TOP_KEYS = {"title", "clauses", "notes", "actions", "rules", "given", "expect"}
_GIVEN_KEYS = {
    "tiles",
    "temples",
    "levels",
    "workers",
    "leaders",
    "camps",
    "guards",
    "treasures",
    "ruins",
    "stacks",
    "scores",
    "turn",
    "ap",
    "kind",
    "phase",
    "hand",
}
_EXPECT_KEYS = {
    "illegal",
    "legal",
    "legal_has",
    "legal_lacks",
    "events",
    "no_events",
    "temples",
    "ruins",
    "levels",
    "held",
    "workers",
    "leaders",
    "camps",
    "guards",
    "supply",
    "removed",
    "scores",
    "ap",
    "phase",
    "kind",
    "active",
    "actor",
}
_LEADER_PLACES = {SUPPLY: "supply", REMOVED: "removed", GUARDING: "guarding"}


class ScenarioError(AssertionError):
    """A scenario file that is malformed or whose expectations are not met."""


def load(path: Path) -> dict[str, Any]:
    """Read one scenario file and check its keys."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    for table, allowed, where in [
        (data, _TOP_KEYS, "top level"),
        (data.get("given", {}), _GIVEN_KEYS, "[given]"),
        (data.get("expect", {}), _EXPECT_KEYS, "[expect]"),
    ]:
        unknown = sorted(set(table) - allowed)
        if unknown:
            raise ScenarioError(f"unknown key(s) {unknown} in {where}; allowed: {sorted(allowed)}")
    if not isinstance(data.get("title"), str) or not data["title"]:
        raise ScenarioError("a scenario needs a 'title'")
    if not isinstance(data.get("clauses"), list) or not data["clauses"]:
        raise ScenarioError("a scenario needs a non-empty 'clauses' list")
    if not data.get("expect"):
        raise ScenarioError("a scenario needs an [expect] table")
    return data


def player(name: str) -> int:
    """``'P1'`` → 0 … ``'P4'`` → 3."""
    if len(name) != 2 or name[0] != "P" or name[1] not in "1234":
        raise ScenarioError(f"a player is written P1 … P4, not {name!r}")
    return int(name[1]) - 1


def _given(state: State, given: dict[str, Any]) -> State:
    for name, spec in given.get("tiles", {}).items():
        tile_id, _, turns = spec.partition(":")
        state = pos.tiles(state, **{name: (tile_id, int(turns or 0))})
    for name, value in given.get("temples", {}).items():
        state = pos.temple(state, name, value)
    state = pos.levels(state, **{f"v{k}": n for k, n in given.get("levels", {}).items()})
    leaders = given.get("leaders", {})
    for who in sorted({*given.get("workers", {}), *leaders}):
        state = pos.pieces(state, player(who), given.get("workers", {}).get(who), leaders.get(who))
    for who, cells in given.get("camps", {}).items():
        state = pos.camps(state, player(who), *cells)
    for name, who in given.get("guards", {}).items():
        state = pos.guard(state, name, player(who))
    for who, kinds in given.get("treasures", {}).items():
        state = pos.treasures(state, player(who), kinds)
    if "ruins" in given:
        ruins = list(state.ruins)
        for name, n in given["ruins"].items():
            ruins[pos.cell(name)] = n
        state = state.replace(ruins=tuple(ruins))
    if "stacks" in given:
        state = pos.only_stack(state, given["stacks"])
    if "scores" in given:
        state = state.replace(scores=tuple(given["scores"]))
    who = player(given.get("turn", "P1"))
    kind = TurnKind(given.get("kind", "normal"))
    if "hand" in given:
        return pos.holding(state, who, given["hand"], kind)
    phase = Phase(given.get("phase", "actions"))
    return pos.acting(state, who, given.get("ap", 10), kind, phase)


def start(data: dict[str, Any]) -> State:
    """The position the actions start from."""
    state = pos.new_game(Rules(**data.get("rules", {})))
    return _given(state, data["given"]) if "given" in data else state


def play(data: dict[str, Any]) -> tuple[State, tuple[Event, ...]]:
    """Apply the scenario's actions; return the final state and the last step's events."""
    state = start(data)
    events: tuple[Event, ...] = ()
    for i, token in enumerate(data.get("actions", []), 1):
        try:
            state, found = pos.play(state, token)
        except AssertionError as e:
            raise ScenarioError(f"action #{i} {token!r}: {e}") from None
        events = tuple(found)
    return state, events


def _matches(entry: str, event: Event) -> bool:
    return entry == type(event).__name__ or entry in str(event)


def _check_events(expect: dict[str, Any], events: tuple[Event, ...], fails: list[str]) -> None:
    shown = [f"{type(e).__name__}: {e}" for e in events]
    if "events" in expect:
        it = iter(events)
        for entry in expect["events"]:
            if not any(_matches(entry, e) for e in it):
                fails.append(f"events: no {entry!r} (in this order) among {shown}")
                break
    for entry in expect.get("no_events", []):
        if any(_matches(entry, e) for e in events):
            fails.append(f"no_events: {entry!r} happened: {shown}")


def _head(token: str) -> str:
    return token.replace("=", ":").split(":")[0]


def _check_legal(expect: dict[str, Any], state: State, fails: list[str]) -> None:
    tokens = [str(a) for a in legal_actions(state)]
    for head, wanted in expect.get("legal", {}).items():
        got = sorted(t for t in tokens if _head(t) == head)
        if got != sorted(wanted):
            fails.append(f"legal {head}: expected {sorted(wanted)}, got {got}")
    for token in expect.get("legal_has", []):
        if token not in tokens:
            fails.append(f"legal_has: {token!r} is not legal")
    for token in expect.get("legal_lacks", []):
        if token in tokens:
            fails.append(f"legal_lacks: {token!r} is legal")
    for item in expect.get("illegal", []):
        token, clause = item["action"], item["clause"]
        try:
            action = parse_action(state, token)
        except NotationError as e:
            fails.append(f"illegal {token!r}: unreadable ({e})")
            continue
        if is_legal(state, action) or token in tokens:
            fails.append(f"illegal {token!r}: it is legal")
            continue
        try:
            step(state, action)
        except IllegalActionError as e:
            if e.clause != clause:
                fails.append(f"illegal {token!r}: refused by {e.clause}, expected {clause} ({e})")


def _per_cell(row: tuple[int, ...]) -> dict[str, int]:
    return {cell_name(c): n for c, n in enumerate(row) if n}


def _owners(row: tuple[int, ...]) -> dict[str, str]:
    return {cell_name(c): f"P{o + 1}" for c, o in enumerate(row) if o >= 0}


def _leader(where: int) -> str:
    return _LEADER_PLACES.get(where) or cell_name(where)


def _check_state(expect: dict[str, Any], state: State, fails: list[str]) -> None:
    def same(key: str, expected: object, actual: object) -> None:
        if expected != actual:
            fails.append(f"{key}: expected {expected!r}, got {actual!r}")

    n = state.players
    for key, row in [("temples", state.temples), ("ruins", state.ruins)]:
        if key in expect:  # only the cells listed are checked
            same(key, expect[key], {c: row[pos.cell(c)] for c in expect[key]})
    if "levels" in expect:
        same("levels", expect["levels"], {k: state.levels[int(k)] for k in expect["levels"]})
    if "held" in expect:
        held = {
            f"P{p + 1}": "".join(k * c for k, c in zip(TREASURE_NAMES, state.held[p], strict=True))
            for p in range(n)
        }
        same("held", expect["held"], {p: held[p] for p in expect["held"]})
    if "workers" in expect:
        got = {p: _per_cell(state.workers[player(p)]) for p in expect["workers"]}
        same("workers", expect["workers"], got)
    if "leaders" in expect:
        same(
            "leaders",
            expect["leaders"],
            {p: _leader(state.leaders[player(p)]) for p in expect["leaders"]},
        )
    if "camps" in expect:
        same("camps", expect["camps"], _owners(state.camps))
    if "guards" in expect:
        same("guards", expect["guards"], _owners(state.guards))
    for key in ("supply", "removed", "scores"):
        if key in expect:
            same(key, tuple(expect[key]), getattr(state, key))
    if "ap" in expect:
        same("ap", expect["ap"], state.ap)
    if "phase" in expect:
        same("phase", expect["phase"], state.phase.value)
    if "kind" in expect:
        same("kind", expect["kind"], state.turn_kind.value)
    if "active" in expect:
        same("active", expect["active"], f"P{state.active + 1}")
    if "actor" in expect:
        who = actors(state)
        name = "none" if not who else "chance" if who == (CHANCE,) else f"P{who[0] + 1}"
        same("actor", expect["actor"], name)


def run(data: dict[str, Any]) -> None:
    """Play a loaded scenario and check every expectation; raise with all failures."""
    state, events = play(data)
    expect = data["expect"]
    fails: list[str] = []
    _check_events(expect, events, fails)
    _check_legal(expect, state, fails)
    _check_state(expect, state, fails)
    if fails:
        lines = "\n  ".join(fails)
        raise ScenarioError(
            f"{data['title']} ({', '.join(data['clauses'])})\n  {lines}\n"
            f"  last events: {[str(e) for e in events]}"
        )


def test_tikal_scenario_directory_is_not_empty() -> None:
    """The scenarios exist; an empty glob would silently prove nothing."""
    assert len(SCENARIOS) >= 10, SCENARIO_DIR


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_tikal_scenario(path: Path) -> None:
    """One scenario file: its actions are legal and every expectation holds."""
    data = load(path)
    foreign = {c for c in data["clauses"] if not c.startswith("TIKAL-")}
    assert not foreign, f"{path.name}: clause ids of another game: {foreign}"
    run(data)


SCENARIO_CLAUSES = (
    "TIKAL-ENTER-1",
    "TIKAL-CAMPMOVE-1",
    "TIKAL-UNCOVER-1",
    "TIKAL-UNCOVER-2",
    "TIKAL-UNCOVER-3",
    "TIKAL-UNCOVER-4",
    "TIKAL-UNCOVER-5",
    "TIKAL-TREASURE-1",
    "TIKAL-TREASURE-2",
    "TIKAL-TREASURE-4",
    "TIKAL-EXCHANGE-1",
    "TIKAL-EXCHANGE-2",
    "TIKAL-CAMP-1",
    "TIKAL-CAMP-2",
    "TIKAL-CAMP-3",
)
"""The clauses whose proof lives in scenario files rather than in Python tests."""


def test_tikal_scenarios_prove_the_action_clauses() -> None:
    """Each clause of SCENARIO_CLAUSES has at least two scenarios (its rule and a
    contrast: an option, a refusal or a limit)."""
    counts = {c: 0 for c in SCENARIO_CLAUSES}
    for path in SCENARIOS:
        for clause in load(path)["clauses"]:
            if clause in counts:
                counts[clause] += 1
    assert all(n >= 2 for n in counts.values()), counts
