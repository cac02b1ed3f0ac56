"""Game records: ``Record``, ``write_record``, ``read_record`` and ``replay``.

Record texts here were written by hand from the format in ``docs/tiki-notation.md``.
"""

from __future__ import annotations

import random

import pytest
from strategies import playout

import tiki
from tiki import (
    A1,
    B1,
    B2,
    C1,
    Create,
    FirstPlayer,
    IllegalActionError,
    Layout,
    Move,
    NotationError,
    O,
    Order,
    Record,
    Rules,
    X,
    from_text,
    new_game,
    read_record,
    replay,
    to_text,
    write_record,
)

LAYOUT = (1, 2, 0, 1, 1, -1, 1, 0, 1)
LAYOUT_TOKEN = "layout=1,2,0,1,1,-1,1,0,1"
START = "+1,0,-1/+2,+1,0/+1ox,+1xo,+1ox turn x x - 3,1 3,0 - - 24 -"
"""x to move with 3 fruits; a1-b1-c1 brings b1 (+1, top o) and c1 (+1, top x) to 3."""

VARIANTS = (
    Rules(),
    Rules(shaman=True),
    Rules(shaman=True, shaman_entry="marsh"),
    Rules(movable="any"),
    Rules(allow_turns=False),
    Rules(max_turns=30),
    Rules(shaman=True, end_check="action", no_move="draw"),
)


def test_chance_record_text_tiki_setup_1_and_5() -> None:
    """TIKI-SETUP-1, TIKI-SETUP-5: without seed or position the record starts at the
    layout chance node and lists the chance outcomes as actions; move numbers go before
    the first player's turns."""
    actions = [Layout(LAYOUT), FirstPlayer(X), Create(X, B2), Create(O, A1)]
    rec = Record.from_actions(actions)
    assert rec.result == "*" and rec.seed is None and rec.start is None
    text = f'[Game "Tiki"]\n[Format "1"]\n[Result "*"]\n\n{LAYOUT_TOKEN} first=x 1. +b2 +a1 *\n'
    assert write_record(rec) == text
    assert read_record(text) == rec
    states = replay(rec)
    assert states[0] == new_game()
    assert states[1].tiles == LAYOUT
    assert states[2].active == X


def test_position_record_tiki_end_1() -> None:
    """A record from a custom position: o orders c1 first, x reaches 4 fruits and wins
    (TIKI-INFL-3, TIKI-END-1); the written record has the Position header, move 13 and the
    result 1-0, and reads back without the move number too."""
    text = (
        f'[Game "Tiki"]\n[Format "1"]\n[Position "{START}"]\n[Result "1-0"]\n\n'
        "13. a1-b1-c1 !c1 1-0\n"
    )
    rec = read_record(text)
    assert rec.actions == (Move(X, (A1, B1, C1)), Order(O, C1))
    assert rec.result == "1-0" and rec.start == START
    assert write_record(rec) == text
    assert read_record(text.replace("13. ", "")) == rec
    final = replay(rec)[-1]
    assert final.result == tiki.Outcome(X, (4, 1), "four-fruits")
    assert replay(rec)[0] == from_text(START)


def test_from_actions_takes_the_start_rules() -> None:
    """With a start position and no rules given, the record plays by the position's
    rules; a Rules header is written for them."""
    start = from_text(START.replace("3,0 - -", "3,0 a3b3 -") + " rules:shaman=true")
    rec = Record.from_actions([], start=start)
    assert rec.rules == Rules(shaman=True)
    assert '[Rules "shaman=true"]' in write_record(rec)
    assert read_record(write_record(rec)) == rec


@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_replay_rebuilds_every_state(rules: Rules) -> None:
    """Replaying a record gives exactly the states of the game it was recorded from, for
    records at chance nodes, with a seed and from a mid-game position; the text form
    reads back to an equal record."""
    rng = random.Random(f"record {rules!r}")
    for _ in range(4):
        game = playout(rules, rng.randrange(2**32))
        rec = Record.from_actions(game.actions, rules=rules)
        assert replay(rec) == game.states
        assert read_record(write_record(rec)) == rec
        expected = "*" if game.final.result is None else game.final.result.result()
        assert rec.result == expected

        cut = rng.randrange(len(game.states))
        mid = Record.from_actions(game.actions[cut:], start=game.states[cut])
        assert replay(mid) == game.states[cut:]
        assert read_record(write_record(mid)) == mid

        seed = rng.randrange(1000)
        seeded = playout_from(new_game(rules, seed=seed), rng)
        srec = Record.from_actions(seeded[1], rules=rules, seed=seed)
        assert replay(srec) == seeded[0]
        assert read_record(write_record(srec)) == srec


def playout_from(
    state: tiki.State, rng: random.Random, plies: int = 300
) -> tuple[tuple[tiki.State, ...], tuple[tiki.Action, ...]]:
    """Random legal play from ``state``: the states and the actions."""
    states, actions = [state], []
    while state.result is None and len(actions) < plies:
        action = rng.choice(tiki.legal_actions(state))
        state = tiki.apply(state, action)
        states.append(state)
        actions.append(action)
    return tuple(states), tuple(actions)


def test_written_lines_are_short() -> None:
    """The moves are wrapped at 80 characters; a move number stays with its action."""
    game = playout(Rules(), 5)
    text = write_record(Record.from_actions(game.actions, headers=(("Event", "Wrap"),)))
    moves = text.split("\n\n", 1)[1]
    assert all(len(line) <= 80 for line in moves.splitlines())
    assert all(not line.rstrip().endswith(".") for line in moves.splitlines())


def test_headers_round_trip() -> None:
    """Extra headers keep their order; quotes and backslashes are escaped."""
    headers = (("Event", 'The "Island" Cup'), ("X", "Ana\\Bo"), ("O", "Kai"), ("Date", "2024"))
    rec = Record.from_actions([], seed=1, headers=headers)
    text = write_record(rec)
    assert '[Event "The \\"Island\\" Cup"]' in text
    assert read_record(text).headers == headers


def test_seed_record_header() -> None:
    """A seeded record writes Seed and starts from new_game(rules, seed=...)."""
    rec = Record.from_actions([], rules=Rules(max_turns=40), seed=42)
    text = write_record(rec)
    assert text.splitlines()[2:4] == ['[Rules "max_turns=40"]', '[Seed "42"]']
    assert replay(read_record(text))[0] == new_game(Rules(max_turns=40), seed=42)


BASE = [
    '[Game "Tiki"]',
    '[Format "1"]',
    '[Result "*"]',
    "",
    f"{LAYOUT_TOKEN} first=x 1. +b2 +a1",
    "2. +c1 *",
]


def _text(*changes: tuple[int, str]) -> str:
    lines = list(BASE)
    for index, line in changes:
        lines[index] = line
    return "\n".join(lines) + "\n"


def test_base_record_reads() -> None:
    """The record the error cases below alter is itself fine."""
    assert len(read_record(_text()).actions) == 5


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (_text((5, "2. +b2 *")), 6, "TIKI-CREATE-3"),
        (_text((5, "2. a1-a2 *")), 6, "TIKI-MOVE-1"),
        (_text((4, f"{LAYOUT_TOKEN} first=x 1. +b2 +a1 pass")), 5, "TIKI-TURN-2"),
        (_text((4, "layout=2,2,0,1,1,-1,1,0,1 first=x")), 5, "TIKI-SETUP-2"),
        (_text((4, f"+b2 {LAYOUT_TOKEN}")), 5, "TIKI-TURN-3"),
        (_text((5, "2. +zz *")), 6, "unknown village"),
        (_text((5, "2. +c1 1-0")), 6, "actions give \\*"),
        (_text((5, "2. +c1")), 6, "result token"),
        (_text((5, "2. +c1 * +c2")), 6, "after the result"),
        (_text((5, "3. +c1 *")), 6, "move number"),
        (_text((0, "[Game Tiki]")), 1, "header"),
        (_text((0, '[Event "x"]')), 1, "Game"),
        (_text((0, '[Game "Chess"]')), 1, "Tiki"),
        (_text((1, '[Format "2"]')), 2, "Format"),
        (_text((1, '[Game "Tiki"]')), 2, "twice"),
        (_text((1, '[Rules "colour=red"]')), 2, "unknown rule"),
        (_text((1, '[Seed "abc"]')), 2, "seed"),
        (_text((1, '[Position "? turn"]')), 2, "Position"),
        (_text((2, '[Result "1-0"]')), 3, "Result header"),
        (_text((2, '[Result "2-0"]')), 3, "unknown result"),
        (_text((5, '[Event "late"]')), 6, "header after"),
    ],
)
def test_read_record_errors(text: str, line: int, message: str) -> None:
    """A record that cannot be read or does not replay is rejected at the line that
    breaks it; an illegal action's clause is named."""
    with pytest.raises(NotationError, match=message) as e:
        read_record(text)
    assert e.value.position == line


def test_seed_and_position_together() -> None:
    """A record has a seed or a position, not both."""
    text = f'[Game "Tiki"]\n[Seed "3"]\n[Position "{START}"]\n\n*\n'
    with pytest.raises(NotationError, match="not both") as e:
        read_record(text)
    assert e.value.position == 3
    with pytest.raises(ValueError, match="not both"):
        Record(seed=3, start=START)


def test_replay_rejects_illegal_actions_with_the_clause() -> None:
    """``replay`` of a record built in code rejects an illegal action with a
    NotationError whose cause carries the clause (TIKI-CREATE-3)."""
    rec = Record(actions=(Layout(LAYOUT), FirstPlayer(X), Create(X, B2), Create(O, B2)))
    with pytest.raises(NotationError, match="action 4 '\\+b2'") as e:
        replay(rec)
    assert isinstance(e.value.__cause__, IllegalActionError)
    assert e.value.__cause__.clause == "TIKI-CREATE-3"
    with pytest.raises(NotationError, match="TIKI-CREATE-3"):
        Record.from_actions(rec.actions)


def test_replay_checks_the_result() -> None:
    """A record whose result is not what its actions reach does not replay."""
    with pytest.raises(NotationError, match="1-0"):
        replay(Record(actions=(Layout(LAYOUT),), result="1-0"))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"result": "2-0"},
        {"headers": (("Result", "1-0"),)},
        {"headers": (("Event", "a"), ("Event", "b"))},
        {"headers": (("Bad Key", "a"),)},
        {"headers": (("Event", "two\nlines"),)},
        {"seed": "7"},
        {"rules": Rules(shaman=True), "start": START},
    ],
)
def test_record_fields_are_checked(kwargs: dict[str, object]) -> None:
    """Bad field values fail at construction with ValueError."""
    with pytest.raises(ValueError):
        Record(**kwargs)  # type: ignore[arg-type]


def test_start_is_kept_canonical() -> None:
    """A start position given as a State or as text is stored as its canonical text."""
    state = from_text(START)
    assert Record(start=state).start == START == to_text(state)
    assert Record(start=START.replace(" ", "  ")).start == START
