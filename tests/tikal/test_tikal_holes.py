"""Regression tests for holes in tikalspeed's input discipline.

The contract: for bad input only ``IllegalActionError`` and ``NotationError`` (both
``ValueError``; ``ManifestError`` is a ``NotationError``) escape, never ``TypeError``,
``IndexError``, ``RecursionError``, ``MemoryError`` or a bare ``ValueError``; and
whatever the library accepts can be written and read back (position strings, JSON,
records). Each test names the hole it closes and the clause it proves.
"""

from __future__ import annotations

import functools
import random
import re

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import choose_tokens, jumping, speed
from tikal_strategies import SOME

import tikalspeed
from tikalspeed import (
    CHANCE,
    IllegalActionError,
    Phase,
    Rules,
    State,
    TurnKind,
    from_text,
    is_legal,
    jsonio,
    legal_actions,
    player_name,
    step,
    to_text,
)
from tikalspeed.text.record import action_token

MODES = ("classic", "professional", "speed")
CONFIGS = [(mode, n) for mode in MODES for n in (2, 3, 4)]


Game = tuple[list[State], list[tikalspeed.Transition], list[tikalspeed.Action]]


def random_game(rules: Rules, seed: int, max_plies: int = 3000) -> Game:
    """Every state, transition and action of a random playout (uniform legal actions,
    chance by ``sample_chance``)."""
    rng = random.Random(seed)
    state = tikalspeed.new_game(rules)
    states, transitions, actions = [state], [], []
    while state.phase is not Phase.OVER and len(states) < max_plies:
        if tikalspeed.actors(state) == (CHANCE,):
            action = tikalspeed.sample_chance(state, rng)
        else:
            action = rng.choice(legal_actions(state))
        actions.append(action)
        transitions.append(step(state, action))
        state = transitions[-1].state
        states.append(state)
    return states, transitions, actions


@functools.cache
def played(mode: str, players: int, seed: int = 7) -> Game:
    return random_game(Rules(mode=mode, players=players), seed)


def game(mode: str, players: int, seed: int = 7) -> tuple[State, ...]:
    """The states of a random game of ``mode`` (cached)."""
    return tuple(played(mode, players, seed)[0])


@functools.cache
def states_of_every_phase() -> tuple[State, ...]:
    """The first state of each phase in one random game of each mode and player count:
    every phase of every mode (DRAW only in classic, TOKENS only in Speed, ...)."""
    out: list[State] = []
    for mode, n in CONFIGS:
        seen: set[Phase] = set()
        for s in game(mode, n):
            if s.phase not in seen:
                seen.add(s.phase)
                out.append(s)
    return tuple(out)


def test_the_sample_covers_every_phase_of_every_mode() -> None:
    """The states behind the hole 3 and hole 2 tests cover every phase of each mode
    (TIKAL-MODE-1, SPEED-ROUND-1)."""
    by_mode: dict[str, set[Phase]] = {}
    for s in states_of_every_phase():
        by_mode.setdefault(s.rules.mode, set()).add(s.phase)
    assert by_mode["classic"] >= {Phase.DRAW, Phase.PLACE, Phase.ACTIONS, Phase.TREASURE}
    assert by_mode["professional"] >= {Phase.REVEAL, Phase.BID, Phase.CHOOSE, Phase.ACTIONS}
    assert by_mode["speed"] >= {Phase.REVEAL, Phase.BID, Phase.TOKENS, Phase.ACTIONS}
    assert all(Phase.OVER in phases for phases in by_mode.values())


# --------------------------------------------------------------------------- hole 3

ACTION_CLASSES: tuple[type, ...] = (
    tikalspeed.DrawTile,
    tikalspeed.RevealTile,
    tikalspeed.FindTreasure,
    tikalspeed.PlaceTile,
    tikalspeed.Enter,
    tikalspeed.CampMove,
    tikalspeed.Move,
    tikalspeed.Uncover,
    tikalspeed.TakeTreasure,
    tikalspeed.Exchange,
    tikalspeed.BuildCamp,
    tikalspeed.Guard,
    tikalspeed.EndTurn,
    tikalspeed.Bid,
    tikalspeed.PassBid,
    tikalspeed.ChooseTile,
    tikalspeed.ChooseTokens,
)
BAD_VALUES: tuple[object, ...] = (True, 2.0, "1", None, -1, 10**100)


def int_fields(kind: type) -> list[str]:
    """The int fields of an action class (every field but a tile's id)."""
    return [f.name for f in attrs.fields(kind) if f.name != "tile_id"]


def base_action(state: State, kind: type) -> object:
    """A legal action of ``kind`` in ``state`` if there is one, else one with small
    in-range fields (so that the field under test is the only odd one)."""
    for action in legal_actions(state):
        if type(action) is kind:
            return action
    who = tikalspeed.actors(state)
    player = who[0] if who and who[0] != CHANCE else state.active
    values = {name: 1 for name in int_fields(kind)}
    if "player" in values:
        values["player"] = player
    return kind(**values)


def test_every_int_field_of_every_action_is_type_checked_in_every_phase() -> None:
    """Hole 3: ``ChooseTokens(p, True)`` and ``ChooseTokens(p, 2.0)`` were legal at a
    Jump's TOKENS node (SPEED-JUMP-1), leaving a bool or a float in the state whose
    position string could not be read back; ``PlaceTile(p, c, True)`` passed the same
    way (TIKAL-PLACE-1). Now every int field of every action class must be an exact
    ``int`` in range, in every phase of every mode: ``True``, ``2.0``, ``"1"``, ``None``,
    ``-1`` and ``10**100`` make ``is_legal`` false and ``step`` raise
    ``IllegalActionError``, and such an action still prints (TIKAL-TURN-4: only the
    actor's well-formed action answers a node)."""
    tried = 0
    for state in states_of_every_phase():
        for kind in ACTION_CLASSES:
            base = base_action(state, kind)
            for name in int_fields(kind):
                for bad in BAD_VALUES:
                    if name == "player" and bad == -1 and base.player == CHANCE:
                        continue  # -1 is CHANCE: the chance outcomes' own player
                    action = attrs.evolve(base, **{name: bad})  # type: ignore[misc]
                    assert str(action) and repr(action)  # printing never raises
                    assert not is_legal(state, action), (to_text(state), action)
                    with pytest.raises(IllegalActionError):
                        step(state, action)
                    tried += 1
    assert tried > 5000


def test_a_malformed_action_prints() -> None:
    """Hole 3: ``str`` and ``repr`` of an action object with a field out of range or too
    big to print raised IndexError or a bare ValueError (an illegal action is printed in
    messages); it prints as ``<malformed ...>`` (TIKAL-TURN-4)."""
    for action in (
        tikalspeed.CampMove(0, 0, 0, 40),
        tikalspeed.FindTreasure(9),
        tikalspeed.Exchange(0, 0, 7, 9),
        tikalspeed.Bid(0, 10**5000),
        tikalspeed.Move(0, 5, [], {}),  # type: ignore[arg-type]
    ):
        assert str(action).startswith("<malformed ")
        assert type(action).__name__ in repr(action)
    assert str(tikalspeed.Move(0, 1, 9, 18)) == "move:l:b2:c3"
    assert repr(tikalspeed.Bid(1, 3)) == "Bid(player=1, amount=3)"


def test_legal_actions_of_a_player_that_is_not_an_int_are_none() -> None:
    """Hole 3: ``legal_actions(state, True)`` at a TOKENS node listed
    ``ChooseTokens(True, n)`` (``True in (1,)``); a player that is not an exact int has
    no legal action (SPEED-JUMP-1)."""
    tokens = [s for s in states_of_every_phase() if s.phase is Phase.TOKENS]
    assert tokens
    for state in tokens:
        for bad in (True, False, 1.0, "P1", [0]):
            assert legal_actions(state, bad) == ()  # type: ignore[arg-type]
        for p in tikalspeed.actors(state):
            assert all(type(a.player) is int for a in legal_actions(state, p))


def test_a_chosen_token_count_stays_an_int_and_reads_back() -> None:
    """Hole 3 (SPEED-JUMP-1): the legal token choices are exact ints, and the state
    after one is taken reads back from its position string and its JSON."""
    for state in (s for s in states_of_every_phase() if s.phase is Phase.TOKENS):
        for action in legal_actions(state):
            after = step(state, action).state
            assert all(type(c) is int for c in after.chosen)
            assert from_text(to_text(after)) == after
            assert jsonio.loads(jsonio.dumps(after)) == after


# --------------------------------------------------------------------------- hole 2

JSON_BAD: tuple[object, ...] = ([], {}, [0], {"a": 1}, True, 2.0, "x", None, -1, 10**100)


def json_paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every key path into a JSON value (the value itself first)."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += json_paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += json_paths(v, (*path, i))
    return out


def replaced(value: object, path: tuple[object, ...], new: object) -> object:
    """A deep copy of ``value`` with the item at ``path`` replaced by ``new``."""
    if not path:
        return new
    if isinstance(value, dict):
        return {k: replaced(v, path[1:], new) if k == path[0] else v for k, v in value.items()}
    assert isinstance(value, list)
    return [replaced(v, path[1:], new) if i == path[0] else v for i, v in enumerate(value)]


def test_state_json_leader_of_the_wrong_type_is_a_notation_error() -> None:
    """Hole 2: a player's ``leader`` given as an array or an object made
    ``state_from_json`` raise TypeError (unhashable); it is a NotationError at the key
    path (TIKAL-SETUP-1: a leader is on a cell or in supply, guarding or removed)."""
    state = game("classic", 2)[5]
    for bad in ([], {}, ["supply"], {"cell": "a1"}, 3, None, True):
        obj = jsonio.state_to_json(state)
        obj["players"][1]["leader"] = bad
        with pytest.raises(tikalspeed.NotationError) as err:
            jsonio.state_from_json(obj)
        assert err.value.position == "$.players[1].leader"


def test_every_field_of_state_json_is_type_checked() -> None:
    """Hole 2: every field of a state object, replaced by a value of another JSON type
    (or a huge number), is refused with a NotationError whose position is a JSON path
    under the field, never TypeError, KeyError or a bare ValueError; a replacement
    that is accepted reads back (TIKAL-TURN-4: a state is read only if a game could be
    in it)."""
    checked = 0
    for state in states_of_every_phase()[::8]:
        obj = jsonio.state_to_json(state)
        for path in json_paths(obj):
            if path[:1] == ("rules",) and len(path) > 2:
                continue  # the manifest: its own tests
            for bad in JSON_BAD:
                try:
                    read = jsonio.state_from_json(replaced(obj, path, bad))
                except tikalspeed.NotationError as e:
                    assert isinstance(e.position, str) and e.position.startswith("$")
                else:
                    assert jsonio.state_from_json(jsonio.state_to_json(read)) == read
                    assert from_text(to_text(read), rules=read.rules) == read
                checked += 1
    assert checked > 5000


# --------------------------------------------------------------------------- holes 1, 4


def pro_bid_state(players: int = 2, **rules: object) -> State:
    """A professional game at its first bid node (P1 to bid)."""
    s = tikalspeed.new_game(Rules(mode="professional", players=players, **rules), seed=1)
    assert s.phase is Phase.BID and s.active == 0
    return s


def test_a_bid_is_checked_in_constant_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hole 1: ``is_legal`` and ``step`` at a bid node built one ``Bid`` per amount up
    to the bidder's score (a second for 10**6 points). A bid is now checked as a range
    (TIKAL-AUCTION-3: above the high bid, at most the bidder's limit) without listing
    the bids: with ``legal_actions`` made to fail, bids are still judged, even for a
    state built by hand with a score far beyond any bound."""
    import tikalspeed.engine as engine

    def no_list(*args: object, **kwargs: object) -> tuple[()]:
        raise AssertionError("legal_actions was called")

    s = pro_bid_state()
    huge = s.replace(scores=(10**6, 20))
    monkeypatch.setattr(engine, "legal_actions", no_list)
    assert is_legal(s, tikalspeed.Bid(0, 20)) and not is_legal(s, tikalspeed.Bid(0, 21))
    assert is_legal(huge, tikalspeed.Bid(0, 5)) and is_legal(huge, tikalspeed.PassBid(0))
    for amount in (0, 10**6, 10**100, -1):
        assert not is_legal(huge, tikalspeed.Bid(0, amount))
    assert step(s, tikalspeed.Bid(0, 20)).state.high_bid == 20
    with pytest.raises(IllegalActionError, match="TIKAL-AUCTION-3"):
        step(s, tikalspeed.Bid(0, 21))


def test_auction_score_is_bounded_where_rules_are_made_and_read() -> None:
    """Hole 1 (TIKAL-AUCTION-1, SPEED-AUCTION-1): ``Rules.auction_score`` is 0 to 99
    (``bounds.MAX_AUCTION_SCORE``); ``Rules`` refuses more with a ValueError naming the
    field, and the rules text, position strings, records and JSON with NotationError
    naming where."""
    from tikalspeed.bounds import MAX_AUCTION_SCORE

    assert Rules(auction_score=MAX_AUCTION_SCORE).auction_score == 99
    for bad in (100, 10**6, 10**5000, -1, True, 2.0):
        with pytest.raises(ValueError, match=r"Rules\.auction_score"):
            Rules(auction_score=bad)
    for text in ("auction_score=1000000", "auction_score=100", "auction_score=" + "9" * 5000):
        with pytest.raises(tikalspeed.NotationError, match="auction_score"):
            tikalspeed.rules_from_text(text)
    pos = to_text(tikalspeed.new_game(Rules(mode="professional", players=2)))
    with pytest.raises(tikalspeed.NotationError, match="auction_score"):
        from_text(pos.replace("players=2", "players=2;auction_score=1000000"))
    record = '[Game "Tikal"]\n[Rules "mode=professional;auction_score=1000000"]\n\n*\n'
    with pytest.raises(tikalspeed.NotationError, match="line 2"):
        tikalspeed.read_record(record)
    obj = jsonio.record_to_json(tikalspeed.Record(rules=Rules(mode="professional")))
    obj["rules"]["auction_score"] = 10**6
    with pytest.raises(tikalspeed.NotationError) as err:
        jsonio.record_from_json(obj)
    assert err.value.position == "$.rules.auction_score"


def test_scores_and_bids_are_bounded_where_read() -> None:
    """Hole 1: every score, high bid and bid amount read from outside is bounded: a
    score by ``bounds.MAX_SCORE`` (999, TIKAL-SCORE-3: no real game comes near), a bid
    by ``bounds.MAX_BID`` (1998, TIKAL-AUCTION-3); beyond, position strings, JSON and
    action tokens raise NotationError naming where (the digits are not converted)."""
    s = pro_bid_state()
    text = to_text(s)
    at = text.index("20,20")
    for bad in ("1000000,20", "-1000,20", "9" * 5000 + ",20"):
        with pytest.raises(tikalspeed.NotationError) as err:
            from_text(text.replace("20,20", bad))
        assert err.value.position == at
    obj = jsonio.state_to_json(s)
    for bad in (10**6, -1000, 10**5000):
        obj["players"][1]["score"] = bad
        with pytest.raises(tikalspeed.NotationError) as err:
            jsonio.state_from_json(obj)
        assert err.value.position == "$.players[1].score"
    for token in ("bid:1999", "bid:" + "9" * 4301, "tokens:" + "9" * 5000):
        with pytest.raises(tikalspeed.NotationError, match="at most 1998"):
            tikalspeed.parse_action(s, token)
    assert tikalspeed.parse_action(s, "bid:1998") == tikalspeed.Bid(0, 1998)
    action = jsonio.action_to_json(tikalspeed.Bid(0, 5))
    action["amount"] = 1999
    with pytest.raises(tikalspeed.NotationError) as err:
        jsonio.action_from_json(action)
    assert err.value.position == "$.amount"


def test_a_high_bid_beyond_the_bidders_limit_is_refused() -> None:
    """Hole 1 (TIKAL-AUCTION-3): a position whose high bid is more than its bidder may
    bid cannot come from a game; it is refused (else the winner's score could leave the
    score bound once paid)."""
    s = step(pro_bid_state(), tikalspeed.Bid(0, 20)).state
    text = to_text(s)
    assert "20:P1" in text
    with pytest.raises(tikalspeed.NotationError, match="may bid at most 20"):
        from_text(text.replace("20:P1", "21:P1"))
    obj = jsonio.state_to_json(s)
    obj["auction"]["high_bid"] = 21
    with pytest.raises(tikalspeed.NotationError) as err:
        jsonio.state_from_json(obj)
    assert err.value.position == "$.auction.high_bid"


def test_a_score_is_read_only_if_it_stays_in_bounds_whatever_follows() -> None:
    """Hole 1, and nothing accepted leads to a state that cannot be read back: a score
    is read only if, with 218 points (``bounds.MAX_SCORING_POINTS``, TIKAL-SCORE-3)
    for each scoring still to come, it stays at most 999. At the start of a game 4
    scorings are to come (3 volcanoes, TIKAL-SCORE-1, and the end, TIKAL-END-1), so
    127 is the most a start position may hold."""
    s = tikalspeed.new_game(Rules(mode="professional", players=2))
    text = to_text(s)
    assert from_text(text.replace("20,20", "127,20")).scores == (127, 20)
    with pytest.raises(tikalspeed.NotationError, match="at most 127"):
        from_text(text.replace("20,20", "128,20"))
    over = tikalspeed.new_game(Rules(mode="classic", players=2))
    over = over.replace(phase=Phase.OVER)
    from tikalspeed.text._checkturn import scorings_left

    assert scorings_left(over, 0) == 0


def test_scorings_left_never_grows_and_drops_at_each_scoring() -> None:
    """Hole 1: the bound on the scores read is closed under play because the count of
    scorings still to come starts at 4 (TIKAL-SCORE-1, SPEED-SCORE-1, TIKAL-END-1,
    SPEED-END-1), never grows, and drops by one at each of the player's scorings
    (``Scored`` events), in random games of every mode."""
    from tikalspeed.model.events import Scored
    from tikalspeed.text._checkturn import scorings_left

    for mode, n in CONFIGS:
        states, transitions, _ = played(mode, n)
        assert states[-1].phase is Phase.OVER
        assert all(scorings_left(states[0], p) == 4 for p in range(n))
        for before, t in zip(states, transitions, strict=False):
            after = t.state
            for p in range(n):
                scored = sum(1 for e in t.events if isinstance(e, Scored) and e.player == p)
                assert scorings_left(after, p) <= scorings_left(before, p) - scored


def test_any_bid_is_never_lower_than_score_bid() -> None:
    """Hole 4 (TIKAL-AUCTION-3): ``max_bid='any'`` capped every bid at 99, so a player
    holding 120 could bid 110 by default but not under the option meant to lift the
    limit. Now 'any' bounds a bid only by the score bound: the bidder's score may fall
    to -999, never lower; so the highest bid is the score plus 999, at most 1998."""
    from tikalspeed.engine.auction import bid_limit

    for max_bid in ("score", "any"):
        s = pro_bid_state(max_bid=max_bid).replace(scores=(120, 20))
        assert is_legal(s, tikalspeed.Bid(0, 110)) and is_legal(s, tikalspeed.Bid(0, 120))
    s = pro_bid_state(max_bid="any").replace(scores=(120, 20))
    assert is_legal(s, tikalspeed.Bid(0, 1119)) and not is_legal(s, tikalspeed.Bid(0, 1120))
    assert max(a.amount for a in legal_actions(s)[1:]) == 1119  # type: ignore[union-attr]
    paid = step(step(s, tikalspeed.Bid(0, 1119)).state, tikalspeed.PassBid(1)).state
    assert paid.scores[0] == -999 and from_text(to_text(paid)) == paid
    for mode, n in CONFIGS[3:]:
        for before in game(mode, n):
            if before.phase is Phase.BID:
                p = before.active
                anyway = before.replace(rules=attrs.evolve(before.rules, max_bid="any"))
                assert bid_limit(anyway, p) >= bid_limit(before, p) == before.scores[p]


# --------------------------------------------------------------------------- hole 5c

HUGE = "9" * 4301  # one digit more than Python converts


def test_json_text_with_huge_numbers_or_deep_nesting_is_a_notation_error() -> None:
    """Hole 5c: ``jsonio.loads`` raised a bare ValueError for a number of more than
    4300 digits and RecursionError for deep nesting (``'[' * 200000``). Both are
    NotationErrors at their offset: a number is at most 39 digits
    (``bounds.MAX_DIGITS``), nesting at most 32 deep (``bounds.MAX_DEPTH``)
    (TIKAL-TURN-4: only well-formed input is read)."""
    cases = {
        "[" * 200000: 32,
        '{"a": ' * 200000: 6 * 32,
        HUGE: 0,
        "-" + HUGE: 0,
        '{"type": "bid", "player": 0, "amount": ' + HUGE + "}": 39,
        '["' + HUGE + '", ' + "1" * 40 + "]": 4306,
    }
    for text, at in cases.items():
        with pytest.raises(tikalspeed.NotationError) as err:
            jsonio.loads(text)
        assert err.value.position == at
        with pytest.raises(tikalspeed.NotationError):
            jsonio.loads(text.encode("utf-16"))
    assert jsonio.loads('{"type": "pass", "player": 1}') == tikalspeed.PassBid(1)
    with pytest.raises(tikalspeed.NotationError):
        jsonio.loads(b"\xff\xfe\x00")


def test_manifest_text_with_huge_numbers_or_deep_nesting_is_a_manifest_error() -> None:
    """Hole 5c (TIKAL-TILE-7): ``load_manifest`` of JSON text with a 4301-digit number
    raised a bare ValueError, and deep nesting RecursionError; both are ManifestErrors
    at their line and column. A level-tile key of non-ASCII digits (``'²'``, which
    ``int`` refuses) is a ManifestError too."""
    text = '{\n  "name": "x",\n  "version": ' + HUGE + "}"
    with pytest.raises(tikalspeed.ManifestError) as err:
        tikalspeed.load_manifest(text)
    assert err.value.position == "line 3 column 14"
    with pytest.raises(tikalspeed.ManifestError, match="nested deeper than 32"):
        tikalspeed.load_manifest('{"a": ' * 200000)
    data = tikalspeed.manifest_to_json(tikalspeed.load_manifest())
    levels = data["components"]["level_tiles"]
    for key in ("²", "٣", "0" * 50 + "3"):
        broken = {**data, "components": {**data["components"], "level_tiles": {**levels}}}
        broken["components"]["level_tiles"][key] = broken["components"]["level_tiles"].pop("3")
        with pytest.raises(tikalspeed.ManifestError, match="level_tiles keys"):
            tikalspeed.load_manifest(broken)


def test_huge_numbers_in_text_forms_are_notation_errors() -> None:
    """Hole 5c: ``parse_action(s, 'bid:' + 4301 digits)`` raised a bare ValueError, and
    so did such numbers in position strings (counts, scores, a temple value, workers on
    the board), rules texts, a record's turn numbers and seed. All are NotationErrors
    now, the digits never converted (TIKAL-AUCTION-3, TIKAL-TURN-4)."""
    s = pro_bid_state()
    with pytest.raises(tikalspeed.NotationError):
        tikalspeed.parse_action(s, "bid:" + HUGE)
    classic = game("classic", 2)
    state = next(x for x in classic if "=" in to_text(x).split()[0] and "+1:" in to_text(x))
    fields = to_text(state).split(" ")

    def with_field(i: int, value: str) -> str:
        return " ".join([*fields[:i], value, *fields[i + 1 :]])

    variants = [
        with_field(0, fields[0].replace("=", "=" + HUGE, 1)),  # a temple value
        with_field(0, fields[0].replace("+1:", "+1:" + HUGE, 1)),  # workers
        with_field(4, HUGE),  # action points
        with_field(13, ",".join([HUGE, *fields[13].split(",")[1:]])),  # level tiles
        with_field(14, ",".join([HUGE + "L", *fields[14].split(",")[1:]])),  # supply
        with_field(16, ",".join(["-" + HUGE, *fields[16].split(",")[1:]])),  # a score
    ]
    assert all(v != " ".join(fields) for v in variants)
    for bad in variants:
        with pytest.raises(tikalspeed.NotationError):
            from_text(bad)
    with pytest.raises(tikalspeed.NotationError):
        tikalspeed.rules_from_text("auction_score=" + HUGE)
    with pytest.raises(tikalspeed.NotationError):
        tikalspeed.rules_from_text(5)  # type: ignore[arg-type]
    record = tikalspeed.Record.from_actions(
        [tikalspeed.RevealTile(0), tikalspeed.RevealTile(1)], rules=s.rules
    )
    written = tikalspeed.write_record(record)
    for bad in (
        written.replace("*\n", f"{HUGE}. *\n"),
        written.replace("[Result", f'[Seed "{HUGE}"]\n[Result'),
    ):
        with pytest.raises(tikalspeed.NotationError):
            tikalspeed.read_record(bad)
    for seed in (2**128, -(2**128), 10**4000):
        with pytest.raises(ValueError, match="MAX_SEED"):
            tikalspeed.Record(seed=seed)
        seeded = written.replace("[Result", f'[Seed "{seed}"]\n[Result')
        with pytest.raises(tikalspeed.NotationError, match="128 bits"):
            tikalspeed.read_record(seeded)
    top = tikalspeed.Record(seed=2**128 - 1)
    assert tikalspeed.read_record(tikalspeed.write_record(top)) == top


# --------------------------------------------------------------------------- hole 5b


def test_parse_action_refuses_a_bad_player_with_a_notation_error() -> None:
    """Hole 5b: ``parse_action(state, token, player=5)`` raised a bare ValueError where
    the docs promise NotationError, and ``player=CHANCE`` built a ``Bid`` whose JSON could
    not be read back. A player that is not None, CHANCE or a player of the game, and a
    non-chance token with ``player=CHANCE``, are NotationErrors; chance outcomes with
    ``player=CHANCE`` still read (TIKAL-TURN-4: chance only draws, reveals and finds)."""
    s = tikalspeed.new_game(Rules(mode="professional", players=2))
    for bad in (5, 2, -2, True, 1.0, "P1", 10**100):
        with pytest.raises(tikalspeed.NotationError, match="player must be"):
            tikalspeed.parse_action(s, "end", player=bad)  # type: ignore[arg-type]
    for token in ("bid:3", "pass", "end", "take:A2", "tokens:2", "enter:w:a1", "place:c1:0"):
        with pytest.raises(tikalspeed.NotationError, match="not a chance outcome"):
            tikalspeed.parse_action(s, token, player=CHANCE)
    assert tikalspeed.parse_action(s, "reveal=A1", player=CHANCE) == tikalspeed.RevealTile(0)
    assert tikalspeed.parse_action(s, "find=E", player=CHANCE) == tikalspeed.FindTreasure(4)
    bid = tikalspeed.parse_action(s, "bid:3", player=1)
    assert jsonio.loads(jsonio.dumps(bid)) == bid


# --------------------------------------------------------------------------- hole 5a


def changed_tiles() -> tuple[tikalspeed.Tile, ...]:
    """The packaged tiles with the letters of the first and last swapped (still valid)."""
    tiles = list(tikalspeed.load_manifest().tiles)
    first, last = tiles[0], tiles[-1]
    tiles[0], tiles[-1] = (
        attrs.evolve(first, letter=last.letter),
        attrs.evolve(last, letter=first.letter),
    )
    return tuple(tiles)


def test_a_changed_manifest_under_the_default_name_is_refused_where_it_enters() -> None:
    """Hole 5a (TIKAL-TILE-7): ``attrs.evolve(load_manifest(), tiles=...)`` kept the name
    'default' and version 1, was accepted by ``Rules(manifest=...)``, and then
    ``to_text`` and ``write_record`` raised a bare ValueError. A manifest is named by
    name and version in the text forms, so a changed copy under the packaged name is
    refused where it enters: ``Rules`` raises ValueError naming ``Rules.manifest``,
    ``load_manifest`` a ManifestError. Under its own name it plays, and its positions,
    records and JSON read back."""
    default = tikalspeed.load_manifest()
    posing = attrs.evolve(default, tiles=changed_tiles())
    assert (posing.name, posing.version) == ("default", 1) and posing != default
    with pytest.raises(ValueError, match=r"^Rules\.manifest: 'default' version 1"):
        Rules(manifest=posing)
    data = tikalspeed.manifest_to_json(posing)
    with pytest.raises(tikalspeed.ManifestError, match="its own name or version"):
        tikalspeed.load_manifest(data)
    obj = jsonio.state_to_json(tikalspeed.new_game(Rules(mode="classic", players=2)))
    obj["rules"]["manifest"] = data
    with pytest.raises(tikalspeed.NotationError) as err:
        jsonio.state_from_json(obj)
    assert err.value.position == "$.rules.manifest"
    equal = tikalspeed.load_manifest(tikalspeed.manifest_to_json(default))
    assert Rules(manifest=equal) == Rules()  # an equal copy is the packaged manifest
    for own in (attrs.evolve(posing, name="corrected"), attrs.evolve(posing, version=2)):
        rules = Rules(mode="classic", players=2, manifest=own)
        states, _, actions = random_game(rules, 3, max_plies=60)
        record = tikalspeed.Record.from_actions(actions, rules=rules)
        assert tikalspeed.read_record(tikalspeed.write_record(record), rules=rules) == record
        assert from_text(to_text(states[-1]), rules=rules) == states[-1]
        assert jsonio.state_from_json(jsonio.state_to_json(states[-1])) == states[-1]


def test_a_manifest_name_fits_the_text_forms() -> None:
    """Hole 5a: a manifest named with a space, ';' or '=' was accepted, and its rules
    text ``manifest=<name>@<version>`` could not be read back; its name is now a word of
    letters, digits, '_', '.' and '-', its version 1 to 9999 (TIKAL-TILE-7)."""
    default = tikalspeed.load_manifest()
    for name in ("my copy", "a;b", "a=b", "x@2", "", "é", "a\nb", 7):
        with pytest.raises(tikalspeed.ManifestError, match="name must be"):
            attrs.evolve(default, name=name)
    for version in (0, 10_000, 10**5000, True, "1"):
        with pytest.raises(tikalspeed.ManifestError, match="version must be"):
            attrs.evolve(default, name="mine", version=version)
    rules = Rules(manifest=attrs.evolve(default, name="my-copy.v2_b", version=9999))
    assert "manifest=my-copy.v2_b@9999" in to_text(tikalspeed.new_game(rules))


# ------------------------------------------------------- the same discipline elsewhere


def test_command_line_numbers_are_bounded(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    """The discipline of hole 1 for the command line, which reads numbers too: ``--seconds
    nan`` or ``inf`` made ``tikalspeed bench`` run for ever, and a ``--seed`` above 128 bits
    crashed ``play --record`` with a traceback (a record's seed is bounded). Each is now a
    one-line usage error, exit status 2 (TIKAL-DRAW-1: the seed fixes the chance nodes)."""
    from tikalspeed.tools.cli import main

    record = f"{tmp_path}/game.txt"
    for argv in (
        ["bench", "--seconds", "nan"],
        ["bench", "--seconds", "inf"],
        ["bench", "--seconds", "-1"],
        ["bench", "--seed", "9" * 5000],
        ["play", "--seed", str(2**128), "--quiet", "--record", record],
        ["play", "--seed", "1", "--quiet", "--max-plies", "0"],
        ["play", "--seed", "1", "--quiet", "--max-plies", "9" * 5000],
        ["play", "--quiet", "--rules", "auction_score=" + "9" * 5000],
    ):
        assert main(argv) == 2, argv
        assert "Traceback" not in capsys.readouterr().err
    argv = ["play", "--seed", str(-(2**128) + 1), "--players", "2", "--max-plies", "30"]
    assert main([*argv, "--quiet", "--record", record]) == 0
    with open(record, encoding="utf-8") as f:
        assert tikalspeed.read_record(f.read()).seed == -(2**128) + 1


def test_action_json_is_written_only_if_it_reads_back() -> None:
    """Hole 3's discipline on the writing side: ``action_to_json`` wrote ``Bid(0, True)`` as
    ``"amount": true`` (which no reader accepts) and raised KeyError for a piece 5; an
    action object whose fields JSON could not hold is now a NotationError, while every legal
    action still writes and reads back (TIKAL-TURN-4)."""
    for bad in (
        tikalspeed.Bid(0, True),
        tikalspeed.Move(0, 5, 0, 1),
        tikalspeed.DrawTile(0, player=2),
        tikalspeed.DrawTile(99),
        tikalspeed.ChooseTokens(0, 10**5000),
        tikalspeed.PlaceTile(0, 2, 1.0),  # type: ignore[arg-type]
    ):
        with pytest.raises(tikalspeed.NotationError, match="cannot be written"):
            jsonio.action_to_json(bad)
    for state in states_of_every_phase():
        for action in legal_actions(state)[:50]:
            written = jsonio.action_to_json(action, state.rules.manifest)
            assert jsonio.action_from_json(written, rules=state.rules) == action


def test_manifest_dicts_with_huge_numbers_or_deep_nesting_are_manifest_errors() -> None:
    """Hole 5c for a manifest given as a ``dict`` (not text) with a number too big to print,
    or a list nested 100,000 deep, made the error message itself fail (a bare ValueError
    from the int-string limit, RecursionError from ``repr``); it is a ManifestError naming
    the part (TIKAL-TILE-5, TIKAL-COMP-3, TIKAL-COMP-1)."""
    deep: list[object] = []
    cur = deep
    for _ in range(100_000):
        nxt: list[object] = []
        cur.append(nxt)
        cur = nxt
    data = tikalspeed.manifest_to_json(tikalspeed.load_manifest())
    cases = [
        (("tiles", 0, "stones", 3), 10**5000, "tile A1"),
        (("tiles", 0, "stones"), deep, "tile A1"),
        (("components", "level_tiles", "2"), 10**5000, "components"),
        (("components", "colours"), deep, "components"),
        (("board", "printed", 0, "id"), deep, "board.printed"),
        (("version",), 10**5000, "manifest"),
    ]
    for path, value, part in cases:
        with pytest.raises(tikalspeed.ManifestError, match=f"^{part}"):
            tikalspeed.load_manifest(replaced(data, path, value))  # type: ignore[arg-type]


def test_a_record_header_value_must_survive_its_text_form() -> None:
    """Hole 5c's discipline for record headers: ``Record`` accepted a value holding a line
    break that ``str.splitlines`` sees but the control-character check did not (NEL, U+2028,
    U+2029), so the written record could not be read back, and a lone surrogate, which no
    UTF-8 file can hold. Both are refused by ``Record`` (ValueError, as for its other
    fields), by ``record_from_json`` and by ``read_record`` (NotationError at the line), so
    that a record keeps every decision of the game, in order (TIKAL-TURN-4)."""
    for value in ("a\x85b", "a\u2028b", "a\u2029b", "a\ud800b"):
        with pytest.raises(ValueError, match="header 'Event'"):
            tikalspeed.Record(headers=(("Event", value),))
        obj = jsonio.record_to_json(tikalspeed.Record())
        obj["headers"] = {"Event": value}
        with pytest.raises(tikalspeed.NotationError) as err:
            jsonio.record_from_json(obj)
        assert err.value.position == "$.headers.Event"
    with pytest.raises(tikalspeed.NotationError) as err:
        tikalspeed.read_record('[Game "Tikal"]\n[Event "a\ud800b"]\n\n*\n')
    assert err.value.position == 2
    fine = tikalspeed.Record(headers=(("Event", "Tikal — Ünïcode “quotes” \\ ok"),))
    assert tikalspeed.read_record(tikalspeed.write_record(fine)) == fine


# --------------------------------------------------------------------------- mutation fuzz

FUZZ = settings(SOME, deadline=None)
"""A quarter of the profile's examples (15 in CI), each trying several mutations."""

ODD_TEXT = (
    "9" * 5000,
    "-" + "9" * 5000,
    "1" * 40,
    "True",
    "2.5",
    "[1]",
    "[" * 1000,
    "",
    "-1",
    "0",
    "1",
    "127",
    "128",
    "999",
    "1000",
    "P1",
    "-",
)
"""Replacements for one part of a text form: huge numbers, other types, nesting, the
empty string (truncation), and small numbers that are sometimes accepted."""

ODD_JSON: tuple[object, ...] = (
    10**100,
    10**5000,
    -(10**100),
    True,
    False,
    2.5,
    [1],
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
    {"a": 1},
    None,
    "x",
    -1,
    0,
    1,
    127,
    999,
    1000,
)


@functools.cache
def state_pool() -> tuple[State, ...]:
    """Every 9th state of a random game of each mode and player count."""
    return tuple(s for mode, n in CONFIGS for s in game(mode, n)[::9])


@functools.cache
def record_pool() -> tuple[tikalspeed.Record, ...]:
    """Short records of each mode: from the first chance node, and from a position."""
    out = []
    for mode, n in CONFIGS[::2]:
        states, _, actions = played(mode, n)
        rules = states[0].rules
        out.append(tikalspeed.Record.from_actions(actions[:40], rules=rules))
        out.append(tikalspeed.Record.from_actions(actions[60:90], start=states[60]))
    return tuple(out)


def plays_on(state: State) -> None:
    """``state`` reads back from its text and JSON, lists its legal actions, and the
    state after one of them reads back too."""
    assert from_text(to_text(state)) == state
    assert to_text(from_text(to_text(state))) == to_text(state)
    assert jsonio.loads(jsonio.dumps(state)) == state
    if state.phase is Phase.OVER:
        assert legal_actions(state) == ()
        return
    actions = legal_actions(state)
    assert actions
    after = tikalspeed.apply(state, actions[len(actions) // 2])
    assert from_text(to_text(after)) == after
    assert jsonio.loads(jsonio.dumps(after)) == after


def text_mutations(draw: st.DrawFn, text: str, count: int) -> list[str]:
    """``count`` mutants of a text form: a part (between spaces, ',', '/', ':', ';', '=')
    replaced by an odd value or duplicated, or the text truncated."""
    import re

    parts = [m.span() for m in re.finditer(r"[^ ,/:;=\n]+", text)]
    out = []
    for _ in range(count):
        how = draw(st.sampled_from(("replace", "replace", "duplicate", "truncate")))
        if how == "truncate":
            out.append(text[: draw(st.integers(0, len(text)))])
            continue
        a, b = parts[draw(st.integers(0, len(parts) - 1))]
        new = draw(st.sampled_from(ODD_TEXT)) if how == "replace" else f"{text[a:b]},{text[a:b]}"
        out.append(text[:a] + new + text[b:])
    return out


def json_mutations(draw: st.DrawFn, value: object, count: int) -> list[object]:
    """``count`` mutants of a JSON value: an item replaced by an odd value, a list item
    duplicated, or an object key dropped."""
    paths = json_paths(value)[1:]
    out = []
    for _ in range(count):
        path = paths[draw(st.integers(0, len(paths) - 1))]
        how = draw(st.sampled_from(("replace", "replace", "duplicate", "drop")))
        if how == "replace":
            out.append(replaced(value, path, draw(st.sampled_from(ODD_JSON))))
            continue
        parent = value
        for key in path[:-1]:
            parent = parent[key]  # type: ignore[index]
        if how == "duplicate" and isinstance(parent, list):
            item = parent[path[-1]]  # type: ignore[index]
            out.append(replaced(value, path[:-1], [*parent, item]))
        elif isinstance(parent, dict):
            out.append(
                replaced(value, path[:-1], {k: v for k, v in parent.items() if k != path[-1]})
            )
    return out


def only_notation_errors(read: object, *args: object) -> object | None:
    """``read(*args)``, or ``None`` if it raised a NotationError or IllegalActionError;
    any other exception fails the test."""
    try:
        return read(*args)  # type: ignore[operator]
    except (tikalspeed.NotationError, IllegalActionError):
        return None


@FUZZ
@given(st.data())
def test_mutated_position_strings_only_notation_errors_and_what_is_read_plays_on(
    data: st.DataObject,
) -> None:
    """Position strings of random games, mutated (a part replaced by a huge number, a
    bool, a float, a list, deep nesting or a small number; a part duplicated; the text
    truncated): reading raises only NotationError, and a position that is read
    round-trips and plays on (hole 1, hole 5c: the input bounds; TIKAL-TURN-4)."""
    state = data.draw(st.sampled_from(state_pool()))
    for text in text_mutations(data.draw, to_text(state), 6):
        read = only_notation_errors(from_text, text)
        if read is not None:
            assert isinstance(read, State)
            plays_on(read)


@FUZZ
@given(st.data())
def test_mutated_state_json_only_notation_errors_and_what_is_read_plays_on(
    data: st.DataObject,
) -> None:
    """State JSON of random games, mutated as objects (an item replaced by a huge
    number, a bool, a float, a list, deep nesting, null, a string or a small number; a
    list item duplicated; a key dropped) and as text (truncated, a part replaced):
    only NotationError, and what is read round-trips and plays on (hole 2, hole 5c;
    TIKAL-TURN-4)."""
    state = data.draw(st.sampled_from(state_pool()))
    obj = jsonio.state_to_json(state)
    for mutant in json_mutations(data.draw, obj, 6):
        read = only_notation_errors(jsonio.state_from_json, mutant)
        if read is not None:
            assert isinstance(read, State)
            plays_on(read)
    for text in text_mutations(data.draw, jsonio.dumps(state), 3):
        read = only_notation_errors(jsonio.loads, text)
        if isinstance(read, State):
            plays_on(read)


@FUZZ
@given(st.data())
def test_mutated_records_only_notation_errors_and_what_is_read_round_trips(
    data: st.DataObject,
) -> None:
    """Records of random games, mutated as text and as JSON: reading raises only
    NotationError; a record that is read writes and reads back, in both forms, and its
    last state plays on (hole 1, hole 5b, hole 5c; TIKAL-TURN-4)."""
    record = data.draw(st.sampled_from(record_pool()))
    found: list[object] = []
    for text in text_mutations(data.draw, tikalspeed.write_record(record), 3):
        found.append(only_notation_errors(tikalspeed.read_record, text))
    for mutant in json_mutations(data.draw, jsonio.record_to_json(record), 3):
        found.append(only_notation_errors(jsonio.record_from_json, mutant))
    for read in found:
        if read is None:
            continue
        assert isinstance(read, tikalspeed.Record)
        assert tikalspeed.read_record(tikalspeed.write_record(read)) == read
        assert jsonio.record_from_json(jsonio.record_to_json(read)) == read
        plays_on(tikalspeed.replay(read)[-1])


# --------------------------------------------------------------------------- found by fuzzing
# Holes ``tikalspeed fuzz`` (tikalspeed.tools.fuzzing) found; each test names the reader and
# the input (``make_input(build_corpus(seed), reader, seed, index)``) that showed it.


def test_a_chance_outcome_read_at_a_token_choice_is_written_without_a_player() -> None:
    """Fuzz, parse_action (seed 0, #55): at a Speed Jump's TOKENS node ``parse_action``
    reads ``find=G`` as chance's outcome (form only; ``step`` refuses it, TIKAL-TURN-4),
    but ``action_token`` wrote it ``P0:find=G``, naming chance as a player, a token no
    reader takes. Only a player's choice names its player there (SPEED-JUMP-1)."""
    s = next(x for x in game("speed", 3) if x.phase is Phase.TOKENS)
    choice = legal_actions(s)[0]
    assert action_token(s, choice) == f"P{choice.player + 1}:{choice}"
    for token in ("find=G", "draw=A1", "reveal=C4"):
        action = tikalspeed.parse_action(s, token)
        assert action.player == CHANCE
        assert action_token(s, action) == token
        assert tikalspeed.parse_action(s, token, player=CHANCE) == action
        with pytest.raises(IllegalActionError, match="SPEED-JUMP-1"):
            step(s, action)


def test_a_token_count_is_bounded_like_every_count() -> None:
    """Fuzz, parse_action (seed 1, #3183): ``tokens:1000`` was read (a number in a token
    was bounded by ``MAX_BID``, 1998), but a token count is a count, bounded by
    ``MAX_COUNT`` (999) as in JSON, so ``action_to_json`` could not write it. The token
    refuses it now, as ``action_from_json`` does (SPEED-JUMP-1; *Input bounds*)."""
    s = tikalspeed.new_game()
    top = tikalspeed.parse_action(s, "tokens:999")
    assert top == tikalspeed.ChooseTokens(0, 999)
    assert jsonio.action_from_json(jsonio.action_to_json(top)) == top
    for token in ("tokens:1000", "P2:tokens:1998"):
        with pytest.raises(tikalspeed.NotationError, match="at most 999") as err:
            tikalspeed.parse_action(s, token)
        assert err.value.position == token.index("tokens:") + 7
    assert tikalspeed.parse_action(s, "bid:1998") == tikalspeed.Bid(0, 1998)


FINAL_WITH_TILES_LEFT = (
    "8/2,A3:5,A1:5,4/2,A4:2,5/*=3+2:2,*^1,A5:3,5/*,*,A6:5!1,5 actions P1 final 5 - - - "
    "P2 P1 - - A2,B1..G4 2,5,9,11,8,5,3,2,1 17L,16L -,- 2,0 - - "
    "rules:mode=classic;players=2;uncover_limit=turn;start_worker=true"
)
"""A fuzz input (from_text, seed 1, #2735): a final turn with 34 tiles still to draw."""


def test_a_final_turn_with_tiles_left_is_refused_tikal_end_1() -> None:
    """Fuzz, from_text (seed 1, #2735) and state_from_json (seed 1, #3554): a position in
    a final turn (TIKAL-END-1) with tiles still in the stacks (or on display) was read,
    but no game reaches it, and the state its ``end`` leads to (the game over, tiles
    left) was refused: what was read did not play on. The final round begins once every
    tile is played, so the position is refused at its turn kind; the final turns of
    real games of every mode still read."""
    with pytest.raises(tikalspeed.NotationError, match="TIKAL-END-1") as err:
        from_text(FINAL_WITH_TILES_LEFT)
    assert err.value.position == FINAL_WITH_TILES_LEFT.index(" final ") + 1
    s = from_text(FINAL_WITH_TILES_LEFT.replace(" final ", " normal "))
    with pytest.raises(tikalspeed.NotationError, match="TIKAL-END-1"):
        jsonio.state_from_json(jsonio.state_to_json(s.replace(turn_kind=TurnKind.FINAL)))
    pro = next(x for x in game("professional", 3) if x.phase is Phase.BID)
    assert pro.display
    with pytest.raises(tikalspeed.NotationError, match="TIKAL-END-1"):
        from_text(to_text(pro.replace(turn_kind=TurnKind.FINAL, phase=Phase.ACTIONS, ap=5)))
    for mode, n in CONFIGS:
        finals = [x for x in game(mode, n) if x.turn_kind is TurnKind.FINAL]
        assert finals
        for x in finals:
            assert from_text(to_text(x)) == x


OUT_OF_TURN_BID = (
    "8/8/8/*,*,6/*,*,6 bid P3 normal 0 - - - P2 - - A1,A4,A3,A5 A2,A6..G4 "
    "3,6,9,11,8,5,3,2,1 18L,18L,18L,18L -,-,-,- 20,20,20,20 P1/-/P1,P2,P3,P4/19:P4/- - "
    "speed:10,10,10,10/-/-/-/-/-,-,-,-/-"
)
"""A fuzz input (from_text, seed 3, #10704): P3 to bid while P1 and P2, after P4's
high bid, have neither bid nor passed."""


def test_a_bidder_out_of_turn_is_refused_tikal_auction_3() -> None:
    """Fuzz, from_text (seed 3, #10704): a BID position whose bidder to act is not the
    next one clockwise after the highest bid (or the first left, before any bid) was
    read; no game reaches it, and its successors were refused (P3 passes: P4, the high
    bidder, would be to act). The bidding goes clockwise from the opener and from each
    bid (TIKAL-AUCTION-3), so the position is refused at its active player; the BID
    states of real games still read."""
    at = OUT_OF_TURN_BID.index(" P3 ") + 1
    for text in (OUT_OF_TURN_BID, OUT_OF_TURN_BID.replace(" bid P3 ", " bid P2 ")):
        with pytest.raises(tikalspeed.NotationError, match="P1 bids next") as err:
            from_text(text)
        assert err.value.position == at
    assert from_text(OUT_OF_TURN_BID.replace(" bid P3 ", " bid P1 ")).active == 0
    no_bid = OUT_OF_TURN_BID.replace("/19:P4/", "/-/")
    with pytest.raises(tikalspeed.NotationError, match="from the opener"):
        from_text(no_bid)
    assert from_text(no_bid.replace(" bid P3 ", " bid P1 ")).active == 0
    for mode, n in CONFIGS:
        bids = [x for x in game(mode, n) if x.phase is Phase.BID]
        assert bids or mode == "classic"
        for x in bids:
            assert from_text(to_text(x)) == x
            assert jsonio.state_from_json(jsonio.state_to_json(x)) == x


BIDDERS_OUT_OF_ORDER = (
    "3,F3:5,C2:0^3+3:1,D1:3,E1:0,1/1,E5:0,C3:3+2:1,E2:2,B6:0,C1:3,D2:1,1/B4:0^2,B3:1+2:1,"
    "B2:5+3:1,A1:3=2+2:L+3:1,A5:4,A2:5,B1:0,1/*+2:1+3:L+4:1,*^3+2:1+3:1+4:1,A6:4+1:1,A4:2,"
    "A3:1^4,B5:1+4:1,C5:1,D4:0/*+1:12+2:1+4:2,*!1+3:1+4:L,C4:2+1:L,D5:0,E3:4+1:1+4:1,1,D3:0,"
    "E4:2 bid P2 normal 0 - - - P2 P4 - F4,F2,F1 G1..G4 2,6,9,11,8,5,3,2,1 3,13,13,12 "
    "-,-,-,- 0,0,0,0 P1/P1/P2,P4,P3/-/- - speed:10,10,10,10/-/-/-/P1/F5,-,-,-/-"
)
"""A fuzz input (view_from_text, seed 0, #59754, as P4's view): an auction whose
bidders, P2, P4, P3, are not in clockwise order."""


def test_bidders_out_of_clockwise_order_are_refused_tikal_auction_4() -> None:
    """Fuzz, view_from_text (seed 0, #59754) and view_from_json (seed 0, #76136): a BID
    position whose bidders were not in clockwise order from the auction's opener (P2,
    P4, P3) was read, P2 to act; when P2 passed, the engine gave the bid to P3, the
    next clockwise, and the position it reached was refused (P4 stood first among the
    bidders): what was read did not play on. An auction's bidders sit clockwise from
    its opener, the player after the round's first winner (TIKAL-AUCTION-4), and bid in
    that order (TIKAL-AUCTION-3): the position is refused at its bidders, as a
    position, as JSON and as a view; the BID states of real games still read."""
    good = BIDDERS_OUT_OF_ORDER.replace("/P2,P4,P3/", "/P2,P3,P4/")
    s = from_text(good)
    after = tikalspeed.apply(s, tikalspeed.PassBid(1))
    assert s.bidders == (1, 2, 3) and after.active == 2 and from_text(to_text(after)) == after
    bad = s.replace(bidders=(1, 3, 2))
    assert to_text(bad) == BIDDERS_OUT_OF_ORDER
    with pytest.raises(tikalspeed.NotationError, match="clockwise from P2") as err:
        from_text(BIDDERS_OUT_OF_ORDER)
    assert err.value.position == BIDDERS_OUT_OF_ORDER.index("P1/P1/")
    with pytest.raises(tikalspeed.NotationError, match="TIKAL-AUCTION-4"):
        jsonio.state_from_json(jsonio.state_to_json(bad))
    with pytest.raises(tikalspeed.NotationError, match="TIKAL-AUCTION-4"):
        tikalspeed.view_from_text("view:P4 " + BIDDERS_OUT_OF_ORDER)
    for mode, n in CONFIGS:
        for x in (x for x in game(mode, n) if x.phase is Phase.BID):
            assert from_text(to_text(x)) == x


def _tile_on_h5() -> tuple[tikalspeed.State, tikalspeed.State, tikalspeed.State]:
    """A classic game before and after ``place:c1:0``, and the same board with that
    tile on h5, touching nothing explored (a board no game reaches)."""
    s = tikalspeed.new_game(tikalspeed.Rules(mode="classic", players=2), seed=1)
    placed = tikalspeed.apply(s, tikalspeed.parse_action(s, "place:c1:0"))
    cells = list(placed.placed)
    cells[39], cells[2] = cells[2], -1
    return s, placed, placed.replace(placed=tuple(cells))


def test_a_tile_touching_nothing_explored_is_refused_tikal_place_1() -> None:
    """Found by the scenario runner: a position with a tile that touches no explored
    hex was read, and ``legal_actions`` then raised ``KeyError`` inside the board's
    cache. Every tile is laid next to the explored jungle (TIKAL-PLACE-1), so the
    explored hexes are one region: the position is refused as text and as JSON, at
    the cell; and the board's cache, asked about such a board, answers."""
    before, placed, apart = _tile_on_h5()
    with pytest.raises(tikalspeed.NotationError, match="the tile on h5 touches no explored"):
        from_text(to_text(apart))
    with pytest.raises(tikalspeed.NotationError, match="TIKAL-PLACE-1"):
        jsonio.state_from_json(jsonio.state_to_json(apart))
    tikalspeed.legal_actions(before)  # the cache now holds the board one tile short of it
    assert tikalspeed.legal_actions(apart)  # answered, not a KeyError
    assert from_text(to_text(placed)) == placed


# ------------------------------------------------------- refusals name tokens, not classes


def _played_jump(rules: Rules, seed: int) -> State:
    """The first Jump of a random Speed game under ``rules`` (seeded) where every player
    is still to choose (SPEED-JUMP-1)."""
    rng = random.Random(seed)
    s = tikalspeed.new_game(rules)
    while not (s.phase is Phase.TOKENS and len(tikalspeed.actors(s)) == rules.players):
        if tikalspeed.actors(s) == (CHANCE,):
            s = tikalspeed.apply(s, tikalspeed.sample_chance(s, rng))
        else:
            s = tikalspeed.apply(s, rng.choice(legal_actions(s)))
    return s


def _jump_with_a_choice_made(forfeit: bool) -> State:
    """A 3-player Jump (SPEED-JUMP-1): P2 has taken 2 tokens in secret, P1 and P3 still
    choose."""
    s, _ = choose_tokens(jumping(speed(3, forfeit=forfeit), (0, 1, 2)), P2=2)
    assert tikalspeed.actors(s) == (0, 2)
    return s


_CLASS_NAME = re.compile(r"\b(" + "|".join(k.__name__ for k in ACTION_CLASSES) + r")\b")


def test_a_refusal_of_the_wrong_kind_of_action_names_its_token_tikal_turn_4() -> None:
    """Hole: a kind of action that does not answer the decision was refused by its
    class, ``PlaceTile does not answer this bid node``, ``Bid is not an action-point
    action``, ``Bid is not a choice of 1 to 5 tokens`` (a Speed Jump). Now, in every
    phase of every mode, the refusal names the action by its token (``P2:bid:3`` at a
    Jump's TOKENS node, where the token names its player, SPEED-JUMP-1) and says what
    the decision asks, and no refusal names a Python class (TIKAL-TURN-4)."""
    answered: set[Phase] = set()
    for state in states_of_every_phase():
        if state.phase is Phase.OVER:
            continue
        for kind in ACTION_CLASSES:
            action = base_action(state, kind)
            if kind in (tikalspeed.DrawTile, tikalspeed.RevealTile, tikalspeed.FindTreasure):
                action = attrs.evolve(action, player=CHANCE)  # type: ignore[misc]
            why = tikalspeed.engine.why_illegal(state, action)
            if why is None:
                continue
            clause, reason = why
            assert not _CLASS_NAME.search(reason), (state.phase, reason)
            if "does not answer the decision asked" in reason:
                assert reason.startswith(f"{action_token(state, action)} does not answer ")
                assert clause == ("SPEED-JUMP-1" if state.phase is Phase.TOKENS else "TIKAL-TURN-4")
                answered.add(state.phase)
    assert answered == {s.phase for s in states_of_every_phase()} - {Phase.OVER}


def test_the_reported_wrong_kind_refusals_tikal_turn_4() -> None:
    """The reported cases, word for word: a placement at a bid node, a bid in a turn of
    action points, a bid at a Jump's secret choice (with and without SPEED-JUMP-8's
    stop), and an object that is no action at all (TIKAL-TURN-4, SPEED-JUMP-1)."""
    bid = next(s for s in game("professional", 3) if s.phase is Phase.BID)
    p = player_name(bid.active)
    with pytest.raises(IllegalActionError) as err:
        step(bid, tikalspeed.PlaceTile(bid.active, 2, 0))
    assert str(err.value) == (
        f"place:c1:0 does not answer the decision asked: {p} bids or passes (bid:, pass) "
        "(TIKAL-TURN-4)"
    )
    turn = next(s for s in game("classic", 2) if s.phase is Phase.ACTIONS)
    with pytest.raises(IllegalActionError, match=r"^bid:3 does not answer the decision asked: "
                       rf"{player_name(turn.active)} spends action points \(enter, hop"):
        step(turn, tikalspeed.Bid(turn.active, 3))
    for forfeit, stop in ((False, ""), (True, ", or stops \\(end\\)")):
        jump = _jump_with_a_choice_made(forfeit)
        q = tikalspeed.actors(jump)[0]
        with pytest.raises(IllegalActionError, match=rf"^{player_name(q)}:bid:3 does not answer "
                           rf"the decision asked: {player_name(q)} chooses 1 to 5 tokens in "
                           rf"secret{stop} \(SPEED-JUMP-1\)$"):
            step(jump, tikalspeed.Bid(q, 3))
    with pytest.raises(IllegalActionError, match=r"^'bid:3' is not a Tikal action \(parse_action"):
        step(bid, "bid:3")  # type: ignore[arg-type]


# ------------------------------------------------------- deep nesting in a view's JSON


def _nested(levels: int, kind: type) -> object:
    """``levels`` arrays (or objects) one inside the other around a 0."""
    value: object = 0
    for _ in range(levels):
        value = [value] if kind is list else {"k": value}
    return value


def _json_paths(value: object, path: str = "$") -> list[tuple[str, tuple[object, ...]]]:
    """Every place in a JSON value: its JSON path and the keys that lead to it."""
    out: list[tuple[str, tuple[object, ...]]] = [(path, ())]
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(
        value, list) else ()
    for key, item in items:
        where = f"{path}.{key}" if isinstance(key, str) else f"{path}[{key}]"
        out += [(p, (key, *keys)) for p, keys in _json_paths(item, where)]
    return out


def _put(value: object, keys: tuple[object, ...], new: object) -> object:
    """``value`` with the part at ``keys`` replaced by ``new`` (copied along the way)."""
    if not keys:
        return new
    head, rest = keys[0], keys[1:]
    if isinstance(value, dict):
        return {**value, head: _put(value[head], rest, new)}  # type: ignore[index]
    assert isinstance(value, list) and isinstance(head, int)
    return [_put(v, rest, new) if i == head else v for i, v in enumerate(value)]


def test_deep_nesting_anywhere_in_a_view_with_a_hidden_choice_is_a_notation_error() -> None:
    """Hole: ``jsonio.view_from_json`` and ``jsonio.from_json`` raised RecursionError
    for a view with a hidden token choice (SPEED-JUMP-1) and a few hundred levels of
    nesting anywhere in its state: the state was deep-copied before it was checked.
    Now nesting of 300 or 10,000 levels of arrays or objects put in place of any part
    of the view (every field, every entry) is a NotationError whose JSON path names that
    part or the field holding it; a state and a record starting from it likewise
    (TIKAL-TURN-4)."""
    s = _played_jump(Rules(players=2), seed=3)
    s = step(s, legal_actions(s, 1)[-1]).state  # P2 chooses in secret
    view = jsonio.view_to_json(tikalspeed.observe(s, 0))
    assert view["state"]["speed"]["chosen"] == [0, None]
    record = jsonio.record_to_json(tikalspeed.Record(rules=s.rules, start=s, actions=()))
    deep = [_nested(10_000, list), _nested(10_000, dict), _nested(300, list)]
    tried = 0
    for value, read in (
        (view, jsonio.view_from_json),
        (view, jsonio.from_json),
        (jsonio.state_to_json(s), jsonio.from_json),
        (record, jsonio.from_json),
    ):
        for where, keys in _json_paths(value):
            for nested in deep:
                with pytest.raises(tikalspeed.NotationError) as err:
                    read(_put(value, keys, nested))
                at = err.value.position
                assert isinstance(at, str) and (at.startswith(where) or where.startswith(at)), (
                    where, str(err.value))
                tried += 1
    assert tried > 2000


# ------------------------------------------------------- a View given where a state goes


def _takes_a_state() -> set[str]:
    """The public functions (facade, ``jsonio``, ``svg``) whose first parameter is a
    position (``state``, ``position``) or a record."""
    import inspect

    found = set()
    for module, prefix in ((tikalspeed, ""), (jsonio, "jsonio."), (tikalspeed.svg, "svg.")):
        for name in module.__all__:
            f = getattr(module, name)
            if inspect.isfunction(f):
                params = list(inspect.signature(f).parameters)
                if params and params[0] in ("state", "position", "record", "obj"):
                    found.add(prefix + name)
    return found


def test_every_function_that_takes_a_state_serves_or_refuses_a_view_tikal_turn_4() -> None:
    """Hole: ``to_text(observe(s, 0))``, ``parse_action(observe(s, 1), "P2:tokens:3")``
    and ``jsonio.state_to_json(view)`` raised ``AttributeError: 'View' object has no
    attribute 'rules'`` (so did ``action_token``, ``write_record``, ``replay`` and
    ``record_to_json``). Now every public function that takes a position, given a view
    (here P1's, with P2's choice hidden, SPEED-JUMP-1), either serves it (the tokens
    and the decision of its position, its picture, its own JSON) or refuses it with a
    library error that names the view's own form: a NotationError for the text and JSON
    forms and records, the engine's IllegalActionError elsewhere (TIKAL-TURN-4)."""
    s = _played_jump(Rules(players=2), seed=3)
    s = step(s, legal_actions(s, 1)[-1]).state
    view = tikalspeed.observe(s, 0)
    assert view.hidden
    rng = random.Random(0)
    mine = tikalspeed.ChooseTokens(0, legal_actions(s, 0)[0].count)  # type: ignore[union-attr]
    serves = {
        "parse_action": lambda: tikalspeed.parse_action(view, "P2:tokens:3")
        == tikalspeed.ChooseTokens(1, 3)
        and tikalspeed.parse_action(view, str(mine)) == mine,  # his own, by default
        "action_token": lambda: tikalspeed.action_token(view, mine) == f"P1:{mine}",
        "decision": lambda: tikalspeed.decision(view).actors == (0,),
        "decision_to_json": lambda: tikalspeed.decision_to_json(view)["actors"] == [0],
        "svg.board": lambda: tikalspeed.svg.board(view).startswith("<svg"),
        "jsonio.to_json": lambda: jsonio.to_json(view) == jsonio.view_to_json(view),
        "jsonio.dumps": lambda: jsonio.loads(jsonio.dumps(view)) == view,
        "is_legal": lambda: tikalspeed.is_legal(view, mine) is False,  # type: ignore[arg-type]
    }
    notation = {
        "to_text": (lambda: tikalspeed.to_text(view), "view_to_text(view)"),  # type: ignore[arg-type]
        "state_to_json": (lambda: tikalspeed.state_to_json(view), "view_to_json"),  # type: ignore[arg-type]
        "jsonio.state_to_json": (lambda: jsonio.state_to_json(view), "view_to_json"),  # type: ignore[arg-type]
        "write_record": (lambda: tikalspeed.write_record(view), "takes a Record"),  # type: ignore[arg-type]
        "replay": (lambda: tikalspeed.replay(view), "takes a Record"),  # type: ignore[arg-type]
        "record_to_json": (lambda: tikalspeed.record_to_json(view), "takes a Record"),  # type: ignore[arg-type]
        "jsonio.record_to_json": (lambda: jsonio.record_to_json(view), "takes a Record"),  # type: ignore[arg-type]
        "Record": (lambda: tikalspeed.Record(rules=s.rules, start=view), "starts from a position"),  # type: ignore[arg-type]
    }
    engine = {
        "step": lambda: step(view, mine),  # type: ignore[arg-type]
        "apply": lambda: tikalspeed.apply(view, mine),  # type: ignore[arg-type]
        "legal_actions": lambda: legal_actions(view),  # type: ignore[arg-type]
        "actors": lambda: tikalspeed.actors(view),  # type: ignore[arg-type]
        "outcome": lambda: tikalspeed.outcome(view),  # type: ignore[arg-type]
        "chance_outcomes": lambda: tikalspeed.chance_outcomes(view),  # type: ignore[arg-type]
        "sample_chance": lambda: tikalspeed.sample_chance(view, rng),  # type: ignore[arg-type]
        "resolve_chance": lambda: tikalspeed.resolve_chance(view, rng),  # type: ignore[arg-type]
        "observe": lambda: tikalspeed.observe(view, 0),  # type: ignore[arg-type]
    }
    assert _takes_a_state() <= set(serves) | set(notation) | set(engine)
    for name, serve in serves.items():
        assert serve(), name
    for name, (call, use) in notation.items():
        with pytest.raises(tikalspeed.NotationError) as err:
            call()
        assert "View" in str(err.value) and use in str(err.value), name
    for call in engine.values():
        with pytest.raises(IllegalActionError, match=r"a View \(observe\(\)\) is not a position: "
                           r".*view_actions\(view\)"):
            call()
    with pytest.raises(tikalspeed.NotationError, match=r"a State is not a View: .*to_text"):
        tikalspeed.view_to_text(s)  # type: ignore[arg-type]
    with pytest.raises(tikalspeed.NotationError, match="a State is not a View"):
        jsonio.view_to_json(s)  # type: ignore[arg-type]
