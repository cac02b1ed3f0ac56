"""The transitions: pure functions from a state and an action to the next state.

>>> from tiki import new_game, apply, legal_actions, B2
>>> s = new_game(seed=1)
>>> s.phase, len(legal_actions(s))
(<Phase.TURN: 'turn'>, 9)
>>> s2 = apply(s, Create(s.active, B2))
>>> s2.stacks[B2] == (s.active,), s.stacks[B2]
(True, ())
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import attrs

from gamekit.i18n import N_
from gamekit.records import built, setters

from ..errors import IllegalActionError, Reason
from ..model.actions import (
    Action,
    Create,
    FirstPlayer,
    KeepShaman,
    Layout,
    Move,
    MoveShaman,
    Order,
    Pass,
    PlaceShaman,
)
from ..model.events import (
    Event,
    FirstPlayerChosen,
    FruitReturned,
    FruitsGained,
    FruitSpoiled,
    GameOver,
    LayoutSet,
    OrderChosen,
    Passed,
    ShamanMoved,
    ShamanPlaced,
    TikiDropped,
    TikisReturned,
    TotemCreated,
    TotemMoved,
    VillageInfluenced,
)
from ..model.rules import Rules
from ..model.state import CHANCE, FRUITS, PLAYERS, TARGET, TIKIS, Outcome, Phase, State
from ..model.view import View
from .moves import (  # the phases read once (see moves)
    PHASE_FIRST_PLAYER,
    PHASE_LAYOUT,
    PHASE_ORDER,
    PHASE_OVER,
    PHASE_PLACE_SHAMAN,
    PHASE_SHAMAN,
    PHASE_TURN,
    chance_outcomes,
    layouts,
    legal_actions,
    not_the_viewers,
    refuse_view,
    turn_actions,
    why_illegal,
)

_DEFAULT_RULES = Rules()
_EMPTY_BOARD: tuple[tuple[int, ...], ...] = ((),) * 9


@attrs.frozen
class Transition:
    """What :func:`step` returns: the new ``state`` and the ``events`` that led to it."""

    state: State
    events: tuple[Event, ...]


def new_game(
    rules: Rules = _DEFAULT_RULES,
    *,
    seed: int | None = None,
    layout: Sequence[int] | None = None,
    first: int | None = None,
) -> State:
    """Return the initial state of a game played by ``rules``.

    The layout (TIKI-SETUP-1) and the first player (TIKI-SETUP-5) are chance: give
    them explicitly (``layout`` lists the values of a1, b1, c1, a2 … c3), or give a
    ``seed`` to draw them from ``random.Random(seed)``. What is neither given nor
    seeded stays a chance node (``actors(state) == (CHANCE,)``) for the caller to
    resolve, e.g. with :func:`resolve_chance`. The layout comes before the first
    player, so ``first`` without ``layout`` or ``seed`` is a ``ValueError``.

    >>> from tiki import X
    >>> s = new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=X)
    >>> s.tiles, s.active, s.supply, s.reserve
    ((1, 2, 0, 1, 1, -1, 1, 0, 1), 0, (8, 8), 7)
    >>> new_game().phase
    <Phase.LAYOUT: 'layout'>
    """
    state = State(
        rules=rules,
        tiles=(),
        stacks=_EMPTY_BOARD,
        supply=(TIKIS, TIKIS),  # TIKI-SETUP-3
        fruits=(0, 0),  # TIKI-SETUP-4
        reserve=FRUITS,
        spoiled=0,
        shaman=None,
        active=-1,
        actor=CHANCE,
        phase=PHASE_LAYOUT,
        pending=(),
        tiebreak=False,
        turn=0,
        result=None,
    )
    if first is not None and layout is None and seed is None:
        raise ValueError("new_game: a given first player needs a given layout or a seed")
    rng = None if seed is None else random.Random(seed)
    if layout is not None:
        state = apply(state, Layout(tuple(layout)))
    elif rng is not None:
        state = apply(state, sample_chance(state, rng))
    if first is not None:
        state = apply(state, FirstPlayer(first))
    elif rng is not None:
        state = apply(state, sample_chance(state, rng))
    return state


_STATE_SLOTS: Final = setters(State)
"""The slot setters of a State: a transition builds its new state slot by slot (its
values valid by construction), for less than the frozen ``__init__``."""
_ACTORS: Final = ((0,), (1,), (CHANCE,))  # by actor (CHANCE = -1): shared, not made a ply


def actors(state: State) -> tuple[int, ...]:
    """Who may act now: ``(player,)``, ``(CHANCE,)`` at a chance node, ``()`` once over."""
    if type(state) is not State:
        refuse_view(state)
    return () if state.phase is PHASE_OVER else _ACTORS[state.actor]


def is_legal(state: State, action: object) -> bool:
    """Whether ``action`` is legal in ``state``, without listing every legal action."""
    return type(state) is State and why_illegal(state, action) is None


def step(state: State, action: Action) -> Transition:
    """Apply ``action`` to ``state`` and return the new state with the events.

    Raises :class:`IllegalActionError` naming the clause that forbids the action; the
    input state is never changed.
    """
    if type(state) is not State:
        refuse_view(state)
    why = why_illegal(state, action)
    if why is not None:
        raise IllegalActionError(*why)
    return _apply_legal(state, action)


def apply(state: State, action: Action) -> State:
    """Return ``step(state, action).state``."""
    if type(state) is not State:
        refuse_view(state)
    why = why_illegal(state, action)
    if why is not None:
        raise IllegalActionError(*why)
    return _apply_legal(state, action).state


def observe(state: State, player: object) -> View:
    """What ``player`` may see, as a :class:`~tiki.View` (which the engine refuses as a
    position): Tiki has no hidden information, so the whole state. A ``player`` of
    ``None`` is a spectator, who sees the same and decides nothing. Raises
    :class:`IllegalActionError` for a view and for a ``player`` other than X, O or
    ``None``."""
    refuse_view(state)
    if player is None:
        return View(None, state)
    if type(player) is not int or player not in PLAYERS:
        no_player = Reason(N_("observe: no player {player} in Tiki"), player=repr(player))
        raise IllegalActionError("TIKI-TURN-3", no_player)
    return View(player, state)


def view_actions(view: View) -> tuple[Action, ...]:
    """The legal actions of ``view.player`` in the position he sees (``()`` if it is
    not his decision): in Tiki, his legal actions in the position itself. A
    spectator's view (``player`` ``None``) has none.

    >>> from tiki import new_game, observe, legal_actions, X
    >>> s = new_game(seed=1)
    >>> view_actions(observe(s, s.actor)) == legal_actions(s)
    True
    >>> view_actions(observe(s, None))
    ()
    """
    return () if view.player is None else legal_actions(view.state, view.player)


def why_illegal_in_view(view: View, action: object) -> tuple[str, str] | None:
    """``(clause, reason)`` if ``action`` is not a legal action of ``view.player`` in
    the position he sees, else ``None``; an action of anyone else is refused, and
    every action in a spectator's view, which decides nothing (TIKI-TURN-3)."""
    return not_the_viewers(view.player, action) or why_illegal(view.state, action)


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs, else its :class:`Outcome`."""
    refuse_view(state)
    return state.result


def sample_chance(state: State, rng: random.Random) -> Action:
    """Draw one outcome of the chance node ``state`` with its exact probability."""
    refuse_view(state)
    if state.phase is PHASE_LAYOUT:  # uniform: skip building the probabilities
        all_layouts = layouts(state.rules.tiles)
        return all_layouts[rng.randrange(len(all_layouts))]
    outs = chance_outcomes(state)
    if not outs:
        raise IllegalActionError("TIKI-TURN-3", Reason(N_("not a chance node")))
    actions = [a for a, _ in outs]
    return rng.choices(actions, weights=[float(p) for _, p in outs])[0]


def resolve_chance(state: State, rng: random.Random) -> State:
    """Resolve chance nodes from ``rng`` until a player (or nobody) is to act."""
    refuse_view(state)
    while state.phase is PHASE_LAYOUT or state.phase is PHASE_FIRST_PLAYER:
        state = apply(state, sample_chance(state, rng))
    return state


class _Work:
    """A mutable scratch copy of a state, used inside one transition only."""

    __slots__ = (
        "active",
        "events",
        "fruits",
        "reserve",
        "rules",
        "shaman",
        "spoiled",
        "stacks",
        "state",
        "supply",
        "tiebreak",
        "tiles",
        "turn",
    )

    def __init__(self, s: State) -> None:
        self.state = s
        self.rules = s.rules
        self.tiles = s.tiles
        self.stacks = list(s.stacks)
        self.supply = list(s.supply)
        self.fruits = list(s.fruits)
        self.reserve = s.reserve
        self.spoiled = s.spoiled
        self.shaman = s.shaman
        self.active = s.active
        self.tiebreak = s.tiebreak
        self.turn = s.turn
        self.events: list[Event] = []

    def freeze(
        self,
        phase: Phase,
        actor: int,
        pending: tuple[int, ...] = (),
        result: Outcome | None = None,
    ) -> Transition:
        f0, f1 = self.fruits
        s0, s1 = self.supply
        state: State = built(State, _STATE_SLOTS, [
            self.rules, self.tiles, tuple(self.stacks), (s0, s1), (f0, f1), self.reserve,
            self.spoiled, self.shaman, self.active, actor, phase, pending, self.tiebreak,
            self.turn, result,
        ])  # fmt: skip
        return Transition(state, tuple(self.events))

    def over(self, result: Outcome, clause: str) -> Transition:
        self.events.append(GameOver(result, clause))
        return self.freeze(PHASE_OVER, self.active, (), result)


def _apply_legal(state: State, action: Action) -> Transition:
    w = _Work(state)
    match action:
        case Move():
            return _move(w, action)
        case Create(player=p, village=v):
            w.supply[p] -= 1
            w.stacks[v] = (p,)
            w.events.append(TotemCreated(p, v))
            return _end_turn(w)
        case Order(player=p, village=first):
            w.events.append(OrderChosen(p, first))
            return _resolve(w, (first, *(v for v in state.pending if v != first)))
        case MoveShaman(player=p, edge=edge):
            w.shaman = edge
            w.events.append(ShamanMoved(p, edge))
            return _resolve(w, state.pending)
        case KeepShaman(player=p):
            w.events.append(ShamanMoved(p, None))
            return _resolve(w, state.pending)
        case Pass(player=p):
            w.events.append(Passed(p))
            return _end_turn(w)
        case PlaceShaman(player=p, edge=edge):
            w.shaman = edge
            w.events.append(ShamanPlaced(p, edge))
            return _start_turn(w)
        case Layout(tiles=tiles):
            w.tiles = tiles
            w.events.append(LayoutSet(tiles))
            return w.freeze(PHASE_FIRST_PLAYER, CHANCE)
        case FirstPlayer(first=first):
            w.active = first
            w.events.append(FirstPlayerChosen(first))
            return _start_turn(w)
    raise AssertionError(f"unhandled action {action!r}")  # pragma: no cover


def _move(w: _Work, action: Move) -> Transition:
    """TIKI-MOVE-6: the totem leaves its village whole; each village entered receives the
    moving totem's current bottom tiki, on top of what stands there."""
    path = action.path
    moving = w.stacks[path[0]]
    w.stacks[path[0]] = ()
    events = w.events
    events.append(TotemMoved(action.player, path))
    stacks = w.stacks
    for i in range(1, len(path)):
        u = path[i]
        grown = (*stacks[u], moving[i - 1])
        stacks[u] = grown
        events.append(TikiDropped(moving[i - 1], u, len(grown)))
    # TIKI-INFL-1: influence is checked once the whole move is done
    influenced = tuple(u for u in path[1:] if len(stacks[u]) == 3)
    if len(influenced) == 2:  # TIKI-INFL-3: the player not on turn orders them
        return w.freeze(PHASE_ORDER, 1 - w.active, influenced)
    return _resolve(w, influenced)


def _resolve(w: _Work, queue: tuple[int, ...]) -> Transition:
    """Resolve the influenced villages of ``queue`` in order (TIKI-INFL-4..8)."""
    rules = w.rules
    tiles = w.tiles
    for i, village in enumerate(queue):
        stack = w.stacks[village]
        owner = stack[-1]  # TIKI-INFL-4: the owner of the top tiki
        value = tiles[village]
        w.events.append(VillageInfluenced(village, owner, value))
        if value > 0:
            if w.reserve >= value:
                w.fruits[owner] += value
                w.reserve -= value
                w.events.append(FruitsGained(owner, value))
            elif rules.short_payout == "remaining" and w.reserve:  # TIKI-INFL-5
                w.events.append(FruitsGained(owner, w.reserve, "TIKI-INFL-5"))
                w.fruits[owner] += w.reserve
                w.reserve = 0
        elif value < 0:  # TIKI-INFL-7
            if w.fruits[owner]:
                w.fruits[owner] -= 1
                w.spoiled += 1
                w.events.append(FruitSpoiled(owner, False))
            elif rules.minus_one_empty == "reserve" and w.reserve:  # TIKI-INFL-7
                w.reserve -= 1
                w.spoiled += 1
                w.events.append(FruitSpoiled(owner, True))
        for tiki in stack:  # TIKI-INFL-8: the three tikis go home
            w.supply[tiki] += 1
        w.stacks[village] = ()
        w.events.append(TikisReturned(village, stack))
        if rules.end_check == "village":
            done = _check_end(w)
            if done is not None:
                return done
        if value == 0 and rules.shaman:  # TIKI-INFL-6, TIKI-SHAMAN-4
            return w.freeze(PHASE_SHAMAN, owner, queue[i + 1 :])
    if rules.end_check == "action":
        done = _check_end(w)
        if done is not None:
            return done
    return _end_turn(w)


def _check_end(w: _Work) -> Transition | None:
    """TIKI-END-1..4: the four-fruit win, the empty reserve and the tie-break."""
    f0, f1 = w.fruits
    scores = (f0, f1)
    leader = None if f0 == f1 else (0 if f0 > f1 else 1)
    if f0 >= TARGET or f1 >= TARGET:
        return w.over(Outcome(leader, scores, "four-fruits"), "TIKI-END-1")
    if w.tiebreak and f0 != f1:
        return w.over(Outcome(leader, scores, "tiebreak"), "TIKI-END-3")
    if w.reserve == 0:
        if f0 != f1:
            return w.over(Outcome(leader, scores, "reserve-empty"), "TIKI-END-2")
        if (w.tiebreak and w.rules.tie_loop == "draw") or not w.spoiled:
            return w.over(Outcome(None, scores, "tie-loop"), "TIKI-END-4")
        w.spoiled -= 1
        w.reserve += 1
        w.events.append(FruitReturned("TIKI-END-4" if w.tiebreak else "TIKI-END-3"))
        w.tiebreak = True
    return None


def _end_turn(w: _Work) -> Transition:
    """TIKI-TURN-1: the turn passes to the other player."""
    w.turn += 1
    w.active = 1 - w.active
    rules = w.rules
    if w.turn >= rules.turn_cap:  # TIKI-END-6 (2**53 - 1 turns without a cap)
        f0, f1 = w.fruits
        winner = None if f0 == f1 else (0 if f0 > f1 else 1)
        return w.over(Outcome(winner, (f0, f1), "turn-cap"), "TIKI-END-6")
    if rules.shaman and rules.shaman_entry == "start" and w.shaman is None:
        return w.freeze(PHASE_PLACE_SHAMAN, w.active)  # TIKI-SHAMAN-2
    return _start_turn(w)


def _start_turn(w: _Work) -> Transition:
    """Open the active player's turn; TIKI-END-5 when they have no legal action."""
    p = w.active
    t = w.freeze(PHASE_TURN, p)
    if w.rules.no_move != "pass" and not turn_actions(t.state, p):
        f0, f1 = w.fruits
        winner = PLAYERS[1 - p] if w.rules.no_move == "lose" else None
        return w.over(Outcome(winner, (f0, f1), "no-move"), "TIKI-END-5")
    return t
