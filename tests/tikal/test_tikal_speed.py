"""Tikal on Speed, clause by clause: hand-worked positions for every SPEED clause.

Each test builds a small position (``positions.py``) or plays a short stretch of a
game by its tokens, and checks what the seed's rule says should happen: the Round
Order, the placement, the secret token choices of a Jump, the order of play, one
action per Jump, the end of the Jump phase, the volcano scoring and bonus turn, and
the end of the game.
"""

from __future__ import annotations

import itertools

from positions import (
    cell,
    choose_tokens,
    find,
    jumping,
    names,
    only_stack,
    out_of_play,
    pieces,
    play,
    speed,
    stacks,
    tile_index,
    tiles,
    tokens,
    treasures,
)

from tikalspeed import (
    CHANCE,
    AuctionOpened,
    EndTurn,
    Phase,
    Scored,
    State,
    TurnBegan,
    TurnKind,
    Uncover,
    actors,
    is_legal,
    legal_actions,
    observe,
    step,
)
from tikalspeed.engine import why_illegal
from tikalspeed.model.actions import ChooseTokens
from tikalspeed.model.events import (
    ActionTaken,
    Event,
    GameOver,
    PointsLost,
    TileSecured,
    TokensChosen,
    TokensReturned,
    TokensRevealed,
)


def run(state: State, until: set[Phase] | None = None) -> tuple[State, list[Event]]:
    """Play on with a fixed policy until the phase is one of ``until`` (or the game
    ends): chance takes its first outcome, a placement the first spot, a token
    choice the largest number, a Jump or bonus turn its first legal action."""
    until = until or set()
    events: list[Event] = []
    while actors(state) and state.phase not in until:
        legal = legal_actions(state, actors(state)[0])
        if state.phase is Phase.TOKENS:
            action = [a for a in legal if isinstance(a, ChooseTokens)][-1]
        elif state.phase is Phase.ACTIONS and state.turn_kind is not TurnKind.JUMP:
            action = find(state, "end")
        else:
            action = legal[0]
        t = step(state, action)
        state, events = t.state, events + list(t.events)
    return state, events


def round_with(players: int, ids: str, *auction: str, **rules: object) -> State:
    """A Speed game whose first display is ``ids``, after the ``auction`` tokens."""
    s = stacks(speed(players, **rules), A=ids)
    s, _ = play(s, *(f"reveal={i}" for i in ids.split()), *auction)
    return s


# --------------------------------------------------------------------------- tokens, rounds


def test_speed_tokens_1_ten_tokens_each_and_auction_1_scores_start_at_20() -> None:
    """SPEED-TOKENS-1: every player has 10 tokens; SPEED-AUCTION-1: scores start at
    ``Rules.auction_score`` (20), and the game opens with the professional display."""
    s = speed(3)
    assert s.tokens == (10, 10, 10)
    assert s.scores == (20, 20, 20)
    assert s.phase is Phase.REVEAL and actors(s) == (CHANCE,)
    assert speed(2, auction_score=7).scores == (7, 7)


def test_speed_round_1_auction_placement_jumps_then_next_round() -> None:
    """SPEED-ROUND-1: a round is the auction, the placement, the Jumps; then a new
    round (no scoring without a volcano)."""
    s = round_with(2, "A1 A3", "pass", "pass", "take:A1", "take:A3")
    assert s.phase is Phase.PLACE
    s, events = run(s, {Phase.REVEAL})
    kinds = names(events)
    assert kinds.count("TilePlaced") == 2
    assert kinds.index("TilePlaced") < kinds.index("TokensRevealed")
    assert kinds[-1] == "TokensReturned"
    assert "Scored" not in kinds and "TurnBegan" in kinds
    assert s.phase is Phase.REVEAL and s.round_order == () and s.tokens == (10, 10)


# --------------------------------------------------------------------------- the auction


def test_speed_auction_1_a_secured_tile_is_not_played() -> None:
    """SPEED-AUCTION-1: the winner pays and keeps the tile unplaced; the next auction
    opens at once; the phase ends when all have secured a tile."""
    s = round_with(3, "A1 A3 A4", "bid:2", "pass", "pass")
    s, events = play(s, "take:A4")
    assert names(events) == ["TileSecured", "AuctionOpened"]
    assert s.phase is Phase.BID and s.scores == (18, 20, 20)
    assert s.secured == (tile_index(s, "A4"), -1, -1)
    assert all(p < 0 for p in s.placed[10:]) and s.ap == 0
    s, _ = play(s, "pass", "pass", "take:A1", "take:A3")
    assert s.phase is Phase.PLACE and all(t >= 0 for t in s.secured)


def test_speed_auction_2_round_order_is_the_securing_order() -> None:
    """SPEED-AUCTION-2: P2 secures first, then P3, then P1: Round Order P2, P3, P1."""
    s = round_with(3, "A1 A3 A4", "pass", "bid:1", "pass", "take:A3")
    s, events = play(s, "pass", "pass", "take:A1", "take:A4")
    secured = [e for e in events if isinstance(e, TileSecured)]
    assert [e.player for e in secured] == [2, 0]
    assert secured[-1].round_order == (1, 2, 0) == s.round_order


def test_speed_auction_3_a_volcano_promotes_its_securer_to_first() -> None:
    """SPEED-AUCTION-3: P2 takes the volcano B1 last (for free), and still leads."""
    s = round_with(2, "A1 B1", "bid:1", "pass", "take:A1", "take:B1")
    assert s.round_order == (1, 0)


def test_speed_auction_3_two_volcanoes_first_secured_by_default() -> None:
    """SPEED-AUCTION-3, ``two_volcanoes='first-secured'``: the earlier volcano securer
    stays first, the later one second, both ahead of the others."""
    s = round_with(3, "A1 B1 D3", "bid:1", "pass", "pass", "take:A1")
    s, _ = play(s, "bid:1", "pass", "take:B1", "take:D3")
    assert s.round_order == (1, 2, 0)


def test_speed_auction_3_two_volcanoes_last_secured() -> None:
    """SPEED-AUCTION-3, ``two_volcanoes='last-secured'``: the later one goes first."""
    s = round_with(3, "A1 B1 D3", "bid:1", "pass", "pass", "take:A1", two_volcanoes="last-secured")
    s, _ = play(s, "bid:1", "pass", "take:B1", "take:D3")
    assert s.round_order == (2, 1, 0)


def test_speed_auction_4_openers_as_in_the_professional_game() -> None:
    """SPEED-AUCTION-4: P1 opens; the next auction the neighbour of the first securer;
    the next round the player after the last securer."""
    s = stacks(speed(3), A="A1 A3 A4", B="A5 A6 B2")
    s, events = play(s, "reveal=A1", "reveal=A3", "reveal=A4")
    assert events[-1] == AuctionOpened((0, 1, 2))
    s, events = play(s, "pass", "bid:1", "pass", "take:A3")
    assert events[-1] == AuctionOpened((2, 0))
    s, _ = play(s, "pass", "pass", "take:A1", "take:A4")  # P3 first passer, P1 last
    s, _ = run(s, {Phase.REVEAL})
    assert s.round_opener == 1
    s, events = play(s, "reveal=A5", "reveal=A6", "reveal=B2")
    assert events[-1] == AuctionOpened((1, 2, 0))


# --------------------------------------------------------------------------- placement


def test_speed_place_1_tiles_are_placed_in_round_order() -> None:
    """SPEED-PLACE-1: placement turns follow the Round Order (the volcano securer
    first); a volcano is placed at once, next to any explored hex."""
    s = round_with(3, "A1 B1 A3", "bid:1", "pass", "pass", "take:A1", "bid:1", "pass")
    s, _ = play(s, "take:B1", "take:A3")
    assert s.round_order == (1, 0, 2)
    placers = []
    while s.phase is Phase.PLACE:
        assert s.turn_kind is TurnKind.PLACEMENT and s.hand == s.secured[s.active]
        placers.append(s.active)
        s = step(s, legal_actions(s)[0]).state
    assert placers == [1, 0, 2]
    assert s.volcano_placers == (1,) and s.phase is Phase.TOKENS


# --------------------------------------------------------------------------- the Jumps


def test_speed_jump_1_choices_are_simultaneous_in_any_order() -> None:
    """SPEED-JUMP-1: every jumper who has not chosen is an actor; the order of the
    commits changes nothing."""
    s = jumping(speed(3), (0, 1, 2))
    assert actors(s) == (0, 1, 2)
    assert {a.player for a in legal_actions(s)} == {0, 1, 2}  # type: ignore[union-attr]
    counts = {"P1": 4, "P2": 1, "P3": 2}
    results = set()
    for order in itertools.permutations(counts):
        after, events = choose_tokens(s, **{p: counts[p] for p in order})
        assert isinstance(events[-1], TokensRevealed)
        results.add((after, events[-1]))
    assert len(results) == 1
    after, _ = choose_tokens(s, P2=1)
    assert actors(after) == (0, 2) and not is_legal(after, ChooseTokens(1, 2))


def test_speed_jump_1_between_one_and_five_no_more_than_left() -> None:
    """SPEED-JUMP-1: from 1 to min(5, tokens left)."""
    s = jumping(speed(2), (0, 1), tokens=(3, 10))
    assert tokens(s, 0) == ["tokens:1", "tokens:2", "tokens:3"]
    assert tokens(s, 1) == [f"tokens:{k}" for k in range(1, 6)]
    assert not is_legal(s, ChooseTokens(0, 4))
    assert not is_legal(s, ChooseTokens(1, 6))
    assert not is_legal(s, ChooseTokens(1, 0))


def test_speed_jump_2_order_smallest_first_ties_by_round_order() -> None:
    """SPEED-JUMP-2: P2 (1) first; P3 and P1 both 3: P3 is ahead in the Round Order."""
    s = jumping(speed(3), (2, 0, 1))
    s, events = choose_tokens(s, P1=3, P2=1, P3=3)
    reveal = events[-1]
    assert isinstance(reveal, TokensRevealed)
    assert reveal.chosen == (3, 1, 3) and reveal.order == (1, 2, 0)
    assert s.active == 1 and s.ap == 1 and s.tokens == (7, 9, 7)


def test_speed_jump_3_one_action_and_leftover_points_lost() -> None:
    """SPEED-JUMP-3: one action only, no ending without one; what it leaves is lost."""
    s = jumping(speed(2), (0, 1))
    s, _ = choose_tokens(s, P1=5, P2=1)
    assert s.active == 1 and "end" not in tokens(s)
    s, events = play(s, "enter:w:a1")
    assert not any(isinstance(e, PointsLost) for e in events)
    assert s.active == 0 and s.ap == 5 and "end" not in tokens(s)
    s, events = play(s, "enter:w:a1")
    assert PointsLost(0, 4) in events
    assert s.phase is Phase.TOKENS and s.tokens == (5, 9)


def test_speed_jump_3_a_move_across_two_borders_is_one_action() -> None:
    """SPEED-JUMP-3 with TIKAL-MOVE-3: b1 to a2 crosses two borders for 4 points."""
    s = jumping(pieces(speed(2), 0, w={"b1": 1}), (0, 1))
    s, _ = choose_tokens(s, P1=4, P2=5)
    s, events = play(s, "move:w:b1:a2")
    taken = [e for e in events if isinstance(e, ActionTaken)]
    assert [(e.player, e.cost) for e in taken] == [(0, 4)]
    assert not any(isinstance(e, PointsLost) for e in events) and s.active == 1


def test_speed_jump_4_no_fewer_tokens_than_the_cheapest_action() -> None:
    """SPEED-JUMP-4: P1's pieces all stand on a2; every action costs 2, so 1 token
    gives no legal move in mind."""
    s = pieces(speed(2), 0, w={"a2": 18}, leader="a2")
    s = jumping(s, (0, 1))
    assert tokens(s, 0) == ["tokens:2", "tokens:3", "tokens:4", "tokens:5"]
    assert why_illegal(s, ChooseTokens(0, 1))[0] == "SPEED-JUMP-4"  # type: ignore[index]


def _pair_spoils_the_swap(s: State) -> State:
    """P1 (worker on a ruin c1 with one treasure, holding B) and P2 (holding A);
    P2's only swap is for P1's single B."""
    s = tiles(s, c1=("A2", 0))
    s = s.replace(ruins=tuple(1 if c == cell("c1") else 0 for c in range(40)))
    s = treasures(treasures(pieces(s, 0, w={"c1": 1}), 0, "B"), 1, "A")
    return s


def test_speed_jump_7_the_action_in_mind_became_impossible_points_lost() -> None:
    """SPEED-JUMP-7 (and SPEED-JUMP-5): P2 meant to swap his A for P1's single B; P1
    digs first and finds a second B; P2 has nothing left to do and loses his 3
    points; in the next Jump only a camp (5) is left to him."""
    s = _pair_spoils_the_swap(out_of_play(speed(2), 1))
    s = jumping(s, (0, 1))
    assert tokens(s, 1) == ["tokens:3", "tokens:4", "tokens:5"]
    s, _ = choose_tokens(s, P1=3, P2=3)
    s, events = play(s, "dig:c1", "find=B")
    assert PointsLost(1, 3, "SPEED-JUMP-7") in events
    assert s.phase is Phase.TOKENS and s.tokens == (7, 7)
    assert tokens(s, 1) == ["tokens:5"]


def test_speed_jump_7_another_legal_action_may_be_taken_instead() -> None:
    """SPEED-JUMP-7: with a piece to bring in, P2 takes that instead of the swap."""
    s = jumping(_pair_spoils_the_swap(speed(2)), (0, 1))
    s, _ = choose_tokens(s, P1=3, P2=3)
    s, _ = play(s, "dig:c1", "find=B")
    assert s.active == 1 and s.ap == 3
    legal = tokens(s)
    assert "enter:w:a1" in legal and not any(t.startswith("swap") for t in legal)
    s, events = play(s, "enter:w:a1")
    assert PointsLost(1, 2) in events


def test_speed_jump_5_a_player_without_tokens_sits_out() -> None:
    """SPEED-JUMP-5: P1 spends 5 and 5; the third Jump is P2's alone. A player with
    tokens but no action he could take sits out as well."""
    s = jumping(speed(2), (0, 1))
    for _ in range(2):
        s, _ = choose_tokens(s, P1=5, P2=1)
        s, _ = play(s, "enter:w:a1", "enter:w:a1")
    assert s.tokens == (0, 8) and s.jumpers == (1,) and actors(s) == (1,)
    assert legal_actions(s, 0) == ()
    s = _raising()  # P2 has 10 tokens but nothing to do
    s, _ = choose_tokens(s, P1=2)
    s, _ = play(s, "uncover:a2")
    assert s.phase is Phase.TOKENS and s.tokens == (8, 10) and actors(s) == (0,)


def test_speed_jump_6_phase_ends_when_nobody_can_spend_tokens_return() -> None:
    """SPEED-JUMP-6: after two Jumps of 5 everyone is out of tokens: all 10 return and
    (no volcano placed) the next round begins."""
    s = jumping(speed(2), (0, 1))
    for _ in range(2):
        s, _ = choose_tokens(s, P1=5, P2=5)
        s, events = play(s, "enter:w:a1", "enter:w:a1")
    assert isinstance(events[-1], TokensReturned) or TokensReturned() in events
    assert s.tokens == (10, 10) and s.phase is Phase.REVEAL
    assert not any(isinstance(e, Scored) for e in events)


def test_speed_jump_8_forfeit_only_with_the_option() -> None:
    """SPEED-JUMP-8: by default no stopping; with ``forfeit`` the player stops in
    secret, and at the reveal gives up his tokens and sits out the phase."""
    s = jumping(speed(2), (0, 1))
    assert "end" not in tokens(s) and not is_legal(s, EndTurn(0))
    s = jumping(speed(2, forfeit=True), (0, 1))
    assert "end" in tokens(s, 0)
    t = step(s, EndTurn(0))
    assert t.events == (TokensChosen(0),)  # nothing forfeited before the reveal
    s = t.state
    assert s.tokens == (10, 10) and actors(s) == (1,)
    s, events = choose_tokens(s, P2=2)
    assert events[1:] == [PointsLost(0, 10, "SPEED-JUMP-8"), TokensRevealed((0, 2), (1,))]
    assert s.tokens == (0, 8) and s.jumpers == (1,) and s.active == 1


def _raising(**rules: object) -> State:
    """P1 on the temple a2 (value 1), P2 out of play (and, as a camp needs a member,
    with nothing to do): P1 alone in the Jumps."""
    s = speed(2, camp_needs_member=True, **rules)
    s = out_of_play(pieces(s, 0, w={"a2": 1}), 1)
    return jumping(s, (0, 1), jumpers=(0,))


def test_speed_jump_9_limits_count_per_jump_phase_by_default() -> None:
    """SPEED-JUMP-9, ``jump_limits='phase'``: a temple raised twice in the Jumps of a
    round may not be raised a third time (TIKAL-UNCOVER-3)."""
    s = _raising()
    for _ in range(2):
        s, _ = choose_tokens(s, P1=2)
        s, _ = play(s, "uncover:a2")
    s, _ = choose_tokens(s, P1=2)
    assert s.temples[cell("a2")] == 3 and "uncover:a2" not in tokens(s)
    assert why_illegal(s, Uncover(0, cell("a2")))[0] == "TIKAL-UNCOVER-3"  # type: ignore[index]


def test_speed_jump_9_limits_count_per_jump_with_the_option() -> None:
    """SPEED-JUMP-9, ``jump_limits='jump'``: the third raise is allowed."""
    s = _raising(jump_limits="jump")
    for _ in range(3):
        s, _ = choose_tokens(s, P1=2)
        s, _ = play(s, "uncover:a2")
    assert s.temples[cell("a2")] == 4


def test_speed_jump_1_observe_hides_other_choices_until_the_reveal() -> None:
    """SPEED-JUMP-1: two positions that differ only in P2's secret choice look the
    same to P1 and P3 (P2's choice shows as -1), not to P2; not-yet-made shows 0."""
    s = jumping(speed(3), (0, 1, 2))
    a, _ = choose_tokens(s, P2=2)
    b, _ = choose_tokens(s, P2=4)
    assert observe(a, 0) == observe(b, 0) and observe(a, 2) == observe(b, 2)
    assert observe(a, 1) != observe(b, 1)
    assert observe(a, 0).state.chosen == (0, -1, 0) and observe(a, 1).state.chosen == (0, 2, 0)
    assert observe(a, 0).hidden and not observe(a, 1).hidden
    a, _ = choose_tokens(a, P1=1, P3=1)
    assert observe(a, 0).state.chosen == (1, 2, 1)  # revealed


# --------------------------------------------------------------------------- scoring, end


def _last_jump(volcano_placers: tuple[int, ...] = (), **fields: object) -> State:
    """One token each left: P2 holds the temple a2, P1 a treasure; Round Order P2, P1."""
    s = treasures(pieces(speed(2), 1, w={"a2": 1}), 0, "A")
    return jumping(s, (1, 0), tokens=(1, 1), volcano_placers=volcano_placers, **fields)


def test_speed_score_1_no_scoring_without_a_volcano() -> None:
    """SPEED-SCORE-1: a round with no volcano placed ends without scoring."""
    s, _ = choose_tokens(_last_jump(), P1=1, P2=1)
    s, events = play(s, "enter:w:a1", "enter:w:a1")
    assert not any(isinstance(e, Scored) for e in events) and s.phase is Phase.REVEAL


def test_speed_score_1_and_2_volcano_round_scores_then_bonus_turn() -> None:
    """SPEED-SCORE-1: after the Jumps every player scores, in Round Order (P2 then
    P1); SPEED-SCORE-2: then the volcano placer takes 10 AP, several actions."""
    s, _ = choose_tokens(_last_jump((0,)), P1=1, P2=1)
    s, events = play(s, "enter:w:a1", "enter:w:a1")
    scored = [e for e in events if isinstance(e, Scored)]
    assert [(e.player, e.temples, e.treasures, e.clause) for e in scored] == [
        (1, 1, 0, "SPEED-SCORE-1"),
        (0, 0, 1, "SPEED-SCORE-1"),
    ]
    assert s.scores == (21, 21)
    assert TurnBegan(0, "bonus", "SPEED-SCORE-2") in events
    assert s.phase is Phase.ACTIONS and s.turn_kind is TurnKind.BONUS and s.ap == 10
    s, _ = play(s, "enter:w:a1", "enter:w:a1", "enter:l:a1")
    assert s.active == 0 and s.ap == 7 and "end" in tokens(s)
    s, events = play(s, "end")
    assert s.phase is Phase.REVEAL and not any(isinstance(e, Scored) for e in events)


def test_speed_score_1_a_natural_volcano_round() -> None:
    """SPEED-SCORE-1/2 in play: P2 takes the volcano, places it first, and after the
    Jumps all score (P2 first) and P2 has the bonus turn."""
    s = round_with(2, "A1 B1", "bid:1", "pass", "take:A1", "take:B1")
    s, events = run(s, {Phase.REVEAL})
    assert [e.player for e in events if isinstance(e, Scored)] == [1, 0]
    bonus = [e for e in events if isinstance(e, TurnBegan) and e.kind == "bonus"]
    assert [e.player for e in bonus] == [1]
    kinds = names(events)
    assert kinds.index("TokensReturned") < kinds.index("Scored")


def test_speed_end_1_final_scoring_after_the_last_round() -> None:
    """SPEED-END-1: no tile left: after the Jumps everyone scores once more, in Round
    Order, and the game is over with no final turns."""
    s, _ = choose_tokens(only_stack(_last_jump(), ""), P1=1, P2=1)
    s, events = play(s, "enter:w:a1", "enter:w:a1")
    scored = [(e.player, e.clause) for e in events if isinstance(e, Scored)]
    assert scored == [(1, "SPEED-END-1"), (0, "SPEED-END-1")]
    assert isinstance(events[-1], GameOver) and not any(isinstance(e, TurnBegan) for e in events)
    assert actors(s) == () and s.result is not None and s.result.winner is None


def test_speed_end_1_after_a_last_volcano_round() -> None:
    """SPEED-END-1: the volcano scoring and bonus turn come first, then the final one."""
    s, _ = choose_tokens(only_stack(_last_jump((0,)), ""), P1=1, P2=1)
    s, events = play(s, "enter:w:a1", "enter:w:a1")
    assert [e.clause for e in events if isinstance(e, Scored)] == ["SPEED-SCORE-1"] * 2
    s, events = play(s, "end")
    assert [e.clause for e in events if isinstance(e, Scored)] == ["SPEED-END-1"] * 2
    assert s.phase is Phase.OVER and actors(s) == ()


def test_speed_end_1_a_whole_small_game() -> None:
    """SPEED-END-1: two tiles only: one round, then the final scoring, then over."""
    s = only_stack(speed(2), "A1 A3")
    s, _ = play(s, "reveal=A1", "reveal=A3", "pass", "pass", "take:A1", "take:A3")
    s, events = run(s)
    assert s.phase is Phase.OVER
    assert [e.clause for e in events if isinstance(e, Scored)] == ["SPEED-END-1"] * 2
