"""What Tikal's pictures say, and in which language (issue 30: a player reads the game
in his language, and acts on the picture the server draws for him).

Every decision's matter is drawn: at the auction the display's tiles, each a group
``<g class="tile" data-tile="A2">`` with what it shows (TIKAL-AUCTION-2,
SPEED-AUCTION-1), the high bid and who still bids; in Speed the Round Order and the
tiles secured (SPEED-AUCTION-2); the tile in hand. While a tile is placed the decision
picture draws each legal turn once (TIKAL-TILE-6), as ``<g class="turn" data-turn="K"
data-cells="b3 c2">``. Every label is a text of the ``tikalspeed-pictures`` catalog:
drawn with ``lang="de"`` it is German, with no English left but names (``a1``,
``A2``, ``P1``) and numbers; no picture holds a clause id. Each cell's group has a
``<title>`` that says it in words.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import choose_tokens, jumping, speed
from tikal_strategies import playout

import tikalspeed
from tikalspeed import (
    CHANCE,
    Kind,
    NotationError,
    PlaceTile,
    Rules,
    State,
    actors,
    apply,
    legal_actions,
    new_game,
    observe,
    sample_chance,
)
from tikalspeed.board.hexgrid import CELL_NAMES
from tikalspeed.board.terrain import terrain
from tikalspeed.model.state import Phase
from tikalspeed.svg import board, decision_picture

NS = "{http://www.w3.org/2000/svg}"
CLAUSE_ID = re.compile(r"[A-Z]+-[A-Z]+-\d+")
"""A clause id (``SPEED-JUMP-1``): never in a picture."""
WORD = re.compile(r"[a-zäöüß]{3,}")
"""A word of a language (three small letters in a row): names and numbers have none."""
CONFIGS = [("classic", 2), ("professional", 3), ("speed", 3), ("speed", 4)]


def _parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    return root


def _groups(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}g") if name in e.get("class", "").split()]


def _said(root: ET.Element) -> set[str]:
    """Every text a picture says: its ``<text>`` lines and ``<title>`` elements."""
    return {e.text or "" for tag in ("text", "title") for e in root.iter(f"{NS}{tag}")}


def _until(state: State, phase: Phase, seed: int = 1) -> State:
    """Play ``state`` on at random until ``phase``."""
    rng = random.Random(seed)
    while state.phase is not phase:
        chance = actors(state) == (CHANCE,)
        state = apply(
            state, sample_chance(state, rng) if chance else rng.choice(legal_actions(state))
        )
    return state


def _at_bid() -> State:
    state = new_game(Rules(players=3), seed=1)
    assert state.phase is Phase.BID
    return state


# ------------------------------------------------------------------ the auction


def test_the_display_is_drawn_at_the_auction() -> None:
    """TIKAL-AUCTION-2, SPEED-AUCTION-1 ("players bid blind"): at ``bid`` the board's
    panel and the decision picture draw every tile of the display, each a group
    ``g.tile`` with its id and what it shows, for every seat and a spectator; the
    panel says who still bids."""
    state = _at_bid()
    ids = [state.rules.manifest.tiles[t].id for t in state.display]
    assert ids == ["A2", "A6", "A1"]
    for seat in (0, 1, 2, None):
        view = observe(state, seat)
        for picture in (board(view), decision_picture(view)):
            assert picture is not None
            root = _parse(picture)
            tiles = _groups(root, "tile")
            assert [g.get("data-tile") for g in tiles] == ids
            for g, t in zip(tiles, state.display, strict=True):
                words = _said(g)
                assert state.rules.manifest.tiles[t].id in words
                assert any("ruin, 4 treasures" in w or "temple" in w for w in words)
        assert "still bidding: P1, P2, P3" in board(view)


def test_the_high_bid_the_winner_and_the_secured_tiles_are_drawn() -> None:
    """TIKAL-AUCTION-3, -5, SPEED-AUCTION-2: after a bid the high bid and its bidder;
    at ``choose`` who won; once a tile is secured, its securer and the Round Order."""
    state = _at_bid()
    state = apply(state, tikalspeed.parse_action(state, "bid:4"))
    assert "high bid 4 by P1; still bidding: P1, P2, P3" in board(state)
    for token in ("pass", "pass"):
        state = apply(state, tikalspeed.parse_action(state, token))
    assert state.phase is Phase.CHOOSE
    assert "P1 won and takes one" in str(decision_picture(observe(state, 1)))
    state = apply(state, tikalspeed.parse_action(state, "take:A6"))
    root = _parse(board(state))
    secured = _groups(root, "secured")
    assert [(g.get("data-tile"), g.get("data-player")) for g in secured] == [("A6", "P1")]
    assert any(t.startswith("Round Order: P1") for t in _said(root))
    assert [g.get("data-tile") for g in _groups(root, "tile")] == ["A2", "A1"]


def test_the_tile_in_hand_is_drawn() -> None:
    """TIKAL-PLACE-1: while a tile is placed the panel draws it, in every mode."""
    for mode in ("classic", "professional", "speed"):
        state = _until(new_game(Rules(mode=mode, players=2), seed=3), Phase.PLACE)
        hand = _groups(_parse(board(state)), "hand")
        assert [g.get("data-tile") for g in hand] == [state.rules.manifest.tiles[state.hand].id]


# ------------------------------------------------------------------ placing


def _placements(state: State) -> dict[str, str]:
    """The legal turns of the tile in hand, each with the cells it is legal on."""
    where: dict[int, list[str]] = {}
    for a in legal_actions(state):
        assert isinstance(a, PlaceTile)
        where.setdefault(a.rotation, []).append(CELL_NAMES[a.cell])
    return {str(turn): " ".join(sorted(cells)) for turn, cells in where.items()}


@pytest.mark.parametrize(("mode", "players"), CONFIGS)
def test_the_decision_picture_draws_each_legal_turn_once(mode: str, players: int) -> None:
    """TIKAL-PLACE-1, TIKAL-TILE-6: at every ``place`` of a random game, the placer's
    decision picture has one ``g.turn`` per distinct legal turn, and its ``data-cells``
    are exactly the cells where that turn is legal; it says the turn in words. The
    others see no such picture; the stones of each turn are the tile's so turned."""
    game = playout(Rules(mode=mode, players=players), seed=players, max_plies=400)
    seen = 0
    for state in game.states:
        if state.phase is not Phase.PLACE:
            continue
        seen += 1
        picture = decision_picture(observe(state, state.active))
        assert picture is not None
        turns = _groups(_parse(picture), "turn")
        assert {g.get("data-turn", ""): g.get("data-cells") for g in turns} == _placements(state)
        assert len(turns) == len({g.get("data-turn") for g in turns})
        tile = state.rules.manifest.tiles[state.hand]
        for g in turns:
            k = int(g.get("data-turn", ""))
            assert len([e for e in g.iter() if "stone" in e.get("class", "")]) == sum(tile.stones)
            assert k in tile.rotations
            assert {"not turned", "turned once", "turned twice", f"turned {k} times"} & _said(g)
        assert decision_picture(state) == picture  # a position: every player's actions
        for other in (*(p for p in range(players) if p != state.active), None):
            assert decision_picture(observe(state, other)) is None
    assert seen


def test_no_decision_picture_where_nothing_is_to_draw() -> None:
    """TIKAL-TURN-2: while action points are spent there is no decision picture."""
    state = _until(new_game(Rules(mode="classic", players=2), seed=1), Phase.ACTIONS)
    assert decision_picture(observe(state, state.active)) is None
    with pytest.raises(NotationError, match="view must be"):
        decision_picture("P1")  # type: ignore[arg-type]


# ------------------------------------------------------------------ the board


def test_every_cell_says_what_lies_there() -> None:
    """TIKAL-BOARD-1: each cell's group ``<g class="cell a1">`` starts with a
    ``<title>``: its name and what lies there, in words, for a screen reader."""
    state = new_game(Rules(mode="classic", players=2), seed=1)
    for token in ["place:b3:0", "enter:l:a1", "enter:w:a1", "enter:w:a1"]:
        state = apply(state, tikalspeed.parse_action(state, token))
    root = _parse(board(state))
    cells = _groups(root, "cell")
    assert [g.get("class") for g in cells] == [f"cell {name}" for name in CELL_NAMES]
    titles = {}
    for g in cells:
        first = g[0]
        assert first.tag == f"{NS}title"
        titles[g.get("class", "").split()[1]] = first.text
    assert titles["a1"] == "a1: base camp; P1: 2 workers, leader"
    assert titles["h5"] == "h5: not explored yet"
    assert re.fullmatch(r"b3: (ruin, \d treasures? left|temple \d|jungle)", titles["b3"] or "")
    german = {g.get("class"): g[0].text for g in _groups(_parse(board(state, lang="de")), "cell")}
    assert german["cell a1"] == "a1: Basislager; P1: 2 Arbeiter, Expeditionsleiter"


def test_the_volcano_leaves_the_cell_name_readable() -> None:
    """TIKAL-PLACE-3: on a volcano the cell's name and the word ``volcano`` do not
    overlap, and the name is written light on the dark hex."""
    game = playout(Rules(mode="classic", players=2), seed=3)
    t = terrain(game.final.rules.manifest)
    volcanoes = [c for c in range(40) if t.kind(game.final.placed, c) is Kind.VOLCANO]
    assert volcanoes
    groups = {g.get("class"): g for g in _groups(_parse(board(game.final)), "cell")}
    for cell in volcanoes:
        texts = {e.text: e for e in groups[f"cell {CELL_NAMES[cell]}"].iter(f"{NS}text")}
        name, word = texts[CELL_NAMES[cell]], texts["volcano"]

        def span(e: ET.Element) -> tuple[float, float]:
            size = float(e.get("font-size", 0))
            return float(e.get("y", 0)) - size, float(e.get("y", 0))

        assert span(name)[1] < span(word)[0]
        assert name.get("fill") == word.get("fill")


# ------------------------------------------------------------------ words and secrets


def _some_pictures(state: State) -> dict[str, str]:
    """Every picture of ``state``: the position's, each seat's view and a spectator's,
    and the decision pictures there are."""
    out = {"position": board(state)}
    for seat in (*range(state.players), None):
        view = observe(state, seat)
        out[f"view {seat}"] = board(view)
        about = decision_picture(view)
        if about is not None:
            out[f"decision {seat}"] = about
    return out


@settings(max_examples=5, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 10_000),
    lang=st.sampled_from(["en", "de"]),
)
def test_no_picture_holds_a_clause_id(config: tuple[str, int], seed: int, lang: str) -> None:
    """Issue 30: the decision line is the player's words (``decision_words``), so no
    picture of any view of a random game holds a clause id; each is well-formed SVG."""
    mode, players = config
    game = playout(Rules(mode=mode, players=players), seed=seed, max_plies=300)
    rng = random.Random(seed)
    for i, state in enumerate(game.states):
        seat = rng.choice((*range(players), None))
        pictures = [decision_picture(observe(state, seat), lang)]
        if i % 20 == 0 or (i % 4 == 0 and state.phase in (Phase.BID, Phase.CHOOSE, Phase.TOKENS)):
            pictures.append(board(observe(state, seat), lang=lang))
        for picture in pictures:
            if picture is not None:
                _parse(picture)
                assert not CLAUSE_ID.search(picture), CLAUSE_ID.search(picture)


def _moments() -> dict[str, State]:
    """Positions of each kind of decision, in every mode."""
    fast = new_game(Rules(players=3), seed=1)
    jump, _ = choose_tokens(jumping(speed(3), (0, 1, 2)), P2=2)
    pro = playout(Rules(mode="professional", players=3), seed=2)
    return {
        "bid": fast,
        "place": _until(fast, Phase.PLACE),
        "tokens": jump,
        "actions": _until(new_game(Rules(mode="classic", players=2), seed=2), Phase.ACTIONS),
        "choose": _until(new_game(Rules(mode="professional", players=3), seed=1), Phase.CHOOSE),
        "over": pro.final,
    }


@pytest.mark.parametrize("moment", ["bid", "place", "tokens", "actions", "choose", "over"])
def test_german_pictures_are_german(moment: str) -> None:
    """Issue 30: with ``lang="de"`` every label is German; a text that reads the same
    in English is a name or a number (no word in it); the German labels are there."""
    state = _moments()[moment]
    for name, english in _some_pictures(state).items():
        seat = None if name.endswith("None") or name == "position" else int(name.split()[1])
        view = state if name == "position" else observe(state, seat)
        if name.startswith("decision"):
            german = decision_picture(view, "de")
        else:
            german = board(view, lang="de")
        assert german is not None
        en, de = _said(_parse(english)), _said(_parse(german))
        same = {t for t in en & de if WORD.search(t)}
        assert not same, (name, same)
        if name.startswith("view") and seat is not None:
            assert any(f"aus Sicht von P{seat + 1}" in t for t in de)
        if not name.startswith("decision"):
            assert {"Spieler", "Punkte", "Vorrat", "Schätze"} <= de


def test_a_bad_language_is_refused() -> None:
    """Issue 8 (a bad argument is named): a language there is none of."""
    state = _at_bid()
    for call in (
        lambda: board(state, lang="fr"),
        lambda: decision_picture(observe(state, 0), "xx"),
        lambda: tikalspeed.svg.tile(state.rules.manifest.tiles[0], lang=None),  # type: ignore[arg-type]
    ):
        with pytest.raises(NotationError, match="lang"):
            call()


def test_a_spectator_sees_no_secret() -> None:
    """SPEED-JUMP-1: in a spectator's picture a Jump's choice shows only as made, the
    same whatever was chosen; the chooser's own view shows his count."""
    base = jumping(speed(3), (0, 1, 2))
    two, _ = choose_tokens(base, P2=2)
    five, _ = choose_tokens(base, P2=5)
    for lang in ("en", "de"):
        spectator = board(observe(two, None), lang=lang)
        assert spectator == board(observe(five, None), lang=lang)
        assert decision_picture(observe(two, None), lang) is None
    spectator = board(observe(two, None))
    assert "chose ?" in spectator and "as a spectator sees it" in spectator
    assert not re.search(r"chose \d", spectator)
    assert "chose 2" in board(observe(two, 1))
