"""Positions, actions and events seen through a symmetry of the square.

A :class:`~tiki.board.layouts.Symmetry` maps villages, edges, paths and layouts
(:mod:`tiki.board.layouts`); here it maps the game's nouns: every tiki, tile, the
shaman and the villages waiting to resolve stand on their images, and nothing else
changes (players, fruits, turns, phase, result). The rules of Tiki never name a
village or an edge, so the image of a game is a game: the engine's legal actions,
transitions and results commute with these maps (``tests/tiki/test_layouts.py``
plays random games under every ruleset in lockstep with their images, and
``docs/tiki-layouts.md`` says which clauses make it so).

That lets a value computed for one layout of a class answer every layout of the
class: :func:`to_class` maps a position onto its class's representative layout, and
the symmetry it returns maps the answer back.

>>> from tiki import new_game, apply, Create, B1, to_text
>>> from tiki.board.layouts import ROTATE90
>>> s = apply(new_game(layout=(0, 1, -1, 1, 2, 1, 1, 0, 1), first=0), Create(0, B1))
>>> to_text(transform_state(s, ROTATE90)) == to_text(apply(
...     new_game(layout=ROTATE90.layout(s.tiles), first=0), Create(0, ROTATE90.village(B1))))
True
>>> t, sym = to_class(s)
>>> t.tiles, sym
((-1, 1, 0, 1, 2, 1, 1, 0, 1), Symmetry('mirror'))
>>> transform_action(Create(0, B1), sym)
Create(player=X, village=B1)
"""

from __future__ import annotations

import attrs

from ..board.layouts import IDENTITY, Symmetry, class_of, symmetry_between
from .actions import Action, Create, Layout, Move, MoveShaman, Order, PlaceShaman
from .events import (
    Event,
    LayoutSet,
    OrderChosen,
    ShamanMoved,
    ShamanPlaced,
    TikiDropped,
    TikisReturned,
    TotemCreated,
    TotemMoved,
    VillageInfluenced,
)
from .state import State

__all__ = ["to_class", "to_layout", "transform_action", "transform_event", "transform_state"]


def _tiles(tiles: tuple[int, ...], symmetry: Symmetry) -> tuple[int, ...]:
    """A layout's image; before the layout chance node there is none (``()``)."""
    return symmetry.layout(tiles) if len(tiles) == 9 else tiles


def transform_state(state: State, symmetry: Symmetry) -> State:
    """The image of ``state``: each village's tile and totem stand on the village's
    image, the shaman on its edge's image, the influenced villages still to resolve
    are their images in the same order; every other field is kept.

    >>> from tiki import new_game
    >>> from tiki.board.layouts import MIRROR
    >>> transform_state(new_game(seed=1), MIRROR).tiles
    (-1, 1, 0, 1, 2, 1, 1, 0, 1)
    """
    stacks: list[tuple[int, ...]] = [()] * 9
    for v, stack in enumerate(state.stacks):
        stacks[symmetry.village(v)] = stack
    shaman = None if state.shaman is None else symmetry.edge(state.shaman)
    return attrs.evolve(
        state,
        tiles=_tiles(state.tiles, symmetry),
        stacks=tuple(stacks),
        shaman=shaman,
        pending=tuple(symmetry.village(v) for v in state.pending),
    )


def transform_action(action: Action, symmetry: Symmetry) -> Action:
    """The image of ``action``: its village, path, edge or layout mapped; a pass, a
    kept shaman or the first player as they are. The action must be well formed
    (:func:`tiki.well_formed`).

    >>> from tiki import Move, A1, B1, C1
    >>> from tiki.board.layouts import ROTATE90
    >>> str(transform_action(Move(0, (A1, B1, C1)), ROTATE90))
    'c1-c2-c3'
    """
    if isinstance(action, Create):
        return Create(action.player, symmetry.village(action.village))
    if isinstance(action, Move):
        return Move(action.player, symmetry.path(action.path))
    if isinstance(action, Order):
        return Order(action.player, symmetry.village(action.village))
    if isinstance(action, PlaceShaman):
        return PlaceShaman(action.player, symmetry.edge(action.edge))
    if isinstance(action, MoveShaman):
        return MoveShaman(action.player, symmetry.edge(action.edge))
    if isinstance(action, Layout):
        return Layout(symmetry.layout(action.tiles), action.player)
    return action


def transform_event(event: Event, symmetry: Symmetry) -> Event:
    """The image of ``event``: its villages, path, edge or layout mapped.

    >>> from tiki import TotemCreated, B1
    >>> from tiki.board.layouts import ROTATE90
    >>> transform_event(TotemCreated(0, B1), ROTATE90).village
    5
    """
    if isinstance(
        event, (TotemCreated, TikiDropped, OrderChosen, VillageInfluenced, TikisReturned)
    ):
        return attrs.evolve(event, village=symmetry.village(event.village))
    if isinstance(event, TotemMoved):
        return attrs.evolve(event, path=symmetry.path(event.path))
    if isinstance(event, ShamanPlaced):
        return attrs.evolve(event, edge=symmetry.edge(event.edge))
    if isinstance(event, ShamanMoved) and event.edge is not None:
        return attrs.evolve(event, edge=symmetry.edge(event.edge))
    if isinstance(event, LayoutSet):
        return attrs.evolve(event, tiles=symmetry.layout(event.tiles))
    return event


def to_layout(state: State, layout: tuple[int, ...]) -> tuple[State, Symmetry]:
    """``state`` seen on ``layout``, a layout of its class (a table built for one layout
    answers the others so), and the symmetry that maps it there; a ``ValueError`` when
    no symmetry maps the state's layout onto ``layout``.

    >>> from tiki import new_game
    >>> s, sym = to_layout(new_game(seed=2), (1, 1, -1, 0, 1, 1, 0, 2, 1))
    >>> s.tiles, sym.name
    ((1, 1, -1, 0, 1, 1, 0, 2, 1), 'rotate90')
    """
    symmetry = symmetry_between(state.tiles, layout)
    return transform_state(state, symmetry), symmetry


def to_class(state: State) -> tuple[State, Symmetry]:
    """``state`` seen on its layout class's representative (the least of the eight
    images of its layout, :func:`tiki.board.layouts.canonical`), and the symmetry that
    maps it there: ``symmetry.inverse`` maps an answer found there (a best action)
    back to ``state``. A state before the layout chance node is its own image.

    >>> from tiki import new_game
    >>> s, sym = to_class(new_game(layout=(2, 1, 1, 1, 1, 1, 0, 0, -1), first=0))
    >>> s.tiles, sym.name
    ((-1, 0, 0, 1, 1, 1, 1, 1, 2), 'rotate180')
    """
    if len(state.tiles) != 9:
        return state, IDENTITY
    _, symmetry = class_of(state.tiles)
    return transform_state(state, symmetry), symmetry
