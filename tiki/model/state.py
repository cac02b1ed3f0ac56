"""The immutable game state, its phases and the outcome of a finished game."""

from __future__ import annotations

import enum
from typing import Final

import attrs

from .picture import draw
from .rules import Rules

X = 0
"""The player who plays the ``x`` tikis."""
O = 1  # noqa: E741 - the player symbol, like chess.WHITE
"""The player who plays the ``o`` tikis."""
PLAYERS: tuple[int, int] = (X, O)
"""Both players, in seat order."""
PLAYER_SYMBOLS = "xo"
"""The symbol of each player's tikis in text forms."""
CHANCE = -1
"""The actor at a chance node (as in OpenSpiel)."""

TIKIS: Final = 8
"""TIKI-SETUP-3: tikis per player."""
FRUITS: Final = 7
"""TIKI-SETUP-4: fruits in the reserve at the start."""
TARGET: Final = 4
"""TIKI-END-1: fruits that win at once."""


class Phase(enum.Enum):
    """What kind of decision the state waits for."""

    LAYOUT = "layout"
    """Chance lays out the villages (TIKI-SETUP-1)."""
    FIRST_PLAYER = "first"
    """Chance picks the first player (TIKI-SETUP-5)."""
    PLACE_SHAMAN = "place"
    """The second player places the shaman before their first move (TIKI-SHAMAN-2)."""
    TURN = "turn"
    """The active player creates or moves a totem (TIKI-TURN-1)."""
    ORDER = "order"
    """The player not on turn orders two influenced villages (TIKI-INFL-3)."""
    SHAMAN = "shaman"
    """The beneficiary of a 0 village may move the shaman (TIKI-SHAMAN-4)."""
    OVER = "over"
    """The game has ended."""

    # Members are singletons compared by identity: hashed by identity too, in C,
    # instead of Enum's ``hash(self._name_)`` in Python (phases key the engine's
    # tables, a look-up a ply), as Tikal's phases are.
    __hash__ = object.__hash__


@attrs.frozen
class Outcome:
    """How a finished game ended.

    ``winner`` is ``X``, ``O`` or ``None`` for a draw; ``scores`` the fruits each player
    holds; ``reason`` one of ``'four-fruits'``, ``'reserve-empty'``, ``'tiebreak'``,
    ``'tie-loop'``, ``'no-move'``, ``'turn-cap'``.

    >>> Outcome(winner=O, scores=(1, 4), reason="four-fruits").result()
    '0-1'
    """

    winner: int | None
    scores: tuple[int, int]
    reason: str

    def result(self) -> str:
        """Return ``'1-0'`` (x wins), ``'0-1'`` (o wins) or ``'1/2-1/2'`` (draw)."""
        return {X: "1-0", O: "0-1", None: "1/2-1/2"}[self.winner]


@attrs.frozen(cache_hash=True)
class State:
    """Everything needed to continue a game of Tiki; never mutated.

    Build one with :func:`tiki.new_game` or :func:`tiki.from_text`; change it only by
    :func:`tiki.step` / :func:`tiki.apply`, which return a new state.
    """

    rules: Rules
    """The rules this game is played by."""
    tiles: tuple[int, ...]
    """The value of each village a1 … c3; empty before the layout chance node."""
    stacks: tuple[tuple[int, ...], ...]
    """The tikis on each village a1 … c3, owners from bottom to top."""
    supply: tuple[int, int]
    """The tikis each player holds off the board."""
    fruits: tuple[int, int]
    """The fruits each player has collected."""
    reserve: int
    """Fruits left in the common reserve."""
    spoiled: int
    """Fruits on the spoiled pile."""
    shaman: int | None
    """The edge the shaman stands on, or ``None`` when it is not on the board."""
    active: int
    """The player whose turn it is (``-1`` before the first player is chosen)."""
    actor: int
    """Who decides at this node: a player, or ``CHANCE``."""
    phase: Phase
    """What kind of decision the state waits for."""
    pending: tuple[int, ...]
    """Influenced villages still to resolve, in resolution order (ORDER / SHAMAN)."""
    tiebreak: bool
    """True once a tie on an empty reserve has put a spoiled fruit back (TIKI-END-3)."""
    turn: int
    """Completed turns."""
    result: Outcome | None
    """The outcome once the game is over."""

    def _repr_svg_(self) -> str:
        """This position as an SVG picture (``tiki.svg.board``), for notebooks."""
        return draw(self)
