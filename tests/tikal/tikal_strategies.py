"""Hypothesis strategies and a random-playout helper for the Tikal tests.

``rules()`` draws a :class:`tikalspeed.Rules` covering every field (the manifest too:
the default, or one with the letters on the backs shuffled and every tile turned; and
the tile mix: the published one half of the time, else one of :data:`MIXES`, taken
from that manifest, TIKAL-TILE-8);
:func:`playout` plays one game from ``new_game(rules)``, choosing uniformly among the
legal actions with a seeded ``random.Random`` and resolving chance nodes with
``sample_chance``, and keeps every state, action and transition for the checks.
"""

from __future__ import annotations

import random

import attrs
import playouts
from hypothesis import settings
from hypothesis import strategies as st

import tikalspeed
from tikalspeed import CHANCE, Action, Manifest, Rules, State, TileMix, Transition, rotate

SOME = settings(max_examples=max(15, settings().max_examples // 4))
"""For properties over whole games: a quarter of the profile's examples (15 in CI)."""

MAX_PLIES = 2000
"""A safety cap: random games end by themselves after a few hundred plies."""

DEFAULT_MANIFEST = tikalspeed.load_manifest()


def variant_manifest(letters: list[str], turns: list[int]) -> Manifest:
    """The default tiles with ``letters`` on their backs and their stones turned by
    ``turns``: still a valid manifest (same counts per letter and kind), but another
    stacking (volcanoes may come early) and other paths."""
    tiles = tuple(
        attrs.evolve(t, letter=letter, stones=rotate(t.stones, turn))
        for t, letter, turn in zip(DEFAULT_MANIFEST.tiles, letters, turns, strict=True)
    )
    return attrs.evolve(DEFAULT_MANIFEST, name="shuffled", tiles=tiles)


def manifests() -> st.SearchStrategy[Manifest]:
    """The default manifest half of the time, else a shuffled and turned variant."""
    letters = [t.letter for t in DEFAULT_MANIFEST.tiles]
    variant = st.builds(
        variant_manifest,
        st.permutations(letters),
        st.lists(st.integers(0, 5), min_size=36, max_size=36),
    )
    return st.one_of(st.just(DEFAULT_MANIFEST), variant)


MIXES = (
    TileMix(temple=12),  # fewer temples: 33 tiles, not a multiple of 2 or 4
    TileMix(temple=8, volcano=5),  # more volcanoes, two sharing a letter
    TileMix(jungle=13, volcano=0),  # no volcano: the final scoring only
    TileMix(treasure=4, volcano=2),  # fewer treasure hexes: 16 treasures come out
    TileMix(temple=10, treasure=12, jungle=11),  # the most treasure hexes, 2 masks each
    TileMix(temple=20, treasure=6, jungle=10, volcano=0),  # 36 tiles, other kinds
    TileMix(temple=3, treasure=2, jungle=2, volcano=1),  # a short game of 8 tiles
    TileMix(temple=0, treasure=0, jungle=24, volcano=12),  # no temple tile, 12 volcanoes
    TileMix(temple=1, treasure=0, jungle=0, volcano=0),  # the shortest game
)
"""Tile mixes within the bounds of TIKAL-TILE-8, each of another kind of change."""


def tile_mixes() -> st.SearchStrategy[TileMix]:
    """The published mix half of the time, else one of :data:`MIXES`."""
    return st.one_of(st.just(TileMix()), st.sampled_from(MIXES))


def rules(
    modes: tuple[str, ...] = ("classic", "professional"), players: tuple[int, ...] = (2, 3, 4)
) -> st.SearchStrategy[Rules]:
    """Any ruleset: every field of :class:`tikalspeed.Rules` varies independently (the
    Speed options too, which the other modes ignore), but for those only the Speed game
    has with no effect elsewhere: ``jump_limits``, ``forfeit``, ``two_volcanoes``."""
    return st.builds(
        Rules,
        mode=st.sampled_from(modes),
        players=st.sampled_from(players),
        manifest=manifests(),
        tile_mix=tile_mixes(),
        uncover_limit=st.sampled_from(("temple", "turn")),
        sold_out=st.sampled_from(("blocked", "skip")),
        treasure_limit=st.sampled_from(("ruin", "turn")),
        exchange=st.sampled_from(("singles", "theirs")),
        camp_needs_member=st.booleans(),
        guard_on_tie=st.booleans(),
        start_worker=st.booleans(),
        auction_score=st.integers(0, 40),
        max_bid=st.sampled_from(("score", "any")),
        volcano_scoring=st.sampled_from(("at-once", "turns")),
        final_scoring=st.sampled_from(("at-once", "turns")),
        jump_action=st.sampled_from(("one", "one-kind")),
        jump_move=st.sampled_from(("path", "border")),
        jump_blocked=st.sampled_from(("other-action", "lost")),
    )


seeds = st.integers(0, 2**32 - 1)
"""Seeds for the ``random.Random`` that picks the actions and the chance outcomes."""


Game = playouts.Game
"""One random playout (the class both games' tests share)."""


def choose(state: State, rng: random.Random, canonical: bool = False) -> Action:
    """A chance outcome by ``sample_chance``, else a uniform choice of legal action:
    from ``legal_actions`` in its order, or (``canonical``) sorted by token, so that the
    game does not depend on the order the engine lists them in."""
    if tikalspeed.actors(state) == (CHANCE,):
        return tikalspeed.sample_chance(state, rng)
    legal = tikalspeed.legal_actions(state)
    return rng.choice(sorted(legal, key=str) if canonical else legal)


def playout(
    rules: Rules, seed: int, max_plies: int = MAX_PLIES, *, canonical: bool = False
) -> Game:
    """Play a game from ``new_game(rules)`` with ``random.Random(seed)`` (see :func:`choose`)."""
    rng = random.Random(seed)
    state = tikalspeed.new_game(rules)
    states = [state]
    actions: list[Action] = []
    transitions: list[Transition] = []
    while tikalspeed.outcome(state) is None and len(actions) < max_plies:
        action = choose(state, rng, canonical)
        t = tikalspeed.step(state, action)
        actions.append(action)
        transitions.append(t)
        state = t.state
        states.append(state)
    return Game(rules, seed, tuple(states), tuple(actions), tuple(transitions))


@st.composite
def games(
    draw: st.DrawFn,
    max_plies: int = MAX_PLIES,
    modes: tuple[str, ...] = ("classic", "professional"),
) -> Game:
    """A random playout under a drawn ruleset (of one of ``modes``) and seed."""
    return playout(draw(rules(modes)), draw(seeds), max_plies)


def random_action(s: State, rng: random.Random) -> Action:
    """An arbitrary well-formed action of any kind for any player, legal or not.

    Fields stay in range (cells 0–39, pieces 0–1, treasure kinds 0–7, tiles 0–35,
    players CHANCE … 3, all ints), so that near misses are common: half of the actions
    copy a legal one and change one field. (Out-of-range and non-int fields are refused
    as well, with IllegalActionError: ``test_tikal_holes.py`` tries them in every phase.)
    """
    legal = tikalspeed.legal_actions(s)
    if legal and rng.random() < 0.5:
        base = rng.choice(legal)
        fields = [f.name for f in attrs.fields(type(base)) if f.name != "tile_id"]
        name = rng.choice(fields)
        value = RANGES[name](rng, s)
        return attrs.evolve(base, **{name: value})  # type: ignore[misc]
    p = RANGES["player"](rng, s)
    cell, other = rng.randrange(40), rng.randrange(40)
    piece, kind, tile = rng.randrange(2), rng.randrange(8), rng.randrange(36)
    return rng.choice(
        [
            tikalspeed.DrawTile(tile), tikalspeed.RevealTile(tile), tikalspeed.FindTreasure(kind),
            tikalspeed.PlaceTile(p, cell, rng.randrange(6)), tikalspeed.Enter(p, piece, cell),
            tikalspeed.CampMove(p, piece, cell, other), tikalspeed.Move(p, piece, cell, other),
            tikalspeed.Uncover(p, cell), tikalspeed.TakeTreasure(p, cell),
            tikalspeed.Exchange(p, kind, RANGES["other"](rng, s), rng.randrange(8)),
            tikalspeed.BuildCamp(p, cell), tikalspeed.Guard(p, cell, piece), tikalspeed.EndTurn(p),
            tikalspeed.Bid(p, rng.randrange(-2, 45)), tikalspeed.PassBid(p),
            tikalspeed.ChooseTile(p, tile),
        ]
    )  # fmt: skip


RANGES = {
    "player": lambda rng, s: rng.randrange(CHANCE, 4),
    "other": lambda rng, s: rng.randrange(0, 4),
    "cell": lambda rng, s: rng.randrange(40),
    "origin": lambda rng, s: rng.randrange(40),
    "destination": lambda rng, s: rng.randrange(40),
    "rotation": lambda rng, s: rng.randrange(6),
    "piece": lambda rng, s: rng.randrange(2),
    "give": lambda rng, s: rng.randrange(8),
    "take": lambda rng, s: rng.randrange(8),
    "kind": lambda rng, s: rng.randrange(8),
    "tile": lambda rng, s: rng.randrange(36),
    "amount": lambda rng, s: rng.randrange(-2, 45),
}
"""Field name -> a random in-range value for that field."""
