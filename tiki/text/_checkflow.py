"""The checks of the flow of play for :func:`tiki.text.check.check_state`: the shaman's
place and timing, the pending villages and what a move can have entered, the turn
structure around a finished game; and :class:`StateFault`, what every check raises."""

from __future__ import annotations

from ..board.island import PATHS
from ..engine.moves import turn_actions
from ..model.state import PLAYER_SYMBOLS, Phase, State

__all__ = ["BETWEEN_TURNS", "StateFault", "check_flow", "check_shaman"]

BETWEEN_TURNS = ("turn-cap", "no-move")
"""Reasons a game ends between two actions (the others end it inside an action)."""


class StateFault(Exception):
    """An inconsistent field: ``field`` is a State attribute name, ``index`` a village
    (for ``tiles``/``stacks``) or a list index (for ``pending``), or ``None``."""

    def __init__(self, field: str, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.index = index
        self.message = message


def check_shaman(s: State) -> None:
    """TIKI-SHAMAN-2: when the shaman is on the board, and the placing decision."""
    rules = s.rules
    if rules.shaman and rules.shaman_entry == "start":
        waiting = s.turn == 0 or (s.turn == 1 and s.phase in (Phase.PLACE_SHAMAN, Phase.OVER))
        if waiting and s.shaman is not None:
            raise StateFault(
                "shaman",
                "the second player places the shaman only after the first player's first "
                "turn (TIKI-SHAMAN-2)",
            )
        if not waiting and s.shaman is None:
            raise StateFault(
                "shaman",
                "with shaman_entry='start' the shaman stands on an edge from the second "
                "player's first turn on (TIKI-SHAMAN-2)",
            )
    elif rules.shaman and s.shaman is not None and 0 not in s.tiles:
        raise StateFault(
            "shaman",
            "with shaman_entry='marsh' the shaman enters when a 0 village is influenced, "
            "and this layout has none (TIKI-SHAMAN-2, TIKI-SHAMAN-4)",
        )
    if s.phase is Phase.PLACE_SHAMAN:
        if s.turn != 1:
            raise StateFault(
                "turn",
                "the second player places the shaman right after the first player's first "
                "turn: at turn 1 (TIKI-SHAMAN-2)",
            )
        first = 1 - s.active
        if [o for stack in s.stacks for o in stack] != [first]:
            raise StateFault(
                "stacks",
                f"after the first turn the board holds the one tiki {PLAYER_SYMBOLS[first]} "
                "created (TIKI-SHAMAN-2, TIKI-CREATE-1)",
            )


# _TWO_STEPS[allow_turns][(a, b)]: (origin, edges crossed) of each 2-step path entering a, b
_TWO_STEPS: dict[bool, dict[tuple[int, int], list[tuple[int, frozenset[int]]]]] = {
    turns: {} for turns in (True, False)
}
for _turns, _by_origin in PATHS.items():
    for _origin, _by_height in enumerate(_by_origin):
        for _path, _crossed in _by_height[2]:
            _TWO_STEPS[_turns].setdefault((_path[1], _path[2]), []).append((_origin, _crossed))


def _entered(s: State, first: int, second: int) -> bool:
    """Whether a 2-step move that the shaman allowed can have entered ``first`` then
    ``second``, from a village it left empty (TIKI-MOVE-2 … TIKI-MOVE-6)."""
    return any(
        not s.stacks[origin] and (s.shaman is None or s.shaman not in crossed)
        for origin, crossed in _TWO_STEPS[s.rules.allow_turns].get((first, second), ())
    )


def check_flow(s: State) -> None:
    """The villages waiting to resolve are those the last move entered, and a forced
    pass or a loss by it happens exactly to a player without a legal action."""
    phase, rules = s.phase, s.rules
    top = rules.movable == "top"
    if phase is Phase.ORDER:
        a, b = s.pending
        # TIKI-MOVE-6: the moving totem's bottom tiki tops a, its top tiki tops b
        mover_on = s.stacks[b][-1] == s.active if top else s.active in (
            s.stacks[a][-1],
            s.stacks[b][-1],
        )
        if not _entered(s, a, b) or not mover_on:
            raise StateFault(
                "pending",
                "two influenced villages are the two a 2-step move entered, in that order, "
                "from the village it left empty; the mover's tiki tops one of them, the "
                "second with movable='top' (TIKI-MOVE-1 … TIKI-MOVE-6, TIKI-INFL-3)",
            )
    three = [v for v, stack in enumerate(s.stacks) if len(stack) == 3 and v not in s.pending]
    if phase is Phase.OVER and three and s.result is not None:
        if s.result.reason in BETWEEN_TURNS:
            raise StateFault(
                "stacks",
                "a village still at 3 means the game ended inside an action, not by "
                f"{s.result.reason} (TIKI-INFL-1, TIKI-END-1)",
                three[0],
            )
        if not any(_resolved_first(s, z, three[0], None) for z in range(9) if not s.stacks[z]):
            raise StateFault(
                "stacks",
                "a village still at 3 is the second of two a move entered; the first, now "
                "empty, ended the game (TIKI-INFL-3, TIKI-END-1)",
                three[0],
            )
    if phase is Phase.SHAMAN:
        marshes = [z for z in range(9) if s.tiles[z] == 0 and not s.stacks[z]]
        if s.pending:
            marshes = [z for z in marshes if _resolved_first(s, z, s.pending[0], s.actor)]
        if not marshes:
            raise StateFault(
                "phase",
                "a shaman decision follows a 0 village the last move entered, its tikis "
                "just gone home, beside the village still waiting if there is one "
                "(TIKI-INFL-6, TIKI-INFL-8, TIKI-SHAMAN-4)",
            )
    stuck = (phase is Phase.TURN and rules.no_move != "pass") or (
        phase is Phase.OVER and s.result is not None and s.result.reason == "no-move"
    )
    if stuck and bool(turn_actions(s, s.active)) == (phase is Phase.OVER):
        raise StateFault(
            "result" if phase is Phase.OVER else "phase",
            f"with Rules.no_move={rules.no_move!r} the game ends exactly when the player on "
            "turn has no legal create or move (TIKI-END-5)",
        )


def _resolved_first(s: State, z: int, q: int, beneficiary: int | None) -> bool:
    """Whether the last move can have entered ``z`` and ``q`` (in either order), with
    ``z`` resolved first for ``beneficiary`` (``None``: unknown) and ``q`` still at 3.

    The moving totem held a tiki of the mover (``s.active``), its top tiki with
    ``movable='top'``; its bottom tiki tops the first village entered, its top tiki the
    second (TIKI-MOVE-1, TIKI-MOVE-6).
    """
    mover, top_q = s.active, s.stacks[q][-1]
    if s.rules.movable == "top":
        return (_entered(s, z, q) and top_q == mover) or (
            _entered(s, q, z) and beneficiary in (None, mover)
        )
    ok = beneficiary is None or mover in (beneficiary, top_q)
    return ok and (_entered(s, z, q) or _entered(s, q, z))
