"""The fuzzer's corpus (:mod:`.readers`): real inputs of every reader, from seeded
random games under :data:`RULESETS`, which play every mode, 2 to 4 players, most rule
options and a custom manifest, :data:`VARIANT`.

The games are played, recorded, seen and written by the shared kit
(:func:`gamekit.fuzzing.corpus.build_corpus`); what is Tikal's is the rulesets, how
long its games run (:data:`PLAN`), its manifests, and the ``rules=`` or ``manifest=``
argument each reader is told for a game under a custom manifest (:data:`ARGUMENTS`).
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from gamekit.fuzzing import corpus
from gamekit.fuzzing.arguments import Arguments
from gamekit.fuzzing.harness import short

from ...board import Manifest, load_manifest, manifest_to_json, rotate
from ...game import GAME
from ...model.rules import Rules

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

PLAN = corpus.Plan(
    RULESETS,
    plies=(40, 300, 3000),
    seed_plies=(5, 150),
    more_rules=MORE_RULES,
    states_per_game=150,
    span=200,
    headers=(("Event", "fuzz"), ("P1", "random bot")),
    views_per_game=10,
)
"""How the corpus games are played: to 40, 300 or 3000 plies, about 150 states of each
kept, records from a position part-way of at most 200 plies, every player's view of
about 10 states of each and of 10 of its Speed Jumps' token choices."""


def _given(keyword: str, rules: Rules) -> Rules | Manifest | None:
    """The ``rules=`` or ``manifest=`` a reader needs for a game under ``rules``: none
    for the packaged manifest."""
    if (rules.manifest.taken_from or rules.manifest) == DEFAULT:  # a tile mix's box
        return None
    return rules if keyword == "rules" else rules.manifest


def _show_argument(argument: Any) -> str:
    if isinstance(argument, Manifest):
        return f"manifest=<{argument.name}@{argument.version}>"
    return short(repr(argument), 80)


ARGUMENTS = Arguments(
    frozenset({"rules", "manifest", "player"}),
    _given,
    {"rules": (None, *RULESETS), "manifest": (None, DEFAULT, VARIANT)},
    _show_argument,
)
"""What Tikal's readers are told beside their input: the rules (``from_text``,
``read_record``, ``view_from_text``, ``action_from_json``) or the manifest (the other
JSON readers, ``rules_from_text``) of a game under a custom manifest, which the text
forms name only by ``<name>@<version>``; ``parse_action`` is told the player. A
mutation gives a reader another one now and then."""


@attrs.frozen(eq=False)
class Corpus(corpus.Corpus):
    """Real inputs, per kind, from seeded random games (see :func:`build_corpus`),
    each with the ``rules=`` or ``manifest=`` argument its reader needs (``None`` for
    the packaged manifest), and the manifests as JSON."""

    manifests: tuple[Manifest, ...] = (DEFAULT, VARIANT)
    manifest_json: tuple[Any, ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        self._put("manifest_json", [manifest_to_json(m) for m in self.manifests])


def build_corpus(seed: int = 0, games_per_ruleset: int = 2) -> Corpus:
    """Play ``games_per_ruleset`` random games under each of :data:`RULESETS`, and
    record them: from the chance nodes, from a position part-way, and from a seed;
    every player's view of some of their states (and of Speed Jumps' secret token
    choices), the events of some of their moves."""
    return corpus.build_corpus(GAME, PLAN, seed, games_per_ruleset, ARGUMENTS, Corpus)
