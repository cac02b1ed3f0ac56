"""The loop of one study game, apart from :class:`~.study.Study` (an attrs class, which
mypyc cannot compile) so that the compiled build compiles it with the engines
(``setup.py``'s ``COMPILED``, with :mod:`.moments`): the same code runs on either build,
and :meth:`.study.Study.play_row` calls it with the game's functions.

>>> import random, tiki
>>> from gamekit.bots import chooser
>>> from tiki.tools.bots import RandomBot
>>> g = tiki.GAME
>>> bots = [chooser(RandomBot(1)), chooser(RandomBot(2))]
>>> state, plies, trail, points, options = play(
...     g.new_game(tiki.Rules(), seed=3), bots, random.Random(0), 2000, g.actors, g.secret,
...     g.observe, g.sample_chance, (g.CHANCE,), g.apply, None, None, g.legal_actions)
>>> plies == len(trail) == len(options), points, g.outcome(state) is not None
(True, [], True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["play"]

Function = Callable[..., Any]


def play(
    state: Any,
    choose: list[Function],
    rng: Any,
    max_plies: int,
    actors: Function,
    secret: Function,
    observe: Function,
    sample: Function,
    chance: tuple[int, ...],
    advance: Function,
    seen: Function | None,
    effort: Function | None,
    legal: Function | None,
) -> tuple[Any, int, list[int], list[int], list[int]]:
    """Play from ``state`` until nobody is to act or ``max_plies`` actions were taken;
    return the last state, the actions taken, the trail of decisions (who decided,
    ``~player`` for a secret choice, given his own view, ``observe``) and, per
    decision, what ``effort(before, action, after)`` says it spends (from the states
    before and after it) and the number of ``legal(state, player)`` actions (empty
    where either is ``None``).

    ``choose[p](state_or_view, p)`` decides for seat ``p``; chance (``actors`` giving
    ``chance``) is ``sample(state, rng)``. ``advance(state, action)`` is the new state,
    or, with ``seen``, a pair of the new state and the ply's events, shown to ``seen``
    when there are any."""
    trail: list[int] = []
    points: list[int] = []
    options: list[int] = []
    note, spent, offered = trail.append, points.append, options.append
    weigh = effort is not None or legal is not None
    plies = 0
    for plies in range(max_plies):  # noqa: B007 - the plies taken, where it breaks
        who = actors(state)
        if not who:
            break
        if who == chance:
            action = sample(state, rng)
        else:
            p: int = who[0] if len(who) == 1 else min(who)
            if secret(state):  # he sees his own view only
                action = choose[p](observe(state, p), p)
                note(~p)
            else:
                action = choose[p](state, p)
                note(p)
            if weigh:  # the model's figures of the decision: the points from both states
                if legal is not None:
                    offered(len(legal(state, p)))
                if effort is not None:
                    before = state
                    if seen is None:
                        state = advance(state, action)
                    else:
                        state, events = advance(state, action)
                        if events:
                            seen(events)
                    spent(effort(before, action, state))
                    continue
        if seen is None:
            state = advance(state, action)
        else:
            state, events = advance(state, action)
            if events:
                seen(events)
    else:
        plies = max_plies  # stopped unfinished
    return state, plies, trail, points, options
