"""A simulation study of any game: the bots it seats, one game played and measured,
and the whole study. A game fills in a :class:`Study` with what knows it; the rest is
here, once for every game.

:meth:`Study.play_row` plays one game between bots from a seed exactly as the game's
``play --seed N`` does: the start from ``new_game(rules, seed=N)``, later chance from
``random.Random(N + 100)``, the bot of seat ``k`` (from 0) seeded with ``N + 1 + k``:
the game :func:`gamekit.bots.play_game` plays, in a loop of its own that notes who
decided at each ply (:func:`.loop.play`, which the compiled build compiles). It
measures the game; a row holds the columns below, and the game's own numbers
(:attr:`Study.numbers`), in the order of :attr:`Study.columns`:

======================  =============================================================
``ruleset``             the rules as the game names them (:attr:`Study.ruleset_text`)
``seed``, ``bots``      the game's seed and the bots by seat (``greedy,random``)
``players``             the players
``winner``              the winning seat (0 = the first), ``-1`` for a draw or a shared
                        win, ``-2`` unfinished (stopped after :attr:`Study.max_plies`)
``scores``              each player's final score; ``spread``: highest minus lowest
``margin``              the winner's score minus the best other's; 0 for a draw or a
                        shared win; unfinished: highest minus second highest
``plies``               every action, chance outcomes included
``decisions``           the players' decisions (``decisions_by``: per player)
``handoffs``            how often the decision passes to another player (or group)
``wait_mean``           the mean, over all decisions, of the *wait* before it
                        (``wait_max`` the longest, ``wait_by`` each player's mean)
``gap_mean``            the mean wait over the decisions that had one (a player's first
                        decision after others acted): how long a wait is when one waits
``wait_hist``           the waits by length: 16 counts, of lengths 1, 2, … 15, then 16
                        or more (their sum is the number of decisions with a wait)
``moments``             the sequential moments (a run of secret choices counts once)
``idle_by``             per player, the moments he does not decide in (``idle_mean``:
                        their mean over the players)
``idle_longest``        the longest run of moments one player does not decide in
                        (before his first decision, between two, after his last)
``table_minutes``       the game's length at the table, in the model of ``table_time``
``idle_minutes_by``     per player, the minutes he is not deciding (``idle_minutes``:
                        their mean); ``idle_longest_minutes``: the longest idle stretch
======================  =============================================================

The *wait* before a player's decision is the number of moments since his previous one
(since the start, for his first) in which others decided; see :mod:`.moments`. A
simultaneous choice (the game's ``secret(state)``: a Speed Jump's token choices) is no
wait: a run of them is one moment, in which each of its players decides once and which
counts once in the others' waits. A game without one (Tiki) has a moment per decision.

The table-time model (:class:`~.timing.TableTime`, a designer's guess, not a
measurement): a decision takes ``base + per_point * points + per_option * options``
seconds, ``points`` what it spends (:attr:`Study.effort`), ``options`` the legal
actions it was chosen among; a run of secret choices takes as long as its slowest
chooser, and is no idle time for any of its players.

:meth:`Study.simulate` runs a whole study on :mod:`.runner` (processes or Ray); a game's
``tools.studies`` package gives the names of :data:`NAMES`, which the command line's
``simulate`` reads (:mod:`.output`).

>>> import tiki
>>> from tiki.tools.studies import STUDY
>>> row = STUDY.play_row("shaman=true", 3, ("random", "random"))
>>> row["players"], sum(row["decisions_by"]) == row["decisions"], list(row)[:4]
(2, True, ['ruleset', 'seed', 'bots', 'players'])
>>> STUDY.make_bot("mcts:500", 1)
MCTSBot(playouts=500, seconds=None)
"""

from __future__ import annotations

import functools
import random
import re
import reprlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import attrs

from ..bots import chooser, picker
from ..game import Game, load
from . import loop, moments, runner
from .moments import margin, waits
from .timing import TableTime
from .words import WORDS

__all__ = [
    "CHANCE_OFFSET",
    "NAMES",
    "TIME_COLUMNS",
    "TIME_MEASURES",
    "Played",
    "Study",
    "TableTime",
    "Tally",
    "waits",
]

NAMES = (
    "BOTS",
    "MAX_PLIES",
    "MEASURES",
    "WORDS",
    "make_bot",
    "parse_rules",
    "play_row",
    "ruleset_text",
    "seat_names",
    "simulate",
)
"""The names a game's ``tools.studies`` package gives: :data:`BOTS` (the bots by
name), ``MAX_PLIES``, ``MEASURES`` (the numbers the summary averages), ``WORDS``
(every column in words, :attr:`Study.labels`), and the
functions ``make_bot``, ``parse_rules``, ``play_row``, ``ruleset_text``,
``seat_names``, ``simulate``. The command line's ``simulate`` reads them."""

TIME_COLUMNS = (
    "wait_hist",
    "moments",
    "idle_mean",
    "idle_by",
    "idle_longest",
    "table_minutes",
    "idle_minutes",
    "idle_minutes_by",
    "idle_longest_minutes",
)
"""The kit's columns of the time at the table, in a game's :attr:`Study.columns` after
the waits (``margin`` goes beside ``spread``)."""

TIME_MEASURES = (
    "moments",
    "idle_mean",
    "idle_longest",
    "table_minutes",
    "idle_minutes",
    "idle_longest_minutes",
    "margin",
)
"""The numbers of :data:`TIME_COLUMNS` (and ``margin``) a summary averages."""

CHANCE_OFFSET = 100
"""Chance after the start comes from ``random.Random(seed + CHANCE_OFFSET)``."""

_MCTS = re.compile(r"mcts:([1-9][0-9]{0,6})")
"""``mcts:N``: the search bot with ``N`` playouts a decision."""


class Tally(Protocol):
    """What a game counts of the events as one of its study games is played."""

    def seen(self, events: Sequence[Any]) -> None:
        """Count the events of one ply (a ply without events is not shown)."""
        ...


# A tally may also have ``watch``: ``None``, or ``watch(before, player, action)``, shown
# every decision of a player (:func:`.loop.play`), to count how often a rule gave or
# took a choice; it costs what it computes, so a tally gives one only where it counts.


@attrs.frozen
class Played:
    """One game of a study, as the game's own numbers (:attr:`Study.numbers`) see it."""

    rules: Any
    """The game's rules."""
    start: Any
    """The state the game started from (``new_game(rules, seed=N)``)."""
    final: Any
    """The state it ended in (or was stopped in)."""
    winner: int
    """The row's ``winner``: the seat, ``-1`` a draw or a shared win, ``-2`` unfinished."""
    tally: Any
    """The game's :class:`Tally` of the events (:attr:`Study.tally`), or ``None``."""


@functools.lru_cache(maxsize=64)
def _bot_class(game: Game, name: str) -> Any:
    """The class of ``game``'s bot ``name``, imported once: a study makes its bots
    afresh each game (a descriptor is hashed by identity)."""
    return load(game.bots[name])


def _stepped(step: Callable[[Any, Any], Any]) -> Callable[[Any, Any], tuple[Any, Any]]:
    """A game's ``step`` as a :attr:`Study.tally_step`: the new state and the events."""

    def pair(state: Any, action: Any) -> tuple[Any, Any]:
        transition = step(state, action)
        return transition.state, transition.events

    return pair


def _costs(table_time: TableTime, points: list[int], options: list[int]) -> float | list[float]:
    """The seconds of each decision of a game (one number when they are all the same):
    ``points`` and ``options`` are empty where the model does not weigh them."""
    return moments.costs(
        table_time.base, table_time.per_point, table_time.per_option, points, options
    )


@functools.lru_cache(maxsize=64)
def _parsed(parse: Callable[[str], Any], ruleset: str) -> Any:
    """``parse(ruleset)``, kept: a study's games share a few rulesets (frozen values),
    and reading one costs more than a short game's first plies."""
    return parse(ruleset)


@attrs.frozen(eq=False, repr=False)
class Study:
    """A game's simulation study: what knows the game, filled in by it
    (``tiki.tools.studies.STUDY``); the bots, the play and the study are the kit's.

    A study's workers get rulesets, seeds and bot names; a study itself travels to
    them by its name (:attr:`where`), never as a pickled game.
    """

    game: Game
    """The game."""
    where: str
    """Where the study is, ``"package.module:NAME"``: how a worker finds it."""
    columns: tuple[str, ...]
    """Every column of a row, in order: the kit's (see the module) and the game's own
    (:attr:`numbers`)."""
    measures: tuple[str, ...]
    """The numbers of a row that the summary averages."""
    max_plies: int
    """A game still running after this many actions stops unfinished."""
    max_playouts: int
    """The most playouts ``mcts:N`` may give the search bot (the command line's bound)."""
    parse_rules: Callable[[str], Any]
    """A ruleset from its text as a study names it; the game's ``NotationError`` for a
    bad one."""
    ruleset_text: Callable[[Any], str]
    """The name of a ruleset in a study: its rules text."""
    scores: Callable[[Any], Sequence[int]]
    """Each player's score in a state."""
    numbers: Callable[[Played], dict[str, Any]]
    """The game's own numbers of a played game: the row's columns the kit does not fill."""
    tally: Callable[[Any], Tally] | None = None
    """A new :class:`Tally` of a game of these rules, shown each ply's events (a ply
    without any is skipped), or ``None`` where the game's numbers need no event (the
    game is then played with ``apply``, which builds none)."""
    tally_step: Callable[[Any, Any], tuple[Any, Sequence[Any]]] | None = None
    """How a game with a :attr:`tally` is played, ``tally_step(state, action)``: the new
    state and the events of the ply, as a pair. By default the game's ``step``; a game
    may give one that builds only the events its tally counts (the same new state, the
    same events of those kinds in the same order), which is cheaper, or that notes
    them without building them (Tikal's ``noted_of``: each event as its class and
    fields), which is cheaper still: its tally then reads what its step gives."""
    effort: Callable[[Any, Any, Any], int] | None = None
    """What a decision spends in the game's own currency, ``effort(before, action,
    after)`` from the states before and after it, for the table-time model
    (:class:`~.timing.TableTime`'s ``per_point``): Tikal's action points; ``None``
    (Tiki) where decisions spend nothing. Called once a decision: it must be cheap."""
    words: Mapping[str, str] = attrs.field(factory=dict)
    """The game's own columns in plain words (``{"rounds": "rounds (...)"}``); the
    kit's are :data:`gamekit.studies.words.WORDS`."""

    def __repr__(self) -> str:
        return f"Study({self.where!r})"

    def __reduce__(self) -> tuple[Callable[[str], Any], tuple[str]]:
        """A study pickles as its name: a worker imports it (:func:`gamekit.game.load`)."""
        return load, (self.where,)

    @property
    def labels(self) -> dict[str, str]:
        """Every column in words, the kit's and the game's (:attr:`words`)."""
        return {**WORDS, **self.words}

    @property
    def bots(self) -> dict[str, Any]:
        """The bots a study may seat, by name (the game's, imported): ``mcts`` is the
        search bot with 200 playouts a decision, and ``mcts:N`` it with ``N``."""
        return {name: load(reference) for name, reference in self.game.bots.items()}

    def make_bot(self, name: str, seed: int) -> Any:
        """The bot called ``name``, seeded with ``seed``: a name of :attr:`bots`, or
        ``mcts:N``, the search bot with ``N`` playouts a decision (1 to
        :attr:`max_playouts`); a ``ValueError`` names any other."""
        if name in self.game.bots:
            return _bot_class(self.game, name)(seed)  # = self.game.bot(name, seed)
        base, colon, argument = name.partition(":")
        if colon and argument and base in self.game.argued_bots:
            return self.game.bot(name, seed)  # a bot with its argument: perfect:DIR
        found = _MCTS.fullmatch(name)
        if found is None or int(found[1]) > self.max_playouts:
            every = [
                f"mcts, mcts:N (N playouts a decision, 1 to {self.max_playouts})"
                if bot == "mcts"
                else bot
                for bot in sorted(self.game.bots)
            ] + [f"{bot}:ARG" for bot in sorted(self.game.argued_bots)]
            raise ValueError(f"no bot {reprlib.repr(name)}: the bots are {', '.join(every)}")
        return self.game.bot("mcts", seed, playouts=int(found[1]))

    def play_row(
        self,
        ruleset: str,
        seed: int,
        bots: tuple[str, ...],
        table_time: TableTime = TableTime(),  # noqa: B008 - a frozen value
    ) -> dict[str, Any]:
        """Play one game of ``ruleset`` (rules text) from ``seed`` between ``bots`` (one
        name of :attr:`bots` per seat) and return its row (see the module), its table
        time under ``table_time``."""
        game = self.game
        rules = _parsed(self.parse_rules, ruleset)
        n = game.players(rules)
        if len(bots) != n:
            raise ValueError(f"{n} players need {n} bots, got {len(bots)}")
        seated = [self.make_bot(name, seed + 1 + p) for p, name in enumerate(bots)]
        # seeded at the first chance node after the start, if there is one
        rng = functools.partial(random.Random, seed + CHANCE_OFFSET)
        start = game.new_game(rules, seed=seed)
        tally = None if self.tally is None else self.tally(rules)
        # without a tally no event is needed: apply builds none (the same new state)
        seen = None if tally is None else tally.seen
        advance = game.apply if seen is None else (self.tally_step or _stepped(game.step))
        state, plies, trail, points, options = loop.play(
            start,
            [chooser(bot) for bot in seated],
            [picker(bot) for bot in seated],  # a random bot picks from the legal actions
            rng,
            self.max_plies,
            game.actors,
            game.secret if game.simultaneous else None,
            game.observe,
            game.sample_chance,
            game.CHANCE,
            advance,
            seen,
            # what the table-time model needs of each decision, only where it weighs
            self.effort if table_time.per_point else None,
            game.legal_actions,
            bool(table_time.per_option),
            None if tally is None else getattr(tally, "watch", None),
        )
        counted = moments.count(trail, n, _costs(table_time, points, options))
        outcome = game.outcome(state)
        winner = -2 if outcome is None else (-1 if outcome.winner is None else outcome.winner)
        scores = list(self.scores(state))
        values = {
            "ruleset": ruleset,
            "seed": seed,
            "bots": ",".join(bots),
            "players": n,
            "winner": winner,
            "scores": scores,
            "spread": max(scores) - min(scores),
            "margin": margin(scores, winner),
            "plies": plies,
            **moments.columns(counted, n),
            **self.numbers(Played(rules, start, state, winner, tally)),
        }
        return {column: values[column] for column in self.columns}

    def simulate(
        self,
        rulesets: Sequence[Any],
        games: int,
        *,
        seed: int = 0,
        bots: Sequence[str] | None = None,
        jobs: int = 1,
        backend: str = "local",
        address: str | None = None,
        progress: bool = False,
        progress_delay: float = 0.0,
        table_time: TableTime | None = None,
    ) -> list[dict[str, Any]]:
        """Play ``games`` games of each ruleset (the same seeds ``seed`` … for each) and
        return their rows in order. ``bots`` names a bot per seat (default: greedy for
        every seat); a shorter list is repeated, and a longer one than the most players
        of the rulesets is refused, as is any bad name, before a game is played.
        ``table_time`` is the table-time model (default :class:`~.timing.TableTime`'s).
        See :func:`gamekit.studies.runner.run` for ``jobs``, ``backend``, ``address``,
        ``progress`` and ``progress_delay``."""
        names = tuple(bots or ("greedy",))
        for name in names:
            self.make_bot(name, 0)  # a ValueError for a bad name, before any game is played
        players = [self.game.players(rules) for rules in rulesets]
        most = max(players, default=len(names))
        if len(names) > most:  # a shorter list is repeated; a longer one is a mistake
            listed = ",".join(names[: most + 1]) + (",..." if len(names) > most + 1 else "")
            raise ValueError(
                f"{len(names)} bots ({listed}) for games of at most {most} players: "
                "give one bot per seat, or fewer to repeat them"
            )
        texts = [self.ruleset_text(rules) for rules in rulesets]
        seated = {
            text: tuple(names[p % len(names)] for p in range(n))
            for text, n in zip(texts, players, strict=True)
        }
        work = [
            attrs.evolve(task, bots=seated[task.ruleset])
            for task in runner.tasks(texts, games, seed, names)
        ]
        play: runner.Play = self.play_row
        if table_time is not None and table_time != TableTime():
            # a worker gets the study by its name and the model as a plain value
            play = functools.partial(self.play_row, table_time=table_time)
        return runner.run(
            play,
            work,
            jobs=jobs,
            backend=backend,
            address=address,
            progress=progress,
            progress_delay=progress_delay,
        )
