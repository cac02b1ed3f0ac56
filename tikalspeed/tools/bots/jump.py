"""The greedy bot's own action in a Speed Jump when spoiling a later player's pays
(:mod:`tikalspeed.tools.bots`, SPEED-JUMP-7).

Under ``Rules(jump_blocked='lost')`` a player whose action in mind was made impossible
by the players before him in the Jump may lose his points: nothing he could have had
in mind when he chose his tokens is left, and what they opened for him is refused.
So a player who acts early in a Jump can take a later player's one action away (dig
the last treasure he came for, guard the temple he meant to raise) and leave him with
nothing. :func:`rest_of_jump` values the bot's candidate actions by the position after
the rest of the Jump is played out (:func:`~tikalspeed.tools.bots.value._jump_played`:
each later player's greedy best, the engine deciding what is still legal and whose
points are lost), as the bot values its token choice
(:func:`~tikalspeed.tools.bots.value.after_others`).

The cost is bounded: only the ``SHORTLIST`` best actions by their one-ply value, and
every action after which some later player could take other actions than before
(those that can spoil his), are played out; the others are not considered. Under the
default ``'other-action'`` nothing here runs: the bot plays its one-ply best. Measured
when written, on a study of 20 greedy 4-player Speed games under
``jump_blocked='lost'`` (seed 0, one job): 504 s of CPU time against 355 s without it
(1.4 times; the token choices, :func:`~tikalspeed.tools.bots.value.after_others`, cost
the most), and it changed about one Jump action in six of those it valued.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import chance_outcomes, legal_actions, step
from ...model.actions import Action
from ...model.state import Phase, State, TurnKind
from .value import _jump_played, evaluate

__all__ = ["SHORTLIST", "later_players", "rest_of_jump"]

SHORTLIST = 3
"""How many of the bot's best actions by their one-ply value are played out to the end
of the Jump in any case (besides every action that changes what a later player can
do)."""


def later_players(state: State) -> tuple[int, ...]:
    """The players still to act in the running Jump after the active one, when their
    actions can be spoiled for good (``Rules(jump_blocked='lost')``, SPEED-JUMP-7);
    ``()`` otherwise, or outside a Jump turn."""
    if state.rules.jump_blocked != "lost" or state.phase is not Phase.ACTIONS:
        return ()
    if state.turn_kind is not TurnKind.JUMP:
        return ()
    return state.jump_order


def _likely(state: State) -> State:
    """``state`` with a treasure dug resolved to its most likely outcome."""
    if state.phase is Phase.TREASURE:
        outcomes = chance_outcomes(state)
        return step(state, max(outcomes, key=lambda o: o[1])[0]).state
    return state


def _options(state: State, player: int) -> frozenset[Action]:
    """What ``player`` could do with the points he chose were his Jump turn now (the
    engine refusing what the players before him opened, SPEED-JUMP-7)."""
    turn = state.replace(
        phase=Phase.ACTIONS,
        turn_kind=TurnKind.JUMP,
        active=player,
        ap=state.chosen[player],
        jump_kind="",
    )
    return frozenset(legal_actions(turn))


def _played_out(state: State, me: int) -> float:
    """:func:`evaluate` for ``me`` after the rest of the Jump from ``state``; a treasure
    that ``state`` is about to turn up is averaged over its kinds."""
    if state.phase is Phase.TREASURE:
        return sum(
            float(p) * evaluate(_jump_played(step(state, a).state), me)
            for a, p in chance_outcomes(state)
        )
    return evaluate(_jump_played(state), me)


def rest_of_jump(
    state: State,
    me: int,
    afters: Mapping[Action, State],
    one_ply: Mapping[Action, float],
    end: Action | None,
) -> tuple[dict[Action, float], float | None]:
    """SPEED-JUMP-7, ``'lost'``: the value to ``me`` of his actions in the running Jump
    after every later player (:func:`later_players`) has acted, and that of ending his
    turn (``end``, under ``jump_action='one-kind'``; ``None`` without it).

    ``afters`` holds the position after each of his actions but ending, ``one_ply``
    its one-ply value; only the ``SHORTLIST`` best of them and those that change what
    a later player could do are valued (the others are left out of the answer)."""
    later = later_players(state)
    before = {q: _options(state, q) for q in later}
    ranked = sorted(one_ply, key=lambda a: -one_ply[a])[:SHORTLIST]
    values: dict[Action, float] = {}
    for action, after in afters.items():
        if action in ranked or any(_options(_likely(after), q) != before[q] for q in later):
            values[action] = _played_out(after, me)
    stop = None if end is None else _played_out(step(state, end).state, me)
    return values, stop
