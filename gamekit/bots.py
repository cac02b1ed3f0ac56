"""The bots' protocol, and the loop that plays a game between bots.

A bot is anything with a ``choose(state)`` method, or ``choose(state, player)`` where
several players may be asked at once; a plain function of the same shape works too.
Bots decide for players only: chance nodes are resolved by :func:`play_game` from its
own ``rng``. Where the players to act choose at once and in secret (the game's
``secret(state)``: a Speed Jump's tokens), each is asked in turn, in seat order, and
given only his own view, ``observe(state, player)``, never the position.

A bot whose choice depends on nothing but the legal actions (a random bot) may also
offer ``pick(actions)``: the action it would choose where ``actions`` are the legal
ones, drawing from its own generator exactly as ``choose`` does. A study then lists
the actions itself and skips the view and the bot's checks (:func:`picker`).

>>> import random, tiki
>>> start = tiki.new_game(seed=3)
>>> bots = {0: tiki.GAME.bot("greedy", seed=1), 1: tiki.GAME.bot("random", seed=2)}
>>> log = play_game(tiki.GAME, start, bots, random.Random(0), max_plies=None)
>>> log[-1].state.result is not None, final_state(start, log) is log[-1].state
(True, True)
"""

from __future__ import annotations

import functools
import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import attrs

from .draws import uniform
from .game import Game

__all__ = [
    "Bot", "Ply", "RandomPicker", "chooser", "final_state", "not_the_seats", "picker",
    "play_game",
]  # fmt: skip


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action for a player who decides in ``state``."""

    def choose(self, state: Any, player: int | None = None) -> Any:
        """Return a legal action of ``player`` (default: the one player to act);
        ``state`` is never a chance node, and where the choice is secret it is the
        player's own view."""
        ...


A = TypeVar("A")


class RandomPicker(Generic[A]):
    """What both games' random bots share: their own ``random.Random(seed)`` and the
    uniform choice among a player's legal actions drawn from it (:attr:`pick`); each
    game's ``RandomBot`` adds ``choose``, which lists the legal actions and picks."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        """The bot's own random number generator."""

    @property
    def pick(self) -> Callable[[Sequence[A]], A]:
        """Its choice among ``actions`` (the legal actions of the player it decides
        for), uniformly at random: what ``choose`` returns where they are his legal
        actions, from the same generator (:func:`picker`). It draws as the generator's
        own ``choice`` does (and so as ``randrange(len(actions))``), with the compiled
        :func:`gamekit.draws.uniform` on its ``getrandbits``, so that a study's loop
        calls no method of the bot's, and no interpreted code, a ply."""
        return functools.partial(uniform, self.rng.getrandbits)

    def __repr__(self) -> str:
        return "RandomBot()"


@attrs.frozen
class Ply:
    """One action of a played game and the ``Transition`` it caused."""

    action: Any
    """The action played (a chance outcome when its ``player`` is the game's
    ``CHANCE``)."""
    transition: Any
    """The new state and the events."""

    @property
    def state(self) -> Any:
        """The state after the action."""
        return self.transition.state


def _parameters(function: Callable[..., Any]) -> int:
    """How many parameters ``function`` has (``0`` without a signature)."""
    try:
        return len(inspect.signature(function).parameters)
    except (TypeError, ValueError):  # pragma: no cover - a builtin without a signature
        return 0


@functools.lru_cache(maxsize=256)
def _method_parameters(function: Callable[..., Any]) -> int:
    """:func:`_parameters` of a method's function, kept: a study makes its bots anew for
    every game, and reading a signature costs about as much as a ply."""
    return _parameters(function)


def chooser(bot: Any) -> Callable[[Any, int], Any]:
    """``bot`` as a function of the state (or view) and the player it decides for: a
    :class:`Bot` or a plain function, each given the player only if it takes one."""
    choose = getattr(bot, "choose", bot)  # isinstance(bot, Bot), without its slow check
    function = getattr(choose, "__func__", None)  # a bound method's function
    if function is not None and getattr(choose, "__self__", None) is not None:
        takes_player = _method_parameters(function) - 1 >= 2  # its first is the bot itself
    else:
        takes_player = _parameters(choose) >= 2
    if takes_player:
        found: Callable[[Any, int], Any] = choose
        return found
    return lambda state, player: choose(state)


def picker(bot: Any) -> Callable[[tuple[Any, ...]], Any] | None:
    """``bot``'s ``pick(actions)``, or ``None`` if it has none: the choice of a bot that
    looks at nothing but the legal actions of the player it decides for (a non-empty
    tuple, in the game's order), and returns the one that ``choose`` returns in a
    position or view where they are his legal actions, drawing from the same generator.

    >>> import tiki
    >>> from tiki.tools.bots import RandomBot
    >>> s = tiki.new_game(seed=3)
    >>> picker(RandomBot(7))(tiki.legal_actions(s)) == RandomBot(7).choose(s)
    True
    >>> picker(tiki.GAME.bot("greedy", seed=1)) is None
    True
    """
    found: Callable[[tuple[Any, ...]], Any] | None = getattr(bot, "pick", None)
    return found


def not_the_seats(game: Game, action: object, player: int) -> str | None:
    """Why the seat of ``player`` may not take ``action``, or ``None`` if it may: an
    action of another player, or a chance outcome, is refused by whatever acts for a
    seat (:func:`play_game`, the command line's prompt, a server) before the engine
    sees it, even where the engine would take it (a secret choice).

    >>> import tiki
    >>> not_the_seats(tiki.GAME, tiki.Create(tiki.O, 0), tiki.X)
    "you are x: +a1 is o's decision"
    """
    owner = getattr(action, "player", None)
    if type(owner) is not int or owner == player:  # not an action: step says what is wrong
        return None
    me = game.player_name(player)
    if owner == game.CHANCE:
        return f"you are {me}: {action} is a chance outcome, not a decision"
    if not 0 <= owner < game.max_players:
        return None  # a malformed action: step says what is wrong
    return f"you are {me}: {game.named_token(action)} is {game.player_name(owner)}'s decision"


def play_game(
    game: Game,
    state: Any,
    bots: Mapping[int, Any],
    rng: random.Random | None = None,
    *,
    max_plies: int | None,
    on_ply: Callable[[Ply], None] | None = None,
) -> list[Ply]:
    """Play ``game`` from ``state`` until it ends and return every :class:`Ply`, in order.

    ``bots`` maps each player to the bot that decides for him. Chance nodes are
    resolved from ``rng`` with the game's ``sample_chance`` (and appear in the list,
    so the actions replay the game exactly); ``rng`` is needed only if a chance node
    is met. Each action is checked by the game's ``step``, so a bot that returns an
    illegal action raises the game's ``IllegalActionError``, and so does one that acts
    for another seat. Play stops early, with the game unfinished, after ``max_plies``
    actions (``None``: no limit). ``on_ply``, if given, is called with each
    :class:`Ply` as soon as it is played.
    """
    choosers = {p: chooser(b) for p, b in bots.items()}
    chance = (game.CHANCE,)
    actors, step, secret = game.actors, game.step, game.secret
    log: list[Ply] = []
    while max_plies is None or len(log) < max_plies:
        who = actors(state)
        if not who:
            break
        if who == chance:
            if rng is None:
                raise ValueError("play_game needs an rng to resolve a chance node")
            action = game.sample_chance(state, rng)
        else:
            player = min(who)
            try:
                choose = choosers[player]
            except KeyError:
                raise ValueError(f"no bot for player {player!r}") from None
            hidden = secret(state)
            action = choose(game.observe(state, player) if hidden else state, player)
            refusal = not_the_seats(game, action, player)
            if refusal:  # a seat never acts for another, even where step would take it
                raise game.IllegalActionError(
                    game.seat_clause(state), f"{refusal}, returned by its bot"
                )
        transition = step(state, action)
        ply = Ply(action, transition)
        log.append(ply)
        if on_ply is not None:
            on_ply(ply)
        state = transition.state
    return log


def final_state(start: Any, plies: Sequence[Ply]) -> Any:
    """The state after ``plies`` played from ``start`` (``start`` if none)."""
    return plies[-1].state if plies else start
