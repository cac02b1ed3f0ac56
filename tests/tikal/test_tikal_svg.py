"""Pictures: ``tikalspeed.svg`` draws every position, every view and every tile turn.

The pictures are checked by what they show, read back from the SVG: a chip for every
player with pieces on a hex, a block per temple with its level, a disc per ruin with
the treasures left, a tent per camp, a shield per guard, and the stones on each edge
of each hex where the tile's turn puts them (TIKAL-TILE-5, TIKAL-TILE-6). Golden
pictures of fixed positions are compared byte for byte; rewrite them with
``python tests/golden/regenerate.py``.
"""

from __future__ import annotations

import importlib.util
import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

import pytest
from positions import choose_tokens, jumping, speed
from tikal_strategies import playout

import tikalspeed
import tikalspeed.svg
from tikalspeed import (
    CHANCE,
    IllegalActionError,
    Kind,
    NotationError,
    Rules,
    State,
    actors,
    observe,
)
from tikalspeed.board.hexgrid import CELL_NAMES
from tikalspeed.board.terrain import terrain
from tikalspeed.model.state import EMPTY
from tikalspeed.text.words import decision_words

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = ROOT / "tests" / "golden" / "svg"

CONFIGS = [("classic", 2), ("classic", 4), ("professional", 3), ("speed", 2), ("speed", 4)]


def _classes(root: ET.Element, name: str) -> list[ET.Element]:
    return _classes_of(root.iter(), name)


def _classes_of(elements: Iterable[ET.Element], name: str) -> list[ET.Element]:
    return [e for e in elements if name in e.get("class", "").split()]


def _cell_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {e.get("class", "").split()[1]: e for e in _classes(root, "cell")}


def _centre(group: ET.Element) -> tuple[float, float]:
    polygon = group.find(f"{NS}polygon")
    assert polygon is not None
    points = [tuple(map(float, p.split(","))) for p in polygon.get("points", "").split()]
    return sum(p[0] for p in points) / 6, sum(p[1] for p in points) / 6


def _stones_by_edge(group: ET.Element) -> tuple[int, ...]:
    """The stones drawn in a hex's group, counted per edge N … NW from where they lie."""
    x, y = _centre(group)
    counts = [0] * 6
    for stone in _classes(group, "stone"):
        angle = math.degrees(
            math.atan2(float(stone.get("cy", 0)) - y, float(stone.get("cx", 0)) - x)
        )
        counts[round((angle - 270) / 60) % 6] += 1
    return tuple(counts)


def check_picture(state: State, picture: str) -> None:
    """The picture shows what ``state`` holds (see the module docstring)."""
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    t = terrain(state.rules.manifest)
    groups = _cell_groups(root)
    assert len(groups) == 40
    chips = temples = ruins = 0
    for cell, name in enumerate(CELL_NAMES):
        group = groups[name]
        kind = t.kind(state.placed, cell)
        assert _stones_by_edge(group) == t.stones(state.placed, cell), name
        here = [
            p for p in range(state.players) if state.workers[p][cell] or state.leaders[p] == cell
        ]
        assert len(_classes(group, "pieces")) == len(here), name
        chips += len(here)
        labels = [e.text for e in group.iter(f"{NS}text")]
        if kind is Kind.TEMPLE:
            temples += 1
            assert str(state.temples[cell]) in labels, name
        if kind is Kind.TREASURE:
            ruins += 1
            assert str(state.ruins[cell]) in labels, name
    on_board = [e for g in groups.values() for e in g.iter()]
    assert len(_classes_of(on_board, "temple")) == temples
    assert len(_classes_of(on_board, "ruin")) == ruins
    assert len(_classes(root, "pieces")) == chips
    assert len(_classes(root, "camp")) == sum(1 for c in state.camps if c != EMPTY)
    assert len(_classes(root, "guard")) == sum(1 for g in state.guards if g != EMPTY)


@pytest.mark.parametrize(("mode", "players"), CONFIGS)
def test_every_state_of_a_random_game_is_a_picture(mode: str, players: int) -> None:
    """TIKAL-BOARD-1, TIKAL-TILE-5, TIKAL-TILE-6: every state of a random game, with the
    action that led to it marked, is well-formed SVG showing the board's terrain,
    stones, temples, ruins, camps, guards and pieces; ``_repr_svg_`` is that picture."""
    game = playout(Rules(mode=mode, players=players), seed=players)
    last = None
    for i, state in enumerate(game.states):
        picture = tikalspeed.svg.board(state, lastaction=last)
        ET.fromstring(picture)
        if i % 7 == 0 or i == len(game.states) - 1:
            check_picture(state, picture)
            assert state._repr_svg_() == tikalspeed.svg.board(state)
        if i < len(game.actions):
            last = game.actions[i]
    assert game.final.result is not None


def test_views_draw_what_their_player_sees() -> None:
    """SPEED-JUMP-1: a view's picture is the same whatever the hidden choices are, and
    differs from another player's view; ``view=p`` draws ``observe(state, p)``."""
    base = jumping(speed(3), (0, 1, 2))
    two, _ = choose_tokens(base, P2=2)
    five, _ = choose_tokens(base, P2=5)
    assert tikalspeed.svg.board(two, view=0) == tikalspeed.svg.board(five, view=0)
    assert tikalspeed.svg.board(observe(two, 0)) == tikalspeed.svg.board(two, view=0)
    assert tikalspeed.svg.board(two, view=1) != tikalspeed.svg.board(five, view=1)
    assert "as P1 sees it" in tikalspeed.svg.board(two, view=0)
    assert observe(two, 0)._repr_svg_() == tikalspeed.svg.board(two, view=0)


def _some_position() -> tuple[State, tikalspeed.Action]:
    game = playout(Rules(mode="classic", players=3), seed=5, max_plies=200)
    i = max(i for i, a in enumerate(game.actions) if isinstance(a, tikalspeed.Move))
    return game.states[i + 1], game.actions[i]


def test_options_highlight_last_action_size_and_status() -> None:
    """Issue 8's options: ``highlight`` shades each cell once, ``lastaction`` rings a
    move's two ends and draws its arrow, ``size`` sets the width and keeps the shape,
    ``status=False`` leaves out the panel."""
    state, move = _some_position()
    root = ET.fromstring(tikalspeed.svg.board(state, highlight=[0, 5, 5, 39]))
    assert len(_classes(root, "highlight")) == 3
    root = ET.fromstring(tikalspeed.svg.board(state, lastaction=move))
    assert len(_classes(root, "lastaction")) == 2 and len(_classes(root, "lastmove")) == 1
    assert not _classes(ET.fromstring(tikalspeed.svg.board(state)), "lastaction")
    root = ET.fromstring(tikalspeed.svg.board(state, size=300))
    _, _, w, h = map(float, root.get("viewBox", "").split())
    assert root.get("width") == "300"
    assert abs(float(root.get("height", 0)) - 300 * h / w) <= 0.15
    assert _classes(root, "status")
    assert not _classes(ET.fromstring(tikalspeed.svg.board(state, status=False)), "status")


def test_the_panel_names_the_decision_and_the_players() -> None:
    """TIKAL-TURN-4: the panel says who decides what, in a player's words
    (``decision_words``: no clause id), and lists every player's score."""
    state, _ = _some_position()
    picture = tikalspeed.svg.board(state)
    assert decision_words(state) in picture
    texts = [e.text for e in ET.fromstring(picture).iter(f"{NS}text")]
    for p in range(state.players):
        assert f"P{p + 1}" in texts and str(state.scores[p]) in texts


@pytest.mark.parametrize("bad", [0, -3, 10_001, 2.5, "big", True])
def test_a_bad_size_is_refused(bad: object) -> None:
    """Issue 8 (every number read from outside has a bound): a size is 1 to 10,000."""
    with pytest.raises(NotationError, match="size"):
        tikalspeed.svg.board(tikalspeed.new_game(seed=1), size=bad)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="size"):
        tikalspeed.svg.tile(tikalspeed.load_manifest().tiles[0], size=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 40, "a1", None])
def test_a_bad_cell_or_player_is_refused(bad: object) -> None:
    """TIKAL-BOARD-1 (cells 0–39), TIKAL-TURN-4 (no such player)."""
    state = tikalspeed.new_game(seed=1)
    with pytest.raises(NotationError, match="highlight"):
        tikalspeed.svg.board(state, highlight=[bad])  # type: ignore[list-item]
    with pytest.raises(IllegalActionError, match="no player"):
        tikalspeed.svg.board(state, view=7)


def test_a_bad_position_view_or_last_action_is_refused() -> None:
    """Issue 8 (bad input gets a clear error naming where it broke): the position must
    be a state or a view, a View is drawn only as its own player's, and the last
    action must be a Tikal action on the board."""
    state = tikalspeed.new_game(seed=1)
    with pytest.raises(NotationError, match="position"):
        tikalspeed.svg.board("a1")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="the View is P1's"):
        tikalspeed.svg.board(observe(state, 0), view=1)
    assert tikalspeed.svg.board(observe(state, 0), view=0) == tikalspeed.svg.board(state, view=0)
    with pytest.raises(NotationError, match="lastaction"):
        tikalspeed.svg.board(state, lastaction="move")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="no cell 99"):
        tikalspeed.svg.board(state, lastaction=tikalspeed.Enter(0, 0, 99))
    with pytest.raises(NotationError, match="collection"):
        tikalspeed.svg.board(state, highlight="a1")  # type: ignore[arg-type]


def test_every_tile_in_every_turn() -> None:
    """TIKAL-TILE-5, TIKAL-TILE-6: ``tile(t, r)`` draws the stones where ``r`` clockwise
    turns put them, as ``place:<cell>:<r>`` lays the tile; a turn like an earlier one
    says so; ``turns`` draws all six."""
    for t in tikalspeed.load_manifest().tiles:
        for r in range(6):
            root = ET.fromstring(tikalspeed.svg.tile(t, r))
            assert _stones_by_edge(root) == t.oriented(r), (t.id, r)
            label = " ".join(e.text or "" for e in root.iter(f"{NS}text"))
            assert f"{t.id} · turn {r}" in label
            assert ("(= turn" in label) == (r not in t.rotations)
        assert len(_classes(ET.fromstring(tikalspeed.svg.turns(t)), "stone")) == 6 * sum(t.stones)
    with pytest.raises(NotationError, match="turns 0 to 5"):
        tikalspeed.svg.tile(t, 6)


def test_placing_a_tile_shows_the_stones_of_its_turn() -> None:
    """TIKAL-PLACE-1, TIKAL-TILE-6: after ``place:<cell>:<r>`` the board shows on that
    cell the stones that ``tile(t, r)`` shows."""
    game = playout(Rules(mode="classic", players=2), seed=9, max_plies=60)
    for state, action in zip(game.states, game.actions, strict=False):
        if isinstance(action, tikalspeed.PlaceTile):
            after = tikalspeed.apply(state, action)
            t = state.rules.manifest.tiles[state.hand]
            groups = _cell_groups(ET.fromstring(tikalspeed.svg.board(after, lastaction=action)))
            drawn = _stones_by_edge(groups[CELL_NAMES[action.cell]])
            assert drawn == _stones_by_edge(ET.fromstring(tikalspeed.svg.tile(t, action.rotation)))


# ------------------------------------------------------------------------ goldens


def _golden_positions() -> dict[str, str]:
    classic = playout(Rules(mode="classic", players=2), seed=1, max_plies=40, canonical=True)
    pro = playout(Rules(mode="professional", players=3), seed=2, canonical=True)
    fast = playout(Rules(mode="speed", players=4), seed=4, max_plies=400, canonical=True)
    jump = next(
        i for i, s in enumerate(fast.states) if len(actors(s)) > 1 and CHANCE not in actors(s)
    )
    jump += 1  # one player has chosen: the others see a secret
    manifest = tikalspeed.load_manifest()
    asymmetric = next(t for t in manifest.tiles if len(t.rotations) == 6)
    return {
        "tikal-classic-2": tikalspeed.svg.board(
            classic.final, lastaction=classic.actions[-1], highlight=[8, 9]
        ),
        "tikal-professional-3-over": tikalspeed.svg.board(pro.final),
        "tikal-speed-4-jump-view": tikalspeed.svg.board(fast.states[jump], view=3),
        "tikal-tile-turns": tikalspeed.svg.turns(asymmetric),
    }


def write_all() -> list[str]:
    """Rewrite the Tikal golden pictures (and delete stale ``tikal-*.svg``); return
    what was done, one line per file changed."""
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    done = []
    goldens = _golden_positions()
    for name, picture in goldens.items():
        path = GOLDEN_DIR / f"{name}.svg"
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != picture + "\n":
            path.write_text(picture + "\n", encoding="utf-8")
            done.append(f"{'wrote' if old is None else 'updated'} {path}")
    for path in sorted(GOLDEN_DIR.glob("tikal-*.svg")):
        if path.stem not in goldens:
            path.unlink()
            done.append(f"removed {path}")
    return done


def test_golden_pictures() -> None:
    """The pictures of fixed positions are byte for byte the stored ones (a change in
    drawing is reviewed as a diff: ``python tests/golden/regenerate.py``), and every
    stored Tikal picture is registered."""
    goldens = _golden_positions()
    assert sorted(p.stem for p in GOLDEN_DIR.glob("tikal-*.svg")) == sorted(goldens)
    for name, picture in goldens.items():
        assert (GOLDEN_DIR / f"{name}.svg").read_text(encoding="utf-8") == picture + "\n", name


def test_the_docs_pictures_are_current() -> None:
    """docs/pictures/tikal-*.svg are what tikalspeed.svg draws now (``python
    docs/pictures/make.py`` rewrites them and their PNGs)."""
    where = ROOT / "docs" / "pictures" / "make.py"
    spec = importlib.util.spec_from_file_location("docs_pictures_make", where)
    assert spec is not None and spec.loader is not None
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    for name, picture in [
        ("tikal-position", make.tikal_position()),
        ("tikal-tile-turns", make.tikal_tile_turns()),
    ]:
        stored = ROOT / "docs" / "pictures" / f"{name}.svg"
        assert stored.read_text(encoding="utf-8") == picture, f"{name}: run docs/pictures/make.py"
        assert stored.with_suffix(".png").exists()
