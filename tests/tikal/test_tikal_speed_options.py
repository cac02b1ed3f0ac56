"""The Speed options of issue 9, each value on a hand-worked position: what a Jump's
"one and only action" is (``jump_action``, SPEED-JUMP-3), how far a move goes in a
Jump (``jump_move``, SPEED-JUMP-3), what becomes of points whose action in mind was
spoiled (``jump_blocked``, SPEED-JUMP-7), how a volcano round scores
(``volcano_scoring``, SPEED-SCORE-1), how the game ends (``final_scoring``,
SPEED-END-1), and when ``two_volcanoes`` can matter at all (SPEED-AUCTION-3).

The printed corner: a1 the base camp, b1 and a2 temples of value 1, b2 a clearing;
every border between them costs 2 (TIKAL-BOARD-4); b1 and a2 do not touch. With A3
turned 5 on c1 and C2 turned 1 on c2 (``_detour``), b2–c1 and c1–c2 cost 1 each and
b2–c2 costs 3: the cheapest path from b2 to c2 (2) goes round by c1.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import attrs
import jsonschema
import pytest
from hypothesis import given
from positions import (
    cell,
    choose_tokens,
    jumping,
    only_stack,
    out_of_play,
    pieces,
    play,
    speed,
    stacks,
    tiles,
    tokens,
    treasures,
)
from tikal_strategies import rules, variant_manifest

from tikalspeed import (
    ActionTaken,
    Kind,
    Move,
    Phase,
    Rules,
    Scored,
    State,
    TurnBegan,
    TurnKind,
    from_text,
    is_legal,
    jsonio,
    legal_actions,
    parse_action,
    rules_from_text,
    rules_to_text,
    to_text,
)
from tikalspeed.engine import why_illegal
from tikalspeed.model.events import Event, GameOver, PointsLost, TurnEnded

OPTIONS = {
    "volcano_scoring": ("at-once", "turns"),
    "final_scoring": ("at-once", "turns"),
    "jump_action": ("one", "one-kind"),
    "jump_move": ("path", "border"),
    "jump_blocked": ("other-action", "lost"),
}
"""The fields of issue 9, default first."""


def refused(state: State, token_or_action: str | Move, clause: str) -> None:
    """The action is not legal and ``why_illegal`` names ``clause``."""
    action = (
        parse_action(state, token_or_action)
        if isinstance(token_or_action, str)
        else token_or_action
    )
    assert not is_legal(state, action)
    why = why_illegal(state, action)
    assert why is not None and why[0] == clause, why


def settled(state: State) -> State:
    """``state`` made a position a game can reach, so that its text reads back: the
    Round Order's players secured their tiles this round (SPEED-AUCTION-2) and the last
    of them placed the last tile."""
    order = state.round_order
    placed = any(code >= 0 for code in state.placed)
    return state.replace(played=order, last_tile_player=order[-1] if placed else -1)


def lost(events: list[Event]) -> list[tuple[int, int, str]]:
    return [(e.player, e.points, e.clause) for e in events if isinstance(e, PointsLost)]


def taken(events: list[Event]) -> list[tuple[str, int, str]]:
    return [(e.token, e.cost, e.clause) for e in events if isinstance(e, ActionTaken)]


# --------------------------------------------------------------------------- the fields


@pytest.mark.parametrize("name", OPTIONS)
def test_each_option_defaults_to_todays_reading_and_refuses_others(name: str) -> None:
    """SPEED-SCORE-1, SPEED-END-1, SPEED-JUMP-3, SPEED-JUMP-7: each field's default is
    the reading the engine played before it existed; other values are refused."""
    default, other = OPTIONS[name]
    assert getattr(Rules(), name) == default
    assert Rules(**{name: other}).non_default() == {name: other}
    with pytest.raises(ValueError, match=f"Rules.{name} must be one of"):
        Rules(**{name: "sometimes"})


@pytest.mark.parametrize("name", OPTIONS)
def test_each_option_travels_in_rules_text_and_json(name: str) -> None:
    """The rules text and JSON carry every value (SPEED-SCORE-1 … SPEED-JUMP-7)."""
    other = OPTIONS[name][1]
    ruleset = Rules(players=3, **{name: other})
    assert rules_to_text(ruleset) == f"players=3;{name}={other}"
    assert rules_from_text(rules_to_text(ruleset)) == ruleset
    assert jsonio.rules_from_json(jsonio.rules_to_json(ruleset)) == ruleset
    assert jsonio.rules_to_json(Rules())[name] == OPTIONS[name][0]


@given(rules(modes=("speed", "classic", "professional")))
def test_any_ruleset_travels_in_rules_text_and_json(ruleset: Rules) -> None:
    """Every ruleset, the new fields drawn with all the others (SPEED-SCORE-1,
    SPEED-END-1, SPEED-JUMP-3, SPEED-JUMP-7), reads back from its rules text (given its
    manifest) and its JSON."""
    manifest = ruleset.manifest
    assert rules_from_text(rules_to_text(ruleset), manifest=manifest) == ruleset
    assert jsonio.rules_from_json(jsonio.rules_to_json(ruleset), manifest=manifest) == ruleset


# --------------------------------------------------------------------------- SPEED-JUMP-3


def _detour(**rules: object) -> State:
    """Speed, 2 players, tiles on c1 and c2 (see the module docstring)."""
    return tiles(speed(2, **rules), c1=("A3", 5), c2=("C2", 1))


def test_speed_jump_3_a_move_is_a_whole_path_by_default() -> None:
    """SPEED-JUMP-3, ``jump_move='path'`` (TIKAL-MOVE-3): with 4 points a worker on b1
    may go anywhere within 4, across several borders: c1 (3, round by b2), a2 and c2
    (4); one move, and the point it leaves is lost."""
    s = jumping(pieces(_detour(), 0, w={"b1": 1}), (0, 1))
    s, _ = choose_tokens(s, P1=4, P2=5)
    moves = {t for t in tokens(s) if t.startswith("move:w:b1:")}
    assert moves == {f"move:w:b1:{c}" for c in ("a1", "b2", "c1", "a2", "c2")}
    s, events = play(s, "move:w:b1:c1")
    assert taken(events) == [("move:w:b1:c1", 3, "TIKAL-MOVE-3")]
    assert lost(events) == [(0, 1, "SPEED-JUMP-3")] and s.active == 1


def test_speed_jump_3_border_a_move_crosses_one_border() -> None:
    """SPEED-JUMP-3, ``jump_move='border'``: the same worker may only cross to a1 or b2
    (b1–c1 has no stones); c1 and a2 are refused, and the move to b2 pays its border."""
    s = jumping(pieces(_detour(jump_move="border"), 0, w={"b1": 1}), (0, 1))
    s, _ = choose_tokens(s, P1=4, P2=5)
    assert {t for t in tokens(s) if t.startswith("move:")} == {"move:w:b1:a1", "move:w:b1:b2"}
    refused(s, "move:w:b1:c1", "SPEED-JUMP-3")
    refused(s, "move:w:b1:a2", "SPEED-JUMP-3")
    s, events = play(s, "move:w:b1:b2")
    assert taken(events) == [("move:w:b1:b2", 2, "TIKAL-MOVE-1")]
    assert lost(events) == [(0, 2, "SPEED-JUMP-3")]


def test_speed_jump_3_border_pays_the_border_not_the_detour() -> None:
    """SPEED-JUMP-3: b2 to c2 costs 2 along its cheapest path (round by c1), but 3
    across the border itself; with 2 points only ``'path'`` allows it."""
    for rule, cost in (("path", 2), ("border", 3)):
        s = jumping(pieces(_detour(jump_move=rule), 0, w={"b2": 1}), (0, 1))
        s, _ = choose_tokens(s, P1=3, P2=5)
        s, events = play(s, "move:w:b2:c2")
        assert taken(events)[0][1] == cost and sum(p for _, p, _ in lost(events)) == 3 - cost
    s = jumping(pieces(_detour(jump_move="border"), 0, w={"b2": 1}), (0, 1))
    s, _ = choose_tokens(s, P1=2, P2=5)
    refused(s, "move:w:b2:c2", "TIKAL-TURN-2")


def test_speed_jump_3_border_keeps_the_token_choices() -> None:
    """SPEED-JUMP-3 with SPEED-JUMP-4: the cheapest move of a piece always crosses one
    border, so ``jump_move`` changes no token choice: with all his pieces on a2 P1 may
    take 2 to 5 tokens under both readings, and with a worker on b2 of the detour 1 to 5."""
    for rule in ("path", "border"):
        s = jumping(pieces(speed(2, jump_move=rule), 0, w={"a2": 18}, leader="a2"), (0, 1))
        assert tokens(s, 0) == [f"tokens:{k}" for k in range(2, 6)]
        s = jumping(out_of_play(pieces(_detour(jump_move=rule), 0, w={"b2": 1}), 0), (0, 1))
        assert tokens(s, 0) == [f"tokens:{k}" for k in range(1, 6)]


def test_speed_jump_3_bonus_turn_moves_along_paths_with_border() -> None:
    """SPEED-JUMP-3: ``'border'`` binds only the Jumps; the bonus turn (SPEED-SCORE-2)
    moves along the cheapest path (TIKAL-MOVE-3)."""
    s = pieces(_detour(jump_move="border"), 0, w={"b1": 1})
    s = jumping(s, (0, 1), tokens=(1, 1), volcano_placers=(0,))
    s, _ = choose_tokens(s, P1=1, P2=1)
    s, _ = play(s, "enter:w:a1", "enter:w:a1")
    assert s.turn_kind is TurnKind.BONUS and s.active == 0
    s, events = play(s, "move:w:b1:c2")
    assert taken(events) == [("move:w:b1:c2", 4, "TIKAL-MOVE-3")]


def test_speed_jump_3_one_kind_brings_in_several_men() -> None:
    """SPEED-JUMP-3, ``jump_action='one-kind'``: with 3 points P1 brings in three men,
    one action of one kind after another, and loses nothing; under ``'one'`` the
    first one ends his turn and 2 points are lost."""
    s = jumping(speed(2), (0, 1))
    s, _ = choose_tokens(s, P1=3, P2=5)
    s, events = play(s, "enter:w:a1")
    assert lost(events) == [(0, 2, "SPEED-JUMP-3")] and s.active == 1
    s = jumping(speed(2, jump_action="one-kind"), (0, 1))
    s, _ = choose_tokens(s, P1=3, P2=5)
    s, events = play(s, "enter:w:a1")
    assert s.active == 0 and s.ap == 2 and s.jump_kind == "enter" and not lost(events)
    s, events = play(s, "enter:w:a1", "enter:l:a1")
    assert [c for _, c, _ in taken(events)] == [1, 1] and not lost(events)
    assert s.active == 1 and s.jump_kind == "" and s.supply[0] == 16 and s.leaders[0] == 0


def test_speed_jump_3_one_kind_not_two_kinds_the_seeds_example() -> None:
    """SPEED-JUMP-3, the seed's own example: with 3 tokens a player "cannot bring one man
    on, and then use the 2 points remaining to move some pieces": after an entry only
    entries (or stopping) are left, a move is refused under both readings."""
    s = jumping(pieces(speed(2, jump_action="one-kind"), 0, w={"a1": 1}), (0, 1))
    s, _ = choose_tokens(s, P1=3, P2=5)
    s, _ = play(s, "enter:w:a1")
    assert set(tokens(s)) == {"end", "enter:w:a1", "enter:l:a1"}
    refused(s, "move:w:a1:b1", "SPEED-JUMP-3")


def test_speed_jump_3_one_kind_moves_some_pieces() -> None:
    """SPEED-JUMP-3, ``'one-kind'``: with 4 points P1 moves two pieces (2 each), the
    seed's "move some pieces"; with ``'border'`` too, one piece may cross two borders
    in one Jump, move by move."""
    s = pieces(speed(2, jump_action="one-kind"), 0, w={"b1": 1, "a2": 1})
    s, _ = choose_tokens(jumping(s, (0, 1)), P1=4, P2=5)
    s, events = play(s, "move:w:b1:b2", "move:w:a2:a1")
    assert [c for _, c, _ in taken(events)] == [2, 2] and not lost(events) and s.active == 1
    s = pieces(speed(2, jump_action="one-kind", jump_move="border"), 0, w={"b1": 1})
    s, _ = choose_tokens(jumping(s, (0, 1)), P1=4, P2=5)
    refused(s, "move:w:b1:a2", "SPEED-JUMP-3")
    s, events = play(s, "move:w:b1:b2", "move:w:b2:a2")
    assert s.workers[0][cell("a2")] == 1 and not lost(events) and s.active == 1


def test_speed_jump_3_one_kind_stops_or_runs_out() -> None:
    """SPEED-JUMP-3, ``'one-kind'``: ``end`` is refused before the first action; after
    it the player may stop, losing what is left; and once no action of his kind fits
    the points left are lost at once (a 2-point move leaves 1, and no move costs 1)."""
    s = jumping(pieces(speed(2, jump_action="one-kind"), 0, w={"b1": 2}), (0, 1))
    s, _ = choose_tokens(s, P1=5, P2=5)
    refused(s, "end", "SPEED-JUMP-3")
    s, _ = play(s, "enter:w:a1")
    s, events = play(s, "end")
    assert lost(events) == [(0, 4, "SPEED-JUMP-3")] and s.active == 1 and s.jump_kind == ""
    assert not any(isinstance(e, TurnEnded) for e in events)
    s = jumping(pieces(speed(2, jump_action="one-kind"), 0, w={"b1": 2}), (0, 1))
    s, _ = choose_tokens(s, P1=3, P2=5)
    s, events = play(s, "move:w:b1:b2")
    assert lost(events) == [(0, 1, "SPEED-JUMP-3")] and s.active == 1


def test_speed_jump_3_one_kind_raises_a_temple_twice() -> None:
    """SPEED-JUMP-3, ``'one-kind'``: two levels of a2 for 4 points (the limit of
    TIKAL-UNCOVER-3 still holds: a third is refused in a later Jump of the phase)."""
    s = jumping(pieces(speed(2, jump_action="one-kind"), 0, w={"a2": 1}), (0, 1))
    s, _ = choose_tokens(s, P1=5, P2=5)
    s, events = play(s, "uncover:a2", "uncover:a2")
    assert s.temples[cell("a2")] == 3 and lost(events) == [(0, 1, "SPEED-JUMP-3")]


def test_speed_jump_3_one_kind_state_reads_back() -> None:
    """SPEED-JUMP-3: the kind a Jump turn keeps is part of the position: ``/enter`` in
    the speed field and ``"jump_kind"`` in JSON, read back; never kept elsewhere."""
    s = settled(jumping(speed(2, jump_action="one-kind"), (0, 1)))
    s, _ = choose_tokens(s, P1=3, P2=5)
    before = to_text(s)
    s, _ = play(s, "enter:w:a1")
    speed_field = to_text(s).split()[-2]
    assert speed_field.endswith("/enter") and not before.split()[-2].endswith("/enter")
    assert from_text(to_text(s)) == s
    assert jsonio.state_to_json(s)["speed"]["jump_kind"] == "enter"
    assert jsonio.state_from_json(jsonio.state_to_json(s)) == s
    with pytest.raises(ValueError, match="jump_action='one-kind'"):
        from_text(to_text(s).replace(";jump_action=one-kind", ""))
    with pytest.raises(ValueError, match="jump kind"):
        from_text(to_text(s).replace("/enter ", "/run "))


def test_speed_jump_3_one_kind_a_dig_keeps_its_kind() -> None:
    """SPEED-JUMP-3, ``'one-kind'``: while a dig waits for its treasure the kind is
    kept (``/dig``); a dig at 3 of 3 points leaves nothing, and the kind is dropped."""
    s, _ = play(_spoiled_swap(jump_action="one-kind"), "dig:c1")
    assert s.phase is Phase.TREASURE and s.jump_kind == "dig" and s.ap == 0
    assert from_text(to_text(s)) == s
    with pytest.raises(ValueError, match="keeps its kind"):
        from_text(to_text(s).replace("/dig ", " "))
    s, events = play(s, "find=C")
    assert s.jump_kind == "" and s.active == 1 and not lost(events)


def test_speed_options_json_validates_against_the_schema() -> None:
    """SPEED-JUMP-3, SPEED-JUMP-7: states holding a Jump's kind and opened actions
    validate against docs/schema/tikal.schema.json."""
    path = Path(__file__).resolve().parents[2] / "docs" / "schema" / "tikal.schema.json"
    validator = jsonschema.Draft202012Validator(json.loads(path.read_text()))
    kept, _ = play(_spoiled_swap(jump_action="one-kind"), "dig:c1")
    opened, _ = play(_spoiled_swap(jump_blocked="lost"), "dig:c1", "find=C")
    for state in (kept, opened):
        validator.validate(json.loads(json.dumps(jsonio.state_to_json(state))))
    bad = jsonio.state_to_json(kept)
    bad["speed"]["jump_kind"] = "run"
    assert not validator.is_valid(json.loads(json.dumps(bad)))


# --------------------------------------------------------------------------- SPEED-JUMP-7


def _spoiled_swap(**rules: object) -> State:
    """P1 on the ruin c1 (two of its four treasures left), holding B; P2 holds A: his
    one swap is his A for P1's single B (he could also bring in a piece). Both take 3."""
    s = tiles(speed(2, **rules), c1=("A2", 0))
    s = s.replace(ruins=tuple(2 if c == cell("c1") else 0 for c in range(40)))
    s = treasures(treasures(pieces(s, 0, w={"c1": 1}), 0, "B"), 1, "A")
    s, _ = choose_tokens(settled(jumping(s, (0, 1))), P1=3, P2=3)
    assert [t for t in tokens(s.replace(active=1)) if t.startswith("swap")] == ["swap:A:P1:B"]
    return s


def swaps(state: State) -> set[str]:
    return {t for t in tokens(state) if t.startswith("swap")}


def test_speed_jump_7_default_any_action_open_now() -> None:
    """SPEED-JUMP-7, ``jump_blocked='other-action'``: P1 digs and finds C; P2 may swap
    his A for either single, B (open at the reveal) or C (just dug)."""
    s, _ = play(_spoiled_swap(), "dig:c1", "find=C")
    assert s.active == 1
    assert swaps(s) == {"swap:A:P1:B", "swap:A:P1:C"} and s.opened == ()


def test_speed_jump_7_lost_not_what_the_others_opened() -> None:
    """SPEED-JUMP-7, ``'lost'``: the swap for C was opened by P1's dig, so it cannot be
    what P2 had in mind: refused; the swap for B still can be."""
    s, _ = play(_spoiled_swap(jump_blocked="lost"), "dig:c1", "find=C")
    assert s.opened == ("P2:swap:A:P1:C",)
    assert swaps(s) == {"swap:A:P1:B"} and "enter:w:a1" in tokens(s)
    refused(s, "swap:A:P1:C", "SPEED-JUMP-7")
    assert from_text(to_text(s)) == s and to_text(s).split()[-2].endswith("/-/P2:swap:A:P1:C")
    assert jsonio.state_from_json(jsonio.state_to_json(s)) == s


def _camp_race(**rules: object) -> State:
    """3 players. P3 stands on the ruin c1 (one treasure left); P2 has no pieces and no
    treasures: at the reveal his only action is a camp on the clearing b2. P3 takes 3
    tokens, P1 and P2 take 5 (Round Order P1, P3, P2): P3 digs, then P1, then P2."""
    s = tiles(speed(3, **rules), c1=("A2", 0))
    s = s.replace(ruins=tuple(1 if c == cell("c1") else 0 for c in range(40)))
    s = out_of_play(pieces(s, 2, w={"c1": 1}), 1)
    s, _ = choose_tokens(jumping(s, (0, 2, 1)), P1=5, P2=5, P3=3)
    assert s.jump_order == (0, 1) and s.active == 2
    return s


def test_speed_jump_7_default_camp_on_the_ruin_just_emptied() -> None:
    """SPEED-JUMP-7, ``'other-action'``: P3 empties c1, P1 takes b2; P2's camp in mind
    (b2) is gone, and he builds on c1 instead."""
    s, _ = play(_camp_race(), "dig:c1", "find=A", "camp:b2")
    assert s.active == 1 and tokens(s) == ["camp:c1"]
    s, events = play(s, "camp:c1")
    assert s.camps[cell("c1")] == 1 and not lost(events)


def test_speed_jump_7_lost_nothing_in_mind_is_left() -> None:
    """SPEED-JUMP-7, ``'lost'``: c1 became a camp site only by P3's dig, so neither P1
    nor P2 can have had it in mind; P1 builds on b2 (as at the reveal) and P2, whose
    only action in mind is gone, loses his 5 points though c1 is free."""
    s, _ = play(_camp_race(jump_blocked="lost"), "dig:c1")
    assert s.phase is Phase.TREASURE and s.opened == ("P1:camp:c1", "P2:camp:c1")
    s, _ = play(s, "find=A")
    refused(s, "camp:c1", "SPEED-JUMP-7")
    s, events = play(s, "camp:b2")
    assert lost(events) == [(1, 5, "SPEED-JUMP-7")] and s.camps[cell("c1")] == -1
    assert s.phase is Phase.TOKENS and s.opened == () and s.tokens[1] == 5


def test_speed_jump_7_opened_is_checked_when_read() -> None:
    """SPEED-JUMP-7: ``opened`` is refused under the default rules, and must name a
    swap, camp or guard of a player still to act."""
    s, _ = play(_spoiled_swap(jump_blocked="lost"), "dig:c1", "find=C")
    text = to_text(s)
    with pytest.raises(ValueError, match="jump_blocked='lost'"):
        from_text(text.replace(";jump_blocked=lost", ""))
    with pytest.raises(ValueError, match="not a swap, camp or guard"):
        from_text(text.replace("P2:swap:A:P1:C", "P1:swap:B:P2:A"))
    with pytest.raises(ValueError, match="not a swap, camp or guard"):
        from_text(text.replace("P2:swap:A:P1:C", "P2:enter:w:a1"))


# --------------------------------------------------------------------------- SPEED-SCORE-1


def _last_jump(volcano_placers: tuple[int, ...] = (), **rules: object) -> State:
    """One token each left: P2 holds the temple a2 with a worker, P1 a treasure A (dug
    from the ruin c1, three left); Round Order P2, P1; the volcano B1 on c2 if placed
    this round; both take their token (and will bring in a worker)."""
    s = tiles(speed(2, **rules), c1=("A2", 0))
    if volcano_placers:  # B1 was drawn after the A tiles, which left the game (TIKAL-PLACE-5)
        s = tiles(stacks(s, A=""), c2=("B1", 0))
    s = s.replace(ruins=tuple(3 if c == cell("c1") else 0 for c in range(40)))
    s = treasures(pieces(s, 1, w={"a2": 1}), 0, "A")
    s = settled(jumping(s, (1, 0), tokens=(1, 1), volcano_placers=volcano_placers))
    s, _ = choose_tokens(s, P1=1, P2=1)
    return s


def scored(events: list[Event]) -> list[tuple[int, int, int, str]]:
    return [(e.player, e.temples, e.treasures, e.clause) for e in events if isinstance(e, Scored)]


def test_speed_score_1_at_once_by_default() -> None:
    """SPEED-SCORE-1, ``volcano_scoring='at-once'``: after the Jumps both score in the
    same step, P2 the temple a2, P1 his treasure; then P1's bonus turn."""
    s, events = play(_last_jump((0,)), "enter:w:a1", "enter:w:a1")
    assert scored(events) == [(1, 1, 0, "SPEED-SCORE-1"), (0, 0, 1, "SPEED-SCORE-1")]
    assert s.turn_kind is TurnKind.BONUS and s.active == 0


def test_speed_score_1_turns_each_scores_after_his_own_turn() -> None:
    """SPEED-SCORE-1, ``'turns'``: in Round Order each takes a scoring turn of 10 AP
    and scores at its end. P2 ends his at once and scores a2; in his own turn P1
    brings in his leader and takes a2 (3 against 1), so a2 scores for him too. Then
    P1's bonus turn (SPEED-SCORE-2)."""
    s, events = play(_last_jump((0,), volcano_scoring="turns"), "enter:w:a1", "enter:w:a1")
    assert not scored(events) and TurnBegan(1, "scoring", "SPEED-SCORE-1") in events
    assert s.turn_kind is TurnKind.SCORING and s.active == 1 and s.ap == 10
    assert s.queue == ((TurnKind.SCORING, 0), (TurnKind.BONUS, 0))
    assert from_text(to_text(s)) == s
    s, events = play(s, "end")
    assert scored(events) == [(1, 1, 0, "SPEED-SCORE-1")] and s.active == 0 and s.ap == 10
    s, events = play(s, "enter:l:a1", "move:l:a1:a2", "end")
    assert scored(events) == [(0, 1, 1, "SPEED-SCORE-1")]
    assert TurnBegan(0, "bonus", "SPEED-SCORE-2") in events and s.scores == (22, 21)


def test_speed_score_1_turns_refused_in_the_text_without_the_option() -> None:
    """SPEED-SCORE-1: a Speed scoring turn is reached only with ``'turns'``: its position
    is refused under the default rules."""
    s, _ = play(_last_jump((0,), volcano_scoring="turns"), "enter:w:a1", "enter:w:a1")
    with pytest.raises(ValueError, match="no scoring turn"):
        from_text(to_text(s).replace(";volcano_scoring=turns", ""))


# --------------------------------------------------------------------------- SPEED-END-1


def test_speed_end_1_turns_final_turns_in_round_order() -> None:
    """SPEED-END-1, ``final_scoring='turns'``: with no tile left, after the Jumps P2 and
    then P1 take a final turn of 10 AP, each scoring at its end; P1 takes a2 in his and
    wins; then the game is over. With ``'at-once'`` both score at once and tie."""
    s, events = play(only_stack(_last_jump(), ""), "enter:w:a1", "enter:w:a1")
    assert [c for *_, c in scored(events)] == ["SPEED-END-1"] * 2
    assert s.result is not None and s.result.winner is None
    s, events = play(
        only_stack(_last_jump(final_scoring="turns"), ""), "enter:w:a1", "enter:w:a1"
    )
    assert not scored(events) and TurnBegan(1, "final", "SPEED-END-1") in events
    assert s.turn_kind is TurnKind.FINAL and s.queue == ((TurnKind.FINAL, 0),)
    assert from_text(to_text(s)) == s
    s, events = play(s, "end")
    assert scored(events) == [(1, 1, 0, "SPEED-END-1")] and s.active == 0
    s, events = play(s, "enter:l:a1", "move:l:a1:a2", "end")
    assert scored(events) == [(0, 1, 1, "SPEED-END-1")] and isinstance(events[-1], GameOver)
    assert s.phase is Phase.OVER and s.result is not None and s.result.winner == 0


def test_speed_end_1_turns_after_a_last_volcano_round() -> None:
    """SPEED-END-1, ``'turns'``: a last volcano round scores (at once) and gives P1 his
    bonus turn; only then the final turns, P2 first."""
    s = only_stack(_last_jump((0,), final_scoring="turns"), "")
    s, events = play(s, "enter:w:a1", "enter:w:a1")
    assert [c for *_, c in scored(events)] == ["SPEED-SCORE-1"] * 2
    s, events = play(s, "end")
    assert TurnBegan(1, "final", "SPEED-END-1") in events and s.turn_kind is TurnKind.FINAL


# --------------------------------------------------------------------------- SPEED-AUCTION-3


def _stack_positions(rules: Rules) -> dict[str, range]:
    """Per letter, the places (0-based) its tiles can take in the shuffled stack."""
    out, at = {}, 0
    for letter in "ABCDEFG":
        n = sum(1 for t in rules.manifest.tiles if t.letter == letter)
        out[letter] = range(at, at + n)
        at += n
    return out


def _closest_volcanoes(rules: Rules) -> int:
    """The fewest tiles that can lie between two volcanoes in the stack."""
    spans = _stack_positions(rules)
    letters = sorted(t.letter for t in rules.manifest.tiles if t.kind is Kind.VOLCANO)
    gaps = []
    for a, b in itertools.combinations(letters, 2):
        gaps.append(0 if a == b else spans[b].start - spans[a].stop)
    return min(gaps)


def test_speed_auction_3_the_packaged_tiles_never_show_two_volcanoes() -> None:
    """SPEED-AUCTION-3: the volcanoes B1, D3 and F2 of the packaged manifest lie in piles
    B, D and F, so at least five tiles lie between any two in the stack; a display is
    at most four tiles in a row (TIKAL-AUCTION-2), so it never holds two."""
    rules = Rules()
    volcanoes = sorted((t.letter, t.id) for t in rules.manifest.tiles if t.kind is Kind.VOLCANO)
    assert volcanoes == [("B", "B1"), ("D", "D3"), ("F", "F2")]
    assert _closest_volcanoes(rules) == 5
    for players in (2, 3, 4):
        assert _closest_volcanoes(rules) > players - 2


def test_speed_auction_3_two_volcanoes_matters_with_a_relettered_manifest() -> None:
    """SPEED-AUCTION-3: with a manifest whose backs letter B1 and D3 as A tiles (the
    property tests' kind of variant), one display can show both volcanoes; then
    ``two_volcanoes`` decides who leads the Round Order."""
    default = Rules().manifest
    letters = [t.letter for t in default.tiles]
    ids = [t.id for t in default.tiles]
    for volcano, a_tile in (("B1", "A5"), ("D3", "A6")):
        i, j = ids.index(volcano), ids.index(a_tile)
        letters[i], letters[j] = letters[j], letters[i]
    manifest = variant_manifest(letters, [0] * 36)
    assert _closest_volcanoes(Rules(manifest=manifest)) == 0
    orders = {}
    for rule in ("first-secured", "last-secured"):
        s = speed(3, manifest=manifest, two_volcanoes=rule)
        s, _ = play(s, "reveal=B1", "reveal=D3", "reveal=A1")
        s, _ = play(s, "bid:1", "pass", "pass", "take:A1", "bid:1", "pass", "take:B1", "take:D3")
        orders[rule] = s.round_order
    assert orders == {"first-secured": (1, 2, 0), "last-secured": (2, 1, 0)}


# --------------------------------------------------------------------------- all together


def test_speed_options_agree_where_the_readings_agree() -> None:
    """SPEED-JUMP-3, SPEED-JUMP-7, SPEED-SCORE-1, SPEED-END-1: where the readings cannot
    differ (a first action of 1 point, no piece on the board, nothing opened) a
    position's legal actions are the same under every combination of the new fields."""
    base = jumping(speed(2), (0, 1))
    base, _ = choose_tokens(base, P1=1, P2=1)
    expected = legal_actions(base)
    for values in itertools.product(*OPTIONS.values()):
        rules = attrs.evolve(base.rules, **dict(zip(OPTIONS, values, strict=True)))
        assert legal_actions(base.replace(rules=rules)) == expected

