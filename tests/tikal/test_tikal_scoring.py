"""Guards, scoring rounds and the end of the classic game, on hand-worked positions.

A player's force on a hex is 1 per worker and 3 for the leader (TIKAL-GUARD-1). The
expected scores below are added up by hand from TIKAL-SCORE-3: the current value of
each temple guarded or held by a strict majority, plus 1 / 3 / 6 per treasure kind
held once, twice or three times.
"""

from __future__ import annotations

import pytest
from positions import (
    acting,
    cell,
    game,
    guard,
    names,
    only_stack,
    pieces,
    play,
    stacks,
    temple,
    tiles,
    tokens,
    treasures,
)

from tikalspeed import (
    LEADER,
    WORKER,
    Guard,
    IllegalActionError,
    Outcome,
    Phase,
    State,
    TurnKind,
    is_legal,
    outcome,
    step,
)
from tikalspeed.model.events import (
    GameOver,
    PiecesRemoved,
    Scored,
    TileDrawn,
    TurnBegan,
    TurnEnded,
    VolcanoSetAside,
)
from tikalspeed.model.state import GUARDING, REMOVED


def accounted(s: State, player: int) -> int:
    """Workers in supply, on the board, guarding and removed: always 18."""
    p = player
    return s.supply[p] + sum(s.workers[p]) + s.guard_pieces[p] + s.removed[p]


def turns(events: list[object]) -> list[tuple[int, str]]:
    return [(e.player, e.kind) for e in events if isinstance(e, TurnBegan)]


def scored(events: list[object]) -> list[tuple[int, int, int, str]]:
    return [(e.player, e.temples, e.treasures, e.clause) for e in events if isinstance(e, Scored)]


# --------------------------------------------------------------------------- guards


def test_tikal_guard_1_strictly_greatest_force_five_points() -> None:
    """TIKAL-GUARD-1: on a2 P1's two workers (2) lose to P2's leader (3); P1's leader and
    one worker (4) beat it, and guarding costs 5 AP."""
    s = pieces(pieces(game(players=2), 0, w={"a2": 2}), 1, leader="a2")
    with pytest.raises(IllegalActionError) as err:
        step(acting(s, 0), Guard(0, cell("a2"), WORKER))
    assert err.value.clause == "TIKAL-GUARD-1"
    s = pieces(pieces(game(players=2), 0, w={"a2": 1}, leader="a2"), 1, leader="a2")
    assert [t for t in tokens(acting(s, 0)) if t.startswith("guard")] == [
        "guard:a2:w",
        "guard:a2:l",
    ]
    assert not [t for t in tokens(acting(s, 1)) if t.startswith("guard")]
    after, events = play(acting(s, 0), "guard:a2:w")
    assert events[0].cost == 5 and after.ap == 5 and after.guards[cell("a2")] == 0
    with pytest.raises(IllegalActionError) as err:
        step(acting(s, 0, ap=4), Guard(0, cell("a2"), WORKER))
    assert err.value.clause == "TIKAL-TURN-2"


def test_tikal_guard_2_tie_option() -> None:
    """TIKAL-GUARD-2: three workers (3) against a leader (3) tie: no guard by default,
    a guard with ``guard_on_tie``."""
    for on_tie in (False, True):
        s = pieces(pieces(game(players=2, guard_on_tie=on_tie), 0, w={"a2": 3}), 1, leader="a2")
        assert is_legal(acting(s, 0), Guard(0, cell("a2"), WORKER)) is on_tie


def test_tikal_guard_3_other_own_pieces_leave_the_game() -> None:
    """TIKAL-GUARD-3: P1's leader and 2 workers on a2, P2's worker too. A worker guards:
    the other worker and the leader leave the game, P2's worker stays. The leader
    guards: both workers leave. Every worker is still accounted for."""
    s = pieces(pieces(game(players=2), 0, w={"a2": 2}, leader="a2"), 1, w={"a2": 1})
    s = acting(s, 0)
    after, events = play(s, "guard:a2:w")
    assert events[1:] == [PiecesRemoved(0, cell("a2"), 1, True)]
    assert after.leaders[0] == REMOVED and after.removed[0] == 1 and after.guard_pieces[0] == 1
    assert after.workers[0][cell("a2")] == 0 and after.workers[1][cell("a2")] == 1
    assert accounted(after, 0) == 18
    after, events = play(s, "guard:a2:l")
    assert events[1:] == [PiecesRemoved(0, cell("a2"), 2, False)]
    assert after.leaders[0] == GUARDING and after.removed[0] == 2 and after.guard_pieces[0] == 0
    assert accounted(after, 0) == 18
    lone = acting(pieces(game(players=2), 0, w={"b1": 1}), 0)
    after, events = play(lone, "guard:b1:w")
    assert names(events) == ["ActionTaken"] and after.removed[0] == 0


def test_tikal_guard_4_two_guards_one_per_temple() -> None:
    """TIKAL-GUARD-4: P1 guarding a2 and b1 may not guard c1 (B6, temple 3); nobody
    guards a temple already guarded, nor raises it."""
    s = tiles(game(players=2), c1=("B6", 1))
    s = guard(guard(pieces(s, 0, w={"c1": 1}), "a2", 0), "b1", 0)
    assert not is_legal(acting(s, 0), Guard(0, cell("c1"), WORKER))
    s = guard(pieces(game(players=2), 0, leader="a2"), "a2", 1)
    assert not is_legal(acting(s, 0), Guard(0, cell("a2"), LEADER))
    assert not [t for t in tokens(acting(s, 0)) if t.startswith(("guard", "uncover"))]


# --------------------------------------------------------------------------- scoring


def scoring_position() -> State:
    """2 players. a2 raised to 3: P1 2 workers, P2 1. b1 (1): 1 worker each, a tie.
    c1, B6 raised to 4: guarded by P1, 5 P2 workers. c2, C5 (3): P2's leader.
    P1 holds AAA BB C, P2 holds D. P1 is about to draw B1, a volcano."""
    s = tiles(game(players=2), c1=("B6", 1), c2=("C5", 1))
    s = temple(temple(s, "a2", 3), "c1", 4)
    s = pieces(s, 0, w={"a2": 2, "b1": 1})
    s = pieces(s, 1, w={"a2": 1, "b1": 1, "c1": 5}, leader="c2")
    s = guard(s, "c1", 0)
    s = treasures(treasures(s, 0, "AAABBC"), 1, "D")
    return acting(stacks(s, A=""), 0, ap=0, phase=Phase.DRAW)


def test_tikal_score_3_temples_sets_ties_and_guards() -> None:
    """TIKAL-SCORE-3: P1 scores a2 3 + guarded c1 4 = 7 for temples and 6 + 3 + 1 = 10
    for treasures; P2 scores c2 3 and 1 for D; nobody scores the tied b1."""
    s, events = play(scoring_position(), "draw=B1", "end")
    assert scored(events) == [(0, 7, 10, "TIKAL-SCORE-1")] and s.scores == (17, 0)
    s, events = play(s, "end")
    assert scored(events) == [(1, 3, 1, "TIKAL-SCORE-1")] and s.scores == (17, 4)


def round_position() -> State:
    """3 players. a2 raised to 3 with P1's worker; P2's worker on b1; P2 draws next."""
    s = temple(game(players=3), "a2", 3)
    s = pieces(pieces(s, 0, w={"a2": 1}), 1, w={"b1": 1})
    return acting(stacks(s, A=""), 1, ap=0, phase=Phase.DRAW, next_player=2)


def test_tikal_score_1_scoring_round_each_scores_after_own_turn() -> None:
    """TIKAL-SCORE-1: P2 draws the volcano B1 and sets it aside; P2, P3, P1 each take a
    10-AP scoring turn with no draw and score at its end. P2 scores b1 (1). P3 brings
    2 workers to a2 (1 + 1 + 2 + 2 AP) and scores it (3); P1, now outnumbered, scores 0."""
    s, events = play(round_position(), "draw=B1")
    assert events == [TileDrawn(1, "B1"), VolcanoSetAside(1, "B1"), TurnBegan(1, "scoring")]
    assert s.phase is Phase.ACTIONS and s.ap == 10 and s.turn_kind is TurnKind.SCORING
    assert s.queue == ((TurnKind.SCORING, 2), (TurnKind.SCORING, 0), (TurnKind.VOLCANO, 1))
    s, events = play(s, "end")
    assert scored(events) == [(1, 1, 0, "TIKAL-SCORE-1")] and turns(events) == [(2, "scoring")]
    assert s.phase is Phase.ACTIONS and s.ap == 10
    s, events = play(s, "enter:w:a1", "enter:w:a1", "move:w:a1:a2", "move:w:a1:a2", "end")
    assert scored(events) == [(2, 3, 0, "TIKAL-SCORE-1")] and turns(events) == [(0, "scoring")]
    s, events = play(s, "end")
    assert scored(events) == [(0, 0, 0, "TIKAL-SCORE-1")] and s.scores == (0, 1, 3)


def test_tikal_score_2_then_the_drawer_places_the_volcano() -> None:
    """TIKAL-SCORE-2: everyone ends at once, so P2 scores b1 (1), P3 nothing, P1 a2 (3);
    then P2 places B1 and takes 10 AP, scoring nothing; then P3 takes the next normal
    turn, starting with a draw."""
    s, _ = play(round_position(), "draw=B1", "end", "end", "end")
    assert s.active == 1 and s.phase is Phase.PLACE and s.turn_kind is TurnKind.VOLCANO
    s, events = play(s, "place:c1:0")
    assert s.phase is Phase.ACTIONS and s.ap == 10 and s.hand == -1
    s, events = play(s, "end")
    assert scored(events) == [] and turns(events) == [(2, "normal")]
    assert s.phase is Phase.DRAW and s.scores == (3, 1, 0)


# --------------------------------------------------------------------------- the end


def final_position(p2_treasures: str) -> State:
    """3 players, one tile (G4) left for P2. P1's leader on b1, P3's worker on a2."""
    s = pieces(pieces(game(players=3), 0, leader="b1"), 2, w={"a2": 1})
    s = treasures(s, 1, p2_treasures)
    return acting(only_stack(s, "G4"), 1, ap=0, phase=Phase.DRAW, next_player=2)


def test_tikal_end_1_final_round_from_the_next_player() -> None:
    """TIKAL-END-1: P2 places the last tile and takes 10 AP; then P3, P1 and P2 last
    each take a final turn and score (1, 1 and 3 for AA); then the game is over."""
    s, _ = play(final_position("AA"), "draw=G4", "place:a3:0")
    s, events = play(s, "end", "end", "end", "end")
    assert turns(events) == [(2, "final"), (0, "final"), (1, "final")]
    assert scored(events) == [
        (2, 1, 0, "TIKAL-END-1"),
        (0, 1, 0, "TIKAL-END-1"),
        (1, 0, 3, "TIKAL-END-1"),
    ]
    assert s.last_tile_player == 1 and s.phase is Phase.OVER
    assert events[-1] == GameOver(Outcome(1, (1, 3, 1), "final-scoring"))


def test_tikal_end_1_last_tile_a_volcano() -> None:
    """TIKAL-END-1: P1 draws the last tile, the volcano F2: scoring round P1, P2; P1's
    volcano turn; then the final round P2, P1; each player scores twice."""
    s = acting(only_stack(game(players=2), "F2"), 0, ap=0, phase=Phase.DRAW)
    s, events = play(s, "draw=F2", "end", "end", "place:c1:0", "end", "end", "end")
    assert turns(events) == [
        (0, "scoring"),
        (1, "scoring"),
        (0, "volcano"),
        (1, "final"),
        (0, "final"),
    ]
    assert [(p, c) for p, _, _, c in scored(events)] == [
        (0, "TIKAL-SCORE-1"),
        (1, "TIKAL-SCORE-1"),
        (1, "TIKAL-END-1"),
        (0, "TIKAL-END-1"),
    ]
    assert s.phase is Phase.OVER and s.last_tile_player == 0


def test_tikal_end_2_most_points_wins_ties_share() -> None:
    """TIKAL-END-2: with AA P2 has 3 and wins alone; with one A all three have 1 and
    share the win: the outcome names no winner."""
    s, _ = play(final_position("AA"), "draw=G4", "place:a3:0", "end", "end", "end", "end")
    assert outcome(s) == Outcome(1, (1, 3, 1), "final-scoring")
    s, events = play(final_position("A"), "draw=G4", "place:a3:0", "end", "end", "end", "end")
    assert outcome(s) == Outcome(None, (1, 1, 1), "final-scoring")
    assert "shared win" in str(events[-1])


def test_event_texts_count_in_words() -> None:
    """TIKAL-GUARD-3, TIKAL-TURN-3 (issue 8, the narration speaks the game's language):
    no ``worker(s)`` or ``0 AP lost``; the counts are in words, singular or plural."""
    a2 = cell("a2")
    assert str(PiecesRemoved(0, a2, 1, True)) == (
        "P1 removes 1 worker and the leader from a2 (TIKAL-GUARD-3)"
    )
    assert str(PiecesRemoved(1, a2, 2, False)) == "P2 removes 2 workers from a2 (TIKAL-GUARD-3)"
    assert str(PiecesRemoved(1, a2, 0, True)) == "P2 removes the leader from a2 (TIKAL-GUARD-3)"
    assert str(TurnEnded(0, 0)) == "P1 ends the turn (TIKAL-TURN-3)"
    assert str(TurnEnded(0, 1)) == "P1 ends the turn, 1 action point unused (TIKAL-TURN-3)"
    assert str(TurnEnded(2, 4)) == "P3 ends the turn, 4 action points unused (TIKAL-TURN-3)"
