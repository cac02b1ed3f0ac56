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

from ...board.hexgrid import CELL_COUNT, CELL_NAMES
from ...engine import Transition, step
from ...model.actions import (
    PIECE_NAMES,
    TREASURE_NAMES,
    Action,
    Bid,
    BuildCamp,
    CampMove,
    ChooseTile,
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
    player_name,
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
from ...model.state import Phase, State
from ...text.decision import tile_name

__all__ = ["PersonOut", "count", "in_words", "restated", "strip_clauses", "with_clause"]

_PIECES = {"w": "worker", "l": "leader"}
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


def _piece(player: int, piece: int) -> str:
    return f"{player_name(player)}'s {_PIECES[PIECE_NAMES[piece]]}"


def _cost(events: Sequence[Event]) -> str:
    spent = next((e.cost for e in events if isinstance(e, ActionTaken)), None)
    return "" if spent is None else f" ({spent} AP)"


def in_words(
    state: State, action: Action, transition: Transition | None = None, *, secret: bool = False
) -> str:
    """What ``action``, legal in ``state``, does, in words; ``transition`` is its
    :func:`~tikalspeed.step` (computed when not given). With ``secret``, a token
    choice does not say how many (SPEED-JUMP-1)."""
    done = step(state, action) if transition is None else transition
    who = player_name(action.player) if action.player >= 0 else "chance"
    cost = _cost(done.events)
    a = action
    if isinstance(a, DrawTile):
        return f"chance draws {tile_name(state, a.tile)} for {player_name(state.active)}"
    if isinstance(a, RevealTile):
        return f"chance lays out {tile_name(state, a.tile)} for the auction"
    if isinstance(a, FindTreasure):
        cell = CELL_NAMES[state.dug[-1] % CELL_COUNT]  # Speed marks: player * 40 + cell
        kind = TREASURE_NAMES[a.kind]
        return f"chance turns up treasure {kind} for {player_name(state.active)} at {cell}"
    if isinstance(a, PlaceTile):
        turned = f", turned {a.rotation}" if a.rotation else ""
        return f"{who} places {tile_name(state, state.hand)} on {CELL_NAMES[a.cell]}{turned}"
    if isinstance(a, Enter):
        return f"{_piece(a.player, a.piece)} enters at {CELL_NAMES[a.cell]}{cost}"
    if isinstance(a, Move | CampMove):
        way = " between camps" if isinstance(a, CampMove) else ""
        route = f"{CELL_NAMES[a.origin]} → {CELL_NAMES[a.destination]}"
        return f"{_piece(a.player, a.piece)} moves {route}{way}{cost}"
    if isinstance(a, Uncover):
        level = done.state.temples[a.cell]
        return f"{who} raises the temple at {CELL_NAMES[a.cell]} to {level}{cost}"
    if isinstance(a, TakeTreasure):
        return f"{who} digs in the ruin at {CELL_NAMES[a.cell]}{cost}"
    if isinstance(a, Exchange):
        give, take = TREASURE_NAMES[a.give], TREASURE_NAMES[a.take]
        return f"{who} gives treasure {give} to {player_name(a.other)} for {take}{cost}"
    if isinstance(a, BuildCamp):
        return f"{who} builds a camp at {CELL_NAMES[a.cell]}{cost}"
    if isinstance(a, Guard):
        return f"{_piece(a.player, a.piece)} guards the temple at {CELL_NAMES[a.cell]}{cost}"
    if isinstance(a, EndTurn):
        if state.phase is Phase.TOKENS:  # SPEED-JUMP-8: a stop, as secret as a count
            if secret:
                return f"{who} chooses tokens in secret"
            return f"{who} stops taking part in this round's Jumps"
        return f"{who} ends the turn, {count(state.ap, 'action point')} unused"
    if isinstance(a, Bid):
        return f"{who} bids {a.amount}"
    if isinstance(a, PassBid):
        return f"{who} passes"
    if isinstance(a, ChooseTile):
        return f"{who} takes {tile_name(state, a.tile)} from the display"
    if secret:
        return f"{who} chooses tokens in secret"
    return f"{who} takes {count(a.count, 'token')}"


def restated(action: Action, events: Sequence[Event]) -> Event | None:
    """The first of ``events`` if it only says what ``action`` did (``P1 bids 3``),
    else ``None``: the narration prints its clause on the action's line instead."""
    return restating(_SAME, action, events)


def with_clause(words: str, clause: str) -> str:
    """``words`` with ``clause``: inside a closing ``(… AP)``, else in parentheses."""
    if words.endswith(" AP)"):
        return f"{words[:-1]}, {clause})"
    return f"{words} ({clause})"
