"""Simple bots, and a loop that plays a game between them.

A bot is anything with a ``choose(state) -> Action`` method (the :class:`Bot`
protocol); a plain function ``state -> Action`` works too wherever a bot is asked for.
Bots decide for players only: chance nodes (tiles drawn or laid out, treasures dug up)
are resolved by :func:`play_game` from its own ``rng``. Every bot here is seeded, so
the same seeds give the same game.

- :class:`RandomBot` picks uniformly among the legal actions.
- :class:`GreedyBot` looks one ply ahead: it tries every legal action with
  :func:`tikalspeed.step` and keeps the one whose result :func:`evaluate` likes best
  (points banked and the points its temples and treasures would score, against the
  best opponent's); it bids little, and ends its turn when nothing helps (in a Speed
  game with ``Rules(forfeit=True)``, it stops taking part in the Jumps then). It uses
  the paths the rules' options open where they pay by its own evaluation: bids over
  its score (``max_bid='any'``), a second volcano that leads the Round Order
  (``two_volcanoes='last-secured'``), a Jump played out to spoil a later player's
  action (``jump_blocked='lost'``, :mod:`.jump`); under the default rules it plays as
  it always has.

>>> import random
>>> from tikalspeed import new_game, legal_actions, Rules
>>> s = new_game(Rules(players=2), seed=3)
>>> RandomBot(seed=1).choose(s) in legal_actions(s)
True
>>> log = play_game(s, {0: GreedyBot(seed=1), 1: RandomBot(seed=2)}, random.Random(0))
>>> log[-1].state.result is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypeAlias, TypeVar, runtime_checkable

from gamekit import bots as playing
from gamekit.bots import Ply, RandomPicker, final_state

from ...bounds import shown
from ...engine import (
    actors,
    legal_actions,
    step,
    view_actions,
)
from ...engine.auction import bid_limit
from ...errors import IllegalActionError
from ...game import GAME
from ...model.actions import (
    Action,
    Bid,
    ChooseTile,
    ChooseTokens,
    EndTurn,
    PassBid,
    player_name,
)
from ...model.state import CHANCE, Phase, State
from ...model.view import View
from .jump import later_players, rest_of_jump
from .value import (
    LATER,
    RUIN_HINT,
    SET_POINTS,
    WIN,
    _expected,
    _placement_hint,
    _tile_worth,
    after_others,
    evaluate,
    scoring_now,
    token_values,
)

__all__ = [
    "LATER",
    "RUIN_HINT",
    "SET_POINTS",
    "WIN",
    "Bot",
    "BotLike",
    "GreedyBot",
    "Ply",
    "RandomBot",
    "evaluate",
    "final_state",
    "not_the_seats",
    "play_game",
    "scoring_now",
]

_A = TypeVar("_A", bound=Action)


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for a player who decides in ``state``."""

    def choose(self, state: State | View, player: int | None = None) -> Action:
        """Return a legal action of ``player`` (default: the one player to act);
        ``state`` is never a chance node. At a Speed TOKENS node several players
        choose at once and in secret: the bot is given its player's
        :class:`~tikalspeed.View` (the others' choices hidden), or the position and
        ``player`` to say which one is asked (SPEED-JUMP-1)."""
        ...


BotLike: TypeAlias = (
    Bot | Callable[[State | View], Action] | Callable[[State | View, int], Action]
)
"""A :class:`Bot`, or a plain function from a state or view (and, if it takes two
arguments, the deciding player) to the action to play."""


def _decision(state: State | View, player: int | None) -> tuple[State, int, tuple[Action, ...]]:
    """The position a bot looks at, the player it decides for, and his legal actions
    (TIKAL-TURN-4, SPEED-JUMP-1); a view gives its own player's decision."""
    if isinstance(state, View):
        seat = state.seat  # a spectator's view decides nothing
        if player is not None and player != seat:
            raise IllegalActionError(
                "TIKAL-TURN-4", f"a view of {player_name(seat)} is not {shown(player)}'s"
            )
        actions = view_actions(state)
        if not actions:
            raise IllegalActionError(
                "TIKAL-TURN-4", f"{player_name(seat)} has no decision in this view"
            )
        return state.state, seat, actions
    phase = state.turn.phase
    if phase is Phase.OVER:
        raise IllegalActionError("TIKAL-TURN-4", "the game is over: no decision to make")
    who = actors(state)
    if who == (CHANCE,):
        raise IllegalActionError("TIKAL-TURN-4", "a chance node is not a bot's decision")
    if player is None:
        if len(who) != 1:
            raise IllegalActionError(
                "SPEED-JUMP-1", "several players choose tokens at once: say which one"
            )
        player = who[0]
    elif player not in who:
        name = player_name(player) if type(player) is int and 0 <= player < 4 else shown(player)
        raise IllegalActionError("TIKAL-TURN-4", f"it is not {name}'s decision")
    actions = legal_actions(state, player) if phase is Phase.TOKENS else legal_actions(state)
    return state, player, actions


class RandomBot(RandomPicker[Action]):
    """Chooses uniformly among the legal actions, from ``random.Random(seed)`` (its
    ``rng``; ``pick`` chooses among given actions: :class:`gamekit.bots.RandomPicker`).

    >>> from tikalspeed import new_game
    >>> s = new_game(seed=5)
    >>> RandomBot(seed=0).choose(s) == RandomBot(seed=0).choose(s)
    True
    """

    def choose(self, state: State | View, player: int | None = None) -> Action:
        """Return one legal action of ``player`` (default: the player to act),
        uniformly at random; at a Speed TOKENS node, one of his token choices."""
        return self.pick(_decision(state, player)[2])


# --------------------------------------------------------------------------- greedy


class GreedyBot:
    """Plays the action whose result :func:`evaluate` likes best (one ply ahead).

    In a turn it keeps spending action points while some action improves on the
    position as it stands, and ends the turn otherwise. Auctions: it bids one more
    than the high bid while that stays within a small part of what the best tile on
    display is worth to it (at most ``max_bid``) and within what the rules let it bid,
    and passes otherwise; it takes the display tile it values most. Ties are broken by
    ``random.Random(seed)``.

    Speed (SPEED-JUMP-1..3): for a Jump it finds the best single action it could take
    with the most tokens it may choose (up to 5) and chooses exactly that action's
    cost; when its turn in the Jump comes it plays the best single action the points
    allow (the board may have changed in between).

    Where an option of :class:`~tikalspeed.Rules` opens another path, it takes it when
    that pays by its own evaluation; under every option's default it chooses exactly
    as it did before these were added:

    - ``max_bid='any'`` (TIKAL-AUCTION-3): it may bid over its score, up to the
      engine's bound (:func:`~tikalspeed.engine.auction.bid_limit`), still within
      ``max_bid`` and half the tile's worth; under ``'score'``, never over its score.
    - ``two_volcanoes='last-secured'`` (SPEED-AUCTION-3): a volcano on display that
      would put it in front of a volcano already secured this round is worth
      :data:`~tikalspeed.tools.bots.value.LEAD_BONUS` more to it, in choosing a tile
      and in bidding (leading the Round Order wins the ties of the Jumps,
      SPEED-JUMP-2). A first volcano of the round promotes its securer under either
      reading but earns no bonus: one there would change the default's play.
    - ``forfeit=True`` (SPEED-JUMP-8): it stops when no count's action is worth more
      to it than the position as it stands, as it ends a turn when nothing helps.
    - ``jump_blocked='lost'`` (SPEED-JUMP-7), where an action spoiled by the players
      before it may cost its points: it values each token count after the players it
      expects to jump first have played (:func:`after_others`), so it may knowingly
      choose a count whose action they can spoil, when that is still its best; and
      when its own turn in the Jump comes with players still to act after it, it
      values its actions by the position after the rest of the Jump
      (:func:`~tikalspeed.tools.bots.jump.rest_of_jump`), so it takes a later
      player's action away (and his points with it) when that is worth more to it.
    - every other option (``uncover_limit``, ``sold_out``, ``treasure_limit``,
      ``exchange``, ``camp_needs_member``, ``guard_on_tie``, ``start_worker``,
      ``jump_action``, ``jump_move``, ``jump_limits``, ``volcano_scoring``,
      ``final_scoring``) changes what is legal or how the game scores; the bot uses it
      through the legal actions it evaluates (and :func:`tikalspeed.step`'s results),
      with nothing of its own to add; so too the game's parameters (``players``,
      ``auction_score``, ``manifest``, ``tile_mix``).

    >>> from tikalspeed import new_game
    >>> GreedyBot(seed=0).choose(new_game(seed=1)) in legal_actions(new_game(seed=1))
    True
    """

    def __init__(self, seed: int | None = None, max_bid: int = 3) -> None:
        self.rng = random.Random(seed)
        """The bot's own random number generator, for ties."""
        self.max_bid = max_bid
        """The most it ever bids in one auction."""

    def choose(self, state: State | View, player: int | None = None) -> Action:
        """Return the best legal action of ``player`` (default: the player to act),
        one ply ahead."""
        state, me, actions = _decision(state, player)
        if len(actions) == 1:
            return actions[0]
        if state.phase is Phase.TOKENS:
            return self._tokens(state, actions, me)
        if state.phase is Phase.BID:
            return self._bid(state, actions, me)
        if state.phase is Phase.CHOOSE:
            tiles = [a for a in actions if isinstance(a, ChooseTile)]
            return self._best(tiles, lambda a: _tile_worth(state, a.tile, me))
        if state.phase is Phase.PLACE:
            return self._best(actions, lambda a: self._placed(state, a, me))
        baseline = evaluate(state, me)
        scores: dict[Action, float] = {}
        afters: dict[Action, State] = {}
        for action in actions:
            if not isinstance(action, EndTurn):
                afters[action] = after = step(state, action).state
                scores[action] = _expected(after, me)
        end = next((a for a in actions if isinstance(a, EndTurn)), None)
        if later_players(state):  # SPEED-JUMP-7, 'lost': the Jump after its action
            scores, stop = rest_of_jump(state, me, afters, scores, end)
            baseline = baseline if stop is None else stop
        best = max(scores.values(), default=baseline)
        if end is not None and best <= baseline + 1e-9:
            return end
        return self._pick([a for a, v in scores.items() if v == best])

    def _tokens(self, state: State, actions: tuple[Action, ...], me: int) -> Action:
        """SPEED-JUMP-1/4: as many tokens as the best single action now costs.
        SPEED-JUMP-7, ``jump_blocked='lost'``: each count valued after the players who
        would jump before it (:func:`after_others`). SPEED-JUMP-8, ``forfeit``: stop
        when no count's action is worth more than the position as it stands."""
        counts = {a.count: a for a in actions if isinstance(a, ChooseTokens)}
        stop = next((a for a in actions if isinstance(a, EndTurn)), None)
        if not counts:
            return actions[0]  # only stopping early is left (Rules.forfeit)
        if state.rules.jump_blocked == "lost":  # the Jump as he expects it to go
            values = after_others(state, me, [0, *counts] if stop else counts)
            baseline = values.pop(0, 0.0)  # with a stop: the Jump without him
        else:
            values = token_values(state, me, counts)
            baseline = evaluate(state, me) if stop else 0.0
        best = max(values.values(), default=None)
        if stop is not None and (best is None or best <= baseline + 1e-9):
            return stop  # SPEED-JUMP-8: nothing to gain from another action this phase
        if best is None:
            return counts[min(counts)]
        return counts[min(c for c, v in values.items() if v == best)]

    @staticmethod
    def _placed(state: State, action: Action, me: int) -> float:
        after = step(state, action).state
        return evaluate(after, me) + _placement_hint(state, after, me)

    def _bid(self, state: State, actions: tuple[Action, ...], me: int) -> Action:
        """TIKAL-AUCTION-3: one more than the high bid, up to ``max_bid``, half what the
        best tile on display is worth to it, and what the rules let it bid
        (:func:`~tikalspeed.engine.auction.bid_limit`: its score, or with
        ``Rules(max_bid='any')`` more than it has); else it passes."""
        worth = max((_tile_worth(state, t, me) for t in state.display), default=0.0)
        limit = min(self.max_bid, int(worth) // 2, bid_limit(state, me))
        want = state.high_bid + 1
        bid = next((a for a in actions if isinstance(a, Bid) and a.amount == want), None)
        if bid is not None and want <= limit:
            return bid
        return next(a for a in actions if isinstance(a, PassBid))

    def _best(self, actions: Sequence[_A], score: Callable[[_A], float]) -> _A:
        values = [score(a) for a in actions]
        best = max(values)
        return self._pick([a for a, v in zip(actions, values, strict=True) if v == best])

    def _pick(self, actions: Sequence[_A]) -> _A:
        return actions[self.rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return "GreedyBot()"


# --------------------------------------------------------------------------- games


def not_the_seats(action: object, player: int) -> str | None:
    """Why the seat of ``player`` may not take ``action``, or ``None`` if it may: an
    action of another player (or a chance outcome) is refused even where
    :func:`tikalspeed.step` would take it, at a Speed Jump's secret choices
    (SPEED-JUMP-1), where several players act at once.

    >>> from tikalspeed import ChooseTokens
    >>> not_the_seats(ChooseTokens(0, 2), 0) is None
    True
    >>> not_the_seats(ChooseTokens(1, 2), 0)
    "you are P1: P2:tokens:2 is P2's decision"
    """
    return playing.not_the_seats(GAME, action, player)


def play_game(
    state: State,
    bots: Mapping[int, BotLike],
    rng: random.Random | None = None,
    *,
    max_plies: int | None = 20_000,
    on_ply: Callable[[Ply], None] | None = None,
) -> list[Ply]:
    """Play from ``state`` until the game ends and return every :class:`Ply`, in order
    (the shared kit's loop, :func:`gamekit.bots.play_game`).

    ``bots`` maps each player (0 … players-1) to the bot that decides for them. Chance
    nodes are resolved from ``rng`` with :func:`tikalspeed.sample_chance` (and appear in
    the list, so the actions replay the game exactly); ``rng`` is needed only if a
    chance node is met. Each action is checked by :func:`tikalspeed.step`, so a bot
    that returns an illegal action raises :class:`IllegalActionError`. Play stops early,
    with the game unfinished, after ``max_plies`` actions (``None``: no limit).
    ``on_ply``, if given, is called with each :class:`Ply` as soon as it is played.

    At a Speed TOKENS node (SPEED-JUMP-1) every player in the Jump chooses in secret:
    each is asked in turn, in seat order, and his bot is given only his
    :class:`~tikalspeed.View`, ``observe(state, player)`` (the others' choices hidden),
    and told ``player``.
    Elsewhere the bot of the one player to act gets the state as it is.
    """
    return playing.play_game(GAME, state, bots, rng, max_plies=max_plies, on_ply=on_ply)
