"""Every refusal in words a player reads, in English and German (issue 30).

An illegal action's :class:`~tiki.IllegalActionError` keeps its clause and its English
``str`` and carries the template it was made from and its fields, so that
:func:`tiki.text.words.refusal_words` says it in the player's language without the
clause id. These tests try the illegal actions of random games (every legal action of
another position tried in this one) and a hand-made case of every refusal the engine
makes (TIKI-TURN-2/3, TIKI-CREATE-1..3, TIKI-MOVE-1..5, TIKI-INFL-3, TIKI-SHAMAN-1/3/4,
TIKI-SETUP-1/2/5), and check that each refusal site gives a template of its own,
marked for translation, never the bare message.
"""

from __future__ import annotations

import ast
import pickle
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import pytest
from strategies import playout

import tiki
from gamekit.i18n import words
from tiki import (
    A1,
    A2,
    B1,
    B2,
    C1,
    C3,
    Create,
    FirstPlayer,
    IllegalActionError,
    KeepShaman,
    Layout,
    Move,
    MoveShaman,
    O,
    Order,
    Pass,
    PlaceShaman,
    Rules,
    State,
    X,
)
from tiki.engine.moves import WORDS
from tiki.errors import Reason
from tiki.model.view import SPECTATOR
from tiki.text.tensor import view_tensor
from tiki.text.words import refusal_words

ROOT = Path(tiki.__file__).resolve().parent
LAYOUT = (1, 2, 0, 1, 1, -1, 1, 0, 1)
MIDGAME = "+a1 +b1 a1-b1 +b3 +b2 +c2 +a3 c2-b2 a3-b3 +a1 +c3 +c1"  # tests/tiki/test_engine.py
SHAMAN = "+b1 s@a2b2 +c1 b1-c1 +b1 +c2 +a3"
CLAUSE_ID = re.compile(r"\bTIKI-[A-Z]+-\d+\b")


def _marked(paths: list[Path]) -> frozenset[str]:
    """The texts marked ``N_("...")`` in ``paths`` (what Babel extracts from them)."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_":
                arg = node.args[0]
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                found.add(arg.value)
    return frozenset(found)


TEMPLATES = _marked([*sorted((ROOT / "engine").glob("*.py")), ROOT / "text" / "tensor.py"]) - WORDS
"""Every refusal template the engine (and the tensor's refusal) marks for translation."""


def play(tokens: str, rules: Rules | None = None) -> State:
    """The state after ``tokens`` from LAYOUT with x first."""
    state = tiki.new_game(rules or Rules(), layout=LAYOUT, first=X)
    for token in tokens.split():
        state = tiki.apply(state, tiki.parse_action(state, token))
    return state


def check(error: IllegalActionError) -> str:
    """The invariants of one refusal; returns its template."""
    assert error.template in TEMPLATES, f"no marked template: {error.template!r} ({error})"
    english = error.template.format(**error.fields)
    assert str(error) == f"{english} ({error.clause})"
    assert refusal_words(error) == refusal_words(error, "en") == english
    german = refusal_words(error, "de")
    assert german and german != english, (str(error), german)
    assert not CLAUSE_ID.search(german) and error.clause not in german
    for name, value in error.fields.items():  # a word is said in German too
        assert not isinstance(value, str) or value not in WORDS or value not in german, name
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.clause, again.template, again.fields) == (
        str(error), error.clause, error.template, error.fields)  # fmt: skip
    return error.template


def refused(call: Callable[[], object]) -> IllegalActionError:
    """The refusal ``call`` raises."""
    with pytest.raises(IllegalActionError) as err:
        call()
    return err.value


def by_step(state: State, action: object) -> Callable[[], object]:
    return lambda: tiki.step(state, action)  # type: ignore[arg-type]


def by_why(why: tuple[str, str] | None) -> Callable[[], object]:
    """Raising the ``(clause, reason)`` of ``why_illegal`` as a client does."""

    def call() -> None:
        assert why is not None
        raise IllegalActionError(*why)

    return call


def cases() -> Iterator[tuple[str, Callable[[], object]]]:
    """A hand-made illegal action for every refusal of the engine, by id."""
    start = play("")
    midgame = play(MIDGAME)
    ordering = play(MIDGAME + " b1-b2-b3")
    shaman = play(SHAMAN + " c2-c1", Rules(shaman=True))
    placing = play("+b2", Rules(shaman=True))
    fresh = tiki.new_game()
    first = tiki.new_game(layout=LAYOUT)
    final = playout(Rules(), 3).final
    view = tiki.observe(start, X)
    yield "view", by_step(view, Create(X, A1))
    yield "over", by_step(final, Create(X, A1))
    yield "not-an-action", by_step(start, "+b2")
    yield "asked-layout", by_step(fresh, Create(X, A1))
    yield "asked-first", by_step(first, Create(X, A1))
    yield "asked-place", by_step(placing, Create(O, A1))
    yield "asked-order", by_step(ordering, Create(O, A1))
    odd = attrs.evolve(ordering, pending=(*ordering.pending, C3))  # not a consistent state
    yield "asked-order-3", by_step(odd, Create(O, A1))
    yield "asked-shaman", by_step(shaman, Create(X, A1))
    yield "asked-turn", by_step(start, Order(X, A1))
    yield "whose-layout", by_step(fresh, Layout(LAYOUT, X))
    yield "whose-first", by_step(first, FirstPlayer(X, O))
    yield "whose-place", by_step(placing, PlaceShaman(X, 0))
    yield "whose-turn", by_step(start, Create(O, A1))
    yield "whose-turn-odd", by_step(start, Create(7, A1))
    yield "whose-order", by_step(ordering, Order(X, B2))
    yield "whose-shaman", by_step(shaman, KeepShaman(O))
    yield "pass", by_step(start, Pass(X))
    yield "no-village", by_step(start, Create(X, 9))
    yield "no-supply", by_step(attrs.evolve(start, supply=(0, 8)), Create(X, A1))
    yield "occupied", by_step(play("+a1 +b1"), Create(X, A1))
    yield "no-totem", by_step(start, Move(X, (A1, B1)))
    yield "not-your-top", by_step(midgame, Move(X, (B2, B1, A1)))
    yield "none-of-yours", by_step(play(MIDGAME, Rules(movable="any")), Move(X, (A1, A2)))
    yield "too-far", by_step(midgame, Move(X, (C3, tiki.C2, C1)))
    yield "diagonal", by_step(midgame, Move(X, (C3, B2)))
    yield "off-grid", by_step(midgame, Move(X, (C3, 9)))
    yield "alone", by_step(midgame, Move(X, (C3,)))
    yield "empty", by_step(midgame, Move(X, ()))
    yield "reversal", by_step(midgame, Move(X, (B1, B2, B1)))
    yield "turning", by_step(play(MIDGAME, Rules(allow_turns=False)), Move(X, (B1, A1, A2)))
    yield "order-other", by_step(ordering, Order(O, A1))
    yield "no-edge", by_step(placing, PlaceShaman(O, 12))
    yield "cross", by_step(play("+b2 s@a2b2 +c3", Rules(shaman=True)), Move(X, (B2, A2)))
    yield "same-edge", by_step(shaman, MoveShaman(X, tiki.edge_from_name("a2b2")))
    yield "layout-9", by_step(fresh, Layout(LAYOUT[:8]))
    yield "layout-tiles", by_step(fresh, Layout((1,) * 9))
    yield "no-first", by_step(first, FirstPlayer(2))
    yield "observe", lambda: tiki.observe(start, 2)
    yield "chance", lambda: tiki.sample_chance(start, random.Random(0))
    yield "spectator", by_why(tiki.why_illegal_in_view(tiki.observe(start, None), Create(X, A1)))
    yield "not-his", by_why(tiki.why_illegal_in_view(view, Create(O, A1)))
    yield "tensor", lambda: view_tensor(start)  # type: ignore[arg-type]
    yield "why", by_why(tiki.engine.why_illegal(start, Create(X, 9)))


CASES = dict(cases())


@pytest.mark.parametrize("case", list(CASES))
def test_every_refusal_is_said_in_english_and_german(case: str) -> None:
    """Issue 30: the refusal's English is its template filled in, before the clause; in
    German it is another sentence, without the clause id."""
    check(refused(CASES[case]))


def test_every_refusal_site_has_a_template_of_its_own() -> None:
    """Issue 30: the hand-made cases reach every refusal template the engine marks, so
    no refusal site falls back to a bare message; every word a field may hold is
    reached too (``chance``, what each decision asks), and said in German."""
    reached = [refused(call) for call in CASES.values()]
    assert {e.template for e in reached} == TEMPLATES
    held = {v for e in reached for v in e.fields.values() if isinstance(v, str) and v in WORDS}
    assert held == WORDS
    said = {refusal_words(e, "de") for e in reached}
    assert all(words("tiki", "de").verbatim(w) != w for w in WORDS)
    assert len(said) == len({str(e) for e in reached})


def test_the_messages_are_the_designers_as_before() -> None:
    """TIKI-TURN-3, TIKI-CREATE-3, TIKI-MOVE-2: the English ``str`` of a refusal is the
    message it always was, byte for byte."""
    said = {case: str(refused(CASES[case])) for case in CASES}
    assert said["occupied"] == "a1 is not empty (TIKI-CREATE-3)"
    assert said["too-far"] == "a totem of 1 moves exactly 1 step(s) (TIKI-MOVE-2)"
    assert said["spectator"] == f"{Create(X, A1)!r}: {SPECTATOR} (TIKI-TURN-3)"
    assert said["asked-order"] == (
        "+a1 does not answer the decision asked: o picks which of b2 or b3 resolves first "
        "(TIKI-TURN-3)"
    )
    assert said["whose-layout"] == (
        "it is chance's decision (the village layout), not x's (TIKI-TURN-3)"
    )
    e = refused(CASES["whose-layout"])
    assert refusal_words(e, "de") == (
        "der Zufall entscheidet (die Auslage der Dörfer), nicht x"
    )
    assert refusal_words(refused(CASES["occupied"]), "de") == "a1 ist nicht leer"


def test_a_plain_message_is_its_own_template() -> None:
    """Issue 30: an error built the old way, from a message, keeps it as its template
    (braces doubled), and a ``Reason``'s template and fields go with it."""
    e = IllegalActionError("TIKI-TURN-3", "odd {x}")
    assert (str(e), e.template.format(**e.fields)) == ("odd {x} (TIKI-TURN-3)", "odd {x}")
    assert refusal_words(e, "de") == "odd {x}"
    r = Reason("{village} is not empty", village="b2")
    e = IllegalActionError("TIKI-CREATE-3", r)
    assert (e.template, e.fields) == ("{village} is not empty", {"village": "b2"})
    template, fields = "{village} is not empty", {"village": "b2"}
    named = IllegalActionError("TIKI-CREATE-3", "b2 is not empty", template=template,
                               fields=fields)  # fmt: skip
    assert (str(named), named.fields) == (str(e), e.fields)
    with pytest.raises(ValueError, match="not the template"):
        IllegalActionError("TIKI-CREATE-3", "b3 is not empty", template=template, fields=fields)


@pytest.mark.parametrize("seed", range(4))
def test_the_illegal_actions_of_random_games(seed: int) -> None:
    """Issue 30: in random games (with and without the shaman), every legal action of
    another position tried in this one: each refusal keeps the invariants."""
    rng = random.Random(seed)
    rules = Rules(shaman=bool(seed % 2), movable="any" if seed == 3 else "top")
    games = [playout(rules, 100 * seed + k) for k in range(3)]
    states = [s for g in games for s in g.states]
    tried = refused_count = 0
    for state in rng.sample(states, min(40, len(states))):
        other = rng.choice(states)
        for action in tiki.legal_actions(other):
            tried += 1
            why = tiki.engine.why_illegal(state, action)
            if why is None:
                continue
            refused_count += 1
            e = refused(by_step(state, action))
            assert (e.clause, str(e)) == (why[0], f"{why[1]} ({why[0]})")
            check(e)
    assert tried and refused_count
