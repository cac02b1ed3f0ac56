"""Which actions are legal: generation (:func:`legal_actions`) and checking (:func:`why_illegal`).

Action instances are built once at import and shared: actions are immutable values,
so handing out the same object twice is safe and saves work on the hot path.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from typing import Final, TypeGuard

from gamekit.i18n import N_

from ..board.island import EDGES, NEIGHBOURS, PATHS, VILLAGE_NAMES, VILLAGES, edge_name
from ..errors import IllegalActionError, Reason, shown
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
from ..model.state import CHANCE, PLAYER_SYMBOLS, PLAYERS, Phase, State
from ..model.view import View

_NO_SHAMAN = len(EDGES)  # index used for "no shaman on the board"

_CREATE: tuple[tuple[Create, ...], ...] = tuple(
    tuple(Create(p, v) for v in VILLAGES) for p in PLAYERS
)

# _MOVES[allow_turns][player][origin][height][shaman edge or _NO_SHAMAN] -> legal Moves
_MOVES: dict[bool, tuple[tuple[dict[int, tuple[tuple[Move, ...], ...]], ...], ...]] = {
    turns: tuple(
        tuple(
            {
                h: tuple(
                    tuple(
                        Move(p, path)
                        for path, crossed in PATHS[turns][v][h]
                        if sh not in crossed
                    )
                    for sh in range(_NO_SHAMAN + 1)
                )
                for h in (1, 2)
            }
            for v in VILLAGES
        )
        for p in PLAYERS
    )
    for turns in (True, False)
}

# _PATH_EDGES[allow_turns][path] -> edges crossed, for every legal path shape
_PATH_EDGES = {
    turns: {path: crossed for v in VILLAGES for h in (1, 2) for path, crossed in PATHS[turns][v][h]}
    for turns in (True, False)
}

_PASS = tuple(Pass(p) for p in PLAYERS)
_KEEP = tuple(KeepShaman(p) for p in PLAYERS)
_PLACE = tuple(tuple(PlaceShaman(p, e) for e in range(len(EDGES))) for p in PLAYERS)
_RELOCATE = tuple(tuple(MoveShaman(p, e) for e in range(len(EDGES))) for p in PLAYERS)
_FIRST = tuple(FirstPlayer(p) for p in PLAYERS)
_HALF = Fraction(1, 2)

# The phases, read once: on CPython 3.11 each ``Phase.X`` goes through the enum class's
# ``__getattr__`` (about 0.1 µs, compiled or not), and the engine reads a few a ply.
PHASE_LAYOUT: Final = Phase.LAYOUT
PHASE_FIRST_PLAYER: Final = Phase.FIRST_PLAYER
PHASE_PLACE_SHAMAN: Final = Phase.PLACE_SHAMAN
PHASE_TURN: Final = Phase.TURN
PHASE_ORDER: Final = Phase.ORDER
PHASE_SHAMAN: Final = Phase.SHAMAN
PHASE_OVER: Final = Phase.OVER


def turn_actions(state: State, player: int) -> tuple[Create | Move, ...]:
    """Every Create and Move ``player`` could make on a turn in ``state`` (TIKI-TURN-2).

    Only meaningful between turns, when no totem is higher than 2 (TIKI-INFL-2).
    """
    stacks = state.stacks
    out: list[Create | Move] = []
    if state.supply[player]:  # TIKI-CREATE-2
        creates = _CREATE[player]
        out.extend(creates[v] for v in VILLAGES if not stacks[v])  # TIKI-CREATE-3
    moves = _MOVES[state.rules.allow_turns][player]
    sh = _NO_SHAMAN if state.shaman is None else state.shaman
    any_piece = state.rules.movable == "any"
    for v in VILLAGES:
        s = stacks[v]
        # TIKI-MOVE-1: a totem whose top tiki is yours (or any tiki, by Rules.movable)
        if s and (s[-1] == player or (any_piece and player in s)):
            out.extend(moves[v][len(s)][sh])
    return tuple(out)


@functools.cache
def layouts(tiles: tuple[int, ...]) -> tuple[Layout, ...]:
    """Every distinct arrangement of the tile multiset ``tiles`` over a1 … c3, sorted."""
    found: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], left: dict[int, int]) -> None:
        if not any(left.values()):
            found.append(prefix)
            return
        for value in sorted(left):
            if left[value]:
                left[value] -= 1
                extend((*prefix, value), left)
                left[value] += 1

    counts: dict[int, int] = {}
    for t in tiles:
        counts[t] = counts.get(t, 0) + 1
    extend((), counts)
    return tuple(Layout(t) for t in found)


_VIEW = N_("a View (observe()) is not a position: its player's own actions are view_actions(view)")


def _is_view(state: object) -> bool:
    return type(state) is View


def refuse_view(state: object) -> None:
    """Raise :class:`IllegalActionError` for a :class:`~tiki.View` given where the
    engine takes a position."""
    if type(state) is View:
        raise IllegalActionError("TIKI-TURN-3", Reason(_VIEW))


def not_the_viewers(player: int | None, action: object) -> tuple[str, str] | None:
    """TIKI-TURN-3: ``(clause, reason)`` if ``action`` is not a decision of the player
    whose view it is tried in (``player``; ``None``, a spectator's view, decides
    nothing), else ``None`` (:func:`tiki.why_illegal_in_view`)."""
    if player is None:  # model.view.SPECTATOR, after the action
        return "TIKI-TURN-3", Reason(
            N_("{action}: a spectator's view (observe(state, None)) decides nothing"),
            action=repr(action),
        )
    owner = getattr(action, "player", None)
    if type(owner) is not int or owner != player:
        return "TIKI-TURN-3", Reason(N_("{action} is not a decision of the view's player"),
                                     action=repr(action))  # fmt: skip
    return None


def legal_actions(state: State, player: object = None) -> tuple[Action, ...]:
    """Return every legal action in ``state`` (of ``player``, if given), in a fixed order;
    a ``player`` that is not the one to act has none.

    At a chance node these are the chance outcomes (see :func:`chance_outcomes`); a
    finished game has none. A :class:`~tiki.View` is refused (see
    :func:`tiki.view_actions`).
    """
    if type(state) is not State:
        refuse_view(state)
    phase = state.phase
    actor = state.actor
    if phase is PHASE_OVER or (player is not None and player != actor):
        return ()
    if phase is PHASE_TURN:
        acts = turn_actions(state, actor)
        return acts if acts else (_PASS[actor],)  # TIKI-END-5
    if phase is PHASE_ORDER:
        return tuple(Order(actor, v) for v in sorted(state.pending))
    if phase is PHASE_SHAMAN:
        moves = _RELOCATE[actor]
        return (_KEEP[actor], *(moves[e] for e in range(len(EDGES)) if e != state.shaman))
    if phase is PHASE_PLACE_SHAMAN:
        return _PLACE[actor]
    if phase is PHASE_LAYOUT:
        return layouts(state.rules.tiles)
    return _FIRST


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance node, every outcome with its exact probability (summing to 1).

    The layout is uniform over the distinct arrangements of ``Rules.tiles`` (what a fair
    shuffle gives), the first player is a coin toss. Elsewhere this returns ``()``.
    """
    refuse_view(state)
    if state.phase is PHASE_LAYOUT:
        outs = layouts(state.rules.tiles)
        p = Fraction(1, len(outs))
        return tuple((a, p) for a in outs)
    if state.phase is PHASE_FIRST_PLAYER:
        return tuple((a, _HALF) for a in _FIRST)
    return ()


def given(action: object, name: str) -> object:
    """The field ``name`` of ``action`` as given, before any type is assumed: the
    compiled core converts ``True`` to ``1`` on reading a field declared ``int``, and
    refuses a ``str`` there with ``TypeError``, so a field is checked in this form."""
    return getattr(action, name)


def _is_village(v: object) -> TypeGuard[int]:
    return type(v) is int and 0 <= v < 9


def _is_edge(e: object) -> TypeGuard[int]:
    return type(e) is int and 0 <= e < len(EDGES)


_KINDS: dict[Phase, tuple[type, ...]] = {
    Phase.LAYOUT: (Layout,),
    Phase.FIRST_PLAYER: (FirstPlayer,),
    Phase.PLACE_SHAMAN: (PlaceShaman,),
    Phase.TURN: (Create, Move, Pass),
    Phase.ORDER: (Order,),
    Phase.SHAMAN: (MoveShaman, KeepShaman),
}

_ASKS = {
    Phase.LAYOUT: N_("the village layout"),
    Phase.FIRST_PLAYER: N_("the first player"),
    Phase.PLACE_SHAMAN: N_("the shaman's first edge"),
    Phase.TURN: N_("a create or a move"),
    Phase.ORDER: N_("the order of the influenced villages"),
    Phase.SHAMAN: N_("whether the shaman moves"),
}
"""What each decision asks, as a word of a refusal (TIKI-TURN-3)."""
_CHANCE = N_("chance")
"""Chance as a refusal names the one to decide."""

WORDS: Final = frozenset([_CHANCE, *_ASKS.values()])
"""The words a refusal's fields may hold (:class:`~tiki.errors.Reason`), each a
template of its own: said in a player's language by
:func:`tiki.text.words.refusal_words`, where every other field is a value (a
village, an edge, a number, a player, a token)."""


_ACTION_TYPES = frozenset(kind for kinds in _KINDS.values() for kind in kinds)
"""The classes of the Tiki actions."""


def _not_asked(state: State, action: object) -> Reason:
    """TIKI-TURN-3: the refusal of an action of another kind than the decision of
    ``state`` asks (the action named by its token, never by its class), with what the
    decision asks."""
    phase = state.phase
    a = str(action)
    who = _CHANCE if state.actor == CHANCE else PLAYER_SYMBOLS[state.actor]
    if phase is PHASE_LAYOUT:
        return Reason(N_("{action} does not answer the decision asked: chance lays out the "
                         "villages"), action=a)  # fmt: skip
    if phase is PHASE_FIRST_PLAYER:
        return Reason(N_("{action} does not answer the decision asked: chance picks the "
                         "first player"), action=a)  # fmt: skip
    if phase is PHASE_PLACE_SHAMAN:
        return Reason(N_("{action} does not answer the decision asked: {who} places the "
                         "shaman"), action=a, who=who)  # fmt: skip
    if phase is PHASE_ORDER:
        names = [VILLAGE_NAMES[v] for v in state.pending]
        if len(names) == 2:  # TIKI-INFL-3: always two in a consistent state
            return Reason(N_("{action} does not answer the decision asked: {who} picks which "
                             "of {village} or {other} resolves first"), action=a, who=who,
                          village=names[0], other=names[1])  # fmt: skip
        return Reason(N_("{action} does not answer the decision asked: {who} picks which of "
                         "{villages} resolves first"), action=a, who=who,
                      villages=" or ".join(names))  # fmt: skip
    if phase is PHASE_SHAMAN:
        return Reason(N_("{action} does not answer the decision asked: {who} moves the "
                         "shaman or keeps it"), action=a, who=who)  # fmt: skip
    return Reason(N_("{action} does not answer the decision asked: {who} creates or moves "
                     "a totem"), action=a, who=who)  # fmt: skip


def why_illegal(state: State, action: object) -> tuple[str, str] | None:
    """Return ``(clause, reason)`` if ``action`` is not legal in ``state``, else ``None``
    (a :class:`~tiki.View` is not a position: see :func:`tiki.why_illegal_in_view`).
    The reason is a :class:`~tiki.errors.Reason`, which another language can say."""
    if type(state) is not State and _is_view(state):
        return "TIKI-TURN-3", Reason(_VIEW)
    phase = state.phase
    if phase is PHASE_OVER:
        return "TIKI-TURN-3", Reason(N_("the game is over"))
    kinds = _KINDS[phase]
    if type(action) not in kinds:
        if type(action) not in _ACTION_TYPES:
            return "TIKI-TURN-3", Reason(
                N_("{action} is not a Tiki action (parse_action reads a token)"),
                action=shown(action),
            )
        return "TIKI-TURN-3", _not_asked(state, action)
    player = action.player  # type: ignore[attr-defined]
    if type(player) is not int or player != state.actor:
        who = _CHANCE if state.actor == CHANCE else PLAYER_SYMBOLS[state.actor]
        known = type(player) is int and player in PLAYERS
        them = PLAYER_SYMBOLS[player] if known else shown(player)
        return "TIKI-TURN-3", Reason(N_("it is {who}'s decision ({asks}), not {them}'s"),
                                     who=who, asks=_ASKS[phase], them=them)  # fmt: skip
    if isinstance(action, Move):
        return _why_move(state, action)
    if isinstance(action, Create):
        v = given(action, "village")
        if not _is_village(v):
            return "TIKI-CREATE-1", Reason(N_("no village {village}"), village=shown(v))
        if not state.supply[player]:
            return "TIKI-CREATE-2", Reason(N_("no tiki left in the supply"))
        if state.stacks[v]:
            return "TIKI-CREATE-3", Reason(N_("{village} is not empty"), village=VILLAGE_NAMES[v])
        return None
    if isinstance(action, Pass):
        if turn_actions(state, player):
            return "TIKI-TURN-2", Reason(N_("passing is allowed only with no legal create or move"))
        return None
    if isinstance(action, Order):
        v = given(action, "village")
        if not _is_village(v) or v not in state.pending:
            return "TIKI-INFL-3", Reason(N_("{village} is not an influenced village to order"),
                                         village=shown(v))  # fmt: skip
        return None
    if isinstance(action, (PlaceShaman, MoveShaman)):
        edge = given(action, "edge")
        if not _is_edge(edge):
            return "TIKI-SHAMAN-1", Reason(N_("no edge {edge}"), edge=shown(edge))
        if isinstance(action, MoveShaman) and edge == state.shaman:
            return "TIKI-SHAMAN-4", Reason(
                N_("the shaman already stands there: keep it instead (s=)")
            )
        return None
    if isinstance(action, Layout):
        tiles = given(action, "tiles")
        if type(tiles) is not tuple or len(tiles) != 9:
            return "TIKI-SETUP-1", Reason(N_("a layout gives 9 village values"))
        if not all(type(t) is int for t in tiles) or sorted(tiles) != sorted(state.rules.tiles):
            return "TIKI-SETUP-2", Reason(
                N_("the layout must use exactly the tiles of Rules.tiles")
            )
        return None
    if isinstance(action, FirstPlayer):
        first = given(action, "first")
        if type(first) is not int or first not in PLAYERS:
            return "TIKI-SETUP-5", Reason(N_("no player {player}"), player=shown(first))
        return None
    return None  # KeepShaman: always legal in its phase


def _why_move(state: State, action: Move) -> tuple[str, str] | None:
    raw = given(action, "path")
    player = action.player
    if type(raw) is not tuple or not all(_is_village(v) for v in raw):
        return "TIKI-MOVE-3", Reason(N_("{path} is not a path of villages"), path=shown(raw))
    if len(raw) < 2:
        if raw:
            return "TIKI-MOVE-3", Reason(
                N_("{village} alone is no move: a path leaves the totem's village"),
                village=VILLAGE_NAMES[raw[0]],
            )
        return "TIKI-MOVE-3", Reason(N_("an empty path is no move: a path leaves the totem's "
                                        "village"))  # fmt: skip
    path: tuple[int, ...] = raw
    stack = state.stacks[path[0]]
    name = VILLAGE_NAMES[path[0]]
    if not stack:
        return "TIKI-MOVE-1", Reason(N_("there is no totem on {village}"), village=name)
    if state.rules.movable == "any":
        if player not in stack:
            return "TIKI-MOVE-1", Reason(N_("the totem on {village} holds no tiki of yours"),
                                         village=name)  # fmt: skip
    elif stack[-1] != player:
        return "TIKI-MOVE-1", Reason(N_("the top tiki on {village} is not yours"), village=name)
    if len(path) - 1 != len(stack):
        return "TIKI-MOVE-2", Reason(N_("a totem of {height} moves exactly {height} step(s)"),
                                     height=len(stack))  # fmt: skip
    crossed = _PATH_EDGES[state.rules.allow_turns].get(path)
    if crossed is None:
        for a, b in itertools.pairwise(path):
            if b not in NEIGHBOURS[a]:
                return "TIKI-MOVE-3", Reason(
                    N_("each step goes to an orthogonally adjacent village")
                )
        if len(path) == 3 and path[2] == path[0]:
            return "TIKI-MOVE-4", Reason(
                N_("a totem may not go straight back to the village it left")
            )
        return "TIKI-MOVE-5", Reason(
            N_("this ruleset allows straight moves only (Rules.allow_turns)")
        )
    if state.shaman is not None and state.shaman in crossed:
        return "TIKI-SHAMAN-3", Reason(N_("no step may cross the shaman on {edge}"),
                                       edge=edge_name(state.shaman))  # fmt: skip
    return None


def secret(state: object) -> bool:
    """Whether the players to act choose at once and in secret: never in Tiki, where
    one player decides at a time and a view hides nothing (TIKI-TURN-3). Asked once a
    decision by a study, so it is compiled with the engine.

    >>> from tiki.engine.contract import new_game
    >>> secret(new_game(seed=1))
    False
    """
    return False
