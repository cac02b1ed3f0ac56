"""Words in English and German (issue 30): every text a player or a designer reads
comes from a message catalog with a translation, for both games through their
descriptors.

Each random game's every decision, action and event is said in every language, with
no notation and no clause id left in it; the catalogs hold every text the code marks,
translated, with the same fields, compiled as read.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import tikalspeed
import tiki
from gamekit import Game
from gamekit.i18n import DOMAINS, LANGUAGES, language, words
from gamekit.i18n.catalogs import placeholders, problems
from gamekit.words import clauses_in

GAMES = {"tiki": tiki, "tikalspeed": tikalspeed}
"""Each game's package by its name."""
TOKEN = re.compile(r"\b(?:move|enter|hop|dig|camp|guard|swap|uncover|place|take|bid|tokens):")
"""A Tikal action token's head with its colon, or a Tiki one (``a1-b2``, ``+b2``)."""
TIKI_TOKEN = re.compile(r"(?:^|\s)(?:\+[a-c][1-3]|[a-c][1-3]-[a-c][1-3]|s[@>][a-c][1-3])")


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> Game:
    """Each game's descriptor in turn."""
    descriptor: Game = GAMES[request.param].GAME
    return descriptor


def test_every_catalog_is_complete() -> None:
    """Issue 30: no message lacks a translation. Every text the code marks is in every
    language's catalog, translated, naming the same fields, and every compiled file is
    its catalog (``python -m gamekit.i18n.catalogs`` keeps them)."""
    assert problems() == []


def test_a_translation_names_the_fields_of_its_template() -> None:
    """A translation moves the fields where its grammar wants them, but names the same."""
    assert placeholders("{player} bids {amount}") == {"player", "amount"}
    assert words("tikalspeed", "de")("{player} bids {amount}", player="P2", amount=3) == (
        "P2 bietet 3"
    )


def test_the_language_asked_for() -> None:
    """A browser's languages choose the first one there is; an unknown one is English,
    and asking the library for it is refused with the languages there are."""
    assert language("de-CH,de;q=0.9,en;q=0.8") == "de" and language("en-GB") == "en"
    assert language("ja") == "en" and language(None) == "en"
    assert set(LANGUAGES) == {"en", "de"} and set(DOMAINS) >= {"gamekit", "tiki", "tikalspeed"}
    with pytest.raises(ValueError, match="the languages are en"):
        words("tiki", "ja")


def _plays(game: Game, seeds: range, plies: int) -> list[list[tuple[Any, Any]]]:
    """Random games of ``game`` (its default rules, and each of Tikal's modes): per
    game, each state and the transition that left it."""
    rulesets = [game.Rules()]
    if game.package == "tikalspeed":
        rulesets = [tikalspeed.Rules(players=2), tikalspeed.Rules(mode="classic", players=3),
                    tikalspeed.Rules(mode="professional", players=4)]  # fmt: skip
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_game(rulesets[seed % len(rulesets)])
        played = []
        while len(played) < plies and game.outcome(s) is None:
            who = game.actors(s)
            if who == (game.CHANCE,):
                a = game.sample_chance(s, rng)
            else:
                mine = game.legal_actions(s, who[0]) if len(who) > 1 else game.legal_actions(s)
                a = rng.choice(mine)
            t = game.step(s, a)
            played.append((s, t))
            s = t.state
        out.append(played)
    return out


def test_every_action_and_decision_is_said_in_every_language(game: Game) -> None:
    """Issue 30: every action of a decision's JSON carries its own words, in each
    language, and the decision its words: no clause id, no action token; the German
    differs from the English."""
    for played in _plays(game, range(6), 160):
        for s, _ in played:
            for p in [None, *range(game.players(s.rules))]:
                view = game.observe(s, p)
                en, de = (game.decision_to_json(view, lang) for lang in ("en", "de"))
                assert en["words"] and de["words"] and not clauses_in(de["words"])
                for entry_en, entry_de in zip(
                    (a for g in en["legal"] for a in g["actions"]),
                    (a for g in de["legal"] for a in g["actions"]),
                    strict=True,
                ):
                    for w in (entry_en["words"], entry_de["words"]):
                        assert w and not clauses_in(w), w
                        assert not TOKEN.search(w) and not TIKI_TOKEN.search(w), w
                    if entry_en["action"]["type"] not in ("bid", "tokens", "pass"):
                        assert entry_en["words"] != entry_de["words"], entry_en


def test_every_event_is_said_in_every_language(game: Game) -> None:
    """Issue 30: the log's lines are words, not notation ("P1 uncover:a2 for 2 AP"):
    every event of random games, in each language, has words without clause ids or
    tokens, and its JSON in German reads back as the event."""
    seen = set()
    for played in _plays(game, range(6), 500):
        for _, t in played:
            for e in t.events:
                seen.add(type(e).__name__)
                for lang in LANGUAGES:
                    w = game.json.event_to_json(e, lang)["words"]
                    assert w and not clauses_in(w), (lang, w)
                    assert not TOKEN.search(w) and not TIKI_TOKEN.search(w), (lang, w)
                assert game.json.event_from_json(game.json.event_to_json(e, "de")) == e
    assert len(seen) >= 8
