"""The loop of one study game, apart from :class:`~.study.Study` (an attrs class, which
mypyc cannot compile) so that the compiled build compiles it with the engines
(``setup.py``'s ``COMPILED``, with :mod:`.moments`): the same code runs on either build,
and :meth:`.study.Study.play_row` calls it with the game's functions.

>>> import random, tiki
>>> from gamekit.bots import chooser, picker
>>> from tiki.tools.bots import RandomBot
>>> g = tiki.GAME
>>> bots = [RandomBot(1), RandomBot(2)]
>>> state, plies, trail, points, options = play(
...     g.new_game(tiki.Rules(), seed=3), [chooser(b) for b in bots], [None, None],
...     lambda: random.Random(0), 2000, g.actors, g.secret, g.observe,
...     g.sample_chance, g.CHANCE, g.apply, None, None, g.legal_actions, False)
>>> plies == len(trail), points, options, g.outcome(state) is not None
(True, [], [], True)

A bot that picks among the legal actions alone (:func:`~gamekit.bots.picker`) plays
the same game, and so it does where nobody is asked whether a choice is secret
(``secret`` of ``None``: Tiki has none, :attr:`gamekit.game.Game.simultaneous`):

>>> again = play(
...     g.new_game(tiki.Rules(), seed=3), [chooser(b) for b in bots],
...     [picker(RandomBot(1)), picker(RandomBot(2))], lambda: random.Random(0), 2000,
...     g.actors, None, g.observe, g.sample_chance, g.CHANCE, g.apply, None, None,
...     g.legal_actions, True)
>>> again[0] == state and again[2] == trail and len(again[4]) == len(trail)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["play"]

Function = Callable[..., Any]


def play(
    state: Any,
    choose: list[Function],
    pick: list[Function | None],
    chance_rng: Function,
    max_plies: int,
    actors: Function,
    secret: Function | None,
    observe: Function,
    sample: Function,
    chance: int,
    advance: Function,
    seen: Function | None,
    effort: Function | None,
    legal: Function,
    count_options: bool,
    watch: Function | None = None,
) -> tuple[Any, int, list[int], list[int], list[int]]:
    """Play from ``state`` until nobody is to act or ``max_plies`` actions were taken;
    return the last state, the actions taken, the trail of decisions (who decided,
    ``~player`` for a secret choice, given his own view, ``observe``) and, per
    decision, what ``effort(before, action, after)`` says it spends (from the states
    before and after it) (empty where ``effort`` is ``None``) and the number of the
    player's legal actions (empty unless ``count_options``).

    ``choose[p](state_or_view, p)`` decides for seat ``p``, or, where ``pick[p]`` is not
    ``None``, ``pick[p](actions)`` from his legal actions: ``legal(state)`` where he
    alone decides, else ``legal(state, p)``, the same as his view's (a secret choice
    never depends on what is hidden from its player) without building the view.
    Chance (``actors`` giving ``(chance,)``) is ``sample(state, rng)``, ``rng`` made by
    ``chance_rng()`` at the first chance node (a game without chance after its start,
    such as Tiki's, never seeds one). ``secret`` is ``None`` for a game that never has
    a secret choice (Tiki's): nobody's decision is then asked about.
    ``advance(state, action)`` is the new state, or, with ``seen``, a pair of the new
    state and the ply's events, shown to ``seen`` when there are any.
    ``watch(before, player, action)``, where given, is shown every decision of a
    player (not chance): a study that counts how often a rule gave a choice."""
    trail: list[int] = []  # appended to directly: the compiled build's own list append
    points: list[int] = []
    options: list[int] = []
    plies = 0
    rng: Any = None
    for plies in range(max_plies):  # noqa: B007 - the plies taken, where it breaks
        who: tuple[int, ...] = actors(state)  # typed: read as a tuple of ints
        if not who:
            break
        first = who[0]
        decided = first != chance
        if not decided:
            if rng is None:
                rng = chance_rng()
            action = sample(state, rng)
        else:
            alone = len(who) == 1
            p = first if alone else min(who)
            picking = pick[p]
            if picking is not None:  # from the legal actions alone: no view, no checks
                actions = legal(state) if alone else legal(state, p)
                action = picking(actions)
                trail.append(~p if secret is not None and secret(state) else p)
                if count_options:
                    options.append(len(actions))
            else:
                if secret is not None and secret(state):  # he sees his own view only
                    action = choose[p](observe(state, p), p)
                    trail.append(~p)
                else:
                    action = choose[p](state, p)
                    trail.append(p)
                if count_options:
                    options.append(len(legal(state, p)))
        before = state
        if seen is None:
            state = advance(state, action)
        else:
            state, events = advance(state, action)
            if events:
                seen(events)
        if decided and effort is not None:  # the points the decision spends, from both states
            points.append(effort(before, action, state))
        if decided and watch is not None:
            watch(before, p, action)
    else:
        plies = max_plies  # stopped unfinished
    return state, plies, trail, points, options
