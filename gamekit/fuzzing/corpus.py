"""The fuzzer's real inputs, from seeded random games of any game: :class:`Corpus`.

A game says how its corpus games are played in a :class:`Plan` (the rulesets, how
long the games run, how many of their states are kept); :func:`build_corpus` plays
them and records them (from the chance nodes, from a position part-way, and from a
seed), and keeps their states, their action tokens, what each player sees of them
(views, with every view of a secret choice, as Tikal's Speed Jump's tokens) and the
events their moves raise. A :class:`Corpus` writes them once, up front, as the inputs
of every reader, each with the argument its reader is told
(:class:`~gamekit.fuzzing.arguments.Arguments`).

>>> import tiki
>>> plan = Plan((tiki.Rules(),), plies=(12,), seed_plies=(3,))
>>> corpus = build_corpus(tiki.GAME, plan, games_per_ruleset=1)
>>> len(corpus.records), corpus.positions[0] == tiki.to_text(corpus.states[0])
(3, True)
>>> {v.player for v in corpus.views}, len(corpus.event_json) > 0
({0, 1}, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from ..game import Game
from .arguments import Arguments

__all__ = ["Corpus", "Plan", "build_corpus", "random_game"]

K = TypeVar("K", bound="Corpus")
"""A game's kind of corpus (a :class:`Corpus`, or one with more of the game's own)."""


@attrs.frozen(eq=False)
class Corpus:
    """Real inputs, per kind, from seeded random games (see :func:`build_corpus`);
    the texts and JSON values are written once, up front, each packed with the argument
    its reader is told (:meth:`Arguments.pack`)."""

    game: Game
    """The game they are of."""
    arguments: Arguments
    """What its readers are told beside their input."""
    states: tuple[Any, ...]
    """States of every phase."""
    records: tuple[Any, ...]
    """Whole and partial games, from a seed, a start position or the chance nodes."""
    rules: tuple[Any, ...]
    """The rulesets played, and a few more."""
    tokens: tuple[str, ...]
    """Action tokens of every kind, legal in some state of the corpus, as records write
    them (``action_token``)."""
    views: tuple[Any, ...] = ()
    """What each player sees of states of the games (``observe``), secret choices too."""
    events: tuple[Any, ...] = ()
    """Events the games' moves raised (``step(...).events``)."""
    positions: tuple[Any, ...] = attrs.field(init=False)
    record_texts: tuple[Any, ...] = attrs.field(init=False)
    rules_texts: tuple[Any, ...] = attrs.field(init=False)
    state_json: tuple[Any, ...] = attrs.field(init=False)
    record_json: tuple[Any, ...] = attrs.field(init=False)
    action_json: tuple[Any, ...] = attrs.field(init=False)
    view_texts: tuple[Any, ...] = attrs.field(init=False)
    view_json: tuple[Any, ...] = attrs.field(init=False)
    event_json: tuple[Any, ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        g, put = self.game, self._put
        put("positions", self._written("from_text", g.to_text, self.states))
        put("record_texts", self._written("read_record", g.write_record, self.records))
        put("rules_texts", self._written("rules_from_text", g.rules_to_text, self.rules))
        put("state_json", self._written("state_from_json", g.json.state_to_json, self.states))
        put("record_json", self._written("record_from_json", g.json.record_to_json, self.records))
        put("action_json", self._actions())
        put("view_texts", self._written("view_from_text", g.view_to_text, self.views))
        put("view_json", self._written("view_from_json", g.json.view_to_json, self.views))
        put("event_json", [g.json.event_to_json(e) for e in self.events])

    def _written(
        self, reader: str, write: Callable[[Any], Any], objects: tuple[Any, ...]
    ) -> list[Any]:
        """``objects`` written, each packed with what ``reader`` is told to read it."""
        return [self.arguments.pack(reader, write(o), self._rules(o)) for o in objects]

    def _rules(self, obj: Any) -> Any:
        """The rules of a state or record, of a view's position, or the rules."""
        if isinstance(obj, self.game.Rules):
            return obj
        return obj.state.rules if isinstance(obj, self.game.View) else obj.rules

    def _put(self, field: str, values: list[Any]) -> None:
        object.__setattr__(self, field, tuple(values))

    def _actions(self) -> list[Any]:
        """The JSON of up to 20 legal actions of every third state, each action once (and
        once per ruleset where the reader is told the rules: its JSON names its tiles)."""
        g, told = self.game, self.arguments
        per_rules = "rules" in told.keywords
        actions = {
            (g.action_token(s, a), s.rules if per_rules else None): (a, s.rules)
            for s in self.states[::3]
            for a in g.legal_actions(s)[:20]
        }
        return [
            told.pack(
                "action_from_json",
                g.json.action_to_json(a, **told.needed("manifest", rules)),
                rules,
            )
            for a, rules in actions.values()
        ]


@attrs.frozen
class Plan:
    """How a game's corpus games are played: ``games_per_ruleset`` random games under
    each of ``rulesets``, each cut at one of ``plies`` plies, and one from a seed, cut
    at one of ``seed_plies``; the corpus holds ``more_rules`` beside those played."""

    rulesets: tuple[Any, ...]
    plies: tuple[int, ...] = (30, 80, 400)
    seed_plies: tuple[int, ...] = (5, 200)
    more_rules: tuple[Any, ...] = ()
    states_per_game: int | None = None
    """About how many states of a game the corpus keeps (``None``: all)."""
    span: int | None = None
    """The most plies of the record from a position part-way (``None``: to the end)."""
    headers: tuple[tuple[str, str], ...] = (("Event", "fuzz"),)
    """The headers of the record from a seed."""
    views_per_game: int = 30
    """About how many states of a game are seen by every player, and as many secret
    choices (``Game.secret``)."""
    events_per_game: int = 40
    """About how many moves of a game have their events kept."""


def random_game(
    game: Game, state: Any, rng: random.Random, max_plies: int
) -> tuple[list[Any], list[Any]]:
    """A random game from ``state`` to its end or ``max_plies`` plies: its states and
    its actions (chance outcomes by their probabilities)."""
    states = [state]
    actions: list[Any] = []
    while game.outcome(state) is None and len(actions) < max_plies:
        if game.actors(state) == (game.CHANCE,):
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


def _every(items: list[Any], about: int | None) -> list[Any]:
    """About ``about`` of ``items``, evenly spread (all for ``None``)."""
    return items if about is None else items[:: max(1, len(items) // about)]


def _seen(game: Game, states: list[Any], plan: Plan) -> list[Any]:
    """Every player's view of some of ``states``, and of some of its secret choices."""
    secret = [s for s in states if game.secret(s)]
    looked = _every(states, plan.views_per_game) + _every(secret, plan.views_per_game)
    return [game.observe(s, p) for s in looked for p in range(game.players(s.rules))]


def _raised(game: Game, states: list[Any], actions: list[Any], plan: Plan) -> list[Any]:
    """The events of some of the moves of a game."""
    moves = _every(list(zip(states, actions, strict=False)), plan.events_per_game)
    return [e for s, a in moves for e in game.step(s, a).events]


def build_corpus(
    game: Game,
    plan: Plan,
    seed: int = 0,
    games_per_ruleset: int = 2,
    arguments: Arguments | None = None,
    kind: Callable[..., K] = Corpus,  # type: ignore[assignment]
) -> K:
    """Play ``games_per_ruleset`` random games under each ruleset of ``plan``, and
    record them: from the chance nodes, from a position part-way, and from a seed; a
    :class:`Corpus` of them (or of ``kind``, a game's own kind)."""
    rng = random.Random(f"{game.package} fuzz corpus {seed}")
    states: list[Any] = []
    records: list[Any] = []
    tokens: dict[str, None] = {}
    views: dict[Any, None] = {}
    events: dict[Any, None] = {}
    for rules in plan.rulesets:
        for _ in range(games_per_ruleset):
            played, actions = random_game(game, game.new_game(rules), rng, rng.choice(plan.plies))
            states.extend(_every(played, plan.states_per_game))
            pairs = zip(played, actions, strict=False)
            tokens.update(dict.fromkeys(game.action_token(s, a) for s, a in pairs))
            records.append(game.Record.from_actions(actions, rules=rules))
            cut = rng.randrange(2, len(played))
            end = len(played) if plan.span is None else min(len(played), cut + plan.span)
            part = rng.randrange(cut, end)
            records.append(game.Record.from_actions(actions[cut:part], start=played[cut]))
            game_seed = rng.randrange(-1000, 1000)
            start = game.new_game(rules, seed=game_seed)
            _, moves = random_game(game, start, rng, rng.choice(plan.seed_plies))
            records.append(
                game.Record.from_actions(moves, rules=rules, seed=game_seed, headers=plan.headers)
            )
            views.update(dict.fromkeys(_seen(game, played, plan)))
            events.update(dict.fromkeys(_raised(game, played, actions, plan)))
    return kind(
        game=game,
        arguments=arguments or Arguments(),
        states=tuple(states),
        records=tuple(records),
        rules=(*plan.rulesets, *plan.more_rules),
        tokens=tuple(tokens),
        views=tuple(views),
        events=tuple(events),
    )
