"""What a player chooses in secret at a Speed Jump stays secret, under every ruleset.

SPEED-JUMP-1: the choices of a Jump are simultaneous and secret until the reveal;
SPEED-JUMP-8: under ``Rules(forfeit=True)`` a stop is one of those choices, as secret
as a count. The property: two positions that differ only in what one player chose in
secret at a TOKENS node (any count 1 to 5, or the stop where allowed) give every other
player byte for byte the same view (``observe``), view text (``view_to_text``), view
JSON, tensor and legal actions (``view_actions``), and the transitions that make them
tell the others the same events. The chooser's own view tells his choices apart, so
the comparison can fail.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_tikal_speed_properties import speed_rules
from tikal_strategies import DEFAULT_MANIFEST, seeds, variant_manifest

import tikalspeed
from tikalspeed import (
    CHANCE,
    EndTurn,
    Phase,
    Rules,
    State,
    TileMix,
    actors,
    apply,
    jsonio,
    legal_actions,
    observe,
    step,
    view_actions,
    view_to_text,
)
from tikalspeed.model.records import STOP
from tikalspeed.model.rules import _CHOICES as RULES_CHOICES
from tikalspeed.text.tensor import observation_tensor


def _at_a_jump(rules: Rules, seed: int, jump: int, before: int) -> tuple[State, int]:
    """A TOKENS node of a random game under ``rules`` (seeded) and a player still to
    choose there, with another one still to choose after him: the ``jump``-th Jump (or
    the last one reached), after ``before`` of the others have chosen at random."""
    rng = random.Random(seed)
    s = tikalspeed.new_game(rules)
    found: State | None = None
    seen = 0
    while s.phase is not Phase.OVER:
        who = actors(s)
        if s.phase is Phase.TOKENS and len(who) == len(s.jumpers) >= 2:  # a new Jump
            found, seen = s, seen + 1
            if seen > jump:
                break
        if who == (CHANCE,):
            s = apply(s, tikalspeed.sample_chance(s, rng))
        else:
            s = apply(s, rng.choice(legal_actions(s)))
    assert found is not None, "no Jump with two players or more"
    s = found
    for _ in range(min(before, len(actors(s)) - 2)):  # some choose first: more secrets
        s = apply(s, rng.choice(legal_actions(s, rng.choice(actors(s)))))
    return s, rng.choice(actors(s))


def _secret_positions(s: State, q: int) -> list[State]:
    """The positions after each secret choice ``q`` may make at ``s`` (his legal counts,
    and the stop under ``Rules(forfeit=True)``), and beside them the same position with
    each other count of 1 to 5 that his tokens allow (SPEED-JUMP-4 may forbid it, but
    the position is one all the same): they differ only in ``q``'s choice."""
    made = [apply(s, a) for a in legal_actions(s, q)]
    assert all(t.phase is Phase.TOKENS for t in made)  # another player still chooses
    base = made[0]
    made_counts = {t.chosen[q] for t in made}
    for count in range(1, min(5, s.tokens[q]) + 1):
        if count not in made_counts:
            chosen = tuple(count if p == q else c for p, c in enumerate(base.chosen))
            made.append(base.replace(chosen=chosen))
    if s.rules.forfeit:
        assert any(t.chosen[q] == STOP for t in made)
    return made


def _seen_by(state: State, p: int) -> tuple[object, ...]:
    """Everything ``p`` is given of ``state``: his view, its text, its JSON, its tensor
    and his legal actions (with their tokens)."""
    view = observe(state, p)
    actions = view_actions(view)
    return (
        view,
        view_to_text(view),
        jsonio.dumps(view),
        observation_tensor(view),
        actions,
        repr(actions),
    )


def _check_secret(s: State, q: int) -> int:
    """The property at ``s`` for ``q``'s choices; returns the positions compared."""
    positions = _secret_positions(s, q)
    for p in range(s.rules.players):
        seen = [_seen_by(t, p) for t in positions]
        if p == q:  # his own choice shows in his own view: the comparison can fail
            assert len({x[1] for x in seen}) == len(positions)
        else:
            assert all(x == seen[0] for x in seen[1:]), (p, q, [x[1] for x in seen])
    told = {step(s, a).events for a in legal_actions(s, q)}
    assert told == {(tikalspeed.TokensChosen(q),)}  # the events everyone is told
    return len(positions)


@st.composite
def secret_choices(draw: st.DrawFn) -> tuple[State, int]:
    """A TOKENS node of a random Speed game under any ruleset, and a player to choose."""
    rules = draw(speed_rules())
    return _at_a_jump(rules, draw(seeds), draw(st.integers(0, 3)), draw(st.integers(0, 2)))


@given(secret_choices())
def test_speed_jump_1_8_a_secret_choice_changes_nothing_the_others_are_given(
    node: tuple[State, int],
) -> None:
    """SPEED-JUMP-1, SPEED-JUMP-8: under any Speed ruleset (every field of ``Rules``
    drawn), at a Jump where a player makes his secret choice and another still chooses,
    every position his choice may leave (each count, the stop where allowed) gives every
    other player the same view, text, JSON, tensor and legal actions, and the same
    events; his own view tells them apart."""
    s, q = node
    compared = _check_secret(s, q)
    assert compared >= 2 if s.rules.forfeit or s.tokens[q] > 1 else compared == 1


_SPEED_FIELDS = [f.name for f in attrs.fields(Rules) if f.name != "mode"]
_VALUES: dict[str, tuple[object, ...]] = {
    "players": (2, 3, 4),
    "manifest": (
        DEFAULT_MANIFEST,
        variant_manifest([t.letter for t in reversed(DEFAULT_MANIFEST.tiles)], [1] * 36),
    ),
    "auction_score": (0, 20, 99),
    "tile_mix": (TileMix(), TileMix(temple=12), TileMix(temple=8, volcano=5)),  # TIKAL-TILE-8
}


def _values(name: str) -> tuple[object, ...]:
    """Every value of a ``Rules`` field (a sample of the numbers and the manifests)."""
    if name in _VALUES:
        return _VALUES[name]
    if isinstance(getattr(Rules(), name), bool):
        return (False, True)
    return RULES_CHOICES[name]


_CASES = [(name, value) for name in _SPEED_FIELDS for value in _values(name)]


def test_the_sweep_covers_every_speed_option() -> None:
    """The sweep below takes every value of every ``Rules`` field the Speed game reads
    (all but ``mode``; a sample of ``auction_score`` and of manifests), SPEED-JUMP-8's
    ``forfeit`` among them."""
    assert {name for name, _ in _CASES} == set(_SPEED_FIELDS)
    assert ("forfeit", True) in _CASES and ("forfeit", False) in _CASES
    assert len(_CASES) >= 36


@pytest.mark.parametrize(("name", "value"), _CASES, ids=lambda x: getattr(x, "name", str(x)))
def test_speed_jump_1_8_every_option_keeps_the_choices_secret(name: str, value: object) -> None:
    """SPEED-JUMP-1, SPEED-JUMP-8, for each value of each Speed option in turn (the
    others at their defaults but ``forfeit=True``, so that a stop is among the choices
    unless the case is ``forfeit=False``): at the first and a later Jump of a seeded
    game, the others are given the same whatever the chooser's secret choice."""
    fields: dict[str, object] = {"players": 3, "forfeit": True, name: value}
    rules = Rules(mode="speed", **fields)  # type: ignore[arg-type]
    compared = 0
    for seed, jump, before in ((1, 0, 0), (2, 2, 1)):
        s, q = _at_a_jump(rules, seed, jump, before)
        compared += _check_secret(s, q)
    assert compared >= 4


def test_the_stop_is_hidden_like_a_count_in_every_form() -> None:
    """SPEED-JUMP-8, the reported case: at a 2-player Jump, P1 stops or takes 1 token
    while P2 still chooses; P2 is given the same view, text, JSON, tensor, legal
    actions and events, picture and decision (before, P1's stop showed at once: his
    tokens dropped to 0, he left the jumpers, and ``PointsLost`` told it). P1's own
    view shows his stop, as ``end`` (``stops`` in his picture)."""
    s, _ = _at_a_jump(Rules(players=2, forfeit=True), seed=5, jump=0, before=0)
    counted, stopped = step(s, tikalspeed.ChooseTokens(0, 1)), step(s, EndTurn(0))
    assert counted.events == stopped.events == (tikalspeed.TokensChosen(0),)
    assert observe(counted.state, 1) == observe(stopped.state, 1)
    assert _seen_by(counted.state, 1) == _seen_by(stopped.state, 1)
    pictures = [tikalspeed.svg.board(observe(t.state, 1)) for t in (counted, stopped)]
    assert pictures[0] == pictures[1] and "chose ?" in pictures[0]
    assert "stops" in tikalspeed.svg.board(observe(stopped.state, 0))
    assert tikalspeed.decision_to_json(observe(counted.state, 1)) == tikalspeed.decision_to_json(
        observe(stopped.state, 1)
    )
    assert stopped.state.tokens == s.tokens and stopped.state.jumpers == (0, 1)
    mine = view_to_text(observe(stopped.state, 0))
    assert "/end,0/" in mine and "/?,0/" in view_to_text(observe(stopped.state, 1))
    assert jsonio.view_to_json(observe(stopped.state, 0))["state"]["speed"]["chosen"] == [
        "end",
        0,
    ]
    assert jsonio.view_to_json(observe(stopped.state, 1))["state"]["speed"]["chosen"] == [
        None,
        0,
    ]


def test_a_pending_stop_reads_back_and_only_where_it_can_be() -> None:
    """SPEED-JUMP-8: a position holding a stop not yet revealed (``end`` in the chosen
    part, ``"end"`` in JSON) and every player's view of it read back equal; a stop
    where the rules have no forfeit, or after the reveal, is refused at the chosen
    part."""
    s, _ = _at_a_jump(Rules(players=3, forfeit=True), seed=2, jump=0, before=0)
    stopped = apply(s, EndTurn(1))
    text, obj = tikalspeed.to_text(stopped), jsonio.state_to_json(stopped)
    assert "/0,end,0/" in text and obj["speed"]["chosen"] == [0, "end", 0]
    assert tikalspeed.from_text(text) == stopped == jsonio.state_from_json(obj)
    for p in range(3):
        view = observe(stopped, p)
        assert tikalspeed.view_from_text(view_to_text(view)) == view
        assert jsonio.view_from_json(jsonio.view_to_json(view)) == view
    assert text.endswith(" rules:players=3;forfeit=true")
    no_forfeit = text.removesuffix(";forfeit=true")
    with pytest.raises(tikalspeed.NotationError, match=r"stop \(end\) is a choice only") as err:
        tikalspeed.from_text(no_forfeit)
    assert no_forfeit[err.value.position :].startswith("end,0/")  # type: ignore[index]
    revealed = apply(
        apply(stopped, tikalspeed.ChooseTokens(0, 1)),
        legal_actions(apply(stopped, tikalspeed.ChooseTokens(0, 1)), 2)[0],
    )
    assert revealed.phase is not Phase.TOKENS and STOP not in revealed.chosen
    late = revealed.replace(
        chosen=tuple(STOP if p == 1 else c for p, c in enumerate(revealed.chosen))
    )
    with pytest.raises(tikalspeed.NotationError, match=r"stop \(end\) is a choice only"):
        tikalspeed.from_text(tikalspeed.to_text(late))


def test_a_stop_is_told_as_secretly_as_a_count() -> None:
    """SPEED-JUMP-8, SPEED-JUMP-1: in ``play``'s narration and in the pictures'
    captions a stop at a token choice reads exactly as a count does (``chooses tokens
    in secret  [tokens:?]``); ``replay``, which shows every choice, names the stop."""
    import io
    import random as _random

    from gamekit.bots import Ply
    from tikalspeed.tools.cli.narration import Narrator, in_pictures

    rng = _random.Random(4)
    state = tikalspeed.new_game(Rules(players=2, forfeit=True), seed=4)
    while state.phase is not Phase.TOKENS:
        who = tikalspeed.actors(state)
        if who == (tikalspeed.CHANCE,):
            state = tikalspeed.apply(state, tikalspeed.sample_chance(state, rng))
        else:
            state = tikalspeed.apply(state, tikalspeed.legal_actions(state)[0])
    lines = {}
    for action in (tikalspeed.EndTurn(0), tikalspeed.ChooseTokens(0, 1)):
        ply = Ply(action, tikalspeed.step(state, action))
        out = io.StringIO()
        narrator = Narrator(out, state, hide_tokens=True)
        narrator.ply(ply)
        lines[type(action).__name__] = out.getvalue().splitlines()[0]
        caption = in_pictures(state, [ply])[1][1]
        assert caption == "1. P1 chooses tokens in secret"
    assert lines["EndTurn"] == lines["ChooseTokens"]
    assert (
        lines["EndTurn"].startswith("1. P1 chooses tokens in secret")
        and "[tokens:?]" in lines["EndTurn"]
    )
    told = io.StringIO()
    Narrator(told, state).ply(
        Ply(tikalspeed.EndTurn(0), tikalspeed.step(state, tikalspeed.EndTurn(0)))
    )
    assert "stops taking part" in told.getvalue()
