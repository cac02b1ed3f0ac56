"""The contract functions (``docs/contract.md``): new games, who acts, what is legal,
the transitions, what a player sees, and chance.

>>> from tikalspeed import Rules, new_game, legal_actions, actors, apply, CHANCE
>>> s = new_game()  # the default: Tikal on Speed, 4 players; chance reveals the display
>>> actors(s) == (CHANCE,), s.turn.phase
(True, <Phase.REVEAL: 'reveal'>)
>>> s = new_game(Rules(mode="classic"))  # the base game: chance draws P1's tile
>>> actors(s) == (CHANCE,), s.turn.phase
(True, <Phase.DRAW: 'draw'>)
>>> [str(a) for a in legal_actions(s)]
['draw=A1', 'draw=A2', 'draw=A3', 'draw=A4', 'draw=A5', 'draw=A6']
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

from gamekit.i18n import N_

from ..board.terrain import EMPTY, PRINTED, terrain
from ..bounds import shown
from ..errors import IllegalActionError, Reason
from ..model.actions import Action
from ..model.events import Event
from ..model.records import CHANCE, SUPPLY, Outcome
from ..model.rules import Rules
from ..model.state import State
from ..model.view import View
from .legality import (
    MODES,
    actors,
    chance_outcomes,
    draws,
    legal_actions,
    refuse_view,
    why_illegal,
)
from .work import PHASE_DRAW, PHASE_REVEAL, PHASE_TOKENS, PHASE_TREASURE, TURN_NORMAL, Note, Work

__all__ = [
    "Transition",
    "actors",
    "apply",
    "chance_outcomes",
    "is_legal",
    "legal_actions",
    "new_game",
    "noted_of",
    "observe",
    "outcome",
    "resolve_chance",
    "sample_chance",
    "secret",
    "step",
    "step_only",
]

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
    >>> s.expeditions.scores, s.turn.phase
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
    state = State.build(
        rules,
        placed=placed,
        temples=t.printed_value,
        ruins=(0,) * 40,
        camps=(EMPTY,) * 40,
        guards=(EMPTY,) * 40,
        stacks=stacks,
        levels=tuple(levels),
        hidden=(comps.treasure_copies,) * comps.treasure_kinds,
        workers=tuple(tuple(row) for row in workers),
        leaders=(SUPPLY,) * n,
        supply=tuple(supply),
        removed=(0,) * n,
        guard_pieces=(0,) * n,
        held=((0,) * comps.treasure_kinds,) * n,
        scores=(0,) * n,  # TIKAL-SETUP-4
        active=0,
        phase=PHASE_DRAW,
        turn_kind=TURN_NORMAL,
        ap=0,
        raised=(),
        dug=(),
        queue=(),
        next_player=1 % n,
        last_tile_player=-1,
        hand=-1,
    )
    w = Work(state)
    MODES[rules.mode].start(w)
    state = w.freeze()
    if seed is not None:
        state = resolve_chance(state, random.Random(seed))
    return state


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
    w = Work(state)
    MODES[state.rules.mode].apply(w, action)
    return Transition(w.freeze(), tuple(w.events))


def step_only(
    state: State, action: Action, kinds: frozenset[type]
) -> tuple[State, tuple[Event, ...]]:
    """:func:`step`'s new state and only its events of ``kinds``, in the order ``step``
    gives them: the same checks, and no other event built. It is ``step`` made cheap
    for a study that counts a few kinds (a pair, not a :class:`Transition`, for speed).

    >>> from tikalspeed import Rules, legal_actions, new_game
    >>> from tikalspeed.model.events import TilePlaced
    >>> s = new_game(Rules(mode="classic", players=2), seed=3)
    >>> a = legal_actions(s)[0]
    >>> step_only(s, a, frozenset({TilePlaced})) == (
    ...     step(s, a).state, tuple(e for e in step(s, a).events if type(e) is TilePlaced))
    True
    """
    why = why_illegal(state, action)
    if why is not None:
        raise IllegalActionError(*why)
    w = Work(state, True, kinds)
    MODES[state.rules.mode].apply(w, action)
    return w.freeze(), tuple(w.events)


def noted_of(
    kinds: frozenset[type],
) -> Callable[[State, Action], tuple[State, list[Note]]]:
    """:func:`step_only` for ``kinds``, as a function of the state and the action, with
    the events noted and not built: a study's step, called once a ply (the pair of
    the new state and each event of ``kinds`` as its
    :data:`~tikalspeed.engine.work.Note`, its class and fields, in the order ``step``
    gives them). The same checks as ``step``; building the events its count reads
    would cost more than the count.

    >>> from tikalspeed import Rules, legal_actions, new_game
    >>> from tikalspeed.model.events import TilePlaced
    >>> s = new_game(Rules(mode="classic", players=2), seed=3)
    >>> a = legal_actions(s)[0]
    >>> state, notes = noted_of(frozenset({TilePlaced}))(s, a)
    >>> (state, tuple(k(*f) for k, f in notes)) == step_only(s, a, frozenset({TilePlaced}))
    True
    """

    def noted(state: State, action: Action) -> tuple[State, list[Note]]:
        why = why_illegal(state, action)
        if why is not None:
            raise IllegalActionError(*why)
        notes: list[Note] = []
        w = Work(state, True, kinds, notes)
        MODES[state.rules.mode].apply(w, action)
        return w.freeze(), notes

    return noted


def secret(state: State) -> bool:
    """Whether the players to act choose at once and in secret, each seeing only his
    own view: a Speed Jump's token choices (SPEED-JUMP-1). Asked once a decision by a
    study, so it is compiled with the engine.

    >>> from tikalspeed import new_game
    >>> secret(new_game(seed=1))
    False
    """
    return state.turn.phase is PHASE_TOKENS  # a constant (work.py)


def apply(state: State, action: Action) -> State:
    """Return ``step(state, action).state`` (the same checks, without the transition)."""
    why = why_illegal(state, action)
    if why is not None:
        raise IllegalActionError(*why)
    w = Work(state, keep=False)
    MODES[state.rules.mode].apply(w, action)
    return w.freeze()


def observe(state: State, player: object) -> View:
    """What ``player`` may see: a :class:`~tikalspeed.View`, which the engine refuses
    as a position.

    Tiles and treasures are drawn at chance nodes, so nothing is face down; the one
    secret is a Speed Jump's token choices (SPEED-JUMP-1): until all are revealed,
    another player's choice shows as ``-1`` once made (``0`` while not yet made). A
    ``player`` of ``None`` is a spectator, who sees every made choice hidden, a stop as
    much as a count (SPEED-JUMP-1, SPEED-JUMP-8), and decides nothing.
    Raises :class:`IllegalActionError` for a view and for a ``player`` not in the game.

    >>> from tikalspeed import new_game
    >>> observe(new_game(seed=1), None).player is None
    True
    """
    refuse_view(state)
    if player is None:
        return View(None, MODES[state.rules.mode].observe(state, None))
    if type(player) is not int or not 0 <= player < state.rules.players:
        no_player = Reason(N_("observe: no player {player} in this game"), player=shown(player))
        raise IllegalActionError("TIKAL-TURN-4", no_player)
    return View(player, MODES[state.rules.mode].observe(state, player))


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs, else its :class:`Outcome`."""
    refuse_view(state)
    return state.result


def sample_chance(state: State, rng: random.Random) -> Action:
    """Draw one outcome of the chance node ``state`` with its exact probability."""
    refuse_view(state)
    if state.turn.phase is PHASE_DRAW or state.turn.phase is PHASE_REVEAL:  # uniform: no fractions
        tiles = draws(state)  # the shared outcomes, in the stack's order
        return tiles[rng.randrange(len(tiles))]
    outs = chance_outcomes(state)
    if not outs:
        raise IllegalActionError("TIKAL-TURN-4", Reason(N_("not a chance node")))
    if state.turn.phase is PHASE_TREASURE:
        return rng.choices([a for a, _ in outs], weights=[float(p) for _, p in outs])[0]
    return outs[rng.randrange(len(outs))][0]


def resolve_chance(state: State, rng: random.Random) -> State:
    """Resolve chance nodes from ``rng`` until a player (or nobody) is to act."""
    while actors(state) == (CHANCE,):
        state = apply(state, sample_chance(state, rng))
    return state
