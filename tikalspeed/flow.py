"""The turn machinery: turns, scoring rounds, the final round, and applying actions.

The auction lives in :mod:`tikalspeed.auction`, the Speed rounds in
:mod:`tikalspeed.speed`; all build the next state on a :class:`~tikalspeed.work.Work`.
"""

from __future__ import annotations

from .actions import (
    LEADER,
    WORKER,
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
)
from .apactions import CLAUSES, COSTS, force, mark, move_cost, next_level
from .auction import bid, continue_auctions, display_size
from .events import (
    ActionTaken,
    Event,
    GameOver,
    PiecesRemoved,
    Scored,
    TileDiscarded,
    TileDrawn,
    TilePlaced,
    TileRevealed,
    TreasureFound,
    TurnBegan,
    TurnEnded,
    VolcanoSetAside,
)
from .state import AP_PER_TURN, EMPTY, GUARDING, REMOVED, Outcome, Phase, State, TurnKind
from .terrain import placements, terrain
from .tiles import Kind
from .work import Work, take_from_stack, tiles_left

SET_SCORES = (0, 1, 3, 6)
"""TIKAL-SCORE-3: points for holding 0, 1, 2 or 3 treasures of one kind."""



# --------------------------------------------------------------------------- turns


_BEGAN = {TurnKind.PLACEMENT: "SPEED-PLACE-1", TurnKind.BONUS: "SPEED-SCORE-2"}


def begin_turn(w: Work, kind: TurnKind, player: int) -> None:
    """Start a turn of ``kind`` for ``player``."""
    w.set(active=player, turn_kind=kind, raised=(), dug=(), ap=0)
    w.events.append(TurnBegan(player, kind.value, _BEGAN.get(kind, "TIKAL-TURN-2")))
    if kind is TurnKind.NORMAL:  # classic only: auction turns start in win_auction
        w.set(phase=Phase.DRAW)  # TIKAL-DRAW-1
    elif kind is TurnKind.VOLCANO:
        w.set(phase=Phase.PLACE)  # TIKAL-SCORE-2: the volcano from hand
        discard_if_stuck(w)
    elif kind is TurnKind.PLACEMENT:  # SPEED-PLACE-1: the tile secured in the auction
        w.set(phase=Phase.PLACE, hand=w.secured[player])
        discard_if_stuck(w)
    else:
        w.set(phase=Phase.ACTIONS, ap=AP_PER_TURN)


def start_actions(w: Work) -> None:
    w.set(phase=Phase.ACTIONS, ap=AP_PER_TURN)  # TIKAL-TURN-2


def discard_if_stuck(w: Work) -> None:
    """TIKAL-PLACE-5: a tile in hand with no legal place leaves the game."""
    tile = w.hand
    if placements(w.rules.manifest, w.placed, tile):
        return
    t = terrain(w.rules.manifest)
    w.events.append(TileDiscarded(w.active, t.tile_ids[tile]))
    w.set(hand=-1, last_tile_player=w.active)
    if w.turn_kind is TurnKind.PLACEMENT:
        from . import speed

        speed.placed(w, w.active, tile, on_board=False)
        next_turn(w)
    elif w.rules.mode == "classic" and w.turn_kind is TurnKind.NORMAL and any(w.stacks):
        w.set(phase=Phase.DRAW)
    else:
        start_actions(w)


def take_tile(w: Work, tile: int) -> None:
    """The active player now holds ``tile``: set a volcano aside, else place it."""
    t = terrain(w.rules.manifest)
    player = w.active
    w.set(hand=tile)
    if t.tile_kinds[tile] is Kind.VOLCANO:  # TIKAL-SCORE-1
        w.events.append(VolcanoSetAside(player, t.tile_ids[tile]))
        n = w.rules.players
        scoring = tuple((TurnKind.SCORING, (player + i) % n) for i in range(n))
        w.set(queue=(*scoring, (TurnKind.VOLCANO, player), *w.queue))
        next_turn(w)
        return
    w.set(phase=Phase.PLACE)
    discard_if_stuck(w)


def end_turn(w: Work) -> None:
    """TIKAL-TURN-3: the turn ends; a scoring or final turn then scores its player."""
    player = w.active
    w.events.append(TurnEnded(player, w.ap))
    w.set(ap=0)
    kind = w.turn_kind
    if kind is TurnKind.SCORING:
        score_player(w, player, "TIKAL-SCORE-1")
    elif kind is TurnKind.FINAL:
        score_player(w, player, "TIKAL-END-1")
    next_turn(w)


def next_turn(w: Work) -> None:
    """Start whatever turn comes next, or end the game."""
    queue = w.queue
    if queue:
        (kind, player), rest = queue[0], queue[1:]
        w.set(queue=rest)
        begin_turn(w, kind, player)
        return
    if w.rules.mode == "speed":
        from . import speed

        speed.after_queue(w, w.turn_kind)
        return
    if w.turn_kind is TurnKind.FINAL:
        finish(w)
        return
    if not tiles_left(w):
        start_final_round(w)
        return
    if w.rules.mode == "classic":
        player = w.next_player
        w.set(next_player=(player + 1) % w.rules.players)  # TIKAL-TURN-1: clockwise
        begin_turn(w, TurnKind.NORMAL, player)
    else:
        continue_auctions(w)


def start_final_round(w: Work) -> None:
    """TIKAL-END-1 / TIKAL-AUCTION-9: everyone takes a last 10-AP turn and scores."""
    n = w.rules.players
    last = w.last_tile_player
    if w.rules.mode == "classic":
        order = [(last + 1 + i) % n for i in range(n)]
    else:
        order = sorted(range(n), key=lambda p: (w.scores[p], (p - last - 1) % n))
    w.set(queue=tuple((TurnKind.FINAL, p) for p in order[1:]))
    begin_turn(w, TurnKind.FINAL, order[0])


def score_player(w: Work, player: int, clause: str) -> None:
    """TIKAL-SCORE-3: temples held by guard or strict majority, and treasure sets."""
    state = w.now
    temples = 0
    n = w.rules.players
    for cell, value in enumerate(state.temples):
        if not value:
            continue
        guard = state.guards[cell]
        if guard != EMPTY:
            temples += value if guard == player else 0
            continue
        mine = force(state, player, cell)
        if mine and all(force(state, o, cell) < mine for o in range(n) if o != player):
            temples += value
    treasures = sum(SET_SCORES[min(k, 3)] for k in state.held[player])
    w.events.append(Scored(player, temples, treasures, clause))
    w.set_item("scores", player, w.scores[player] + temples + treasures)


def finish(w: Work) -> None:
    """TIKAL-END-2: most points wins; several on top share the win."""
    scores = tuple(w.scores)
    best = max(scores)
    top = [p for p, s in enumerate(scores) if s == best]
    outcome = Outcome(top[0] if len(top) == 1 else None, scores, "final-scoring")
    w.events.append(GameOver(outcome))
    w.set(phase=Phase.OVER, result=outcome)


# --------------------------------------------------------------------------- auction

# --------------------------------------------------------------------------- apply


def apply_action(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply a legal ``action``; return the new state and the events."""
    w = Work(state)
    t = terrain(state.rules.manifest)
    match action:
        case DrawTile(tile=tile):
            take_from_stack(w, tile)
            w.events.append(TileDrawn(state.active, t.tile_ids[tile]))
            take_tile(w, tile)
        case RevealTile(tile=tile):
            take_from_stack(w, tile)
            w.events.append(TileRevealed(t.tile_ids[tile]))
            w.set(display=(*w.display, tile))
            if len(w.display) >= display_size(w) or not any(w.stacks):
                continue_auctions(w)
        case FindTreasure(kind=kind):
            w.set_item("hidden", kind, w.hidden[kind] - 1)
            w.set_cell("held", state.active, kind, w.held[state.active][kind] + 1)
            w.events.append(TreasureFound(state.active, kind, state.dug[-1] % 40))
            w.set(phase=Phase.ACTIONS)
            if w.turn_kind is TurnKind.JUMP:
                from . import speed

                speed.end_jump_action(w)
            elif w.ap == 0:
                end_turn(w)
        case PlaceTile(player=p, cell=cell, rotation=rot):
            tile = state.hand
            w.set_item("placed", cell, tile * 6 + rot)
            if t.tile_kinds[tile] is Kind.TEMPLE:
                w.set_item("temples", cell, t.tile_values[tile])
            elif t.tile_kinds[tile] is Kind.TREASURE:  # TIKAL-PLACE-4
                w.set_item("ruins", cell, t.tile_masks[tile])
            w.set(hand=-1, last_tile_player=p)
            w.events.append(TilePlaced(p, t.tile_ids[tile], cell, rot))
            if state.turn_kind is TurnKind.PLACEMENT:
                from . import speed

                speed.placed(w, p, tile)
                next_turn(w)
            else:
                start_actions(w)
        case ChooseTile(player=p, tile=tile):
            w.set(display=tuple(x for x in state.display if x != tile))
            if state.rules.mode == "speed":
                from . import speed

                speed.secure(w, p, tile)
                continue_auctions(w)
            else:
                take_tile(w, tile)
        case ChooseTokens():
            from . import speed

            speed.choose(w, action)
        case Bid() | PassBid():
            bid(w, action)
        case EndTurn(player=p) if state.phase is Phase.TOKENS:
            from . import speed

            speed.forfeit(w, p)
        case EndTurn():
            end_turn(w)
        case _:
            _spend(w, action)
    return w.freeze(), tuple(w.events)


def _spend(w: Work, action: Action) -> None:
    """Apply an AP action other than EndTurn (TIKAL-TURN-2)."""
    state = w.state
    p = state.active
    kind = type(action)
    cost = move_cost(state, action) if isinstance(action, Move) else COSTS[kind]
    w.set(ap=state.ap - cost)
    w.events.append(ActionTaken(p, str(action), cost, CLAUSES[kind]))
    if kind is Move or kind is CampMove:  # the common case first
        a, b = action.origin, action.destination  # type: ignore[union-attr]
        if action.piece == WORKER:  # type: ignore[union-attr]
            rows = list(state.workers)
            row = list(rows[p])
            row[a] -= 1
            row[b] += 1
            rows[p] = tuple(row)
            w.set(workers=tuple(rows))
        else:
            w.set_item("leaders", p, b)
        _after_action(w)
        return
    match action:
        case Enter(piece=piece, cell=cell):
            if piece == WORKER:
                w.set_item("supply", p, state.supply[p] - 1)
                w.set_cell("workers", p, cell, state.workers[p][cell] + 1)
            else:
                w.set_item("leaders", p, cell)
        case Uncover(cell=cell):
            value = next_level(state, cell)
            assert value is not None
            w.set_item("levels", value, state.levels[value] - 1)
            w.set_item("temples", cell, value)
            w.set(raised=(*state.raised, mark(state, p, cell)))
        case TakeTreasure(cell=cell):
            w.set_item("ruins", cell, state.ruins[cell] - 1)
            w.set(dug=(*state.dug, mark(state, p, cell)), phase=Phase.TREASURE)
            return  # the chance node decides; the turn may end after it
        case Exchange(give=give, other=other, take=take):
            w.set_cell("held", p, give, state.held[p][give] - 1)
            w.set_cell("held", p, take, w.held[p][take] + 1)
            w.set_cell("held", other, take, w.held[other][take] - 1)
            w.set_cell("held", other, give, w.held[other][give] + 1)
        case BuildCamp(cell=cell):
            w.set_item("camps", cell, p)
        case Guard(cell=cell, piece=piece):
            _guard(w, p, cell, piece)
    _after_action(w)


def _after_action(w: Work) -> None:
    """A turn ends when its AP run out; in a Jump, after its one action (SPEED-JUMP-3)."""
    if w.turn_kind is TurnKind.JUMP:
        from . import speed

        speed.end_jump_action(w)
    elif w.ap == 0:
        end_turn(w)


def _guard(w: Work, p: int, cell: int, piece: int) -> None:
    """TIKAL-GUARD-3: one piece becomes the guard; the player's others there leave."""
    state = w.state
    workers_here = state.workers[p][cell]
    leader_here = state.leaders[p] == cell
    w.set_item("guards", cell, p)
    if piece == LEADER:
        w.set_item("leaders", p, GUARDING)
        removed_workers, removed_leader = workers_here, False
    else:
        w.set_item("guard_pieces", p, state.guard_pieces[p] + 1)
        removed_workers, removed_leader = workers_here - 1, leader_here
        if leader_here:
            w.set_item("leaders", p, REMOVED)
    w.set_cell("workers", p, cell, 0)
    w.set_item("removed", p, state.removed[p] + removed_workers)
    if removed_workers or removed_leader:
        w.events.append(PiecesRemoved(p, cell, removed_workers, removed_leader))
