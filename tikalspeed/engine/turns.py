"""The base game's turn machinery (TIKAL-TURN, -SCORE, -END): :class:`Classic`.

Turns, the volcano scoring rounds, the final round and applying every action of the
base game. The other modes are subclasses that change what they must
(:class:`~tikalspeed.engine.auction.Professional`, then
:class:`~tikalspeed.engine.speed.Speed`); nothing here knows them. Each step of a turn
is a method, so that a mode over this one changes a step by overriding it.
"""

from __future__ import annotations

from ..board.terrain import placements, terrain
from ..board.tiles import Kind
from ..model.actions import (
    APAction,
    BuildCamp,
    CampMove,
    DrawTile,
    EndTurn,
    Enter,
    Exchange,
    FindTreasure,
    Guard,
    Move,
    PlaceTile,
    TakeTreasure,
    Uncover,
)
from ..model.events import (
    GameOver,
    Scored,
    TileDiscarded,
    TileDrawn,
    TilePlaced,
    TreasureFound,
    TurnBegan,
    TurnEnded,
    VolcanoSetAside,
)
from ..model.records import AP_PER_TURN, EMPTY, Outcome, TurnKind
from ..model.state import State
from .ap import ap_actions, force, spend, why_ap_illegal
from .work import (
    PHASE_ACTIONS,
    PHASE_DRAW,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_TREASURE,
    TURN_FINAL,
    TURN_NORMAL,
    TURN_SCORING,
    TURN_VOLCANO,
    Handler,
    Mode,
    Work,
)

__all__ = ["SET_SCORES", "Classic", "finish", "score_player", "take_from_stack", "tiles_left",
           "top_letter"]  # fmt: skip

SET_SCORES = (0, 1, 3, 6)
"""TIKAL-SCORE-3: points for holding 0, 1, 2 or 3 treasures of one kind."""


class Classic(Mode):
    """The base game (``Rules(mode='classic')``): each turn draws a tile, places it and
    spends 10 action points; a drawn volcano starts a scoring round (TIKAL-TURN-1..4,
    TIKAL-SCORE-1..3, TIKAL-END-1..2)."""

    name = "classic"

    # ------------------------------------------------------------------ the contract

    def start(self, w: Work) -> None:
        """TIKAL-SETUP-5: the first player starts."""
        self.begin_turn(w, TURN_NORMAL, 0)

    def handlers(self) -> dict[type, Handler]:
        table: dict[type, Handler] = {
            DrawTile: self.draw_tile,
            FindTreasure: lambda w, a: self.find_treasure(w, a.kind),
            PlaceTile: self.place_tile,
            EndTurn: lambda w, a: self.end_turn(w),
        }
        for kind in (Enter, CampMove, Move, Uncover, TakeTreasure, Exchange, BuildCamp, Guard):
            table[kind] = self.ap_action
        return table

    def draw_tile(self, w: Work, action: DrawTile) -> None:
        """TIKAL-DRAW-1: the drawn tile leaves its stack for the active player's hand."""
        take_from_stack(w, action.tile)
        w.tell(TileDrawn, w.active, terrain(w.rules.manifest).tile_ids[action.tile])
        self.take_tile(w, action.tile)

    def ap_action(self, w: Work, action: APAction) -> None:
        """TIKAL-TURN-2: an action that spends points; a dig waits for its chance node."""
        spend(w, action)
        if w.phase is not PHASE_TREASURE:
            self.action_done(w)

    def ap_actions(self, state: State) -> tuple[APAction, ...]:
        return ap_actions(state)

    def why_ap_illegal(self, state: State, action: APAction) -> tuple[str, str] | None:
        return why_ap_illegal(state, action)

    # ------------------------------------------------------------------ turns

    def turn_clause(self, kind: TurnKind) -> str:
        """The clause a turn of ``kind`` begins by."""
        return "TIKAL-TURN-2"

    def begin_turn(self, w: Work, kind: TurnKind, player: int) -> None:
        """Start a turn of ``kind`` for ``player``."""
        w.set(active=player, turn_kind=kind, raised=(), dug=(), ap=0)
        w.tell(TurnBegan, player, kind.value, self.turn_clause(kind))
        self.open_turn(w, kind)

    def open_turn(self, w: Work, kind: TurnKind) -> None:
        """The first decision of a turn of ``kind`` that has just begun."""
        if kind is TURN_NORMAL:
            w.set(phase=PHASE_DRAW)  # TIKAL-DRAW-1
        elif kind is TURN_VOLCANO:
            w.set(phase=PHASE_PLACE)  # TIKAL-SCORE-2: the volcano from hand
            self.discard_if_stuck(w)
        else:
            start_actions(w)

    def discard_if_stuck(self, w: Work) -> None:
        """TIKAL-PLACE-5: a tile in hand with no legal place leaves the game."""
        tile = w.hand
        if placements(w.rules.manifest, w.placed, tile):
            return
        w.tell(TileDiscarded, w.active, terrain(w.rules.manifest).tile_ids[tile])
        w.set(hand=-1, last_tile_player=w.active)
        self.tile_discarded(w, tile)

    def tile_discarded(self, w: Work, tile: int) -> None:
        """After TIKAL-PLACE-5: a normal turn draws again while tiles are left."""
        if w.turn_kind is TURN_NORMAL and any(w.stacks):
            w.set(phase=PHASE_DRAW)
        else:
            start_actions(w)

    def take_tile(self, w: Work, tile: int) -> None:
        """The active player now holds ``tile``: set a volcano aside, else place it."""
        t = terrain(w.rules.manifest)
        player = w.active
        w.set(hand=tile)
        if t.tile_kinds[tile] is Kind.VOLCANO:  # TIKAL-SCORE-1
            w.tell(VolcanoSetAside, player, t.tile_ids[tile])
            n = w.rules.players
            scoring = tuple((TURN_SCORING, (player + i) % n) for i in range(n))
            w.set(queue=(*scoring, (TURN_VOLCANO, player), *w.queue))
            self.next_turn(w)
            return
        w.set(phase=PHASE_PLACE)
        self.discard_if_stuck(w)

    def place_tile(self, w: Work, action: PlaceTile) -> None:
        """TIKAL-PLACE-1..4: the tile in hand goes on the board."""
        t = terrain(w.rules.manifest)
        tile, cell, p = w.hand, action.cell, action.player
        w.set_item("placed", cell, tile * 6 + action.rotation)
        if t.tile_kinds[tile] is Kind.TEMPLE:
            w.set_item("temples", cell, t.tile_values[tile])
        elif t.tile_kinds[tile] is Kind.TREASURE:  # TIKAL-PLACE-4
            w.set_item("ruins", cell, t.tile_masks[tile])
        w.set(hand=-1, last_tile_player=p)
        w.tell(TilePlaced, p, t.tile_ids[tile], cell, action.rotation)
        self.tile_placed(w, p, tile)

    def tile_placed(self, w: Work, player: int, tile: int) -> None:
        """After a placement: the turn's action points (TIKAL-TURN-2)."""
        start_actions(w)

    def find_treasure(self, w: Work, kind: int) -> None:
        """TIKAL-TREASURE-3: the dig's chance node turned up a treasure of ``kind``."""
        p = w.active
        w.set_item("hidden", kind, w.hidden[kind] - 1)
        w.set_cell("held", p, kind, w.held[p][kind] + 1)
        w.tell(TreasureFound, p, kind, w.dug[-1] % 40)
        w.set(phase=PHASE_ACTIONS)
        self.action_done(w)

    def action_done(self, w: Work) -> None:
        """After an AP action: the turn ends when its points run out (TIKAL-TURN-3)."""
        if w.ap == 0:
            self.end_turn(w)

    def end_turn(self, w: Work) -> None:
        """TIKAL-TURN-3: the turn ends; a scoring or final turn then scores its player."""
        player = w.active
        w.tell(TurnEnded, player, w.ap)
        w.set(ap=0)
        kind = w.turn_kind
        if kind is TURN_SCORING:
            score_player(w, player, "TIKAL-SCORE-1")
        elif kind is TURN_FINAL:
            score_player(w, player, "TIKAL-END-1")
        self.next_turn(w)

    def next_turn(self, w: Work) -> None:
        """Start the next queued turn; with none queued, :meth:`queue_done`."""
        queue = w.queue
        if queue:
            (kind, player), rest = queue[0], queue[1:]
            w.set(queue=rest)
            self.begin_turn(w, kind, player)
            return
        self.queue_done(w)

    def queue_done(self, w: Work) -> None:
        """No turn is queued: the next normal turn, the final round, or the end."""
        if w.turn_kind is TURN_FINAL:
            finish(w)
        elif not tiles_left(w):
            self.start_final_round(w)
        else:
            self.next_normal_turn(w)

    def next_normal_turn(self, w: Work) -> None:
        """TIKAL-TURN-1: the next player clockwise."""
        player = w.next_player
        w.set(next_player=(player + 1) % w.rules.players)
        self.begin_turn(w, TURN_NORMAL, player)

    def final_order(self, w: Work) -> list[int]:
        """TIKAL-END-1: the final round goes clockwise after the last tile's player."""
        n, last = w.rules.players, w.last_tile_player
        return [(last + 1 + i) % n for i in range(n)]

    def start_final_round(self, w: Work) -> None:
        """TIKAL-END-1: everyone takes a last 10-AP turn and scores."""
        order = self.final_order(w)
        w.set(queue=tuple((TURN_FINAL, p) for p in order[1:]))
        self.begin_turn(w, TURN_FINAL, order[0])


def start_actions(w: Work) -> None:
    """TIKAL-TURN-2: the turn's 10 action points."""
    w.set(phase=PHASE_ACTIONS, ap=AP_PER_TURN)


def score_player(w: Work, player: int, clause: str) -> None:
    """TIKAL-SCORE-3: temples held by guard or strict majority, and treasure sets."""
    state = w.now
    temples = 0
    n = w.rules.players
    guards = state.jungle.guards
    for cell, value in enumerate(state.jungle.temples):
        if not value:
            continue
        guard = guards[cell]
        if guard != EMPTY:
            temples += value if guard == player else 0
            continue
        mine = force(state, player, cell)
        if mine and all(force(state, o, cell) < mine for o in range(n) if o != player):
            temples += value
    treasures = sum(SET_SCORES[min(k, 3)] for k in state.expeditions.held[player])
    w.tell(Scored, player, temples, treasures, clause)
    w.set_item("scores", player, w.scores[player] + temples + treasures)


def finish(w: Work) -> None:
    """TIKAL-END-2: most points wins; several on top share the win."""
    scores = tuple(w.scores)
    best = max(scores)
    top = [p for p, s in enumerate(scores) if s == best]
    outcome = Outcome(top[0] if len(top) == 1 else None, scores, "final-scoring")
    w.tell(GameOver, outcome)
    w.set(phase=PHASE_OVER, result=outcome)


def tiles_left(w: Work) -> bool:
    """Whether any tile is still to be played: in the stacks, in hand or on display."""
    return bool(w.hand >= 0 or w.display or any(w.stacks))


def top_letter(state: State) -> int:
    """The index of the topmost letter stack that still holds tiles (TIKAL-DRAW-1)."""
    for i, stack in enumerate(state.jungle.stacks):
        if stack:
            return i
    return -1


def take_from_stack(w: Work, tile: int) -> None:
    """The drawn or revealed ``tile`` leaves its stack (the topmost letter)."""
    stacks = list(w.stacks)
    i = top_letter(w.state)
    stacks[i] = tuple(t for t in stacks[i] if t != tile)
    w.set(stacks=tuple(stacks))
