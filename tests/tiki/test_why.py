"""``tiki.tools.scenarios.why``: is an action legal, which clause decides, what it does."""

from __future__ import annotations

import io

import pytest

import tiki
from tiki.tools.cli.board import render
from tiki.tools.scenarios.why import run, why

LAYOUT = (1, 2, 0, 1, 1, -1, 1, 0, 1)
"""a1 +1, b1 +2, c1 0, a2 +1, b2 +1, c2 −1, a3 +1, b3 0, c3 +1."""


def _played(*tokens: str) -> tiki.State:
    s = tiki.new_game(layout=LAYOUT, first=tiki.X)
    for token in tokens:
        s = tiki.apply(s, tiki.parse_action(s, token))
    return s


BEFORE_INFLUENCE = ("+c1", "+b1", "c1-b1", "+a3", "+b2", "+c2")
"""x's totem of 2 on b1 (x on top), x alone on b2: ``b2-b1`` makes b1 3 high."""


def test_a_legal_create_tells_its_clause_and_new_position() -> None:
    """TIKI-CREATE-1: ``+a1`` on an empty village is legal; the explanation gives the
    clause of what it does with its text, the event and the new position (its string
    and its drawing), the same as ``step``."""
    s = _played("+b2")
    e = why(s, "+a1")
    done = tiki.step(s, tiki.parse_action(s, "+a1"))
    assert e.legal and e.events == done.events and e.after == done.state
    assert e.clause == tiki.clause("TIKI-CREATE-1")
    text = e.text()
    assert "action:   +a1: o creates a totem at a1\nlegal:    yes" in text
    assert tiki.clause("TIKI-CREATE-1").text in text
    assert "events:\n  o creates a totem on a1 (TIKI-CREATE-1)\n" in text
    assert text.endswith(f"new position: {tiki.to_text(done.state)}\n{render(done.state)}")


def test_an_illegal_create_tells_the_refusal_and_its_clause() -> None:
    """TIKI-CREATE-3: creating on an occupied village is refused; the explanation gives
    the refusal and the clause that forbids it, with its text and source."""
    e = why(_played("+b2"), "+b2")
    assert not e.legal and e.after is None and e.events == ()
    assert e.refusal == "b2 is not empty (TIKI-CREATE-3)"
    assert e.clause == tiki.clause("TIKI-CREATE-3")
    text = e.text()
    assert "legal:    no: b2 is not empty (TIKI-CREATE-3)" in text
    assert "TIKI-CREATE-3: An empty village\n\nThe chosen village must hold no tiki" in text
    assert "Source: seed sentence 7" in text
    assert "new position" not in text


def test_a_wrong_length_move_names_the_move_clause() -> None:
    """TIKI-MOVE-2: a totem of 2 moved one step is refused by the clause of its height."""
    e = why(_played(*BEFORE_INFLUENCE), "b1-a1")
    assert not e.legal
    assert e.clause is not None and e.clause.id == "TIKI-MOVE-2"


def test_a_move_that_influences_a_village_names_every_clause_by_title() -> None:
    """TIKI-INFL-1, TIKI-INFL-4, TIKI-INFL-8: a move that makes b1 (+2) three high lists
    the drop, the influence, the fruit gained and the tikis going home, and names each
    clause once by title."""
    e = why(_played(*BEFORE_INFLUENCE), "b2-b1")
    assert e.legal and e.after is not None and e.after.fruits == (2, 0)
    ids = [c.id for c in e.event_clauses()]
    assert ids == ["TIKI-MOVE-2", "TIKI-MOVE-6", "TIKI-INFL-1", "TIKI-INFL-4", "TIKI-INFL-8"]
    text = e.text()
    for c in e.event_clauses():
        assert f"\n  {c.id}: {c.title}" in text


@pytest.mark.parametrize(
    ("position", "token", "says"),
    [
        ("nonsense", "+b2", "the position: a position has 11 fields"),
        (None, "+b9", "the action token: unknown village 'b9' in '+b9'"),
        (None, "+b2 ", None),
        (None, 7, "the action token: an action token is a str, not int"),
        (3, "+b2", "the position is a State or its text, not int"),
    ],
)
def test_an_unreadable_position_or_token_names_the_argument(
    position: object, token: object, says: str | None
) -> None:
    """TIKI-TURN-3 (anything else is refused with a reason): an unreadable position or
    token is a ``NotationError`` that says which argument broke; a token with spaces
    around it still reads."""
    s = tiki.new_game(seed=7) if position is None else position
    if says is None:
        assert why(s, token).legal  # type: ignore[arg-type]
        return
    with pytest.raises(tiki.NotationError) as e:
        why(s, token)  # type: ignore[arg-type]
    assert str(e.value).startswith(says)


def test_run_prints_and_returns_the_verdict() -> None:
    """TIKI-CREATE-3, the command's glue: the position as one word or as its fields,
    then the token; 0 when legal, 1 when refused."""
    s = _played("+b2")
    out = io.StringIO()
    assert run([tiki.to_text(s), "+b2"], out) == 1
    assert out.getvalue() == why(s, "+b2").text() + "\n"
    assert run([*tiki.to_text(s).split(" "), "+a1"], io.StringIO()) == 0
    with pytest.raises(tiki.NotationError, match="needs a POSITION"):
        run([], io.StringIO())
