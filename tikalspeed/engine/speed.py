"""Tikal on Speed (clauses ``SPEED-…``): :class:`Speed`, rounds of a tile auction, a
placement phase and Jumps.

The seed's variant reuses the professional auction
(:class:`~tikalspeed.engine.auction.Professional`) and every base-game action
(:mod:`tikalspeed.engine.ap`) unchanged; this module holds only what is new: the
Round Order, placing the secured tiles, the secret token choices of each Jump (a
simultaneous node: Phase.TOKENS), the order of play they give, the scoring at the
end of a volcano round with its bonus turn (or everyone's scoring turns), and the
end of the game (or its final turns). The token choices, and a Jump turn under the
readings of SPEED-JUMP-3 and SPEED-JUMP-7 that are not the default
(``Rules.jump_action``, ``jump_move``, ``jump_blocked``), are in the private module
:mod:`._jump`.
"""

from __future__ import annotations

from gamekit.i18n import N_

from ..board.terrain import terrain
from ..board.tiles import Kind
from ..bounds import shown
from ..errors import Reason
from ..model.actions import Action, APAction, ChooseTokens, EndTurn, Move, player_name
from ..model.events import (
    PointsLost,
    TileSecured,
    TokensChosen,
    TokensReturned,
    TokensRevealed,
    TurnEnded,
)
from ..model.records import MAX_TOKENS, STOP, SUPPLY, TOKENS, TurnKind
from ..model.state import State
from ._jump import (
    KEYWORDS,
    ONE_ACTION,
    cross_border,
    has_action,
    jump_actions,
    more_of_kind,
    note_opened,
    plain,
    still_to_act,
    token_choices,
    why_not,
    why_not_chosen,
)
from .ap import ap_actions, can_act, why_ap_illegal
from .auction import Professional
from .turns import finish, score_player, tiles_left
from .work import (
    PHASE_ACTIONS,
    PHASE_PLACE,
    PHASE_TOKENS,
    PHASE_TREASURE,
    TURN_BONUS,
    TURN_FINAL,
    TURN_JUMP,
    TURN_NORMAL,
    TURN_PLACEMENT,
    TURN_SCORING,
    Handler,
    Work,
)

__all__ = ["Speed"]


class Speed(Professional):
    """Tikal on Speed (``Rules()``, ``mode='speed'``)."""

    name = "speed"
    phases = (PHASE_TOKENS,)

    # ------------------------------------------------------------------ the contract

    def start(self, w: Work) -> None:
        """SPEED-TOKENS-1: 10 tokens each; then the first round's auction."""
        n = w.rules.players
        w.set(tokens=(TOKENS,) * n, secured=(-1,) * n)
        super().start(w)

    def handlers(self) -> dict[type, Handler]:
        table = super().handlers()
        end_turn = table[EndTurn]

        def end_or_forfeit(w: Work, action: EndTurn) -> None:
            if w.phase is PHASE_TOKENS:  # SPEED-JUMP-8: stopping early, in secret
                self.commit(w, action.player, STOP)
            elif w.turn_kind is TURN_JUMP:  # SPEED-JUMP-3: 'one-kind', stopping
                self.stop_jump(w)
            else:
                end_turn(w, action)

        return {**table, ChooseTokens: self.choose, EndTurn: end_or_forfeit}

    def actors(self, state: State) -> tuple[int, ...]:
        """SPEED-JUMP-1: every player in the Jump still to choose, at once and in secret."""
        chosen = state.speed.chosen
        return tuple(p for p in state.speed.jumpers if not chosen[p])

    def legal_actions(self, state: State, player: int | None) -> tuple[Action, ...]:
        who = self.actors(state) if player is None else (player,)
        return tuple(a for p in who for a in token_choices(state, p))

    def why_illegal(self, state: State, action: object) -> tuple[str, str] | None:
        player = getattr(action, "player", None)
        if type(player) is not int or player not in self.actors(state):
            if type(player) is int and 0 <= player < state.rules.players:
                who = player_name(player)
                if player not in state.speed.jumpers:  # SPEED-JUMP-5
                    return "SPEED-JUMP-5", Reason(
                        N_("{player} sits out this Jump: no points he could spend"), player=who
                    )
                return "SPEED-JUMP-1", Reason(N_("{player} has already chosen in this Jump"),
                                              player=who)  # fmt: skip
            return "SPEED-JUMP-1", Reason(N_("{player} has no token choice to make in this Jump"),
                                          player=shown(player))  # fmt: skip
        return why_not_chosen(state, player, action)

    def observe(self, state: State, player: int | None) -> State:
        """SPEED-JUMP-1: until all are revealed, another player's choice shows as ``-1``
        once made (``0`` while not yet made); a stop as much as a count (SPEED-JUMP-8).
        For a spectator (``player`` ``None``) every made choice is another's."""
        if state.turn.phase is not PHASE_TOKENS:
            return state
        chosen = state.speed.chosen
        hidden = tuple(c if p == player or not c else -1 for p, c in enumerate(chosen))
        if hidden == chosen:  # nobody else has chosen yet: nothing to hide
            return state
        w = Work(state)  # the state with the others' choices hidden, built like any other
        w.set(chosen=hidden)
        return w.freeze()

    def ap_actions(self, state: State) -> tuple[APAction, ...]:
        jump = state.turn.turn_kind is TURN_JUMP
        if jump and not plain(state.rules):
            return jump_actions(state)  # SPEED-JUMP-3/7: 'one-kind', 'border', 'lost'
        # SPEED-JUMP-3: in a Jump the player takes exactly one action, never just ends
        return ap_actions(state, not jump)

    def why_ap_illegal(self, state: State, action: APAction) -> tuple[str, str] | None:
        jump = state.turn.turn_kind is TURN_JUMP
        if jump and not plain(state.rules):
            return why_not(state, action)  # SPEED-JUMP-3/7: 'one-kind', 'border', 'lost'
        if jump and isinstance(action, EndTurn):
            return "SPEED-JUMP-3", Reason(ONE_ACTION)
        return why_ap_illegal(state, action, not jump)

    def ap_action(self, w: Work, action: APAction) -> None:
        """SPEED-JUMP-3: in a Jump, ``'one-kind'`` notes the kind of the action, and with
        ``'border'`` a move crosses one border; otherwise as in the base game."""
        state = w.state
        if state.turn.turn_kind is TURN_JUMP and not plain(state.rules):
            rules = state.rules
            if rules.jump_action == "one-kind":
                w.set(jump_kind=KEYWORDS[type(action)])
            if rules.jump_move == "border" and type(action) is Move:
                cross_border(w, action)
                self.action_done(w)
                return
            super().ap_action(w, action)
            if rules.jump_blocked == "lost" and w.phase is PHASE_TREASURE:
                note_opened(w)  # SPEED-JUMP-7: the dig, before its treasure turns up
            return
        super().ap_action(w, action)

    # ------------------------------------------------------------------ phase 1: the auction

    def tile_chosen(self, w: Work, player: int, tile: int) -> None:
        """SPEED-AUCTION-1..3: the auction winner secures ``tile`` without playing it;
        the Round Order is the order of securing, a volcano promoting its securer."""
        t = terrain(w.rules.manifest)
        secured = list(w.secured or (-1,) * w.rules.players)
        secured[player] = tile
        order = list(w.round_order)
        if t.tile_kinds[tile] is Kind.VOLCANO:
            volcanoes = sum(1 for p in order if t.tile_kinds[secured[p]] is Kind.VOLCANO)
            at = volcanoes if w.rules.two_volcanoes == "first-secured" else 0
            order.insert(at, player)
        else:
            order.append(player)
        w.set(secured=tuple(secured), round_order=tuple(order))
        w.tell(TileSecured, player, t.tile_ids[tile], tuple(order))
        self.continue_auctions(w)

    def auction_won(self, w: Work, player: int) -> None:
        """SPEED-AUCTION-1: winning secures a tile; no turn is played with it now."""

    def round_over(self, w: Work) -> None:
        """SPEED-AUCTION-1: once everyone has secured a tile, the placement phase."""
        if w.played:
            self.start_placement(w)
        else:
            super().round_over(w)

    # ------------------------------------------------------------------ phase 2: placement

    def turn_clause(self, kind: TurnKind) -> str:
        if kind is TURN_PLACEMENT:
            return "SPEED-PLACE-1"
        if kind is TURN_BONUS:
            return "SPEED-SCORE-2"
        if kind is TURN_SCORING:
            return "SPEED-SCORE-1"
        if kind is TURN_FINAL:
            return "SPEED-END-1"
        return super().turn_clause(kind)

    def start_placement(self, w: Work) -> None:
        """SPEED-PLACE-1: every player places his tile, in Round Order."""
        order = w.round_order
        w.set(queue=tuple((TURN_PLACEMENT, p) for p in order[1:]), volcano_placers=())
        self.begin_turn(w, TURN_PLACEMENT, order[0])

    def open_turn(self, w: Work, kind: TurnKind) -> None:
        if kind is TURN_PLACEMENT:  # SPEED-PLACE-1: the tile secured in the auction
            w.set(phase=PHASE_PLACE, hand=w.secured[w.active])
            self.discard_if_stuck(w)
        else:
            super().open_turn(w, kind)

    def tile_placed(self, w: Work, player: int, tile: int) -> None:
        if w.turn_kind is TURN_PLACEMENT:
            self.secured_placed(w, player, tile, on_board=True)
            self.next_turn(w)
        else:
            super().tile_placed(w, player, tile)

    def tile_discarded(self, w: Work, tile: int) -> None:
        if w.turn_kind is TURN_PLACEMENT:
            self.secured_placed(w, w.active, tile, on_board=False)
            self.next_turn(w)
        else:
            super().tile_discarded(w, tile)

    def secured_placed(self, w: Work, player: int, tile: int, on_board: bool) -> None:
        """A secured tile was placed (or, ``on_board`` false, discarded): note a volcano
        placer (SPEED-SCORE-1)."""
        if on_board and terrain(w.rules.manifest).tile_kinds[tile] is Kind.VOLCANO:
            w.set(volcano_placers=(*w.volcano_placers, player))
        secured = list(w.secured)
        secured[player] = -1
        w.set(secured=tuple(secured))

    def queue_done(self, w: Work) -> None:
        """After the placements, the Jumps; after the bonus turns, the next round; after
        the final turns, the end."""
        kind = w.turn_kind
        if kind is TURN_PLACEMENT:
            self.start_jumps(w)
        elif kind is TURN_FINAL:
            finish(w)
        else:
            self.next_round(w)

    def end_turn(self, w: Work) -> None:
        """SPEED-SCORE-1 / SPEED-END-1 with ``'turns'``: a scoring or final turn ends with
        its player's scoring; any other turn ends as in the base game."""
        kind = w.turn_kind
        if kind is not TURN_SCORING and kind is not TURN_FINAL:
            super().end_turn(w)
            return
        player = w.active
        w.tell(TurnEnded, player, w.ap)
        w.set(ap=0)
        score_player(w, player, "SPEED-SCORE-1" if kind is TURN_SCORING else "SPEED-END-1")
        self.next_turn(w)

    # ------------------------------------------------------------------ phase 3: Jumps

    def start_jumps(self, w: Work) -> None:
        """SPEED-JUMP-6: the Jump phase begins with 10 tokens each; limits restart."""
        n = w.rules.players
        w.set(tokens=(TOKENS,) * n, raised=(), dug=())
        self.next_jump(w)

    def next_jump(self, w: Work) -> None:
        """SPEED-JUMP-1/5: everyone with tokens left who can still spend them takes part."""
        tokens = w.tokens
        n = w.rules.players
        now: list[State] = []  # the state as changed so far, frozen only if needed
        jumpers = tuple(
            p
            for p in range(n)
            if tokens[p] and can_take_part(w, p, min(MAX_TOKENS, tokens[p]), now)
        )
        rules = w.rules
        if rules.jump_limits == "jump":  # SPEED-JUMP-9
            w.set(raised=(), dug=())
        if rules.jump_blocked == "lost":  # SPEED-JUMP-7: a new Jump, nothing opened yet
            w.set(opened=())
        if not jumpers:
            self.end_jumps(w)
            return
        w.set(
            phase=PHASE_TOKENS,
            jumpers=jumpers,
            chosen=(0,) * n,
            jump_order=(),
            turn_kind=TURN_JUMP,
            active=jumpers[0],
            ap=0,
        )

    def choose(self, w: Work, action: ChooseTokens) -> None:
        """SPEED-JUMP-1/2: a secret choice; once all are in, reveal and order the Jump."""
        self.commit(w, action.player, action.count)

    def commit(self, w: Work, player: int, choice: int) -> None:
        """SPEED-JUMP-1/8: ``player``'s secret choice, a count or ``STOP``: the others
        are told only that he has chosen, whichever it is; once all are in, the reveal."""
        chosen = list(w.chosen)
        chosen[player] = choice
        w.set(chosen=tuple(chosen))
        w.tell(TokensChosen, player)
        waiting = [p for p in w.jumpers if not chosen[p]]
        if waiting:
            w.set(active=waiting[0])
            return
        self.reveal_tokens(w)

    def reveal_tokens(self, w: Work) -> None:
        """SPEED-JUMP-2: the choices are shown together; the Jump is played from the
        fewest tokens to the most, ties broken by the Round Order. SPEED-JUMP-8: a
        player who chose to stop forfeits his tokens now, with the reveal, and leaves
        the phase (if nobody is left, the next Jump)."""
        if STOP in w.chosen:
            self.forfeit(w)
            if not w.jumpers:
                self.next_jump(w)
                return
        chosen = w.chosen
        rank = {p: i for i, p in enumerate(_everyone(w))}
        order = tuple(sorted(w.jumpers, key=lambda p: (chosen[p], rank[p])))
        tokens = tuple(w.tokens[p] - chosen[p] for p in range(w.rules.players))
        w.set(tokens=tokens, jump_order=order)
        w.tell(TokensRevealed, tuple(chosen), order)
        self.next_jumper(w)

    def forfeit(self, w: Work) -> None:
        """SPEED-JUMP-8 (``Rules.forfeit``), at the reveal: each player who chose to stop
        gives up the tokens he has left and leaves the Jumps of this phase."""
        tokens, chosen = list(w.tokens), list(w.chosen)
        for p in w.jumpers:
            if chosen[p] == STOP:
                w.tell(PointsLost, p, tokens[p], "SPEED-JUMP-8")
                tokens[p] = chosen[p] = 0
        jumpers = tuple(p for p in w.jumpers if chosen[p])
        w.set(tokens=tuple(tokens), chosen=tuple(chosen), jumpers=jumpers)

    def next_jumper(self, w: Work) -> None:
        """SPEED-JUMP-2/3: the next player in the Jump spends his points on one action."""
        lost = w.state.rules.jump_blocked == "lost"
        while w.jump_order:
            player, rest = w.jump_order[0], w.jump_order[1:]
            points = w.chosen[player]
            w.set(jump_order=rest, active=player, ap=points, phase=PHASE_ACTIONS)
            if lost and w.opened:  # SPEED-JUMP-7: kept for those still to act
                w.set(opened=still_to_act(w.opened, (player, *rest)))
            if has_action(w.now) if lost else can_take_part(w, player, points, []):
                return
            w.tell(PointsLost, player, points, "SPEED-JUMP-7")  # nothing fits now
        self.next_jump(w)

    def action_done(self, w: Work) -> None:
        """SPEED-JUMP-3: after a Jump's one action, the points it did not use are lost;
        with ``'one-kind'``, only once no other action of its kind fits in them."""
        if w.turn_kind is not TURN_JUMP:
            super().action_done(w)
            return
        rules = w.state.rules
        if not plain(rules):
            if rules.jump_blocked == "lost":
                note_opened(w)  # SPEED-JUMP-7: what this action opened for those to come
            if rules.jump_action == "one-kind":
                if w.ap and more_of_kind(w.now):
                    return
                w.set(jump_kind="")
        if w.ap:
            w.tell(PointsLost, w.active, w.ap)
        w.set(ap=0)
        self.next_jumper(w)

    def stop_jump(self, w: Work) -> None:
        """SPEED-JUMP-3, ``'one-kind'``: the player stops after some actions of his kind;
        the points left are lost."""
        w.tell(PointsLost, w.active, w.ap)
        w.set(ap=0, jump_kind="")
        self.next_jumper(w)

    def end_jumps(self, w: Work) -> None:
        """SPEED-JUMP-6, SPEED-SCORE-1/2: tokens return; a volcano round scores (or each
        player takes a scoring turn), then each volcano placer takes a bonus turn of 10 AP."""
        n = w.rules.players
        w.set(tokens=(TOKENS,) * n, chosen=(), jumpers=(), jump_order=())
        w.tell(TokensReturned)
        placers = w.volcano_placers
        if not placers:
            self.next_round(w)
            return
        bonus = tuple((TURN_BONUS, p) for p in placers)
        if w.rules.volcano_scoring == "turns":  # SPEED-SCORE-1: the base game's turns
            order = _everyone(w)
            w.set(queue=(*((TURN_SCORING, p) for p in order[1:]), *bonus))
            self.begin_turn(w, TURN_SCORING, order[0])
            return
        for p in _everyone(w):
            score_player(w, p, "SPEED-SCORE-1")
        w.set(queue=bonus[1:])
        self.begin_turn(w, TURN_BONUS, placers[0])

    def next_round(self, w: Work) -> None:
        """SPEED-ROUND-1 / SPEED-END-1: a new round, or the final scoring (or turns)."""
        if not tiles_left(w):
            order = _everyone(w)
            if w.rules.final_scoring == "turns":  # SPEED-END-1: the base game's turns
                w.set(queue=tuple((TURN_FINAL, p) for p in order[1:]))
                self.begin_turn(w, TURN_FINAL, order[0])
                return
            for p in order:
                score_player(w, p, "SPEED-END-1")
            w.set(turn_kind=TURN_FINAL)
            finish(w)
            return
        n = w.rules.players
        if w.played:
            w.set(round_opener=(w.played[-1] + 1) % n)  # SPEED-AUCTION-4, as professional
        w.set(round_order=(), secured=(-1,) * n, volcano_placers=())
        w.set(turn_kind=TURN_NORMAL, raised=(), dug=(), ap=0)
        self.start_round(w)


def _everyone(w: Work) -> list[int]:
    """The Round Order, then any player who secured nothing this round, in seat order."""
    order = list(w.round_order)
    return order + [p for p in range(w.rules.players) if p not in order]


def can_take_part(w: Work, player: int, budget: int, now: list[State]) -> bool:
    """SPEED-JUMP-4: whether ``player`` has an action costing at most ``budget``. The usual
    answer, a piece in the supply that may enter at the base camp for 1 AP (TIKAL-ENTER-1),
    is read off the work copy; only otherwise is the state as changed so far frozen, once
    (into ``now``), to list his actions."""
    if budget >= 1 and (w.supply[player] or w.leaders[player] == SUPPLY):
        return True
    if not now:
        now.append(w.now)
    return can_act(now[0], player, budget)
