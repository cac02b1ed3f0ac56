"""TIKI-INFL-7 and ``Rules.minus_one_empty`` (issue 21): a −1 village whose beneficiary
holds no fruit spoils a reserve fruit (``'reserve'``, the default, from S1 and S7) or
does nothing (``'nothing'``, the seed read literally)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import playout, seeds, tiles

import tiki
from tiki import (
    FruitReturned,
    FruitsGained,
    FruitSpoiled,
    Rules,
    TikisReturned,
    VillageInfluenced,
    X,
)
from tiki.text._fruits import tallies
from tiki.text.jsonio import rules_from_json, rules_to_json

# a1 +1, b1 0, c1 +1 / a2 -1, b2 +2, c2 +1 / a3 +1, b3 0, c3 +1
LAYOUT = (1, 0, 1, -1, 2, 1, 1, 0, 1)
TO_A2 = "+a2 +a3 +a1 a3-a2 a1-a2"  # a2 (-1) fills up with x on top, x holding no fruit
NOTHING = Rules(minus_one_empty="nothing")


def _play(rules: Rules, tokens: str) -> tiki.Transition:
    s = tiki.new_game(rules, layout=LAYOUT, first=X)
    *head, last = tokens.split()
    for token in head:
        s = tiki.step(s, tiki.parse_action(s, token)).state
    return tiki.step(s, tiki.parse_action(s, last))


def test_the_default_is_reserve_and_other_values_are_refused() -> None:
    """TIKI-INFL-7: the default reading spoils a reserve fruit; the field takes only
    'reserve' and 'nothing', and a bad value names the field."""
    assert Rules().minus_one_empty == "reserve"
    assert NOTHING.non_default() == {"minus_one_empty": "nothing"}
    for bad in ("", "Nothing", None, 0, True):
        with pytest.raises(ValueError, match=r"Rules\.minus_one_empty must be one of"):
            Rules(minus_one_empty=bad)  # type: ignore[arg-type]


def test_the_text_and_json_forms_carry_the_reading() -> None:
    """TIKI-INFL-7: the rules text, the JSON and a position's text keep the field."""
    assert tiki.rules_to_text(NOTHING) == "minus_one_empty=nothing"
    assert tiki.rules_from_text("minus_one_empty=nothing") == NOTHING
    assert rules_to_json(Rules())["minus_one_empty"] == "reserve"
    assert rules_from_json(rules_to_json(NOTHING)) == NOTHING
    s = tiki.new_game(NOTHING, layout=LAYOUT, first=X)
    assert tiki.to_text(s).endswith(" rules:minus_one_empty=nothing")
    assert tiki.from_text(tiki.to_text(s)).rules == NOTHING


@pytest.mark.parametrize(
    ("rules", "reserve", "spoiled", "events"),
    [
        (Rules(), 6, 1, [VillageInfluenced, FruitSpoiled, TikisReturned]),
        (NOTHING, 7, 0, [VillageInfluenced, TikisReturned]),
    ],
    ids=["reserve", "nothing"],
)
def test_an_empty_hand_on_the_minus_one_village(
    rules: Rules, reserve: int, spoiled: int, events: list[type]
) -> None:
    """TIKI-INFL-7: x, on top of a2 (-1), holds no fruit. With 'reserve' a reserve fruit
    spoils (a FruitSpoiled from the reserve); with 'nothing' no fruit moves and no
    FruitSpoiled is raised: the village is influenced and its tikis go home."""
    t = _play(rules, TO_A2)
    kinds = [type(e) for e in t.events]  # the move's own events (TIKI-MOVE-6) first
    assert kinds[kinds.index(VillageInfluenced) :] == events
    assert (t.state.fruits, t.state.reserve, t.state.spoiled) == ((0, 0), reserve, spoiled)
    spoils = [e for e in t.events if isinstance(e, FruitSpoiled)]
    assert all(e.player == X and e.from_reserve for e in spoils)


def test_a_held_fruit_spoils_under_either_reading() -> None:
    """TIKI-INFL-7: the option reads only an empty hand; x's own fruit (won on c2)
    spoils under 'nothing' as under 'reserve'."""
    tokens = "+c2 +c3 +c1 c3-c2 c1-c2 +a3 +a2 a3-a2 +a1 +c3 a1-a2"
    for rules in (Rules(), NOTHING):
        t = _play(rules, tokens)
        assert [e for e in t.events if isinstance(e, FruitSpoiled)] == [FruitSpoiled(X, False)]
        assert (t.state.fruits, t.state.reserve, t.state.spoiled) == ((0, 0), 6, 1)


def test_the_reachable_counts_follow_the_reading() -> None:
    """TIKI-INFL-7, TIKI-END-3: with 'nothing' the reserve empties only by a fruit won,
    so with end_check='village' a tie-break never starts at 0-0 (the check after the
    winning village sees a lead or a tie at 1-1 or more); with 'reserve' a spoiled
    reserve fruit can empty it at 0-0. With end_check='action' a fruit won and lost in
    one action can still tie at 0-0. ``tiki.from_text`` refuses what is unreachable."""
    zero_tie = (0, 0, 1, 6, True)
    assert zero_tie in tallies(Rules(), Rules().tiles).settled
    assert zero_tie not in tallies(NOTHING, NOTHING.tiles).settled
    action = Rules(minus_one_empty="nothing", end_check="action")
    assert zero_tie in tallies(action, action.tiles).settled
    text = "+1,0,+1/-1,+2,+1/+1,0,+1 turn x x - 0,0 1,6 - + 40 -"
    assert tiki.from_text(text).tiebreak
    with pytest.raises(tiki.NotationError, match="no game with these rules"):
        tiki.from_text(text + " rules:minus_one_empty=nothing")


@given(tiles(), seeds, st.sampled_from(("village", "action")))
def test_nothing_never_spoils_a_reserve_fruit(
    layout_tiles: tuple[int, ...], seed: int, end_check: str
) -> None:
    """TIKI-INFL-7 with minus_one_empty='nothing': over a whole random game no reserve
    fruit ever spoils: the reserve goes down only by fruits won, and the spoiled pile
    grows only by fruits the beneficiaries of −1 villages held."""
    rules = Rules(tiles=layout_tiles, minus_one_empty="nothing", end_check=end_check)
    game = playout(rules, seed)
    for before, t in zip(game.states, game.transitions, strict=False):
        spoils = [e for e in t.events if isinstance(e, FruitSpoiled)]
        assert not any(e.from_reserve for e in spoils)
        won = sum(e.count for e in t.events if isinstance(e, FruitsGained))
        returned = sum(isinstance(e, FruitReturned) for e in t.events)  # TIKI-END-3
        assert t.state.reserve == before.reserve - won + returned
        assert t.state.spoiled == before.spoiled + len(spoils) - returned
