"""How often a ruleset's readings gave a player a choice the default readings do not,
or took one away, in a study game: so that a switch that "changed no game" can be told
apart from one that never came up (issue 32).

The options that change what a player may do (:data:`CHOICE_OPTIONS`) are weighed at
every decision of a game played under rules that set one of them otherwise than the
default: the legal actions there, under the rules played and under the same rules with
those options at their defaults (:func:`baseline`), in the same position. A decision
*opened* a choice where the rules played allow an action the defaults do not (a stop
under ``forfeit``, a bid over one's score under ``max_bid='any'``, a level skipped
under ``sold_out='skip'``), and it *took* one where such an action was chosen; it
*closed* one where the defaults allow an action the rules played do not (a third
level under ``uncover_limit='turn'``, a move across several borders under
``jump_move='border'``). Under ``jump_limits='jump'`` the limits' counts (``raised``,
``dug``) start again at each Jump, so the position is weighed under the defaults with
the counts of the whole Jump phase, noted decision by decision here
(:meth:`Choices.watch`). The other options act without a choice of their own: setup
(``start_worker``, ``auction_score``, ``tile_mix``) in every game, scoring and the Round
Order through the events :class:`~.tally.Tally` counts.

>>> from tikalspeed import Rules
>>> baseline(Rules()) is None
True
>>> baseline(Rules(mode="classic", players=2, max_bid="any", start_worker=True))
Rules(mode='classic', players=2, start_worker=True)
"""

from __future__ import annotations

from typing import Any

import attrs

from ...engine import legal_actions
from ...engine.ap.legal import mark
from ...model.actions import Action, TakeTreasure, Uncover
from ...model.records import TurnKind
from ...model.rules import Rules
from ...model.state import Phase, State

__all__ = ["CHOICE_OPTIONS", "Choices", "baseline"]

CHOICE_OPTIONS = (
    "uncover_limit",
    "sold_out",
    "treasure_limit",
    "exchange",
    "camp_needs_member",
    "guard_on_tie",
    "max_bid",
    "jump_limits",
    "forfeit",
    "jump_action",
    "jump_move",
    "jump_blocked",
)
"""The ``Rules`` options whose readings change which actions are legal."""

_DEFAULTS: dict[str, Any] = {
    f.name: f.default for f in attrs.fields(Rules) if f.name in CHOICE_OPTIONS
}


def baseline(rules: Rules) -> Rules | None:
    """``rules`` with every option of :data:`CHOICE_OPTIONS` at its default, or ``None``
    where they all are already (a game of such rules needs no weighing)."""
    changed = {k: v for k, v in _DEFAULTS.items() if getattr(rules, k) != v}
    return attrs.evolve(rules, **changed) if changed else None


def _legal(state: State, player: int) -> frozenset[Action]:
    if state.phase is Phase.TOKENS:
        return frozenset(legal_actions(state, player))
    return frozenset(legal_actions(state))


class Choices:
    """The choices a game's rules opened, took and closed against :func:`baseline`'s,
    decision by decision (:meth:`watch`); nothing is weighed under default readings."""

    def __init__(self, rules: Rules) -> None:
        self.base = baseline(rules)
        """The rules weighed against, or ``None``."""
        self.opened = 0
        """Decisions at which the rules allowed an action the defaults do not."""
        self.taken = 0
        """Of those, the decisions at which such an action was chosen."""
        self.closed = 0
        """Decisions at which the defaults allow an action the rules do not."""
        self._phase: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        """Under ``jump_limits='jump'`` weighed against ``'phase'``: the marks of the
        temples raised and the treasures dug in the Jumps of this round so far (SPEED-JUMP-9),
        as the defaults would count them; ``None`` outside a Jump phase."""
        self._counts = self.base is not None and self.base.jump_limits != rules.jump_limits

    def watch(self, before: State, player: int, action: Action) -> None:
        """Weigh one decision: ``player`` chose ``action`` in ``before``."""
        base = self.base
        if base is None:
            return
        mine = _legal(before, player)
        theirs = _legal(self._as_defaults(before, base), player)
        if self._counts:
            self._note(before, player, action)
        if mine - theirs:
            self.opened += 1
            self.taken += action not in theirs
        if theirs - mine:
            self.closed += 1

    def _as_defaults(self, before: State, base: Rules) -> State:
        """``before`` under the rules ``base``; where the limits count per Jump here
        and per phase there, in a Jump, with the counts of the phase so far."""
        if not self._counts or before.turn_kind is not TurnKind.JUMP:
            return before.replace(rules=base)
        raised, dug = self._phase or ((), ())
        return before.replace(rules=base, raised=raised, dug=dug)

    def _note(self, before: State, player: int, action: Action) -> None:
        """Add ``action``'s mark to the counts of the Jump phase (SPEED-JUMP-9); a
        decision outside a Jump ends the phase."""
        if before.turn_kind is not TurnKind.JUMP:
            self._phase = None  # the Jumps of a round are over
            return
        raised, dug = self._phase or ((), ())
        if isinstance(action, Uncover):
            raised = (*raised, mark(before, player, action.cell))
        elif isinstance(action, TakeTreasure):
            dug = (*dug, mark(before, player, action.cell))
        self._phase = (raised, dug)
