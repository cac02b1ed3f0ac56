"""Regression tests for holes found in the library's contract, one section per hole.

The contract: for bad input only ``tiki.IllegalActionError`` and ``tiki.NotationError``
(both ``ValueError``) escape, never ``TypeError``, ``IndexError``, ``AttributeError``,
``RecursionError`` or a bare ``ValueError``; and nothing the library accepts leads to
a state it would refuse to read back, or that no real game reaches. Each test names
its hole and cites the clause it proves.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import attrs
import pytest

import tiki
from tiki import (
    A1,
    B1,
    CHANCE,
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
    Phase,
    PlaceShaman,
    Rules,
    State,
    X,
)
from tiki.model.events import GameOver

BAD_VALUES = (True, 1.0, "1", None, -1, 10**100)
"""Values of the wrong type or range for any action field."""


def _states_of_every_phase() -> dict[Phase, State]:
    """One state per phase, found by seeded random play of Rules() and Rules(shaman=True)."""
    found: dict[Phase, State] = {}
    for seed in range(400):
        rules = Rules(shaman=True) if seed % 2 else Rules()
        rng = random.Random(seed)
        state = tiki.new_game(rules)
        while True:
            found.setdefault(state.phase, state)
            if state.result is not None:
                break
            state = tiki.apply(state, rng.choice(tiki.legal_actions(state)))
        if len(found) == len(Phase):
            return found
    raise AssertionError(f"phases not reached: {set(Phase) - set(found)}")  # pragma: no cover


PHASE_STATES = _states_of_every_phase()


def _base_actions(state: State) -> Iterator[object]:
    """One action of every class, for whoever acts in ``state``."""
    p = state.actor
    yield Create(p, A1)
    yield Move(p, (A1, B1))
    yield Order(p, A1)
    yield PlaceShaman(p, 0)
    yield MoveShaman(p, 0)
    yield KeepShaman(p)
    yield Pass(p)
    yield Layout(state.rules.tiles)
    yield FirstPlayer(X)


def _bad_variants(action: object) -> Iterator[tuple[str, object, object]]:
    """``(field, bad value, action with that field replaced)``: each field in turn gets
    each bad value, and a tuple field also gets tuples holding a bad value."""
    for field in attrs.fields(type(action)):
        original = getattr(action, field.name)
        values: list[object] = list(BAD_VALUES)
        if isinstance(original, tuple):
            values += [(*original[:-1], v) for v in BAD_VALUES] + [(), original * 2]
        for value in values:
            if repr(value) == repr(original):
                continue  # e.g. CHANCE, the right player of a chance outcome
            yield field.name, value, attrs.evolve(action, **{field.name: value})


@pytest.mark.parametrize("phase", list(Phase), ids=lambda p: p.value)
def test_hole_untyped_action_fields_are_illegal_in_every_phase_tiki_turn_3(phase: Phase) -> None:
    """Hole: ``FirstPlayer(1.0)`` was legal (then ``to_text`` raised TypeError) and
    ``Order(village=1.0)`` too (TypeError inside ``step``), since ``1.0 == 1``. Now every
    field of every action class must be an exact ``int`` (not a bool or a float) in its
    range, in every phase: ``is_legal`` is False and ``step`` raises IllegalActionError
    (TIKI-TURN-3, TIKI-CREATE-1, TIKI-MOVE-3, TIKI-INFL-3, TIKI-SHAMAN-1, TIKI-SETUP-1,
    TIKI-SETUP-2, TIKI-SETUP-5). And every such action prints (next test)."""
    state = PHASE_STATES[phase]
    checked = 0
    for base in _base_actions(state):
        for field, value, action in _bad_variants(base):
            assert not tiki.is_legal(state, action), (phase, field, value)
            with pytest.raises(IllegalActionError):
                tiki.step(state, action)  # type: ignore[arg-type]
            checked += 1
    assert checked > 100


def test_hole_float_and_bool_fields_were_legal_tiki_setup_5_tiki_infl_3() -> None:
    """The two reported cases, in the phase that asks for them (TIKI-SETUP-5,
    TIKI-INFL-3)."""
    first = PHASE_STATES[Phase.FIRST_PLAYER]
    for bad in (1.0, True, 0.0, False):
        assert not tiki.is_legal(first, FirstPlayer(bad))  # type: ignore[arg-type]
    order = PHASE_STATES[Phase.ORDER]
    for v in order.pending:
        assert tiki.is_legal(order, Order(order.actor, v))
        assert not tiki.is_legal(order, Order(order.actor, float(v)))  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError) as e:
            tiki.step(order, Order(order.actor, float(v)))  # type: ignore[arg-type]
        assert e.value.clause == "TIKI-INFL-3"


def _still_well_formed(base: object, field: str, value: object) -> bool:
    """CHANCE is a player too, and a longer path is still a path (an illegal one)."""
    if field == "player":
        return type(value) is int and value == CHANCE
    return isinstance(base, Move) and value == base.path * 2


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


@pytest.mark.parametrize("phase", [Phase.LAYOUT, Phase.TURN], ids=lambda p: p.value)
def test_hole_printing_a_malformed_action_raised_tiki_turn_3(phase: Phase) -> None:
    """Hole: ``str(Create(0, 99))`` raised IndexError, ``str(Move(0, "x"))`` TypeError.
    Now ``str()`` and ``repr()`` of any action never raise; a malformed one shows as
    ``<malformed Create(player=0, village=99)>`` (TIKI-TURN-3: it is refused, and the
    refusal's message can name it)."""
    assert str(Create(X, 99)) == repr(Create(X, 99)) == "<malformed Create(player=0, village=99)>"
    assert str(Move(X, "x")) == "<malformed Move(player=0, path='x')>"  # type: ignore[arg-type]
    odd: list[object] = [10**5000, -(10**5000), _BadRepr(), [[[[[[]]]]]], "x" * 10_000]
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    odd.append(deep)
    for base in _base_actions(PHASE_STATES[phase]):
        odd_variants = [
            (f.name, v, attrs.evolve(base, **{f.name: v}))
            for f in attrs.fields(type(base))
            for v in odd
        ]
        for field, value, action in [*_bad_variants(base), *odd_variants]:
            text, shown = str(action), repr(action)
            assert isinstance(text, str) and isinstance(shown, str)
            if not _still_well_formed(base, field, value):
                assert text.startswith("<malformed ") and shown == text, (field, value)
                assert len(text) < 200
            with pytest.raises(IllegalActionError):
                tiki.step(PHASE_STATES[phase], action)  # type: ignore[arg-type]


def test_well_formed_actions_print_as_before() -> None:
    """The reprs and tokens of well-formed actions did not change."""
    assert repr(Create(O, A1)) == "Create(player=O, village=A1)"
    assert repr(PlaceShaman(X, 3)) == "PlaceShaman(player=X, edge=3)"
    assert repr(KeepShaman(O)) == "KeepShaman(player=O)"
    assert repr(Pass(X)) == "Pass(player=X)"
    assert repr(FirstPlayer(O)) == "FirstPlayer(first=O)"
    assert repr(Layout(tiki.DEFAULT_TILES)) == f"Layout(tiles={tiki.DEFAULT_TILES!r})"
    assert repr(Layout(tiki.DEFAULT_TILES, X)) == f"Layout(tiles={tiki.DEFAULT_TILES!r}, player=X)"
    assert str(MoveShaman(X, 0)) == "s>a1b1" and str(Move(X, (A1,))) == "a1"


# --------------------------------------------------------------------------- records

HEADER_CHARS = ("\t", "\x00", "\x7f", "\x1b", "\x85", "\u2028", "\u2029", "\ud800")


@pytest.mark.parametrize("char", HEADER_CHARS, ids=lambda c: f"U+{ord(c):04X}")
def test_hole_header_with_a_control_character_raised_bare_value_error(char: str) -> None:
    """Hole: ``read_record`` raised a bare ValueError (without the line) for a header
    value holding a TAB, NUL or DEL. Now it is a NotationError at the header's line;
    ``Record`` and ``record_from_json`` refuse the same characters, so that a record
    the library holds always writes and reads back (and a line separator, which
    ``splitlines`` breaks on, cannot hide in a header). TIKI-SETUP-1: the record's
    setup headers are read line by line."""
    text = f'[Game "Tiki"]\n[Seed "3"]\n[Event "a{char}b"]\n\n*\n'
    if char not in "\x85\u2028\u2029":  # those split the line: an unreadable header
        with pytest.raises(tiki.NotationError, match="line 3: header 'Event' holds") as e:
            tiki.read_record(text)
        assert e.value.position == 3
    else:
        with pytest.raises(tiki.NotationError):
            tiki.read_record(text)
    with pytest.raises(ValueError, match="header 'Event' needs a one-line value"):
        tiki.Record(seed=3, headers=(("Event", f"a{char}b"),))
    obj = tiki.record_to_json(tiki.Record(seed=3, headers=(("Event", "ab"),)))
    obj["headers"]["Event"] = f"a{char}b"
    with pytest.raises(tiki.NotationError) as e:
        tiki.record_from_json(obj)
    assert e.value.position == "$.headers.Event"


def test_printable_non_ascii_headers_still_round_trip_tiki_setup_1() -> None:
    """Printable text outside ASCII is still a fine header value (TIKI-SETUP-1)."""
    rec = tiki.Record(seed=3, headers=(("Event", "Fête à Nouméa — 日本 \u00a0x"),))
    assert tiki.read_record(tiki.write_record(rec)) == rec


# --------------------------------------------------------------------------- numbers

HUGE = "9" * 5000
"""More digits than Python converts (4,300): ``int(HUGE)`` is a bare ValueError."""
START = "+1,0,+1/+1,+1,-1/+1,+2,0 turn x x - 0,0 7,0 - - 0 -"
LAYOUT_STATE = tiki.new_game()


def _refused(read: object, *args: object) -> tiki.NotationError:
    with pytest.raises(tiki.NotationError) as e:
        read(*args)  # type: ignore[operator]
    return e.value


@pytest.mark.parametrize(
    ("read", "text"),
    [
        (tiki.from_text, START.replace(" 0 -", f" {HUGE} -")),
        (tiki.from_text, START.replace(" 0,0 ", f" {HUGE},0 ")),
        (tiki.from_text, START.replace(" 7,0 ", f" 7,{HUGE} ")),
        (tiki.from_text, f"{START} rules:max_turns={HUGE}"),
        (tiki.from_text, f"{START} rules:tiles={HUGE},1,1,1,1,1,0,0,-1"),
        (lambda t: tiki.parse_action(LAYOUT_STATE, t), f"layout={HUGE},1,1,1,1,1,0,0,-1"),
        (tiki.rules_from_text, f"max_turns={HUGE}"),
        (tiki.rules_from_text, f"max_turns=-{HUGE}"),
        (tiki.rules_from_text, f"tiles=2,1,1,1,1,1,0,0,{HUGE}"),
        (tiki.read_record, f'[Game "Tiki"]\n[Seed "{HUGE}"]\n\n*\n'),
        (tiki.read_record, f'[Game "Tiki"]\n[Seed "1"]\n\n{HUGE}. *\n'),
        (tiki.read_record, f'[Game "Tiki"]\n[Rules "max_turns={HUGE}"]\n\n*\n'),
        (tiki.jsonio.loads, HUGE),
        (tiki.jsonio.loads, f'{{"type": "state", "turn": {HUGE}}}'),
        (tiki.jsonio.loads, f'{{"type": "record", "seed": -{HUGE}}}'),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 30 else None,
)
def test_hole_numbers_of_more_than_4300_digits_escaped_as_bare_value_error_tiki_setup_4(
    read: object, text: str
) -> None:
    """Hole: a number of more than 4,300 digits (Python's int-string conversion limit)
    escaped as a bare ValueError from from_text, parse_action('layout=...'),
    rules_from_text, read_record and jsonio.loads. Every reader now refuses a number
    longer than its bound without converting it (TIKI-SETUP-4: 7 fruits; TIKI-END-6:
    the turn cap; TIKI-SETUP-2: the tile values)."""
    assert isinstance(_refused(read, text), tiki.NotationError)


LIMIT = tiki.NUMBER_LIMIT


def test_max_turns_is_bounded_tiki_end_6() -> None:
    """Every number read from outside has a documented upper bound; the turn cap's is
    ``tiki.NUMBER_LIMIT`` = 2**53 - 1 (TIKI-END-6), in Rules, rules text and JSON."""
    assert LIMIT == 2**53 - 1
    assert tiki.Rules(max_turns=LIMIT).max_turns == LIMIT
    for bad in (LIMIT + 1, 10**100, 10**5000):
        with pytest.raises(ValueError, match=r"^Rules\.max_turns must be None or an int from 1"):
            tiki.Rules(max_turns=bad)
    assert tiki.rules_from_text(f"max_turns={LIMIT}") == tiki.Rules(max_turns=LIMIT)
    e = _refused(tiki.rules_from_text, f"shaman=true;max_turns={LIMIT + 1}")
    assert e.position == 22 and "Rules.max_turns" in str(e)
    e = _refused(tiki.jsonio.rules_from_json, {"max_turns": 10**5000})
    assert e.position == "$.max_turns"


def test_position_counts_are_bounded_tiki_setup_4_tiki_end_6() -> None:
    """In a position the fruits, reserve and spoiled counts are at most 7 (TIKI-SETUP-4)
    and the turn at most 2**53 - 1 (TIKI-END-6), in the text and in JSON; the supplies
    (JSON only) at most 8 (TIKI-SETUP-3)."""
    fruits, reserve, turn = START.index("0,0"), START.index("7,0"), START.rindex("0")
    assert _refused(tiki.from_text, START.replace(" 0,0 ", " 8,0 ")).position == fruits
    big = " 7,1" + "0" * 20 + " "
    assert _refused(tiki.from_text, START.replace(" 7,0 ", big)).position == reserve
    assert _refused(tiki.from_text, START.replace(" 0 -", f" {LIMIT + 1} -")).position == turn
    obj = tiki.state_to_json(tiki.from_text(START))
    for key, value, where in [
        ("turn", LIMIT + 1, "$.turn"),
        ("turn", 10**5000, "$.turn"),
        ("reserve", 8, "$.reserve"),
        ("spoiled", -(10**5000), "$.spoiled"),
        ("fruits", {"x": 10**100, "o": 0}, "$.fruits.x"),
        ("supply", {"x": 9, "o": 8}, "$.supply.x"),
    ]:
        assert _refused(tiki.state_from_json, {**obj, key: value}).position == where


def test_seeds_are_bounded_tiki_setup_1() -> None:
    """A record's seed (which draws the layout, TIKI-SETUP-1) is at most 2**53 - 1 in
    absolute value: in Record, in the Seed header and in JSON."""
    assert tiki.Record(seed=-LIMIT).seed == -LIMIT
    with pytest.raises(ValueError, match=r"Record\.seed"):
        tiki.Record(seed=LIMIT + 1)
    e = _refused(tiki.read_record, f'[Game "Tiki"]\n[Seed "{LIMIT + 1}"]\n\n*\n')
    assert e.position == 2 and str(e).startswith("line 2: the seed must be from")
    obj = tiki.record_to_json(tiki.Record(seed=1))
    assert _refused(tiki.record_from_json, {**obj, "seed": LIMIT + 1}).position == "$.seed"


def test_hole_deep_json_raised_recursion_error_tiki_setup_1() -> None:
    """Hole: ``jsonio.loads('[' * 200000)`` raised RecursionError. Now NotationError,
    for arrays and objects alike; a deeply nested value handed to a reader directly is
    refused at its path, and its message is short (TIKI-SETUP-1: nothing is set up)."""
    for text in ("[" * 200_000, '{"a":' * 200_000, "[" * 200_000 + "]" * 200_000):
        assert "nested too deep" in str(_refused(tiki.jsonio.loads, text))
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    for read in (tiki.state_from_json, tiki.action_from_json, tiki.record_from_json):
        assert len(str(_refused(read, deep))) < 100
    obj = tiki.state_to_json(tiki.new_game(Rules(shaman=True), seed=1))
    e = _refused(tiki.state_from_json, {**obj, "shaman": deep})
    assert e.position == "$.shaman" and len(str(e)) < 100


def test_hole_rules_from_text_of_none_raised_attribute_error_tiki_setup_2() -> None:
    """Hole: ``rules_from_text(None)`` raised AttributeError. Every reader now refuses
    a value of the wrong type with NotationError (TIKI-SETUP-2: no rules, no tiles)."""
    for bad in (None, 3, b"shaman=true", ["shaman=true"]):
        assert "a rules text is a str" in str(_refused(tiki.rules_from_text, bad))
        for read in (tiki.from_text, tiki.read_record, tiki.jsonio.loads):
            if not isinstance(bad, bytes) or read is not tiki.jsonio.loads:
                _refused(read, bad)
        _refused(tiki.parse_action, LAYOUT_STATE, bad)


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("layout=1,1,1,1,1,1,1,1,1,1", "9 village values, not 10"),
        ("layout=1,1,1,1,1,1,1,1", "9 village values, not 8"),
        ("layout=", "bad village value ''"),
        ("layout=2,1,1,1,1,1,0,0,3", "from -1 to 2, not '3'"),
        ("layout=2,1,1,1,1,1,0,0,-2", "from -1 to 2, not '-2'"),
    ],
)
def test_hole_layout_token_with_any_number_of_values_tiki_setup_1(token: str, message: str) -> None:
    """Hole: ``parse_action`` read ``layout=`` with any number of values (with 10,
    ``action_to_json`` raised IndexError; with 8 it wrote JSON its own reader refuses).
    Now a layout token has exactly 9 values, each a tile value -1, 0, 1 or 2
    (TIKI-SETUP-1, TIKI-SETUP-2); and so has a layout action read from JSON."""
    assert message in str(_refused(tiki.parse_action, LAYOUT_STATE, token))
    obj = tiki.action_to_json(tiki.Layout(tiki.DEFAULT_TILES))
    obj["tiles"]["c3"] = 3
    assert _refused(tiki.action_from_json, obj).position == "$.tiles.c3"
    good = tiki.parse_action(LAYOUT_STATE, "layout=+1,2,1,1,1,1,0,00,-1")
    assert tiki.action_from_json(tiki.action_to_json(good)) == good


# --------------------------------------------------------------------------- reachable

BOARD = "+1,0,+1/+1,+1,-1/"
"""Ranks 3 and 2 of the layout (1, 2, 0, 1, 1, -1, 1, 0, 1), empty: a1 +1, b1 +2, c1 0."""
SHAMAN_4 = "+1xx,+2ox,0xo turn x x - 2,0 5,0 a3b3 - 14 - rules:shaman=true"
"""x's a1-b1-c1 makes b1 (+2) and c1 (0) both x's; x holds 2 fruits."""


def _play(text: str, *tokens: str) -> State:
    state = tiki.from_text(text)
    for token in tokens:
        state = tiki.apply(state, tiki.parse_action(state, token))
    return state


def _refuses(text: str, clause: str) -> tiki.NotationError:
    """from_text refuses ``text`` naming ``clause``; state_from_json refuses it too."""
    with pytest.raises(tiki.NotationError) as e:
        tiki.from_text(text)
    assert clause in str(e.value), str(e.value)
    return e.value


def _json_refuses(state: State) -> None:
    with pytest.raises(tiki.NotationError):
        tiki.state_from_json(tiki.state_to_json(state))


def test_hole_shaman_decision_with_four_fruits_or_an_empty_reserve_tiki_shaman_4() -> None:
    """Hole: a shaman-phase position where a player holds 4 fruits, or the reserve is
    empty, was read (and then played on). With end_check='village' the end is checked
    after the 0 village, before the decision (TIKI-END-1, TIKI-END-2, TIKI-SHAMAN-4);
    with 'action' the check waits, so the same counts are then a real position."""
    state = _play(BOARD + SHAMAN_4.replace("shaman=true", "shaman=true;end_check=action"),
                  "a1-b1-c1", "!b1")  # fmt: skip
    assert state.phase is Phase.SHAMAN and state.fruits == (4, 0) and state.pending == ()
    assert tiki.from_text(tiki.to_text(state)) == state
    assert tiki.state_from_json(tiki.state_to_json(state)) == state
    assert tiki.apply(state, KeepShaman(X)).result == tiki.Outcome(X, (4, 0), "four-fruits")
    village = tiki.to_text(state).replace(";end_check=action", "")
    assert _refuses(village, "TIKI-SHAMAN-4").position == village.index("4,0")
    _json_refuses(attrs.evolve(state, rules=Rules(shaman=True)))
    empty = BOARD + "+1,+2,0 shaman x x - 3,1 0,3 a3b3 - 40 - rules:shaman=true"
    assert _refuses(empty, "TIKI-END-2").position == empty.index("0,3")
    assert tiki.from_text(empty + ";end_check=action")


def test_hole_tiebreak_reserve_other_than_one_tiki_end_3() -> None:
    """Hole: a tie-break with a reserve other than 1 was read. Between actions the
    tie-break holds level counts and exactly the 1 returned fruit (TIKI-END-3)."""
    ok = BOARD + "+1,+2,0 turn x x - 2,2 1,2 - + 40 -"
    assert tiki.from_text(ok).tiebreak
    for reserve, spoiled in ((2, 1), (3, 0), (0, 3)):
        clause = "TIKI-END-2" if reserve == 0 else "TIKI-END-3"
        _refuses(ok.replace(" 1,2 ", f" {reserve},{spoiled} "), clause)
    shaman = BOARD + "+1,+2,0xx shaman x x - 1,1 2,3 a3b3 + 40 - rules:shaman=true"
    _refuses(shaman, "TIKI-END-3")


def test_hole_place_phase_at_turn_zero_tiki_shaman_2() -> None:
    """Hole: phase 'place' at turn 0 was read. The second player places the shaman
    right after the first player's first turn, a create: turn 1, one tiki of the other
    player on the board, nothing else (TIKI-SHAMAN-2)."""
    place = BOARD + "+1,+2,0x place o o - 0,0 7,0 - - 1 - rules:shaman=true"
    state = tiki.from_text(place)
    assert tiki.legal_actions(state)
    turn = place.index(" 1 -") + 1
    assert _refuses(place.replace(" 1 -", " 0 -"), "TIKI-SHAMAN-2").position == turn
    _refuses(place.replace(" 1 -", " 3 -"), "TIKI-SHAMAN-2")
    _refuses(place.replace("0x place", "0 place"), "TIKI-SHAMAN-2")
    _refuses(place.replace("0x place", "0o place"), "TIKI-SHAMAN-2")
    _refuses(place.replace("+2,0x", "+2x,0x").replace(" 1 -", " 2 -"), "TIKI-SHAMAN-2")
    _json_refuses(attrs.evolve(state, turn=0))


def test_the_shaman_is_on_the_board_exactly_from_turn_1_tiki_shaman_2() -> None:
    """With shaman_entry='start' the shaman is off the board before the placement and
    on it after (TIKI-SHAMAN-2); with 'marsh' it needs a 0 village to enter by."""
    rules = " rules:shaman=true"
    _refuses(BOARD + "+1,+2,0 turn x x - 0,0 7,0 a1b1 - 0 -" + rules, "TIKI-SHAMAN-2")
    _refuses(BOARD + "+1x,+2,0 turn x x - 0,0 7,0 - - 2 -" + rules, "TIKI-SHAMAN-2")
    marsh = " rules:shaman=true;shaman_entry=marsh"
    assert tiki.from_text(BOARD + "+1x,+2,0 turn x x - 0,0 7,0 - - 2 -" + marsh)
    no_marsh = "+1,+2,+1/+1,+1,-1/+1,+2,+1 turn x x - 0,0 7,0 b2c2 - 30 -"
    _refuses(no_marsh + marsh + ";tiles=2,2,1,1,1,1,1,1,-1", "TIKI-SHAMAN-2")


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        # turn 0: nothing on the board yet (TIKI-TURN-1)
        (BOARD + "+1x,+2,0 turn x x - 0,0 7,0 - - 0 -", "TIKI-TURN-1"),
        # after 2 turns o (on turn) has had 1: one tiki at most
        (BOARD + "+1o,+2o,0 turn o o - 0,0 7,0 - - 2 -", "TIKI-CREATE-1"),
        # a 2-high totem takes a move after its 2 creates: 3 turns
        (BOARD + "+1xo,+2,0 turn x x - 0,0 7,0 - - 2 -", "TIKI-TURN-1"),
        # a fruit takes an influenced village: 5 turns
        (BOARD + "+1,+2,0 turn x x - 1,0 6,0 - - 4 -", "TIKI-TURN-1"),
        # 4 fruits held, spoiled or returned need 2 villages at least: 10 turns
        (BOARD + "+1,+2,0 turn x x - 2,1 3,1 - - 9 -", "TIKI-TURN-1"),
    ],
)
def test_too_few_turns_for_the_position_tiki_turn_1(text: str, clause: str) -> None:
    """TIKI-TURN-1: each turn creates one tiki, moves one totem or passes; a position
    that takes more turns to build than it says were played is refused."""
    assert _refuses(text, clause).position == _field_at(text, 9)


def _field_at(text: str, index: int) -> int:
    """The offset of the ``index``-th space-separated field of ``text``."""
    return len(" ".join(text.split(" ")[:index])) + 1


def test_turn_counts_that_are_just_enough_are_read_tiki_turn_1() -> None:
    """The bounds are tight: each of these is reached by a real game (TIKI-TURN-1)."""
    for text in (
        BOARD + "+1x,+2,0 turn o o - 0,0 7,0 - - 1 -",
        BOARD + "+1xo,+2,0 turn x x - 0,0 7,0 - - 3 -",
        BOARD + "+1,+2,0 turn o o - 1,0 6,0 - - 5 -",
    ):
        assert tiki.to_text(tiki.from_text(text)) == text
    fastest = _play(BOARD + "+1,+2,0 turn x x - 0,0 7,0 - - 0 -",
                    "+a1", "+b1", "+a2", "b1-a1", "a2-a1")  # fmt: skip
    assert tiki.to_text(fastest) == BOARD + "+1,+2,0 turn o o - 1,0 6,0 - - 5 -"


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        # the 2nd pending village is not next to the 1st
        (BOARD + "+1xox,+2,0oxx order x o a1,c1 0,0 7,0 - - 12 -", "TIKI-INFL-3"),
        # the mover (x) does not top the second village entered
        (BOARD + "+1,+2xxo,0oxo order x o b1,c1 0,0 7,0 - - 12 -", "TIKI-INFL-3"),
        # a shaman decision with no 0 village just emptied
        (
            "+1,0x,+1/+1,+1,-1/+1,+2xxo,0x shaman x x b1 0,0 7,0 a3b3 - 20 - rules:shaman=true",
            "TIKI-SHAMAN-4",
        ),
        # a village still at 3 in a game ended by the turn cap
        (
            BOARD + "+1,+2xox,0 over x x - 1,0 6,0 - - 30 x:turn-cap rules:max_turns=30",
            "TIKI-END-1",
        ),
        # with no_move='lose' a turn never starts without a legal action
        (
            "+1ox,0ox,+1ox/-1ox,+2,+1ox/+1ox,0ox,+1ox turn o o - 0,0 7,0 - - 31 -"
            " rules:no_move=lose",
            "TIKI-END-5",
        ),
        # a no-move loss for a player who can create
        (BOARD + "+1x,+2o,0 over x x - 0,0 7,0 - - 2 o:no-move rules:no_move=lose", "TIKI-END-5"),
    ],
)
def test_flow_of_play_that_no_game_reaches_tiki_infl_3(text: str, clause: str) -> None:
    """Further unreachable combinations of the same kind: villages waiting to resolve
    that no move entered (TIKI-INFL-3), a shaman decision without its 0 village
    (TIKI-SHAMAN-4), a village at 3 after a between-turns end (TIKI-END-1), a turn or a
    loss that TIKI-END-5 rules out."""
    _refuses(text, clause)


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        # with end_check='village' a four-fruit win is 3 + at most 2
        (BOARD + "+1,+2,0 over x x - 6,0 1,0 - - 40 x:four-fruits", "TIKI-END-1"),
        # an empty reserve with a player at 4 is a four-fruit win, not reserve-empty
        (BOARD + "+1,+2,0 over x x - 4,3 0,0 - - 40 x:reserve-empty", "TIKI-END-1"),
        # a tie loop needs tie_loop='draw'
        (BOARD + "+1,+2,0 over x x - 0,0 0,7 - + 40 =:tie-loop", "TIKI-END-4"),
        # no -1 village: nothing spoils
        (
            "+1,0,+1/+1,+1,+1/+1,+2,0 turn x x - 1,0 5,1 - - 40 - rules:tiles=2,1,1,1,1,1,1,0,0",
            "TIKI-INFL-7",
        ),
        # only +2 villages: fruits come in pairs
        (
            "+2,+2,+2/+2,+2,+2/+2,+2,+2 turn x x - 1,0 6,0 - - 40 - rules:tiles=2,2,2,2,2,2,2,2,2",
            "TIKI-INFL-4",
        ),
        # no village pays: nobody holds a fruit
        (
            "0,0,0/0,0,-1/0,-1,0 turn x x - 1,0 5,1 - - 40 - rules:tiles=0,0,0,0,0,0,0,-1,-1",
            "TIKI-INFL-4",
        ),
    ],
)
def test_fruit_counts_that_no_game_reaches_tiki_setup_4(text: str, clause: str) -> None:
    """TIKI-SETUP-4: which counts a game reaches depends on the village values and the
    end rules; the readers explore them all and refuse the rest."""
    _refuses(text, clause)


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(shaman=True, end_check="action", movable="any", no_move="lose")],
    ids=repr,
)
def test_every_state_of_the_first_turns_reads_back_tiki_turn_1(rules: Rules) -> None:
    """The new checks refuse no real position: every state of every game, to the first
    influenced villages (5 turns, the fewest), reads back (TIKI-TURN-1, TIKI-SETUP-4,
    TIKI-SHAMAN-2)."""
    start = tiki.new_game(rules, layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=X)
    seen = {start: None}  # a dict: insertion order, so the sample below is reproducible
    frontier = [start]
    for _ in range(6):  # 6 decisions: 6 turns, or 5 and the shaman's placement
        new = {tiki.apply(s, a): None for s in frontier for a in tiki.legal_actions(s)}
        frontier = [s for s in new if s not in seen]
        seen.update(dict.fromkeys(frontier))
    tight = [s for s in seen if s.reserve < 7 or s.phase is not Phase.TURN]
    assert any(s.reserve < 7 for s in tight)
    assert not rules.shaman or any(s.phase is Phase.SHAMAN for s in tight)
    rest = [s for s in seen if s.reserve == 7 and s.phase is Phase.TURN]
    for state in tight + rest[:: 1 + len(rest) // 3000]:
        assert tiki.from_text(tiki.to_text(state)) == state


# --------------------------------------------------------------------------- fuzz finds


def test_fuzz_a_game_without_a_cap_ends_at_the_turn_bound_tiki_end_6() -> None:
    """Found by ``tiki fuzz``: a position at turn 2**53 - 1 without a turn cap was read,
    and one more turn reached a turn count no reader takes. A game without a cap now
    ends by the turn cap after 2**53 - 1 turns (``Rules.turn_cap``), so every state a
    game reaches reads back (TIKI-END-6)."""
    before = tiki.from_text(BOARD + f"+1x,+2,0 turn o o - 0,0 7,0 - - {LIMIT - 1} -")
    after = tiki.apply(before, Create(O, B1))
    assert after.turn == LIMIT and after.result == tiki.Outcome(None, (0, 0), "turn-cap")
    assert tiki.from_text(tiki.to_text(after)) == after
    assert Rules().turn_cap == LIMIT and Rules(max_turns=7).turn_cap == 7
    _refuses(tiki.to_text(after).replace(" =:turn-cap", " -").replace("over", "turn"), "TIKI-END-6")


def test_fuzz_an_event_score_of_5000_digits_is_refused_tiki_end_1() -> None:
    """Found by ``tiki fuzz`` (``event_from_json``, 7 inputs in 100,000): a game-over
    event whose outcome scored a number of 5,000 digits was read, and writing its text
    raised ValueError (Python's limit on the digits of an int it prints). An outcome's
    scores are the fruits each player holds, 0 to 7, as in a state's result (TIKI-END-1);
    any other number is refused at its path."""
    event = GameOver(tiki.Outcome(X, (4, 1), "four-fruits"), "TIKI-END-1")
    over = tiki.jsonio.event_to_json(event)
    assert tiki.jsonio.event_from_json(over) == event
    for score in (10**5000, 8, -1):
        bad = {**over, "outcome": {**over["outcome"], "scores": [score, 1]}}
        del bad["text"]
        with pytest.raises(tiki.NotationError, match="expected a number") as err:
            tiki.jsonio.event_from_json(bad)
        assert err.value.position == "$.outcome.scores[0]"


def test_play_with_a_seed_no_record_holds_is_a_usage_error_tiki_setup_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Noticed with the seed bound: ``tiki play --seed 10**20 --record FILE`` ended in a
    traceback (the Record refused the seed). The seed draws the layout (TIKI-SETUP-1);
    one a record cannot hold is now a one-line usage error, exit status 2."""
    from tiki.tools.cli import main

    assert main(["play", "--seed", str(10**20), "--max-plies", "3"]) == 2
    assert "argument --seed: a whole number of at most 2**53 - 1" in capsys.readouterr().err
    assert main(["play", "--seed", str(-LIMIT), "--max-plies", "3"]) == 0


def test_writing_a_malformed_action_as_json_is_a_notation_error_tiki_turn_3() -> None:
    """Noticed beside the printing hole: ``action_to_json(Create(X, 99))`` raised
    IndexError, and so did ``record_to_json`` of a record holding one (a Record does
    not replay its actions until asked). Now NotationError; ``well_formed`` says which
    actions can be legal at all (TIKI-TURN-3)."""
    from tiki.model.actions import well_formed

    for bad in (Create(X, 99), Move(X, ()), Layout((1,) * 8), FirstPlayer(True)):  # type: ignore[arg-type]
        assert not well_formed(bad)
        with pytest.raises(tiki.NotationError, match="malformed"):
            tiki.action_to_json(bad)
        with pytest.raises(tiki.NotationError):
            tiki.record_to_json(tiki.Record(actions=(bad,)))
    assert well_formed(Create(X, A1)) and well_formed(Layout(tiki.DEFAULT_TILES))
    with pytest.raises(tiki.NotationError, match="at least the village") as e:
        tiki.action_from_json({"type": "move", "player": "x", "path": []})
    assert e.value.position == "$.path"


# --------------------------------------------------------------------------- refusals


_CLASS_NAME = re.compile(
    r"\b(Create|Move|Order|PlaceShaman|MoveShaman|KeepShaman|Pass|Layout|FirstPlayer)\b"
)


@pytest.mark.parametrize("phase", [p for p in Phase if p is not Phase.OVER], ids=lambda p: p.value)
def test_hole_a_wrong_kind_of_action_was_refused_by_its_class_tiki_turn_3(phase: Phase) -> None:
    """Hole: an action of a kind the decision does not ask for was refused by its
    class, ``Order does not answer the decision asked: a create or a move``. Now, in
    every phase, it is named by its token and the decision says who decides what
    (``!a1 does not answer the decision asked: x creates or moves a totem``), and no
    refusal names a Python class (TIKI-TURN-3)."""
    state = PHASE_STATES[phase]
    refused = 0
    for action in _base_actions(state):
        why = tiki.engine.why_illegal(state, action)
        if why is None:
            continue
        clause, reason = why
        assert not _CLASS_NAME.search(reason), reason
        if "does not answer" in reason:
            assert clause == "TIKI-TURN-3"
            assert reason.startswith(f"{tiki.action_token(state, action)} does not answer the "
                                     "decision asked: ")
            refused += 1
    assert refused >= 6


def test_hole_the_reported_refusal_and_a_non_action_tiki_turn_3() -> None:
    """The reported case word for word, and an object that is no action at all
    (TIKI-TURN-3)."""
    state = PHASE_STATES[Phase.TURN]
    who = "x" if state.actor == X else "o"
    with pytest.raises(IllegalActionError) as err:
        tiki.step(state, Order(state.actor, B1))
    assert str(err.value) == (
        f"!b1 does not answer the decision asked: {who} creates or moves a totem (TIKI-TURN-3)"
    )
    with pytest.raises(IllegalActionError, match=r"^'\+a1' is not a Tiki action \(parse_action"):
        tiki.step(state, "+a1")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- deep views


def _json_places(value: object, path: str = "$") -> Iterator[tuple[str, tuple[object, ...]]]:
    """Every place in a JSON value: its JSON path and the keys that lead to it."""
    yield path, ()
    items = value.items() if isinstance(value, dict) else (
        enumerate(value) if isinstance(value, list) else ())
    for key, item in items:
        where = f"{path}.{key}" if isinstance(key, str) else f"{path}[{key}]"
        for p, keys in _json_places(item, where):
            yield p, (key, *keys)


def _put(value: object, keys: tuple[object, ...], new: object) -> object:
    """``value`` with the part at ``keys`` replaced by ``new`` (copied along the way)."""
    if not keys:
        return new
    head, rest = keys[0], keys[1:]
    if isinstance(value, dict):
        return {**value, head: _put(value[head], rest, new)}  # type: ignore[index]
    assert isinstance(value, list) and isinstance(head, int)
    return [_put(v, rest, new) if i == head else v for i, v in enumerate(value)]


def test_hole_deep_nesting_anywhere_in_a_view_is_refused_where_it_is_tiki_setup_1() -> None:
    """As in tikalspeed (whose view reader deep-copied the state before checking it and
    raised RecursionError): 10,000 levels of arrays or objects, or 300, put in place of
    any part of a view, a state or a record (every field, every entry) are a
    NotationError whose JSON path names that part or the field holding it, read by
    ``view_from_json`` or ``from_json`` (TIKI-SETUP-1)."""
    deep: list[object] = []
    for levels, kind in ((10_000, list), (10_000, dict), (300, list)):
        value: object = 0
        for _ in range(levels):
            value = [value] if kind is list else {"k": value}
        deep.append(value)
    state = tiki.new_game(Rules(shaman=True), seed=1)
    view = tiki.jsonio.view_to_json(tiki.observe(state, X))
    record = tiki.record_to_json(tiki.Record(rules=state.rules, start=tiki.to_text(state)))
    tried = 0
    for obj, read in (
        (view, tiki.jsonio.view_from_json),
        (view, tiki.jsonio.from_json),
        (tiki.state_to_json(state), tiki.jsonio.from_json),
        (record, tiki.jsonio.from_json),
    ):
        for where, keys in _json_places(obj):
            for nested in deep:
                e = _refused(read, _put(obj, keys, nested))
                at = e.position
                assert isinstance(at, str) and (at.startswith(where) or where.startswith(at)), (
                    where, str(e))
                tried += 1
    assert tried > 500


# --------------------------------------------------------------------------- views


def _takes_a_state() -> set[str]:
    """The public functions (facade, ``jsonio``, ``svg``) whose first parameter is a
    position (``state``, ``position``), a record or any object to write."""
    import inspect

    found = set()
    for module, prefix in ((tiki, ""), (tiki.jsonio, "jsonio."), (tiki.svg, "svg.")):
        for name in module.__all__:
            f = getattr(module, name)
            if inspect.isfunction(f):
                params = list(inspect.signature(f).parameters)
                if params and params[0] in ("state", "position", "record", "obj"):
                    found.add(prefix + name)
    return found


def test_hole_every_function_that_takes_a_state_serves_or_refuses_a_view_tiki_turn_3() -> None:
    """Hole: ``to_text(observe(s, x))`` raised ``AttributeError: 'View' object has no
    attribute 'tiles'`` (so did ``parse_action``, ``state_to_json``, ``resolve_chance``,
    ``write_record``, ``replay`` and ``record_to_json``). Now every public function that
    takes a position, given a view, either serves it (the tokens and the decision of its
    position, its picture, its own JSON) or refuses it with a library error that names
    the view's own form: a NotationError for the text and JSON forms and records, the
    engine's IllegalActionError elsewhere (TIKI-TURN-3)."""
    s = PHASE_STATES[Phase.TURN]
    view = tiki.observe(s, s.actor)
    rng = random.Random(0)
    mine = tiki.legal_actions(s)[0]
    serves = {
        "parse_action": lambda: tiki.parse_action(view, str(mine)) == mine,
        "action_token": lambda: tiki.action_token(view, mine) == str(mine),
        "decision": lambda: tiki.decision(view).actors == (s.actor,),
        "decision_to_json": lambda: tiki.decision_to_json(view)["type"] == "decision",
        "svg.board": lambda: tiki.svg.board(view).startswith("<svg"),
        "jsonio.to_json": lambda: tiki.jsonio.to_json(view) == tiki.jsonio.view_to_json(view),
        "jsonio.dumps": lambda: tiki.jsonio.loads(tiki.jsonio.dumps(view)) == view,
        "is_legal": lambda: tiki.is_legal(view, mine) is False,  # type: ignore[arg-type]
    }
    notation = {
        "to_text": (lambda: tiki.to_text(view), "view_to_text(view)"),  # type: ignore[arg-type]
        "state_to_json": (lambda: tiki.state_to_json(view), "view_to_json"),  # type: ignore[arg-type]
        "jsonio.state_to_json": (lambda: tiki.jsonio.state_to_json(view), "view_to_json"),  # type: ignore[arg-type]
        "write_record": (lambda: tiki.write_record(view), "takes a Record"),  # type: ignore[arg-type]
        "replay": (lambda: tiki.replay(view), "takes a Record"),  # type: ignore[arg-type]
        "record_to_json": (lambda: tiki.record_to_json(view), "takes a Record"),  # type: ignore[arg-type]
        "jsonio.record_to_json": (lambda: tiki.jsonio.record_to_json(view), "takes a Record"),  # type: ignore[arg-type]
        "Record": (lambda: tiki.Record(rules=s.rules, start=view), "starts from a position"),  # type: ignore[arg-type]
    }
    engine = {
        "step": lambda: tiki.step(view, mine),  # type: ignore[arg-type]
        "apply": lambda: tiki.apply(view, mine),  # type: ignore[arg-type]
        "legal_actions": lambda: tiki.legal_actions(view),  # type: ignore[arg-type]
        "actors": lambda: tiki.actors(view),  # type: ignore[arg-type]
        "outcome": lambda: tiki.outcome(view),  # type: ignore[arg-type]
        "chance_outcomes": lambda: tiki.chance_outcomes(view),  # type: ignore[arg-type]
        "sample_chance": lambda: tiki.sample_chance(view, rng),  # type: ignore[arg-type]
        "resolve_chance": lambda: tiki.resolve_chance(view, rng),  # type: ignore[arg-type]
        "observe": lambda: tiki.observe(view, X),  # type: ignore[arg-type]
        "solve": lambda: tiki.solve(view, limit=10),  # type: ignore[arg-type]
    }
    assert _takes_a_state() <= set(serves) | set(notation) | set(engine)
    for name, serve in serves.items():
        assert serve(), name
    for name, (call, use) in notation.items():
        e = _refused(call)
        assert "View" in str(e) and use in str(e), name
    for call in engine.values():
        with pytest.raises(IllegalActionError, match=r"a View \(observe\(\)\) is not a position: "
                           r".*view_actions\(view\)"):
            call()
    assert "a State is not a View" in str(_refused(tiki.view_to_text, s))
    assert "a State is not a View" in str(_refused(tiki.jsonio.view_to_json, s))
