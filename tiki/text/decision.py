"""The decision open in a position, for a client to draw its buttons.

The same shape as ``tikalspeed``'s: :func:`decision` gives who must act, the kind of
decision, each actor's legal actions (as action objects and as tokens) and the
one-line description the command line prints; :func:`decision_to_json` the same as
JSON. For a :class:`~tiki.View`, only its player's own actions are listed.

>>> from tiki import new_game
>>> d = decision(new_game(seed=1))
>>> d.kind, d.actors, d.text, d.tokens(d.actors[0])[:3]
('turn', (1,), 'o creates or moves a totem', ('+a1', '+b1', '+c1'))
"""

from __future__ import annotations

from gamekit.decision import Decision
from gamekit.i18n import DEFAULT

from ..board.island import EDGE_NAMES, VILLAGE_NAMES
from ..engine.contract import actors, view_actions
from ..engine.moves import legal_actions
from ..model.actions import Action, Create, Move, MoveShaman, Order, PlaceShaman
from ..model.state import State
from ..model.view import View
from ._jsonread import JSON
from ._jsonstate import player_json
from .jsonio import action_to_json
from .notation import action_token
from .words import action_words, decision_words

__all__ = ["Decision", "action_at", "action_edge", "decision", "decision_to_json", "describe"]


def decision(state: State | View) -> Decision[Action]:
    """The decision open in ``state``: its kind, actors, legal actions and text."""
    legal: tuple[tuple[int, tuple[Action, ...]], ...]
    if isinstance(state, View):
        position = state.state
        who = actors(position)
        mine = state.player  # None for a spectator, who decides nothing
        legal = ((mine, view_actions(state)),) if mine is not None and mine in who else ()
    else:
        position = state
        who = actors(position)
        legal = tuple((p, legal_actions(position)) for p in who)
    tokens = tuple((p, tuple(action_token(position, a) for a in acts)) for p, acts in legal)
    return Decision(position.phase.value, who, legal, tokens, describe(position))


def action_at(action: Action) -> tuple[str, ...]:
    """The villages ``action`` touches, in the order a hand does: a move's path from
    the totem to where it stops, the village a totem is created on or resolved first;
    ``()`` for the rest (the shaman goes to a gap: :func:`action_edge`).

    >>> from tiki import parse_action, new_game
    >>> s = new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=0)
    >>> action_at(parse_action(s, "+b2"))
    ('b2',)
    """
    if isinstance(action, Move):
        return tuple(VILLAGE_NAMES[v] for v in action.path)
    if isinstance(action, Create | Order):
        return (VILLAGE_NAMES[action.village],)
    return ()


def action_edge(action: Action) -> str | None:
    """The gap between two villages the shaman goes to (``'a1b1'``, its name in
    :data:`~tiki.board.island.EDGE_NAMES`), or ``None`` for any other action."""
    if isinstance(action, PlaceShaman | MoveShaman):
        return EDGE_NAMES[action.edge]
    return None


def decision_to_json(state: State | View, lang: str = DEFAULT) -> JSON:
    """The decision as JSON: ``{"type": "decision", "kind", "for", "actors", "text",
    "words", "clauses", "legal": [{"player": 0 or "chance", "actions": [{"token",
    "action", "words", "at"}, ...]}]}``. ``for`` is the seat of the view it is made for
    (``null`` for a spectator's view or a position); ``words`` is the decision in the
    language ``lang`` (:mod:`gamekit.i18n`), without clause ids, and ``clauses`` the
    ids ``text`` names. Each action says what it does in ``words`` and which villages
    it touches in ``at`` (:func:`action_at`), a shaman's action the gap it goes to in
    ``edge`` (:func:`action_edge`), so a client can offer it on the board.

    >>> from tiki import new_game, observe, O
    >>> msg = decision_to_json(observe(new_game(seed=1), O))
    >>> msg["for"], msg["actors"], msg["words"], msg["clauses"]
    (1, [1], 'o creates or moves a totem', [])
    >>> first = msg["legal"][0]["actions"][0]
    >>> first["token"], first["words"], first["at"]
    ('+a1', 'o creates a totem at a1', ['a1'])
    >>> decision_to_json(observe(new_game(seed=1), O), "de")["words"]
    'o errichtet oder bewegt ein Totem'
    >>> decision_to_json(observe(new_game(seed=1), None))["for"]
    """
    d = decision(state)
    seat = state.player if isinstance(state, View) else None
    return {
        "type": "decision",
        "kind": d.kind,
        "for": seat,
        "actors": [player_json(p) for p in d.actors],
        "text": d.text,
        "words": decision_words(state, lang),
        "clauses": list(d.clauses),
        "legal": [
            {
                "player": player_json(p),
                "actions": [
                    _entry(state, a, token, lang)
                    for a, token in zip(acts, d.tokens(p), strict=True)
                ],
            }
            for p, acts in d.legal
        ],
    }


def _entry(state: State | View, action: Action, token: str, lang: str) -> JSON:
    """One action of the decision: its token, JSON, words, villages and gap."""
    out: JSON = {
        "token": token,
        "action": action_to_json(action),
        "words": action_words(state, action, lang),
        "at": list(action_at(action)),
    }
    edge = action_edge(action)
    if edge is not None:
        out["edge"] = edge
    return out


def describe(state: State) -> str:
    """The decision in one line: ``o creates or moves a totem``, ... (its words in
    English: :func:`~tiki.text.words.decision_words`)."""
    return decision_words(state)
