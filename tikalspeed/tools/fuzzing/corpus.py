"""The fuzzer's corpus (:mod:`.fuzz`): real inputs of every reader, from seeded random
games under :data:`RULESETS`, which play every mode, 2 to 4 players, most rule options
and a custom manifest, :data:`VARIANT`."""

from __future__ import annotations

import random
from typing import Any

import attrs

from ...board import Manifest, load_manifest, manifest_to_json, rotate
from ...engine import actors, apply, legal_actions, new_game, outcome, sample_chance
from ...model.actions import Action
from ...model.rules import Rules
from ...model.state import CHANCE, State
from ...text import jsonio
from ...text.notation import rules_to_text, to_text
from ...text.record import Record, action_token, write_record

DEFAULT = load_manifest()
"""The packaged manifest, the only one the text forms know without being told."""


def _variant(seed: int) -> Manifest:
    """The packaged tiles with their letters shuffled and their stones turned: another
    valid manifest (the same counts per letter and kind), another stacking and paths."""
    rng = random.Random(f"tikalspeed fuzz manifest {seed}")
    letters = [t.letter for t in DEFAULT.tiles]
    rng.shuffle(letters)
    tiles = tuple(
        attrs.evolve(t, letter=letter, stones=rotate(t.stones, rng.randrange(6)))
        for t, letter in zip(DEFAULT.tiles, letters, strict=True)
    )
    return attrs.evolve(DEFAULT, name="fuzz", tiles=tiles)


VARIANT = _variant(0)
"""A custom manifest, ``fuzz@1``: the text forms name it, a reader must be given it."""

RULESETS: tuple[Rules, ...] = (
    Rules(),
    Rules(players=2, jump_limits="jump", forfeit=True, two_volcanoes="last-secured"),
    Rules(players=3, max_bid="any", auction_score=0, guard_on_tie=True, sold_out="skip"),
    Rules(mode="classic", players=2, start_worker=True, uncover_limit="turn"),
    Rules(mode="classic", players=4, treasure_limit="turn", exchange="theirs"),
    Rules(mode="professional", players=3, max_bid="any", auction_score=3),
    Rules(mode="professional", players=2, camp_needs_member=True, guard_on_tie=True),
    Rules(mode="classic", players=3, manifest=VARIANT),
    Rules(players=4, manifest=VARIANT, forfeit=True, jump_limits="jump", max_bid="any"),
)
"""The rulesets the corpus games are played by: every mode, 2 to 4 players, most
options (``max_bid='any'``, ``forfeit``, ``jump_limits='jump'``, ...), and
:data:`VARIANT`."""

MORE_RULES = (
    Rules(mode="professional", players=4, auction_score=99, max_bid="score"),
    Rules(players=3, two_volcanoes="last-secured", camp_needs_member=True, exchange="theirs"),
)
"""Rulesets the corpus holds beside those played."""


def _given(rules: Rules) -> Rules | None:
    """The ``rules=`` a reader needs for a game under ``rules``: none for the packaged
    manifest."""
    return None if rules.manifest == DEFAULT else rules


def _manifest(rules: Rules) -> Manifest | None:
    """The ``manifest=`` a reader needs for a game under ``rules``."""
    return None if rules.manifest == DEFAULT else rules.manifest


@attrs.frozen(eq=False)
class Corpus:
    """Real inputs, per kind, from seeded random games (see :func:`build_corpus`);
    the texts and JSON values are written once, up front, each with the ``rules=`` or
    ``manifest=`` argument its reader needs (``None`` for the packaged manifest)."""

    states: tuple[State, ...]
    """States of every phase."""
    records: tuple[Record, ...]
    """Whole and partial games, from a seed, a start position or the chance nodes."""
    rules: tuple[Rules, ...]
    """The rulesets played, and a few more."""
    tokens: tuple[str, ...]
    """Action tokens of every kind, legal in some state of the corpus, as records write
    them (``P2:tokens:3`` at a Speed Jump's choices)."""
    manifests: tuple[Manifest, ...] = (DEFAULT, VARIANT)
    positions: tuple[tuple[str, Rules | None], ...] = attrs.field(init=False)
    record_texts: tuple[tuple[str, Rules | None], ...] = attrs.field(init=False)
    rules_texts: tuple[tuple[str, Manifest | None], ...] = attrs.field(init=False)
    state_json: tuple[tuple[Any, Manifest | None], ...] = attrs.field(init=False)
    record_json: tuple[tuple[Any, Manifest | None], ...] = attrs.field(init=False)
    action_json: tuple[tuple[Any, Rules | None], ...] = attrs.field(init=False)
    manifest_json: tuple[Any, ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        put = object.__setattr__
        put(self, "positions", tuple((to_text(s), _given(s.rules)) for s in self.states))
        texts = tuple((write_record(r), _given(r.rules)) for r in self.records)
        put(self, "record_texts", texts)
        put(self, "rules_texts", tuple((rules_to_text(r), _manifest(r)) for r in self.rules))
        state_json = tuple((jsonio.state_to_json(s), _manifest(s.rules)) for s in self.states)
        put(self, "state_json", state_json)
        record_json = tuple((jsonio.record_to_json(r), _manifest(r.rules)) for r in self.records)
        put(self, "record_json", record_json)
        actions = {
            (action_token(s, a), s.rules): (a, s.rules)
            for s in self.states[::3]
            for a in legal_actions(s)[:20]
        }
        action_json = tuple(
            (jsonio.action_to_json(a, rules.manifest), _given(rules))
            for a, rules in actions.values()
        )
        put(self, "action_json", action_json)
        put(self, "manifest_json", tuple(manifest_to_json(m) for m in self.manifests))


def build_corpus(seed: int = 0, games_per_ruleset: int = 2) -> Corpus:
    """Play ``games_per_ruleset`` random games under each of :data:`RULESETS`, and
    record them: from the chance nodes, from a position part-way, and from a seed."""
    rng = random.Random(f"tikalspeed fuzz corpus {seed}")
    states: list[State] = []
    records: list[Record] = []
    tokens: dict[str, None] = {}
    for rules in RULESETS:
        for _ in range(games_per_ruleset):
            game, actions = _random_game(new_game(rules), rng, rng.choice((40, 300, 3000)))
            states.extend(game[:: max(1, len(game) // 150)])
            tokens.update(
                dict.fromkeys(action_token(s, a) for s, a in zip(game, actions, strict=False))
            )
            records.append(Record.from_actions(actions, rules=rules))
            cut = rng.randrange(2, len(game))
            part = rng.randrange(cut, min(len(game), cut + 200))
            records.append(Record.from_actions(actions[cut:part], start=game[cut]))
            game_seed = rng.randrange(-1000, 1000)
            _, moves = _random_game(new_game(rules, seed=game_seed), rng, rng.choice((5, 150)))
            headers = (("Event", "fuzz"), ("P1", "random bot"))
            records.append(
                Record.from_actions(moves, rules=rules, seed=game_seed, headers=headers)
            )
    return Corpus(
        states=tuple(states),
        records=tuple(records),
        rules=(*RULESETS, *MORE_RULES),
        tokens=tuple(tokens),
    )


def _random_game(
    state: State, rng: random.Random, max_plies: int
) -> tuple[list[State], list[Action]]:
    states = [state]
    actions: list[Action] = []
    while outcome(state) is None and len(actions) < max_plies:
        if actors(state) == (CHANCE,):
            action = sample_chance(state, rng)
        else:
            action = rng.choice(legal_actions(state))
        state = apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions
