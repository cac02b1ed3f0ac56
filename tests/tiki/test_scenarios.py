"""Executable rule scenarios: every ``tests/scenarios/tiki/*.toml`` file is one test.

A scenario is data a game designer can write without Python: a starting position, a
list of action tokens, and what must then be true. Each file names the clauses of
``specs/tiki.md`` it proves. The format, in short (``tests/scenarios/tiki/README.md``
has the full table and an example):

Top level: ``title`` and ``clauses`` (required), ``notes`` (the hand-worked reasoning),
``layout`` (values a1, b1, c1, a2 … c3) and ``first`` (``"x"``/``"o"``), or ``seed``,
or ``position`` (a ``tiki.from_text`` string); ``actions``: tokens applied in order
with ``tiki.parse_action`` and ``tiki.step`` (``"o:+b2"`` forces the acting player).
Without a layout or first player the game starts at its chance nodes.

``[rules]``: ``tiki.Rules`` fields. ``[given]`` (with ``layout`` and ``first``): start the
first turn from a set position: ``stacks = {b2 = "ox"}`` (owners bottom to top),
``fruits = [x, o]``, ``reserve``, ``spoiled``, ``shaman``, ``tiebreak``, ``turn``;
supplies are 8 minus the tikis on the board; the position must be one a game reaches
(``tiki.from_text`` reads it back), so ``turn`` must leave time for the board and the
fruits.

``[expect]``, checked after the last action: ``illegal`` + ``clause`` (or a list of
``{action, clause}``), ``unreadable``, ``legal`` (exact set), ``legal_count``,
``legal_has``, ``legal_lacks``, ``events`` (ordered subsequence of the last step's
events, each entry a class name or a piece of the event's sentence), ``no_events``,
``outcome = {winner, reason, scores}``, ``stacks`` (the whole board), ``tiles``,
``supply``, ``fruits``, ``reserve``, ``spoiled``, ``tiebreak``, ``turn``, ``shaman``,
``phase``, ``actor``, ``active``, ``pending``, ``position``.

Unknown keys are errors, so a typo cannot silently skip a check.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest

import tiki
from tiki import IllegalActionError, NotationError, Phase, State

SCENARIO_DIR = Path(__file__).resolve().parents[1] / "scenarios" / "tiki"
SCENARIOS = sorted(SCENARIO_DIR.glob("*.toml"))

_TOP_KEYS = {
    "title",
    "clauses",
    "notes",
    "layout",
    "first",
    "seed",
    "position",
    "actions",
    "rules",
    "given",
    "expect",
}
_GIVEN_KEYS = {"stacks", "fruits", "reserve", "spoiled", "shaman", "tiebreak", "turn"}
_EXPECT_KEYS = {
    "illegal",
    "clause",
    "unreadable",
    "legal",
    "legal_count",
    "legal_has",
    "legal_lacks",
    "events",
    "no_events",
    "outcome",
    "stacks",
    "tiles",
    "supply",
    "fruits",
    "reserve",
    "spoiled",
    "tiebreak",
    "turn",
    "shaman",
    "phase",
    "actor",
    "active",
    "pending",
    "position",
}
_SYMBOL = {"x": tiki.X, "o": tiki.O}
_PLAYER_NAME = {tiki.X: "x", tiki.O: "o", tiki.CHANCE: "chance"}


class ScenarioError(AssertionError):
    """A scenario file that is malformed or whose expectations are not met."""


def load(path: Path) -> dict[str, Any]:
    """Read one scenario file and check its keys."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    _keys(data, _TOP_KEYS, "top level")
    _keys(data.get("given", {}), _GIVEN_KEYS, "[given]")
    _keys(data.get("expect", {}), _EXPECT_KEYS, "[expect]")
    if not isinstance(data.get("title"), str) or not data["title"]:
        raise ScenarioError("a scenario needs a 'title'")
    clauses = data.get("clauses")
    if not isinstance(clauses, list) or not clauses:
        raise ScenarioError("a scenario needs a non-empty 'clauses' list")
    if not data.get("expect"):
        raise ScenarioError("a scenario needs an [expect] table")
    return data


def _keys(table: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise ScenarioError(f"unknown key(s) {unknown} in {where}; allowed: {sorted(allowed)}")


def _rules(table: dict[str, Any]) -> tiki.Rules:
    fields = dict(table)
    if "tiles" in fields:
        fields["tiles"] = tuple(fields["tiles"])
    return tiki.Rules(**fields)


def _owners(text: str) -> tuple[int, ...]:
    try:
        return tuple(_SYMBOL[c] for c in text)
    except KeyError:
        raise ScenarioError(f"a stack is written with 'x' and 'o' only, not {text!r}") from None


def _board(table: dict[str, str]) -> tuple[tuple[int, ...], ...]:
    stacks: list[tuple[int, ...]] = [()] * 9
    for name, owners in table.items():
        stacks[tiki.village_from_name(name)] = _owners(owners)
    return tuple(stacks)


def _start(data: dict[str, Any]) -> State:
    """Build the state the actions start from."""
    if "position" in data:
        clash = {"layout", "first", "seed", "rules", "given"} & set(data)
        if clash:
            raise ScenarioError(f"'position' already fixes {sorted(clash)}")
        return tiki.from_text(data["position"])
    rules = _rules(data.get("rules", {}))
    if "seed" in data:
        if "layout" in data or "first" in data:
            raise ScenarioError("give either 'seed' or 'layout'/'first', not both")
        state = tiki.new_game(rules, seed=data["seed"])
    else:
        first = _SYMBOL[data["first"]] if "first" in data else None
        state = tiki.new_game(rules, layout=data.get("layout"), first=first)
    if "given" in data:
        state = _given(state, data["given"])
    return state


def _given(state: State, given: dict[str, Any]) -> State:
    if state.phase is not Phase.TURN or state.turn != 0:
        raise ScenarioError("[given] needs 'layout' and 'first' (the first turn to replace)")
    stacks = _board(given.get("stacks", {}))
    on_board = [sum(s.count(p) for s in stacks) for p in tiki.PLAYERS]
    fruits = tuple(given.get("fruits", [0, 0]))
    reserve = given.get("reserve", tiki.FRUITS - sum(fruits) - given.get("spoiled", 0))
    spoiled = given.get("spoiled", 0)
    shaman = given.get("shaman")
    problems = []
    if any(len(s) > 2 for s in stacks):
        problems.append("a turn never starts with a totem above 2")
    if any(n > tiki.TIKIS for n in on_board):
        problems.append(f"more than {tiki.TIKIS} tikis of one player on the board")
    if len(fruits) != 2 or sum(fruits) + reserve + spoiled != tiki.FRUITS or reserve < 0:
        problems.append(f"fruits + reserve + spoiled must make {tiki.FRUITS}")
    if any(f >= tiki.TARGET for f in fruits):
        problems.append("a player with 4 fruits has already won")
    if problems:
        raise ScenarioError("[given] is not a position to play from: " + "; ".join(problems))
    state = attrs.evolve(
        state,
        stacks=stacks,
        supply=(tiki.TIKIS - on_board[0], tiki.TIKIS - on_board[1]),
        fruits=(fruits[0], fruits[1]),
        reserve=reserve,
        spoiled=spoiled,
        shaman=None if shaman is None else tiki.edge_from_name(shaman),
        tiebreak=given.get("tiebreak", False),
        turn=given.get("turn", 0),
    )
    try:  # a position no game reaches is not one to play from either
        tiki.from_text(tiki.to_text(state))
    except NotationError as e:
        raise ScenarioError(f"[given] is not a position a game reaches: {e}") from None
    return state


def _parse(state: State, token: str) -> tiki.Action:
    """Read ``token``, honouring a ``"x:"`` / ``"o:"`` prefix that forces the player."""
    if len(token) > 2 and token[1] == ":" and token[0] in _SYMBOL:
        action = tiki.parse_action(state, token[2:])
        return attrs.evolve(action, player=_SYMBOL[token[0]])
    return tiki.parse_action(state, token)


def _describe(state: State) -> str:
    board = {
        tiki.village_name(v): "".join("xo"[p] for p in s) for v, s in enumerate(state.stacks) if s
    }
    shaman = "none" if state.shaman is None else tiki.edge_name(state.shaman)
    return (
        f"phase={state.phase.value} actor={_PLAYER_NAME.get(state.actor)} "
        f"active={_PLAYER_NAME.get(state.active)} stacks={board} supply={list(state.supply)} "
        f"fruits={list(state.fruits)} reserve={state.reserve} spoiled={state.spoiled} "
        f"shaman={shaman} tiebreak={state.tiebreak} turn={state.turn} "
        f"pending={[tiki.village_name(v) for v in state.pending]} result={state.result}"
    )


def play(data: dict[str, Any]) -> tuple[State, tuple[tiki.Event, ...]]:
    """Apply the scenario's actions; return the final state and the last step's events."""
    state = _start(data)
    events: tuple[tiki.Event, ...] = ()
    for i, token in enumerate(data.get("actions", []), 1):
        try:
            transition = tiki.step(state, _parse(state, token))
        except (IllegalActionError, NotationError) as e:
            raise ScenarioError(
                f"action #{i} {token!r} was refused: {e}\n  state: {_describe(state)}"
            ) from None
        state, events = transition.state, transition.events
    return state, events


def _matches(entry: str, event: tiki.Event) -> bool:
    return entry == type(event).__name__ or entry in str(event)


def _check_events(expect: dict[str, Any], events: tuple[tiki.Event, ...], fails: list[str]) -> None:
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


def _check_legal(expect: dict[str, Any], state: State, fails: list[str]) -> None:
    tokens = [str(a) for a in tiki.legal_actions(state)]
    if len(set(tokens)) != len(tokens):
        fails.append(f"legal actions repeat a token: {tokens}")
    if "legal" in expect and set(tokens) != set(expect["legal"]):
        missing = sorted(set(expect["legal"]) - set(tokens))
        extra = sorted(set(tokens) - set(expect["legal"]))
        fails.append(f"legal: missing {missing}, unexpected {extra}")
    if "legal_count" in expect and len(tokens) != expect["legal_count"]:
        fails.append(f"legal_count: expected {expect['legal_count']}, got {len(tokens)}")
    for token in expect.get("legal_has", []):
        if token not in tokens:
            fails.append(f"legal_has: {token!r} is not legal")
    for token in expect.get("legal_lacks", []):
        if token in tokens:
            fails.append(f"legal_lacks: {token!r} is legal")
    for token in [*expect.get("legal", []), *expect.get("legal_has", [])]:
        if token in tokens and not tiki.is_legal(state, _parse(state, token)):
            fails.append(f"is_legal disagrees with legal_actions on {token!r}")


def _check_illegal(expect: dict[str, Any], state: State, fails: list[str]) -> None:
    wanted = expect.get("illegal", [])
    if isinstance(wanted, str):
        if "clause" not in expect:
            raise ScenarioError("'illegal' as a token needs 'clause' beside it")
        wanted = [{"action": wanted, "clause": expect["clause"]}]
    elif "clause" in expect:
        raise ScenarioError("'clause' goes with a single 'illegal' token")
    for item in wanted:
        token, clause = item["action"], item["clause"]
        try:
            action = _parse(state, token)
        except NotationError as e:
            fails.append(f"illegal {token!r}: unreadable ({e}); use 'unreadable' for that")
            continue
        if tiki.is_legal(state, action):
            fails.append(f"illegal {token!r}: is_legal says it is legal")
        try:
            tiki.step(state, action)
        except IllegalActionError as e:
            if e.clause != clause:
                fails.append(f"illegal {token!r}: refused by {e.clause}, expected {clause} ({e})")
        else:
            fails.append(f"illegal {token!r}: was accepted (expected {clause})")
    for token in expect.get("unreadable", []):
        try:
            tiki.parse_action(state, token)
        except NotationError:
            continue
        fails.append(f"unreadable {token!r}: was read as an action")


def _player(symbol: str) -> int:
    return {"x": tiki.X, "o": tiki.O, "chance": tiki.CHANCE}[symbol]


def _check_state(expect: dict[str, Any], state: State, fails: list[str]) -> None:
    def same(key: str, expected: object, actual: object) -> None:
        if expected != actual:
            fails.append(f"{key}: expected {expected!r}, got {actual!r}")

    if "stacks" in expect:
        expected_board = _board(expect["stacks"])
        for v in tiki.VILLAGES:
            if expected_board[v] != state.stacks[v]:
                want = "".join("xo"[p] for p in expected_board[v]) or "empty"
                got = "".join("xo"[p] for p in state.stacks[v]) or "empty"
                fails.append(f"stacks: {tiki.village_name(v)} expected {want}, got {got}")
    if "tiles" in expect:
        same("tiles", tuple(expect["tiles"]), state.tiles)
    for key in ("supply", "fruits"):
        if key in expect:
            same(key, tuple(expect[key]), getattr(state, key))
    for key in ("reserve", "spoiled", "tiebreak", "turn"):
        if key in expect:
            same(key, expect[key], getattr(state, key))
    if "shaman" in expect:
        shaman = "none" if state.shaman is None else tiki.edge_name(state.shaman)
        same("shaman", expect["shaman"], shaman)
    if "phase" in expect:
        same("phase", expect["phase"], state.phase.value)
    if "actor" in expect:
        same("actor", expect["actor"], _PLAYER_NAME.get(state.actor))
        acting = (_player(expect["actor"]),) if state.result is None else ()
        same("actors()", acting, tiki.actors(state))
    if "active" in expect:
        same("active", expect["active"], _PLAYER_NAME.get(state.active))
    if "pending" in expect:
        same("pending", expect["pending"], [tiki.village_name(v) for v in state.pending])
    if "outcome" in expect:
        want = expect["outcome"]
        result = tiki.outcome(state)
        if result is None:
            fails.append(f"outcome: expected {want}, but the game is not over")
        else:
            winner = "draw" if result.winner is None else _PLAYER_NAME[result.winner]
            same("outcome.winner", want["winner"], winner)
            if "reason" in want:
                same("outcome.reason", want["reason"], result.reason)
            if "scores" in want:
                same("outcome.scores", tuple(want["scores"]), result.scores)
    if "position" in expect:
        same("position", expect["position"], tiki.to_text(state))


def run(data: dict[str, Any]) -> None:
    """Play a loaded scenario and check every expectation; raise with all failures."""
    state, events = play(data)
    expect = data["expect"]
    fails: list[str] = []
    _check_events(expect, events, fails)
    _check_legal(expect, state, fails)
    _check_illegal(expect, state, fails)
    _check_state(expect, state, fails)
    if fails:
        lines = "\n  ".join(fails)
        raise ScenarioError(
            f"{data['title']} ({', '.join(data['clauses'])})\n  {lines}\n"
            f"  final state: {_describe(state)}\n"
            f"  last events: {[str(e) for e in events]}"
        )


def test_scenario_directory_is_not_empty() -> None:
    """The scenarios exist; an empty glob would silently prove nothing."""
    assert len(SCENARIOS) >= 40, SCENARIO_DIR


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    """One scenario file: its actions are legal and every expectation holds."""
    data = load(path)
    spec_ids = {c for c in data["clauses"] if not c.startswith("TIKI-")}
    assert not spec_ids, f"{path.name}: clause ids of another game: {spec_ids}"
    run(data)
