"""The words of Tiki's pictures and the parts a page clicks (issue 30: a player reads
the game in his language, and acts on the board the server draws for him).

Every label a picture writes (the panel, the legend, the titles) is a text of the
``tiki-pictures`` catalog: drawn with ``lang="de"`` it is German, with no English left
but names (``b2``, ``a1b1``, ``x``), numbers and the rules' options as the position
text writes them (``shaman=true``); no picture holds a clause id. Each village's group
``<g class="village b2">`` has a ``<title>`` saying it in words; with the shaman rule
the 12 gaps are groups ``<g class="edge a1b1">``, hit areas over everything else with
their own ``<title>``; the marks over the villages let a click through to them.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from strategies import playout
from test_svg import LAYOUT, MID_SHAMAN, NS, ORDERING, OVER, classes, find, parse, village_box

import tiki
from tiki import (
    A1,
    B1,
    B2,
    C1,
    C2,
    EDGE_NAMES,
    EDGES,
    VILLAGE_NAMES,
    Action,
    Create,
    Move,
    O,
    PlaceShaman,
    Rules,
    X,
)
from tiki.svg import board
from tiki.text.words import decision_words

CLAUSE_ID = re.compile(r"[A-Z]+-[A-Z]+-\d+")
"""A clause id (``TIKI-MOVE-1``): never in a picture."""
NAMES = re.compile(r"\b[a-c](?:[1-3](?:[a-c][1-3])?)?\b|\b[xo]\b")
"""What every language writes the same: a file's letter, a village's or a gap's name, a
player's symbol."""
RANDOM = [
    (rules, seed)
    for rules in (Rules(), Rules(shaman=True), Rules(shaman=True, shaman_entry="marsh"))
    for seed in range(3)
]
"""A few seeded random games: default rules, the shaman, the shaman on a marsh."""


def said(root: ET.Element) -> list[tuple[str, str]]:
    """Every text a picture says, as ``(class, text)``: its ``<text>`` lines (with
    their class) and its ``<title>`` elements (class ``title``)."""
    out = [(t.get("class", ""), t.text or "") for t in root.iter(f"{NS}text")]
    return out + [("title", t.text or "") for t in root.iter(f"{NS}title")]


def is_name(words: str) -> bool:
    """Whether ``words`` hold no word of a language: only names, numbers, signs."""
    return not re.search(r"[^\W\d_]", NAMES.sub("", words))


def untranslated(english: ET.Element, german: ET.Element) -> list[str]:
    """The texts of the German picture that are words of the English one, but for the
    rules' options (``shaman=true``, the position text's words, the same in both)."""
    said_in_english = {t for _, t in said(english)}
    return [
        t for cls, t in said(german) if cls != "rules" and not is_name(t) and t in said_in_english
    ]


def part_classes(root: ET.Element) -> set[str]:
    """The classes of a picture's parts (one per shape, whatever the words)."""
    return {e.get("class", "") for e in root.iter() if "class" in e.attrib}


@pytest.mark.parametrize(("rules", "seed"), RANDOM, ids=[f"{r!r}-{s}" for r, s in RANDOM])
def test_issue_30_random_games_views_in_english_and_german(rules: Rules, seed: int) -> None:
    """Issue 30, TIKI-TURN-3: every state of a random game, as each player in turn sees
    it, the last action marked, drawn in English and in German: both are well-formed
    SVG with no clause id anywhere; they have the same parts (the same classes); the
    German says no English word but names and numbers, and its decision is
    ``decision_words(state, "de")``."""
    game = playout(rules, seed, max_plies=120)
    previous: Action | None = None
    for i, state in enumerate(game.states):
        view = tiki.observe(state, (X, O)[i % 2])
        en = board(view, lastaction=previous)
        de = board(view, lastaction=previous, lang="de")
        assert en == board(view, lastaction=previous, lang="en")
        for svg in (en, de):
            assert not CLAUSE_ID.search(svg), CLAUSE_ID.findall(svg)
        english, german = parse(en), parse(de)
        assert part_classes(english) == part_classes(german)
        assert untranslated(english, german) == []
        decision = " ".join(t.text or "" for t in find(german, "decision"))
        assert decision == decision_words(state, "de")
        if i < len(game.actions):
            previous = game.actions[i]


def test_issue_30_the_german_panel_and_legend() -> None:
    """Issue 30: the labels of the panel and the legend in German, after the glossary
    (Vorrat, verdorben, Schamane, Stechen, am Zug, aus Sicht von)."""
    state = tiki.from_text(MID_SHAMAN)
    root = parse(board(tiki.observe(state, O), lang="de"))
    (turn,) = find(root, "turn")
    assert turn.text == "Zug 33 · o ist am Zug"
    assert [t.text for t in find(root, "header")] == ["pers. Vorrat", "Früchte"]
    assert [t.text for t in find(root, "label")] == [
        "Vorrat", "verdorben", "Schamane", "Stechen", "Ergebnis", "Regeln", "Ansicht",
    ]  # fmt: skip
    values = {c: " ".join(t.text or "" for t in find(root, c)) for c in ("tie-break", "view")}
    assert values == {"tie-break": "aus", "view": "aus Sicht von o"}
    (legend,) = find(root, "legend")
    assert [t.text for t in legend.iter(f"{NS}text") if not is_name(t.text or "")] == [
        "Tikis von x", "Tikis von o", "Schamane",
    ]  # fmt: skip
    top = root.find(f"{NS}title")
    assert top is not None and top.text == "Tiki: Zug 33 · o ist am Zug"
    before = parse(board(tiki.new_game(Rules(shaman=True)), lang="de"))
    assert [t.text for t in find(before, "shaman-edge")] == ["nicht auf dem Brett"]
    assert [t.text for t in find(before, "turn")] == ["Zug 1 · Spielaufbau"]


def test_issue_30_tiki_end_1_the_result_in_german() -> None:
    """Issue 30, TIKI-END-1: the result and the turns played, in German."""
    root = parse(board(tiki.from_text(OVER), lang="de"))
    assert [t.text for t in find(root, "turn")] == ["57 Züge · Spielende"]
    assert " ".join(t.text or "" for t in find(root, "result")) == (
        "1-0: x gewinnt mit vier Früchten, 4-2"
    )


def test_tiki_setup_2_every_village_has_a_title_with_its_name_value_and_totem() -> None:
    """TIKI-SETUP-1, TIKI-SETUP-2, TIKI-MOVE-6: each village's group has one
    ``<title>``: its name, its value and its totem from the bottom up, in the picture's
    language; before the layout it has no value yet."""
    state = tiki.from_text(ORDERING)
    assert state.stacks[B2] == (X, X, O) and state.stacks[B1] == ()
    titles = {}
    for lang in ("en", "de"):
        root = parse(board(state, lang=lang))
        for v in range(9):
            (group,) = find(root, "village", VILLAGE_NAMES[v])
            (title,) = group.findall(f"{NS}title")
            titles[lang, VILLAGE_NAMES[v]] = title.text
    assert titles["en", "b2"] == "b2, +2: a totem of x under x under o"
    assert titles["de", "b2"] == "b2, +2: ein Totem aus x unter x unter o"
    assert titles["en", "c3"] == "c3, −1: a totem of o"
    assert titles["en", "b1"] == "b1, 0: empty"
    assert titles["de", "b1"] == "b1, 0: leer"
    start = parse(board(tiki.new_game(), lang="de"))
    (group,) = find(start, "village", "b2")
    assert [t.text for t in group.findall(f"{NS}title")] == ["b2, noch nicht ausgelegt: leer"]


def test_tiki_shaman_1_every_gap_is_a_clickable_edge_with_the_shaman_rule() -> None:
    """TIKI-SHAMAN-1, TIKI-SHAMAN-2: with the shaman rule the picture has exactly 12
    groups ``edge a1b1``, named by ``EDGE_NAMES`` in their order, each a transparent
    rectangle covering the gap between its two villages and a title naming them; they
    are drawn over every village, totem and the shaman; where the shaman stands the
    title says so. Without the rule there is none."""
    state = tiki.apply(tiki.new_game(Rules(shaman=True), layout=LAYOUT, first=X), Create(X, A1))
    placed = tiki.apply(state, PlaceShaman(O, EDGE_NAMES.index("b1b2")))
    for lang, gap, stands in (
        ("en", "the gap between {} and {}", "the shaman stands between {} and {}"),
        ("de", "die Lücke zwischen {} und {}", "der Schamane steht zwischen {} und {}"),
    ):
        root = parse(board(placed, lang=lang, lastaction=PlaceShaman(O, 3)))
        edges = find(root, "edge")
        assert [classes(e) for e in edges] == [["edge", name] for name in EDGE_NAMES]
        order = {id(e): i for i, e in enumerate(root.iter())}
        above = find(root, "village") + find(root, "totem") + find(root, "shaman")
        assert min(order[id(e)] for e in edges) > max(order[id(e)] for e in above)
        for edge, group in enumerate(edges):
            a, b = EDGES[edge]
            rect, title = list(group)
            assert rect.tag == f"{NS}rect" and rect.get("fill-opacity") == "0"
            box = tuple(float(rect.get(k, "nan")) for k in ("x", "y", "width", "height"))
            low, high = village_box(root, a), village_box(root, b)
            if b == a + 1:  # side by side: the gap between the right and the left sides
                assert box == (low[0] + low[2], low[1], high[0] - low[0] - low[2], low[3])
            else:  # one above the other: between the top of a and the bottom of b
                assert box == (high[0], high[1] + high[3], high[2], low[1] - high[1] - high[3])
            names = (VILLAGE_NAMES[a], VILLAGE_NAMES[b])
            wanted = stands if EDGE_NAMES[edge] == "b1b2" else gap
            assert title.tag == f"{NS}title" and title.text == wanted.format(*names)
    plain = parse(board(tiki.from_text(OVER)))
    assert find(plain, "edge") == []


def test_the_marks_over_the_villages_let_a_click_through() -> None:
    """A click on a totem, a highlight, the last action's marks or the shaman reaches
    the village (or the gap) under it: those marks take no pointer events; the
    villages and the gaps do."""
    state = tiki.from_text(MID_SHAMAN)
    root = parse(board(state, lastaction=Move(X, (B2, C2, C1)), highlight=(A1, B1)))
    marks = [
        *find(root, "highlight"),
        *find(root, "lastaction"),
        *find(root, "totem"),
        *find(root, "barrier"),
        *find(root, "shaman"),
    ]
    assert len(marks) == 2 + 4 + 5 + 1 + 1
    assert all(m.get("pointer-events") == "none" for m in marks)
    for part in find(root, "village") + find(root, "edge"):
        assert part.get("pointer-events") is None
