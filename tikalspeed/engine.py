"""The public functions: new games, who acts, what is legal, and the transitions.

>>> from tikalspeed import Rules, new_game, legal_actions, actors, apply, CHANCE
>>> s = new_game()  # the default: Tikal on Speed, 4 players; chance reveals the display
>>> actors(s) == (CHANCE,), s.phase
(True, <Phase.REVEAL: 'reveal'>)
>>> s = new_game(Rules(mode="classic"))  # the base game: chance draws P1's tile
>>> actors(s) == (CHANCE,), s.phase
(True, <Phase.DRAW: 'draw'>)
>>> [str(a) for a in legal_actions(s)]
['draw=A1', 'draw=A2', 'draw=A3', 'draw=A4', 'draw=A5', 'draw=A6']
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs

from .actions import (
    Action,
    APAction,
    Bid,
    ChooseTile,
    ChooseTokens,
    DrawTile,
    EndTurn,
    FindTreasure,
    Move,
    PassBid,
    PlaceTile,
    RevealTile,
    player_name,
)
from .apactions import ap_actions, cheapest, why_ap_illegal
from .auction import bid_limit, start_round
from .bounds import MAX_BID, MAX_SCORE, shown, shown_action
from .errors import IllegalActionError
from .events import Event
from .flow import apply_action, begin_turn
from .hexgrid import NEIGHBOURS
from .rules import Rules
from .speed import MAX_TOKENS, TOKENS
from .state import CHANCE, EMPTY, PRINTED, SUPPLY, Outcome, Phase, State, TurnKind
from .terrain import placements, terrain
from .tiles import Kind
from .work import Work, top_letter

_DEFAULT_RULES = Rules()


@attrs.frozen
class Transition:
    """What :func:`step` returns: the new ``state`` and the ``events`` that led to it."""

    state: State
    events: tuple[Event, ...]


def new_game(rules: Rules = _DEFAULT_RULES, *, seed: int | None = None) -> State:
    """Return the initial state of a game played by ``rules``.

    The tile stacks are shuffled letter by letter; every draw is a chance node
    (TIKAL-DRAW-1). With a ``seed``, the chance nodes before the first decision are
    resolved from ``random.Random(seed)``.

    >>> s = new_game(Rules(mode="professional", players=3))
    >>> s.scores, s.phase
    ((20, 20, 20), <Phase.REVEAL: 'reveal'>)
    """
    m = rules.manifest
    t = terrain(m)
    comps = m.components
    n = rules.players
    placed = tuple(PRINTED if t.printed_kind[c] is not None else EMPTY for c in range(40))
    stacks = tuple(
        tuple(i for i, letter in enumerate(t.tile_letters) if letter == x) for x in "ABCDEFG"
    )
    levels = [0] * 11
    for value, count in comps.level_tiles:
        levels[value] = count
    workers = [[0] * 40 for _ in range(n)]
    supply = [comps.workers] * n
    if rules.start_worker:  # TIKAL-SETUP-3
        for p in range(n):
            workers[p][t.base_camp] = 1
            supply[p] -= 1
    score = rules.auction_score if rules.mode != "classic" else 0  # TIKAL-AUCTION-1
    state = State(
        rules=rules,
        stacks=stacks,
        placed=placed,
        hand=-1,
        display=(),
        temples=t.printed_value,
        levels=tuple(levels),
        ruins=(0,) * 40,
        hidden=(comps.treasure_copies,) * comps.treasure_kinds,
        held=((0,) * comps.treasure_kinds,) * n,
        workers=tuple(tuple(row) for row in workers),
        leaders=(SUPPLY,) * n,
        supply=tuple(supply),
        removed=(0,) * n,
        camps=(EMPTY,) * 40,
        guards=(EMPTY,) * 40,
        guard_pieces=(0,) * n,
        scores=(score,) * n,
        active=0,
        phase=Phase.DRAW,
        turn_kind=TurnKind.NORMAL,
        ap=0,
        raised=(),
        dug=(),
        queue=(),
        next_player=1 % n,
        last_tile_player=-1,
        played=(),
        bidders=(),
        high_bid=0,
        high_bidder=-1,
        first_passer=-1,
        round_opener=0,
        result=None,
        tokens=(TOKENS,) * n if rules.mode == "speed" else (),
        secured=(-1,) * n if rules.mode == "speed" else (),
    )
    w = Work(state)
    if rules.mode == "classic":
        begin_turn(w, TurnKind.NORMAL, 0)  # TIKAL-SETUP-5: the first player starts
    else:
        start_round(w)  # TIKAL-AUCTION-2
    state = w.freeze()
    if seed is not None:
        state = resolve_chance(state, random.Random(seed))
    return state


_CHANCE_PHASES = frozenset((Phase.DRAW, Phase.REVEAL, Phase.TREASURE))


def actors(state: State) -> tuple[int, ...]:
    """Who may act now: ``(player,)``, ``(CHANCE,)`` at a chance node, ``()`` once over."""
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if phase is Phase.DRAW or phase is Phase.REVEAL or phase is Phase.TREASURE:
        return (CHANCE,)
    if phase is Phase.TOKENS:  # SPEED-JUMP-1: a simultaneous, secret choice
        return tuple(p for p in state.jumpers if not state.chosen[p])
    return (state.active,)


def _draws(state: State) -> tuple[Action, ...]:
    t = terrain(state.rules.manifest)
    stack = state.stacks[top_letter(state)]
    if state.phase is Phase.DRAW:
        return tuple(DrawTile(i, t.tile_ids[i]) for i in stack)
    return tuple(RevealTile(i, t.tile_ids[i]) for i in stack)


def legal_actions(state: State, player: int | None = None) -> tuple[Action, ...]:
    """Every legal action in ``state`` (of ``player``, if given), in a fixed order.

    At a chance node these are the chance outcomes (see :func:`chance_outcomes`).
    """
    phase = state.phase
    if phase is Phase.OVER or (
        player is not None and (type(player) is not int or player not in actors(state))
    ):
        return ()
    if phase is Phase.ACTIONS:
        return ap_actions(state)
    if phase is Phase.DRAW or phase is Phase.REVEAL:
        return _draws(state)
    if phase is Phase.TREASURE:
        return tuple(FindTreasure(k) for k, n in enumerate(state.hidden) if n)
    if phase is Phase.TOKENS:
        who = actors(state) if player is None else (player,)
        return tuple(a for p in who for a in _token_choices(state, p))
    p = state.active
    if phase is Phase.PLACE:
        return _place_actions(placements(state.rules.manifest, state.placed, state.hand), p)
    if phase is Phase.BID:  # TIKAL-AUCTION-3: at most MAX_BID bids (bounds)
        top = bid_limit(state, p)
        return (PassBid(p), *(Bid(p, a) for a in range(state.high_bid + 1, top + 1)))
    t = terrain(state.rules.manifest)
    return tuple(ChooseTile(p, i, t.tile_ids[i]) for i in state.display)


_PLACES = tuple(PlaceTile(p, c, r) for p in range(4) for c in range(40) for r in range(6))
"""Shared PlaceTile instances (actions are values): index (player * 40 + cell) * 6 + turn."""


_Spots = tuple[tuple[int, int], ...]
_PLACE_ACTIONS: dict[tuple[int, int], tuple[_Spots, tuple[PlaceTile, ...]]] = {}


def _place_actions(spots: tuple[tuple[int, int], ...], player: int) -> tuple[PlaceTile, ...]:
    """The PlaceTile actions for ``spots`` (shared while the same spots are asked for)."""
    entry = _PLACE_ACTIONS.get((id(spots), player))
    if entry is None or entry[0] is not spots:
        base = player * 240
        entry = (spots, tuple([_PLACES[base + c * 6 + r] for c, r in spots]))
        if len(_PLACE_ACTIONS) >= 1024:
            _PLACE_ACTIONS.clear()
        _PLACE_ACTIONS[(id(spots), player)] = entry
    return entry[1]


def _token_choices(state: State, player: int) -> tuple[Action, ...]:
    """SPEED-JUMP-1/4: 1 to 5 tokens, no more than are left, and only as many as some
    action the player could take then can use; with ``Rules.forfeit``, stopping."""
    top = min(MAX_TOKENS, state.tokens[player])
    low = cheapest(state, player, top)
    out: list[Action] = (
        [] if low is None else [ChooseTokens(player, n) for n in range(low, top + 1)]
    )
    if state.rules.forfeit:  # SPEED-JUMP-8
        out.append(EndTurn(player))
    return tuple(out)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance node, every outcome with its exact probability (summing to 1).

    A tile is drawn uniformly from the topmost letter still holding tiles
    (TIKAL-DRAW-1); a dug treasure uniformly from the copies not yet face up
    (TIKAL-TREASURE-3). Elsewhere this returns ``()``.
    """
    if state.phase is Phase.TREASURE:
        total = sum(state.hidden)
        return tuple((FindTreasure(k), Fraction(n, total)) for k, n in enumerate(state.hidden) if n)
    if state.phase is Phase.DRAW or state.phase is Phase.REVEAL:
        draws = _draws(state)
        p = Fraction(1, len(draws))
        return tuple((a, p) for a in draws)
    return ()


_KINDS: dict[Phase, tuple[type, ...]] = {
    Phase.DRAW: (DrawTile,),
    Phase.REVEAL: (RevealTile,),
    Phase.TREASURE: (FindTreasure,),
    Phase.PLACE: (PlaceTile,),
    Phase.BID: (Bid, PassBid),
    Phase.CHOOSE: (ChooseTile,),
    Phase.TOKENS: (ChooseTokens, EndTurn),
}

_CLAUSE = {
    DrawTile: "TIKAL-DRAW-1",
    RevealTile: "TIKAL-AUCTION-2",
    FindTreasure: "TIKAL-TREASURE-3",
    PlaceTile: "TIKAL-PLACE-1",
    Bid: "TIKAL-AUCTION-3",
    PassBid: "TIKAL-AUCTION-3",
    ChooseTile: "TIKAL-AUCTION-5",
}


def why_illegal(state: State, action: object) -> tuple[str, str] | None:
    """Return ``(clause, reason)`` if ``action`` is not legal in ``state``, else ``None``."""
    phase = state.phase
    if phase is Phase.OVER:
        return "TIKAL-TURN-4", "the game is over"
    player = getattr(action, "player", None)
    if phase is Phase.TOKENS:
        if type(player) is not int or player not in actors(state):
            return "SPEED-JUMP-1", f"{shown(player)} has no token choice to make in this Jump"
        if type(action) is ChooseTokens and type(action.count) is not int:
            count = f"count={shown(action.count)}"
            return "TIKAL-TURN-4", f"{shown_action(action)} is malformed: {count}"
        if action in _token_choices(state, player):
            return None
        if isinstance(action, ChooseTokens) and type(action.count) is int:
            if not 1 <= action.count <= min(MAX_TOKENS, state.tokens[player]):
                token = f"tokens:{shown(action.count)}"
                return "SPEED-JUMP-1", f"{token}: 1 to 5 tokens, no more than are left"
            return "SPEED-JUMP-4", f"{action}: no action {player_name(player)} could take fits"
        what = type(action).__name__
        return "SPEED-JUMP-1", f"{what} is not a choice of 1 to 5 tokens (or a forfeit)"
    actor = CHANCE if phase in _CHANCE_PHASES else state.active
    if type(player) is not int or player != actor:
        return "TIKAL-TURN-4", f"it is not {shown(player)}'s decision"
    if phase is Phase.ACTIONS:
        if type(action) is Move:  # the common case: checked field by field below
            return why_ap_illegal(state, action)
        if not isinstance(action, APAction):
            return "TIKAL-TURN-4", f"{type(action).__name__} is not an action-point action"
    elif type(action) not in _KINDS[phase]:
        return "TIKAL-TURN-4", f"{type(action).__name__} does not answer this {phase.value} node"
    bad = _malformed(state, action)
    if bad is not None:
        return "TIKAL-TURN-4", f"{shown_action(action)} is malformed: {bad}"
    if phase is Phase.ACTIONS:
        return why_ap_illegal(state, action)  # type: ignore[arg-type]
    if phase is Phase.BID:  # a range, checked in constant time (no list of bids)
        return _why_bid(state, action)  # type: ignore[arg-type]
    if isinstance(action, PlaceTile) and type(action.rotation) is not int:
        return _why_place(state, action)  # True == 1 and 2.0 == 2: not a turn
    if action in legal_actions(state):
        return None
    if isinstance(action, PlaceTile):
        return _why_place(state, action)
    return _CLAUSE[type(action)], f"{_token(state, action)} is not possible here"


# the range of each action field, as a function of the number of players
_RANGES: dict[str, Callable[[int], range]] = {
    "piece": lambda n: range(2),
    "cell": lambda n: range(40),
    "origin": lambda n: range(40),
    "destination": lambda n: range(40),
    "kind": lambda n: range(8),
    "give": lambda n: range(8),
    "take": lambda n: range(8),
    "other": lambda n: range(n),
    "tile": lambda n: range(36),
    "amount": lambda n: range(MAX_BID + 1),
    "count": lambda n: range(1, MAX_TOKENS + 1),
}


def _malformed(state: State, action: object) -> str | None:
    """Why a field of ``action`` is not a whole number in its range, if one is not."""
    n = state.rules.players
    kind: Any = type(action)
    for name, span in _checked_fields(kind):
        value = getattr(action, name)
        if type(value) is not int or value not in span(n):
            return f"{name}={shown(value)}"
    return None


@functools.cache
def _checked_fields(kind: type) -> tuple[tuple[str, Callable[[int], range]], ...]:
    """The fields of an action class that :func:`_malformed` checks, with their ranges."""
    if not attrs.has(kind):
        return ()
    return tuple((f.name, _RANGES[f.name]) for f in attrs.fields(kind) if f.name in _RANGES)


def _token(state: State, action: object) -> str:
    """The action's token, with the tile id looked up where the action names a tile."""
    tile = getattr(action, "tile", None)
    if isinstance(action, (DrawTile, RevealTile, ChooseTile)) and tile is not None:
        tile_id = terrain(state.rules.manifest).tile_ids[tile]
        return str(attrs.evolve(action, tile_id=tile_id))
    return str(action)


def _why_bid(state: State, action: Bid | PassBid) -> tuple[str, str] | None:
    """TIKAL-AUCTION-3: a pass, or a bid above the high bid and within the bidder's
    limit (:func:`~tikalspeed.auction.bid_limit`); the fields are already checked."""
    if isinstance(action, PassBid):
        return None
    amount, top = action.amount, bid_limit(state, action.player)
    if state.high_bid < amount <= top:
        return None
    if amount <= state.high_bid:
        return "TIKAL-AUCTION-3", f"{action} is not possible here"
    if state.rules.max_bid == "score":
        score = state.scores[action.player]
        return "TIKAL-AUCTION-3", f"{action} is more than your score ({score})"
    return (
        "TIKAL-AUCTION-3",
        f"{action} would take your score ({state.scores[action.player]}) below the bound "
        f"-{MAX_SCORE}",
    )


def _why_place(state: State, action: PlaceTile) -> tuple[str, str]:
    """The clause an illegal placement breaks (TIKAL-PLACE-1..3)."""
    cell, rot = action.cell, action.rotation
    if not (type(cell) is int and 0 <= cell < 40 and type(rot) is int and 0 <= rot < 6):
        return "TIKAL-PLACE-1", f"{shown_action(action)} does not name a cell and a turn 0-5"
    if state.placed[cell] != EMPTY:
        return "TIKAL-PLACE-1", f"{action}: that cell is already explored"
    spots = placements(state.rules.manifest, state.placed, state.hand)
    cells = {c for c, _ in spots}
    t = terrain(state.rules.manifest)
    stones = t.oriented[state.hand][rot]
    for c, r in spots:
        if c == cell and t.oriented[state.hand][r] == stones:
            return "TIKAL-PLACE-1", f"{action}: turn {rot} lies as turn {r}; write it as turn {r}"
    if cell in cells or (
        t.tile_kinds[state.hand] is not Kind.VOLCANO
        and any(state.placed[n] != EMPTY for n in NEIGHBOURS[cell])
    ):
        return "TIKAL-PLACE-2", f"{action}: the tile must join an explored hex by stones"
    return "TIKAL-PLACE-1", f"{action}: the cell must touch an explored hex"


def is_legal(state: State, action: object) -> bool:
    """Whether ``action`` is legal in ``state``."""
    return why_illegal(state, action) is None


def step(state: State, action: Action) -> Transition:
    """Apply ``action`` and return the new state with the events.

    Raises :class:`IllegalActionError` naming the clause that forbids the action; the
    input state is never changed.
    """
    why = why_illegal(state, action)
    if why is not None:
        raise IllegalActionError(*why)
    new, events = apply_action(state, action)
    return Transition(new, events)


def apply(state: State, action: Action) -> State:
    """Return ``step(state, action).state``."""
    return step(state, action).state


def observe(state: State, player: int) -> State:
    """What ``player`` may see.

    Tiles and treasures are drawn at chance nodes, so nothing is face down; the one
    secret is a Speed Jump's token choices (SPEED-JUMP-1): until all are revealed,
    another player's choice shows as ``-1`` once made (``0`` while not yet made).
    """
    if state.phase is not Phase.TOKENS:
        return state
    hidden = tuple(c if p == player or not c else -1 for p, c in enumerate(state.chosen))
    return attrs.evolve(state, chosen=hidden)


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs, else its :class:`Outcome`."""
    return state.result


def sample_chance(state: State, rng: random.Random) -> Action:
    """Draw one outcome of the chance node ``state`` with its exact probability."""
    if state.phase is Phase.DRAW or state.phase is Phase.REVEAL:  # uniform: no fractions
        stack = state.stacks[top_letter(state)]
        tile = stack[rng.randrange(len(stack))]
        tile_id = terrain(state.rules.manifest).tile_ids[tile]
        return DrawTile(tile, tile_id) if state.phase is Phase.DRAW else RevealTile(tile, tile_id)
    outs = chance_outcomes(state)
    if not outs:
        raise IllegalActionError("TIKAL-TURN-4", "not a chance node")
    if state.phase is Phase.TREASURE:
        return rng.choices([a for a, _ in outs], weights=[float(p) for _, p in outs])[0]
    return outs[rng.randrange(len(outs))][0]


def resolve_chance(state: State, rng: random.Random) -> State:
    """Resolve chance nodes from ``rng`` until a player (or nobody) is to act."""
    while actors(state) == (CHANCE,):
        state = apply(state, sample_chance(state, rng))
    return state
