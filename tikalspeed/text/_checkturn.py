"""The turn, the queue, the auction and the result of a state read from text or JSON
(the part of :func:`tikalspeed.text.check.check_state` about whose turn it is)."""

from __future__ import annotations

import itertools

from ..board.hexgrid import CELL_COUNT
from ..board.terrain import Terrain, placements, terrain
from ..board.tiles import Kind
from ..bounds import MAX_SCORE, scoring_points
from ..engine.auction import bid_limit
from ..model.state import Phase, State, TurnKind


class StateFault(Exception):
    """An inconsistent field: ``field`` is a State attribute name; ``cell`` and
    ``player`` say which cell or player is to blame, if one is."""

    def __init__(
        self, field: str, message: str, *, cell: int | None = None, player: int | None = None
    ) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.cell = cell
        self.player = player


REASONS = ("final-scoring",)
"""Every :attr:`tikalspeed.Outcome.reason`."""

_AUCTION_PHASES = (Phase.REVEAL, Phase.BID, Phase.CHOOSE)
_SPEED_KINDS = (TurnKind.PLACEMENT, TurnKind.JUMP, TurnKind.BONUS)
_SPENDING = (Phase.ACTIONS, Phase.TREASURE)


def _speed_turns(s: State, kind: TurnKind) -> bool:
    """Whether the Speed rules of ``s`` have turns of ``kind`` (scoring or final turns,
    SPEED-SCORE-1 / SPEED-END-1 with ``'turns'``)."""
    if kind is TurnKind.SCORING:
        return s.rules.volcano_scoring == "turns"
    return kind is TurnKind.FINAL and s.rules.final_scoring == "turns"


def everyone(s: State) -> list[int]:
    """The Speed order of scoring: the Round Order, then any player who secured
    nothing this round, in seat order (SPEED-SCORE-1, SPEED-END-1)."""
    order = list(s.round_order)
    return order + [p for p in range(s.rules.players) if p not in order]


def _player(value: int, n: int, none_ok: bool = False) -> bool:
    return (none_ok and value == -1) or 0 <= value < n


def _after(player: int, n: int) -> list[int]:
    """The players after ``player``, clockwise, ``player`` last."""
    return [(player + i) % n for i in range(1, n + 1)]


def check_turn(s: State, t: Terrain) -> None:
    n, phase, kind = s.rules.players, s.phase, s.turn_kind
    for field in ("active", "next_player"):
        if not _player(getattr(s, field), n):
            raise StateFault(field, f"no player {getattr(s, field)}")
    if not _player(s.last_tile_player, n, none_ok=True):
        raise StateFault("last_tile_player", f"no player {s.last_tile_player}")
    if any(code >= 0 for code in s.placed) and s.last_tile_player < 0:
        raise StateFault("last_tile_player", "a tile was placed, so someone placed it last")
    mode = s.rules.mode
    classic, speed = mode == "classic", mode == "speed"
    if (
        (phase in _AUCTION_PHASES and classic)
        or (phase is Phase.DRAW and not classic)
        or (phase is Phase.TOKENS and not speed)
    ):
        raise StateFault("phase", f"no {phase.value} phase in the {mode} game (TIKAL-MODE-1)")
    if speed:  # the auctions keep the kind of the turn before (NORMAL in the first round)
        ok = (
            kind in _SPEED_KINDS
            or (kind is TurnKind.NORMAL and phase in _AUCTION_PHASES)
            or (kind is TurnKind.FINAL and phase is Phase.OVER)
            or (phase in _SPENDING and _speed_turns(s, kind))
        )
    else:
        ok = kind not in _SPEED_KINDS
    if not ok:
        raise StateFault(
            "turn_kind", f"no {kind.value} turn in phase {phase.value} of the {mode} game"
        )
    if kind is TurnKind.FINAL and (any(s.stacks) or s.display):
        raise StateFault(
            "turn_kind", "the final round begins once every tile is played (TIKAL-END-1)"
        )
    if phase is Phase.ACTIONS:
        low, high = 1, 10
    elif phase is Phase.TREASURE:
        low, high = 0, 7
    else:
        low = high = 0
    if not low <= s.ap <= high:
        raise StateFault("ap", f"{s.ap} action points left in phase {phase.value} (TIKAL-TURN-2)")
    volcano = s.hand >= 0 and t.tile_kinds[s.hand] is Kind.VOLCANO
    if phase is Phase.PLACE:
        if s.hand < 0:
            raise StateFault("hand", "a tile to place is in hand (TIKAL-PLACE-1)")
        normal = kind in (TurnKind.NORMAL, TurnKind.VOLCANO) and volcano == (
            kind is TurnKind.VOLCANO
        )
        if not speed and not normal:
            raise StateFault(
                "turn_kind",
                "a normal turn places its tile, a volcano turn the set-aside volcano "
                "(TIKAL-SCORE-1, TIKAL-SCORE-2)",
            )
        if not placements(s.rules.manifest, s.placed, s.hand):
            raise StateFault("hand", "a tile that fits nowhere leaves the game (TIKAL-PLACE-5)")
    elif kind is TurnKind.SCORING and not speed:
        if phase not in _SPENDING or not volcano:
            raise StateFault(
                "hand", "a scoring turn spends AP with the volcano set aside (TIKAL-SCORE-1)"
            )
    elif s.hand >= 0:
        raise StateFault("hand", f"no tile is in hand in phase {phase.value}")
    # speed: the marks of the last Jumps stay until the next placement turn
    fresh = (Phase.PLACE,) if speed else (Phase.DRAW, Phase.PLACE, Phase.CHOOSE)
    if phase in fresh and (s.raised or s.dug):
        raise StateFault("raised" if s.raised else "dug", "no action point is spent yet")
    if phase in (Phase.DRAW, Phase.CHOOSE) and kind is not TurnKind.NORMAL and not speed:
        raise StateFault("turn_kind", f"a {phase.value} phase is part of a normal turn")
    if phase in (Phase.DRAW, Phase.REVEAL) and not any(s.stacks):
        raise StateFault("stacks", f"no tile is left to {phase.value} (TIKAL-DRAW-1)")


def check_queue(s: State) -> None:
    n, kind, queue = s.rules.players, s.turn_kind, s.queue
    for i, (k, p) in enumerate(queue):
        if k is TurnKind.NORMAL or not _player(p, n):
            raise StateFault("queue", f"entry {i + 1}: no queued turn {k.value} of player {p}")
    kinds = [k for k, _ in queue]
    chain = [s.active, *(p for k, p in queue if k is not TurnKind.VOLCANO)]
    consecutive = all((b - a) % n == 1 for a, b in itertools.pairwise(chain))
    speed_turn = kind is TurnKind.SCORING or kind is TurnKind.FINAL
    if s.rules.mode == "speed" and speed_turn and s.phase is not Phase.OVER:
        ok, why, clause = _speed_queue(s)
    elif kind is TurnKind.SCORING:
        ok = (
            kinds[-1:] == [TurnKind.VOLCANO]
            and all(k is TurnKind.SCORING for k in kinds[:-1])
            and consecutive
            and len(chain) <= n
            and queue[-1][1] == (chain[-1] + 1) % n
        )
        why = "the scoring round goes clockwise from the drawer, then the volcano turn"
        clause = "TIKAL-SCORE-1"
    elif kind is TurnKind.FINAL:
        ok = all(k is TurnKind.FINAL for k in kinds) and len(set(chain)) == len(chain)
        if s.rules.mode == "classic" and s.phase is not Phase.OVER:
            ok = ok and consecutive and chain[-1] == s.last_tile_player
        why = "the final round gives every player one last turn"
        clause = "TIKAL-END-1"
    elif kind in (TurnKind.PLACEMENT, TurnKind.BONUS):  # in detail: _checkspeed
        ok = all(k is kind for k in kinds)
        why = f"only {kind.value} turns wait after a {kind.value} turn"
        clause = "SPEED-PLACE-1" if kind is TurnKind.PLACEMENT else "SPEED-SCORE-2"
    else:
        ok, why, clause = not queue, f"no turn waits after a {kind.value} turn", "TIKAL-TURN-1"
    if not ok:
        raise StateFault("queue", f"{why} ({clause})")


def _speed_queue(s: State) -> tuple[bool, str, str]:
    """SPEED-SCORE-1 / SPEED-END-1 with ``'turns'``: the scoring (final) turns go in the
    scoring order, the volcano placers' bonus turns after the scoring turns."""
    order = everyone(s)
    if s.turn_kind is TurnKind.FINAL:
        chain = [s.active, *(p for _, p in s.queue)]
        ok = all(k is TurnKind.FINAL for k, _ in s.queue)
        ok = ok and chain == order[len(order) - len(chain) :]
        return ok, "the final turns go in Round Order", "SPEED-END-1"
    scoring = [p for k, p in s.queue if k is TurnKind.SCORING]
    chain = [s.active, *scoring]
    bonus = tuple((TurnKind.BONUS, p) for p in s.volcano_placers)
    ok = s.queue[len(scoring) :] == bonus and chain == order[len(order) - len(chain) :]
    why = "the scoring turns go in Round Order, then the volcano placers' bonus turns"
    return ok, why, "SPEED-SCORE-1"


def check_auction(s: State) -> None:
    n, phase = s.rules.players, s.phase
    if s.rules.mode == "classic":
        if s.display:
            raise StateFault("display", "the classic game has no display (TIKAL-MODE-1)")
        auction = (s.played, s.bidders, s.high_bid, s.high_bidder, s.first_passer)
        if auction != ((), (), 0, -1, -1) or s.round_opener != 0:
            raise StateFault("played", "the classic game has no auction (TIKAL-MODE-1)")
        return
    for field in ("played", "bidders"):
        players = getattr(s, field)
        if len(set(players)) != len(players) or not all(_player(p, n) for p in players):
            raise StateFault(field, f"{field} lists players once each")
    if set(s.played) & set(s.bidders):
        raise StateFault("bidders", "who has played this round bids no more (TIKAL-AUCTION-5)")
    if not _player(s.round_opener, n):
        raise StateFault("round_opener", f"no player {s.round_opener}")
    for field in ("high_bidder", "first_passer"):
        if not _player(getattr(s, field), n, none_ok=True):
            raise StateFault(field, f"no player {getattr(s, field)}")
    if s.high_bid < 0 or (s.high_bid > 0) != (s.high_bidder >= 0):
        raise StateFault("high_bid", "a high bid has a bidder, and only a high bid")
    if phase is Phase.BID and s.high_bidder >= 0 and s.high_bid > bid_limit(s, s.high_bidder):
        raise StateFault(
            "high_bid",
            f"P{s.high_bidder + 1} may bid at most {bid_limit(s, s.high_bidder)}, not "
            f"{s.high_bid} (TIKAL-AUCTION-3)",
        )
    room = n - len(s.played) + (1 if phase is Phase.CHOOSE else 0)
    if len(s.display) > room:
        raise StateFault(
            "display", f"{len(s.display)} tiles on display for {room} players (TIKAL-AUCTION-2)"
        )
    if phase is Phase.BID:
        if (
            s.active not in s.bidders
            or s.active == s.high_bidder
            or s.high_bidder not in (-1, *s.bidders)
            or s.first_passer in (*s.bidders, *s.played)
            or len(s.played) > n - 2
            or not s.display
        ):
            raise StateFault(
                "bidders", "the bidder to act is in the running auction (TIKAL-AUCTION-3)"
            )
        # TIKAL-AUCTION-4: the auction opens after the round's first winner (or with
        # the round's opener), and its bidders sit clockwise from there
        start = (s.played[0] + 1) % n if s.played else s.round_opener
        if s.bidders != tuple(p for p in _after(start - 1, n) if p in s.bidders):
            raise StateFault(
                "bidders",
                f"the bidders go clockwise from P{start + 1}, who opens this auction "
                "(TIKAL-AUCTION-3, TIKAL-AUCTION-4)",
            )
        # TIKAL-AUCTION-3: clockwise from the opener, or from the highest bid, every
        # bidder before the one to act has passed, and left the auction
        h = s.high_bidder
        turn = s.bidders[0] if h < 0 else next(p for p in _after(h, n) if p in s.bidders)
        if s.active != turn:
            raise StateFault(
                "active",
                f"P{turn + 1} bids next: the bidding goes clockwise from "
                + ("the opener" if h < 0 else "the highest bid")
                + " (TIKAL-AUCTION-3)",
            )
    elif s.bidders:
        raise StateFault("bidders", "nobody bids outside an auction")
    if phase is Phase.REVEAL and (s.played or s.active != s.round_opener or len(s.display) >= n):
        raise StateFault("played", "the display fills at the start of a round (TIKAL-AUCTION-2)")
    in_turn = phase in (Phase.CHOOSE, Phase.PLACE, Phase.ACTIONS, Phase.TREASURE)
    normal = s.turn_kind is TurnKind.NORMAL or phase is Phase.CHOOSE
    if in_turn and normal and s.played[-1:] != (s.active,):
        raise StateFault("played", "a turn in the auction game goes to the auction's winner")
    if phase is Phase.CHOOSE and not s.display:
        raise StateFault("display", "the winner chooses from the display (TIKAL-AUCTION-5)")


def check_result(s: State) -> None:
    r = s.result
    if s.rules.mode == "classic" and min(s.scores) < 0:
        raise StateFault("scores", "scores start at 0 and only grow (TIKAL-SETUP-4)")
    if (r is None) != (s.phase is not Phase.OVER):
        raise StateFault("result", "a result is given exactly when the phase is 'over'")
    if r is None:
        return
    if s.queue or s.hand >= 0 or s.display or any(s.stacks) or s.turn_kind is not TurnKind.FINAL:
        raise StateFault("phase", "the game ends after the final round (TIKAL-END-1)")
    if r.reason not in REASONS:
        raise StateFault("result", f"unknown reason {r.reason!r}; one of {', '.join(REASONS)}")
    if r.scores != s.scores:
        raise StateFault("result", "the outcome's scores are the players' scores (TIKAL-END-2)")
    best = max(s.scores)
    top = [p for p, v in enumerate(s.scores) if v == best]
    if r.winner != (top[0] if len(top) == 1 else None):
        raise StateFault("result", "the most points win; a tie at the top is shared (TIKAL-END-2)")


def scorings_left(s: State, player: int) -> int:
    """How many more times ``player`` may score, at most (the bound of ``MAX_SCORE``).

    Counted so that it never grows from a state to the next and drops by one at each
    of the player's scorings: a scoring per volcano not yet played (in the stacks, on
    display, or secured in the Speed game; TIKAL-SCORE-1, SPEED-SCORE-1), the player's
    turn of a scoring round not yet scored, a Speed volcano round not yet scored, and
    the final scoring (TIKAL-END-1, SPEED-END-1). A new game has 4 (one more than its
    volcanoes, TIKAL-TILE-8).
    """
    if s.phase is Phase.OVER:
        return 0
    kinds = terrain(s.rules.manifest).tile_kinds
    tiles = [*itertools.chain.from_iterable(s.stacks), *s.display, *s.secured]
    volcanoes = sum(1 for x in tiles if x >= 0 and kinds[x] is Kind.VOLCANO)
    if s.rules.mode == "speed":
        kind = s.turn_kind
        if kind is TurnKind.SCORING or kind is TurnKind.FINAL:  # 'turns'
            waiting = int(s.active == player or (kind, player) in s.queue)
            return waiting if kind is TurnKind.FINAL else volcanoes + waiting + 1
        round_scoring = 1 if s.volcano_placers and kind is not TurnKind.BONUS else 0
        return volcanoes + round_scoring + 1
    mine = [k for k, p in s.queue if p == player]
    if s.active == player:
        mine.append(s.turn_kind)
    final = mine.count(TurnKind.FINAL) if s.turn_kind is TurnKind.FINAL else 1
    return volcanoes + mine.count(TurnKind.SCORING) + final


def check_scores(s: State) -> None:
    """Every score stays within ``-MAX_SCORE`` … ``MAX_SCORE`` whatever happens next: a
    score plus 218 points (``MAX_SCORING_POINTS``; for another tile mix,
    ``scoring_points`` of its temples, TIKAL-TILE-8) for each scoring still to come is
    at most ``MAX_SCORE`` (no real game comes near, see :mod:`tikalspeed.bounds`)."""
    points = scoring_points(s.rules.tile_mix.temple)
    for p, score in enumerate(s.scores):
        left = scorings_left(s, p)
        top = MAX_SCORE - points * left
        if not -MAX_SCORE <= score <= top:
            raise StateFault(
                "scores",
                f"P{p + 1}'s score is {score}: scores run from -{MAX_SCORE} to {MAX_SCORE}, "
                f"and with {left} scoring(s) of up to {points} points still to "
                f"come it must be at most {top} (bounds.MAX_SCORE)",
                player=p,
            )


def mark_cells(s: State, marks: tuple[int, ...]) -> tuple[int, ...]:
    """The cells of ``State.raised`` / ``State.dug`` marks (``player * 40 + cell`` where
    players interleave)."""
    return tuple(m % CELL_COUNT for m in marks) if s.rules.interleaved else marks


def check_marks(s: State) -> None:
    """``State.raised`` / ``State.dug`` hold cells, or where players interleave (the
    Speed game) ``player * 40 + cell`` marks; a treasure found is the last dig's."""
    speed = s.rules.interleaved
    top = s.rules.players * CELL_COUNT if speed else CELL_COUNT
    for field in ("raised", "dug"):
        for m in getattr(s, field):
            if not 0 <= m < top:
                what = "player * 40 + cell" if speed else "a cell"
                raise StateFault(field, f"a {field} mark is {what}, not {m}")
    if speed and s.phase is Phase.TREASURE and s.dug[-1:] and s.dug[-1] // CELL_COUNT != s.active:
        raise StateFault("dug", "the treasure found is the last dig's (TIKAL-TREASURE-3)")
