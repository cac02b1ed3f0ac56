"""Another mix of tiles (TIKAL-TILE-8, issue 32): ``Rules.tile_mix``, its bounds and its
errors, the tiles it takes from the box, a manifest with a mix of its own, the end and
the scorings of its games, its text and JSON forms, and ``simulate``.

The random games of every mix under every other rule are the property tests'
(``test_tikal_properties.py``, ``test_tikal_speed_properties.py``: ``rules()`` draws a
mix of ``tikal_strategies.MIXES`` half of the time); here are the facts a mix decides.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tikal_strategies import MIXES, SOME, playout

import tikalspeed
from tikalspeed import (
    Kind,
    ManifestError,
    NotationError,
    Phase,
    Rules,
    Scored,
    TileMix,
    from_text,
    jsonio,
    load_manifest,
    manifest_to_json,
    new_game,
    rules_from_text,
    rules_to_text,
    to_text,
)
from tikalspeed.board.mix import mix_fault
from tikalspeed.bounds import MAX_AUCTION_SCORE, MAX_SCORE, scoring_points
from tikalspeed.model.events import TileDiscarded, TileSecured, TokensReturned
from tikalspeed.text.jsonio import rules_from_json, rules_to_json
from tikalspeed.tools import studies
from tikalspeed.tools.cli import main

BOX = load_manifest()
MODES = ("classic", "professional", "speed")


def own_mix(mix: TileMix, name: str = "thirteen") -> tikalspeed.Manifest:
    """A manifest holding the tiles of ``mix`` itself: those the box gives, renamed."""
    return load_manifest({**manifest_to_json(BOX.take(mix)), "name": name})


# --------------------------------------------------------------------------- the field


def test_tikal_tile_8_the_default_is_the_published_mix_and_plays_as_before() -> None:
    """TIKAL-TILE-1, TIKAL-TILE-8: ``Rules()`` has the published mix and the packaged
    tiles themselves; naming that mix changes nothing, in any form, and a game is the
    same game (the fingerprints of ``tests/test_fingerprints.py`` pin them)."""
    assert Rules().tile_mix == TileMix(15, 8, 10, 3) == (15, 8, 10, 3)
    assert Rules().manifest is BOX and BOX.mix == TileMix() and BOX.taken_from is None
    named = Rules(tile_mix=(15, 8, 10, 3))
    assert named == Rules() and named.non_default() == {} and rules_to_text(named) == ""
    assert named.manifest is BOX and repr(named) == "Rules()"
    for mode in MODES:
        a, b = playout(Rules(mode=mode), 3), playout(Rules(mode=mode, tile_mix=TileMix()), 3)
        assert a.states == b.states and a.actions == b.actions


def test_tikal_tile_8_a_mix_is_a_tile_mix_of_four_counts() -> None:
    """TIKAL-TILE-8: ``tile_mix`` takes a ``TileMix``, or a tuple or list of four counts
    (temple, treasure, jungle, volcano), and keeps a ``TileMix``."""
    for given_ in ((12, 8, 10, 3), [12, 8, 10, 3], TileMix(temple=12)):
        rules = Rules(tile_mix=given_)  # type: ignore[arg-type]
        assert type(rules.tile_mix) is TileMix and rules.tile_mix == TileMix(12, 8, 10, 3)
    assert TileMix(temple=12).total == 33 and TileMix()._asdict()["volcano"] == 3


BAD = [
    ((-1, 8, 10, 3), "Rules.tile_mix.temple must be an int from 0 to 36, not -1 (TIKAL-TILE-8)"),
    ((15, -2, 10, 3), "Rules.tile_mix.treasure must be an int from 0 to 12, not -2 (TIKAL-TILE-8)"),
    ((10, 13, 10, 3), "Rules.tile_mix.treasure must be an int from 0 to 12, not 13 (TIKAL-TILE-8)"),
    ((0, 0, 10, 13), "Rules.tile_mix.volcano must be an int from 0 to 12, not 13 (TIKAL-TILE-8)"),
    ((37, 0, 0, 0), "Rules.tile_mix.temple must be an int from 0 to 36, not 37 (TIKAL-TILE-8)"),
    ((20, 8, 10, 3), "Rules.tile_mix must hold 1 to 36 tiles in all (one for each open cell, "
                     "TIKAL-BOARD-5), not 41 (TIKAL-TILE-8)"),
    ((0, 0, 0, 0), "Rules.tile_mix must hold 1 to 36 tiles in all (one for each open cell, "
                   "TIKAL-BOARD-5), not 0 (TIKAL-TILE-8)"),
    ((15, 8, 9, 4), "Rules.tile_mix: 4 volcanoes and 15 temple tiles give up to 5 scorings of "
                    "up to 218 points; 99 + 5 × 218 = 1189 passes the score bound 999 "
                    "(bounds.MAX_SCORE, TIKAL-TILE-8)"),
    ((12, 8, 10, 4), "Rules.tile_mix: 4 volcanoes and 12 temple tiles give up to 5 scorings of "
                     "up to 188 points; 99 + 5 × 188 = 1039 passes the score bound 999 "
                     "(bounds.MAX_SCORE, TIKAL-TILE-8)"),
    ((12, 8, 10, "3"), "Rules.tile_mix must be 4 whole numbers: temple, treasure, jungle, "
                       "volcano (e.g. 12,8,10,3), not TileMix(temple=12, treasure=8, jungle=10, "
                       "volcano='3')"),
    ((12, 8, 10, True), "Rules.tile_mix must be 4 whole numbers: temple, treasure, jungle, "
                        "volcano (e.g. 12,8,10,3), not TileMix(temple=12, treasure=8, "
                        "jungle=10, volcano=True)"),
    ((12.0, 8, 10, 3), "Rules.tile_mix must be 4 whole numbers: temple, treasure, jungle, "
                       "volcano (e.g. 12,8,10,3), not TileMix(temple=12.0, treasure=8, "
                       "jungle=10, volcano=3)"),
    ((12, 8, 10), "Rules.tile_mix must be 4 whole numbers: temple, treasure, jungle, volcano "
                  "(e.g. 12,8,10,3), not (12, 8, 10)"),
    ("12,8,10,3", "Rules.tile_mix must be 4 whole numbers: temple, treasure, jungle, volcano "
                  "(e.g. 12,8,10,3), not '12,8,10,3'"),
    (None, "Rules.tile_mix must be 4 whole numbers: temple, treasure, jungle, volcano "
           "(e.g. 12,8,10,3), not None"),
]  # fmt: skip


@pytest.mark.parametrize(("mix", "message"), BAD, ids=[str(m) for m, _ in BAD])
def test_tikal_tile_8_a_bad_mix_is_a_value_error_naming_the_field(mix: Any, message: str) -> None:
    """TIKAL-TILE-8: too few tiles, too many (of a kind, in all, or for the score bound),
    a negative count and a wrong type are each refused with a ``ValueError`` that names
    ``Rules.tile_mix`` (and the kind) and what is wrong."""
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Rules(tile_mix=mix)


@pytest.mark.parametrize(
    "mix",
    [(1, 0, 0, 0), (36, 0, 0, 0), (0, 0, 36, 0), (0, 12, 24, 0), (0, 0, 24, 12),
     (11, 8, 10, 4), (8, 8, 10, 5), (15, 8, 10, 3), (15, 8, 13, 0)],
)  # fmt: skip
def test_tikal_tile_8_the_edges_of_the_bounds_are_allowed(mix: tuple[int, ...]) -> None:
    """TIKAL-TILE-8: one tile, 36, no temple tile, 12 treasure hexes, 12 volcanoes, and
    the largest mixes the score bound allows (4 volcanoes with 11 temples, 5 with 8)
    are allowed; every game's start under them is a position the readers take back,
    with the highest start score (TIKAL-AUCTION-1)."""
    rules = Rules(mode="professional", players=4, auction_score=MAX_AUCTION_SCORE, tile_mix=mix)
    s = new_game(rules)
    assert from_text(to_text(s)) == s and jsonio.loads(jsonio.dumps(s)) == s


@settings(SOME, deadline=None)
@given(st.tuples(*(st.integers(-2, 40),) * 4))
def test_tikal_tile_8_exactly_the_mixes_within_the_bounds_are_allowed(
    counts: tuple[int, int, int, int],
) -> None:
    """TIKAL-TILE-8: a mix is allowed exactly when each count is 0 to its most (36; 12
    treasure hexes, 12 volcanoes), the total 1 to 36 and (volcanoes + 1) × (10 ×
    (temples + 2) + 48) at most 900; an allowed mix takes that many tiles of each kind."""
    mix = TileMix(*counts)
    temple, treasure, jungle, volcano = counts
    ok = (
        all(n >= 0 for n in counts)
        and temple <= 36
        and treasure <= 12
        and jungle <= 36
        and volcano <= 12
        and 1 <= mix.total <= 36
        and (volcano + 1) * scoring_points(temple) <= MAX_SCORE - MAX_AUCTION_SCORE
    )
    assert (mix_fault(mix, "tile_mix") is None) == ok
    if not ok:
        with pytest.raises(ValueError, match=r"^Rules\.tile_mix"):
            Rules(tile_mix=mix)
        return
    rules = Rules(mode="classic", players=2, tile_mix=mix)
    kinds = Counter(t.kind.value for t in rules.manifest.tiles)
    assert tuple(kinds[k] for k in TileMix._fields) == counts == rules.manifest.mix


# --------------------------------------------------------------------------- the tiles


@pytest.mark.parametrize("mix", MIXES, ids=str)
def test_tikal_tile_8_the_tiles_are_taken_evenly_from_the_box(mix: TileMix) -> None:
    """TIKAL-TILE-8: per kind, tile ``i`` of the mix is the box's tile
    ``floor((2i + 1) m / 2k)`` of that kind in manifest order, keeping its letter, stones
    and value; copies get ``_2``, ``_3``; the stacks hold the tiles of their letter; the
    masks are one per treasure, or 4 each where the hexes cannot show all 24."""
    taken = Rules(tile_mix=mix).manifest
    assert taken is BOX.take(mix) and taken.taken_from is BOX and taken.mix == mix
    assert taken.name == "default.mix-" + "-".join(map(str, mix))
    by_id = {t.id: t for t in BOX.tiles}
    for kind, k in zip(tikalspeed.board.tiles.TERRAIN_KINDS, mix, strict=True):
        box = [t for t in BOX.tiles if t.kind is kind]
        want = Counter(box[(2 * i + 1) * len(box) // (2 * k)].id for i in range(k))
        mine = [t for t in taken.tiles if t.kind is kind]
        assert Counter(t.id.split("_")[0] for t in mine) == want
        for t in mine:
            base, _, copy_no = t.id.partition("_")
            assert copy_no in ("", *map(str, range(2, want[base] + 1)))
            source = by_id[base]
            assert (t.letter, t.stones, t.value) == (source.letter, source.stones, source.value)
    letters = Counter(t.letter for t in taken.tiles)
    assert taken.components.tiles_per_letter == tuple((x, letters[x]) for x in "ABCDEFG")
    stacks = new_game(Rules(mode="classic", tile_mix=mix)).stacks
    assert [len(x) for x in stacks] == [letters[x] for x in "ABCDEFG"]
    masks = [t.masks for t in taken.tiles if t.kind is Kind.TREASURE]
    assert sum(masks) == min(24, 4 * mix.treasure)
    assert all(2 <= m <= 4 for m in masks) and masks == sorted(masks, reverse=True)


def test_tikal_tile_8_the_box_s_own_masks_are_kept_with_its_8_treasure_hexes() -> None:
    """TIKAL-TILE-8, TIKAL-TILE-4: a mix with the box's 8 treasure hexes keeps them as
    they are (4, 4, 4, 3, 3, 2, 2, 2); 10 hexes share the 24 treasures (3 on the first
    four), 4 hexes show 4 each (16 treasures come out)."""

    def masks(mix: TileMix) -> list[int]:
        return [t.masks for t in BOX.take(mix).tiles if t.kind is Kind.TREASURE]

    assert masks(TileMix(temple=12)) == [t.masks for t in BOX.tiles if t.masks]
    assert masks(TileMix(treasure=10, jungle=8)) == [3] * 4 + [2] * 6
    assert masks(TileMix(treasure=4)) == [4] * 4


def test_tikal_tile_8_fewer_temples_leave_out_tiles_spread_over_the_stacks() -> None:
    """TIKAL-TILE-8, TIKAL-TILE-2: 12 temples leave out A6, D1 and F5, one from the top,
    the middle and the bottom of the temples' run; the stacks keep the box's letters."""
    taken = BOX.take(TileMix(temple=12))
    assert sorted({t.id for t in BOX.tiles} - {t.id for t in taken.tiles}) == ["A6", "D1", "F5"]
    assert dict(taken.components.tiles_per_letter) == dict(
        A=5, B=6, C=5, D=4, E=5, F=4, G=4
    )  # fmt: skip
    volcanoes = BOX.take(TileMix(temple=3, volcano=6))
    assert [t.id for t in volcanoes.tiles if t.kind is Kind.VOLCANO] == [
        "B1", "B1_2", "D3", "D3_2", "F2", "F2_2"
    ]  # fmt: skip


def test_tikal_tile_8_a_corrected_box_gives_its_own_tiles() -> None:
    """TIKAL-TILE-7, TIKAL-TILE-8: a corrected manifest with the published mix is a box
    too: the mix is taken from it, and its name is the one the text forms write."""
    data = manifest_to_json(BOX)
    data["tiles"][0]["value"] = 2
    mine = load_manifest({**data, "name": "corrected"})
    rules = Rules(mode="classic", manifest=mine, tile_mix=(12, 8, 10, 3))
    assert rules.manifest.taken_from is mine and rules.manifest.tile("A1").value == 2
    assert rules_to_text(rules) == "mode=classic;manifest=corrected@1;tile_mix=12,8,10,3"
    again = rules_from_text(rules_to_text(rules), manifest=rules.manifest)
    assert again == rules and again.manifest is rules.manifest
    assert attrs.evolve(rules, tile_mix=TileMix()).manifest is mine


# --------------------------------------------------------------------------- own mixes


def test_tikal_tile_8_a_manifest_with_a_mix_of_its_own_plays_it() -> None:
    """TIKAL-TILE-8: a manifest may hold another mix itself (its counts per kind and per
    letter, its masks): it is accepted when ``tile_mix`` agrees, and played as it is;
    with the default mix, or any other, it is refused with a ``ValueError``."""
    mix = TileMix(temple=13, volcano=2)
    mine = own_mix(mix)
    assert mine.mix == mix and mine.taken_from is None
    rules = Rules(mode="classic", manifest=mine, tile_mix=mix)
    assert rules.manifest is mine
    assert [len(x) for x in new_game(rules).stacks] == [6, 5, 5, 4, 5, 4, 4]
    message = (
        "Rules.tile_mix is {}, but the manifest 'thirteen' version 1 holds 13,8,10,2: a "
        "manifest with a mix of its own is played as it is, and tile_mix must be its mix "
        "(TIKAL-TILE-8)"
    )
    with pytest.raises(ValueError, match=f"^{re.escape(message.format('15,8,10,3'))}$"):
        Rules(manifest=mine)
    with pytest.raises(ValueError, match=f"^{re.escape(message.format('12,8,10,3'))}$"):
        Rules(manifest=mine, tile_mix=(12, 8, 10, 3))
    with pytest.raises(ManifestError, match=r"holds a mix of its own, 13,8,10,2, and gives no"):
        mine.take(TileMix())


OWN = manifest_to_json(BOX.take(TileMix(temple=13, volcano=2))) | {"name": "own"}


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def _drop_a_temple(data: dict[str, Any]) -> None:
    data["tiles"] = [t for t in data["tiles"] if t["id"] != "A1"]


OWN_CASES = [
    ("per kind 5 volcanoes", _set(("components", "terrain", "per_kind", "volcano"), 5),
     "components: terrain.per_kind: 5 volcanoes and 13 temple tiles give up to 6 scorings of up "
     "to 198 points; 99 + 6 × 198 = 1287 passes the score bound 999 (bounds.MAX_SCORE, "
     "TIKAL-TILE-8)"),
    ("per kind 13 treasures", _set(("components", "terrain", "per_kind", "treasure"), 13),
     "components: terrain.per_kind.treasure must be an int from 0 to 12, not 13 (TIKAL-TILE-8)"),
    ("per letter short", _set(("components", "terrain", "per_letter", "G"), 3),
     "components: terrain.per_letter must count the tiles of the letters A to G, 33 in all, "
     "got {A: 6, B: 5, C: 5, D: 4, E: 5, F: 4, G: 3} (TIKAL-TILE-8)"),
    ("a tile too few", _drop_a_temple,
     "manifest: 32 terrain tiles, but terrain.per_kind counts 33 (TIKAL-TILE-8)"),
    ("letters moved", _set(("tiles", 0, "letter"), "G"),
     "manifest: letter A has 5 tiles, must be 6 (TIKAL-TILE-8)"),
    ("masks", _set(("tiles", 1, "masks"), 3),
     "manifest: the 8 treasure hexes show 23 masks in all, must be 24: one per treasure, or 4 "
     "on each hex when they cannot show all 24 (TIKAL-TILE-8)"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "message"), [c[1:] for c in OWN_CASES],
                         ids=[c[0] for c in OWN_CASES])  # fmt: skip
def test_tikal_tile_8_a_manifest_of_another_mix_is_checked(change: Any, message: str) -> None:
    """TIKAL-TILE-8 with TIKAL-TILE-7: a manifest of another mix is checked like any
    other: the mix within its bounds, the tiles as many as it counts, kind by kind and
    letter by letter, and the masks of the mix; a fault names the part and the clause."""
    assert load_manifest(OWN).mix == TileMix(temple=13, volcano=2)
    data = copy.deepcopy(OWN)
    change(data)
    with pytest.raises(ManifestError, match=f"^{re.escape(message)}$"):
        load_manifest(data)


# --------------------------------------------------------------------------- the game


def _scorings(game: Any) -> int:
    scored = sum(isinstance(e, Scored) for t in game.transitions for e in t.events)
    assert scored % game.rules.players == 0
    return scored // game.rules.players


@pytest.mark.parametrize("mode", ["classic", "professional"])
@pytest.mark.parametrize("mix", MIXES, ids=str)
def test_tikal_tile_8_the_end_and_the_scorings_follow_the_mix(mode: str, mix: TileMix) -> None:
    """TIKAL-TILE-8, TIKAL-END-1, TIKAL-SCORE-1: the game ends once every tile of the
    mix has been played (placed, or discarded, TIKAL-PLACE-5), leaving 36 less that
    many cells free, and each player scores once per volcano and once at the end."""
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game = playout(Rules(mode=mode, players=players, tile_mix=mix), seed)
        final = game.final
        assert final.phase is Phase.OVER
        placed = sum(1 for code in final.placed if code >= 0)
        gone = sum(isinstance(e, TileDiscarded) for t in game.transitions for e in t.events)
        assert placed + gone == mix.total and placed == mix.total - gone
        assert not any(final.stacks) and final.placed.count(-1) == 36 - placed
        assert _scorings(game) == mix.volcano + 1


@pytest.mark.parametrize("mix", MIXES, ids=str)
def test_tikal_tile_8_speed_plays_a_round_per_players_tiles(mix: TileMix) -> None:
    """TIKAL-TILE-8, SPEED-ROUND-1, SPEED-SCORE-1, SPEED-END-1: a Speed game of the mix
    plays ceil(tiles / players) rounds; it scores once per round in which a volcano was
    placed and once at the end (at most once per volcano, and once more); in a round
    with fewer tiles than players the securers are as many as the tiles."""
    for players, seed in ((2, 4), (3, 5), (4, 6)):
        game = playout(Rules(players=players, tile_mix=mix), seed)
        assert game.final.phase is Phase.OVER
        events = [e for t in game.transitions for e in t.events]
        rounds = sum(isinstance(e, TokensReturned) for e in events)
        assert rounds == -(-mix.total // players)
        volcano_rounds = 0
        secured: list[int] = []
        for s, _, t in game.steps():
            if any(isinstance(e, TokensReturned) for e in t.events):
                volcano_rounds += bool(s.volcano_placers)
                left = mix.total - players * (len(secured))
                assert len(s.round_order) == min(players, left)
                secured.append(len(s.round_order))
        assert _scorings(game) == volcano_rounds + 1 <= mix.volcano + 1
        assert sum(secured) == mix.total == sum(isinstance(e, TileSecured) for e in events)


def test_tikal_tile_8_a_speed_round_with_fewer_tiles_than_players() -> None:
    """TIKAL-TILE-8, SPEED-AUCTION-1, SPEED-JUMP-2: with 33 tiles and 4 players the last
    round lays out one tile; once it is secured the auction phase ends, the other three
    place nothing, and in the Jumps they come after the Round Order, in seat order."""
    game = playout(Rules(players=4, tile_mix=(12, 8, 10, 3)), 11)
    last = [s for s in game.states if s.phase is Phase.PLACE][-1]
    assert len(last.round_order) == 1 and sum(x >= 0 for x in last.secured) == 1
    (securer,) = last.round_order
    revealed = [
        e
        for s, _, t in game.steps()
        if s.round_order == last.round_order and not any(s.stacks)
        for e in t.events
        if isinstance(e, tikalspeed.TokensRevealed)
    ]
    rank = [securer, *(p for p in range(4) if p != securer)]
    for e in revealed:
        jumpers = [p for p, c in enumerate(e.chosen) if c]
        assert list(e.order) == sorted(jumpers, key=lambda p: (e.chosen[p], rank.index(p)))
    assert revealed and game.final.phase is Phase.OVER


# --------------------------------------------------------------------------- the forms


@pytest.mark.parametrize("mode", MODES)
def test_tikal_tile_8_text_and_json_round_trip(mode: str) -> None:
    """TIKAL-TILE-8: the rules text writes ``tile_mix=12,8,10,3`` and JSON an object of
    the four counts, and both read back; so do the positions and records of its games
    (their tile ids are the mix's, copies included), with or without the rules given."""
    rules = Rules(mode=mode, players=3, tile_mix=(8, 8, 10, 5))
    assert rules_to_text(rules).endswith("tile_mix=8,8,10,5")
    assert rules_from_text(rules_to_text(rules)) == rules
    obj = rules_to_json(rules)
    assert obj["tile_mix"] == {"temple": 8, "treasure": 8, "jungle": 10, "volcano": 5}
    assert obj["manifest"] == {"name": "default", "version": 1}
    assert rules_from_json(obj) == rules
    game = playout(rules, 9)
    for s in (*game.states[::40], game.final):
        assert from_text(to_text(s)) == s == from_text(to_text(s), rules=rules)
        assert jsonio.loads(jsonio.dumps(s)) == s
    record = tikalspeed.Record.from_actions(game.actions, rules=rules)
    assert tikalspeed.read_record(tikalspeed.write_record(record)) == record
    assert tikalspeed.replay(record) == game.states
    assert any("_2" in tikalspeed.action_token(s, a) for s, a, _ in game.steps())


def test_tikal_tile_8_a_manifest_of_its_own_mix_round_trips() -> None:
    """TIKAL-TILE-8, TIKAL-TILE-7: rules with a manifest of a mix of its own name it and
    its mix in text (read back with the rules given) and carry it whole in JSON."""
    mine = own_mix(TileMix(temple=13, volcano=2), "mine")
    rules = Rules(mode="professional", manifest=mine, tile_mix=mine.mix)
    text = rules_to_text(rules)
    assert text == "mode=professional;manifest=mine@1;tile_mix=13,8,10,2"
    assert rules_from_text(text, manifest=mine) == rules
    assert rules_from_json(rules_to_json(rules)) == rules
    s = playout(rules, 2).final
    assert from_text(to_text(s), rules=rules) == s and jsonio.loads(jsonio.dumps(s)) == s


READ_ERRORS = [
    ("tile_mix=12,8,10", "rule 'tile_mix' is 4 whole numbers, temple,treasure,jungle,volcano "
     "(e.g. 12,8,10,3), not '12,8,10' (at 9)"),
    ("players=2;tile_mix=12,8,10,-3", "rule 'tile_mix' is 4 whole numbers, temple,treasure,"
     "jungle,volcano (e.g. 12,8,10,3), not '12,8,10,-3' (at 19)"),
    ("tile_mix=12;8;10;3", "rule 'tile_mix' is 4 whole numbers, temple,treasure,jungle,volcano "
     "(e.g. 12,8,10,3), not '12' (at 9)"),
    ("tile_mix=12,8,10,13", "Rules.tile_mix.volcano must be an int from 0 to 12, not 13 "
     "(TIKAL-TILE-8) (at 9)"),
    ("tile_mix=15,8,10,4", "Rules.tile_mix must hold 1 to 36 tiles in all (one for each open "
     "cell, TIKAL-BOARD-5), not 37 (TIKAL-TILE-8) (at 9)"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "message"), READ_ERRORS)
def test_tikal_tile_8_a_bad_mix_in_a_rules_text_is_a_notation_error(
    text: str, message: str
) -> None:
    """TIKAL-TILE-8: a rules text with a mix that is not four whole numbers, or is out of
    bounds, is refused with a ``NotationError`` at the mix's value."""
    with pytest.raises(NotationError, match=f"^{re.escape(message)}$"):
        rules_from_text(text)


def test_tikal_tile_8_a_bad_mix_in_json_is_a_notation_error_at_its_path() -> None:
    """TIKAL-TILE-8: in JSON a mix is an object of the four counts: another shape, or a
    count out of bounds, is refused at its path; so is a manifest of another mix."""
    with pytest.raises(NotationError, match=r"missing field 'volcano' \(at \$\.tile_mix\.volc"):
        rules_from_json({"tile_mix": {"temple": 12, "treasure": 8, "jungle": 10}})
    with pytest.raises(NotationError, match=r"expected a whole number, not a string \(at \$\.t"):
        rules_from_json({"tile_mix": {"temple": "12", "treasure": 8, "jungle": 10, "volcano": 3}})
    with pytest.raises(NotationError, match=r"^Rules\.tile_mix\.treasure must be .* \(at \$\.t"):
        rules_from_json({"tile_mix": {"temple": 2, "treasure": 14, "jungle": 10, "volcano": 3}})
    own = manifest_to_json(own_mix(TileMix(temple=13, volcano=2)))
    with pytest.raises(NotationError, match=r"must be its mix \(TIKAL-TILE-8\) \(at \$\.manifest"):
        rules_from_json({"manifest": own})
    mix = {"temple": 13, "treasure": 8, "jungle": 10, "volcano": 2}
    assert rules_from_json({"manifest": own, "tile_mix": mix}).manifest.name == "thirteen"
    with pytest.raises(NotationError, match=r"expected an object, not an array \(at \$\.tile_mix"):
        rules_from_json({"tile_mix": [13, 8, 10, 2]})


# --------------------------------------------------------------------------- simulate


def test_tikal_tile_8_simulate_compares_mixes(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKAL-TILE-8: ``simulate --compare tile_mix=...`` plays each mix and names it in
    the summary; a bad mix is a usage error (exit 2) naming the field and the fault."""
    argv = ["simulate", "--games", "2", "--rules", "players=2", "mode=classic", "--bots", "random"]
    assert main([*argv, "--compare", "tile_mix=12,8,10,3", "tile_mix=15,8,10,2"]) == 0
    out = capsys.readouterr().out
    assert "mode=classic;players=2;tile_mix=12,8,10,3: 2 games" in out
    assert "mode=classic;players=2;tile_mix=15,8,10,2: 2 games" in out
    rows = studies.simulate([studies.parse_rules("mode=classic;players=2;tile_mix=1,0,0,2")], 2)
    assert [r["scorings"] for r in rows] == [3, 3]
    assert main([*argv, "--compare", "tile_mix=12,8,10,3", "tile_mix=10,13,10,3"]) == 2
    err = capsys.readouterr().err
    assert "Rules.tile_mix.treasure must be an int from 0 to 12, not 13 (TIKAL-TILE-8)" in err
    assert main([*argv, "--compare", "tile_mix=twelve"]) == 2
    assert "rule 'tile_mix' is 4 whole numbers" in capsys.readouterr().err


def test_tikal_tile_8_a_study_s_tiles_file_with_a_mix_of_its_own(tmp_path: Any) -> None:
    """TIKAL-TILE-8, TIKAL-TILE-7: ``tiles=PATH`` holding a mix of its own plays it (its
    ruleset's text names the file and the mix); ``tile_mix`` must then agree."""
    path = tmp_path / "own.json"
    path.write_text(json.dumps(OWN), encoding="utf-8")
    rules = studies.parse_rules(f"mode=classic;players=2;tiles={path}")
    assert rules.manifest.name == "own" and rules.tile_mix == TileMix(temple=13, volcano=2)
    text = studies.ruleset_text(rules)
    assert text == f"mode=classic;players=2;tiles={path};tile_mix=13,8,10,2"
    assert studies.parse_rules(text) == rules
    with pytest.raises(NotationError, match=r"tile_mix must be its mix \(TIKAL-TILE-8\)"):
        studies.parse_rules(f"mode=classic;tiles={path};tile_mix=12,8,10,3")


@pytest.mark.parametrize("mix", [mix for mix in MIXES if mix.total < 36], ids=str)
def test_tikal_tile_8_a_tile_past_the_mix_s_is_malformed(mix: TileMix) -> None:
    """TIKAL-TILE-8, TIKAL-TURN-4: an action naming a tile the mix does not hold (an
    index of the published 36 past the mix's tiles) is malformed, and refused."""
    s = new_game(Rules(mode="classic", players=2, tile_mix=mix))
    bad = tikalspeed.DrawTile(mix.total)
    assert not tikalspeed.is_legal(s, bad)
    with pytest.raises(tikalspeed.IllegalActionError, match=r"malformed: tile="):
        tikalspeed.step(s, bad)
