"""Invariants that hold in every state of random Tiki games, under every ruleset.

Each test draws a ruleset covering every ``Rules`` field and a seed, plays a bounded
random game from the chance nodes on (``strategies.playout``: uniform among the legal
actions, chance resolved by ``sample_chance``), and checks its clause at every state.
"""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter

import attrs
import reference
from hypothesis import given
from strategies import Game, games, playout, random_action

import tiki
from tiki import (
    CHANCE,
    Create,
    FirstPlayer,
    FruitReturned,
    FruitsGained,
    FruitSpoiled,
    GameOver,
    IllegalActionError,
    KeepShaman,
    Layout,
    Move,
    MoveShaman,
    Order,
    Pass,
    Phase,
    PlaceShaman,
    Rules,
    State,
    TikisReturned,
    VillageInfluenced,
    jsonio,
)

BETWEEN_ACTIONS = (Phase.TURN, Phase.PLACE_SHAMAN)
MID_RESOLUTION = (Phase.ORDER, Phase.SHAMAN)
REASONS = ("four-fruits", "reserve-empty", "tiebreak", "tie-loop", "no-move", "turn-cap")


def set_up(game: Game) -> list[State]:
    """The states after the layout and first-player chance nodes."""
    return [s for s in game.states if s.phase not in (Phase.LAYOUT, Phase.FIRST_PLAYER)]


@given(games())
def test_reference_model_agrees_on_legal_actions_and_transitions(game: Game) -> None:
    """TIKI-TURN-2, TIKI-CREATE-1..3, TIKI-MOVE-1..6, TIKI-INFL-1..8, TIKI-END-1..6,
    TIKI-SHAMAN-1..5: an independent model of the rules (tests/tiki/reference.py) lists
    the same legal actions and reaches the same state after every action."""
    for s, a, t in zip(game.states, game.actions, game.transitions, strict=False):
        if s.phase is not Phase.LAYOUT:  # the 1512+ layouts are checked in test_engine
            assert set(tiki.legal_actions(s)) == reference.actions(s), tiki.to_text(s)
        assert t.state == reference.apply(s, a), (tiki.to_text(s), str(a))


@given(games())
def test_tikis_and_fruits_are_conserved(game: Game) -> None:
    """TIKI-SETUP-3, TIKI-INFL-8: each player owns 8 tikis, in supply or on the board;
    TIKI-SETUP-4, TIKI-INFL-7: reserve + held + spoiled is always 7."""
    for s in game.states:
        on_board = Counter(t for stack in s.stacks for t in stack)
        assert s.supply[0] + on_board[0] == 8 and s.supply[1] + on_board[1] == 8
        assert min(s.supply) >= 0 and min(s.fruits) >= 0 and min(s.reserve, s.spoiled) >= 0
        assert s.reserve + sum(s.fruits) + s.spoiled == 7


@given(games())
def test_totems_never_exceed_three(game: Game) -> None:
    """TIKI-INFL-2: between turns no totem is above 2; never 4; during ORDER/SHAMAN
    exactly the pending villages stand at 3; a game that ends part-way through a
    resolution leaves at most the one unresolved village at 3."""
    for s in set_up(game):
        heights = [len(stack) for stack in s.stacks]
        at_three = {v for v, h in enumerate(heights) if h == 3}
        assert max(heights) <= 3
        if s.phase in BETWEEN_ACTIONS:
            assert not at_three and not s.pending
        elif s.phase in MID_RESOLUTION:
            assert at_three == set(s.pending) and len(s.pending) == len(at_three) <= 2
            assert len(s.pending) == 2 or s.phase is Phase.SHAMAN
        else:
            assert len(at_three) <= 1 and not s.pending
            if at_three:
                assert s.result is not None and s.result.reason in REASONS[:4]


@given(games())
def test_a_village_is_influenced_exactly_when_it_reaches_three(game: Game) -> None:
    """TIKI-INFL-1, TIKI-CREATE-1, TIKI-MOVE-6, TIKI-INFL-3, TIKI-INFL-4, TIKI-INFL-8:
    compare the stacks before and after each action with the VillageInfluenced events:
    exactly the villages a move brings to 3 are influenced (each once, for the owner
    of its top tiki, at its tile value), and only they are emptied."""
    waiting: set[int] = set()  # brought to 3 by the last move, not yet resolved
    for s, a, t in zip(game.states, game.actions, game.transitions, strict=False):
        stacks = reference.board_after(s, a)
        if isinstance(a, Move):
            assert not waiting
            waiting = {v for v in a.path[1:] if len(stacks[v]) == 3}
        influenced = [e for e in t.events if isinstance(e, VillageInfluenced)]
        if isinstance(a, Order):
            assert influenced and influenced[0].village == a.village  # TIKI-INFL-3
        for e in influenced:
            assert e.village in waiting
            waiting.discard(e.village)
            assert len(stacks[e.village]) == 3
            assert e.beneficiary == stacks[e.village][-1] and e.value == s.tiles[e.village]
            stacks[e.village] = ()
        assert list(t.state.stacks) == stacks
        if t.state.phase is not Phase.OVER:
            assert waiting == set(t.state.pending)
        waiting &= set(t.state.pending)


def payout(e: VillageInfluenced, fruits: list[int], reserve: int, rules: tiki.Rules) -> object:
    """The fruit event the rules expect right after ``e`` (else the tikis go home)."""
    owner, value = e.beneficiary, e.value
    if value > 0:  # TIKI-INFL-4, TIKI-INFL-5
        n = value if reserve >= value else (reserve if rules.short_payout == "remaining" else 0)
        return (FruitsGained, owner, n) if n else (TikisReturned,)
    if value < 0 and (fruits[owner] or (reserve and rules.minus_one_empty == "reserve")):
        # TIKI-INFL-7
        return (FruitSpoiled, owner, fruits[owner] == 0)
    return (TikisReturned,)  # TIKI-INFL-6, or a -1 with nothing left to spoil


def shape(e: object) -> object:
    if isinstance(e, FruitsGained):
        return (FruitsGained, e.player, e.count)
    if isinstance(e, FruitSpoiled):
        return (FruitSpoiled, e.player, e.from_reserve)
    return (type(e),)


@given(games())
def test_fruit_events_account_for_every_change_and_the_end_checks(game: Game) -> None:
    """TIKI-INFL-4..7, TIKI-END-1..4: each influenced village pays by its value (short
    payout per Rules.short_payout, -1 spoils the beneficiary's fruit or else, per
    Rules.minus_one_empty, a reserve fruit); replaying the fruit events of each step on
    (fruits, reserve, spoiled) gives the next state; the game ends exactly at the end
    check (after each village, or after the whole action per Rules.end_check) that finds
    4 fruits, an empty reserve or a decided tie-break; a spoiled fruit returns, turning
    the tie-break on, only when the reserve is empty with the counts tied."""
    rules = game.rules
    for s, t in zip(game.states, game.transitions, strict=False):
        fruits, reserve, spoiled, tiebreak = list(s.fruits), s.reserve, s.spoiled, s.tiebreak
        events = list(t.events)
        tail = len(events)  # end of the resolution: only returns / game over follow
        while tail and isinstance(events[tail - 1], (FruitReturned, GameOver)):
            tail -= 1
        mid_action = rules.end_check == "action" and t.state.phase is Phase.SHAMAN
        checks = set() if mid_action else {tail}
        if rules.end_check == "village":
            checks |= {i + 1 for i, e in enumerate(events) if isinstance(e, TikisReturned)}
        for i, e in enumerate([*events, None]):
            if i in checks:
                verdict = reference.expected_end(fruits, reserve, tiebreak, rules)
                if verdict == "return":
                    assert isinstance(e, FruitReturned)
                elif verdict:
                    assert isinstance(e, GameOver) and e.outcome.reason == verdict
                    assert i == len(events) - 1
                else:
                    assert not isinstance(e, FruitReturned)
                    assert not isinstance(e, GameOver) or e.outcome.reason in REASONS[4:]
            if isinstance(e, VillageInfluenced):
                assert shape(events[i + 1]) == payout(e, fruits, reserve, rules)
            elif isinstance(e, FruitsGained):
                fruits[e.player] += e.count
                reserve -= e.count
            elif isinstance(e, FruitSpoiled):
                if e.from_reserve:
                    reserve -= 1
                else:
                    fruits[e.player] -= 1
                spoiled += 1
            elif isinstance(e, FruitReturned):
                assert i in checks  # the tie rule fires only at an end check
                reserve, spoiled, tiebreak = reserve + 1, spoiled - 1, True
        after = t.state
        assert (tuple(fruits), reserve, spoiled) == (after.fruits, after.reserve, after.spoiled)
        assert tiebreak == t.state.tiebreak


@given(games())
def test_the_game_is_over_exactly_when_the_rules_say(game: Game) -> None:
    """TIKI-END-1..6: a running game never holds 4 fruits or an empty reserve between
    actions, nor a decided tie-break, nor a spent turn cap; a finished game has an
    Outcome whose reason, winner and scores fit its final state."""
    rules = game.rules
    for s in set_up(game):
        assert tiki.outcome(s) == s.result
        assert (s.phase is Phase.OVER) == (s.result is not None)
        checked = s.phase in BETWEEN_ACTIONS or rules.end_check == "village"
        f0, f1 = s.fruits
        if s.result is None:
            if checked:
                assert max(f0, f1) < 4 and s.reserve > 0  # TIKI-END-1, TIKI-END-2
                assert not s.tiebreak or f0 == f1  # TIKI-END-3
            assert rules.max_turns is None or s.turn < rules.max_turns  # TIKI-END-6
            continue
        r = s.result
        leader = None if f0 == f1 else int(f1 > f0)
        assert r.reason in REASONS and r.scores == s.fruits
        assert r.result() == {0: "1-0", 1: "0-1", None: "1/2-1/2"}[r.winner]
        if r.reason == "four-fruits":
            assert max(f0, f1) >= 4 and r.winner == leader
        elif r.reason == "reserve-empty":
            assert s.reserve == 0 and leader is not None and r.winner == leader
            assert not s.tiebreak
        elif r.reason == "tiebreak":
            assert s.tiebreak and leader is not None and r.winner == leader
        elif r.reason == "tie-loop":
            assert rules.tie_loop == "draw" and s.tiebreak and s.reserve == 0
            assert r.winner is None and f0 == f1
        elif r.reason == "no-move":
            assert rules.no_move != "pass"
            assert r.winner == (1 - s.active if rules.no_move == "lose" else None)
            assert not reference.turn_options(attrs.evolve(s, phase=Phase.TURN), s.active)
        else:
            assert rules.max_turns == s.turn and r.winner == leader


@given(games())
def test_actors_and_legal_actions_fit_the_phase(game: Game) -> None:
    """TIKI-TURN-3, TIKI-TURN-2, TIKI-END-5: a finished game has no actor and no legal
    action; a running one has exactly one actor, who alone has legal actions, all of the
    kind the phase asks for, without duplicates; a pass is legal only when nothing else
    is; every legal action passes is_legal and step."""
    kinds = {
        Phase.LAYOUT: (Layout,),
        Phase.FIRST_PLAYER: (FirstPlayer,),
        Phase.PLACE_SHAMAN: (PlaceShaman,),
        Phase.TURN: (Create, Move, Pass),
        Phase.ORDER: (Order,),
        Phase.SHAMAN: (MoveShaman, KeepShaman),
    }
    rng = random.Random(game.seed)
    for s in game.states:
        legal = tiki.legal_actions(s)
        if s.phase is Phase.OVER:
            assert tiki.actors(s) == () and legal == ()
            assert tiki.legal_actions(s, 0) == tiki.legal_actions(s, 1) == ()
            continue
        assert tiki.actors(s) == (s.actor,) and legal and len(set(legal)) == len(legal)
        assert all(type(a) in kinds[s.phase] and a.player == s.actor for a in legal)
        assert tiki.legal_actions(s, s.actor) == legal
        for other in (CHANCE, 0, 1):
            if other != s.actor:
                assert tiki.legal_actions(s, other) == ()
        if s.phase is Phase.TURN:
            assert s.actor == s.active
            assert any(isinstance(a, Pass) for a in legal) == (
                len(legal) == 1 and isinstance(legal[0], Pass)
            )
        if s.phase is Phase.ORDER:
            assert s.actor == 1 - s.active  # TIKI-INFL-3
        if s.phase is Phase.LAYOUT:
            counts = Counter(s.rules.tiles).values()
            assert len(legal) == math.factorial(9) // math.prod(map(math.factorial, counts))
            sample = rng.sample(legal, min(5, len(legal)))
        else:
            sample = list(legal)
        for a in sample:
            assert tiki.is_legal(s, a)
            assert tiki.apply(s, a) == tiki.step(s, a).state


@given(games())
def test_players_alternate(game: Game) -> None:
    """TIKI-TURN-1, TIKI-TURN-2: the turn counter rises by one exactly when a Create,
    Move or Pass has been fully resolved, and then the other player is on turn."""
    for s, a, t in zip(game.states, game.actions, game.transitions, strict=False):
        n = t.state
        if isinstance(a, (Layout, FirstPlayer)):
            assert n.turn == 0
            continue
        assert n.turn - s.turn in (0, 1)
        assert (n.active != s.active) == (n.turn == s.turn + 1)
        if n.turn == s.turn + 1 and n.phase is not Phase.OVER:
            assert n.phase in BETWEEN_ACTIONS and n.actor == n.active
        if isinstance(a, (Create, Pass)):
            assert n.turn == s.turn + 1


def snapshot(s: State) -> tuple[object, bytes]:
    return attrs.astuple(s, recurse=False), pickle.dumps(s)


@given(games())
def test_step_never_changes_its_input_and_replay_is_deterministic(game: Game) -> None:
    """Purity (contract): step leaves its input equal (and byte-identical when pickled);
    replaying the same actions from new_game(rules) rebuilds equal, equally hashed
    states; observe shows the whole state (no hidden information)."""
    rebuilt = tiki.new_game(game.rules)
    assert rebuilt == game.states[0]
    for s, a, t in zip(game.states, game.actions, game.transitions, strict=False):
        before = snapshot(s)
        again = tiki.step(s, a)
        assert snapshot(s) == before and again == t
        rebuilt = tiki.apply(rebuilt, a)
        assert rebuilt == t.state and hash(rebuilt) == hash(t.state)
        assert tiki.observe(s, 0).state is s and tiki.observe(s, 1).state is s


@given(games(max_plies=150))
def test_arbitrary_actions_are_rejected_exactly_when_not_legal(game: Game) -> None:
    """TIKI-TURN-3 and every legality clause: for arbitrary actions (any kind, either
    player, villages/edges/paths in and out of range), is_legal agrees with membership
    in legal_actions, and step raises IllegalActionError (naming a clause) exactly when
    is_legal is False."""
    rng = random.Random(game.seed)
    for s in game.states:
        legal = set(tiki.legal_actions(s))
        for _ in range(12):
            a = random_action(s, rng)
            assert str(a) and repr(a)  # every action prints, malformed or not
            ok = tiki.is_legal(s, a)
            if s.phase is Phase.LAYOUT and isinstance(a, Layout):
                assert ok == (sorted(a.tiles) == sorted(s.rules.tiles))
            else:
                assert ok == (a in legal), (tiki.to_text(s), a)
            try:
                tiki.step(s, a)  # type: ignore[arg-type]
            except IllegalActionError as err:
                assert not ok and err.clause.startswith(("TIKI-TURN", "TIKI-CREATE",
                    "TIKI-MOVE", "TIKI-INFL", "TIKI-SHAMAN", "TIKI-SETUP"))  # fmt: skip
            else:
                assert ok


@given(games())
def test_position_text_round_trips(game: Game) -> None:
    """Contract (text forms): from_text(to_text(s)) == s at every state, and to_text is
    one line of space-separated fields (12 with non-default rules, else 11)."""
    for s in game.states:
        text = tiki.to_text(s)
        assert tiki.from_text(text) == s
        assert "\n" not in text and len(text.split(" ")) == (12 if s.rules.non_default() else 11)


def test_random_games_reach_the_rare_decisions() -> None:
    """Guard against vacuous properties: the random playouts these tests draw from do
    reach ORDER, PLACE_SHAMAN and SHAMAN decisions, the tie-break and every kind of end
    the rules allow with random play."""
    seen: set[object] = set()
    for rules in (Rules(shaman=True), Rules(shaman=True, shaman_entry="marsh", tie_loop="draw"),
                  Rules(tiles=(-1,) * 9, tie_loop="draw"), Rules(max_turns=20)):  # fmt: skip
        for seed in range(60):
            game = playout(rules, seed)
            seen |= {s.phase for s in game.states} | {s.tiebreak for s in game.states}
            seen.add(game.final.result.reason if game.final.result else None)
    assert {Phase.ORDER, Phase.PLACE_SHAMAN, Phase.SHAMAN, True} <= seen
    assert {"four-fruits", "reserve-empty", "tiebreak", "tie-loop", "turn-cap"} <= seen


@given(games())
def test_json_round_trips_and_records_replay_every_state(game: Game) -> None:
    """Contract (JSON, records): every state and action survives JSON; the game's record
    (chance outcomes included) survives its text and JSON forms, and replay rebuilds
    every state; a record started from a mid-game position replays the rest."""
    for s in game.states:
        assert jsonio.loads(jsonio.dumps(s)) == s
    for a in game.actions:
        assert jsonio.loads(jsonio.dumps(a)) == a
    record = tiki.Record.from_actions(game.actions, rules=game.rules)
    final = game.final.result
    assert record.result == ("*" if final is None else final.result())
    assert tiki.replay(record) == game.states
    assert tiki.read_record(tiki.write_record(record)) == record
    assert jsonio.loads(jsonio.dumps(record)) == record
    k = len(game.actions) // 2
    tail = tiki.Record.from_actions(game.actions[k:], start=game.states[k])
    assert tiki.replay(tail) == game.states[k:]
