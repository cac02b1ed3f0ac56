"""The position string (``to_text`` / ``from_text``) and the action tokens (``parse_action``).

Expected strings here were worked out by hand from the format in
``docs/tiki-notation.md`` and the rules clauses named in each test, not copied from
the code's output.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import Game, games, playout

import tiki
from tiki import (
    A1,
    B1,
    B2,
    C1,
    C2,
    NotationError,
    O,
    Order,
    Phase,
    Rules,
    X,
    apply,
    from_text,
    legal_actions,
    new_game,
    parse_action,
    rules_from_text,
    rules_to_text,
    to_text,
)

LAYOUT = (1, 2, 0, 1, 1, -1, 1, 0, 1)
"""a1 +1, b1 +2, c1 0 / a2 +1, b2 +1, c2 -1 / a3 +1, b3 0, c3 +1."""
BOARD = "+1,0,+1/+1,+1,-1/+1,+2,0"
"""``LAYOUT`` as the board field: rank 3 first, files a to c."""

VARIANTS = (
    Rules(),
    Rules(shaman=True),
    Rules(shaman=True, shaman_entry="marsh"),
    Rules(movable="any"),
    Rules(allow_turns=False),
    Rules(max_turns=30),
    Rules(shaman=True, end_check="action"),
    Rules(no_move="lose", short_payout="nothing"),
    Rules(tie_loop="draw", tiles=(2, 2, 1, 1, 1, 0, 0, -1, -1)),
)


# ------------------------------------------------------------------ hand-written examples


def test_fresh_game_text_tiki_setup_1_to_5() -> None:
    """TIKI-SETUP-1..5: the laid-out villages, 8 tikis each off the board (no supply
    field: it is derived), 7 fruits in the reserve, x to move."""
    state = new_game(layout=LAYOUT, first=X)
    assert to_text(state) == f"{BOARD} turn x x - 0,0 7,0 - - 0 -"


def test_chance_nodes_text_tiki_setup_1_and_5() -> None:
    """Before the layout the board is '?'; between layout and first player nobody is
    active and chance ('*') acts."""
    state = new_game()
    assert to_text(state) == "? layout - * - 0,0 7,0 - - 0 -"
    laid = apply(state, tiki.Layout(LAYOUT))
    assert to_text(laid) == f"{BOARD} first - * - 0,0 7,0 - - 0 -"
    assert from_text(to_text(laid)) == laid


def test_create_text_tiki_create_1() -> None:
    """TIKI-CREATE-1: +b2 puts an x tiki on b2 (written after the value) and hands
    the turn to o (TIKI-TURN-1)."""
    state = apply(new_game(layout=LAYOUT, first=X), tiki.Create(X, B2))
    assert to_text(state) == "+1,0,+1/+1,+1x,-1/+1,+2,0 turn o o - 0,0 7,0 - - 1 -"
    assert from_text(to_text(state)).supply == (7, 8)


def test_order_and_resolution_text_tiki_infl_3_4_6() -> None:
    """TIKI-MOVE-6 and TIKI-INFL-3: a1 (o under x) moves to b1 then c1, dropping o on
    b1 and x on c1; both reach 3, so o (not on turn) orders them. Resolving c1 (0)
    first gives nothing (TIKI-INFL-6), then b1 (+2) pays its top owner o 2 fruits
    (TIKI-INFL-4); all tikis go home (TIKI-INFL-8) and o moves."""
    before = from_text("+1,0,+1/+1,+1,-1/+1ox,+2xo,0ox turn x x - 0,0 7,0 - - 9 -")
    ordering = apply(before, tiki.Move(X, (A1, B1, C1)))
    assert to_text(ordering) == "+1,0,+1/+1,+1,-1/+1,+2xoo,0oxx order x o b1,c1 0,0 7,0 - - 9 -"
    after = apply(ordering, Order(O, C1))
    assert to_text(after) == f"{BOARD} turn o o - 0,2 5,0 - - 10 -"
    assert from_text(to_text(ordering)) == ordering


def test_shaman_text_tiki_shaman_4() -> None:
    """TIKI-SHAMAN-4: the position while x, beneficiary of the 0 village c1, decides on
    the shaman (b1 still waits); moving it to a1b1 then lets b1 pay o."""
    text = "+1,0,+1/+1,+1,-1/+1,+2xoo,0 shaman x x b1 0,0 7,0 b2c2 - 9 - rules:shaman=true"
    state = from_text(text)
    assert state.phase is Phase.SHAMAN and state.pending == (B1,) and state.actor == X
    assert to_text(state) == text
    after = apply(state, tiki.MoveShaman(X, tiki.edge_between(A1, B1)))
    assert to_text(after) == f"{BOARD} turn o o - 0,2 5,0 a1b1 - 10 - rules:shaman=true"


def test_four_fruits_text_tiki_end_1() -> None:
    """TIKI-END-1: x holds 3 fruits and a2-a1 tops the +1 village a1 (o, o, x): x has 4
    and wins at once; the turn does not pass."""
    before = from_text("+1,0,+1/+1x,+1,-1/+1oo,+2,0 turn x x - 3,1 3,0 - - 20 -")
    after = apply(before, tiki.Move(X, (tiki.A2, A1)))
    assert to_text(after) == f"{BOARD} over x x - 4,1 2,0 - - 20 x:four-fruits"
    assert after.result == tiki.Outcome(X, (4, 1), "four-fruits")
    assert from_text(to_text(after)) == after


def test_game_ends_between_two_villages_tiki_end_1() -> None:
    """TIKI-END-1 (checked after each village): o resolves c1 first, x reaches 4 and the
    game ends with b1 still 3 high; that position reads back, but not when the end is
    checked only after the whole action (Rules.end_check='action')."""
    before = from_text("+1,0,-1/+2,+1,0/+1ox,+1xo,+1ox turn x x - 3,1 3,0 - - 24 -")
    ordering = apply(before, tiki.Move(X, (A1, B1, C1)))
    over = apply(ordering, Order(O, C1))
    text = "+1,0,-1/+2,+1,0/+1,+1xoo,+1 over x x - 4,1 2,0 - - 24 x:four-fruits"
    assert to_text(over) == text
    assert from_text(text) == over
    with pytest.raises(NotationError) as e:
        from_text(text + " rules:end_check=action")
    assert e.value.position == 19  # the village b1
    assert "TIKI-INFL-1" in str(e.value)


def test_rules_field() -> None:
    """Non-default rules form a 12th field; defaults are left out."""
    state = new_game(Rules(shaman=True, max_turns=50), layout=LAYOUT, first=O)
    text = to_text(state)
    assert text == f"{BOARD} turn o o - 0,0 7,0 - - 0 - rules:shaman=true;max_turns=50"
    assert from_text(text) == state
    assert rules_to_text(Rules()) == ""
    assert rules_from_text("max_turns=50;shaman=true") == Rules(shaman=True, max_turns=50)
    assert rules_from_text("shaman=false") == Rules()


def test_no_move_outcome_tiki_end_5() -> None:
    """TIKI-END-5 with Rules.no_move='lose': x moves a1-b1 onto o's last uncovered tiki;
    o then has no tiki in supply and none on top, so o loses before acting. 'o' winning
    that game, or a no-move end under the default 'pass', is refused."""
    rules = " rules:no_move=lose"
    before = from_text(
        "+1ox,0ox,+1ox/+1ox,+1ox,-1ox/+1x,+2o,0ox turn x x - 0,0 7,0 - - 23 -" + rules
    )
    after = apply(before, tiki.Move(X, (A1, B1)))
    text = "+1ox,0ox,+1ox/+1ox,+1ox,-1ox/+1,+2ox,0ox over o o - 0,0 7,0 - - 24 x:no-move" + rules
    assert to_text(after) == text
    assert from_text(text) == after
    assert after.supply == (0, 0)
    for bad in (text.replace("x:no-move", "o:no-move"), text.replace(rules, "")):
        with pytest.raises(NotationError, match="TIKI-END-5"):
            from_text(bad)


# ------------------------------------------------------------------ round trips


@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_round_trip_every_state_of_random_games(rules: Rules) -> None:
    """``from_text(to_text(s)) == s`` at every step of random games (chance nodes, every
    phase, the end), and the text is canonical: reading then writing gives it back."""
    rng = random.Random(f"notation {rules!r}")
    for _ in range(12):
        game = playout(rules, rng.randrange(2**32))
        for state in game.states:
            text = to_text(state)
            assert from_text(text) == state
            assert to_text(from_text(text)) == text
            assert "\n" not in text and "  " not in text


@given(games())
def test_round_trip_any_rules(game: Game) -> None:
    """Round trip under any ruleset (any tile multiset, every option)."""
    for state in game.states:
        assert from_text(to_text(state)) == state


@given(games(max_plies=120), st.data())
def test_action_tokens_round_trip(game: Game, data: st.DataObject) -> None:
    """``parse_action(s, str(a)) == a`` for every legal action of random states,
    chance outcomes included (TIKI-SETUP-1, TIKI-SETUP-5)."""
    state = data.draw(st.sampled_from(game.states))
    for action in legal_actions(state):
        assert parse_action(state, str(action)) == action
        assert tiki.action_token(state, action) == str(action)
    tokens = [tiki.action_token(state, a) for a in legal_actions(state)]
    assert len(set(tokens)) == len(tokens)  # unique: issue 8's client protocol


def test_parse_action_kinds() -> None:
    """Each token form reads as its action, for whoever acts in the state."""
    s = new_game(layout=LAYOUT, first=O)
    assert parse_action(s, "+c2") == tiki.Create(O, C2)
    assert parse_action(s, " b2-c2 ") == tiki.Move(O, (B2, C2))
    assert parse_action(s, "!b1") == Order(O, B1)
    assert parse_action(s, "s@b1a1") == tiki.PlaceShaman(O, tiki.edge_between(A1, B1))
    assert parse_action(s, "s>a1b1") == tiki.MoveShaman(O, tiki.edge_between(A1, B1))
    assert parse_action(s, "s=") == tiki.KeepShaman(O)
    assert parse_action(s, "pass") == tiki.Pass(O)
    assert parse_action(s, "first=o") == tiki.FirstPlayer(O)
    assert parse_action(s, "layout=2,1,1,1,1,1,0,0,-1") == tiki.Layout((2, 1, 1, 1, 1, 1, 0, 0, -1))


def test_malformed_layout_tiki_setup_1() -> None:
    """A layout token gives exactly 9 values (TIKI-SETUP-1): one with 8 is not read
    (it used to be, and then written as JSON its own reader refuses); a Layout of 8
    tiles made directly is refused by the engine."""
    s = new_game()
    with pytest.raises(NotationError, match="9 village values, not 8") as n:
        parse_action(s, "layout=2,1,1,1,1,1,0,0")
    assert n.value.position == 7
    with pytest.raises(tiki.IllegalActionError) as e:
        apply(s, tiki.Layout((2, 1, 1, 1, 1, 1, 0, 0)))
    assert e.value.clause == "TIKI-SETUP-1"


@pytest.mark.parametrize(
    ("token", "position"),
    [
        ("", 0),
        ("+z9", 1),
        ("!b4", 1),
        ("s@a1c1", 2),
        ("s>", 2),
        ("layout=1,x,0", 9),
        ("first=z", 6),
        ("first=xo", 6),
        ("a1-b1-q", 6),
        ("a1--b1", 3),
        ("hello", 0),
        (" +b9", 2),
    ],
)
def test_parse_action_errors(token: str, position: int) -> None:
    """Unreadable tokens raise NotationError at the offset of the bad part."""
    with pytest.raises(NotationError) as e:
        parse_action(new_game(layout=LAYOUT, first=X), token)
    assert e.value.position == position


# ------------------------------------------------------------------ errors

GOOD = "+1,0,+1/+1,+1x,-1/+1,+2,0 turn o o - 0,0 7,0 - - 1 -"
"""x has created on b2; fields start at 0, 26, 31, 33, 35, 37, 41, 45, 47, 49, 51."""


def _swap(field: int, value: str) -> str:
    parts = GOOD.split(" ")
    parts[field] = value
    return " ".join(parts)


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        (GOOD.rsplit(" ", 1)[0], 50, "11 fields"),
        (GOOD + " rules:shaman=true extra", 71, "at most 12"),
        (GOOD + " shaman=true", 53, "rules:"),
        (_swap(0, "+1,0,+1/+1,+1x,-1"), 0, "3 ranks"),
        (_swap(0, "+1,0,+1/+1,+1x/+1,+2,0"), 8, "3 villages"),
        (_swap(0, "+3,0,+1/+1,+1x,-1/+1,+2,0"), 0, "value"),
        (_swap(0, "+1,0,+1/+1,+1z,-1/+1,+2,0"), 11, "x or o"),
        (_swap(0, "+2,0,+1/+1,+1x,-1/+1,+2,0"), 0, "TIKI-SETUP-2"),
        (_swap(0, "+1,0,+1/+1,+1xox,-1/+1,+2,0"), 11, "TIKI-INFL-1"),
        (_swap(0, "+1xx,0xx,+1xx/+1xx,+1xx,-1/+1,+2,0"), 0, "TIKI-SETUP-3"),
        (_swap(1, "play"), 26, "phase"),
        (_swap(1, "shaman"), 26, "TIKI-SHAMAN-1"),
        (_swap(2, "z"), 31, "active"),
        (_swap(3, "x"), 33, "active player acts"),
        (_swap(3, "*"), 33, "active player acts"),
        (_swap(4, "d4"), 35, "pending"),
        (_swap(4, "b2"), 35, "holds 1"),
        (_swap(5, "0,a"), 37, "fruits"),
        (GOOD.replace("0,0 7,0", "4,0 3,0"), 37, "TIKI-END-1"),
        (_swap(6, "6,0"), 41, "TIKI-SETUP-4"),
        (_swap(7, "a1c1"), 45, "edge"),
        (_swap(7, "a1b1"), 45, "Rules.shaman"),
        (_swap(8, "x"), 47, "tie-break"),
        (_swap(9, "01"), 49, "turn"),
        (_swap(9, "-1"), 49, "turn"),
        (_swap(10, "x:four-fruits"), 51, "over"),
        (_swap(10, "x-four"), 51, "result"),
        (GOOD + " rules:colour=red", 59, "unknown rule"),
        (GOOD + " rules:movable=all", 67, "Rules.movable"),
        (GOOD + " rules:max_turns=0", 69, "Rules.max_turns"),
        (GOOD + " rules:shaman=true;shaman=true", 71, "twice"),
        (GOOD + " rules:shaman=yes", 66, "true or false"),
        (GOOD + " rules:max_turns=1", 49, "TIKI-END-6"),
        ("? layout - x - 0,0 7,0 - - 0 -", 11, "chance"),
        ("? turn x x - 0,0 7,0 - - 0 -", 0, "TIKI-SETUP-1"),
        (GOOD.replace("turn o o", "layout - *"), 0, "TIKI-SETUP-1"),
        (GOOD.replace("turn o o", "over o o"), 51, "over"),
        (GOOD.replace("turn o o", "order o x"), 36, "TIKI-INFL-3"),
        (
            GOOD.replace("turn o o", "place o o").replace("0 - -", "0 a1b1 -")
            + " rules:shaman=true",
            26,
            "TIKI-SHAMAN-2",
        ),
    ],
)
def test_from_text_errors(text: str, position: int, message: str) -> None:
    """Unreadable or inconsistent position strings raise NotationError at the field
    (or village, or rule) at fault."""
    with pytest.raises(NotationError, match=message) as e:
        from_text(text)
    assert e.value.position == position


def test_from_text_rejects_non_text() -> None:
    """Only a str is a position string."""
    with pytest.raises(NotationError):
        from_text(None)  # type: ignore[arg-type]


def test_order_phase_needs_the_other_player_tiki_infl_3() -> None:
    """TIKI-INFL-3: in ORDER the player not on turn acts, not the active one."""
    text = "+1,0,+1/+1,+1,-1/+1,+2xoo,0oxx order x x b1,c1 0,0 7,0 - - 6 -"
    with pytest.raises(NotationError, match="TIKI-INFL-3") as e:
        from_text(text)
    assert e.value.position == 39


def test_an_unreadable_token_is_echoed_bounded_in_the_error() -> None:
    """An unknown action token of any length is refused with a NotationError whose
    message shows only its start (bad input never makes an unbounded message)."""
    import tiki

    state = tiki.new_game(seed=1)
    for text in ("zz" * 10_000, "+" + "q" * 10_000, "a1-" + "b" * 10_000):
        with pytest.raises(tiki.NotationError) as raised:
            tiki.parse_action(state, text)
        assert len(str(raised.value)) < 300
