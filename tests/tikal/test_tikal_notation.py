"""The position string (``to_text`` / ``from_text``) and the action tokens (``parse_action``).

Expected strings here were worked out by hand from the format in
``docs/tikal-notation.md`` and the clauses named in each test, not copied from the
code's output.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from tikal_strategies import Game, games, playout, variant_manifest

import tikalspeed
from tikalspeed import (
    LEADER,
    WORKER,
    NotationError,
    Phase,
    Rules,
    TurnKind,
    action_token,
    apply,
    from_text,
    legal_actions,
    new_game,
    parse_action,
    rules_from_text,
    rules_to_text,
    to_text,
)
from tikalspeed.model.state import GUARDING, REMOVED, SUPPLY

TWO = " rules:mode=classic;players=2"
"""The rules field of a 2-player base game (the default mode is 'speed')."""
LEVELS = "3,6,9,11,8,5,3,2,1"
"""The level tiles of values 2 … 10 in the box (TIKAL-COMP-3)."""
PRINTED = "8/8/8/*,*,6/*,*,6"
"""The board before any tile: rows 5, 4, 3 empty; a2, b2 and a1, b1 printed."""


def play(state: tikalspeed.State, *tokens: str) -> tikalspeed.State:
    """Apply the actions written ``tokens``, each read for whoever acts."""
    for token in tokens:
        state = apply(state, parse_action(state, token))
    return state


FIRST_TURN = ("draw=A1", "place:c1:0", "enter:l:a1", "enter:w:a1", "move:l:a1:c1", "uncover:c1")
"""P1 draws temple A1 (value 1), places it on c1, brings the leader and a worker to the
base camp, walks the leader to c1 and raises the temple to 2."""


def test_fresh_classic_game_text_tikal_setup_1_4_5() -> None:
    """TIKAL-SETUP-1, TIKAL-SETUP-4, TIKAL-SETUP-5: the printed hexes only, every tile in
    the stacks, every level tile in supply, 18 workers and the leader (L) in each
    supply, no treasure, scores 0; P1 draws first (TIKAL-DRAW-1), P2 plays next."""
    state = new_game(Rules(mode="classic", players=2))
    expected = f"{PRINTED} draw P1 normal 0 - - - P2 - - - A1..G4 {LEVELS} 18L,18L -,- 0,0 - -"
    assert to_text(state) == expected + TWO
    assert from_text(expected + TWO) == state
    four = expected.replace("18L,18L -,- 0,0", "18L,18L,18L,18L -,-,-,- 0,0,0,0")
    assert to_text(new_game(Rules(mode="classic"))) == four + " rules:mode=classic"


def test_fresh_professional_game_text_tikal_auction_1_2() -> None:
    """TIKAL-AUCTION-1, TIKAL-AUCTION-2: scores start at 20; chance fills the display
    (phase reveal) for the round opened by P1; the auction field is
    opener/played/bidders/bid/passer."""
    rules = Rules(mode="professional", players=3)
    text = (
        f"{PRINTED} reveal P1 normal 0 - - - P2 - - - A1..G4 {LEVELS} 18L,18L,18L -,-,- "
        "20,20,20 P1/-/-/-/- - rules:mode=professional;players=3"
    )
    assert to_text(new_game(rules)) == text
    assert from_text(text) == new_game(rules)


def test_start_worker_text_tikal_setup_3() -> None:
    """TIKAL-SETUP-3 (Rules.start_worker): one worker of each player on the base camp."""
    state = new_game(Rules(mode="classic", players=2, start_worker=True))
    text = to_text(state)
    assert text.startswith("8/8/8/*,*,6/*+1:1+2:1,*,6 draw P1 ")
    assert " 17L,17L " in text and text.endswith(" rules:mode=classic;players=2;start_worker=true")
    assert from_text(text) == state


def test_draw_place_and_spend_text_tikal_draw_1_place_4_uncover_2() -> None:
    """TIKAL-DRAW-1 (A1 leaves the stacks: 'A2..G4'), TIKAL-PLACE-4 (the temple shows
    its printed 1, so no '='), TIKAL-ENTER-1, TIKAL-MOVE-3 and TIKAL-UNCOVER-2: c1 now
    shows 2 ('=2'), one level tile of value 2 is used, 3 AP are left and c1 was raised
    this turn; P1 has the leader on c1 and a worker on a1, 17 workers in supply."""
    state = play(new_game(Rules(mode="classic", players=2)), *FIRST_TURN)
    text = (
        "8/8/8/*,*,6/*+1:1,*,A1:0=2+1:L,5 actions P1 normal 3 c1 - - P2 P1 - - A2..G4 "
        "2,6,9,11,8,5,3,2,1 17,18L -,- 0,0 - -" + TWO
    )
    assert to_text(state) == text
    assert from_text(text) == state


def test_dig_and_find_text_tikal_treasure_1_3() -> None:
    """TIKAL-TREASURE-1, TIKAL-TREASURE-3: P2 places ruin A2 (4 masks) on c2, walks a
    worker there and digs: 3 treasures lie there ('$3'), c2 is dug, chance finds the
    treasure (phase treasure); find=E gives P2 an E and, with no AP left, P1's turn
    begins with a draw."""
    start = new_game(Rules(mode="classic", players=2))
    state = play(start, *FIRST_TURN, "end", "draw=A2", "place:c2:0")
    state = play(state, "enter:w:a1", "enter:w:a1", "move:w:a1:c2", "dig:c2")
    board = "8/8/8/*,*,A2:0$3+2:1,5/*+1:1+2:1,*,A1:0=2+1:L,5"
    rest = "P1 P2 - - A3..G4 2,6,9,11,8,5,3,2,1 17,16L"
    assert to_text(state) == f"{board} treasure P2 normal 0 - c2 - {rest} -,- 0,0 - -{TWO}"
    found = play(state, "find=E")
    assert to_text(found) == f"{board} draw P1 normal 0 - - - P2 P2 - - A3..G4 " + (
        f"2,6,9,11,8,5,3,2,1 17,16L -,E 0,0 - -{TWO}"
    )
    assert from_text(to_text(found)) == found


def test_volcano_queue_text_tikal_score_1_2() -> None:
    """TIKAL-SCORE-1, TIKAL-SCORE-2: after six A tiles fill row 1, P1 draws volcano B1:
    it is set aside in hand, P1 then P2 take scoring turns and P1 the volcano turn
    (the queue); at the volcano turn P1 places B1."""
    state = new_game(Rules(mode="classic", players=2))
    for tile, spot in zip("123456", ("c1:0", "d1:0", "e1:1", "f1:0", "g1:1", "h1:0"), strict=True):
        state = play(state, f"draw=A{tile}", f"place:{spot}", "end")
    row1 = "*,*,A1:0,A2:0,A3:1,A4:0,A5:1,A6:0"
    tail = f"B2..G4 {LEVELS} 18L,18L -,- 0,0 - -{TWO}"
    scoring = play(state, "draw=B1")
    assert scoring.turn_kind is TurnKind.SCORING
    text = f"8/8/8/*,*,6/{row1} actions P1 scoring 10 - - P2:scoring,P1:volcano P2 P2 B1 - {tail}"
    assert to_text(scoring) == text
    assert from_text(text) == scoring
    volcano = play(scoring, "end", "end")
    assert to_text(volcano) == f"8/8/8/*,*,6/{row1} place P1 volcano 0 - - - P2 P2 B1 - {tail}"


def test_guard_and_camp_marks_tikal_guard_3_camp_1() -> None:
    """TIKAL-GUARD-3, TIKAL-CAMP-1: P1's leader guards b1 ('!1' and the supply mark G,
    so no worker guards); P2 has a camp on the clearing b2 ('^2') and 3 workers on the
    base camp; b1 was raised to 3 with one level tile each of 2 and 3."""
    text = (
        "8/8/8/*,*^2,6/*+2:3,*=3!1,6 actions P2 normal 4 - - - P1 - - - A1..G4 "
        "2,5,9,11,8,5,3,2,1 18G,15L -,- 0,0 - -" + TWO
    )
    state = from_text(text)
    assert state.leaders == (GUARDING, SUPPLY)
    assert state.guards[1] == 0 and state.camps[9] == 1 and state.temples[1] == 3
    assert state.guard_pieces == (0, 0) and state.removed == (0, 0)
    assert state.workers[1][0] == 3 and state.supply == (18, 15)
    assert to_text(state) == text


def test_removed_pieces_are_derived_tikal_guard_3() -> None:
    """TIKAL-GUARD-3: a worker of P1 guards a2, and P1's leader and 2 workers that stood
    with it left the game (mark X): 15 in supply + 1 guarding + 2 removed = 18."""
    text = f"8/8/8/*!1,*,6/*,*,6 actions P2 normal 4 - - - P1 - - - A1..G4 {LEVELS} 15X,18L"
    state = from_text(text + f" -,- 0,0 - -{TWO}")
    assert state.leaders == (REMOVED, SUPPLY)
    assert state.guard_pieces == (1, 0) and state.removed == (2, 0)


def test_rules_field_and_manifest_tikal_tile_7() -> None:
    """Non-default rules form a 20th field (the base game names its mode: the default is
    'speed'); a custom manifest (TIKAL-TILE-7) is named name@version and read only with
    the rules that hold it."""
    assert rules_to_text(Rules()) == ""
    assert rules_to_text(Rules(mode="classic")) == "mode=classic"
    assert rules_from_text("players=4;mode=speed") == Rules()
    assert rules_from_text("players=4;mode=classic") == Rules(mode="classic")
    letters = [t.letter for t in tikalspeed.load_manifest().tiles]
    rules = Rules(mode="classic", players=2, manifest=variant_manifest(letters, [0] * 36))
    state = new_game(rules)
    text = to_text(state)
    assert text.endswith(" rules:mode=classic;players=2;manifest=shuffled@1")
    assert from_text(text, rules=rules) == state
    with pytest.raises(NotationError, match="unknown manifest 'shuffled@1'") as e:
        from_text(text)
    assert e.value.position == len(text) - len("shuffled@1")
    plain = to_text(new_game(Rules(mode="classic")))
    with pytest.raises(NotationError, match="not the rules given") as e:
        from_text(plain, rules=rules)
    assert e.value.position == plain.index("rules:")


# ------------------------------------------------------------------ round trips

GAMES = [
    (Rules(mode=mode, players=n), seed)
    for mode in ("classic", "professional")
    for n in (2, 3, 4)
    for seed in (1,)
]


@pytest.mark.parametrize(("rules", "seed"), GAMES, ids=repr)
def test_round_trip_every_state_of_random_games(rules: Rules, seed: int) -> None:
    """``from_text(to_text(s)) == s`` at every step of random games (every phase, chance
    nodes, scoring rounds, the end), and the text is canonical and one line; every
    action's token reads back as that action for whoever acts."""
    game = playout(rules, seed)
    assert game.final.phase is Phase.OVER
    for state, action in zip(game.states, (*game.actions, None), strict=True):
        text = to_text(state)
        assert from_text(text) == state
        assert to_text(from_text(text)) == text
        assert "\n" not in text and "  " not in text
        if action is not None:
            assert parse_action(state, str(action)) == action


@settings(max_examples=5)
@given(games(max_plies=400))
def test_round_trip_any_rules(game: Game) -> None:
    """Round trip under any ruleset and manifest (passed as rules=)."""
    for state in game.states:
        assert from_text(to_text(state), rules=game.rules) == state


def test_every_legal_token_reads_back_tikal_turn_4() -> None:
    """``parse_action(s, str(a)) == a`` for every legal action of states along random
    games of both modes, chance outcomes included (TIKAL-DRAW-1, TIKAL-TREASURE-3,
    TIKAL-AUCTION-2)."""
    rng = random.Random("tokens")
    for mode in ("classic", "professional"):
        game = playout(Rules(mode=mode, players=3), rng.randrange(2**32))
        for state in game.states[::7]:
            for action in legal_actions(state):
                assert parse_action(state, str(action)) == action


@settings(max_examples=12)
@given(games(max_plies=500))
def test_action_tokens_are_unique_and_read_back_in_every_mode(game: Game) -> None:
    """Issue 8's client protocol, SPEED-JUMP-1: in every state of random games of any
    mode and rules (Speed Jumps, where several players choose at once, and
    Rules.forfeit's stops included), the legal actions' action_token strings are
    distinct and each reads back as its action; where one player acts they are
    str(a)."""
    for state in game.states:
        actions = legal_actions(state)
        tokens = [action_token(state, a) for a in actions]
        assert len(set(tokens)) == len(tokens)
        for action, token in zip(actions, tokens, strict=True):
            assert parse_action(state, token) == action
            if len(tikalspeed.actors(state)) == 1 and state.rules.manifest == Rules().manifest:
                assert token == str(action) or token.startswith(("draw=", "reveal="))


def test_jump_tokens_name_their_player_speed_jump_1() -> None:
    """SPEED-JUMP-1: at a Jump's secret choices both players' legal actions print as
    tokens:1 ... tokens:5 with str(), but action_token names the player."""
    rng = random.Random(3)
    s = tikalspeed.new_game(Rules(mode="speed", players=2, forfeit=True), seed=3)
    while s.phase is not tikalspeed.Phase.TOKENS:
        s = tikalspeed.apply(s, rng.choice(legal_actions(s)))
    tokens = [action_token(s, a) for a in legal_actions(s)]
    assert "P1:tokens:1" in tokens and "P2:tokens:1" in tokens and "P2:end" in tokens
    assert len({str(a) for a in legal_actions(s)}) < len(tokens)  # str alone collides


# ------------------------------------------------------------------ action tokens


def test_parse_action_kinds() -> None:
    """Each token form reads as its action, for whoever acts in the state; chance
    outcomes belong to chance; tiles are resolved through the manifest."""
    s = play(new_game(Rules(mode="classic", players=3)), "draw=A1", "place:c1:0")
    assert s.active == 0
    assert parse_action(s, "draw=A4") == tikalspeed.DrawTile(3)
    assert parse_action(s, "reveal=G4") == tikalspeed.RevealTile(35)
    assert parse_action(s, "find=H") == tikalspeed.FindTreasure(7)
    assert parse_action(s, "place:h5:5") == tikalspeed.PlaceTile(0, 39, 5)
    assert parse_action(s, "enter:l:a1") == tikalspeed.Enter(0, LEADER, 0)
    assert parse_action(s, "hop:w:a1:c3") == tikalspeed.CampMove(0, WORKER, 0, 18)
    assert parse_action(s, " move:l:b2:d3 ") == tikalspeed.Move(0, LEADER, 9, 19)
    assert parse_action(s, "uncover:b1") == tikalspeed.Uncover(0, 1)
    assert parse_action(s, "dig:c2") == tikalspeed.TakeTreasure(0, 10)
    assert parse_action(s, "swap:A:P3:E") == tikalspeed.Exchange(0, 0, 2, 4)
    assert parse_action(s, "camp:d4") == tikalspeed.BuildCamp(0, 27)
    assert parse_action(s, "guard:b1:w") == tikalspeed.Guard(0, 1, WORKER)
    assert parse_action(s, "end") == tikalspeed.EndTurn(0)
    assert parse_action(s, "bid:12") == tikalspeed.Bid(0, 12)
    assert parse_action(s, "pass") == tikalspeed.PassBid(0)
    take = parse_action(s, "take:C4")
    assert take == tikalspeed.ChooseTile(0, 15) and str(take) == "take:C4"
    assert str(parse_action(s, "draw=C4")) == "draw=C4"


def test_well_formed_illegal_token_is_left_to_the_rules_tikal_turn_4() -> None:
    """A readable token the state does not allow is the engine's to refuse: a bid in
    the classic game (TIKAL-TURN-4)."""
    s = new_game(Rules(mode="classic", players=2))
    with pytest.raises(tikalspeed.IllegalActionError) as e:
        apply(s, parse_action(s, "bid:3"))
    assert e.value.clause == "TIKAL-TURN-4"


@pytest.mark.parametrize(
    ("token", "position", "message"),
    [
        ("", 0, "empty"),
        ("   ", 0, "empty"),
        ("jump:a1", 0, "cannot read"),
        ("draw=Z9", 5, "unknown tile"),
        ("reveal=", 7, "unknown tile"),
        ("find=I", 5, "unknown treasure"),
        ("find=AB", 5, "unknown treasure"),
        ("take:Q1", 5, "unknown tile"),
        ("place:d3", 0, "takes 2 part"),
        ("place:d3:6", 9, "unknown rotation"),
        ("place:i3:0", 6, "unknown cell"),
        ("enter:x:a1", 6, "unknown piece"),
        ("hop:w:a1:a6", 9, "unknown cell"),
        ("move:l:b2:d9", 10, "unknown cell"),
        ("swap:A:P4:E", 7, "unknown player"),
        ("swap:A:P2:J", 10, "unknown treasure"),
        ("guard:b1:L", 9, "unknown piece"),
        ("bid:-1", 4, "unknown amount"),
        ("bid:07", 4, "unknown amount"),
        ("end:now", 0, "cannot read"),
        ("  uncover:z1", 10, "unknown cell"),
    ],
)
def test_parse_action_errors(token: str, position: int, message: str) -> None:
    """Unreadable tokens raise NotationError at the offset of the bad part (a 3-player
    game, so P4 is no player)."""
    with pytest.raises(NotationError, match=message) as e:
        parse_action(new_game(Rules(mode="classic", players=3)), token)
    assert e.value.position == position


def test_parse_action_rejects_non_text() -> None:
    """Only a str is an action token."""
    with pytest.raises(NotationError):
        parse_action(new_game(Rules(mode="classic")), 3)  # type: ignore[arg-type]


# ------------------------------------------------------------------ errors

GOOD = (
    "8/8/8/*,*,6/*+1:1,*,A1:0=2+1:L,5 actions P1 normal 3 c1 - - P2 P1 - - A2..G4 "
    "2,6,9,11,8,5,3,2,1 17,18L -,- 0,0 - -" + TWO
)
"""The position after FIRST_TURN: the base for the error cases."""
AUCTION = (
    f"{PRINTED} reveal P1 normal 0 - - - P2 - - - A1..G4 {LEVELS} 18L,18L -,- 20,20 "
    "P1/-/-/-/- - rules:mode=professional;players=2"
)
"""A fresh professional 2-player game: the base for the auction error cases."""


def _change(base: str, changes: dict[int, str]) -> str:
    """``base`` with the fields numbered in ``changes`` replaced."""
    parts = base.split(" ")
    for field, value in changes.items():
        parts[field] = value
    return " ".join(parts)


def _at(text: str, field: int) -> int:
    """The offset of field ``field`` in ``text``."""
    return sum(len(p) + 1 for p in text.split(" ")[:field])


def test_good_positions_read() -> None:
    """The positions the error cases alter are themselves fine."""
    assert to_text(from_text(GOOD)) == GOOD
    assert to_text(from_text(AUCTION)) == AUCTION


ROW1 = "*+1:1,*,A1:0=2+1:L,5"
"""Row 1 of GOOD; the board field ends with it, at offset 16."""
_ROW = "8/8/8/*,*,6/"


FROM_TEXT_ERRORS = [
    (GOOD, {0: "8/8/8/*,*,6"}, 0, 0, "5 rows"),
    (GOOD, {0: "8/8/8/*,*,7/" + ROW1}, 0, 10, "more than 8 cells"),
    (GOOD, {0: "8/8/8/*,*,5/" + ROW1}, 0, 6, "7 cells, not 8"),
    (GOOD, {0: _ROW + ROW1.replace("A1:0", "A1:7")}, 0, 20, "cannot read cell c1"),
    (GOOD, {0: _ROW + ROW1.replace("A1:0", "Z1:0")}, 0, 20, "unknown tile 'Z1'"),
    (GOOD, {0: _ROW + ROW1.replace("A1:0=2", "*")}, 0, 20, "TIKAL-BOARD-3"),
    (GOOD, {0: "8/8/8/*,*=2,6/" + ROW1}, 0, 8, "no temple"),
    (GOOD, {0: "8/8/8/*,*$1,6/" + ROW1}, 0, 8, "no ruin"),
    (GOOD, {0: "8/8/8/*,*^3,6/" + ROW1}, 0, 10, "no player 3"),
    (GOOD, {0: _ROW + ROW1.replace("*+1:1", "*+1:1+1:2")}, 0, 17, "given twice"),
    (GOOD, {0: _ROW + ROW1.replace("*+1:1", "*+2:")}, 0, 13, "count of workers or L"),
    (GOOD, {0: _ROW + ROW1.replace("*+1:1", "*+1:1L")}, 0, 27, "two cells"),
    (GOOD, {0: _ROW + ROW1.replace("=2", "=11")}, 0, 20, "TIKAL-UNCOVER-2"),
    (GOOD, {0: _ROW + ROW1.replace("=2", "=0")}, 0, 20, "TIKAL-UNCOVER-2"),
    (GOOD, {1: "play"}, 1, 0, "unknown phase"),
    (GOOD, {1: "draw"}, 4, 0, "TIKAL-TURN-2"),
    (GOOD, {1: "treasure", 4: "0"}, 15, 0, "TIKAL-TREASURE-3"),
    (GOOD, {1: "over"}, 4, 0, "TIKAL-TURN-2"),
    (GOOD, {1: "place", 4: "0", 10: "A2", 12: "A3..G4"}, 5, 0, "no action point"),
    (GOOD, {2: "P3"}, 2, 0, "active player"),
    (GOOD, {3: "encore"}, 3, 0, "unknown turn kind"),
    (GOOD, {3: "scoring"}, 10, 0, "TIKAL-SCORE-1"),
    (GOOD, {4: "x"}, 4, 0, "whole number"),
    (GOOD, {4: "11"}, 4, 0, "TIKAL-TURN-2"),
    (GOOD, {4: "0"}, 4, 0, "TIKAL-TURN-2"),
    (GOOD, {5: "c1,z9"}, 5, 3, "unknown cell 'z9'"),
    (GOOD, {5: "b2"}, 5, 0, "not raised"),
    (GOOD, {5: "c1,c1"}, 5, 0, "not raised 2 times"),
    (GOOD, {6: "c1"}, 6, 0, "not a ruin"),
    (GOOD, {7: "P2:encore"}, 7, 0, "queued turn"),
    (GOOD, {7: "P2:scoring"}, 7, 0, "TIKAL-TURN-1"),
    (GOOD, {8: "P0"}, 8, 0, "next player"),
    (GOOD, {9: "-"}, 9, 0, "placed it last"),
    (GOOD, {10: "A2"}, 12, 0, "both in hand and in the stacks"),
    (GOOD, {10: "A2", 12: "A3..G4"}, 10, 0, "no tile is in hand"),
    (GOOD, {10: "A2,A3"}, 10, 0, "one tile"),
    (GOOD, {11: "A2", 12: "A3..G4"}, 11, 0, "TIKAL-MODE-1"),
    (GOOD, {12: "A1..G4"}, 12, 0, "both on c1 and in the stacks"),
    (GOOD, {12: "A2..G4,A3"}, 12, 7, "listed twice"),
    (GOOD, {12: "G4..A2"}, 12, 0, "later one"),
    (GOOD, {12: "A2..G9"}, 12, 0, "unknown tile 'G9'"),
    (GOOD, {12: "A2..F4"}, 12, 0, "TIKAL-DRAW-1"),
    (GOOD, {13: "2,6,9"}, 13, 0, "9 counts"),
    (GOOD, {13: "2,6,9,11,8,5,3,2,x"}, 13, 17, "whole number"),
    (GOOD, {13: LEVELS}, 13, 0, "TIKAL-UNCOVER-2"),
    (GOOD, {14: "17,18L,18"}, 14, 0, "one entry per player"),
    (GOOD, {14: "x,18L"}, 14, 0, "whole number"),
    (GOOD, {14: "18,18L"}, 14, 0, "TIKAL-SETUP-1"),
    (GOOD, {14: "17L,18L"}, 14, 0, "marked L"),
    (GOOD, {14: "17,18"}, 14, 3, "marked L"),
    (GOOD, {14: "17,18X"}, 14, 3, "TIKAL-GUARD-3"),
    (GOOD, {15: "-,Z"}, 15, 2, "letters A to H"),
    (GOOD, {15: "-"}, 15, 0, "one entry per player"),
    (GOOD, {15: "E,-"}, 15, 0, "TIKAL-TREASURE-3"),
    (GOOD, {15: "AAAA,-"}, 15, 0, "4 copies"),
    (GOOD, {16: "0,x"}, 16, 2, "whole number"),
    (GOOD, {16: "-1,0"}, 16, 0, "TIKAL-SETUP-4"),
    (GOOD, {17: "P1/-/-/-/-"}, 17, 0, "no auction"),
    (GOOD, {18: "P1:final-scoring"}, 18, 0, "exactly when"),
    (GOOD, {18: "P9:final-scoring"}, 18, 0, "a result is"),
    (GOOD, {19: "rules:colour=red"}, 19, 6, "unknown rule"),
    (GOOD, {19: "rules:players=5"}, 19, 14, "Rules.players"),
    (GOOD, {19: "rules:players=2;players=2"}, 19, 16, "twice"),
    (GOOD, {19: "rules:players=2;start_worker=yes"}, 19, 29, "true or false"),
    (GOOD, {19: "rules:players"}, 19, 6, "needs '='"),
    (GOOD, {19: "rules:mode=classic;players=3"}, 14, 0, "one entry per player"),
    (AUCTION, {17: "-"}, 17, 0, "opener/played/bidders/bid/passer"),
    (AUCTION, {17: "P1/-/-/-"}, 17, 0, "opener/played/bidders/bid/passer"),
    (AUCTION, {17: "P1/-/-/5/-"}, 17, 7, "high bid is"),
    (AUCTION, {17: "P1/P3/-/-/-"}, 17, 3, "player"),
    (AUCTION, {17: "P2/-/-/-/-"}, 17, 0, "TIKAL-AUCTION-2"),
    (AUCTION, {1: "draw"}, 1, 0, "TIKAL-MODE-1"),
    (AUCTION, {1: "bid"}, 17, 0, "TIKAL-AUCTION-3"),
]
"""(base, changed fields, field blamed, offset in it, message) per case."""


@pytest.mark.parametrize(
    ("base", "changes", "blame", "extra", "message"),
    FROM_TEXT_ERRORS,
    ids=[f"{c[2]}-{c[4]}" for c in FROM_TEXT_ERRORS],
)
def test_from_text_errors(
    base: str, changes: dict[int, str], blame: int, extra: int, message: str
) -> None:
    """Unreadable or inconsistent position strings raise NotationError at the field
    blamed (at the cell, entry or rule at fault, ``extra`` characters in); the message
    names the clause broken."""
    text = _change(base, changes)
    with pytest.raises(NotationError, match=message) as e:
        from_text(text)
    assert e.value.position == _at(text, blame) + extra


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        (GOOD.rsplit(" ", 2)[0], len(GOOD.rsplit(" ", 2)[0]), "19 fields"),
        (GOOD + " extra", len(GOOD) + 1, "at most 20"),
        (GOOD[: -len(TWO)] + " extra", len(GOOD) - len(TWO) + 1, "must be 'rules:"),
    ],
)
def test_from_text_field_count(text: str, position: int, message: str) -> None:
    """A position has 19 fields, or 20 with the rules."""
    with pytest.raises(NotationError, match=message) as e:
        from_text(text)
    assert e.value.position == position


def test_from_text_rejects_non_text() -> None:
    """Only a str is a position string."""
    with pytest.raises(NotationError):
        from_text(None)  # type: ignore[arg-type]


def test_an_unreadable_token_is_echoed_bounded_in_the_error() -> None:
    """An unknown action token of any length is refused with a NotationError whose
    message shows only its start (bad input never makes an unbounded message)."""
    import tikalspeed

    state = tikalspeed.new_game(seed=1)
    for text in ("zz" * 10_000, "P1:" + "9" * 10_000, "take:" + "Q" * 10_000):
        with pytest.raises(tikalspeed.NotationError) as raised:
            tikalspeed.parse_action(state, text)
        assert len(str(raised.value)) < 300
