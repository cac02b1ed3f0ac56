"""The immutable state of a game of Tikal, its phases and the outcome."""

from __future__ import annotations

import enum

import attrs

from .rules import Rules

CHANCE = -1
"""The actor at a chance node (as in OpenSpiel)."""

AP_PER_TURN = 10
"""TIKAL-TURN-2: action points in a turn."""

SUPPLY = -1
"""Where a leader is before it enters the board."""
REMOVED = -2
"""Where a leader is after it was removed from the game (TIKAL-GUARD-3)."""
GUARDING = -3
"""Where a leader is after it became a temple guard (TIKAL-GUARD-3)."""

EMPTY = -1
"""A cell with no tile yet (``State.placed``), or no camp / guard owner."""
PRINTED = -2
"""A cell printed on the board as explored (``State.placed``)."""


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
class State:
    """Everything needed to continue a game of Tikal; never mutated.

    Per-cell fields are 40-tuples indexed by :mod:`tikalspeed.hexgrid` cells;
    per-player fields are tuples indexed by player (0 … players-1).
    """

    rules: Rules
    """The rules this game is played by."""
    stacks: tuple[tuple[int, ...], ...]
    """Tiles not yet drawn, per letter A … G, as indices into ``rules.manifest.tiles``."""
    placed: tuple[int, ...]
    """Per cell: ``EMPTY``, ``PRINTED``, or ``tile * 6 + rotation`` of the tile there."""
    hand: int
    """The tile the active player must place (or the set-aside volcano), else ``-1``."""
    display: tuple[int, ...]
    """Professional game: the tiles on offer this round."""
    temples: tuple[int, ...]
    """Per cell: the temple's current value (0 where there is no temple)."""
    levels: tuple[int, ...]
    """Level tiles left in supply, indexed by value 0 … 10 (only 2 … 10 are used)."""
    ruins: tuple[int, ...]
    """Per cell: treasures still lying face down on that treasure hex."""
    hidden: tuple[int, ...]
    """Per treasure kind: copies not yet face up (on ruins or not yet laid out)."""
    held: tuple[tuple[int, ...], ...]
    """Per player, per treasure kind: copies held face up."""
    workers: tuple[tuple[int, ...], ...]
    """Per player, per cell: that player's workers there."""
    leaders: tuple[int, ...]
    """Per player: the leader's cell, or ``SUPPLY``, ``REMOVED``, ``GUARDING``."""
    supply: tuple[int, ...]
    """Per player: workers not yet on the board."""
    removed: tuple[int, ...]
    """Per player: workers removed from the game by guarding (TIKAL-GUARD-3)."""
    camps: tuple[int, ...]
    """Per cell: the owner of the camp there, or ``EMPTY``."""
    guards: tuple[int, ...]
    """Per cell: the owner of the guard on that temple, or ``EMPTY``."""
    guard_pieces: tuple[int, ...]
    """Per player: workers standing as guards."""
    scores: tuple[int, ...]
    """Per player: points on the score track."""
    active: int
    """The player whose turn it is (or who bids, at a BID node)."""
    phase: Phase
    """What kind of decision the state waits for."""
    turn_kind: TurnKind
    """What the current turn is for."""
    ap: int
    """Action points left in this turn."""
    raised: tuple[int, ...]
    """Cells whose temple was raised this turn, once per level (TIKAL-UNCOVER-3)."""
    dug: tuple[int, ...]
    """Cells dug this turn, once per treasure (TIKAL-TREASURE-2)."""
    queue: tuple[tuple[TurnKind, int], ...]
    """Turns still to come before play returns to the normal order."""
    next_player: int
    """Who takes the next normal turn once the queue is empty."""
    last_tile_player: int
    """Who placed (or discarded) the last tile so far; ``-1`` before any."""
    played: tuple[int, ...]
    """Professional game: who has had their turn this round, in order."""
    bidders: tuple[int, ...]
    """Professional game: who is still in the running auction, in bidding order."""
    high_bid: int
    """Professional game: the highest bid so far (0 = none)."""
    high_bidder: int
    """Professional game: who made it (``-1`` = nobody)."""
    first_passer: int
    """Professional game: who passed first in this auction (``-1`` = nobody)."""
    round_opener: int
    """Professional game: who opened this round's first auction."""
    result: Outcome | None
    """The outcome once the game is over."""
    tokens: tuple[int, ...] = ()
    """Speed: per player, tokens still in hand in this Jump phase (SPEED-TOKENS-1)."""
    chosen: tuple[int, ...] = ()
    """Speed: per player, the tokens taken for the running Jump (0: none yet / sits out);
    hidden from the others until all have chosen (SPEED-JUMP-1)."""
    jumpers: tuple[int, ...] = ()
    """Speed: who takes part in the running Jump."""
    jump_order: tuple[int, ...] = ()
    """Speed: who still acts in the running Jump, in order (SPEED-JUMP-2)."""
    round_order: tuple[int, ...] = ()
    """Speed: the Round Order, as tiles were secured, volcanoes first (SPEED-AUCTION-2/3)."""
    secured: tuple[int, ...] = ()
    """Speed: per player, the tile secured this round and not yet placed (-1: none)."""
    volcano_placers: tuple[int, ...] = ()
    """Speed: who placed a volcano this round (SPEED-SCORE-1)."""

    @property
    def players(self) -> int:
        """The number of players."""
        return self.rules.players
