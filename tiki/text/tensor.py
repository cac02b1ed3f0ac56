"""A player's view as a tensor of planes, for learning agents (OpenSpiel, PettingZoo).

:func:`view_tensor` turns a :class:`~tiki.View` (what :func:`tiki.observe` gives one
player) into a flat tuple of floats, plane after plane; :func:`observation_tensor`
does it for a state and a player. The tensor is built from the view alone, so the
same idea serves a game that hides something (``tikalspeed``); Tiki hides nothing,
so the view is the whole position.

The shape is ``(planes, 3, 3)`` (:func:`observation_shape`): each plane is the
island, ``[plane, rank, file]`` with rank 0 the bottom row (villages ``a1 b1 c1``),
so that a village's index ``v`` is cell ``(v // 3, v % 3)`` and value ``v`` of the
plane. Everything is seen from the viewer's side: *mine* and *theirs*, never x and
o (the rules treat the two colours alike, so a position and its colours swapped, seen
by the other player, play the same and give the same tensor). Every value is in
[0, 1]. A plane is either a picture (one value per village) or a constant (the same
value on all nine villages, AlphaZero style):

==================  =============================================================
plane               value
==================  =============================================================
``tile_-1``         1 on the village worth −1 (all four ``tile_`` planes 0 before
                    the layout)
``tile_0``          1 on a village worth 0
``tile_+1``         1 on a village worth +1
``tile_+2``         1 on a village worth +2
``mine_1``          1 where the tiki at height 1 (the bottom) is mine
``mine_2``          1 where the tiki at height 2 is mine
``mine_3``          1 where the tiki at height 3 (an influenced village) is mine
``theirs_1``        1 where the tiki at height 1 is the other player's
``theirs_2``        the same at height 2
``theirs_3``        the same at height 3
``pending``         1 on an influenced village still to resolve (ORDER, SHAMAN)
``my_supply``       constant: my tikis off the board / 8
``their_supply``    constant: the other player's tikis off the board / 8
``my_fruits``       constant: my fruits / 7
``their_fruits``    constant: the other player's fruits / 7
``reserve``         constant: fruits in the reserve / 7
``spoiled``         constant: fruits on the spoiled pile / 7
``tiebreak``        constant: 1 in tie-break mode (TIKI-END-3)
``phase_layout``    constant: 1 at the layout chance node
``phase_first``     constant: 1 at the first-player chance node
``phase_place``     constant: 1 when the shaman is placed (TIKI-SHAMAN-2)
``phase_turn``      constant: 1 at a turn (create, move or pass)
``phase_order``     constant: 1 when two influenced villages are ordered
``phase_shaman``    constant: 1 when the shaman may move after a 0 village
``phase_over``      constant: 1 once the game is over
``i_decide``        constant: 1 when I make the open decision
``they_decide``     constant: 1 when the other player makes it
``my_turn``         constant: 1 when the turn is mine (it may be the other
                    player's decision: the order, the shaman)
``i_won``           constant: 1 once I have won
``i_lost``          constant: 1 once I have lost (a draw: over, neither)
``shaman_east``     only with ``Rules.shaman``: 1 on the village whose gap to its
                    east neighbour holds the shaman
``shaman_north``    only with ``Rules.shaman``: the same for the gap to its north
                    neighbour
``turns_left``      only with ``Rules.max_turns``: constant, the turns left before
                    the cap / the cap (TIKI-END-6)
==================  =============================================================

So the default rules give 30 planes (270 values), the shaman rule 32, a turn cap one
more. The rules themselves (``movable``, ``allow_turns``, …) are the game's, not the
position's, and are not in the tensor; nor is the turn count without a cap (the
2**53 − 1 turns of ``Rules.turn_cap`` are never reached).

>>> from tiki import new_game, apply, Create, Rules, X, O, B1
>>> s = apply(new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=X), Create(X, B1))
>>> t = observation_tensor(s, O)
>>> observation_shape(s.rules), len(t) == observation_size(s.rules)
((30, 3, 3), True)
>>> plane(t, s.rules, "tile_+2"), plane(t, s.rules, "theirs_1")
((0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0), (0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0))
>>> plane(t, s.rules, "their_supply")[0], plane(t, s.rules, "i_decide")[0]
(0.875, 1.0)
>>> observation_shape(Rules(shaman=True, max_turns=60))
(33, 3, 3)
"""

from __future__ import annotations

import functools

from gamekit.i18n import N_

from ..board.island import EDGES
from ..engine.contract import observe
from ..errors import IllegalActionError, NotationError, Reason, shown
from ..model.rules import Rules
from ..model.state import FRUITS, TIKIS, Phase, State
from ..model.view import View

__all__ = [
    "PLANES",
    "observation_shape",
    "observation_size",
    "observation_tensor",
    "plane",
    "plane_names",
    "view_tensor",
]

_CELLS = 9
_TILES = (-1, 0, 1, 2)
_PHASES = (
    Phase.LAYOUT,
    Phase.FIRST_PLAYER,
    Phase.PLACE_SHAMAN,
    Phase.TURN,
    Phase.ORDER,
    Phase.SHAMAN,
    Phase.OVER,
)

PLANES: tuple[str, ...] = (
    "tile_-1",
    "tile_0",
    "tile_+1",
    "tile_+2",
    "mine_1",
    "mine_2",
    "mine_3",
    "theirs_1",
    "theirs_2",
    "theirs_3",
    "pending",
    "my_supply",
    "their_supply",
    "my_fruits",
    "their_fruits",
    "reserve",
    "spoiled",
    "tiebreak",
    "phase_layout",
    "phase_first",
    "phase_place",
    "phase_turn",
    "phase_order",
    "phase_shaman",
    "phase_over",
    "i_decide",
    "they_decide",
    "my_turn",
    "i_won",
    "i_lost",
)
"""The planes every ruleset has, in order (the module's table)."""
_SHAMAN_PLANES = ("shaman_east", "shaman_north")
_CAP_PLANE = "turns_left"
_AT = {name: i for i, name in enumerate(PLANES)}


def _gap_cells() -> tuple[tuple[int, int], ...]:
    """For each edge, (plane offset, village): east gaps on ``shaman_east`` at the
    western village, north gaps on ``shaman_north`` at the southern one."""
    return tuple((0, v) if u == v + 1 else (1, v) for v, u in EDGES)


_GAPS = _gap_cells()


@functools.lru_cache(maxsize=32)
def plane_names(rules: Rules) -> tuple[str, ...]:
    """The names of the planes under ``rules``, in order: :data:`PLANES`, then the
    shaman's two with ``rules.shaman``, then ``turns_left`` with ``rules.max_turns``.

    >>> plane_names(Rules(max_turns=40))[-2:]
    ('i_lost', 'turns_left')
    """
    names = PLANES
    if rules.shaman:
        names += _SHAMAN_PLANES
    if rules.max_turns is not None:
        names += (_CAP_PLANE,)
    return names


def observation_shape(rules: Rules) -> tuple[int, int, int]:
    """``(planes, 3, 3)``: the shape of the tensor under ``rules``."""
    return (len(plane_names(rules)), 3, 3)


def observation_size(rules: Rules) -> int:
    """How many values the tensor has under ``rules``: planes × 9."""
    return len(plane_names(rules)) * _CELLS


def plane(tensor: tuple[float, ...], rules: Rules, name: str) -> tuple[float, ...]:
    """The nine values (villages a1 … c3) of the plane ``name`` of ``tensor``, a tensor
    of ``rules``. Raises :class:`~tiki.NotationError` for a plane the rules do not have."""
    names = plane_names(rules)
    if name not in names:
        raise NotationError(f"no plane {shown(name)} under {rules!r}")
    at = names.index(name) * _CELLS
    return tuple(tensor[at : at + _CELLS])


def view_tensor(view: View) -> tuple[float, ...]:
    """The tensor of ``view``, seen by ``view.player``: the planes of the module's
    table, flattened plane by plane (``(planes, 3, 3)`` in row-major order).

    Raises :class:`~tiki.IllegalActionError` for anything but a :class:`~tiki.View`
    (build one with :func:`tiki.observe`) and for a spectator's view."""
    if type(view) is not View:
        not_a_view = Reason(N_("a tensor is of a View, not {value}"), value=shown(view))
        raise IllegalActionError("TIKI-TURN-3", not_a_view)
    me = view.seat  # a spectator's view sees from no seat
    state: State = view.state
    rules = state.rules
    out = [0.0] * observation_size(rules)

    def fill(name: str, value: float) -> None:
        if value:
            at = _AT[name] * _CELLS
            out[at : at + _CELLS] = [value] * _CELLS

    if state.tiles:
        for v, value in enumerate(state.tiles):
            out[_TILES.index(value) * _CELLS + v] = 1.0
    mine, theirs = _AT["mine_1"] * _CELLS, _AT["theirs_1"] * _CELLS
    for v, stack in enumerate(state.stacks):
        for height, owner in enumerate(stack):
            out[(mine if owner == me else theirs) + height * _CELLS + v] = 1.0
    for v in state.pending:
        out[_AT["pending"] * _CELLS + v] = 1.0
    other = 1 - me
    fill("my_supply", state.supply[me] / TIKIS)
    fill("their_supply", state.supply[other] / TIKIS)
    fill("my_fruits", state.fruits[me] / FRUITS)
    fill("their_fruits", state.fruits[other] / FRUITS)
    fill("reserve", state.reserve / FRUITS)
    fill("spoiled", state.spoiled / FRUITS)
    fill("tiebreak", float(state.tiebreak))
    fill(PLANES[_AT["phase_layout"] + _PHASES.index(state.phase)], 1.0)
    over = state.phase is Phase.OVER
    fill("i_decide", float(not over and state.actor == me))
    fill("they_decide", float(not over and state.actor == other))
    fill("my_turn", float(state.active == me))
    result = state.result
    if result is not None and result.winner is not None:
        fill("i_won" if result.winner == me else "i_lost", 1.0)
    extra = len(PLANES) * _CELLS
    if rules.shaman:
        if state.shaman is not None:
            offset, v = _GAPS[state.shaman]
            out[extra + offset * _CELLS + v] = 1.0
        extra += 2 * _CELLS
    if rules.max_turns is not None:
        left = max(rules.max_turns - state.turn, 0) / rules.max_turns
        out[extra : extra + _CELLS] = [left] * _CELLS
    return tuple(out)


def observation_tensor(state: State, player: int) -> tuple[float, ...]:
    """The tensor of what ``player`` sees in ``state``: ``view_tensor(observe(state,
    player))``. Raises :class:`~tiki.IllegalActionError` for a player other than X or
    O, and for a view given as ``state``."""
    return view_tensor(observe(state, player))
