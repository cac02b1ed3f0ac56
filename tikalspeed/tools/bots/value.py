"""How the bots value a position (:mod:`tikalspeed.tools.bots`): the points a scoring would
give now, weighted by the scorings left, plus small positional hints; what a tile on
display is worth (a volcano more where ``Rules(two_volcanoes='last-secured')`` would
put its securer in front, :func:`promoted_to_first`); and what a Speed token choice is
worth (:func:`token_values`, :func:`after_others`, the Jump played out by
:func:`_jump_played`, also used for a Jump's action under ``jump_blocked='lost'``)."""

from __future__ import annotations

from collections.abc import Collection

from ...board.hexgrid import CELL_COUNT
from ...board.terrain import distances, terrain
from ...board.tiles import Kind
from ...engine import chance_outcomes, legal_actions, step
from ...model.actions import ChooseTokens, EndTurn
from ...model.events import ActionTaken
from ...model.state import EMPTY, Phase, State, TurnKind

SET_POINTS = (0, 1, 3, 6)
"""TIKAL-SCORE-3: points for 0, 1, 2 or 3 treasures of one kind."""
_SETS = SET_POINTS + (SET_POINTS[-1],) * 24
"""Points for 0 … 27 treasures of one kind (no more than 3 count)."""

# --------------------------------------------------------------------------- evaluation


def scoring_now(state: State) -> tuple[int, ...]:
    """Per player, the points a scoring would give now (TIKAL-SCORE-3): each temple
    guarded by the player or held by strict majority of force, plus treasure sets.

    >>> from tikalspeed import new_game
    >>> scoring_now(new_game(seed=1))
    (0, 0, 0, 0)
    """
    n = state.players
    strength = state.rules.manifest.components.leader_strength
    workers, leaders, guards = state.workers, state.leaders, state.guards
    points = [sum(map(_SETS.__getitem__, state.held[p])) for p in range(n)]
    for cell, value in enumerate(state.temples):
        if not value:
            continue
        guard = guards[cell]
        if guard != EMPTY:
            points[guard] += value
            continue
        best = second = 0
        holder = -1
        for p in range(n):
            force = workers[p][cell] + (strength if leaders[p] == cell else 0)
            if force > best:
                best, second, holder = force, best, p
            elif force > second:
                second = force
        if best > second:
            points[holder] += value
    return tuple(points)


def _weights(state: State) -> list[float]:
    """Per player, how much the points of :func:`scoring_now` are worth: 1 for the
    scoring at the end of this very turn (Speed: of this round), ``LATER`` for each
    scoring still to come."""
    n = state.players
    kinds = terrain(state.rules.manifest).tile_kinds
    volcano = Kind.VOLCANO
    later = sum(1 for st in state.stacks for t in st if kinds[t] is volcano)
    later += sum(1 for t in state.display if kinds[t] is volcano)
    if state.rules.mode == "speed":  # SPEED-SCORE-1, SPEED-END-1: everyone scores together
        now = bool(state.volcano_placers) or any(
            t >= 0 and kinds[t] is volcano for t in state.secured
        )
        last = not any(state.stacks)  # the round that uses the last tile ends the game
        weight = (1.0 if now or last else 0.0) + LATER * (later + (0 if last else 1))
        return [weight] * n
    final_started = state.turn_kind is TurnKind.FINAL
    weights = [0.0] * n
    for kind, p in state.queue:
        if kind is TurnKind.FINAL:
            final_started = True
        if kind is TurnKind.SCORING or kind is TurnKind.FINAL:
            weights[p] += LATER
    later += 0 if final_started else 1
    for p in range(n):
        weights[p] += LATER * later
    scoring_turn = state.turn_kind is TurnKind.SCORING or state.turn_kind is TurnKind.FINAL
    if scoring_turn and state.phase in (Phase.ACTIONS, Phase.TREASURE):
        weights[state.active] += 1.0
    return weights


RUIN_HINT = 0.6
"""The hint for each own piece on a ruin with treasures left (up to 2 per ruin)."""
LATER = 0.5
"""The weight of a scoring still to come (the position will change before it)."""
WIN = 1000.0
"""The bonus of a won game in :func:`evaluate` (a lost one costs as much)."""


def _presence(state: State, player: int) -> float:
    """Small hints: pieces in play, force on temples not yet held, pieces on ruins with
    treasures left, guards (a guarded temple is safe) and camps."""
    strength = state.rules.manifest.components.leader_strength
    workers = state.workers[player]
    leader = state.leaders[player]
    hint = 0.2 * sum(workers) + (0.4 if leader >= 0 else 0.0)
    jungle = state.jungle  # read once: the state's fields are properties
    temples, guards, ruins = jungle.temples, jungle.guards, jungle.ruins
    for cell in range(CELL_COUNT):
        value = temples[cell]
        if value:
            guard = guards[cell]
            if guard == player:
                hint += 0.25 * value
            elif guard == EMPTY:
                mine = workers[cell] + (strength if leader == cell else 0)
                if mine:
                    hint += 0.05 * value * min(mine, 4)
        elif ruins[cell]:
            here = workers[cell] + (leader == cell)
            hint += RUIN_HINT * min(here, ruins[cell], 2)
    hint += 0.3 * jungle.camps.count(player)
    return hint


def evaluate(state: State, player: int) -> float:
    """Score ``state`` from ``player``'s side: higher is better for ``player``.

    A finished game scores ``WIN`` plus the lead for the winner, ``-WIN`` plus the gap for
    the others (a shared win scores the lead, 0). Otherwise: the player's points banked
    plus the points a scoring would give now (:func:`scoring_now`) times the scorings
    left (weight 1 for the one at the end of this very turn, ``LATER`` for each one to
    come), plus small hints (pieces in play, force on temples, pieces on ruins, guards,
    camps), minus the best opponent's points counted the same way (without the hints).

    >>> from tikalspeed import new_game
    >>> s = new_game(seed=1)
    >>> evaluate(s, 0) == evaluate(s, 1) == 0
    True
    """
    n = state.players
    result = state.result
    if result is not None:
        best_other = max(result.scores[p] for p in range(n) if p != player)
        lead = float(result.scores[player] - best_other)
        if result.winner == player:
            return WIN + lead
        return lead if result.winner is None and lead == 0 else -WIN + lead
    points = scoring_now(state)
    weights = _weights(state)
    values = [state.scores[p] + points[p] * weights[p] for p in range(n)]
    others = max(values[p] for p in range(n) if p != player)
    return values[player] + _presence(state, player) - others


def _expected(state: State, player: int) -> float:
    """:func:`evaluate`, averaged over a treasure chance node."""
    if state.phase is not Phase.TREASURE:
        return evaluate(state, player)
    return sum(float(p) * evaluate(step(state, a).state, player) for a, p in chance_outcomes(state))


# --------------------------------------------------------------------------- greedy


LEAD_BONUS = 1.5
"""SPEED-AUCTION-3: what a volcano on display is worth more (in choosing a tile and in
bidding) when securing it would put the bot at the front of the Round Order where the
default reading would not: a second volcano of the round under
``Rules(two_volcanoes='last-secured')``. Leading wins the ties of every Jump
(SPEED-JUMP-2) and places first (SPEED-PLACE-1); a modest worth, about what a temple
of 1 or 2 is worth on display, and not a whole number, so it never ties with one."""


def promoted_to_first(state: State, player: int) -> bool:
    """SPEED-AUCTION-3: whether ``player``, securing a volcano now, would go to the front
    of the Round Order past a volcano already secured this round: only under
    ``Rules(two_volcanoes='last-secured')`` (the default keeps the earlier volcano
    securer first). A first volcano of the round promotes its securer under either
    reading; it earns no bonus, so that the default's choices stay as they were
    (:data:`LEAD_BONUS`)."""
    if state.rules.mode != "speed" or state.rules.two_volcanoes != "last-secured":
        return False
    kinds = terrain(state.rules.manifest).tile_kinds
    secured = state.secured
    return any(
        p != player and secured[p] >= 0 and kinds[secured[p]] is Kind.VOLCANO
        for p in state.round_order
    )


def _tile_worth(state: State, tile: int, player: int) -> float:
    """How much ``player`` wants ``tile`` from the auction display: a temple its value,
    a treasure hex its treasures, a volcano the lead it would score with now (plus
    :data:`LEAD_BONUS` where it puts him first only by the option, SPEED-AUCTION-3)."""
    t = terrain(state.rules.manifest)
    kind = t.tile_kinds[tile]
    if kind is Kind.TEMPLE:
        return float(t.tile_values[tile])
    if kind is Kind.TREASURE:
        return float(t.tile_masks[tile])
    if kind is Kind.VOLCANO:  # a scoring round now: good when ahead
        points = scoring_now(state)
        lead = points[player] + state.scores[player]
        lead -= max(points[p] + state.scores[p] for p in range(state.players) if p != player)
        return float(lead) + (LEAD_BONUS if promoted_to_first(state, player) else 0.0)
    return 1.0


def _placement_hint(state: State, after: State, player: int) -> float:
    """After a placement: a temple or ruin near the player's pieces and far from the
    others' is worth more (measured in AP along the stones)."""
    t = terrain(state.rules.manifest)
    kind = t.tile_kinds[state.hand]
    if kind not in (Kind.TEMPLE, Kind.TREASURE):
        return 0.0
    cell = next(c for c in range(CELL_COUNT) if after.placed[c] != state.placed[c])
    base = t.base_camp

    def reach(p: int) -> int:
        cells = [c for c in range(CELL_COUNT) if after.workers[p][c] or after.leaders[p] == c]
        cells += [base, *(c for c in range(CELL_COUNT) if after.camps[c] == p)]
        best = 99
        for origin in cells:
            best = min(best, distances(after.rules.manifest, after.placed, origin).get(cell, 99))
        return best

    others = min(reach(p) for p in range(state.players) if p != player)
    return 0.1 * (min(others, 20) - min(reach(player), 20))


# --------------------------------------------------------------------------- Speed tokens


def token_values(state: State, player: int, counts: Collection[int]) -> dict[int, float]:
    """SPEED-JUMP-1/3/4: for each token count of ``counts`` that some single action costs
    exactly, the :func:`_expected` value of the best such action, were ``player`` to act
    at once in the Jump with the most tokens he may choose (the board as it is now)."""
    top = max(counts)
    # the player's Jump turn as it would be if he acted now, with the most points
    trial = state.replace(
        phase=Phase.ACTIONS,
        turn_kind=TurnKind.JUMP,
        active=player,
        ap=top,
        chosen=tuple(top if p == player else 0 for p in range(state.players)),
        jump_order=(),
    )
    values: dict[int, float] = {}
    # what the engine would let him do then, under every Jump option (SPEED-JUMP-3)
    for action in legal_actions(trial):
        if isinstance(action, EndTurn):
            continue
        after = step(trial, action)
        cost = next((e.cost for e in after.events if isinstance(e, ActionTaken)), top)
        value = _expected(after.state, player)
        if cost in counts and value > values.get(cost, -float("inf")):
            values[cost] = value
    return values


def greedy_count(state: State, player: int) -> int:
    """The token count the greedy bot chooses for ``player`` by :func:`token_values`:
    the cheapest count of the best single action (the fewest tokens if none fits)."""
    counts = [a.count for a in legal_actions(state, player) if isinstance(a, ChooseTokens)]
    if not counts:
        return 0
    values = token_values(state, player, counts)
    if not values:
        return min(counts)
    best = max(values.values())
    return min(c for c, v in values.items() if v == best)


def _jump_played(state: State) -> State:
    """The Jump of ``state`` played out: each player in turn plays his greedy best
    action (one ply, by :func:`_expected` for him); a treasure dug is the most likely
    one. Stops once the Jump is over (the next token choice, or the round's end)."""
    for _ in range(8 * state.players):
        if state.phase is Phase.TREASURE:
            outcomes = chance_outcomes(state)
            state = step(state, max(outcomes, key=lambda o: o[1])[0]).state
            continue
        if state.phase is not Phase.ACTIONS or state.turn_kind is not TurnKind.JUMP:
            break
        who = state.active
        actions = [a for a in legal_actions(state) if not isinstance(a, EndTurn)]
        if not actions:
            break
        values = [_expected(step(state, a).state, who) for a in actions]
        state = step(state, actions[values.index(max(values))]).state
    return state


def after_others(state: State, me: int, counts: Collection[int]) -> dict[int, float]:
    """SPEED-JUMP-2/7: for each token count of ``counts``, what the Jump is worth to
    ``me`` once every player of it has acted.

    Each other player of the Jump is expected to choose :func:`greedy_count`; the Jump
    is played in the order of the counts, ties broken by the Round Order (SPEED-JUMP-2),
    each player taking his greedy best action when his turn comes (a treasure dug is
    the most likely one), the engine's rules deciding what is still legal then: under
    ``Rules(jump_blocked='lost')`` no action the players before him opened
    (SPEED-JUMP-7), and his points lost if nothing else is left. The value is
    :func:`evaluate` of the position after the Jump. A count of ``0`` is the Jump
    without him (he stops, SPEED-JUMP-8)."""
    state = state.replace(chosen=(0,) * state.players)  # the others' choices unseen
    order = [*state.round_order, *(p for p in range(state.players) if p not in state.round_order)]
    rank = {p: i for i, p in enumerate(order)}
    others = {q: greedy_count(state, q) for q in state.speed.jumpers if q != me}
    values: dict[int, float] = {}
    for k in sorted(counts):
        chosen = tuple(k if p == me else others.get(p, 0) for p in range(state.players))
        line = sorted(
            (p for p in range(state.players) if chosen[p]), key=lambda p: (chosen[p], rank[p])
        )
        if not line:
            values[k] = evaluate(state, me)
            continue
        trial = state.replace(
            phase=Phase.ACTIONS,
            turn_kind=TurnKind.JUMP,
            active=line[0],
            ap=chosen[line[0]],
            chosen=chosen,
            jump_order=tuple(line[1:]),
            opened=(),
        )
        values[k] = evaluate(_jump_played(trial), me)
    return values
