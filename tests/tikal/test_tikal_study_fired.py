"""How often a rule fired in a study game (issue 32, "so that 'changed 0 games' can be
told apart from 'never happened'"): the choices a ruleset's readings opened, took and
closed against the defaults (``tikalspeed.tools.studies.fired``), the Jump points lost
to a block, the scoring turns and the rounds with two volcanoes. Each is counted again
here by hand from the same game replayed with ``step``, never through the study's loop,
and checked in a scripted position where the answer is known."""

from __future__ import annotations

from typing import Any

import pytest
from positions import jumping, speed
from replays import replay

from tikalspeed import CHANCE, ChooseTokens, EndTurn, legal_actions, new_game, step
from tikalspeed.model.events import PointsLost, TileSecured, TokensReturned, TurnBegan
from tikalspeed.model.state import Phase
from tikalspeed.tools import studies
from tikalspeed.tools.studies.fired import CHOICE_OPTIONS, Choices, baseline
from tikalspeed.tools.studies.tally import FIRED, Tally


def _default_text(ruleset: str) -> str:
    """The ruleset's text with every option that changes the legal actions left out:
    its defaults, written independently of :func:`baseline`."""
    return ";".join(i for i in ruleset.split(";") if i.split("=")[0] not in CHOICE_OPTIONS)


def _by_hand(ruleset: str, seed: int, bots: tuple[str, ...]) -> dict[str, Any]:
    base = studies.parse_rules(_default_text(ruleset))
    rules = studies.parse_rules(ruleset)
    volcanoes = {t.id for t in rules.manifest.tiles if t.kind.name == "VOLCANO"}
    out = dict.fromkeys(FIRED, 0)
    this_round = 0
    for ply in replay(ruleset, seed, bots):
        if ply.who != CHANCE:
            tokens = ply.state.phase is Phase.TOKENS

            def legal(state: Any, p: int = ply.who, tokens: bool = tokens) -> set[Any]:
                return set(legal_actions(state, p) if tokens else legal_actions(state))

            mine, theirs = legal(ply.state), legal(ply.state.replace(rules=base))
            if base != rules and mine - theirs:
                out["choices_opened"] += 1
                out["choices_taken"] += ply.action not in theirs
            if base != rules and theirs - mine:
                out["choices_closed"] += 1
        for e in ply.transition.events:
            if isinstance(e, PointsLost) and e.clause == "SPEED-JUMP-7":
                out["ap_lost_blocked"] += e.points
            elif isinstance(e, TurnBegan) and e.kind in ("scoring", "final"):
                out["scoring_turns"] += 1
            elif isinstance(e, TokensReturned):
                this_round = 0
            elif isinstance(e, TileSecured) and e.tile_id in volcanoes:
                this_round += 1
                out["volcano_pairs"] += this_round == 2
    return out


GAMES = [
    # (ruleset, bots, the columns that must fire in this game)
    ("mode=speed;players=2", ("greedy", "greedy"), ()),
    ("mode=speed;players=3;forfeit=true", ("random",) * 3, ("choices_opened", "choices_taken")),
    (
        "mode=professional;players=2;auction_score=0;max_bid=any",
        ("random", "random"),
        ("choices_opened", "choices_taken", "scoring_turns"),
    ),
    (
        "mode=classic;players=2;uncover_limit=turn;camp_needs_member=true",
        ("greedy", "random"),
        ("choices_closed", "scoring_turns"),
    ),
    (
        "mode=speed;players=4;jump_action=one-kind;jump_blocked=lost",
        ("random",) * 4,
        ("choices_opened", "choices_taken", "choices_closed"),
    ),
    (
        "mode=speed;players=2;volcano_scoring=turns;final_scoring=turns",
        ("greedy", "random"),
        ("scoring_turns",),
    ),
]


@pytest.mark.parametrize(("ruleset", "bots", "fires"), GAMES)
def test_the_fire_columns_are_those_counted_by_hand(
    ruleset: str, bots: tuple[str, ...], fires: tuple[str, ...]
) -> None:
    """Issue 32; SPEED-JUMP-8 (a stop), TIKAL-AUCTION-3 (a bid over one's score),
    TIKAL-UNCOVER-3 and TIKAL-CAMP-3 (choices taken away), SPEED-JUMP-3 and -7 (a Jump
    of one kind, actions the players before opened refused; points lost with no action
    left), SPEED-SCORE-1 and SPEED-END-1 (scoring turns):
    every fire column of a row is what a count by hand from the same game gives, and
    the rule fired in the games chosen to show it."""
    row = studies.play_row(ruleset, 4, bots)
    assert {k: row[k] for k in FIRED} == _by_hand(ruleset, 4, bots)
    for column in fires:
        assert row[column] > 0, column
    if not fires:  # the default readings: no choice of their own, nothing weighed
        assert {k: row[k] for k in FIRED} == dict.fromkeys(FIRED, 0)


def test_default_readings_weigh_nothing() -> None:
    """Issue 32: a game under the default readings of every choice option is not
    weighed decision by decision (it costs nothing), whatever its mode, players, tiles
    and setup options (TIKAL-SETUP-3, TIKAL-AUCTION-1)."""
    for text in (
        "mode=speed;players=4",
        "mode=classic;players=2;start_worker=true",
        "mode=professional;players=3;auction_score=5",
    ):
        rules = studies.parse_rules(text)
        assert baseline(rules) is None and Tally(rules).watch is None
    assert Tally(studies.parse_rules("mode=speed;players=2;forfeit=true")).watch is not None


def test_a_stop_opens_and_takes_a_choice() -> None:
    """SPEED-JUMP-8: under ``forfeit=true`` a player choosing his tokens may stop, which
    the default does not allow: the decision opened a choice, and stopping took it;
    choosing tokens instead opened it without taking it."""
    s = jumping(speed(2, forfeit=True, start_worker=True), (0, 1))
    assert EndTurn(0) in legal_actions(s, 0)
    stopped, played = Choices(s.rules), Choices(s.rules)
    stopped.watch(s, 0, EndTurn(0))
    played.watch(s, 0, ChooseTokens(0, 2))
    assert (stopped.opened, stopped.taken, stopped.closed) == (1, 1, 0)
    assert (played.opened, played.taken, played.closed) == (1, 0, 0)


def test_every_fire_column_is_a_study_column_with_words() -> None:
    """Issue 32: the fire columns are in every row, averaged by the summary, and named
    in words."""
    assert set(FIRED) <= set(studies.STUDY.columns) & set(studies.MEASURES)
    assert all(k in studies.WORDS for k in FIRED)


def test_per_jump_limits_are_weighed_with_the_counts_of_the_whole_phase() -> None:
    """SPEED-JUMP-9: under ``jump_limits='jump'`` the limits' counts start again at each
    Jump, where the default counts them over the Jump phase of the round. Each decision
    is weighed against the same game played under the defaults, action for action (the
    same start, the same chance): up to the first action the defaults refuse, that game
    is the position under the defaults, counts of the whole phase and all. A decision
    opens a choice exactly where the rules allow an action that game does not, and one
    such action chosen is taken; and the rule fires in these greedy games (it changed
    34 of 50 two-player games of the study, where the counts per Jump saw it never)."""
    ruleset, bots = "mode=speed;players=2;jump_limits=jump", ("greedy", "greedy")
    rules, base = studies.parse_rules(ruleset), studies.parse_rules("mode=speed;players=2")
    fired = 0
    for seed in range(3):
        choices = Choices(rules)
        defaults = new_game(base, seed=seed)
        for ply in replay(ruleset, seed, bots):
            if ply.who != CHANCE:
                who = (ply.who,) if ply.state.phase is Phase.TOKENS else ()
                mine = set(legal_actions(ply.state, *who))
                theirs = set(legal_actions(defaults, *who))
                was = (choices.opened, choices.taken, choices.closed)
                choices.watch(ply.state, ply.who, ply.action)
                assert (choices.opened, choices.taken, choices.closed) == (
                    was[0] + bool(mine - theirs),
                    was[1] + (ply.action not in theirs),
                    was[2] + bool(theirs - mine),
                ), (seed, ply.action)
                if ply.action not in theirs:
                    break  # the default game cannot follow: weighed up to here
            defaults = step(defaults, ply.action).state
        fired += choices.opened
    assert fired > 0
