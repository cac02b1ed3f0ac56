"""Simulation studies of Tiki: many games per ruleset, rulesets side by side.

:func:`play_row` plays one game between bots from a seed exactly as ``tiki play
--seed N`` does (the layout and first player from ``new_game(rules, seed=N)``, the bot
of x seeded with ``N + 1`` and that of o with ``N + 2``) and measures it.
:func:`simulate` runs a whole study (:mod:`gamekit.studies.runner`: processes or Ray, tables, files,
plots). A row holds:

==================  =================================================================
``ruleset``         the rules as text (``shaman=true``; ``default`` for the defaults)
``seed``, ``bots``  the game's seed and the bots of x and o (``greedy,random``)
``first``           who moved first (0 = x, 1 = o)
``winner``          0 = x, 1 = o, ``-1`` a draw, ``-2`` unfinished
``first_won``       1 if the first player won, 0 if not (a draw: 0.5)
``scores``          the fruits of x and o; ``spread``: the difference
``reason``          how the game ended (``four-fruits``, ``reserve-empty``, …)
``plies``           every action, chance outcomes included
``turns``           the turns played
``decisions``       the players' decisions (``decisions_by``: x's and o's)
``handoffs``        how often the decision passes to the other player
``wait_mean``       the mean, over all decisions, of the other player's decisions since
                    the player's previous one (``wait_max``, ``wait_by``, ``gap_mean``
                    as in Tikal)
==================  =================================================================

>>> row = play_row("shaman=true", 3, ("random", "random"))
>>> row["players"], row["winner"] in (0, 1, -1, -2), sum(row["decisions_by"]) == row["decisions"]
(2, True, True)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from gamekit.cli.options import MAX_PLAYOUTS
from gamekit.studies import runner as _study

from ...engine.contract import new_game, step
from ...errors import shown
from ...model.rules import Rules
from ...model.state import CHANCE, PLAYER_SYMBOLS, Phase
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
"""The bots a study may seat, by name (``mcts``: 200 greedy playouts a decision;
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

MAX_PLIES = 2000
"""A game still running after this many actions stops unfinished (as ``tiki play``)."""

MEASURES = (
    "first_won",
    "plies",
    "turns",
    "decisions",
    "handoffs",
    "wait_mean",
    "gap_mean",
    "wait_max",
    "spread",
)
"""The numbers of a row that the summary averages."""


def ruleset_text(rules: Rules) -> str:
    """The ruleset as a study names it: its rules text, or ``default``."""
    return rules_to_text(rules) or "default"


def parse_rules(text: str) -> Rules:
    """A study's ruleset from its rules text (``shaman=true``; ``default`` or nothing
    for the defaults); a :class:`~tiki.NotationError` names the bad item."""
    return Rules() if text in ("", "default") else rules_from_text(text)


def play_row(ruleset: str, seed: int, bots: tuple[str, ...]) -> dict[str, Any]:
    """Play one game of ``ruleset`` (rules text) from ``seed`` between ``bots`` (names
    of :data:`BOTS`, x's then o's) and return its row (see the module docstring)."""
    rules = parse_rules(ruleset)
    if len(bots) != 2:
        raise ValueError(f"Tiki needs 2 bots, got {len(bots)}")
    seats = [make_bot(name, seed + 1 + p) for p, name in enumerate(bots)]
    state = new_game(rules, seed=seed)  # the chance nodes of the start come from the seed
    first = state.active
    plies = 0
    decisions = [0, 0]
    waits: list[list[int]] = [[], []]
    since = [0, 0]  # the other's decisions since each player's last one
    handoffs = 0
    gaps = 0
    last = -1
    while state.phase is not Phase.OVER and plies < MAX_PLIES:
        p = state.actor
        if p == CHANCE:  # not met after new_game(seed=...), but a custom start may hold one
            raise ValueError("a study's games start after the chance nodes")
        action = seats[p].choose(state)
        decisions[p] += 1
        waits[p].append(since[p])
        gaps += since[p] > 0
        since[p] = 0
        since[1 - p] += 1
        handoffs += last not in (-1, p)
        last = p
        state = step(state, action).state
        plies += 1
    result = state.result
    winner = -2 if result is None else (-1 if result.winner is None else result.winner)
    scores = list(state.fruits)
    all_waits = waits[0] + waits[1]
    return {
        "ruleset": ruleset,
        "seed": seed,
        "bots": ",".join(bots),
        "players": 2,
        "first": first,
        "winner": winner,
        "first_won": 0.5 if winner == -1 else float(winner == first),
        "scores": scores,
        "spread": abs(scores[0] - scores[1]),
        "reason": "unfinished" if result is None else result.reason,
        "plies": plies,
        "turns": state.turn,
        "decisions": sum(decisions),
        "decisions_by": decisions,
        "handoffs": handoffs,
        "wait_mean": sum(all_waits) / len(all_waits) if all_waits else 0.0,
        "wait_max": max(all_waits, default=0),
        "gap_mean": sum(all_waits) / max(1, gaps),
        "wait_by": [sum(w) / len(w) if w else 0.0 for w in waits],
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
    return their rows in order; ``bots`` names x's and o's bots (default greedy; one
    name seats it on both sides). See :func:`gamekit.studies.runner.run` for ``jobs``,
    ``backend`` and ``address``."""
    names = tuple(bots or ("greedy",))
    for name in names:
        make_bot(name, 0)  # a ValueError for a bad name, before any game is played
    seated = (names[0], names[1 % len(names)])
    work = _study.tasks([ruleset_text(r) for r in rulesets], games, seed, seated)
    return _study.run(
        play_row, work, jobs=jobs, backend=backend, address=address, progress=progress
    )


def seat_names(players: int = 2) -> list[str]:
    """``['x', 'o']``, for the summary's lines."""
    return list(PLAYER_SYMBOLS[:players])
