"""Simulation studies of Tikal: many games per ruleset, rulesets side by side.

:func:`play_row` plays one game between bots from a seed exactly as ``tikalspeed play
--seed N`` does (the start from ``new_game(rules, seed=N)``, later chance from
``random.Random(N + 100)``, the bot of seat ``Pk`` seeded with ``N + k``) and measures
it. :func:`simulate` runs a whole study (:mod:`gamekit.studies.runner`: processes or Ray, tables,
files, plots). A row holds:

==================  =================================================================
``ruleset``         the rules as text (``mode=speed;players=4``)
``seed``, ``bots``  the game's seed and the bots by seat (``greedy,greedy,random``)
``winner``          the winning seat (0 = P1), ``-1`` for a shared win, ``-2`` unfinished
``scores``          each player's final score; ``spread``: highest minus lowest
``plies``           every action, chance outcomes included
``decisions``       the players' decisions (``decisions_by``: per player)
``rounds``          classic: turns per player; professional: auction rounds; Speed:
                    rounds (auction, placement, Jumps)
``handoffs``        how often the decision passes to another player (or group)
``wait_mean``       the mean, over all decisions, of the *wait* before it (``wait_max``
                    the longest, ``wait_by`` each player's mean)
``gap_mean``        the mean wait over the decisions that had one (a player's first
                    decision after others acted): how long a wait is when one waits
``ap_unused``       action points left unused (turns ended early, Jump points lost,
                    tokens forfeited); ``ap_unused_by`` per player
``scorings``        scorings (each player's scores counted once per scoring)
==================  =================================================================

The *wait* before a player's decision is the number of decisions of other players
since his previous one (since the start, for his first). A simultaneous choice is no
wait: the token choices of one Jump (SPEED-JUMP-1) are one moment, in which each of
its players decides once and which counts once in the others' waits.

>>> row = play_row("mode=classic;players=2", 3, ("random", "random"))
>>> row["players"], row["winner"] in (0, 1, -1), sum(row["decisions_by"]) == row["decisions"]
(2, True, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from gamekit.cli.options import MAX_PLAYOUTS
from gamekit.studies import runner as _study

from ...bounds import shown
from ...engine import actors, new_game, observe, sample_chance, step
from ...model.actions import player_name
from ...model.events import AuctionOpened, PointsLost, Scored, TokensReturned, TurnBegan, TurnEnded
from ...model.rules import Rules
from ...model.state import CHANCE, Phase, TurnKind
from ...text.notation import rules_from_text, rules_to_text
from ..bots.search import MCTSBot
from ..bots.simple import GreedyBot, RandomBot

__all__ = [
    "BOTS",
    "MAX_PLIES",
    "MEASURES",
    "make_bot",
    "parse_rules",
    "play_row",
    "ruleset_text",
    "seat_names",
    "simulate",
]

BOTS: dict[str, type[GreedyBot] | type[RandomBot] | type[MCTSBot]] = {
    "greedy": GreedyBot,
    "mcts": MCTSBot,
    "random": RandomBot,
}
"""The bots a study may seat, by name (``mcts``: 200 playouts a decision;
``mcts:N`` is the search bot with ``N``, see :func:`make_bot`)."""
_MCTS = re.compile(r"mcts:([1-9][0-9]{0,6})")


def make_bot(name: str, seed: int) -> GreedyBot | RandomBot | MCTSBot:
    """The bot called ``name``, seeded with ``seed``: a name of :data:`BOTS`, or
    ``mcts:N``, the search bot with ``N`` playouts a decision (1 to
    ``MAX_PLAYOUTS``); a ``ValueError`` names any other.

    >>> make_bot("mcts:500", 1)
    MCTSBot(playouts=500, seconds=None)
    >>> make_bot("mcts:0", 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no bot 'mcts:0': the bots are greedy, mcts, mcts:N (N playouts a ...
    """
    if name in BOTS:
        return BOTS[name](seed)
    found = _MCTS.fullmatch(name)
    if found is None or int(found[1]) > MAX_PLAYOUTS:
        raise ValueError(
            f"no bot {shown(name)}: the bots are greedy, mcts, mcts:N (N playouts a "
            f"decision, 1 to {MAX_PLAYOUTS}), random"
        )
    return MCTSBot(seed, playouts=int(found[1]))

MAX_PLIES = 20_000
"""A game still running after this many actions stops unfinished (no game does)."""

MEASURES = (
    "plies",
    "decisions",
    "rounds",
    "handoffs",
    "wait_mean",
    "gap_mean",
    "wait_max",
    "ap_unused",
    "scorings",
    "spread",
)
"""The numbers of a row that the summary averages."""

_CHANCE_OFFSET = 100
_CHANCE_ONLY = (CHANCE,)
_SECRET = 8
"""Added to a player in the trail of decisions for a Jump's token choice."""


def ruleset_text(rules: Rules) -> str:
    """The ruleset as a study names it: the rules text, always with the mode and the
    players (``mode=speed;players=4;forfeit=true``)."""
    items = [f"mode={rules.mode}", f"players={rules.players}"]
    items += [i for i in rules_to_text(rules).split(";") if i and i.split("=")[0] not in _NAMED]
    return ";".join(items)


_NAMED = ("mode", "players")


def _counted(event: Any, players: int) -> int:
    """Whether ``event`` counts towards the rounds or the scorings: a round's first
    auction has every player among its bidders (TIKAL-AUCTION-4); a turn counts if
    it is a normal one."""
    if type(event) is AuctionOpened:
        return int(len(event.bidders) == players)
    if type(event) is TurnBegan:
        return int(event.kind == TurnKind.NORMAL.value)
    return 1


def _waits(trail: list[int], n: int) -> tuple[list[int], list[int], int, int, int]:
    """From the trail of decisions: each player's decisions, his summed waits, the
    longest wait, the decisions that had a wait, and the hand-offs. A run of token
    choices (SPEED-JUMP-1) is one moment: each of its players decides once in it, and
    it counts once in the others' waits."""
    decisions = [0] * n
    wait_sum = [0] * n
    last_moment = [-1] * n
    wait_max = gaps = handoffs = 0
    moment = -1
    group: tuple[int, ...] = ()
    secret_before = False
    for entry in trail:
        secret = entry >= _SECRET
        p = entry - _SECRET if secret else entry
        decisions[p] += 1
        if not (secret and secret_before):  # a new moment
            moment += 1
            handoffs += group != () and group != (p,)
            group = (p,)
        elif p not in group:
            group = (*group, p)
        secret_before = secret
        wait = moment - last_moment[p] - 1
        wait_sum[p] += wait
        if wait:
            gaps += 1
            wait_max = max(wait_max, wait)
        last_moment[p] = moment
    return decisions, wait_sum, wait_max, gaps, handoffs


def _rounds(rules: Rules, counts: dict[type, int]) -> int:
    """Speed: rounds (each ends with the tokens returned); professional: auction
    rounds; classic: normal turns per player, rounded up."""
    if rules.mode == "speed":
        return counts[TokensReturned]
    if rules.mode == "professional":
        return counts[AuctionOpened]
    return -(-counts[TurnBegan] // rules.players)


def parse_rules(text: str) -> Rules:
    """A study's ruleset from its rules text (``mode=classic;players=2``); a
    :class:`~tikalspeed.NotationError` names the bad item."""
    return rules_from_text(text)


def play_row(ruleset: str, seed: int, bots: tuple[str, ...]) -> dict[str, Any]:
    """Play one game of ``ruleset`` (rules text) from ``seed`` between ``bots`` (names
    of :data:`BOTS`, one per seat) and return its row (see the module docstring)."""
    rules = parse_rules(ruleset)
    n = rules.players
    if len(bots) != n:
        raise ValueError(f"{n} players need {n} bots, got {len(bots)}")
    seats = [make_bot(name, seed + 1 + p) for p, name in enumerate(bots)]
    rng = random.Random(seed + _CHANCE_OFFSET)
    state = new_game(rules, seed=seed)
    plies = 0
    unused = [0] * n
    trail: list[int] = []  # who decided, in order; a token choice as player + _SECRET
    counts = {TokensReturned: 0, AuctionOpened: 0, TurnBegan: 0, Scored: 0}
    watched = {PointsLost, TurnEnded, *counts}
    choose = [seat.choose for seat in seats]
    tokens_phase, over = Phase.TOKENS, Phase.OVER
    while state.turn.phase is not over and plies < MAX_PLIES:
        who = actors(state)
        if who == _CHANCE_ONLY:
            action = sample_chance(state, rng)
        else:
            p = who[0] if len(who) == 1 else min(who)
            if state.turn.phase is tokens_phase:  # SPEED-JUMP-1: he sees his view only
                action = choose[p](observe(state, p), p)
                trail.append(p + _SECRET)
            else:
                action = choose[p](state, p)
                trail.append(p)
        transition = step(state, action)
        for e in transition.events:
            kind = type(e)
            if kind in watched:
                if kind is PointsLost:
                    unused[e.player] += e.points  # type: ignore[union-attr]
                elif kind is TurnEnded:
                    unused[e.player] += e.lost  # type: ignore[union-attr]
                else:
                    counts[kind] += _counted(e, n)
        state = transition.state
        plies += 1
    decisions, wait_sum, wait_max, gaps, handoffs = _waits(trail, n)
    result = state.result
    scores = list(state.expeditions.scores)
    return {
        "ruleset": ruleset,
        "seed": seed,
        "bots": ",".join(bots),
        "players": n,
        "mode": rules.mode,
        "winner": -2 if result is None else (-1 if result.winner is None else result.winner),
        "scores": scores,
        "spread": max(scores) - min(scores),
        "plies": plies,
        "decisions": sum(decisions),
        "decisions_by": decisions,
        "rounds": _rounds(rules, counts),
        "handoffs": handoffs,
        "wait_mean": sum(wait_sum) / max(1, sum(decisions)),
        "wait_max": wait_max,
        "gap_mean": sum(wait_sum) / max(1, gaps),
        "wait_by": [w / d if d else 0.0 for w, d in zip(wait_sum, decisions, strict=True)],
        "ap_unused": sum(unused),
        "ap_unused_by": unused,
        "scorings": counts[Scored] // n,
    }


def simulate(
    rulesets: Sequence[Rules],
    games: int,
    *,
    seed: int = 0,
    bots: Sequence[str] | None = None,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: bool = False,
) -> list[dict[str, Any]]:
    """Play ``games`` games of each ruleset (the same seeds ``seed`` … for each) and
    return their rows in order; ``bots`` names a bot per seat (default: greedy for
    every seat; a shorter list is repeated). Rulesets with other player counts than
    ``bots`` covers are refused. See :func:`gamekit.studies.runner.run` for ``jobs``,
    ``backend`` and ``address``."""
    names = tuple(bots or ("greedy",))
    for name in names:
        make_bot(name, 0)  # a ValueError for a bad name, before any game is played
    work: list[_study.Task] = []
    for rules in rulesets:
        seated = tuple(names[p % len(names)] for p in range(rules.players))
        work += _study.tasks([ruleset_text(rules)], games, seed, seated)
    return _study.run(
        play_row, work, jobs=jobs, backend=backend, address=address, progress=progress
    )


def seat_names(players: int) -> list[str]:
    """``['P1', 'P2', …]``, for the summary's lines."""
    return [player_name(p) for p in range(players)]
