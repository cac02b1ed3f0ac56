"""The position string: :func:`to_text` and :func:`from_text` (re-exported by
:mod:`tikalspeed.text.notation`); the board field lives in :mod:`tikalspeed._boardtext`."""

from __future__ import annotations

import re

from ..board.terrain import Terrain, terrain
from ..bounds import MAX_SCORE
from ..errors import NotationError
from ..model.actions import TREASURE_NAMES, player_name
from ..model.rules import Rules
from ..model.state import GUARDING, REMOVED, SUPPLY, Phase, State
from ..model.view import not_a_position
from ._boardtext import Board, board_text, read_board
from ._fields import (
    INT,
    KINDS,
    choose,
    fail,
    marks_text,
    number,
    per_player,
    player_from_name,
    read_auction,
    read_marks,
    read_player,
    read_queue,
    read_result,
    read_tiles,
    split,
)
from ._speedtext import SPEED_FIELDS, part_offset, read_speed, speed_text
from .check import StateFault, check_state
from .rulestext import rules_from_text, rules_to_text

__all__ = ["FIELDS", "from_text", "player_from_name", "to_text"]

FIELDS = (
    "board",
    "phase",
    "active",
    "turn",
    "ap",
    "raised",
    "dug",
    "queue",
    "next",
    "last",
    "hand",
    "display",
    "stacks",
    "levels",
    "supply",
    "treasures",
    "scores",
    "auction",
    "result",
)
"""The names of the 19 fields, in order; then ``speed:...`` in (and only in) the Speed
game, and ``rules:...`` unless the rules are the defaults."""

SPEED = 19
"""The index of the ``speed:...`` field in a Speed position."""

_SPACE = re.compile(r"\S+")
_PHASES = {p.value: p for p in Phase}
_LEADER_MARKS = {SUPPLY: "L", GUARDING: "G", REMOVED: "X"}
_MARK_LEADER = {m: where for where, m in _LEADER_MARKS.items()}
_FIELD_OF = {name: i for i, name in enumerate(FIELDS)}
_FIELD_OF.update(
    placed=0,
    temples=0,
    ruins=0,
    camps=0,
    guards=0,
    workers=0,
    turn_kind=3,
    next_player=8,
    last_tile_player=9,
    leaders=14,
    removed=14,
    guard_pieces=14,
    held=15,
    hidden=15,
    played=17,
    bidders=17,
    high_bid=17,
    high_bidder=17,
    first_passer=17,
    round_opener=17,
)


def _players(players: tuple[int, ...]) -> str:
    return ",".join(player_name(p) for p in players) or "-"


def level_values(rules: Rules) -> tuple[int, ...]:
    """The values of the level tiles, lowest first (2 … 10)."""
    return tuple(v for v, _ in rules.manifest.components.level_tiles)


def stacks_text(stacks: tuple[tuple[int, ...], ...], t: Terrain) -> str:
    """The tiles not yet drawn, in manifest order; runs of 3 or more as ``first..last``."""
    tiles = sorted(i for stack in stacks for i in stack)
    parts: list[str] = []
    i = 0
    while i < len(tiles):
        j = i
        while j + 1 < len(tiles) and tiles[j + 1] == tiles[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{t.tile_ids[tiles[i]]}..{t.tile_ids[tiles[j]]}")
        else:
            parts.extend(t.tile_ids[x] for x in tiles[i : j + 1])
        i = j + 1
    return ",".join(parts) or "-"


def to_text(state: State) -> str:
    """Return the one-line position string of ``state`` (see ``docs/tikal-notation.md``).

    >>> from tikalspeed import new_game, Rules
    >>> text = to_text(new_game(Rules(mode="professional", players=3)))
    >>> text.split()[:5], text.split()[-4:]
    (['8/8/8/*,*,6/*,*,6', 'reveal', 'P1', 'normal', '0'], \
['20,20,20', 'P1/-/-/-/-', '-', 'rules:mode=professional;players=3'])

    A :class:`~tikalspeed.View` is not a position: it is written by
    :func:`~tikalspeed.view_to_text` (:class:`NotationError` here).
    """
    refused = not_a_position(state, "write it with view_to_text(view)")
    if refused is not None:
        raise NotationError(refused)
    rules = state.rules
    t = terrain(rules.manifest)
    result = state.result
    if rules.mode == "classic":
        auction = "-"
    else:
        bid = "-" if state.high_bidder < 0 else f"{state.high_bid}:{player_name(state.high_bidder)}"
        passer = "-" if state.first_passer < 0 else player_name(state.first_passer)
        auction = "/".join(
            (
                player_name(state.round_opener),
                _players(state.played),
                _players(state.bidders),
                bid,
                passer,
            )
        )
    fields = [
        board_text(state, t),
        state.phase.value,
        player_name(state.active),
        state.turn_kind.value,
        str(state.ap),
        marks_text(state, state.raised),
        marks_text(state, state.dug),
        ",".join(f"{player_name(p)}:{k.value}" for k, p in state.queue) or "-",
        player_name(state.next_player),
        "-" if state.last_tile_player < 0 else player_name(state.last_tile_player),
        "-" if state.hand < 0 else t.tile_ids[state.hand],
        ",".join(t.tile_ids[i] for i in state.display) or "-",
        stacks_text(state.stacks, t),
        ",".join(str(state.levels[v]) for v in level_values(rules)),
        ",".join(
            f"{state.supply[p]}{_LEADER_MARKS.get(state.leaders[p], '')}"
            for p in range(rules.players)
        ),
        ",".join(
            "".join(TREASURE_NAMES[k] * c for k, c in enumerate(h)) or "-" for h in state.held
        ),
        ",".join(str(x) for x in state.scores),
        auction,
        "-"
        if result is None
        else f"{'shared' if result.winner is None else player_name(result.winner)}:{result.reason}",
    ]
    if rules.mode == "speed":
        fields.append(speed_text(state, t))
    text = rules_to_text(rules)
    if text:
        fields.append("rules:" + text)
    return " ".join(fields)


def from_text(text: str, *, rules: Rules | None = None) -> State:
    """Read a position string written by :func:`to_text`, checking it is consistent.

    ``rules`` are needed only for a custom manifest (a position names its manifest
    ``manifest=<name>@<version>``; without ``rules`` only the packaged default is
    known); when given, the position's rules must be exactly these. Raises
    :class:`NotationError` whose ``position`` is the character offset of the field (or
    cell, or entry) at fault: for a wrong field count, a value that cannot be read, or
    a position no game can reach (a tile in two places, pieces that do not add up to
    18 workers and a leader, treasures or level tiles that do not add up, an actor or
    action points the phase does not allow, a result in a running game, ...).

    >>> s = from_text("8/8/8/*,*,6/*+1:1,*,6 actions P1 normal 9 - - - P2 - - - "
    ...               "A1..G4 3,6,9,11,8,5,3,2,1 17L,18L -,- 0,0 - - rules:mode=classic;players=2")
    >>> s.workers[0][0], s.supply, s.ap
    (1, (17, 18), 9)
    >>> from_text("8/8/8/*,*,6/*+1:1,*,6 actions P1 normal 9 - - - P2 - - - "
    ...           "A1..G4 3,6,9,11,8,5,3,2,1 18L,18L -,- 0,0 - - rules:mode=classic;players=2")
    Traceback (most recent call last):
    ...
    tikalspeed.errors.NotationError: P1 has 18 workers, but 18 in supply, ... (at 83)
    """
    if not isinstance(text, str):
        raise NotationError(f"a position string is a str, not {type(text).__name__}")
    fields = [(m.start(), m.group()) for m in _SPACE.finditer(text)]
    count = len(FIELDS)
    if len(fields) < count:
        raise fail(
            f"a position has {count} fields (then 'speed:...' in the speed game, and "
            f"'rules:...'), found {len(fields)}",
            len(text),
        )
    rest = fields[count:]
    speed = rest[0] if rest and rest[0][1].startswith("speed:") else None
    rest = rest[1:] if speed else rest
    if rest and not rest[0][1].startswith("rules:"):
        raise fail(f"field {len(fields) - len(rest) + 1} must be 'rules:...'", rest[0][0])
    if len(rest) > 1:
        limit = count + (2 if speed else 1)
        raise fail(f"a position has at most {limit} fields (the rules come last)", rest[1][0])
    found = Rules()
    rules_at = len(text)
    if rest:
        rules_at = rest[0][0]
        manifest = None if rules is None else rules.manifest
        found = rules_from_text(rest[0][1][6:], rules_at + 6, manifest=manifest)
    if rules is not None and found != rules:
        raise fail(f"the position's rules {found!r} are not the rules given {rules!r}", rules_at)
    if (found.mode == "speed") != (speed is not None):
        if speed is not None:
            raise fail(f"only the speed game has a speed field, not {found.mode}", speed[0])
        raise fail(
            "a speed position has a 'speed:...' field before the rules (SPEED-JUMP-1)",
            rules_at,
        )
    used = fields[: count + (1 if speed else 0)]
    return _read(found, [f for _, f in used], [p for p, _ in used])


def _read(rules: Rules, f: list[str], pos: list[int]) -> State:
    n = rules.players
    t = terrain(rules.manifest)
    comps = rules.manifest.components
    board = read_board(f[0], pos[0], n, t)
    phase = choose(_PHASES, f[1], pos[1], "phase")
    turn_kind = choose(KINDS, f[3], pos[3], "turn kind")
    hand = read_tiles(f[10], pos[10], t, "hand") if f[10] != "-" else [-1]
    if len(hand) != 1:
        raise fail("the hand holds one tile or none ('-')", pos[10])
    stacks: list[list[int]] = [[] for _ in "ABCDEFG"]
    for i in read_tiles(f[12], pos[12], t, "stacks", ranges=True):
        stacks["ABCDEFG".index(t.tile_letters[i])].append(i)
    level_counts = f[13].split(",")
    values = level_values(rules)
    if len(level_counts) != len(values):
        raise fail(f"the levels field has {len(values)} counts (values 2 to 10)", pos[13])
    levels = [0] * 11
    at = pos[13]
    for value, count in zip(values, level_counts, strict=True):
        levels[value] = number(count, at, f"count of level {value}")
        at += len(count) + 1
    supply_entries = per_player(f[14], pos[14], n, "supply")
    supply, leaders = [], []
    for p, (entry, where) in enumerate(supply_entries):
        digits = entry.rstrip("LGX")
        supply.append(number(digits, where, f"P{p + 1}'s supply"))
        mark = entry[len(digits) :]
        on_board = board.leaders[p]
        if len(mark) > 1 or (on_board is None) == (mark == ""):
            raise fail(
                f"P{p + 1}'s leader is on a cell, or marked L (supply), G (guarding) or "
                f"X (removed): {entry!r}",
                where,
            )
        leaders.append(on_board if on_board is not None else _MARK_LEADER[mark])
    held = []
    kinds = TREASURE_NAMES[: comps.treasure_kinds]
    for p, (entry, where) in enumerate(per_player(f[15], pos[15], n, "treasures")):
        if entry != "-" and entry.strip(kinds):
            raise fail(f"P{p + 1}'s treasures are letters A to H or '-', not {entry!r}", where)
        held.append(tuple(entry.count(k) for k in kinds))
    scores = tuple(
        number(e, w, f"P{p + 1}'s score", INT, -MAX_SCORE, MAX_SCORE)
        for p, (e, w) in enumerate(per_player(f[16], pos[16], n, "scores"))
    )
    guard_pieces = tuple(
        board.guards.count(p) - (1 if leaders[p] == GUARDING else 0) for p in range(n)
    )
    display = tuple(read_tiles(f[11], pos[11], t, "display"))
    active = read_player(f[2], pos[2], n, "active player")
    state = State.build(
        rules,
        stacks=tuple(tuple(sorted(s)) for s in stacks),
        placed=tuple(board.placed),
        hand=hand[0],
        display=display,
        temples=tuple(board.temples),
        levels=tuple(levels),
        ruins=tuple(board.ruins),
        hidden=tuple(comps.treasure_copies - sum(h[k] for h in held) for k in range(len(kinds))),
        held=tuple(held),
        workers=tuple(tuple(w) for w in board.workers),
        leaders=tuple(leaders),
        supply=tuple(supply),
        removed=tuple(
            comps.workers - supply[p] - sum(board.workers[p]) - guard_pieces[p] for p in range(n)
        ),
        camps=tuple(board.camps),
        guards=tuple(board.guards),
        guard_pieces=guard_pieces,
        scores=scores,
        active=active,
        phase=phase,
        turn_kind=turn_kind,
        ap=number(f[4], pos[4], "number of action points"),
        raised=read_marks(f[5], pos[5], rules, "raised"),
        dug=read_marks(f[6], pos[6], rules, "dug"),
        queue=read_queue(f[7], pos[7], n),
        next_player=read_player(f[8], pos[8], n, "next player"),
        last_tile_player=read_player(f[9], pos[9], n, "last tile player", none_ok=True),
        result=read_result(f[18], pos[18], n, scores),
        **read_auction(f[17], pos[17], rules),
        **(read_speed(f[SPEED], pos[SPEED], rules, t) if rules.mode == "speed" else {}),
    )
    try:
        check_state(state)
    except StateFault as fault:
        raise fail(fault.message, _where(fault, state, board, pos, f)) from None
    return state


def _where(fault: StateFault, state: State, board: Board, pos: list[int], f: list[str]) -> int:
    """The offset of the text that shows the faulty field (cell, player entry)."""
    if fault.field in SPEED_FIELDS:
        at = SPEED_FIELDS.index(fault.field)
        return part_offset(f[SPEED], pos[SPEED], at, fault.player)
    index = _FIELD_OF.get(fault.field, 0)
    if fault.cell is not None and index == 0:
        return board.spots[fault.cell]
    p = fault.player
    if p is not None:
        if fault.field == "leaders" and state.leaders[p] >= 0:
            return board.spots[state.leaders[p]]
        if index in (14, 15, 16):
            return split(f[index], pos[index])[p][1]
    return pos[index]
