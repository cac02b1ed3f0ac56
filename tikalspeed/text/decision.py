"""The decision open in a position, for a client to draw its buttons.

:func:`decision` gives, in one call, who must act, what kind of decision it is, each
actor's legal actions (as action objects and as :func:`~tikalspeed.action_token`
tokens), and the one-line description the command line prints. For a player's
:class:`~tikalspeed.View` it gives only his own legal actions, which are the same
as in the position. :func:`decision_to_json` gives the same as JSON.

>>> from tikalspeed import Rules, new_game
>>> d = decision(new_game(Rules(mode="professional", players=3), seed=2))
>>> d.kind, d.actors, d.text
('bid', (0,), 'P1 bids or passes (no bid yet; in the auction: P1, P2, P3)')
>>> d.tokens(0)[:3]
('pass', 'bid:1', 'bid:2')

In an action-point phase each action's entry also says what it costs
(:func:`action_cost`), and each move which way it goes (:func:`action_path`): the
cells of a cheapest path, whose borders' stones add up to its cost.

>>> import random
>>> from tikalspeed import CHANCE, Move, actors, apply, legal_actions, sample_chance
>>> rng, s = random.Random(3), new_game(Rules(players=2), seed=3)
>>> def far(s):  # the moves of more than one step open in s
...     return [a for a in legal_actions(s) if isinstance(a, Move) and len(action_path(s, a)) > 2]
>>> while actors(s) == (CHANCE,) or not far(s):
...     chance = actors(s) == (CHANCE,)
...     s = apply(s, sample_chance(s, rng) if chance else rng.choice(legal_actions(s)))
>>> move = far(s)[0]
>>> action_token(s, move), action_cost(s, move), action_path(s, move)
('move:w:a1:b3', 3, ('a1', 'b2', 'b3'))
>>> entries = decision_to_json(s)["legal"][0]["actions"]
>>> entry = next(e for e in entries if e["action"]["type"] == "move")
>>> entry["cost"], entry["path"]
(2, ['a1', 'a2'])
"""

from __future__ import annotations

from typing import cast

from gamekit.decision import Decision
from gamekit.i18n import DEFAULT

from ..board.hexgrid import CELL_NAMES
from ..board.terrain import terrain
from ..engine import actors, legal_actions, view_actions
from ..engine.ap import COSTS, ap_cost, move_path
from ..model.actions import (
    Action,
    APAction,
    BuildCamp,
    CampMove,
    ChooseTile,
    Enter,
    Guard,
    Move,
    PlaceTile,
    TakeTreasure,
    Uncover,
)
from ..model.records import CHANCE, Phase
from ..model.state import State
from ..model.view import View
from ._jsonread import JSON
from .jsonio import action_to_json
from .notation import action_token
from .words import action_words, decision_words, tile_words

__all__ = [
    "Decision",
    "action_at",
    "action_cost",
    "action_path",
    "decision",
    "decision_to_json",
    "describe",
    "tile_name",
]


def decision(state: State | View) -> Decision[Action]:
    """The decision open in ``state``: its kind, actors, legal actions and text. For a
    :class:`~tikalspeed.View`, only its player's own actions are listed (none for a
    spectator's view).

    >>> from tikalspeed import new_game, observe
    >>> decision(observe(new_game(seed=1), None)).legal
    ()
    """
    legal: tuple[tuple[int, tuple[Action, ...]], ...]
    if isinstance(state, View):
        position, mine = state.state, state.player
        who = actors(position)
        legal = ((mine, view_actions(state)),) if mine is not None and mine in who else ()
    else:
        position = state
        who = actors(position)
        several = len(who) > 1
        legal = tuple(
            (p, legal_actions(position, p) if several else legal_actions(position)) for p in who
        )
    tokens = tuple((p, tuple(action_token(position, a) for a in acts)) for p, acts in legal)
    return Decision(position.phase.value, who, legal, tokens, describe(position))


def action_cost(state: State | View, action: Action) -> int | None:
    """The action points ``action`` spends if taken in ``state`` (a position or a
    player's view), or ``None`` outside an action-point phase or for an action that
    spends none there: a move its cheapest path (TIKAL-MOVE-3), every other AP action
    the fixed cost the engine gives it (TIKAL-TURN-2), ending the turn 0. ``action``
    is one of the legal actions; :func:`decision_to_json` gives it as ``"cost"``."""
    position = state.state if isinstance(state, View) else state
    if position.phase is not Phase.ACTIONS:
        return None
    if isinstance(action, Move) or type(action) in COSTS:  # the AP actions
        return ap_cost(position, cast(APAction, action))
    return None


def action_path(state: State | View, action: Action) -> tuple[str, ...]:
    """The cells a legal move goes through, from its start to its destination, along
    a cheapest path: the stones of the borders it crosses add up to
    :func:`action_cost` (TIKAL-MOVE-1, TIKAL-MOVE-3); ``()`` for any other action.
    :func:`decision_to_json` gives it as ``"path"``."""
    position = state.state if isinstance(state, View) else state
    if position.phase is not Phase.ACTIONS or not isinstance(action, Move):
        return ()
    return tuple(CELL_NAMES[c] for c in move_path(position, action))


def action_at(state: State | View, action: Action) -> tuple[str, ...]:
    """The cells ``action`` touches, in the order a hand does: a move's path (its
    cheapest, :func:`action_path`) or a camp move's two ends, from the piece to where it
    stops; the cell a piece enters, a tile is placed, a temple is raised or guarded, a
    ruin dug, a camp built; ``()`` for the rest (bids, tokens, ending a turn, chance).

    >>> from tikalspeed import Rules, new_game, parse_action
    >>> s = new_game(Rules(mode="classic", players=2), seed=1)
    >>> action_at(s, parse_action(s, "place:b3:0"))
    ('b3',)
    """
    if isinstance(action, Move):
        return action_path(state, action)
    if isinstance(action, CampMove):
        return (CELL_NAMES[action.origin], CELL_NAMES[action.destination])
    cell = getattr(action, "cell", None)
    if isinstance(action, Enter | PlaceTile | Uncover | TakeTreasure | BuildCamp | Guard):
        return (CELL_NAMES[cell],) if isinstance(cell, int) else ()
    return ()


def _entry(position: State | View, action: Action, token: str, lang: str) -> JSON:
    """One action of the decision: its token, its JSON, its words, the cells it
    touches, the tile it takes, and, in an action-point phase, its cost (and a move's
    path)."""
    state = position.state if isinstance(position, View) else position
    out: JSON = {"token": token, "action": action_to_json(action, state.rules.manifest)}
    cost = action_cost(state, action)
    out["words"] = action_words(position, action, lang, cost=cost)
    at = list(action_at(state, action))  # a move's: its cheapest path, found once
    out["at"] = at
    if isinstance(action, ChooseTile):
        out["tile"] = terrain(state.rules.manifest).tile_ids[action.tile]
    if isinstance(action, PlaceTile):
        out["turn"] = action.rotation
    if cost is not None:
        out["cost"] = cost
        if isinstance(action, Move):
            out["path"] = at[:]
    return out


def decision_to_json(state: State | View, lang: str = DEFAULT) -> JSON:
    """The decision as JSON: ``{"type": "decision", "kind", "for", "actors", "text",
    "words", "clauses", "legal": [{"player": 0 or "chance", "actions": [{"token",
    "action"}, ...]}]}``. ``for`` is the player of the view it is made for (``null``
    for a spectator's view or a position); ``words`` is ``text`` without clause ids
    and ``clauses`` the ids it names. Each action says what it does in ``words`` (in
    the language ``lang``, :mod:`gamekit.i18n`, like the decision's ``words``) and
    which cells it touches in ``at`` (:func:`action_at`), so that a client can offer it
    on the board; ``take`` names its ``tile``, ``place`` its ``turn``. In an
    action-point phase each action gains ``"cost"`` (:func:`action_cost`) and each
    move ``"path"`` (:func:`action_path`).

    >>> from tikalspeed import new_game, observe
    >>> msg = decision_to_json(observe(new_game(seed=1), 0))
    >>> msg["for"], msg["kind"], msg["clauses"]
    (0, 'bid', [])
    >>> msg["legal"][0]["actions"][1]["words"]
    'P1 bids 1'
    >>> decision_to_json(observe(new_game(seed=1), 0), "de")["words"]
    'P1 bietet oder passt (noch kein Gebot; in der Versteigerung: P1, P2, P3, P4)'
    """
    d = decision(state)

    def seat(p: int) -> int | str:
        return "chance" if p == CHANCE else p

    return {
        "type": "decision",
        "kind": d.kind,
        "for": state.player if isinstance(state, View) else None,
        "actors": [seat(p) for p in d.actors],
        "text": d.text,
        "words": decision_words(state, lang) if lang != DEFAULT else _english(d.text),
        "clauses": list(d.clauses),
        "legal": [
            {
                "player": seat(p),
                "actions": [
                    _entry(state, a, token, lang)
                    for a, token in zip(acts, d.tokens(p), strict=True)
                ],
            }
            for p, acts in d.legal
        ],
    }


def _english(text: str) -> str:
    """The decision's words in English: its :func:`describe` without the clause."""
    return text.removesuffix(f" ({_SECRET})")


def tile_name(state: State, tile: int) -> str:
    """A tile by its id and what it shows: ``C4 (temple 5)`` (its words in English,
    :func:`~tikalspeed.text.words.tile_words`)."""
    return tile_words(state, tile)


def describe(state: State) -> str:
    """The decision in one line: ``P1, P2 choose 1 to 5 tokens in secret
    (SPEED-JUMP-1)``, ``P1 spends action points: 10 of 10 left``, ...: its words in
    English (:func:`~tikalspeed.text.words.decision_words`), with the clause of a
    secret choice."""
    said = decision_words(state)
    return f"{said} ({_SECRET})" if state.phase is Phase.TOKENS else said


_SECRET = "SPEED-JUMP-1"
"""The clause of a secret choice, which :func:`describe` names."""
