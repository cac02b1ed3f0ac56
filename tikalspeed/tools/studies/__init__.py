"""Tikal studies: many games per ruleset, rulesets side by side (``tikalspeed simulate``).

The study itself is the kit's (:mod:`gamekit.studies.study`); :data:`STUDY` fills in
what knows Tikal, and the names of every game's studies are its own: :func:`play_row`
plays a game from its seed exactly as ``tikalspeed play --seed N`` does (the start from
``new_game(rules, seed=N)``, later chance from ``random.Random(N + 100)``, the bot of
seat ``Pk`` seeded with ``N + k``) and measures it; :func:`simulate` runs a whole study
(a bot per seat; a shorter list is repeated). A row holds the kit's columns (the seed,
the bots by seat, the winner, the scores, plies, decisions, hand-offs, waits) and
Tikal's own, counted from the game's events:

==================  =================================================================
``ruleset``         the rules as text (``mode=speed;players=4``)
``mode``            the rules' mode
``rounds``          classic: turns per player; professional: auction rounds; Speed:
                    rounds (auction, placement, Jumps)
``ap_unused``       action points left unused (turns ended early, Jump points lost,
                    tokens forfeited); ``ap_unused_by`` per player
``scorings``        scorings (each player's scores counted once per scoring)
==================  =================================================================

The token choices of one Jump (SPEED-JUMP-1) are chosen at once and in secret: they
are one moment of the waits, in which each of its players decides once and which
counts once in the others' waits.

>>> row = play_row("mode=classic;players=2", 3, ("random", "random"))
>>> row["players"], row["winner"] in (0, 1, -1), sum(row["decisions_by"]) == row["decisions"]
(2, True, True)
>>> row["mode"], row["rounds"] > 0, row["scorings"] >= 1
('classic', True, True)
>>> make_bot("mcts:500", 1)
MCTSBot(playouts=500, seconds=None)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from gamekit.cli.options import MAX_PLAYOUTS
from gamekit.studies.study import NAMES, TIME_COLUMNS, TIME_MEASURES, Played, Study

from ...engine.ap import action_points
from ...engine.contract import step_only
from ...game import GAME
from ...model.actions import player_name
from ...model.events import AuctionOpened, PointsLost, Scored, TokensReturned, TurnBegan, TurnEnded
from ...model.rules import Rules
from ...model.state import State, TurnKind
from ...text.notation import rules_from_text, rules_to_text

__all__ = ["COUNTED", "STUDY", *NAMES]

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
    *TIME_MEASURES,
)
"""The numbers of a row that the summary averages."""

_NAMED = ("mode", "players")


def ruleset_text(rules: Rules) -> str:
    """The ruleset as a study names it: the rules text, always with the mode and the
    players (``mode=speed;players=4;forfeit=true``)."""
    items = [f"mode={rules.mode}", f"players={rules.players}"]
    items += [i for i in rules_to_text(rules).split(";") if i and i.split("=")[0] not in _NAMED]
    return ";".join(items)


def parse_rules(text: str) -> Rules:
    """A study's ruleset from its rules text (``mode=classic;players=2``); a
    :class:`~tikalspeed.NotationError` names the bad item."""
    return rules_from_text(text)


def seat_names(players: int) -> list[str]:
    """``['P1', 'P2', …]``, for the summary's lines."""
    return [player_name(p) for p in range(players)]


COUNTED = frozenset({PointsLost, TurnEnded, TokensReturned, AuctionOpened, TurnBegan, Scored})
"""The kinds of event a study counts: its games are played with ``step_only`` of
these, which builds no other event."""


class _Tally:
    """Tikal's counts of one game's events: the points each player left unused, and
    the events that count towards the rounds and the scorings."""

    def __init__(self, rules: Rules) -> None:
        self.players = rules.players
        self.unused = [0] * rules.players
        self.counts = {TokensReturned: 0, AuctionOpened: 0, TurnBegan: 0, Scored: 0}
        self._watched = COUNTED

    def seen(self, events: Sequence[Any]) -> None:
        """Count the events of one ply."""
        for e in events:
            kind = type(e)
            if kind in self._watched:
                if kind is PointsLost:
                    self.unused[e.player] += e.points
                elif kind is TurnEnded:
                    self.unused[e.player] += e.lost
                else:
                    self.counts[kind] += _counted(e, self.players)


def _counted(event: Any, players: int) -> int:
    """Whether ``event`` counts towards the rounds or the scorings: a round's first
    auction has every player among its bidders (TIKAL-AUCTION-4); a turn counts if
    it is a normal one."""
    if type(event) is AuctionOpened:
        return int(len(event.bidders) == players)
    if type(event) is TurnBegan:
        return int(event.kind == TurnKind.NORMAL.value)
    return 1


def _rounds(rules: Rules, counts: dict[type, int]) -> int:
    """Speed: rounds (each ends with the tokens returned); professional: auction
    rounds; classic: normal turns per player, rounded up."""
    if rules.mode == "speed":
        return counts[TokensReturned]
    if rules.mode == "professional":
        return counts[AuctionOpened]
    return -(-counts[TurnBegan] // rules.players)


def _scores(state: State) -> tuple[int, ...]:
    return state.expeditions.scores


def _numbers(played: Played) -> dict[str, Any]:
    """The mode, the rounds, the points left unused, the scorings."""
    tally: _Tally = played.tally
    return {
        "mode": played.rules.mode,
        "rounds": _rounds(played.rules, tally.counts),
        "ap_unused": sum(tally.unused),
        "ap_unused_by": tally.unused,
        "scorings": tally.counts[Scored] // tally.players,
    }


STUDY = Study(
    game=GAME,
    where=f"{__name__}:STUDY",
    columns=(
        "ruleset", "seed", "bots", "players", "mode", "winner", "scores", "spread", "margin",
        "plies", "decisions", "decisions_by", "rounds", "handoffs", "wait_mean", "wait_max",
        "gap_mean", "wait_by", *TIME_COLUMNS, "ap_unused", "ap_unused_by", "scorings",
    ),
    measures=MEASURES,
    max_plies=MAX_PLIES,
    max_playouts=MAX_PLAYOUTS,
    parse_rules=parse_rules,
    ruleset_text=ruleset_text,
    scores=_scores,
    numbers=_numbers,
    tally=_Tally,
    tally_step=functools.partial(step_only, kinds=COUNTED),
    effort=action_points,
    words={
        "mode": "mode",
        "rounds": "rounds (each player spends his 10 action points once)",
        "ap_unused": "action points left unused",
        "ap_unused_by": "action points left unused, per player",
        "scorings": "scorings per game",
    },
)
"""Tikal's study: the kit's, with Tikal's measures, names and numbers."""

BOTS = STUDY.bots
"""The bots a study may seat, by name (``mcts``: 200 playouts a decision; ``mcts:N``
is the search bot with ``N``, see :func:`make_bot`)."""
WORDS = STUDY.labels
"""Every column in words (the summary's and the plots')."""
make_bot = STUDY.make_bot
play_row = STUDY.play_row
simulate = STUDY.simulate
