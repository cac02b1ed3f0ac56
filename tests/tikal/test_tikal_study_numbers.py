"""Tikal's own study numbers (issue 21, ``tikalspeed.tools.studies.tally``): the
points lost by cause, the auction spend, the volcanoes secured, the last scoring's
swing and change of lead. Each column is counted again here by hand, from every
event of ``step`` and the states of a seeded game, and checked in small scripted
positions where the answer is known."""

from __future__ import annotations

from typing import Any

import pytest
from positions import choose_tokens, jumping, play, speed, stacks
from replays import replay

from gamekit.studies.study import Played
from tikalspeed import (
    Rules,
    State,
    legal_actions,
    new_game,
)
from tikalspeed.board.tiles import Kind
from tikalspeed.model.events import (
    AuctionWon,
    Event,
    PointsLost,
    Scored,
    TileSecured,
    TurnEnded,
)
from tikalspeed.tools import studies as simulate
from tikalspeed.tools.studies.tally import COLUMNS, WORDS, Tally, kingmaking, notes, numbers

_LOST = ("ap_unused_ended", "ap_unused_jump", "ap_unused_forfeit")


def _plies(ruleset: str, seed: int, bots: tuple[str, ...]) -> list[tuple[State, Any]]:
    """``play_row``'s game replayed with ``step``: each ply's state before it and its
    transition (every event)."""
    return [(ply.state, ply.transition) for ply in replay(ruleset, seed, bots)]


def _by_hand(ruleset: str, seed: int, bots: tuple[str, ...]) -> dict[str, Any]:
    """The new columns of a game, counted the most direct way: each cause's events
    by the clause they cite; the prices of the auctions won; the volcanoes among the
    tiles secured, and whether the Round Order put the securer ahead of a player
    already in it; the scores of the state just before the last scoring."""
    plies = _plies(ruleset, seed, bots)
    rules = plies[0][0].rules
    n = rules.players
    volcanoes = {t.id for t in rules.manifest.tiles if t.kind is Kind.VOLCANO}
    events: list[Event] = [e for _, t in plies for e in t.events]
    out: dict[str, Any] = {
        "ap_unused_ended": sum(e.lost for e in events if isinstance(e, TurnEnded)),
        "ap_unused_jump": sum(
            e.points
            for e in events
            if isinstance(e, PointsLost) and e.clause in ("SPEED-JUMP-3", "SPEED-JUMP-7")
        ),
        "ap_unused_forfeit": sum(
            e.points for e in events if isinstance(e, PointsLost) and e.clause == "SPEED-JUMP-8"
        ),
    }
    won = [e for e in events if isinstance(e, AuctionWon)]
    out["auction_spend_by"] = [sum(e.price for e in won if e.player == p) for p in range(n)]
    out["auction_spend"] = sum(e.price for e in won)
    out["auction_price_mean"] = out["auction_spend"] / len(won) if won else 0.0
    secured = promoted = 0
    for before, t in plies:
        for e in t.events:
            if isinstance(e, TileSecured) and e.tile_id in volcanoes:
                secured += 1
                ahead = e.round_order[e.round_order.index(e.player) + 1 :]
                promoted += any(q in before.round_order for q in ahead)
    out["volcano_secured"], out["volcano_promoted"] = secured, promoted
    # the last scoring: the last n Scored events; the scores just before its first
    scored_at = [i for i, (_, t) in enumerate(plies) for e in t.events if isinstance(e, Scored)]
    before = list(plies[scored_at[-n]][0].scores)
    final = list(plies[-1][1].state.scores)
    winners = [p for p in range(n) if final[p] == max(final)]
    leaders = [p for p in range(n) if before[p] == max(before)]

    def lead(scores: list[int], p: int) -> int:
        return scores[p] - max(scores[q] for q in range(n) if q != p)

    w = min(winners, key=lambda p: (-lead(before, p), p))
    out["last_swing"] = lead(final, w) - lead(before, w)
    out["lead_changed"] = int(not set(leaders) & set(winners))
    return out


GAMES = [
    ("mode=classic;players=2", ("greedy", "random")),
    ("mode=classic;players=3", ("random",) * 3),
    ("mode=professional;players=3", ("greedy", "random", "random")),
    ("mode=professional;players=4", ("random",) * 4),
    ("mode=speed;players=2", ("greedy", "greedy")),
    ("mode=speed;players=3;forfeit=true", ("random",) * 3),
    ("mode=speed;players=4;jump_action=one-kind;jump_blocked=lost", ("random",) * 4),
]


@pytest.mark.parametrize(("ruleset", "bots"), GAMES)
def test_the_new_columns_are_those_counted_by_hand(ruleset: str, bots: tuple[str, ...]) -> None:
    """Issue 21; SPEED-JUMP-3/-7/-8, TIKAL-TURN-3, TIKAL-AUCTION-5, SPEED-AUCTION-3,
    TIKAL-END-2: every new column of a row is what a count by hand from every event
    and state of the same game gives."""
    row = simulate.play_row(ruleset, 4, bots)
    expected = _by_hand(ruleset, 4, bots)
    assert {k: row[k] for k in expected} == expected


@pytest.mark.parametrize(("ruleset", "bots"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_columns_in_every_mode(ruleset: str, bots: tuple[str, ...], seed: int) -> None:
    """Issue 21: the causes of points lost sum to ``ap_unused`` (per player too, via
    the total); the scores are the start score plus the scorings minus what was paid
    at auctions (TIKAL-AUCTION-1, TIKAL-AUCTION-5); a mode has only its own causes:
    no auction in classic (TIKAL-AUCTION-1 is the professional game's), no Jump nor
    volcano secured outside Speed, no forfeit without ``forfeit=true`` (SPEED-JUMP-8)."""
    row = simulate.play_row(ruleset, seed, bots)
    rules = simulate.parse_rules(ruleset)
    assert list(row)[-len(COLUMNS) + 5 :] == list(COLUMNS[5:])
    assert sum(row[k] for k in _LOST) == row["ap_unused"] == sum(row["ap_unused_by"])
    assert row["auction_spend"] == sum(row["auction_spend_by"])
    assert 0 <= row["volcano_promoted"] <= row["volcano_secured"]
    assert row["lead_changed"] in (0, 1)
    if rules.mode == "classic":
        assert (row["auction_spend"], row["auction_price_mean"]) == (0, 0.0)
    else:
        plies = _plies(ruleset, seed, bots)
        scored = [0] * rules.players
        for _, t in plies:
            for e in t.events:
                if isinstance(e, Scored):
                    scored[e.player] += e.temples + e.treasures
        start = rules.auction_score
        assert row["scores"] == [
            start + s - paid for s, paid in zip(scored, row["auction_spend_by"], strict=True)
        ]
    if rules.mode != "speed":
        assert row["ap_unused_jump"] == row["ap_unused_forfeit"] == row["volcano_secured"] == 0
    else:
        assert row["volcano_secured"] == 3  # the packaged tiles: B1, D3 and F2, each once
    if not rules.forfeit:
        assert row["ap_unused_forfeit"] == 0


def _numbers_of(start: State, state: State, events: list[Event]) -> dict[str, Any]:
    """The study's numbers of a scripted stretch of play, its events tallied."""
    tally = Tally(start.rules)
    tally.seen(notes(events))
    return numbers(Played(start.rules, start, state, -2, tally))


def test_a_speed_auction_with_a_known_price() -> None:
    """TIKAL-AUCTION-5, TIKAL-AUCTION-7, SPEED-AUCTION-1: P1 bids 3 and P2 passes, so
    P1 pays 3 for A1; P2, the last player, takes A3 for free: 3 spent, all by P1, a
    mean of 1.5 over the two tiles; no volcano."""
    start = stacks(speed(2), A="A1 A3")
    s, events = play(start, "reveal=A1", "reveal=A3", "bid:3", "pass", "take:A1", "take:A3")
    got = _numbers_of(start, s, events)
    assert (got["auction_spend"], got["auction_spend_by"], got["auction_price_mean"]) == (
        3,
        [3, 0],
        1.5,
    )
    assert (got["volcano_secured"], got["volcano_promoted"]) == (0, 0)
    assert s.scores == (17, 20)


@pytest.mark.parametrize(
    ("ids", "auction", "secured", "promoted"),
    [
        ("A1 B1", ("bid:1", "pass", "take:A1", "take:B1"), 1, 1),  # B1 last, put first
        ("A1 B1", ("bid:1", "pass", "take:B1", "take:A1"), 1, 0),  # B1 first: first anyway
        ("A1 A3", ("bid:1", "pass", "take:A1", "take:A3"), 0, 0),
    ],
)
def test_volcanoes_secured_and_promoted(
    ids: str, auction: tuple[str, ...], secured: int, promoted: int
) -> None:
    """SPEED-AUCTION-3: a volcano secured promotes its securer to the front of the
    Round Order; it moves him ahead of someone only if another player secured a tile
    before him in the round."""
    start = stacks(speed(2), A=ids)
    s, events = play(start, *(f"reveal={i}" for i in ids.split()), *auction)
    got = _numbers_of(start, s, events)
    assert (got["volcano_secured"], got["volcano_promoted"]) == (secured, promoted)


def test_two_volcanoes_in_one_round() -> None:
    """SPEED-AUCTION-3 (``two_volcanoes='first-secured'``, a display of two volcanoes):
    P1 buys A1; P2 buys B1 and goes ahead of P1; P3 takes D3 for free and goes second,
    still ahead of P1: two volcanoes secured, both promoted, 2 points spent."""
    start = stacks(speed(3), A="A1 B1 D3")
    s, events = play(
        start, "reveal=A1", "reveal=B1", "reveal=D3", "bid:1", "pass", "pass", "take:A1"
    )
    s, more = play(s, "bid:1", "pass", "take:B1", "take:D3")
    got = _numbers_of(start, s, events + more)
    assert s.round_order == (1, 2, 0)
    assert (got["volcano_secured"], got["volcano_promoted"], got["auction_spend"]) == (2, 2, 2)


def test_a_forfeit_and_a_jump_point_lost() -> None:
    """SPEED-JUMP-8 and SPEED-JUMP-3: in a Jump, P1 stops and forfeits his 10 tokens;
    P2 takes 2 tokens and enters a worker for 1, losing the other point. They are
    counted apart, and sum to the points unused."""
    start = jumping(speed(2, forfeit=True, start_worker=True), (0, 1))
    s, events = play(start, "end")
    s, more = choose_tokens(s, P2=2)
    s, last = play(s, "enter:w:a1")
    got = _numbers_of(start, s, events + more + last)
    assert [got[k] for k in _LOST] == [0, 1, 10]
    assert (got["ap_unused"], got["ap_unused_by"]) == (11, [10, 1])


def test_a_turn_ended_early() -> None:
    """TIKAL-TURN-3: a classic turn ended with points left counts them as ended early
    (``TurnEnded.lost``), not as Jump points."""
    start = new_game(Rules(mode="classic", players=2), seed=3)
    s, events = play(start, *_to_the_actions(start), "end")
    got = _numbers_of(start, s, events)
    assert [got[k] for k in _LOST] == [10, 0, 0] and got["ap_unused_by"] == [10, 0]


def _to_the_actions(state: State) -> list[str]:
    """The first legal placement of the drawn tile (the turn's first step)."""
    return [str(legal_actions(state)[0])]


@pytest.mark.parametrize(
    ("final", "last", "swing", "changed"),
    [
        ((30, 25), (10, 20), -10, 0),  # before 20 v 5, the winner's lead falls 15 -> 5
        ((25, 30), (5, 20), 15, 1),  # before 20 v 10: P2 overtakes, -10 -> +5
        ((30, 30), (10, 5), -5, 0),  # P2 led by 5 and shares the win: one of the leaders
        ((30, 30, 10), (10, 10, 0), 0, 0),  # shared before (20, 20), shared after
        ((40, 35, 10), (25, 10, 0), 15, 1),  # before (15, 25, 10): P1 from -10 to +5
    ],
)
def test_the_last_scoring_swing_and_lead_change(
    final: tuple[int, ...], last: tuple[int, ...], swing: int, changed: int
) -> None:
    """TIKAL-END-2: the winner's lead over the best other score, before the last
    scoring (final minus its points) and after; the lead changes when no player who
    led before it is among the winners (a shared lead or win counts every player in
    it)."""
    assert kingmaking(final, last) == (swing, changed)


def test_every_new_column_has_words() -> None:
    """Issue 21 (column names in words): each of Tikal's numbers but the mode and the
    lists per player has a label."""
    assert set(WORDS) == {c for c in COLUMNS if c != "mode" and not c.endswith("_by")}
