"""Helpers that build hand-made Tikal positions for the rule tests.

A position starts from ``new_game`` and is changed with ``attrs.evolve`` only, so every
field keeps the meaning the engine gives it. The helpers keep the bookkeeping straight:
a placed tile leaves its stack, a worker on the board leaves the supply, a treasure
held leaves the face-down copies.

Cells are written by name (``'c3'``), tiles by id (``'C2'``), pieces as ``'w'``/``'l'``
and treasures as letters ``'A'`` … ``'H'``. :func:`play` applies actions by their
one-token notation (``'move:w:a1:b2'``), looked up among the legal actions, so a test
reads like a game record; illegal actions are built as objects and checked with
``is_legal`` / ``step``.

>>> s = tiles(game(players=2), c1=("C2", 2))
>>> s = acting(pieces(s, 0, w={"a1": 1}), 0)
>>> s, events = play(s, "move:w:a1:c1")
>>> s.ap
5
"""

from __future__ import annotations

from typing import Any

from tikalspeed import (
    TREASURE_NAMES,
    Action,
    Phase,
    Rules,
    State,
    TurnKind,
    cell_from_name,
    cell_name,
    legal_actions,
    new_game,
    step,
)
from tikalspeed.board.tiles import Kind
from tikalspeed.model.events import Event
from tikalspeed.model.state import SUPPLY

LETTERS = "ABCDEFG"


def cell(name: str) -> int:
    """The cell index of ``name`` (``'a1'`` → 0)."""
    return cell_from_name(name)


def tile_index(state: State, tile_id: str) -> int:
    """The index of tile ``tile_id`` in the manifest of ``state``."""
    for i, t in enumerate(state.rules.manifest.tiles):
        if t.id == tile_id:
            return i
    raise KeyError(tile_id)


def game(**rules: Any) -> State:
    """``new_game(Rules(**rules))`` with no chance resolved; the base game unless a
    ``mode`` is given."""
    rules.setdefault("mode", "classic")
    return new_game(Rules(**rules))


def _unstack(state: State, index: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(t for t in stack if t != index) for stack in state.stacks)


def tiles(state: State, **layout: tuple[str, int]) -> State:
    """Place tiles: ``c1=('C2', 2)`` puts tile C2 on c1 turned twice clockwise.

    Each tile leaves its stack; a temple shows its printed value and a treasure hex
    receives its masks as face-down treasures (TIKAL-PLACE-4).
    """
    placed = list(state.placed)
    temples = list(state.temples)
    ruins = list(state.ruins)
    for name, (tile_id, rotation) in layout.items():
        c, i = cell(name), tile_index(state, tile_id)
        assert placed[c] == -1, f"{name} is not free"
        t = state.rules.manifest.tiles[i]
        placed[c] = i * 6 + rotation
        if t.kind is Kind.TEMPLE:
            temples[c] = t.value
        elif t.kind is Kind.TREASURE:
            ruins[c] = t.masks
        state = state.replace(stacks=_unstack(state, i))
    return state.replace(placed=tuple(placed), temples=tuple(temples), ruins=tuple(ruins))


def fill(state: State, free: str, keep: str, **fixed: tuple[str, int]) -> State:
    """Fill the board: ``fixed`` tiles first, then every other tile except ``keep``
    (manifest order, unturned) on the open cells in cell order, leaving the cells
    ``free`` (space separated) empty and only the ``keep`` tiles in the stacks."""
    state = tiles(state, **fixed)
    spare = set(keep.split())
    open_cells = [
        cell_name(c) for c in range(40) if state.placed[c] == -1 and cell_name(c) not in free
    ]
    rest = [t.id for t in state.rules.manifest.tiles if t.id not in spare]
    rest = [i for i in rest if any(tile_index(state, i) in s for s in state.stacks)]
    assert len(rest) == len(open_cells), (len(rest), len(open_cells))
    return tiles(state, **{c: (i, 0) for c, i in zip(open_cells, rest, strict=True)})


def stacks(state: State, **letters: str) -> State:
    """Set the undrawn tiles of some letters: ``stacks(s, A='', B='B1 B2')``."""
    rows = list(state.stacks)
    for letter, ids in letters.items():
        rows[LETTERS.index(letter)] = tuple(tile_index(state, t) for t in ids.split())
    return state.replace(stacks=tuple(rows))


def only_stack(state: State, ids: str) -> State:
    """Leave exactly the tiles ``ids`` (space separated) to be drawn, in their letters."""
    keep = {tile_index(state, t) for t in ids.split()}
    return state.replace(
        stacks=tuple(tuple(t for t in stack if t in keep) for stack in state.stacks)
    )


def pieces(
    state: State, player: int, w: dict[str, int] | None = None, leader: str | None = None
) -> State:
    """Put ``player``'s workers (``w={'b2': 2}``) and leader on the board from the supply."""
    rows = [list(r) for r in state.workers]
    supply = list(state.supply)
    for name, count in (w or {}).items():
        rows[player][cell(name)] += count
        supply[player] -= count
    assert supply[player] >= 0
    leaders = list(state.leaders)
    if leader is not None:
        assert leaders[player] == SUPPLY
        leaders[player] = cell(leader)
    return state.replace(
        workers=tuple(tuple(r) for r in rows),
        supply=tuple(supply),
        leaders=tuple(leaders),
    )


def treasures(state: State, player: int, kinds: str) -> State:
    """Give ``player`` face-up treasures, e.g. ``'AAB'`` (they leave the hidden copies)."""
    held = [list(r) for r in state.held]
    hidden = list(state.hidden)
    for letter in kinds:
        k = TREASURE_NAMES.index(letter)
        held[player][k] += 1
        hidden[k] -= 1
        assert hidden[k] >= 0
    return state.replace(held=tuple(tuple(r) for r in held), hidden=tuple(hidden))


def camps(state: State, player: int, *names: str) -> State:
    """Give ``player`` camps on the named cells."""
    row = list(state.camps)
    for name in names:
        row[cell(name)] = player
    return state.replace(camps=tuple(row))


def guard(state: State, name: str, player: int) -> State:
    """Make one of ``player``'s workers (from the supply) the guard of the temple ``name``."""
    row = list(state.guards)
    row[cell(name)] = player
    supply = list(state.supply)
    supply[player] -= 1
    count = list(state.guard_pieces)
    count[player] += 1
    return state.replace(guards=tuple(row), supply=tuple(supply), guard_pieces=tuple(count))


def temple(state: State, name: str, value: int) -> State:
    """Set the temple on ``name`` to ``value`` (its level tiles taken from the supply)."""
    c = cell(name)
    levels = list(state.levels)
    for v in range(state.temples[c] + 1, value + 1):
        if v >= 2:
            levels[v] -= 1
    row = list(state.temples)
    row[c] = value
    return state.replace(temples=tuple(row), levels=tuple(levels))


def levels(state: State, **counts: int) -> State:
    """Set how many level tiles of some values are left: ``levels(s, v5=0)``."""
    row = list(state.levels)
    for key, count in counts.items():
        row[int(key[1:])] = count
    return state.replace(levels=tuple(row))


def acting(
    state: State,
    player: int,
    ap: int = 10,
    kind: TurnKind = TurnKind.NORMAL,
    phase: Phase = Phase.ACTIONS,
    **fields: Any,
) -> State:
    """Make it ``player``'s turn of ``kind`` in ``phase`` with ``ap`` action points."""
    return state.replace(active=player, ap=ap, turn_kind=kind, phase=phase, **fields)


def holding(state: State, player: int, tile_id: str, kind: TurnKind = TurnKind.NORMAL) -> State:
    """Make ``player`` hold ``tile_id`` (taken from its stack) and have to place it."""
    i = tile_index(state, tile_id)
    state = state.replace(stacks=_unstack(state, i), hand=i)
    return acting(state, player, ap=0, kind=kind, phase=Phase.PLACE)


def find(state: State, token: str, player: int | None = None) -> Action:
    """The legal action written ``token`` (of ``player``, if given)."""
    for action in legal_actions(state, player):
        if str(action) == token:
            return action
    legal = ", ".join(str(a) for a in legal_actions(state, player))
    raise AssertionError(f"{token!r} is not legal; legal: {legal}")


def play(state: State, *tokens: str) -> tuple[State, list[Event]]:
    """Apply legal actions by token; return the state and all events, in order."""
    events: list[Event] = []
    for token in tokens:
        t = step(state, find(state, token))
        state = t.state
        events.extend(t.events)
    return state, events


def names(events: list[Event]) -> list[str]:
    """The class names of ``events``."""
    return [type(e).__name__ for e in events]


def where(state: State, player: int) -> dict[str, int]:
    """``player``'s workers on the board, by cell name."""
    return {cell_name(c): n for c, n in enumerate(state.workers[player]) if n}


def tokens(state: State, player: int | None = None) -> list[str]:
    """The legal actions as tokens."""
    return [str(a) for a in legal_actions(state, player)]


# --------------------------------------------------------------------------- Speed


def speed(players: int = 2, **rules: Any) -> State:
    """A new Tikal on Speed game (``Rules(mode='speed')``), no chance resolved."""
    return game(mode="speed", players=players, **rules)


def jumping(
    state: State,
    order: tuple[int, ...],
    tokens: tuple[int, ...] | None = None,
    jumpers: tuple[int, ...] | None = None,
    **fields: Any,
) -> State:
    """A Speed Jump waiting for the secret token choices (``Phase.TOKENS``).

    ``order`` is the Round Order; ``tokens`` the tokens each player has left this
    phase (10 each by default); ``jumpers`` who takes part (by default every player
    with tokens left: pass it explicitly for a player who could not act).
    """
    n = state.rules.players
    tokens = tokens if tokens is not None else (10,) * n
    if jumpers is None:
        jumpers = tuple(p for p in range(n) if tokens[p])
    return state.replace(
        phase=Phase.TOKENS,
        turn_kind=TurnKind.JUMP,
        round_order=order,
        tokens=tokens,
        chosen=(0,) * n,
        jumpers=jumpers,
        jump_order=(),
        secured=(-1,) * n,
        active=jumpers[0],
        ap=0,
        raised=(),
        dug=(),
        **fields,
    )


def out_of_play(state: State, player: int) -> State:
    """Take every piece of ``player`` out of the game (no worker, no leader left), so
    that he can take no action but an exchange."""
    supply = list(state.supply)
    removed = list(state.removed)
    removed[player] += supply[player]
    supply[player] = 0
    leaders = list(state.leaders)
    leaders[player] = -2  # REMOVED
    return state.replace(supply=tuple(supply), removed=tuple(removed), leaders=tuple(leaders))


def choose_tokens(state: State, **counts: int) -> tuple[State, list[Event]]:
    """Let players commit their token choices, in the order given:
    ``choose_tokens(s, P1=3, P2=1)``; return the state and the events."""
    events: list[Event] = []
    for name, n in counts.items():
        p = int(name[1:]) - 1
        t = step(state, find(state, f"tokens:{n}", p))
        state = t.state
        events.extend(t.events)
    return state, events
