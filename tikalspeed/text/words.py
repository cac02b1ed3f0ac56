"""Tikal in words, for a player, in any language of :mod:`gamekit.i18n`.

:func:`action_words` says what an action does, :func:`event_words` what happened,
:func:`decision_words` who decides what, :func:`tile_words` what a tile shows:
sentences without notation or clause ids, in English (the default) or German. An
event's own ``str`` is the designer's text, with its clause and the action's token;
these are the player's.

>>> from tikalspeed import Rules, new_game, parse_action, step
>>> s = new_game(Rules(mode="professional", players=3), seed=2)
>>> a = parse_action(s, "bid:2")
>>> action_words(s, a), action_words(s, a, "de")
('P1 bids 2', 'P1 bietet 2')
>>> decision_words(s, "de")
'P1 bietet oder passt (noch kein Gebot; in der Versteigerung: P1, P2, P3)'
>>> from tikalspeed.model.events import ActionTaken
>>> event_words(ActionTaken(0, "move:l:a1:b3", 3, "TIKAL-MOVE-3"))
"P1's leader moves a1 → b3 (3 AP)"
>>> event_words(ActionTaken(0, "move:l:a1:b3", 3, "TIKAL-MOVE-3"), "de")
'der Expeditionsleiter von P1 zieht a1 → b3 (3 AP)'
"""

from __future__ import annotations

from gamekit.i18n import DEFAULT, N_, Say, words

from ..board.hexgrid import CELL_COUNT, CELL_NAMES
from ..board.terrain import terrain
from ..board.tiles import LETTERS, Kind
from ..engine.ap import next_level
from ..engine.legality import WORDS
from ..errors import IllegalActionError, Reason
from ..model.actions import (
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
from ..model.events import (
    ActionTaken,
    AuctionOpened,
    AuctionWon,
    BidMade,
    Event,
    GameOver,
    PiecesRemoved,
    PointsLost,
    Scored,
    TileDiscarded,
    TileDrawn,
    TilePlaced,
    TileRevealed,
    TileSecured,
    TokensChosen,
    TokensReturned,
    TokensRevealed,
    TreasureFound,
    TurnBegan,
    TurnEnded,
    VolcanoSetAside,
)
from ..model.records import AP_PER_TURN, CHANCE, Phase, TurnKind
from ..model.state import State
from ..model.view import View

__all__ = ["action_words", "decision_words", "event_words", "refusal_words", "tile_words"]

_PIECES = {"w": N_("{player}'s worker"), "l": N_("{player}'s leader")}
"""A player's piece, by its letter in a token."""
_TURNS = {
    "normal": N_("a turn"),
    "volcano": N_("a volcano turn"),
    "scoring": N_("a scoring turn"),
    "final": N_("a final turn"),
    "placement": N_("to place a tile"),
    "jump": N_("a Jump"),
    "bonus": N_("a bonus turn"),
}
"""A kind of turn (``TurnBegan.kind``), as words."""


def _say(lang: str) -> Say:
    return words("tikalspeed", lang)


def _piece(player: int, letter: str, say: Say) -> str:
    return say(_PIECES[letter], player=player_name(player))


def _cost(cost: int | None) -> str:
    return "" if cost is None else f" ({cost} AP)"


def _names(players: tuple[int, ...] | list[int]) -> str:
    return ", ".join(player_name(p) for p in players) or "-"


def tile_words(state: State | View, tile: int, lang: str = DEFAULT) -> str:
    """A tile by its id and what it shows: ``C4 (temple 5)``, ``A2 (ruin 4)``."""
    position = state.state if isinstance(state, View) else state
    say = _say(lang)
    t = terrain(position.rules.manifest)
    kind = t.tile_kinds[tile]
    if kind is Kind.TEMPLE:
        what = say("temple {value}", value=t.tile_values[tile])
    elif kind is Kind.TREASURE:
        what = say("ruin {treasures}", treasures=t.tile_masks[tile])
    elif kind is Kind.JUNGLE:
        what = say("jungle")
    else:
        what = say("volcano")
    return f"{t.tile_ids[tile]} ({what})"


def action_words(
    state: State | View,
    action: Action,
    lang: str = DEFAULT,
    *,
    cost: int | None = None,
    secret: bool = False,
) -> str:
    """What ``action``, legal in ``state`` (a position or a player's view), does. An
    action that spends action points says how many: ``cost`` (the engine's debit, as
    its ``ActionTaken`` event says, or what the decision offers it for). With
    ``secret``, a token choice does not say how many (SPEED-JUMP-1)."""
    position = state.state if isinstance(state, View) else state
    say = _say(lang)
    who = player_name(action.player) if action.player >= 0 else say("chance")
    spent = _cost(cost)
    a = action
    if isinstance(a, DrawTile):
        return say("chance draws {tile} for {player}", tile=tile_words(position, a.tile, lang),
                   player=player_name(position.active))  # fmt: skip
    if isinstance(a, RevealTile):
        tile = tile_words(position, a.tile, lang)
        return say("chance lays out {tile} for the auction", tile=tile)
    if isinstance(a, FindTreasure):
        cell = CELL_NAMES[position.dug[-1] % CELL_COUNT]  # Speed marks: player * 40 + cell
        return say("chance turns up treasure {kind} for {player} at {cell}",
                   kind=TREASURE_NAMES[a.kind], player=player_name(position.active),
                   cell=cell)  # fmt: skip
    if isinstance(a, PlaceTile):
        tile = tile_words(position, position.hand, lang)
        if a.rotation:
            return say("{player} places {tile} on {cell}, turned {turn}", player=who, tile=tile,
                       cell=CELL_NAMES[a.cell], turn=a.rotation)  # fmt: skip
        return say("{player} places {tile} on {cell}", player=who, tile=tile,
                   cell=CELL_NAMES[a.cell])  # fmt: skip
    if isinstance(a, Enter):
        piece = _piece(a.player, PIECE_NAMES[a.piece], say)
        return say("{piece} enters at {cell}", piece=piece, cell=CELL_NAMES[a.cell]) + spent
    if isinstance(a, Move | CampMove):
        piece = _piece(a.player, PIECE_NAMES[a.piece], say)
        route = f"{CELL_NAMES[a.origin]} → {CELL_NAMES[a.destination]}"
        if isinstance(a, CampMove):
            return say("{piece} moves {route} between camps", piece=piece, route=route) + spent
        return say("{piece} moves {route}", piece=piece, route=route) + spent
    if isinstance(a, Uncover):
        level = next_level(position, a.cell)
        return say("{player} raises the temple at {cell} to {level}", player=who,
                   cell=CELL_NAMES[a.cell], level=level) + spent  # fmt: skip
    if isinstance(a, TakeTreasure):
        return say("{player} digs in the ruin at {cell}", player=who,
                   cell=CELL_NAMES[a.cell]) + spent  # fmt: skip
    if isinstance(a, Exchange):
        return say("{player} gives treasure {give} to {other} for {take}", player=who,
                   give=TREASURE_NAMES[a.give], other=player_name(a.other),
                   take=TREASURE_NAMES[a.take]) + spent  # fmt: skip
    if isinstance(a, BuildCamp):
        return say("{player} builds a camp at {cell}", player=who, cell=CELL_NAMES[a.cell]) + spent
    if isinstance(a, Guard):
        piece = _piece(a.player, PIECE_NAMES[a.piece], say)
        return say("{piece} guards the temple at {cell}", piece=piece,
                   cell=CELL_NAMES[a.cell]) + spent  # fmt: skip
    if isinstance(a, EndTurn):
        if position.phase is Phase.TOKENS:  # SPEED-JUMP-8: a stop, as secret as a count
            if secret:
                return say("{player} chooses tokens in secret", player=who)
            return say("{player} stops taking part in this round's Jumps", player=who)
        return say.plural("{player} ends the turn, {count} action point unused",
                          "{player} ends the turn, {count} action points unused",
                          position.ap, player=who)  # fmt: skip
    if isinstance(a, Bid):
        return say("{player} bids {amount}", player=who, amount=a.amount)
    if isinstance(a, PassBid):
        return say("{player} passes", player=who)
    if isinstance(a, ChooseTile):
        return say("{player} takes {tile} from the display", player=who,
                   tile=tile_words(position, a.tile, lang))  # fmt: skip
    assert isinstance(a, ChooseTokens)
    if secret:
        return say("{player} chooses tokens in secret", player=who)
    return say.plural("{player} takes {count} token", "{player} takes {count} tokens", a.count,
                      player=who)  # fmt: skip


def _taken(e: ActionTaken, say: Say) -> str:
    """An action point action's event, from its token (``move:l:a1:b3``)."""
    who = player_name(e.player)
    head, *parts = e.token.split(":")
    spent = _cost(e.cost)
    if head in ("enter", "move", "hop") and parts and parts[0] in _PIECES:
        piece = say(_PIECES[parts[0]], player=who)
        if head == "enter" and len(parts) == 2:
            return say("{piece} enters at {cell}", piece=piece, cell=parts[1]) + spent
        if len(parts) == 3:
            route = f"{parts[1]} → {parts[2]}"
            if head == "hop":
                return say("{piece} moves {route} between camps", piece=piece, route=route) + spent
            return say("{piece} moves {route}", piece=piece, route=route) + spent
    if head == "uncover" and len(parts) == 1:
        return say("{player} raises the temple at {cell}", player=who, cell=parts[0]) + spent
    if head == "dig" and len(parts) == 1:
        return say("{player} digs in the ruin at {cell}", player=who, cell=parts[0]) + spent
    if head == "camp" and len(parts) == 1:
        return say("{player} builds a camp at {cell}", player=who, cell=parts[0]) + spent
    if head == "guard" and len(parts) == 2 and parts[1] in _PIECES:
        piece = say(_PIECES[parts[1]], player=who)
        return say("{piece} guards the temple at {cell}", piece=piece, cell=parts[0]) + spent
    if head == "swap" and len(parts) == 3:
        return say("{player} gives treasure {give} to {other} for {take}", player=who,
                   give=parts[0], other=parts[1], take=parts[2]) + spent  # fmt: skip
    return f"{who} {e.token}{spent}"  # pragma: no cover - every AP token is one of these


def event_words(event: Event, lang: str = DEFAULT) -> str:
    """What ``event`` says happened."""
    say = _say(lang)
    e = event
    if isinstance(e, ActionTaken):
        return _taken(e, say)
    if isinstance(e, TileDrawn):
        return say("{player} draws {tile}", player=player_name(e.player), tile=e.tile_id)
    if isinstance(e, TileRevealed):
        return say("{tile} is laid out for auction", tile=e.tile_id)
    if isinstance(e, TilePlaced):
        return say("{player} places {tile} on {cell}, turned {turn}",
                   player=player_name(e.player), tile=e.tile_id, cell=CELL_NAMES[e.cell],
                   turn=e.rotation)  # fmt: skip
    if isinstance(e, TileDiscarded):
        return say("{tile} fits nowhere and leaves the game", tile=e.tile_id)
    if isinstance(e, VolcanoSetAside):
        return say("{player} sets volcano {tile} aside: a scoring round",
                   player=player_name(e.player), tile=e.tile_id)  # fmt: skip
    if isinstance(e, TurnBegan):
        kind = say(_TURNS[e.kind])
        return say("{player} begins {turn}", player=player_name(e.player), turn=kind)
    if isinstance(e, TreasureFound):
        return say("{player} finds treasure {kind} at {cell}", player=player_name(e.player),
                   kind=TREASURE_NAMES[e.kind], cell=CELL_NAMES[e.cell])  # fmt: skip
    if isinstance(e, PiecesRemoved):
        who = player_name(e.player)
        cell = CELL_NAMES[e.cell]
        if e.workers and e.leader:
            return say.plural(
                "{player} takes {count} worker and the leader off {cell}",
                "{player} takes {count} workers and the leader off {cell}",
                e.workers, player=who, cell=cell,
            )  # fmt: skip
        if e.leader:
            return say("{player} takes the leader off {cell}", player=who, cell=cell)
        return say.plural("{player} takes {count} worker off {cell}",
                          "{player} takes {count} workers off {cell}",
                          e.workers, player=who, cell=cell)  # fmt: skip
    if isinstance(e, TurnEnded):
        if e.lost:
            return say.plural("{player} ends the turn, {count} action point unused",
                              "{player} ends the turn, {count} action points unused",
                              e.lost, player=player_name(e.player))  # fmt: skip
        return say("{player} ends the turn", player=player_name(e.player))
    if isinstance(e, Scored):
        return say("{player} scores {total}: {temples} for temples, {treasures} for treasures",
                   player=player_name(e.player), total=e.temples + e.treasures,
                   temples=e.temples, treasures=e.treasures)  # fmt: skip
    if isinstance(e, AuctionOpened):
        return say("an auction opens; bidding order {players}", players=_names(e.bidders))
    if isinstance(e, BidMade):
        if e.amount:
            return say("{player} bids {amount}", player=player_name(e.player), amount=e.amount)
        return say("{player} passes", player=player_name(e.player))
    if isinstance(e, AuctionWon):
        return say("{player} wins the auction for {price}", player=player_name(e.player),
                   price=e.price)  # fmt: skip
    if isinstance(e, TileSecured):
        return say("{player} secures {tile}; Round Order {players}",
                   player=player_name(e.player), tile=e.tile_id,
                   players=_names(e.round_order))  # fmt: skip
    if isinstance(e, TokensChosen):
        return say("{player} has chosen", player=player_name(e.player))
    if isinstance(e, TokensRevealed):
        shown = ", ".join(f"{player_name(p)} {e.chosen[p]}" for p in e.order)
        return say("the tokens are revealed: {choices}", choices=shown)
    if isinstance(e, PointsLost):
        who = player_name(e.player)
        if e.clause == "SPEED-JUMP-8":
            return say.plural("{player} forfeits the {count} token left",
                              "{player} forfeits the {count} tokens left",
                              e.points, player=who)  # fmt: skip
        return say.plural("{player} leaves {count} action point unused",
                          "{player} leaves {count} action points unused",
                          e.points, player=who)  # fmt: skip
    if isinstance(e, TokensReturned):
        return say("the Jumps are over: all tokens return")
    assert isinstance(e, GameOver)
    o = e.outcome
    scores = ", ".join(str(s) for s in o.scores)
    if o.winner is None:
        return say("game over: a shared win, scores {scores}", scores=scores)
    return say("game over: {player} wins, scores {scores}", player=player_name(o.winner),
               scores=scores)  # fmt: skip


def _top_letter(state: State) -> str:
    for letter, stack in zip(LETTERS, state.stacks, strict=False):
        if stack:
            return letter
    return "-"


def decision_words(state: State | View, lang: str = DEFAULT) -> str:
    """Who decides what in ``state``: ``P1 spends action points: 10 of 10 left``."""
    say = _say(lang)
    position = state.state if isinstance(state, View) else state
    phase = position.phase
    who = say("chance") if position.active == CHANCE else player_name(position.active)
    if phase is Phase.TOKENS:
        waiting = [p for p in position.jumpers if not position.chosen[p]]
        return say("{players} choose 1 to 5 tokens in secret", players=_names(waiting))
    if phase is Phase.ACTIONS and position.turn_kind is TurnKind.JUMP:
        points = say.plural("{count} action point", "{count} action points", position.ap)
        if position.rules.jump_action == "one-kind":  # SPEED-JUMP-3, the option
            if position.speed.jump_kind:
                return say("{player} takes more '{kind}' actions with {points}, or ends; "
                           "any left unused are lost", player=who,
                           kind=say.verbatim(position.speed.jump_kind),
                           points=points)  # fmt: skip
            return say("{player} takes actions of one kind with {points}; any left unused "
                       "are lost", player=who, points=points)  # fmt: skip
        return say("{player} takes one action with {points}; any left unused are lost",
                   player=who, points=points)  # fmt: skip
    if phase is Phase.DRAW:
        return say("chance draws {player}'s tile from stack {letter}", player=who,
                   letter=_top_letter(position))  # fmt: skip
    if phase is Phase.REVEAL:
        return say("chance lays out a tile for auction from stack {letter}",
                   letter=_top_letter(position))  # fmt: skip
    if phase is Phase.TREASURE:
        cell = CELL_NAMES[position.dug[-1] % len(CELL_NAMES)]  # Speed marks: player*40+cell
        return say("chance turns up the treasure {player} digs on {cell}", player=who, cell=cell)
    if phase is Phase.PLACE:
        return say("{player} places {tile}", player=who,
                   tile=tile_words(position, position.hand, lang))  # fmt: skip
    if phase is Phase.ACTIONS:
        return say("{player} spends action points: {left} of {all} left", player=who,
                   left=position.ap, all=AP_PER_TURN)  # fmt: skip
    if phase is Phase.BID:
        if position.high_bidder < 0:
            return say("{player} bids or passes (no bid yet; in the auction: {players})",
                       player=who, players=_names(position.bidders))  # fmt: skip
        return say("{player} bids or passes (high bid {bid} by {bidder}; in the auction: "
                   "{players})", player=who, bid=position.high_bid,
                   bidder=player_name(position.high_bidder),
                   players=_names(position.bidders))  # fmt: skip
    if phase is Phase.CHOOSE:
        return say("{player} takes a tile from the display", player=who)
    return say("none, the game is over")


def refusal_words(error: IllegalActionError | Reason, lang: str = DEFAULT) -> str:
    """Why an action is refused, in the player's language and without the clause id:
    the template of an :class:`~tikalspeed.IllegalActionError` (or of the
    :class:`~tikalspeed.errors.Reason` of ``why_illegal``'s ``(clause, reason)``) said
    with its fields, a field that is a word (``tikalspeed.engine.legality.WORDS``:
    ``chance``, the kind of a Jump's actions) said in the language too. In English it
    is the message itself.

    >>> from tikalspeed import IllegalActionError, Rules, new_game, parse_action, step
    >>> s = new_game(Rules(mode="professional", players=3), seed=2)
    >>> try:
    ...     step(s, parse_action(s, "bid:100"))
    ... except IllegalActionError as e:
    ...     error = e
    >>> str(error)
    'bid:100 is more than your score (20) (TIKAL-AUCTION-3)'
    >>> refusal_words(error)
    'bid:100 is more than your score (20)'
    >>> refusal_words(error, "de")
    'bid:100 ist mehr als dein Punktestand (20)'
    """
    say = _say(lang)
    fields = {
        name: say.verbatim(value) if type(value) is str and value in WORDS else value
        for name, value in error.fields.items()
    }
    return say(error.template, **fields)
