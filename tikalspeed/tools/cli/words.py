"""Actions in words, for the narration of ``tikalspeed play`` and ``replay``.

:func:`in_words` says what an action does in the game's language: ``P2's leader
enters at a1 (1 AP)``, ``P1 bids 3``, ``chance draws C4 (temple 5) for P1``; an action
that spends action points says how many it really cost (the engine's debit, as the
:class:`~tikalspeed.model.events.ActionTaken` event records it). :func:`restated`
finds the event that only repeats the action (its clause goes on the action's line),
:func:`strip_clauses` takes the clause ids out of a text (``--no-clauses``), and
:class:`PersonOut` is the stream the command line writes to a person through.

>>> from tikalspeed import Rules, new_game, parse_action
>>> s = new_game(Rules(mode="professional", players=3), seed=2)
>>> in_words(s, parse_action(s, "bid:2"))
'P1 bids 2'
>>> strip_clauses("P1 bids 2 (TIKAL-AUCTION-3); P2 enters (1 AP, TIKAL-ENTER-1)")
'P1 bids 2; P2 enters (1 AP)'
"""

from __future__ import annotations

from collections.abc import Sequence

from gamekit.words import PersonOut, restating, strip_clauses

from ...engine import Transition, step
from ...model.actions import (
    Action,
    Bid,
    BuildCamp,
    CampMove,
    ChooseTokens,
    DrawTile,
    EndTurn,
    Enter,
    Exchange,
    FindTreasure,
    Guard,
    Move,
    PassBid,
    PlaceTile,
    RevealTile,
    TakeTreasure,
    Uncover,
)
from ...model.events import (
    ActionTaken,
    BidMade,
    Event,
    TileDrawn,
    TilePlaced,
    TileRevealed,
    TokensChosen,
    TreasureFound,
    TurnEnded,
)
from ...model.state import State
from ...text.words import action_words

__all__ = ["PersonOut", "count", "in_words", "restated", "strip_clauses", "with_clause"]

_SAME: dict[type, type | tuple[type, ...]] = {
    DrawTile: TileDrawn,
    RevealTile: TileRevealed,
    FindTreasure: TreasureFound,
    PlaceTile: TilePlaced,
    Bid: BidMade,
    PassBid: BidMade,
    ChooseTokens: TokensChosen,
    EndTurn: (TurnEnded, TokensChosen),  # a stop at a token choice is told as a count
    **{kind: ActionTaken for kind in (Enter, CampMove, Move, Uncover, TakeTreasure)},
    **{kind: ActionTaken for kind in (Exchange, BuildCamp, Guard)},
}
"""The event that says no more than the action itself, by the kind of action."""


def count(n: int, thing: str) -> str:
    """``1 action point``, ``3 action points``: never ``point(s)``."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _cost(events: Sequence[Event]) -> int | None:
    return next((e.cost for e in events if isinstance(e, ActionTaken)), None)


def in_words(
    state: State, action: Action, transition: Transition | None = None, *, secret: bool = False
) -> str:
    """What ``action``, legal in ``state``, does, in words
    (:func:`tikalspeed.text.words.action_words`, in English), with what it really cost;
    ``transition`` is its :func:`~tikalspeed.step` (computed when not given). With
    ``secret``, a token choice does not say how many (SPEED-JUMP-1)."""
    done = step(state, action) if transition is None else transition
    return action_words(state, action, cost=_cost(done.events), secret=secret)


def restated(action: Action, events: Sequence[Event]) -> Event | None:
    """The first of ``events`` if it only says what ``action`` did (``P1 bids 3``),
    else ``None``: the narration prints its clause on the action's line instead."""
    return restating(_SAME, action, events)


def with_clause(words: str, clause: str) -> str:
    """``words`` with ``clause``: inside a closing ``(… AP)``, else in parentheses."""
    if words.endswith(" AP)"):
        return f"{words[:-1]}, {clause})"
    return f"{words} ({clause})"
