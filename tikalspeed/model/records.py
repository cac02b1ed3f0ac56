"""The records a :class:`~tikalspeed.model.state.State` is made of, and their values.

A state is five frozen records, grouped by what changes together, beside its rules and
its result: :class:`Jungle` (the board and the supplies on the table),
:class:`Expeditions` (each player's pieces, treasures and score), :class:`Turn` (who
acts, in which phase, with how many action points), :class:`Auction` (the
professional auction, also phase 1 of a Speed round) and :class:`SpeedRound` (the
Speed round: tokens, Jumps, Round Order). A transition rebuilds only the records it
changes; the others are shared with the state before.

Per-cell fields are 40-tuples indexed by :mod:`tikalspeed.board.hexgrid` cells;
per-player fields are tuples indexed by player (0 … players-1).
"""

from __future__ import annotations

import enum

import attrs

from ..board.terrain import EMPTY, PRINTED

__all__ = [
    "AP_PER_TURN",
    "CHANCE",
    "EMPTY",
    "GUARDING",
    "MAX_TOKENS",
    "PRINTED",
    "REMOVED",
    "STOP",
    "SUPPLY",
    "TOKENS",
    "Auction",
    "Expeditions",
    "Jungle",
    "Outcome",
    "Phase",
    "SpeedRound",
    "Turn",
    "TurnKind",
]

CHANCE = -1
"""The actor at a chance node (as in OpenSpiel)."""

AP_PER_TURN = 10
"""TIKAL-TURN-2: action points in a turn."""

TOKENS = 10
"""SPEED-TOKENS-1: tokens per player in Tikal on Speed."""

MAX_TOKENS = 5
"""SPEED-JUMP-1: the most tokens a player may take for one Jump."""

STOP = -2
"""SPEED-JUMP-8 (``Rules(forfeit=True)``): in ``SpeedRound.chosen``, a player's secret
choice to stop. Like a count it is hidden from the others until the reveal (where an
:func:`~tikalspeed.observe` view shows ``-1`` for any choice made); at the reveal he
forfeits the tokens he has left and leaves the phase."""

SUPPLY = -1
"""Where a leader is before it enters the board."""
REMOVED = -2
"""Where a leader is after it was removed from the game (TIKAL-GUARD-3)."""
GUARDING = -3
"""Where a leader is after it became a temple guard (TIKAL-GUARD-3)."""


class Phase(enum.Enum):
    """What kind of decision the state waits for."""

    DRAW = "draw"
    """Chance: the next tile from the topmost letter (TIKAL-DRAW-1)."""
    PLACE = "place"
    """The active player places the tile in hand (TIKAL-PLACE-1)."""
    ACTIONS = "actions"
    """The active player spends action points (TIKAL-TURN-2)."""
    TREASURE = "treasure"
    """Chance: which treasure a dig turns up (TIKAL-TREASURE-3)."""
    REVEAL = "reveal"
    """Chance: the auction display is filled one tile at a time (TIKAL-AUCTION-2)."""
    BID = "bid"
    """The current bidder bids or passes (TIKAL-AUCTION-3)."""
    CHOOSE = "choose"
    """The auction winner chooses a tile from the display (TIKAL-AUCTION-5)."""
    TOKENS = "tokens"
    """Speed: every player in the Jump secretly takes 1 to 5 tokens (SPEED-JUMP-1)."""
    OVER = "over"
    """The game has ended."""

    # Members are singletons compared by identity: hashed by identity too, in C,
    # instead of Enum's ``hash(self._name_)`` in Python (phases key hot lookups).
    __hash__ = object.__hash__


class TurnKind(enum.Enum):
    """What a turn in the queue is for."""

    NORMAL = "normal"
    """A regular turn: get a tile, place it, spend 10 AP."""
    SCORING = "scoring"
    """A scoring turn: spend 10 AP, then score (TIKAL-SCORE-1)."""
    VOLCANO = "volcano"
    """After a scoring round: place the set-aside volcano, spend 10 AP (TIKAL-SCORE-2)."""
    FINAL = "final"
    """A turn of the final scoring round: spend 10 AP, then score (TIKAL-END-1)."""
    PLACEMENT = "placement"
    """Speed, phase 2: place the tile secured in the auction (SPEED-PLACE-1)."""
    JUMP = "jump"
    """Speed, phase 3: one action for the tokens chosen in a Jump (SPEED-JUMP-3)."""
    BONUS = "bonus"
    """Speed: the volcano placer's bonus 10 AP after a scoring (SPEED-SCORE-2)."""

    __hash__ = object.__hash__  # as Phase's


@attrs.frozen
class Outcome:
    """How a finished game ended: ``winner`` (``None`` when several share the top
    score), the final ``scores`` and the ``reason``.

    >>> Outcome(winner=2, scores=(31, 40, 52, 17), reason="final-scoring").winner
    2
    """

    winner: int | None
    scores: tuple[int, ...]
    reason: str


@attrs.frozen(cache_hash=True)
class Jungle:
    """The board as it lies and the supplies on the table: tiles, temples, ruins,
    camps and guards per cell; the tile stacks, level tiles and hidden treasures."""

    placed: tuple[int, ...]
    """Per cell: ``EMPTY``, ``PRINTED``, or ``tile * 6 + rotation`` of the tile there."""
    temples: tuple[int, ...]
    """Per cell: the temple's current value (0 where there is no temple)."""
    ruins: tuple[int, ...]
    """Per cell: treasures still lying face down on that treasure hex."""
    camps: tuple[int, ...]
    """Per cell: the owner of the camp there, or ``EMPTY``."""
    guards: tuple[int, ...]
    """Per cell: the owner of the guard on that temple, or ``EMPTY``."""
    stacks: tuple[tuple[int, ...], ...]
    """Tiles not yet drawn, per letter A … G, as indices into ``rules.manifest.tiles``."""
    levels: tuple[int, ...]
    """Level tiles left in supply, indexed by value 0 … 10 (only 2 … 10 are used)."""
    hidden: tuple[int, ...]
    """Per treasure kind: copies not yet face up (on ruins or not yet laid out)."""


@attrs.frozen(cache_hash=True)
class Expeditions:
    """Each player's expedition: pieces on the board and off it, treasures, score."""

    workers: tuple[tuple[int, ...], ...]
    """Per player, per cell: that player's workers there."""
    leaders: tuple[int, ...]
    """Per player: the leader's cell, or ``SUPPLY``, ``REMOVED``, ``GUARDING``."""
    supply: tuple[int, ...]
    """Per player: workers not yet on the board."""
    removed: tuple[int, ...]
    """Per player: workers removed from the game by guarding (TIKAL-GUARD-3)."""
    guard_pieces: tuple[int, ...]
    """Per player: workers standing as guards."""
    held: tuple[tuple[int, ...], ...]
    """Per player, per treasure kind: copies held face up."""
    scores: tuple[int, ...]
    """Per player: points on the score track."""


@attrs.frozen(cache_hash=True)
class Turn:
    """Who acts, in which phase and kind of turn, with what left to spend; the turns
    queued, and the tile in hand."""

    active: int
    """The player whose turn it is (or who bids, at a BID node)."""
    phase: Phase
    """What kind of decision the state waits for."""
    turn_kind: TurnKind
    """What the current turn is for."""
    ap: int
    """Action points left in this turn."""
    raised: tuple[int, ...]
    """Cells whose temple was raised this turn, once per level (TIKAL-UNCOVER-3); where
    players interleave (``Rules.interleaved``: the Jumps of Tikal on Speed) every
    player's of the running Jump phase, as ``player * 40 + cell`` (SPEED-JUMP-9)."""
    dug: tuple[int, ...]
    """Cells dug this turn, once per treasure (TIKAL-TREASURE-2), noted like
    :attr:`raised`."""
    queue: tuple[tuple[TurnKind, int], ...]
    """Turns still to come before play returns to the normal order."""
    next_player: int
    """Who takes the next normal turn once the queue is empty."""
    last_tile_player: int
    """Who placed (or discarded) the last tile so far; ``-1`` before any."""
    hand: int
    """The tile the active player must place (or the set-aside volcano), else ``-1``."""


@attrs.frozen(cache_hash=True)
class Auction:
    """The professional game's auction (TIKAL-AUCTION-1..9), also phase 1 of a Speed
    round; all empty in the base game."""

    display: tuple[int, ...] = ()
    """The tiles on offer this round."""
    played: tuple[int, ...] = ()
    """Who has had their turn (or secured a tile) this round, in order."""
    bidders: tuple[int, ...] = ()
    """Who is still in the running auction, in bidding order."""
    high_bid: int = 0
    """The highest bid so far (0 = none)."""
    high_bidder: int = -1
    """Who made it (``-1`` = nobody)."""
    first_passer: int = -1
    """Who passed first in this auction (``-1`` = nobody)."""
    round_opener: int = 0
    """Who opened this round's first auction."""


@attrs.frozen(cache_hash=True)
class SpeedRound:
    """Tikal on Speed's round: tokens, the running Jump, the Round Order, the secured
    tiles, the volcano placers and the kind of action a Jump turn is taking (clauses
    ``SPEED-…``); all empty in the other modes."""

    tokens: tuple[int, ...] = ()
    """Per player, tokens still in hand in this Jump phase (SPEED-TOKENS-1)."""
    chosen: tuple[int, ...] = ()
    """Per player, the tokens taken for the running Jump (0: none yet / sits out;
    ``STOP``: he stops, under ``Rules(forfeit=True)``, SPEED-JUMP-8); hidden from the
    others until all have chosen (SPEED-JUMP-1)."""
    jumpers: tuple[int, ...] = ()
    """Who takes part in the running Jump."""
    jump_order: tuple[int, ...] = ()
    """Who still acts in the running Jump, in order (SPEED-JUMP-2)."""
    round_order: tuple[int, ...] = ()
    """The Round Order, as tiles were secured, volcanoes first (SPEED-AUCTION-2/3)."""
    secured: tuple[int, ...] = ()
    """Per player, the tile secured this round and not yet placed (-1: none)."""
    volcano_placers: tuple[int, ...] = ()
    """Who placed a volcano this round (SPEED-SCORE-1)."""
    jump_kind: str = ""
    """With ``Rules(jump_action='one-kind')``, the kind of action the active player has
    taken in his turn of the running Jump, as its token's keyword (``'move'``): his
    further actions in it must be of that kind (SPEED-JUMP-3). ``''`` before his first
    action, and always under the default rules."""
    opened: tuple[str, ...] = ()
    """With ``Rules(jump_blocked='lost')``, the actions that the players before them in
    the running Jump opened for the players still to act, as tokens naming their player
    (``'P3:camp:c1'``): none can be the action such a player had in mind
    (SPEED-JUMP-7). Empty under the default rules."""


RECORDS: dict[str, type] = {
    "jungle": Jungle,
    "expeditions": Expeditions,
    "turn": Turn,
    "auction": Auction,
    "speed": SpeedRound,
}
"""The records of a state, by the name of the State field that holds each."""

RECORD_OF: dict[str, str] = {
    f.name: name for name, kind in RECORDS.items() for f in attrs.fields(kind)
}
"""For every field of a record, the name of the record that holds it."""
