"""Text forms of the Speed game: the ``speed:`` field and ``P2:d3`` marks of the position
string, ``tokens:3`` / ``P2:tokens:3`` tokens, records of Speed games and their JSON
(SPEED-JUMP-1: simultaneous, secret token choices; SPEED-AUCTION-2: the Round Order)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tikalspeed
from tikalspeed import (
    CHANCE,
    EndTurn,
    NotationError,
    Phase,
    Record,
    Rules,
    State,
    from_text,
    jsonio,
    new_game,
    observe,
    parse_action,
    read_record,
    replay,
    to_text,
    write_record,
)
from tikalspeed.model.actions import ChooseTokens  # not yet exported by tikalspeed/__init__.py
from tikalspeed.text.record import action_token

SPEED_GAMES = [
    (Rules(mode="speed", players=2), 11),
    (Rules(mode="speed", players=3, forfeit=True, jump_limits="jump"), 12),
    (Rules(mode="speed", players=4, two_volcanoes="last-secured", uncover_limit="turn"), 13),
    (Rules(mode="speed", players=4, forfeit=True, treasure_limit="turn", max_bid="any"), 14),
    (Rules(players=3, jump_action="one-kind", jump_move="border", volcano_scoring="turns"), 15),
    (Rules(players=4, jump_blocked="lost", final_scoring="turns", jump_action="one-kind"), 16),
]
"""Seeded Speed games of 2, 3 and 4 players under varied readings (the last two with
the options of SPEED-JUMP-3, SPEED-JUMP-7, SPEED-SCORE-1 and SPEED-END-1)."""


def speed_game(rules: Rules, seed: int) -> tuple[list[State], list[tikalspeed.Action]]:
    """A whole game from ``new_game(rules, seed=seed)``: chance by ``sample_chance``,
    every decision uniform over ``legal_actions`` (at a TOKENS node: any jumper's)."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    states, actions = [state], []
    while tikalspeed.outcome(state) is None:
        if tikalspeed.actors(state) == (CHANCE,):
            action = tikalspeed.sample_chance(state, rng)
        else:
            action = rng.choice(tikalspeed.legal_actions(state))
        state = tikalspeed.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


@pytest.fixture(scope="module")
def games() -> list[tuple[Rules, int, list[State], list[tikalspeed.Action]]]:
    return [(r, seed, *speed_game(r, seed)) for r, seed in SPEED_GAMES]


def test_every_state_and_action_round_trips(games: Any) -> None:
    """At every step of seeded 2-, 3- and 4-player Speed games the position string and
    the JSON give the state back, and each action's token (``P2:tokens:3`` at a TOKENS
    node, SPEED-JUMP-1) and JSON give the action back."""
    phases = set()
    for rules, _, states, actions in games:
        for state, action in zip(states, [*actions, None], strict=True):
            phases.add(state.phase)
            text = to_text(state)
            assert text.split()[-2].startswith("speed:")
            assert from_text(text) == state
            assert jsonio.loads(jsonio.dumps(state)) == state
            if action is None:
                continue
            token = action_token(state, action)
            assert parse_action(state, token) == action
            if state.phase is Phase.TOKENS:
                assert token.startswith(f"P{action.player + 1}:")
                assert parse_action(state, token.split(":", 1)[1], player=action.player) == action
            as_json = jsonio.action_to_json(action, rules.manifest)
            assert jsonio.action_from_json(as_json, rules=rules) == action
    assert {Phase.BID, Phase.CHOOSE, Phase.PLACE, Phase.TOKENS, Phase.ACTIONS} <= phases


def test_speed_game_records_replay(games: Any) -> None:
    """A record of a Speed game names who made each simultaneous token choice, reads
    back to the same record and replays to the same final state; so does its JSON."""
    for rules, seed, states, actions in games:
        record = Record.from_actions(actions, rules=rules, seed=seed)
        text = write_record(record)
        assert "tokens:" in text and ":tokens:" in text
        assert not any(t.startswith("tokens:") for t in text.split())
        back = read_record(text)
        assert back == record
        assert replay(back)[-1] == states[-1]
        assert jsonio.record_from_json(jsonio.record_to_json(record)) == record


def _tokens_state(games: Any, several: bool = True) -> State:
    for _, _, states, _ in games:
        for s in states:
            if s.phase is Phase.TOKENS and (len(tikalspeed.actors(s)) > 1) == several:
                return s
    raise AssertionError("no TOKENS node found")


def test_parse_action_at_a_tokens_node_speed_jump_1(games: Any) -> None:
    """SPEED-JUMP-1: several players choose at once; ``parse_action`` reads a token for
    the first of them by default, for ``player=`` when given, or for the prefix."""
    s = _tokens_state(games)
    first, second = tikalspeed.actors(s)[:2]
    assert parse_action(s, "tokens:2") == ChooseTokens(first, 2)
    assert parse_action(s, "tokens:2", player=second) == ChooseTokens(second, 2)
    assert parse_action(s, f"P{second + 1}:tokens:2") == ChooseTokens(second, 2)
    assert parse_action(s, f"P{second + 1}:end") == EndTurn(second)
    with pytest.raises(NotationError, match="not the player given"):
        parse_action(s, f"P{second + 1}:tokens:2", player=first)
    with pytest.raises(NotationError, match="no player P9"):
        parse_action(s, "P9:tokens:2")
    with pytest.raises(NotationError, match="chance outcome"):
        parse_action(s, "P1:draw=A1")
    with pytest.raises(NotationError, match="player must be"):
        parse_action(s, "tokens:2", player=7)


def test_plain_tokens_are_ambiguous_in_records(games: Any) -> None:
    """SPEED-JUMP-1: a record must name the player of a token choice where several
    players choose at once; where only one is left, a plain token is enough."""
    rules, seed, _, actions = games[1]
    record = Record.from_actions(actions, rules=rules, seed=seed)
    lines = write_record(record).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("P") and ":tokens:" in line)
    first = lines[at].split()[0]
    lines[at] = lines[at].replace(first, first.split(":", 1)[1], 1)
    with pytest.raises(NotationError, match="name the player") as e:
        read_record("\n".join(lines) + "\n")
    assert e.value.position == at + 1
    single = _tokens_state(games, several=False)
    who = tikalspeed.actors(single)[0]
    choice = next(a for a in tikalspeed.legal_actions(single) if isinstance(a, ChooseTokens))
    rec = Record.from_actions([choice], start=single)
    plain = write_record(rec).replace(f"P{who + 1}:tokens:", "tokens:")
    assert read_record(plain) == rec


def _speed_parts(text: str) -> tuple[list[str], int]:
    fields = text.split(" ")
    index = next(i for i, f in enumerate(fields) if f.startswith("speed:"))
    return fields, index


def _edit(state: State, part: int, value: str) -> str:
    fields, index = _speed_parts(to_text(state))
    parts = fields[index][6:].split("/")
    parts[part] = value
    fields[index] = "speed:" + "/".join(parts)
    return " ".join(fields)


@pytest.mark.parametrize(
    ("part", "value", "message"),
    [
        (0, "11,10,10,10", "tokens is 0 to 10"),
        (0, "10,10", "one entry per player"),
        (1, "1,1,1,1", "only during a Jump"),
        (2, "P1", "only during a Jump"),
        (4, "P1", "Round Order lists who secured"),
        (4, "P1,P1", "lists players once each"),
        (5, "<on display>,-,-,-", "is both on display and secured by P1"),
        (5, "Z9,-,-,-", "unknown tile 'Z9'"),
        (6, "P9", "player in the volcano placers"),
    ],
)
def test_speed_field_errors_outside_a_jump(games: Any, part: int, value: str, message: str) -> None:
    """The speed field is checked: tokens 0..10 (SPEED-TOKENS-1), no choice outside a
    Jump (SPEED-JUMP-1), the Round Order a permutation of the players who secured a tile
    (SPEED-AUCTION-2), a secured tile nowhere else; the error points into the field."""
    _, _, states, _ = games[2]
    s = next(x for x in states if x.phase is Phase.BID and x.round_order)
    shown = tikalspeed.board.terrain.terrain(s.rules.manifest).tile_ids[s.display[0]]
    text = _edit(s, part, value.replace("<on display>", shown))
    fields, index = _speed_parts(text)
    with pytest.raises(NotationError, match=message) as e:
        from_text(text)
    start = text.index(fields[index])
    assert start <= (e.value.position or 0) < start + len(fields[index])


def test_jump_fields_are_checked_speed_jump_1_2(games: Any) -> None:
    """At a TOKENS node a choice is 1 to 5 and at most the tokens left, the player to
    choose is the first waiting jumper (SPEED-JUMP-1); in a Jump's action the order is
    by tokens then Round Order and the points are the tokens chosen (SPEED-JUMP-2/3)."""
    s = _tokens_state(games)
    with pytest.raises(NotationError, match="0 to 5"):
        from_text(_edit(s, 1, ",".join("6" if p == s.active else "0" for p in range(s.players))))
    with pytest.raises(NotationError, match="waits for the choices"):
        from_text(_edit(s, 1, ",".join("1" if p == s.active else "0" for p in range(s.players))))
    played = next(
        x for _, _, st, _ in games for x in st if x.phase is Phase.ACTIONS and len(x.jump_order) > 1
    )
    reversed_order = ",".join(f"P{p + 1}" for p in reversed(played.jump_order))
    with pytest.raises(NotationError, match="fewest tokens up"):
        from_text(_edit(played, 3, reversed_order))
    fields = to_text(played).split(" ")
    fields[4] = str(played.ap - 1) if played.ap > 1 else "5"
    with pytest.raises(NotationError, match="points chosen"):
        from_text(" ".join(fields))


def test_marks_and_mode_errors(games: Any) -> None:
    """Raised and dug marks in the Speed game are ``<player>:<cell>`` (players
    interleave); a Speed position needs its speed field, and only Speed has one."""
    s = games[0][2][0]
    fields = to_text(s).split(" ")
    fields[5] = "d3"
    with pytest.raises(NotationError, match="'<player>:<cell>'"):
        from_text(" ".join(fields))
    fields[5] = "P3:d3"
    with pytest.raises(NotationError, match="'<player>:<cell>'"):
        from_text(" ".join(fields))
    without = " ".join(f for f in to_text(s).split(" ") if not f.startswith("speed:"))
    with pytest.raises(NotationError, match=r"speed position has a .speed:\.\.\.. field"):
        from_text(without)
    classic = to_text(new_game(Rules(mode="classic", players=2)))
    head, rules = classic.rsplit(" ", 1)
    with pytest.raises(NotationError, match="only the speed game has a speed field"):
        from_text(f"{head} speed:10,10/-/-/-/-/-,-/- {rules}")


def test_classic_and_professional_strings_keep_their_fields() -> None:
    """The classic and professional position strings are unchanged: 19 fields and the
    rules, no speed field."""
    for rules in (Rules(mode="classic", players=2), Rules(mode="professional", players=3)):
        fields = to_text(new_game(rules, seed=1)).split(" ")
        assert len(fields) == 20 and not any(f.startswith("speed:") for f in fields)


def test_hidden_choices_are_shown_but_not_read_back(games: Any) -> None:
    """SPEED-JUMP-1: in another player's view a choice already made shows as ``?``
    (JSON ``null``); such a view is not a full position and is refused on reading."""
    for _, _, states, actions in games:
        for s, a in zip(states, actions, strict=False):
            if s.phase is Phase.TOKENS and isinstance(a, ChooseTokens):
                after = tikalspeed.apply(s, a)
                if after.phase is not Phase.TOKENS:
                    continue
                other = tikalspeed.actors(after)[0]
                view = observe(after, other).state
                text = to_text(view)
                assert "?" in _speed_parts(text)[0][_speed_parts(text)[1]]
                with pytest.raises(NotationError, match="hidden token choice"):
                    from_text(text)
                with pytest.raises(NotationError, match="hidden token choice") as e:
                    jsonio.state_from_json(jsonio.state_to_json(view))
                assert str(e.value.position).startswith("$.speed.chosen[")
                return
    raise AssertionError("no hidden choice seen")


def test_speed_json_errors(games: Any) -> None:
    """The JSON ``speed`` object is required in (and only in) the Speed game; its
    entries and the ``{"player", "cell"}`` marks are checked at their JSON path."""
    s = games[0][2][0]
    obj = jsonio.state_to_json(s)
    del obj["speed"]
    with pytest.raises(NotationError) as e:
        jsonio.state_from_json(obj)
    assert e.value.position == "$.speed"
    obj = jsonio.state_to_json(s)
    obj["speed"]["tokens"] = [10, 11]
    with pytest.raises(NotationError) as e:
        jsonio.state_from_json(obj)
    assert e.value.position == "$.speed.tokens[1]"
    obj = jsonio.state_to_json(s)
    obj["raised"] = [{"player": 5, "cell": "a2"}]
    with pytest.raises(NotationError) as e:
        jsonio.state_from_json(obj)
    assert e.value.position == "$.raised[0].player"
    classic = jsonio.state_to_json(new_game(Rules(mode="classic", players=2)))
    classic["speed"] = obj["speed"]
    with pytest.raises(NotationError, match="only the speed game"):
        jsonio.state_from_json(classic)
    assert jsonio.action_to_json(ChooseTokens(1, 3)) == {"type": "tokens", "player": 1, "count": 3}
