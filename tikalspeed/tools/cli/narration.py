"""How ``tikalspeed play`` and ``tikalspeed replay`` tell a game (:mod:`tikalspeed.tools.cli`).

Every action is told in words, with the clause of the rule it follows and its token
(``5. P2's leader enters at a1 (1 AP, TIKAL-ENTER-1)  [enter:l:a1]``, see
:func:`~tikalspeed.tools.cli.words.in_words`), then the events it caused, but for the one
that only repeats the action. Classic and professional games: the board is drawn as a
turn's action points begin and at the end. Speed games are told round by round: a
heading per round, a line as the placements and each Jump begin, every action with
its events (a Jump's reveal, the scorings), and the board after the placements and at
the end of each round, not after every action. In ``play``, a token choice is written
``tokens:?``: the counts show only in the reveal (SPEED-JUMP-1). A quiet narrator
prints nothing but still counts the rounds and Jumps (the human prompt shows them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.bots import Ply
from gamekit.cli import narration

from ...game import GAME
from ...model.actions import ChooseTokens, EndTurn, player_name
from ...model.events import Scored
from ...model.state import AP_PER_TURN, CHANCE, Phase, State, TurnKind
from ...text.notation import action_token
from .words import in_words, restated, with_clause

__all__ = ["Narrator", "in_pictures", "result_line", "who"]

_AUCTION = (Phase.REVEAL, Phase.BID, Phase.CHOOSE)


def who(player: int) -> str:
    """``P1`` … ``P4``, or ``chance``."""
    return "chance" if player == CHANCE else player_name(player)


def _tiles_left(state: State) -> int:
    return sum(len(stack) for stack in state.stacks)


class Narrator(narration.Narrator):
    """Prints a game's actions to ``out`` as they are played; see the module docstring."""

    def __init__(
        self, out: Any, start: State, *, hide_tokens: bool = False, quiet: bool = False
    ) -> None:
        super().__init__(GAME, out, start, quiet=quiet)
        self.speed = start.rules.mode == "speed"
        """Whether the game is told round by round."""
        self.hide_tokens = hide_tokens
        """Write token choices as ``tokens:?`` (a game in play, SPEED-JUMP-1)."""
        self.round = 0
        """Speed: the round being told."""
        self.jump = 0
        """Speed: the Jump being told in this round."""

    def begin(self) -> None:
        """Tell the start: the board, and in a Speed game the first round's heading."""
        super().begin()
        if self.speed and self.before.phase is not Phase.OVER:
            self._round_heading(self.before)

    def _round_heading(self, state: State) -> None:
        self.round += 1
        self.jump = 0
        self._print(
            f"=== Round {self.round}: auction opened by {player_name(state.round_opener)}, "
            f"{_tiles_left(state) + len(state.display)} tiles left ==="
        )

    def words(self, before: State, ply: Ply) -> tuple[str, str]:
        """The action in words and its token; a token choice hidden in play."""
        action = ply.action
        chosen = isinstance(action, ChooseTokens) or (  # a count, or a stop (SPEED-JUMP-8)
            isinstance(action, EndTurn) and before.phase is Phase.TOKENS
        )
        secret = self.hide_tokens and chosen
        token = "tokens:?" if secret else action_token(before, action)
        return in_words(before, action, ply.transition, secret=secret), token

    def restated(self, action: Any, events: Sequence[Any]) -> Any:
        """The event that only repeats ``action`` (``P1 bids 3``; a stop at a token
        choice is told by its ``TokensChosen``, as a count is, SPEED-JUMP-8)."""
        return restated(action, events)

    def with_clause(self, words: str, clause: str) -> str:
        """``words`` with ``clause``, inside a closing ``(… AP)``."""
        return with_clause(words, clause)

    def events(self, after: State, events: Sequence[Any]) -> None:
        """The events, a Speed game's scorings under a heading."""
        scoring = False
        for event in events:
            if self.speed and isinstance(event, Scored) and not scoring:
                scoring = True
                end = after.phase is Phase.OVER
                self._print("   -- final scoring --" if end else "   -- scoring --")
            self._print(f"   {event}")

    def after(self, before: State, after: State) -> bool:
        """The board as a turn's points begin (classic, professional), or round by
        round (Speed); whether it was drawn for a person to see."""
        if not self.speed:
            if after.phase is Phase.OVER or (
                after.phase is Phase.ACTIONS and after.ap == AP_PER_TURN
            ):
                self._board(after)
                return not self.quiet
            return False
        return self._speed_after(before, after) and not self.quiet

    def _speed_after(self, before: State, after: State) -> bool:
        """Speed: headings, and the board after the placements and each round."""
        if after.phase is Phase.OVER:
            self._board(after)
            return True
        if before.phase not in _AUCTION and after.phase in _AUCTION:  # the round is over
            self._board(after)
            self._round_heading(after)
            return True
        drawn = False
        if before.phase is Phase.PLACE and after.phase is not Phase.PLACE:
            self._board(after)  # the placements are done
            drawn = True
        if before.phase in _AUCTION and after.phase is Phase.PLACE:
            order = ", ".join(player_name(p) for p in after.round_order)
            self._print(f"--- placement, in Round Order {order} ---")
        if after.phase is Phase.TOKENS and before.phase is not Phase.TOKENS:
            self.jump += 1
            jumpers = ", ".join(player_name(p) for p in after.jumpers)
            self._print(f"--- Jump {self.jump}: {jumpers} choose tokens in secret ---")
        if after.turn_kind is TurnKind.BONUS and before.turn_kind is not TurnKind.BONUS:
            self._print(f"--- bonus turn: {player_name(after.active)}, 10 action points ---")
        return drawn


def in_pictures(start: State, plies: Sequence[Ply]) -> tuple[list[str], list[str]]:
    """The game told in pictures: an SVG picture of ``start`` and of the position after
    each ply, marking the action that led there, and a caption for each (the action in
    words, a token choice without its count (SPEED-JUMP-1))."""

    def caption(before: State, ply: Ply) -> str:
        return in_words(before, ply.action, ply.transition, secret=True)

    return narration.in_pictures(GAME, start, plies, caption)


def result_line(state: State) -> str:
    """The last line of a game told: ``result: P2 wins by most-points (P1 40, P2 52)``."""
    o = state.result
    if o is None:
        return "result: * (unfinished)"
    scores = ", ".join(f"{player_name(p)} {s}" for p, s in enumerate(o.scores))
    if o.winner is None:
        best = max(o.scores)
        top = " and ".join(player_name(p) for p, s in enumerate(o.scores) if s == best)
        return f"result: {top} share the win by {o.reason} ({scores})"
    return f"result: {player_name(o.winner)} wins by {o.reason} ({scores})"
