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

from ..board.island import VILLAGE_NAMES
from ..engine.contract import actors, view_actions
from ..engine.moves import legal_actions
from ..model.actions import Action
from ..model.state import CHANCE, PLAYER_SYMBOLS, Phase, State
from ..model.view import View
from ._jsonread import JSON
from ._jsonstate import player_json
from .jsonio import action_to_json
from .notation import action_token

__all__ = ["Decision", "decision", "decision_to_json", "describe"]


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


def decision_to_json(state: State | View) -> JSON:
    """The decision as JSON: ``{"type": "decision", "kind", "for", "actors", "text",
    "words", "clauses", "legal": [{"player": 0 or "chance", "actions": [{"token",
    "action"}, ...]}]}``. ``for`` is the seat of the view it is made for (``null`` for
    a spectator's view or a position); ``words`` is ``text`` without clause ids and
    ``clauses`` the ids it names.

    >>> from tiki import new_game, observe, O
    >>> msg = decision_to_json(observe(new_game(seed=1), O))
    >>> msg["for"], msg["actors"], msg["words"], msg["clauses"]
    (1, [1], 'o creates or moves a totem', [])
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
        "words": d.words,
        "clauses": list(d.clauses),
        "legal": [
            {
                "player": player_json(p),
                "actions": [
                    {"token": token, "action": action_to_json(a)}
                    for a, token in zip(acts, d.tokens(p), strict=True)
                ],
            }
            for p, acts in d.legal
        ],
    }


def describe(state: State) -> str:
    """The decision in one line: ``o creates or moves a totem``, ..."""
    phase = state.phase
    who = "chance" if state.actor == CHANCE else PLAYER_SYMBOLS[state.actor]
    pending = ", ".join(VILLAGE_NAMES[v] for v in state.pending)
    if phase is Phase.LAYOUT:
        return "chance lays out the villages"
    if phase is Phase.FIRST_PLAYER:
        return "chance picks the first player"
    if phase is Phase.PLACE_SHAMAN:
        return f"{who} places the shaman"
    if phase is Phase.TURN:
        return f"{who} creates or moves a totem"
    if phase is Phase.ORDER:
        return f"{who} picks which of {pending} resolves first"
    if phase is Phase.SHAMAN:
        then = f" (then {pending} resolves)" if pending else ""
        return f"{who} may move the shaman{then}"
    return "none, the game is over"
