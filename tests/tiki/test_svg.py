"""The SVG pictures (tiki.svg): they parse, they show exactly what the state holds, and
they stay the same byte for byte.

Every state of seeded random games is drawn (with the action that led there marked, and
as each player's view) and read back with ``xml.etree.ElementTree``: the villages and
their values, the tikis of every totem bottom to top, the shaman on its edge, the marks
of the last action and of the highlighted villages, and the numbers of the status panel
are found by their classes (``village b2``, ``tiki x``, ``shaman a1b1``, as
``chess.svg`` names its shapes) and checked against the state, with every village's
``<title>`` and, with the shaman rule, the 12 gaps' hit areas (``edge a1b1``); their
words in German are tested in ``test_svg_words.py``. A few fixed positions are
golden pictures in ``tests/golden/svg/tiki-*.svg``; after an intended change, rewrite
them with ``python tests/golden/regenerate.py`` (which calls :func:`write_all`), look at
them, and review the diff.
"""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest
from strategies import playout

import tiki
from tiki import (
    A1,
    A2,
    B1,
    B2,
    B3,
    C1,
    C2,
    EDGE_NAMES,
    EDGES,
    VILLAGE_NAMES,
    Action,
    Create,
    FirstPlayer,
    IllegalActionError,
    KeepShaman,
    Layout,
    Move,
    MoveShaman,
    NotationError,
    O,
    Order,
    Pass,
    PlaceShaman,
    Rules,
    State,
    X,
)
from tiki.svg import board
from tiki.svg._panel import REASONS
from tiki.text.decision import describe

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = ROOT / "tests" / "golden" / "svg"
NS = "{http://www.w3.org/2000/svg}"
LAYOUT = (1, 2, 0, 1, 1, -1, 1, 0, 1)  # a1 b1 c1 / a2 b2 c2 / a3 b3 c3
VALUE_TEXT = {2: "+2", 1: "+1", 0: "0", -1: "−1"}

MID_SHAMAN = "+1,0oo,-1/+2,+1,+1xx/+1o,0o,+1x turn o o - 1,1 4,1 a1b1 - 32 - rules:shaman=true"
"""Turn 32 of a shaman game (a random playout's): x has just moved b2-c2-c1."""
ORDERING = (
    "+1x,+1,-1o/+1oox,+2xxo,+1/+1x,0,0o order x o b2,a2 0,0 7,0 a3b3 - 17 - rules:shaman=true"
)
"""Two villages of 3 tikis after x's b3-b2-a2: o picks which resolves first."""
OVER = "+1,0xx,-1/+2o,+1,+1/+1,0o,+1 over x x - 4,2 1,0 - - 57 x:four-fruits"
"""x has just won with a fourth fruit after c2-b2-b3."""


def _goldens() -> dict[str, str]:
    """The golden pictures: file name -> the SVG text it holds."""
    start = tiki.new_game(layout=LAYOUT, first=X)
    return {
        "tiki-setup.svg": board(tiki.new_game(Rules(shaman=True)), size=400),
        "tiki-start.svg": board(start),
        "tiki-shaman.svg": board(
            tiki.from_text(MID_SHAMAN),
            lastaction=Move(X, (B2, C2, C1)),
            highlight=(A1, B1),
        ),
        "tiki-ordering.svg": board(tiki.from_text(ORDERING), lastaction=Move(X, (B3, B2, A2))),
        "tiki-over.svg": board(tiki.from_text(OVER), lastaction=Move(X, (C2, B2, B3)), view=X),
        "tiki-bare.svg": board(start, status=False, size=246),
    }


def write_all() -> list[str]:
    """Rewrite every golden picture of Tiki (and delete stale ``tiki-*.svg``); return
    what was done, one line per file changed."""
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    done = []
    goldens = _goldens()
    for name, svg in goldens.items():
        path = GOLDEN_DIR / name
        data = (svg + "\n").encode("utf-8")
        old = path.read_bytes() if path.exists() else None
        if old != data:
            path.write_bytes(data)
            done.append(f"{'wrote' if old is None else 'updated'} {path}")
    for path in sorted(GOLDEN_DIR.glob("tiki-*.svg")):
        if path.name not in goldens:
            path.unlink()
            done.append(f"removed {path}")
    return done


# --------------------------------------------------------------------------- reading


def parse(svg: str) -> ET.Element:
    """The root of a picture, checked to be the svg element of the svg namespace."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def classes(element: ET.Element) -> list[str]:
    return element.get("class", "").split()


_CLASSED: dict[int, tuple[ET.Element, list[tuple[ET.Element, frozenset[str]]]]] = {}


def find(root: ET.Element, *words: str) -> list[ET.Element]:
    """Every element under ``root`` whose class holds all of ``words``, in document
    order (the classed elements of the last few trees searched are kept)."""
    key = id(root)
    if key not in _CLASSED or _CLASSED[key][0] is not root:
        if len(_CLASSED) > 8:
            _CLASSED.clear()
        classed = [(e, frozenset(classes(e))) for e in root.iter() if "class" in e.attrib]
        _CLASSED[key] = (root, classed)
    wanted = frozenset(words)
    return [e for e, names in _CLASSED[key][1] if wanted <= names]


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{NS}text")]


def status_value(root: ET.Element, *words: str) -> str:
    """The text of the status panel's value classed ``words``."""
    (element,) = find(root, *words)
    return element.text or ""


def village_box(root: ET.Element, v: int) -> tuple[float, float, float, float]:
    """The tile of village ``v`` as ``(x, y, width, height)``."""
    (group,) = find(root, "village", VILLAGE_NAMES[v])
    rect = group.find(f"{NS}rect")
    assert rect is not None
    return tuple(float(rect.get(k, "nan")) for k in ("x", "y", "width", "height"))  # type: ignore[return-value]


def check_picture(state: State, svg: str, lastaction: Action | None = None) -> ET.Element:
    """Everything the picture of ``state`` must show, checked against the state."""
    root = parse(svg)
    for v in range(9):
        (group,) = find(root, "village", VILLAGE_NAMES[v])
        assert classes(group) == ["village", VILLAGE_NAMES[v]]  # the page relies on it
        assert group[0].tag == f"{NS}rect"  # the tile first: the page's style finds it so
        (title,) = group.findall(f"{NS}title")
        assert (title.text or "").startswith(f"{VILLAGE_NAMES[v]}, ")
        (value,) = (t for t in group.iter(f"{NS}text") if "value" in classes(t))
        assert value.text == (VALUE_TEXT[state.tiles[v]] if state.tiles else "?")
        totems = find(root, "totem", VILLAGE_NAMES[v])
        owners = [c for t in totems for c in find(t, "tiki")]
        assert [classes(t)[1] for t in owners] == ["xo"[p] for p in state.stacks[v]]
        ys = [float(t[0].get("y", "nan")) for t in owners]
        assert ys == sorted(ys, reverse=True), "a totem is drawn bottom to top"
    assert len(find(root, "tiki")) == sum(len(s) for s in state.stacks)
    shamans = find(root, "shaman")
    if state.shaman is None:
        assert shamans == [] and find(root, "barrier") == []
    else:
        (figure,) = shamans
        assert classes(figure) == ["shaman", EDGE_NAMES[state.shaman]]
        disc = figure.find(f"{NS}circle")
        assert disc is not None
        a, b = (village_box(root, v) for v in EDGES[state.shaman])
        mid = ((a[0] + b[0] + a[2]) / 2, (a[1] + b[1] + a[3]) / 2)
        assert (float(disc.get("cx", "nan")), float(disc.get("cy", "nan"))) == pytest.approx(
            mid, abs=0.1
        )
    edges = find(root, "edge")
    if state.rules.shaman:
        assert [classes(e) for e in edges] == [["edge", name] for name in EDGE_NAMES]
        assert all(len(e.findall(f"{NS}title")) == 1 for e in edges)
    else:
        assert edges == []
    if lastaction is None:
        assert find(root, "lastaction") == []
    if find(root, "status"):
        assert status_value(root, "supply", "x") == str(state.supply[X])
        assert status_value(root, "supply", "o") == str(state.supply[O])
        assert status_value(root, "fruits", "x") == str(state.fruits[X])
        assert status_value(root, "fruits", "o") == str(state.fruits[O])
        assert status_value(root, "reserve") == str(state.reserve)
        assert status_value(root, "spoiled") == str(state.spoiled)
        assert " ".join(t.text or "" for t in find(root, "decision")) == describe(state)
        assert len(find(root, "fruit")) == state.reserve + sum(state.fruits)
        assert len(find(root, "spoiled-fruit")) == state.spoiled
        tiebreak = status_value(root, "tie-break")
        assert tiebreak == ("on" if state.tiebreak else "off")
        result = " ".join(t.text or "" for t in find(root, "result"))
        if state.result is None:
            assert result == "-"
        else:
            assert result.startswith(state.result.result() + ":")
            assert REASONS[state.result.reason] in result
    return root


GAMES = [
    (rules, seed)
    for rules in (Rules(), Rules(shaman=True), Rules(shaman=True, shaman_entry="marsh"))
    for seed in range(10)
]
"""A few dozen seeded random games: default rules, the shaman, the shaman on a marsh."""


# --------------------------------------------------------------------------- tests


@pytest.mark.parametrize(("rules", "seed"), GAMES, ids=[f"{r!r}-{s}" for r, s in GAMES])
def test_every_state_of_random_games_draws_what_it_holds(rules: Rules, seed: int) -> None:
    """TIKI-SETUP-2, TIKI-SETUP-3, TIKI-SHAMAN-1: each state of a random game, drawn with
    the action that led to it marked, parses as SVG and shows the state's villages and
    values, its totems bottom to top, its shaman on its edge and its numbers; each
    player's view draws too (every third state, alternating the players), as
    ``board(state, view=p)``; ``_repr_svg_`` is ``board``."""
    game = playout(rules, seed, max_plies=160)
    previous: Action | None = None
    for i, state in enumerate(game.states):
        check_picture(state, board(state, lastaction=previous), previous)
        assert state._repr_svg_() == board(state)
        if i % 3 == 0:
            check_picture(state, board(state, status=False))
        if i % 3 == 1:
            p = (X, O)[i % 2]
            view = tiki.observe(state, p)
            drawn = board(view, lastaction=previous)
            check_picture(state, drawn, previous)
            assert drawn == board(state, lastaction=previous, view=p)
            assert view._repr_svg_() == board(view)
        if i < len(game.actions):
            previous = game.actions[i]


def test_tiki_setup_1_before_the_layout_every_village_shows_a_question_mark() -> None:
    """TIKI-SETUP-1: before chance lays the villages out, none has a value yet."""
    root = check_picture(tiki.new_game(), board(tiki.new_game()))
    assert sorted(t.text or "" for t in find(root, "value")) == ["?"] * 9


def test_tiki_setup_2_village_values_and_colours() -> None:
    """TIKI-SETUP-2: each village shows its value (+2, +1, 0, −1) and is coloured by it:
    villages of equal value share a colour, different values differ."""
    state = tiki.new_game(layout=LAYOUT, first=X)
    root = check_picture(state, board(state))
    values = {VILLAGE_NAMES[v]: VALUE_TEXT[LAYOUT[v]] for v in range(9)}
    shown = {}
    fills: dict[int, set[str]] = {}
    for v in range(9):
        (group,) = find(root, "village", VILLAGE_NAMES[v])
        shown[VILLAGE_NAMES[v]] = next(t.text for t in group.iter(f"{NS}text"))
        rect = group.find(f"{NS}rect")
        assert rect is not None
        fills.setdefault(LAYOUT[v], set()).add(rect.get("fill", ""))
    assert shown == values
    assert all(len(f) == 1 for f in fills.values())
    assert len(set().union(*fills.values())) == 4


def test_the_island_is_drawn_rank_3_on_top_files_a_to_c_left_to_right() -> None:
    """a1 is the bottom-left village, c3 the top-right (the board of specs/tiki.md),
    with the file letters and rank numbers on the margins."""
    state = tiki.new_game(layout=LAYOUT, first=X)
    root = parse(board(state))
    boxes = [village_box(root, v) for v in range(9)]
    for v in range(9):
        file, rank = v % 3, v // 3
        if file:
            assert boxes[v][0] > boxes[v - 1][0] and boxes[v][1] == boxes[v - 1][1]
        if rank:
            assert boxes[v][1] < boxes[v - 3][1] and boxes[v][0] == boxes[v - 3][0]
    (coordinates,) = find(root, "coordinates")
    assert sorted(texts(coordinates)) == sorted(list("abc") * 2 + list("123") * 2)


def test_tiki_setup_3_every_tiki_is_drawn_in_its_owners_colour() -> None:
    """TIKI-SETUP-3, TIKI-MOVE-6: the totems after a few moves: one shape per tiki on the
    board, each in its owner's colour, the legend saying whose colour is whose."""
    state = tiki.from_text(ORDERING)
    root = check_picture(state, board(state))
    tikis = find(root, "tiki")
    assert len(tikis) == 10 == sum(len(s) for s in state.stacks)
    colours = {p: {t[0].get("fill") for t in tikis if classes(t)[1] == "xo"[p]} for p in (X, O)}
    assert len(colours[X]) == len(colours[O]) == 1 and colours[X] != colours[O]
    (legend,) = find(root, "legend")
    keys = {classes(k)[1]: k[0].get("fill") for k in find(legend, "key")}
    assert keys == {"x": colours[X].pop(), "o": colours[O].pop()}
    assert "x's tikis" in texts(legend) and "o's tikis" in texts(legend)


def test_tiki_infl_3_pending_villages_are_listed() -> None:
    """TIKI-INFL-3: two villages of 3 tikis wait; the panel names them in order and says
    who picks."""
    state = tiki.from_text(ORDERING)
    root = check_picture(state, board(state))
    assert status_value(root, "pending") == "b2, a2"
    assert " ".join(t.text or "" for t in find(root, "decision")) == (
        "o picks which of b2, a2 resolves first"
    )


def test_tiki_shaman_1_the_shaman_stands_in_its_gap_iff_on_the_board() -> None:
    """TIKI-SHAMAN-1, TIKI-SHAMAN-2, TIKI-SHAMAN-3: no shaman before its placement; then
    one figure, on the gap between the edge's two villages, with the bar of the crossing
    it closes; it shows in the legend and in the panel."""
    state = tiki.new_game(Rules(shaman=True), layout=LAYOUT, first=X)
    state = tiki.apply(state, Create(X, A1))
    root = check_picture(state, board(state))
    assert find(root, "shaman") == []
    assert find(root, "shaman-key") != []
    for edge in range(12):
        placed = tiki.apply(state, PlaceShaman(O, edge))
        root = check_picture(placed, board(placed))
        assert [classes(e)[1] for e in find(root, "shaman")] == [EDGE_NAMES[edge]]
        assert [classes(e)[1] for e in find(root, "barrier")] == [EDGE_NAMES[edge]]
        assert status_value(root, "shaman-edge") == EDGE_NAMES[edge]
    plain = parse(board(tiki.new_game(layout=LAYOUT, first=X)))
    assert find(plain, "shaman-key") == [] and find(plain, "shaman") == []


@pytest.mark.parametrize(
    ("action", "marks"),
    [
        (Create(X, B2), ["b2"]),
        (Order(O, B2), ["b2"]),
        (Move(X, (B2, C2, C1)), ["b2", "c2", "c1", "arrow"]),
        (Move(X, (C1, C2)), ["c1", "c2", "arrow"]),
        (PlaceShaman(O, 5), [EDGE_NAMES[5]]),
        (MoveShaman(X, 0), [EDGE_NAMES[0]]),
        (KeepShaman(X), ["a1b1"]),  # the edge it stays on
        (Pass(X), []),
        (Layout(LAYOUT), []),
        (FirstPlayer(X), []),
    ],
    ids=str,
)
def test_lastaction_marks_its_villages_path_or_edge(action: Action, marks: list[str]) -> None:
    """TIKI-CREATE-1, TIKI-MOVE-2, TIKI-SHAMAN-4: a creation or an order marks its
    village, a move its path (a ring on each village and an arrow), a shaman action its
    edge; a pass and the chance actions mark nothing."""
    state = tiki.from_text(MID_SHAMAN)
    root = parse(board(state, lastaction=action))
    assert [classes(e)[1] for e in find(root, "lastaction")] == marks
    if "arrow" in marks:
        (arrow,) = find(root, "lastaction", "arrow")
        line = arrow.find(f"{NS}polyline")
        assert line is not None
        first = line.get("points", "").split()[0]
        x, y, w, h = village_box(root, action.path[0])  # type: ignore[union-attr]
        assert first == f"{x + w / 2:g},{y + h / 2:g}"


def test_highlight_adds_one_overlay_per_village() -> None:
    """Each highlighted village gets exactly one overlay however often it is listed,
    over its own tile."""
    state = tiki.from_text(MID_SHAMAN)
    root = parse(board(state, highlight=[C2, A1, C2, B3]))
    overlays = find(root, "highlight")
    assert [classes(e)[1] for e in overlays] == ["a1", "c2", "b3"]  # in village order
    for e in overlays:
        box = village_box(root, VILLAGE_NAMES.index(classes(e)[1]))
        assert tuple(float(e.get(k, "nan")) for k in ("x", "y", "width", "height")) == box
    assert find(parse(board(state)), "highlight") == []
    assert board(state, highlight=iter([A1])) == board(state, highlight={A1})


def test_size_sets_the_width_and_the_height_scales() -> None:
    """``size`` is the width in px; the height keeps the picture's proportions; the
    drawing itself (the viewBox) is unchanged."""
    state = tiki.from_text(OVER)
    natural = parse(board(state))
    assert (natural.get("width"), natural.get("height")) == ("792", "526")
    assert natural.get("viewBox") == "0 0 792 526"
    for size in (1, 100, 396, 1584, 10_000):
        root = parse(board(state, size=size))
        assert root.get("width") == str(size)
        assert float(root.get("height", "nan")) == pytest.approx(size * 526 / 792, abs=0.05)
        assert root.get("viewBox") == "0 0 792 526"
    bare = parse(board(state, status=False))
    assert (bare.get("width"), bare.get("height")) == ("492", "526")
    assert find(bare, "status") == []


def test_tiki_turn_3_a_view_is_drawn_as_its_player_sees_it() -> None:
    """TIKI-TURN-3: a view holds the whole position; its picture says whose view it is;
    a view of another player, or a player who is not one, is refused."""
    state = tiki.from_text(MID_SHAMAN)
    root = check_picture(state, board(tiki.observe(state, O)))
    assert status_value(root, "view") == "as o sees it"
    assert find(parse(board(state)), "view") == []
    assert board(tiki.observe(state, X), view=X) == board(state, view=X)
    with pytest.raises(NotationError, match=r"the View is x's, not o's \(at view\)"):
        board(tiki.observe(state, X), view=O)
    for bad in (2, -1, "x", True):
        with pytest.raises(IllegalActionError, match="TIKI-TURN-3"):
            board(state, view=bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match="TIKI-TURN-3"):
            board(tiki.observe(state, X), view=bad)  # type: ignore[arg-type]


def test_tiki_end_1_the_result_shows_once_over() -> None:
    """TIKI-END-1: a fourth fruit ends the game; the panel gives the result."""
    state = tiki.from_text(OVER)
    root = check_picture(state, board(state))
    assert " ".join(t.text or "" for t in find(root, "result")) == (
        "1-0: x wins with four fruits, 4-2"
    )
    assert status_value(root, "turn") == "57 turns · game over"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"size": 0}, "size must be a whole number of pixels 1 to 10000, got 0 (at size)"),
        ({"size": -5}, "size must be a whole number of pixels"),
        ({"size": 10_001}, "size must be a whole number of pixels"),
        ({"size": 2.5}, "size must be a whole number of pixels"),
        ({"size": True}, "size must be a whole number of pixels"),
        ({"size": "400"}, "size must be a whole number of pixels"),
        ({"highlight": [9]}, "highlight: no village"),
        ({"highlight": [-1]}, "highlight: no village"),
        ({"highlight": [True]}, "highlight: no village"),
        ({"highlight": ["b2"]}, "highlight: no village"),
        ({"highlight": "b2"}, "highlight must be a collection of villages"),
        ({"highlight": 4}, "highlight must be a collection of villages"),
        ({"lastaction": "+b2"}, "lastaction must be a Tiki action or None"),
        ({"lastaction": Create(X, 99)}, "lastaction must be a Tiki action or None"),
        ({"lastaction": Move(X, ())}, "lastaction must be a Tiki action or None"),
        ({"lang": "fr"}, "lang must be one of en (English), de (Deutsch), got 'fr' (at lang)"),
        ({"lang": "DE"}, "lang must be one of en (English), de (Deutsch), got 'DE'"),
        ({"lang": None}, "lang must be one of en (English), de (Deutsch), got None"),
        ({"lang": ["de"]}, "lang must be one of"),
    ],
    ids=repr,
)
def test_bad_arguments_raise_notation_error(kwargs: dict[str, object], message: str) -> None:
    """A bad argument is a ``NotationError`` (a ``ValueError``) that says why and names
    the argument, as ``tikalspeed.svg`` does."""
    with pytest.raises(NotationError, match=re.escape(message)) as err:
        board(tiki.new_game(seed=1), **kwargs)  # type: ignore[arg-type]
    assert isinstance(err.value, ValueError)
    assert err.value.position == next(iter(kwargs))


def test_a_position_must_be_a_state_or_a_view() -> None:
    """Anything else, a position string included, is refused."""
    for bad in (None, "+1,0,+1/+1,+1x,-1/+1,+2,0 turn o o - 0,0 7,0 - - 1 -", 3):
        with pytest.raises(NotationError, match="position must be a tiki State or View"):
            board(bad)  # type: ignore[arg-type]


def test_pictures_are_deterministic_and_rounded() -> None:
    """Equal inputs give the same bytes (a state read back from its text draws the same);
    no number in the picture has more than one decimal."""
    state = tiki.from_text(MID_SHAMAN)
    again = tiki.from_text(tiki.to_text(state))
    assert state is not again
    kwargs: dict[str, object] = {"lastaction": Move(X, (B2, C2, C1)), "highlight": (A1,)}
    assert board(state, **kwargs) == board(again, **kwargs)  # type: ignore[arg-type]
    for svg in _goldens().values():
        root = parse(svg)
        for element in root.iter():
            for name, value in element.attrib.items():
                if name != "class":
                    assert not re.search(r"\d\.\d\d", value), (element.tag, name, value)


def test_drawing_is_the_notebook_hook() -> None:
    """``import tiki`` hands ``board`` to the model's picture slot: a state and a view
    in a notebook show as this picture."""
    from tiki.model import picture

    state = tiki.new_game(seed=3)
    assert picture.draw(state) == board(state) == state._repr_svg_()
    assert "svg" in tiki.__all__ and tiki.svg.board is board


@pytest.mark.parametrize("name", sorted(_goldens()))
def test_golden_pictures(name: str) -> None:
    """The fixed positions draw exactly as stored, byte for byte (after an intended
    change: ``python tests/golden/regenerate.py``, then look at the pictures)."""
    stored = (GOLDEN_DIR / name).read_bytes()
    assert stored == (_goldens()[name] + "\n").encode("utf-8"), (
        f"{name} differs from tiki.svg's drawing: run python tests/golden/regenerate.py"
    )


def test_every_tiki_golden_picture_is_registered() -> None:
    """Meta: the tiki-*.svg files are exactly the pictures :func:`_goldens` draws."""
    assert sorted(p.name for p in GOLDEN_DIR.glob("tiki-*.svg")) == sorted(_goldens())


def _make() -> ModuleType:
    where = ROOT / "docs" / "pictures" / "make.py"
    spec = importlib.util.spec_from_file_location("docs_pictures_make", where)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_docs_picture_is_current() -> None:
    """docs/pictures/tiki-position.svg is what tiki.svg draws now (``python
    docs/pictures/make.py`` rewrites it and its PNG)."""
    picture = ROOT / "docs" / "pictures" / "tiki-position.svg"
    assert picture.read_text(encoding="utf-8") == _make().tiki_position(), (
        "docs/pictures/tiki-position.svg is out of date: run python docs/pictures/make.py"
    )
    assert (ROOT / "docs" / "pictures" / "tiki-position.png").exists()
