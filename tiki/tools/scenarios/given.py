"""The state a scenario's actions start from: its ``position``, ``seed`` or
``layout``/``first``, its ``[rules]`` and its ``[given]`` position.

Every value is checked as it is read (:class:`~.read.FileReader`), and the
start must be a state a game reaches: a ``[given]`` position is written as a position
string and read back with :func:`~tiki.text.notation.from_text`, which refuses what
no game reaches.

>>> from .read import FileReader
>>> s = start_state(FileReader("a.toml"), {"layout": [1, 0, 1, -1, 2, 1, 1, 0, 1],
...     "first": "x", "given": {"stacks": {"b2": "ox"}, "fruits": [1, 0], "turn": 8}})
>>> s.stacks[4], s.supply, s.fruits, s.reserve
((1, 0), (7, 7), (1, 0), 6)
"""

from __future__ import annotations

from typing import Any

import attrs

from ...engine.contract import new_game
from ...errors import IllegalActionError, NotationError
from ...model.rules import NUMBER_LIMIT, TILE_VALUES, Rules
from ...model.state import FRUITS, PLAYER_SYMBOLS, PLAYERS, TARGET, TIKIS, Phase, State
from ...text.notation import from_text, to_text
from .read import FileReader

__all__ = ["GIVEN_KEYS", "start_state"]

GIVEN_KEYS = frozenset({"stacks", "fruits", "reserve", "spoiled", "shaman", "tiebreak", "turn"})
"""The keys of ``[given]``."""

_RULE_FIELDS = frozenset(a.name for a in attrs.fields(Rules))


def start_state(reader: FileReader, data: dict[str, Any]) -> State:
    """Build the state a scenario's ``actions`` start from, out of the file's top level
    (``data``); raises :class:`NotationError` naming the file and the key at fault."""
    if "position" in data:
        clash = sorted({"layout", "first", "seed", "rules", "given"} & set(data))
        if clash:
            raise reader.fail(clash[0], f"'position' already fixes {', '.join(clash)}")
        text = reader.text(data["position"], "position")
        try:
            return from_text(text)
        except NotationError as e:
            raise reader.fail("position", f"not a position: {e}") from None
    rules = _rules(reader, data.get("rules", {}))
    try:
        state = _new_game(reader, data, rules)
    except IllegalActionError as e:  # a layout the rules' tiles do not make
        raise reader.fail("layout", str(e)) from None
    if "given" in data:
        state = _given(reader, state, reader.table(data["given"], "given", GIVEN_KEYS))
    return state


def _new_game(reader: FileReader, data: dict[str, Any], rules: Rules) -> State:
    if "seed" in data:
        if "layout" in data or "first" in data:
            raise reader.fail("seed", "give either 'seed' or 'layout'/'first', not both")
        seed = reader.integer(data["seed"], "seed", -NUMBER_LIMIT, NUMBER_LIMIT)
        return new_game(rules, seed=seed)
    layout = None
    if "layout" in data:
        layout = reader.numbers(data["layout"], "layout", 9, min(TILE_VALUES), max(TILE_VALUES))
    first = None
    if "first" in data:
        if layout is None:
            raise reader.fail("first", "a first player needs a 'layout' before it")
        first = PLAYER_SYMBOLS.index(reader.player(data["first"], "first"))
    return new_game(rules, layout=layout, first=first)


def _rules(reader: FileReader, value: object) -> Rules:
    """``[rules]``: fields of :class:`~tiki.Rules`, each checked on its own so that the
    error names the field."""
    table = reader.table(value, "rules", _RULE_FIELDS)
    fields: dict[str, Any] = {}
    for name, raw in table.items():
        item: Any = tuple(raw) if name == "tiles" and isinstance(raw, list) else raw
        try:
            Rules(**{name: item})
        except ValueError as e:
            raise reader.fail(f"rules.{name}", str(e)) from None
        fields[name] = item
    return Rules(**fields)


def _given(reader: FileReader, state: State, given: dict[str, Any]) -> State:
    """Replace the first turn of ``state`` by the position ``[given]`` describes."""
    if state.phase is not Phase.TURN or state.turn != 0:
        raise reader.fail(
            "given", "needs 'layout' and 'first' (or 'seed'): it replaces the first turn"
        )
    stacks = reader.board(given.get("stacks", {}), "given.stacks")
    fruits = (0, 0)
    if "fruits" in given:
        pair = reader.numbers(given["fruits"], "given.fruits", 2, 0, FRUITS)
        fruits = (pair[0], pair[1])
    spoiled = reader.integer(given.get("spoiled", 0), "given.spoiled", 0, FRUITS)
    reserve = FRUITS - sum(fruits) - spoiled
    if "reserve" in given:
        reserve = reader.integer(given["reserve"], "given.reserve", 0, FRUITS)
    shaman = None
    if "shaman" in given:
        shaman = reader.edge(given["shaman"], "given.shaman")
    tiebreak = reader.boolean(given.get("tiebreak", False), "given.tiebreak")
    turn = reader.integer(given.get("turn", 0), "given.turn", 0, NUMBER_LIMIT)
    on_board = [sum(s.count(p) for s in stacks) for p in PLAYERS]
    problems = []
    if any(len(s) > 2 for s in stacks):
        problems.append("a turn never starts with a totem above 2")
    if any(n > TIKIS for n in on_board):
        problems.append(f"more than {TIKIS} tikis of one player on the board")
    if sum(fruits) + reserve + spoiled != FRUITS:
        problems.append(f"fruits + reserve + spoiled must make {FRUITS}")
    if any(f >= TARGET for f in fruits):
        problems.append(f"a player with {TARGET} fruits has already won")
    if problems:
        raise reader.fail("given", "not a position to play from: " + "; ".join(problems))
    state = attrs.evolve(
        state,
        stacks=stacks,
        supply=(TIKIS - on_board[0], TIKIS - on_board[1]),
        fruits=fruits,
        reserve=reserve,
        spoiled=spoiled,
        shaman=shaman,
        tiebreak=tiebreak,
        turn=turn,
    )
    try:  # a position no game reaches is not one to play from either
        return from_text(to_text(state))
    except NotationError as e:  # its offset is in a string the file does not show
        reason = str(e).removesuffix(f" (at {e.position})")
        raise reader.fail("given", f"not a position a game reaches: {reason}") from None
