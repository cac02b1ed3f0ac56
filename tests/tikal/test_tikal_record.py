"""Game records: ``Record``, ``write_record``, ``read_record`` and ``replay``.

Record texts here were written by hand from the format in ``docs/tikal-notation.md``.
"""

from __future__ import annotations

import random

import attrs
import pytest
from tikal_strategies import playout, variant_manifest

import tikalspeed
from tikalspeed import (
    CHANCE,
    DrawTile,
    EndTurn,
    IllegalActionError,
    NotationError,
    Phase,
    Record,
    Rules,
    State,
    apply,
    from_text,
    new_game,
    parse_action,
    read_record,
    replay,
    to_text,
    write_record,
)

TWO = Rules(mode="classic", players=2)
TWO_TEXT = "mode=classic;players=2"
"""The Rules header value of TWO: the base game names its mode (the default is 'speed')."""
AUCTION = Rules(mode="professional", players=2)
CLASSIC_TOKENS = (
    "draw=A1 place:c1:0 enter:l:a1 enter:w:a1 move:l:a1:c1 uncover:c1 end",
    "draw=A2 place:c2:0 enter:w:a1 enter:w:a1 move:w:a1:c2 dig:c2 find=E",
)
"""Two classic turns: P1 raises its new temple c1; P2 digs its new ruin c2 and finds
an E, which ends its turn (no AP left)."""
AUCTION_TOKENS = (
    "reveal=A1 reveal=A2 bid:3 pass",
    "take:A2 place:c1:0 enter:l:a1 end",
    "take:A1 place:c2:0 end",
    "reveal=A3 reveal=A6 pass pass",
)
"""A professional round: P1 wins the first auction for 3 and takes A2; P2 takes the last
tile free; in the next round both pass and P1, the first to pass, plays free."""


def tokens_to_actions(
    rules: Rules, lines: tuple[str, ...]
) -> tuple[State, list[tikalspeed.Action]]:
    """Play the tokens from ``new_game(rules)``: the last state and the actions."""
    state, actions = new_game(rules), []
    for token in " ".join(lines).split():
        action = parse_action(state, token)
        state = apply(state, action)
        actions.append(action)
    return state, actions


def header(rules: str | None = None, *extra: str, result: str = "*") -> str:
    """The header block: Game, Format, Rules (if given), extra lines, Result."""
    lines = ['[Game "Tikal"]', '[Format "1"]']
    if rules:
        lines.append(f'[Rules "{rules}"]')
    return "\n".join([*lines, *extra, f'[Result "{result}"]', "", ""])


def test_classic_record_text_tikal_draw_1() -> None:
    """TIKAL-DRAW-1, TIKAL-TREASURE-3: without seed or position the record starts at the
    first draw, and every chance outcome (the draws, the treasure found) is an action of
    the list; each turn starts a line with its number."""
    final, actions = tokens_to_actions(TWO, CLASSIC_TOKENS)
    rec = Record.from_actions(actions, rules=TWO)
    assert rec.actions[0] == DrawTile(0) and rec.actions[0].player == CHANCE
    text = header(TWO_TEXT) + f"1. {CLASSIC_TOKENS[0]}\n2. {CLASSIC_TOKENS[1]}\n3. *\n"
    assert write_record(rec) == text
    assert read_record(text) == rec
    states = replay(rec)
    assert states[0] == new_game(TWO) and states[-1] == final
    assert final.phase is Phase.DRAW and final.held[1][4] == 1


def test_auction_record_text_tikal_auction_2_to_7() -> None:
    """TIKAL-AUCTION-2 (reveals), TIKAL-AUCTION-3 (bids and passes), TIKAL-AUCTION-5 (the
    winner pays and plays), TIKAL-AUCTION-7 (the last tile free), TIKAL-AUCTION-6 (all
    pass: the first passer plays free): auction runs get lines of their own."""
    final, actions = tokens_to_actions(AUCTION, AUCTION_TOKENS)
    rec = Record.from_actions(actions, rules=AUCTION)
    a, b, c, d = AUCTION_TOKENS
    text = header("mode=professional;players=2") + f"{a}\n1. {b}\n2. {c}\n{d}\n3. *\n"
    assert write_record(rec) == text
    assert read_record(text) == rec
    assert replay(rec)[-1] == final and final.phase is Phase.CHOOSE and final.scores == (17, 20)


def test_turn_numbers_are_optional_but_checked() -> None:
    """Turn numbers may be left out; one that is given must be the turn's."""
    body = " ".join(CLASSIC_TOKENS) + " *\n"
    rec = read_record(header(TWO_TEXT) + body)
    assert len(rec.actions) == 14
    with pytest.raises(NotationError, match=r"turn number 2\. but this is turn 1") as e:
        read_record(header(TWO_TEXT) + "2. " + body)
    assert e.value.position == 6


def test_seed_record_header() -> None:
    """A seeded record writes Seed and starts from new_game(rules, seed=...), whose first
    chance nodes the seed resolves (TIKAL-DRAW-1)."""
    state = new_game(TWO, seed=42)
    end = EndTurn(0)
    place = next(a for a in tikalspeed.legal_actions(state))
    rec = Record.from_actions([place, end], rules=TWO, seed=42)
    text = write_record(rec)
    assert text.splitlines()[2:4] == ['[Rules "mode=classic;players=2"]', '[Seed "42"]']
    assert text.splitlines()[-2:] == [f"1. {place} end", "2. *"]
    assert replay(read_record(text))[0] == state


def test_position_record_counts_turns_from_the_position() -> None:
    """A record from a custom position keeps it as its Position header; a turn in
    progress there is turn 1 of the record."""
    mid, actions = tokens_to_actions(TWO, (CLASSIC_TOKENS[0],))
    start = replay(Record.from_actions(actions, rules=TWO))[-3]
    rec = Record.from_actions(actions[-2:], start=start)
    assert rec.rules == TWO and rec.start == to_text(start)
    text = header(TWO_TEXT, f'[Position "{to_text(start)}"]') + "1. uncover:c1 end\n2. *\n"
    assert write_record(rec) == text
    assert read_record(text) == rec
    assert replay(rec)[-1] == mid


def _last_turn(rules: Rules, seed: int) -> tuple[State, tikalspeed.Action, State]:
    """A finished random game: the state before its last action, the action, the end."""
    game = playout(rules, seed)
    return game.states[-2], game.actions[-1], game.final


def test_finished_record_ends_with_the_winner_tikal_end_2() -> None:
    """TIKAL-END-2: the result token (and header) is the winner, P1 … P4."""
    before, last, final = _last_turn(Rules(mode="classic", players=3), 5)
    assert final.result is not None and final.result.winner is not None
    winner = f"P{final.result.winner + 1}"
    rec = Record.from_actions([last], start=before)
    text = write_record(rec)
    assert rec.result == winner and f'[Result "{winner}"]' in text
    assert text.endswith(f" {winner}\n") and read_record(text) == rec


def test_shared_win_record_tikal_end_2() -> None:
    """TIKAL-END-2: a tie at the top is a shared win, written 'shared'. The scores
    before the last turn are set so that everyone ends on 30."""
    before, last, final = _last_turn(Rules(mode="classic", players=4), 8)
    assert final.result is not None
    gained = [f - b for f, b in zip(final.result.scores, before.scores, strict=True)]
    even = before.replace(scores=tuple(30 - g for g in gained))
    rec = Record.from_actions([last], start=from_text(to_text(even)))
    assert rec.result == "shared"
    assert replay(rec)[-1].result == tikalspeed.Outcome(None, (30, 30, 30, 30), "final-scoring")
    assert write_record(rec).endswith(f"{last} shared\n")
    assert read_record(write_record(rec)) == rec


GAMES = [(Rules(mode=m, players=n), n) for m in ("classic", "professional") for n in (2, 3, 4)]


@pytest.mark.parametrize(("rules", "seed"), GAMES, ids=repr)
def test_replay_rebuilds_every_state(rules: Rules, seed: int) -> None:
    """Replaying a record gives exactly the states of the game it was recorded from,
    chance outcomes included (TIKAL-DRAW-1), for whole games and from a mid-game
    position; the text form reads back to an equal record, in lines of at most 80
    characters."""
    game = playout(rules, seed)
    rec = Record.from_actions(game.actions, rules=rules)
    assert replay(rec) == game.states
    text = write_record(rec)
    assert read_record(text) == rec
    assert all(len(line) <= 80 for line in text.split("\n\n", 1)[1].splitlines())
    cut = random.Random(seed).randrange(len(game.states))
    mid = Record.from_actions(game.actions[cut:], start=game.states[cut])
    assert replay(mid) == game.states[cut:]
    assert read_record(write_record(mid)) == mid


def test_custom_manifest_record_tikal_tile_7() -> None:
    """TIKAL-TILE-7: a record of a game with a corrected manifest names it in its Rules
    header and reads back only with those rules."""
    letters = [t.letter for t in tikalspeed.load_manifest().tiles]
    rules = Rules(mode="classic", players=2, manifest=variant_manifest(letters, [0] * 36))
    game = playout(rules, 3, max_plies=40)
    rec = Record.from_actions(game.actions, rules=rules)
    text = write_record(rec)
    assert '[Rules "mode=classic;players=2;manifest=shuffled@1"]' in text
    assert read_record(text, rules=rules) == rec
    with pytest.raises(NotationError, match="unknown manifest") as e:
        read_record(text)
    assert e.value.position == 3
    with pytest.raises(NotationError, match="differs from the rules given") as e:
        read_record(text, rules=attrs.evolve(rules, players=3))
    assert e.value.position == 3
    with pytest.raises(NotationError, match="no Rules header") as e:
        read_record(write_record(Record()), rules=rules)
    assert e.value.position == 1


def test_headers_round_trip() -> None:
    """Extra headers keep their order; quotes and backslashes are escaped."""
    headers = (("Event", 'The "Jungle" Cup'), ("P1", "Ana\\Bo"), ("Date", "2024"))
    rec = Record.from_actions([], seed=1, headers=headers)
    text = write_record(rec)
    assert '[Event "The \\"Jungle\\" Cup"]' in text
    assert read_record(text).headers == headers


BASE = [
    '[Game "Tikal"]',
    '[Format "1"]',
    '[Rules "mode=classic;players=2"]',
    '[Result "*"]',
    "",
    f"1. {CLASSIC_TOKENS[0]}",
    "2. draw=A2 place:c2:0 *",
]


def _text(*changes: tuple[int, str]) -> str:
    lines = list(BASE)
    for index, line in changes:
        lines[index] = line
    return "\n".join(lines) + "\n"


def test_base_record_reads() -> None:
    """The record the error cases below alter is itself fine."""
    assert len(read_record(_text()).actions) == 9


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (_text((6, "2. draw=A1 *")), 7, "'draw=A1' does not replay.*TIKAL-DRAW-1"),
        (_text((6, "2. draw=A2 place:d1:1 *")), 7, "'place:d1:1'.*TIKAL-PLACE-2"),
        (_text((6, "2. draw=A2 bid:3 *")), 7, "'bid:3'.*TIKAL-TURN-4"),
        (_text((5, "1. draw=A1 place:c1:0 uncover:c1")), 6, "'uncover:c1'.*TIKAL-UNCOVER-1"),
        (_text((5, "1. draw=A1 place:c1:0 camp:b2 camp:c1")), 6, "'camp:c1'.*TIKAL-CAMP-1"),
        (_text((5, "1. draw=A1 place:c1:0 end end")), 6, "'end'.*TIKAL-TURN-4"),
        (_text((6, "2. draw=Q2 *")), 7, "unknown tile 'Q2'"),
        (_text((6, "2. draw=A2 place:c2:9 *")), 7, "unknown rotation"),
        (_text((6, "2. draw=A2 place:c2:0 P1")), 7, "actions give \\*"),
        (_text((6, "2. draw=A2 place:c2:0")), 7, "result token"),
        (_text((6, "2. draw=A2 place:c2:0 * end")), 7, "after the result"),
        (_text((6, "3. draw=A2 place:c2:0 *")), 7, "turn number"),
        (_text((0, "[Game Tikal]")), 1, "header"),
        (_text((0, '[Event "x"]')), 1, "Game"),
        (_text((0, '[Game "Tiki"]')), 1, "Tikal"),
        (_text((1, '[Format "2"]')), 2, "Format"),
        (_text((1, '[Game "Tikal"]')), 2, "twice"),
        (_text((2, '[Rules "colour=red"]')), 3, "unknown rule"),
        (_text((2, '[Rules "players=5"]')), 3, "Rules.players"),
        (_text((1, '[Seed "abc"]')), 2, "seed"),
        (_text((1, '[Position "8/8 draw"]')), 2, "Position"),
        (_text((3, '[Result "P2"]')), 4, "Result header"),
        (_text((3, '[Result "2-0"]')), 4, "unknown result"),
        (_text((6, '[Event "late"]')), 7, "header after"),
    ],
)
def test_read_record_errors(text: str, line: int, message: str) -> None:
    """A record that cannot be read or does not replay is rejected at the 1-based line
    that breaks it, naming the token and, for an illegal action, the clause."""
    with pytest.raises(NotationError, match=message) as e:
        read_record(text)
    assert e.value.position == line


def test_seed_and_position_together() -> None:
    """A record has a seed or a position, not both."""
    start = to_text(new_game(TWO))
    text = f'[Game "Tikal"]\n[Seed "3"]\n[Position "{start}"]\n\n*\n'
    with pytest.raises(NotationError, match="not both") as e:
        read_record(text)
    assert e.value.position == 3
    with pytest.raises(ValueError, match="not both"):
        Record(rules=TWO, seed=3, start=start)


def test_replay_rejects_illegal_actions_with_the_clause() -> None:
    """``replay`` of a record built in code rejects an illegal action with a
    NotationError naming the action; its cause carries the clause (TIKAL-DRAW-1: the
    tile is not in the topmost stack)."""
    rec = Record(rules=TWO, actions=(DrawTile(32),))
    with pytest.raises(NotationError, match="action 1 'draw=G1'") as e:
        replay(rec)
    assert isinstance(e.value.__cause__, IllegalActionError)
    assert e.value.__cause__.clause == "TIKAL-DRAW-1"
    with pytest.raises(NotationError, match="TIKAL-DRAW-1"):
        Record.from_actions(rec.actions, rules=TWO)


def test_replay_checks_the_result() -> None:
    """A record whose result is not what its actions reach does not replay."""
    with pytest.raises(NotationError, match="says P1"):
        replay(Record(rules=TWO, actions=(DrawTile(0),), result="P1"))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"result": "1-0"},
        {"headers": (("Result", "P1"),)},
        {"headers": (("Event", "a"), ("Event", "b"))},
        {"headers": (("Bad Key", "a"),)},
        {"headers": (("Event", "two\nlines"),)},
        {"seed": "7"},
        {"rules": TWO, "start": to_text(new_game(Rules(mode="classic")))},
        {"start": 3},
    ],
)
def test_record_fields_are_checked(kwargs: dict[str, object]) -> None:
    """Bad field values fail at construction with ValueError."""
    with pytest.raises(ValueError):
        Record(**kwargs)  # type: ignore[arg-type]


def test_start_is_kept_canonical() -> None:
    """A start position given as a State or as text is stored as its canonical text."""
    state = new_game(TWO)
    text = to_text(state)
    assert Record(rules=TWO, start=state).start == text
    assert Record(rules=TWO, start=text.replace(" ", "  ")).start == text
    assert Record.from_actions([], start=text).rules == TWO
