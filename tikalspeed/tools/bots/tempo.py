"""The tempo of a Speed round for the search bot (:mod:`tikalspeed.tools.bots.search`):
what the action points a player still has to spend this round are worth (issue 21).

In Speed every player gets the same 10 points a round (SPEED-TOKENS-1), but spends
them in Jumps, one action at a time, in turn with the others (SPEED-JUMP-1 …
SPEED-JUMP-6). A position in the middle of a Jump phase, just after one player's
action and before the other's, looks won for the one who has just acted if only the
board is counted: the search would prefer whatever spends its points first, and a
leaf after the round could not be compared with one inside it. So each point still
to spend this round counts ``AP_WORTH`` (by the number of players: 2.4 with 2, 0.6
with 4) times the player's weight of points (the
greedy bot's ``_weights``: what a point of :func:`~tikalspeed.tools.bots.scoring_now`
is worth): the tokens in hand (SPEED-TOKENS-1), the points chosen for the running
Jump by a player who has not acted in it yet (SPEED-JUMP-2), and the points left of
the running Jump turn (SPEED-JUMP-3, points not used in it are lost, and the tempo
falls by them). A volcano bonus turn still to come (SPEED-SCORE-2: the volcano
secured and not yet placed, placed this round, or queued) counts ``BONUS_WORTH``
times the weight, a running one by its action points left. Before the Jump phase
everyone holds his 10 tokens: they are not counted, since only the difference
between players matters.

The search bot counts this tempo in 2-player games only: with 4 players it made the
bot weaker (on the 40 4-player games of ``docs/strength.md``, 30.8% with the 2-player
worths, 51.2% with the 4-player ones, 32.5% without the bonus turns, against 88.8%
without the tempo), so there it keeps its older count of the tokens in hand
(``search.TOKEN_WORTH``).

>>> from tikalspeed import Rules, new_game
>>> speed_tempo(new_game(Rules(players=2), seed=1), [1.0, 1.0])
[0.0, 0.0]
"""

from __future__ import annotations

from ...board.terrain import terrain
from ...board.tiles import Kind
from ...model.state import Phase, State, TurnKind

__all__ = ["AP_WORTH", "BONUS_WORTH", "bonus_turns", "points_left", "speed_tempo"]

AP_WORTH: dict[int, float] = {2: 2.4, 3: 1.0, 4: 0.6}
"""What an action point still to spend in this round's Jumps is worth, by the number
of players, times the player's weight of points: in Speed games of the greedy bot, a
Jump turn raises its player's :func:`~tikalspeed.tools.bots.evaluate` against the
best other's by so many times his weight of points for each point it was given (with
2 players 3.5 points of value a point, over 2 758 Jump turns of 20 games, about as
much with 1 point left as with 10; with 3 and 4 players, 12 games each: the gain
falls as the square of the players, since it is counted against the best of more)."""
BONUS_WORTH: dict[int, float] = {2: 4.4, 3: 3.2, 4: 3.1}
"""What a volcano bonus turn still to come is worth (SPEED-SCORE-2), by the number of
players, times the player's weight of points: in the same games a bonus turn raised
its player's value by 8.8 points with 2 players, 6.5 with 3 and 6.2 with 4, with the
weight at 2 while it is owed (the scoring of the round still counted in)."""


def points_left(state: State) -> list[int]:
    """Per player, the action points he still has to spend in this round's Jump phase
    (0 outside it): tokens in hand, points chosen for the running Jump and not yet
    spent (SPEED-JUMP-1/2), and the points left of the running Jump turn.

    >>> from tikalspeed import Rules, new_game
    >>> points_left(new_game(Rules(players=2), seed=1))
    [0, 0]
    """
    n = state.players
    phase = state.phase
    jumping = phase is Phase.TOKENS or (
        state.turn_kind is TurnKind.JUMP and phase in (Phase.ACTIONS, Phase.TREASURE)
    )
    if not jumping:
        return [0] * n
    left = list(state.tokens)
    if phase is not Phase.TOKENS:  # the choices are out of hand since the reveal
        chosen = state.chosen
        for p in state.jump_order:
            left[p] += chosen[p]
        left[state.active] += state.ap
    return left


def bonus_turns(state: State) -> list[float]:
    """Per player, the volcano bonus turns he still takes this round (SPEED-SCORE-2):
    1 for a volcano he secured and has not placed, or placed this round while the
    Jumps or the scoring are still to come, or a bonus turn queued; a running bonus
    turn by its action points left (a tenth a point).

    >>> from tikalspeed import Rules, new_game
    >>> bonus_turns(new_game(Rules(players=2), seed=1))
    [0.0, 0.0]
    """
    n = state.players
    owed = [0.0] * n
    kind = state.turn_kind
    if kind is TurnKind.BONUS:
        if state.phase in (Phase.ACTIONS, Phase.TREASURE):
            owed[state.active] += state.ap / 10
        for queued, p in state.queue:
            if queued is TurnKind.BONUS:
                owed[p] += 1.0
        return owed
    if kind is TurnKind.FINAL or kind is TurnKind.SCORING:  # 'turns' options
        for queued, p in state.queue:
            if queued is TurnKind.BONUS:
                owed[p] += 1.0
        return owed
    for p in state.volcano_placers:
        owed[p] += 1.0
    kinds = terrain(state.rules.manifest).tile_kinds
    for p, tile in enumerate(state.secured):
        if tile >= 0 and kinds[tile] is Kind.VOLCANO:
            owed[p] += 1.0
    return owed


def speed_tempo(state: State, weights: list[float]) -> list[float]:
    """Per player, the worth of what he still has to spend this round: ``AP_WORTH``
    (for the number of players) for each point of :func:`points_left` and
    ``BONUS_WORTH`` for each of his :func:`bonus_turns`, times his weight of points."""
    left = points_left(state)
    bonus = bonus_turns(state)
    n = state.players
    point, turn = AP_WORTH[n], BONUS_WORTH[n]
    return [weights[p] * (point * left[p] + turn * bonus[p]) for p in range(n)]
