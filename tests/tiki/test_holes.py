"""Regression tests for holes found in the library's contract, one section per hole.

The contract: for bad input only ``tiki.IllegalActionError`` and ``tiki.NotationError``
(both ``ValueError``) escape, never ``TypeError``, ``IndexError``, ``AttributeError``,
``RecursionError`` or a bare ``ValueError``; and nothing the library accepts leads to
a state it would refuse to read back, or that no real game reaches. Each test names
its hole and cites the clause it proves.
"""

from __future__ import annotations

import random
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
