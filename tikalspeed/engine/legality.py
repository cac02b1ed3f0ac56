"""What is legal: who acts, every legal action, the chance outcomes, and why an
action is refused (the most specific clause it breaks).

The phases every mode shares are handled here; a phase only one mode has (Speed's
TOKENS) is the mode's own (:class:`~tikalspeed.engine.work.Mode`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import attrs

from gamekit.i18n import N_

from ..board.hexgrid import NEIGHBOURS
from ..board.terrain import EMPTY, Terrain, placements, terrain
from ..board.tiles import Kind
from ..bounds import MAX_SCORE, shown, shown_action
from ..errors import IllegalActionError, Reason
from ..model.actions import (
    Action,
    APAction,
    Bid,
    ChooseTile,
    DrawTile,
    FindTreasure,
    Move,
    PassBid,
    PlaceTile,
    RevealTile,
    player_name,
)
from ..model.records import CHANCE, Phase
from ..model.state import State
from ..model.view import View, hides
from ._jump import KEYWORDS
from .auction import Professional, bid_limit
from .fields import malformed
from .speed import Speed
from .turns import Classic, top_letter
from .work import (
    ACTION_TYPES,
    PHASE_ACTIONS,
    PHASE_BID,
    PHASE_CHOOSE,
    PHASE_DRAW,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_REVEAL,
    PHASE_TREASURE,
    Mode,
    among,
    given,
    not_asked,
)

__all__ = [
    "MODES",
    "WORDS",
    "actors",
    "chance_outcomes",
    "legal_actions",
    "mode_of",
    "refuse_view",
    "view_actions",
    "why_illegal",
    "why_illegal_in_view",
]

MODES: dict[str, Mode] = {m.name: m for m in (Classic(), Professional(), Speed())}
"""The game modes, by ``Rules.mode``."""


def mode_of(state: State) -> Mode:
    """The mode ``state`` is played in."""
    return MODES[state.rules.mode]


_CHANCE_PHASES = (PHASE_DRAW, PHASE_REVEAL, PHASE_TREASURE)
_ONE_PLAYER = (PHASE_ACTIONS, PHASE_PLACE, PHASE_BID, PHASE_CHOOSE)
"""The phases every mode shares in which the active player alone decides."""


_VIEW = N_("a View (observe()) is not a position: its player's own actions are view_actions(view)")
_HIDDEN = N_(
    "a view's position is not a position: a token choice is hidden (-1); its player's own "
    "actions are view_actions(view)"
)
_CHANCE = N_("chance")
"""Chance as a refusal names the one to act."""

WORDS: Final = frozenset([_CHANCE, *KEYWORDS.values()])
"""The words a refusal's fields may hold (:class:`~tikalspeed.errors.Reason`), each a
template of its own: chance, and a kind of action point action by its keyword (a Speed
Jump's kind, ``State.jump_kind``). :func:`tikalspeed.text.words.refusal_words` says
them in a player's language; every other field is a value (a cell, a number, a
player, a token)."""


def _seat(player: object) -> str:
    """A player as the messages name him: ``P2``, ``chance``, or the value shown."""
    if player == CHANCE and type(player) is int:
        return _CHANCE
    if type(player) is int and 0 <= player < 4:
        return player_name(player)
    return shown(player)


def _is_view(state: object) -> bool:
    return type(state) is View


def refuse_view(state: object) -> None:
    """Raise :class:`IllegalActionError` for a :class:`~tikalspeed.View` (or a view's
    position with a hidden choice) given where the engine takes a position."""
    if type(state) is View:
        raise IllegalActionError("TIKAL-TURN-4", Reason(_VIEW))
    if type(state) is State and hides(state):
        raise IllegalActionError("SPEED-JUMP-1", Reason(_HIDDEN))


def actors(state: State) -> tuple[int, ...]:
    """Who may act now: ``(player,)``, ``(CHANCE,)`` at a chance node, ``()`` once over;
    several players at a simultaneous node (a Speed Jump's secret choices)."""
    if type(state) is not State:
        refuse_view(state)
    turn = state.turn
    phase = turn.phase
    if phase in _ONE_PLAYER:
        return (turn.active,)
    if phase in _CHANCE_PHASES:
        return (CHANCE,)
    if phase is PHASE_OVER:
        return ()
    return MODES[state.rules.mode].actors(state)


def legal_actions(state: State, player: object = None) -> tuple[Action, ...]:
    """Every legal action in ``state`` (of ``player``, if given), in a fixed order; a
    ``player`` that is not one of the actors (an exact ``int``) has none.

    At a chance node these are the chance outcomes (see :func:`chance_outcomes`). A
    :class:`~tikalspeed.View` is refused (:class:`IllegalActionError`): see
    :func:`view_actions`.
    """
    if type(state) is not State:
        refuse_view(state)
    phase = state.turn.phase
    if phase is PHASE_OVER:
        return ()
    who: int | None = None
    if player is not None:
        if type(player) is not int or player not in actors(state):
            return ()
        who = player
    mode = MODES[state.rules.mode]
    if phase is PHASE_ACTIONS:
        return mode.ap_actions(state)
    if phase is PHASE_DRAW or phase is PHASE_REVEAL:
        return draws(state)
    if phase is PHASE_TREASURE:
        return tuple([_FINDS[k] for k, n in enumerate(state.jungle.hidden) if n])
    if phase in mode.phases:
        if hides(state):
            raise IllegalActionError("SPEED-JUMP-1", Reason(_HIDDEN))
        return mode.legal_actions(state, who)
    p = state.turn.active
    if phase is PHASE_PLACE:
        spots = placements(state.rules.manifest, state.jungle.placed, state.turn.hand)
        return _place_actions(spots, p)
    if phase is PHASE_BID:  # TIKAL-AUCTION-3: at most MAX_BID bids (bounds)
        top = bid_limit(state, p)
        return (_PASSES[p], *[_bid(p, a) for a in range(state.auction.high_bid + 1, top + 1)])
    t = terrain(state.rules.manifest)
    choices, n = _choices(t), len(t.tile_ids)
    return tuple([choices[p * n + i] for i in state.auction.display])


_FINDS = tuple(FindTreasure(k) for k in range(8))
_CHOICES: dict[int, tuple[Terrain, tuple[ChooseTile, ...]]] = {}


def _choices(t: Terrain) -> tuple[ChooseTile, ...]:
    """Shared ChooseTile instances of a terrain's tiles: index player * tiles + tile."""
    found = _CHOICES.get(id(t))
    if found is None or found[0] is not t:
        n = len(t.tile_ids)
        found = (t, tuple(ChooseTile(p, i, t.tile_ids[i]) for p in range(4) for i in range(n)))
        _CHOICES[id(t)] = found
    return found[1]


_PASSES = tuple(PassBid(p) for p in range(4))
_BIDS = tuple(Bid(p, a) for p in range(4) for a in range(100))
"""Shared bids of up to 99 (index p * 100 + amount); a higher one is built when asked."""


def _bid(player: int, amount: int) -> Bid:
    return _BIDS[player * 100 + amount] if amount < 100 else Bid(player, amount)


def view_actions(view: View) -> tuple[Action, ...]:
    """The legal actions of ``view.player`` in the position he sees (``()`` if he has
    no decision now): exactly his legal actions in the position itself, since his own
    decision never depends on what is hidden from him (SPEED-JUMP-1). A spectator's
    view (``player`` ``None``) has none.

    >>> from tikalspeed import new_game, observe, legal_actions
    >>> s = new_game(seed=1)
    >>> view_actions(observe(s, 0)) == legal_actions(s, 0)
    True
    >>> view_actions(observe(s, None))
    ()
    """
    state, player = view.state, view.player
    if player is None or player not in actors(state):
        return ()
    if state.turn.phase in MODES[state.rules.mode].phases:
        return MODES[state.rules.mode].legal_actions(state, player)
    return legal_actions(state, player)


def why_illegal_in_view(view: View, action: object) -> tuple[str, str] | None:
    """``(clause, reason)`` if ``action`` is not a legal action of ``view.player`` in
    the position he sees, else ``None``: :func:`why_illegal` for his own decision, and
    an action of anyone else refused (TIKAL-TURN-4), and every action in a spectator's
    view, which decides nothing."""
    state, player = view.state, view.player
    if player is None:  # model.view.SPECTATOR, after the action
        return "TIKAL-TURN-4", Reason(
            N_("{action}: a spectator's view (observe(state, None)) decides nothing"),
            action=shown_action(action),
        )
    owner = getattr(action, "player", None)
    if owner != player or type(owner) is not int:
        return "TIKAL-TURN-4", Reason(N_("{action} is not a decision of the view's player"),
                                      action=shown_action(action))  # fmt: skip
    mode = MODES[state.rules.mode]
    if state.turn.phase in mode.phases:
        return mode.why_illegal(state, action)
    return why_illegal(state, action)


_DRAWS: dict[tuple[int, bool, tuple[int, ...]], tuple[Action, ...]] = {}
"""The chance outcomes of a stack, by terrain, kind of draw and stack (shared)."""


def draws(state: State) -> tuple[Action, ...]:
    """The outcomes of a DRAW or REVEAL node, one per tile of the top stack, in the
    stack's order (shared action objects, uniform: TIKAL-DRAW-1)."""
    t = terrain(state.rules.manifest)
    stack = state.jungle.stacks[top_letter(state)]
    draw = state.turn.phase is PHASE_DRAW
    key = (id(t), draw, stack)  # a terrain lives as long as its manifest's cache entry
    found = _DRAWS.get(key)
    if found is None:
        kind = DrawTile if draw else RevealTile
        found = tuple([kind(i, t.tile_ids[i]) for i in stack])
        if len(_DRAWS) >= 256:  # kept short: long-lived entries slow the collector
            _DRAWS.clear()
        _DRAWS[key] = found
    return found


_PLACES = tuple(PlaceTile(p, c, r) for p in range(4) for c in range(40) for r in range(6))
"""Shared PlaceTile instances (actions are values): index (player * 40 + cell) * 6 + turn."""


_Spots = tuple[tuple[int, int], ...]
_PLACE_ACTIONS: dict[tuple[int, int], tuple[_Spots, tuple[PlaceTile, ...]]] = {}


def _place_actions(spots: tuple[tuple[int, int], ...], player: int) -> tuple[PlaceTile, ...]:
    """The PlaceTile actions for ``spots`` (shared while the same spots are asked for)."""
    entry = _PLACE_ACTIONS.get((id(spots), player))
    if entry is None or entry[0] is not spots:
        base = player * 240
        entry = (spots, tuple([_PLACES[base + c * 6 + r] for c, r in spots]))
        if len(_PLACE_ACTIONS) >= 64:  # as many as boards kept (terrain._INFO_LIMIT)
            _PLACE_ACTIONS.clear()
        _PLACE_ACTIONS[(id(spots), player)] = entry
    return entry[1]


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance node, every outcome with its exact probability (summing to 1).

    A tile is drawn uniformly from the topmost letter still holding tiles
    (TIKAL-DRAW-1); a dug treasure uniformly from the copies not yet face up
    (TIKAL-TREASURE-3). Elsewhere this returns ``()``.
    """
    refuse_view(state)
    if state.turn.phase is PHASE_TREASURE:
        hidden = state.jungle.hidden
        total = sum(hidden)
        return tuple([(_FINDS[k], Fraction(n, total)) for k, n in enumerate(hidden) if n])
    if state.turn.phase is PHASE_DRAW or state.turn.phase is PHASE_REVEAL:
        outs = draws(state)
        p = Fraction(1, len(outs))
        return tuple((a, p) for a in outs)
    return ()


_KINDS: dict[Phase, tuple[type, ...]] = {
    PHASE_DRAW: (DrawTile,),
    PHASE_REVEAL: (RevealTile,),
    PHASE_TREASURE: (FindTreasure,),
    PHASE_PLACE: (PlaceTile,),
    PHASE_BID: (Bid, PassBid),
    PHASE_CHOOSE: (ChooseTile,),
}

_CLAUSE = {
    DrawTile: "TIKAL-DRAW-1",
    RevealTile: "TIKAL-AUCTION-2",
    FindTreasure: "TIKAL-TREASURE-3",
    PlaceTile: "TIKAL-PLACE-1",
    Bid: "TIKAL-AUCTION-3",
    PassBid: "TIKAL-AUCTION-3",
    ChooseTile: "TIKAL-AUCTION-5",
}


def why_illegal(state: State, action: object) -> tuple[str, str] | None:
    """Return ``(clause, reason)`` if ``action`` is not legal in ``state``, else ``None``
    (a :class:`~tikalspeed.View` is not a position: see :func:`why_illegal_in_view`)."""
    if type(state) is not State and _is_view(state):
        return "TIKAL-TURN-4", Reason(_VIEW)
    phase = state.turn.phase
    if phase is PHASE_OVER:
        return "TIKAL-TURN-4", Reason(N_("the game is over"))
    mode = MODES[state.rules.mode]
    if type(action) not in ACTION_TYPES:
        return "TIKAL-TURN-4", Reason(
            N_("{action} is not a Tikal action (parse_action reads a token)"), action=shown(action)
        )
    if phase in mode.phases:
        if hides(state):
            return "SPEED-JUMP-1", Reason(_HIDDEN)
        return mode.why_illegal(state, action)
    player = getattr(action, "player", None)
    actor = CHANCE if phase in _CHANCE_PHASES else state.turn.active
    if type(player) is not int or player != actor:
        if actor == CHANCE:
            return "TIKAL-TURN-4", Reason(N_("{who} may not act now: it is a chance node"),
                                          who=_seat(player))  # fmt: skip
        return "TIKAL-TURN-4", Reason(N_("{who} may not act now: it is {player}'s decision"),
                                      who=_seat(player), player=player_name(actor))  # fmt: skip
    if phase is PHASE_ACTIONS:
        if type(action) is Move:  # the common case: checked field by field below
            return mode.why_ap_illegal(state, action)
        if not isinstance(action, APAction):
            return "TIKAL-TURN-4", not_asked(state, action)
    elif type(action) not in _KINDS[phase]:
        return "TIKAL-TURN-4", not_asked(state, action)
    bad = malformed(state, action)
    if bad is not None:
        return "TIKAL-TURN-4", Reason(N_("{action} is malformed: {fault}"),
                                      action=shown_action(action), fault=bad)  # fmt: skip
    if phase is PHASE_ACTIONS:
        return mode.why_ap_illegal(state, action)  # type: ignore[arg-type]
    if phase is PHASE_BID:  # a range, checked in constant time (no list of bids)
        return _why_bid(state, action)  # type: ignore[arg-type]
    if isinstance(action, PlaceTile) and type(given(action, "rotation")) is not int:
        return _why_place(state, action)  # True == 1 and 2.0 == 2: not a turn
    if among(action, legal_actions(state)):
        return None
    if isinstance(action, PlaceTile):
        return _why_place(state, action)
    return _CLAUSE[type(action)], Reason(N_("{action} is not possible here"),
                                         action=_token(state, action))  # fmt: skip


def _token(state: State, action: object) -> str:
    """The action's token, with the tile id looked up where the action names a tile."""
    tile = getattr(action, "tile", None)
    if isinstance(action, (DrawTile, RevealTile, ChooseTile)) and tile is not None:
        tile_id = terrain(state.rules.manifest).tile_ids[tile]
        return str(attrs.evolve(action, tile_id=tile_id))
    return str(action)


def _why_bid(state: State, action: Bid | PassBid) -> tuple[str, str] | None:
    """TIKAL-AUCTION-3: a pass, or a bid above the high bid and within the bidder's
    limit (:func:`~tikalspeed.engine.auction.bid_limit`); the fields are already checked."""
    if isinstance(action, PassBid):
        return None
    amount, top = action.amount, bid_limit(state, action.player)
    if state.auction.high_bid < amount <= top:
        return None
    high = state.auction.high_bid
    token = str(action)
    if amount <= high:
        if not high:
            return "TIKAL-AUCTION-3", Reason(N_("{action}: a bid is at least 1"), action=token)
        by = player_name(state.auction.high_bidder)
        beaten = N_("{action} does not beat the high bid, {bid} by {player}")
        return "TIKAL-AUCTION-3", Reason(beaten, action=token, bid=high, player=by)
    score = state.expeditions.scores[action.player]
    if state.rules.max_bid == "score":
        return "TIKAL-AUCTION-3", Reason(N_("{action} is more than your score ({score})"),
                                         action=token, score=score)  # fmt: skip
    return "TIKAL-AUCTION-3", Reason(
        N_("{action} would take your score ({score}) below the bound -{bound}"),
        action=token, score=score, bound=MAX_SCORE,
    )


def _why_place(state: State, action: PlaceTile) -> tuple[str, str]:
    """The clause an illegal placement breaks (TIKAL-PLACE-1..3)."""
    cell, rot = given(action, "cell"), given(action, "rotation")
    if not (type(cell) is int and 0 <= cell < 40 and type(rot) is int and 0 <= rot < 6):
        return "TIKAL-PLACE-1", Reason(N_("{action} does not name a cell and a turn 0-5"),
                                       action=shown_action(action))  # fmt: skip
    token = str(action)
    if state.jungle.placed[cell] != EMPTY:
        return "TIKAL-PLACE-1", Reason(N_("{action}: that cell is already explored"),
                                       action=token)  # fmt: skip
    spots = placements(state.rules.manifest, state.jungle.placed, state.turn.hand)
    cells = {c for c, _ in spots}
    t = terrain(state.rules.manifest)
    stones = t.oriented[state.turn.hand][rot]
    for c, r in spots:
        if c == cell and t.oriented[state.turn.hand][r] == stones:
            return "TIKAL-PLACE-1", Reason(
                N_("{action}: turn {turn} lies as turn {same}; write it as turn {same}"),
                action=token, turn=rot, same=r,
            )
    if cell in cells or (
        t.tile_kinds[state.turn.hand] is not Kind.VOLCANO
        and any(state.jungle.placed[n] != EMPTY for n in NEIGHBOURS[cell])
    ):
        return "TIKAL-PLACE-2", Reason(N_("{action}: the tile must join an explored hex by "
                                          "stones"), action=token)  # fmt: skip
    return "TIKAL-PLACE-1", Reason(N_("{action}: the cell must touch an explored hex"),
                                   action=token)  # fmt: skip
