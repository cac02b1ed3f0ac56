"""``tikalspeed.tools.scenarios.why``: is an action legal, which clause decides, what it does."""

from __future__ import annotations

import io
import random

import pytest

import tikalspeed as tk
from tikalspeed.tools.cli.board import render
from tikalspeed.tools.scenarios.why import run, why


def _first_jump(seed: int = 3) -> tk.State:
    """The first Speed token choice (``Phase.TOKENS``) of a seeded random 4-player game."""
    rng = random.Random(seed)
    s = tk.new_game(seed=seed)
    while s.phase is not tk.Phase.TOKENS:
        s = tk.apply(s, rng.choice(tk.legal_actions(s)))
    return s


def test_a_legal_bid_tells_its_clause_events_and_new_position() -> None:
    """TIKAL-AUCTION-3: ``bid:1`` at the first auction is legal; the explanation gives
    the clause of what it does with its text and source, the event, and the position
    it leads to (its string and its drawing), the same as ``step``."""
    s = tk.new_game(seed=1)
    e = why(s, "bid:1")
    done = tk.step(s, tk.parse_action(s, "bid:1"))
    assert e.legal and e.refusal == ""
    assert e.clause == tk.clause("TIKAL-AUCTION-3")
    assert e.events == done.events and e.after == done.state
    text = e.text()
    assert "action:   bid:1: P1 bids 1\nlegal:    yes" in text
    assert tk.clause("TIKAL-AUCTION-3").text in text
    assert f"Source: {tk.clause('TIKAL-AUCTION-3').source}" in " ".join(text.split())
    assert max(len(line) for line in text.split("\n\nevents:")[0].splitlines()) <= 88
    assert "events:\n  P1 bids 1 (TIKAL-AUCTION-3)\n" in text
    assert "clauses of these events:\n  TIKAL-AUCTION-3: Bidding\n" in text
    assert text.endswith(f"new position: {tk.to_text(done.state)}\n{render(done.state)}")
    assert str(e) == text


def test_an_illegal_bid_tells_the_refusal_and_its_clause() -> None:
    """TIKAL-AUCTION-3: a bid above the bidder's score is refused; the explanation gives
    the refusal, the clause that forbids it with its text, and no new position."""
    e = why(tk.new_game(seed=1), "bid:100")
    assert not e.legal and e.after is None and e.events == ()
    assert e.refusal == "bid:100 is more than your score (20) (TIKAL-AUCTION-3)"
    assert e.clause is not None and e.clause.id == "TIKAL-AUCTION-3"
    text = e.text()
    assert "legal:    no: bid:100 is more than your score (20) (TIKAL-AUCTION-3)" in text
    assert "A bid may not exceed the bidder's current score." in text
    assert "new position" not in text and "events:" not in text


def test_an_action_out_of_turn_names_the_turn_clause() -> None:
    """TIKAL-TURN-4: placing a tile while the auction waits for a bid is refused by the
    clause of who may act."""
    e = why(tk.new_game(seed=1), "place:c1:0")
    assert not e.legal
    assert e.clause is not None and e.clause.id == "TIKAL-TURN-4"
    assert e.clause.title in e.text()


def test_a_speed_token_choice_p2_tokens_3() -> None:
    """SPEED-JUMP-1: at a Jump's token choice ``P2:tokens:3`` is P2's secret choice,
    legal; ``P2:tokens:6`` is more than a Jump allows and refused by the same clause."""
    s = _first_jump()
    e = why(s, "P2:tokens:3")
    assert e.legal and e.action == tk.ChooseTokens(1, 3)
    assert e.token == "P2:tokens:3"
    assert e.clause is not None and e.clause.id == "SPEED-JUMP-1"
    assert [str(x) for x in e.events] == ["P2 has chosen (SPEED-JUMP-1)"]
    assert "action:   P2:tokens:3: P2 takes 3 tokens" in e.text()
    no = why(s, "P2:tokens:6")
    assert not no.legal and no.clause is not None and no.clause.id == "SPEED-JUMP-1"


def test_the_last_token_choice_reveals_and_names_speed_jump_2() -> None:
    """SPEED-JUMP-2: the last player's choice reveals every choice; the explanation
    lists the reveal and names its clause by title."""
    s = _first_jump()
    for token in ("P1:tokens:1", "P2:tokens:2", "P3:tokens:3"):
        s = tk.apply(s, tk.parse_action(s, token))
    e = why(s, "P4:tokens:2")
    assert e.legal
    assert any(isinstance(x, tk.TokensRevealed) for x in e.events)
    assert "SPEED-JUMP-2: The reveal and the order of play" in e.text()
    assert [c.id for c in e.event_clauses()][:2] == ["SPEED-JUMP-1", "SPEED-JUMP-2"]


def test_a_position_string_reads_like_its_state() -> None:
    """TIKAL-AUCTION-3: ``why`` takes the position string as well as the ``State``."""
    s = tk.new_game(seed=1)
    assert why(tk.to_text(s), "bid:1") == why(s, "bid:1")


@pytest.mark.parametrize(
    ("position", "token", "says"),
    [
        ("nonsense", "bid:1", "the position: a position has 19 fields"),
        (None, "bid 2", "the action token: cannot read action 'bid 2'; did you mean bid:2?"),
        (None, "move:l:b2:d9", "the action token: unknown cell 'd9'"),
        (None, 7, "the action token: an action token is a str, not int"),
        (3, "bid:1", "the position is a State or its text, not int"),
    ],
)
def test_an_unreadable_position_or_token_names_the_argument(
    position: object, token: object, says: str
) -> None:
    """TIKAL-TURN-4 (every refusal has a reason): an unreadable position or token is a
    ``NotationError`` that says which argument broke, keeping the offset in it."""
    s = tk.new_game(seed=1) if position is None else position
    with pytest.raises(tk.NotationError) as e:
        why(s, token)  # type: ignore[arg-type]
    assert str(e.value).startswith(says)
    if token == "move:l:b2:d9":
        assert e.value.position == 10


def test_run_prints_and_returns_the_verdict() -> None:
    """TIKAL-AUCTION-3, the command's glue: the position as separate words and then the
    token; 0 when legal, 1 when refused, a ``NotationError`` for too few words."""
    words = [*tk.to_text(tk.new_game(seed=1)).split(" "), "bid:1"]
    out = io.StringIO()
    assert run(words, out) == 0
    assert out.getvalue() == why(tk.new_game(seed=1), "bid:1").text() + "\n"
    assert run([*words[:-1], "bid:100"], io.StringIO()) == 1
    with pytest.raises(tk.NotationError, match="needs a POSITION and then an ACTION"):
        run(["bid:1"], io.StringIO())
