"""Tikal on Speed: rounds of a tile auction, a placement phase and Jumps.

The seed's variant (``specs/tikal.md``, clauses ``SPEED-…``) reuses the professional
auction (:mod:`tikalspeed.flow`) and every base-game action
(:mod:`tikalspeed.apactions`) unchanged; this module holds only what is new: the
Round Order, placing the secured tiles, the secret token choices of each Jump, the
order of play they give, the scoring at the end of a volcano round with its bonus
turn, and the end of the game.
"""

from __future__ import annotations

from .actions import ChooseTokens
from .apactions import can_act
from .auction import start_round
from .events import PointsLost, TileSecured, TokensChosen, TokensReturned, TokensRevealed
from .flow import begin_turn, finish, score_player
from .state import Phase, TurnKind
from .terrain import terrain
from .tiles import Kind
from .work import Work, tiles_left

TOKENS = 10
"""SPEED-TOKENS-1: tokens per player."""
MAX_TOKENS = 5
"""SPEED-JUMP-1: the most tokens a player may take for one Jump."""


def secure(w: Work, player: int, tile: int) -> None:
    """SPEED-AUCTION-1..3: the auction winner secures ``tile`` without playing it; the
    Round Order is the order of securing, a volcano promoting its securer to first."""
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
    w.events.append(TileSecured(player, t.tile_ids[tile], tuple(order)))


def start_placement(w: Work) -> None:
    """SPEED-PLACE-1: every player places his tile, in Round Order."""
    order = w.round_order
    w.set(queue=tuple((TurnKind.PLACEMENT, p) for p in order[1:]), volcano_placers=())
    begin_turn(w, TurnKind.PLACEMENT, order[0])


def placed(w: Work, player: int, tile: int, on_board: bool = True) -> None:
    """A secured tile was placed (or, ``on_board`` false, discarded): note a volcano
    placer (SPEED-SCORE-1)."""
    if on_board and terrain(w.rules.manifest).tile_kinds[tile] is Kind.VOLCANO:
        w.set(volcano_placers=(*w.volcano_placers, player))
    secured = list(w.secured)
    secured[player] = -1
    w.set(secured=tuple(secured))


def after_queue(w: Work, finished: TurnKind) -> None:
    """What follows once the queued turns of a phase are done."""
    if finished is TurnKind.PLACEMENT:
        start_jumps(w)
    else:
        next_round(w)


def start_jumps(w: Work) -> None:
    """SPEED-JUMP-6: the Jump phase begins with 10 tokens each; limits restart."""
    n = w.rules.players
    w.set(tokens=(TOKENS,) * n, raised=(), dug=())
    next_jump(w)


def next_jump(w: Work) -> None:
    """SPEED-JUMP-1/5: everyone with tokens left who can still spend them takes part."""
    state = w.now
    n = w.rules.players
    jumpers = tuple(
        p
        for p in range(n)
        if state.tokens[p] and can_act(state, p, min(MAX_TOKENS, state.tokens[p]))
    )
    if w.rules.jump_limits == "jump":  # SPEED-JUMP-9
        w.set(raised=(), dug=())
    if not jumpers:
        end_jumps(w)
        return
    w.set(
        phase=Phase.TOKENS,
        jumpers=jumpers,
        chosen=(0,) * n,
        jump_order=(),
        turn_kind=TurnKind.JUMP,
        active=jumpers[0],
        ap=0,
    )


def choose(w: Work, action: ChooseTokens) -> None:
    """SPEED-JUMP-1/2: a secret choice; once all are in, reveal and order the Jump."""
    chosen = list(w.chosen)
    chosen[action.player] = action.count
    w.set(chosen=tuple(chosen))
    w.events.append(TokensChosen(action.player))
    waiting = [p for p in w.jumpers if not chosen[p]]
    if waiting:
        w.set(active=waiting[0])
        return
    reveal(w)


def reveal(w: Work) -> None:
    """SPEED-JUMP-2: the choices are shown together; the Jump is played from the fewest
    tokens to the most, ties broken by the Round Order."""
    chosen = w.chosen
    rank = {p: i for i, p in enumerate(_everyone(w))}
    order = tuple(sorted(w.jumpers, key=lambda p: (chosen[p], rank[p])))
    tokens = tuple(w.tokens[p] - chosen[p] for p in range(w.rules.players))
    w.set(tokens=tokens, jump_order=order)
    w.events.append(TokensRevealed(tuple(chosen), order))
    next_jumper(w)


def forfeit(w: Work, player: int) -> None:
    """SPEED-JUMP-8 (``Rules.forfeit``): the player stops, giving up his tokens."""
    tokens = list(w.tokens)
    w.events.append(PointsLost(player, tokens[player], "SPEED-JUMP-8"))
    tokens[player] = 0
    jumpers = tuple(p for p in w.jumpers if p != player)
    w.set(tokens=tuple(tokens), jumpers=jumpers)
    waiting = [p for p in jumpers if not w.chosen[p]]
    if waiting:
        w.set(active=waiting[0])
    elif jumpers:
        reveal(w)  # everyone else had chosen
    else:
        next_jump(w)


def next_jumper(w: Work) -> None:
    """SPEED-JUMP-2/3: the next player in the Jump spends his points on one action."""
    while w.jump_order:
        player, rest = w.jump_order[0], w.jump_order[1:]
        points = w.chosen[player]
        w.set(jump_order=rest, active=player, ap=points, phase=Phase.ACTIONS)
        if can_act(w.now, player, points):
            return
        w.events.append(PointsLost(player, points, "SPEED-JUMP-7"))  # nothing fits now
    next_jump(w)


def end_jump_action(w: Work) -> None:
    """SPEED-JUMP-3: after the one action, the points it did not use are lost."""
    if w.ap:
        w.events.append(PointsLost(w.active, w.ap))
    w.set(ap=0)
    next_jumper(w)


def end_jumps(w: Work) -> None:
    """SPEED-JUMP-6, SPEED-SCORE-1/2: tokens return; a volcano round scores, then each
    volcano placer takes a bonus turn of 10 AP."""
    n = w.rules.players
    w.set(tokens=(TOKENS,) * n, chosen=(), jumpers=(), jump_order=())
    w.events.append(TokensReturned())
    if w.volcano_placers:
        for p in _everyone(w):
            score_player(w, p, "SPEED-SCORE-1")
        bonus = w.volcano_placers
        w.set(queue=tuple((TurnKind.BONUS, p) for p in bonus[1:]))
        begin_turn(w, TurnKind.BONUS, bonus[0])
        return
    next_round(w)


def next_round(w: Work) -> None:
    """SPEED-ROUND-1 / SPEED-END-1: a new round, or the final scoring."""
    if not tiles_left(w):
        for p in _everyone(w):
            score_player(w, p, "SPEED-END-1")
        w.set(turn_kind=TurnKind.FINAL)
        finish(w)
        return
    n = w.rules.players
    if w.played:
        w.set(round_opener=(w.played[-1] + 1) % n)  # SPEED-AUCTION-4, as professional
    w.set(round_order=(), secured=(-1,) * n, volcano_placers=())
    w.set(turn_kind=TurnKind.NORMAL, raised=(), dug=(), ap=0)
    start_round(w)


def _everyone(w: Work) -> list[int]:
    """The Round Order, then any player who secured nothing this round, in seat order."""
    order = list(w.round_order)
    return order + [p for p in range(w.rules.players) if p not in order]
