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

from ..board.hexgrid import CELL_NAMES
from ..board.terrain import terrain
from ..board.tiles import LETTERS, Kind
from ..engine import actors, legal_actions, view_actions
from ..engine.ap import COSTS, ap_cost, move_path
from ..model.actions import Action, APAction, Move, player_name
from ..model.records import AP_PER_TURN, CHANCE, Phase, TurnKind
from ..model.state import State
from ..model.view import View
from ._jsonread import JSON
from .jsonio import action_to_json
from .notation import action_token

__all__ = [
    "Decision",
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


def _entry(position: State, action: Action, token: str) -> JSON:
    """One action of the decision: its token, its JSON and, in an action-point phase,
    its cost (and a move's path)."""
    out: JSON = {"token": token, "action": action_to_json(action, position.rules.manifest)}
    cost = action_cost(position, action)
    if cost is not None:
        out["cost"] = cost
        if isinstance(action, Move):
            out["path"] = list(action_path(position, action))
    return out


def decision_to_json(state: State | View) -> JSON:
    """The decision as JSON: ``{"type": "decision", "kind", "for", "actors", "text",
    "words", "clauses", "legal": [{"player": 0 or "chance", "actions": [{"token",
    "action"}, ...]}]}``. ``for`` is the player of the view it is made for (``null``
    for a spectator's view or a position); ``words`` is ``text`` without clause ids
    and ``clauses`` the ids it names. In an action-point phase each action gains
    ``"cost"`` (:func:`action_cost`) and each move ``"path"`` (:func:`action_path`).

    >>> from tikalspeed import new_game, observe
    >>> msg = decision_to_json(observe(new_game(seed=1), 0))
    >>> msg["for"], msg["kind"], msg["clauses"]
    (0, 'bid', [])
    """
    d = decision(state)
    position = state.state if isinstance(state, View) else state

    def seat(p: int) -> int | str:
        return "chance" if p == CHANCE else p

    return {
        "type": "decision",
        "kind": d.kind,
        "for": state.player if isinstance(state, View) else None,
        "actors": [seat(p) for p in d.actors],
        "text": d.text,
        "words": d.words,
        "clauses": list(d.clauses),
        "legal": [
            {
                "player": seat(p),
                "actions": [
                    _entry(position, a, token) for a, token in zip(acts, d.tokens(p), strict=True)
                ],
            }
            for p, acts in d.legal
        ],
    }


def tile_name(state: State, tile: int) -> str:
    """A tile by its id and what it shows: ``C4 (temple 5)``."""
    t = terrain(state.rules.manifest)
    what = {
        Kind.TEMPLE: f"temple {t.tile_values[tile]}",
        Kind.TREASURE: f"ruin {t.tile_masks[tile]}",
        Kind.JUNGLE: "jungle",
        Kind.VOLCANO: "volcano",
    }[t.tile_kinds[tile]]
    return f"{t.tile_ids[tile]} ({what})"


def _names(players: tuple[int, ...] | list[int]) -> str:
    return ", ".join(player_name(p) for p in players) or "-"


def _top_letter(state: State) -> str:
    for letter, stack in zip(LETTERS, state.stacks, strict=False):
        if stack:
            return letter
    return "-"


def describe(state: State) -> str:
    """The decision in one line: ``P1, P2 choose 1 to 5 tokens in secret
    (SPEED-JUMP-1)``, ``P1 spends action points: 10 of 10 left``, ..."""
    phase = state.phase
    who = "chance" if state.active == CHANCE else player_name(state.active)
    if phase is Phase.TOKENS:
        waiting = [p for p in state.jumpers if not state.chosen[p]]
        return f"{_names(waiting)} choose 1 to 5 tokens in secret (SPEED-JUMP-1)"
    if phase is Phase.ACTIONS and state.turn_kind is TurnKind.JUMP:
        points = "1 action point" if state.ap == 1 else f"{state.ap} action points"
        if state.rules.jump_action == "one-kind":  # SPEED-JUMP-3, the option
            if state.speed.jump_kind:
                more = f"more '{state.speed.jump_kind}' actions"
                return f"{who} takes {more} with {points}, or ends; any left unused are lost"
            return f"{who} takes actions of one kind with {points}; any left unused are lost"
        return f"{who} takes one action with {points}; any left unused are lost"
    if phase is Phase.DRAW:
        return f"chance draws {who}'s tile from stack {_top_letter(state)}"
    if phase is Phase.REVEAL:
        return f"chance lays out a tile for auction from stack {_top_letter(state)}"
    if phase is Phase.TREASURE:
        cell = CELL_NAMES[state.dug[-1] % len(CELL_NAMES)]  # Speed marks: player*40+cell
        return f"chance turns up the treasure {who} digs on {cell}"
    if phase is Phase.PLACE:
        return f"{who} places {tile_name(state, state.hand)}"
    if phase is Phase.ACTIONS:
        return f"{who} spends action points: {state.ap} of {AP_PER_TURN} left"
    if phase is Phase.BID:
        if state.high_bidder < 0:
            high = "no bid yet"
        else:
            high = f"high bid {state.high_bid} by {player_name(state.high_bidder)}"
        return f"{who} bids or passes ({high}; in the auction: {_names(state.bidders)})"
    if phase is Phase.CHOOSE:
        return f"{who} takes a tile from the display"
    return "none, the game is over"
