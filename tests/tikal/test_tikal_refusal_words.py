"""Every refusal in words a player reads, in English and German (issue 30).

An illegal action's :class:`~tikalspeed.IllegalActionError` keeps its clause and its
English ``str`` and carries the template it was made from and its fields, so that
:func:`tikalspeed.text.words.refusal_words` says it in the player's language without
the clause id. These tests try the illegal actions of random games of every mode
(every legal action of another position tried in this one) and a hand-made case of
every refusal the engine makes (TIKAL-TURN-2/4, TIKAL-PLACE-1/2, TIKAL-AUCTION-*,
TIKAL-MOVE-2/3, TIKAL-UNCOVER-1..5, TIKAL-TREASURE-1/2, TIKAL-EXCHANGE-1/2,
TIKAL-CAMP-1..3, TIKAL-GUARD-1/2/4, SPEED-JUMP-1/3/4/5/7/8), and check that each
refusal site gives a template of its own, marked for translation, never the bare
message.
"""

from __future__ import annotations

import ast
import pickle
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from positions import (
    acting,
    camps,
    cell,
    choose_tokens,
    game,
    guard,
    holding,
    jumping,
    levels,
    pieces,
    play,
    speed,
    temple,
    tiles,
    treasures,
)
from tikal_strategies import playout

import tikalspeed
from gamekit.i18n import words
from tikalspeed import (
    LEADER,
    WORKER,
    Bid,
    BuildCamp,
    ChooseTile,
    ChooseTokens,
    DrawTile,
    EndTurn,
    Enter,
    Exchange,
    FindTreasure,
    Guard,
    IllegalActionError,
    Move,
    PassBid,
    PlaceTile,
    RevealTile,
    Rules,
    State,
    TakeTreasure,
    Uncover,
    legal_actions,
    new_game,
    observe,
    step,
)
from tikalspeed.engine import why_illegal
from tikalspeed.engine.ap import why_ap_illegal
from tikalspeed.engine.legality import WORDS
from tikalspeed.errors import Reason
from tikalspeed.model.view import SPECTATOR
from tikalspeed.text.tensor import observation_tensor
from tikalspeed.text.words import refusal_words

ROOT = Path(tikalspeed.__file__).resolve().parent
CLAUSE_ID = re.compile(r"\b(TIKAL|SPEED)-[A-Z]+-\d+\b")


def _marked(paths: list[Path]) -> frozenset[str]:
    """The texts marked ``N_("...")`` in ``paths`` (what Babel extracts from them)."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_":
                arg = node.args[0]
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                found.add(arg.value)
    return frozenset(found)


TEMPLATES = (
    _marked([*sorted((ROOT / "engine").rglob("*.py")), ROOT / "text" / "tensor.py"]) - WORDS
)
"""Every refusal template the engine (and the tensor's refusal) marks for translation."""


def check(error: IllegalActionError) -> str:
    """The invariants of one refusal; returns its template."""
    assert error.template in TEMPLATES, f"no marked template: {error.template!r} ({error})"
    english = error.template.format(**error.fields)
    assert str(error) == f"{english} ({error.clause})"
    assert refusal_words(error) == refusal_words(error, "en") == english
    german = refusal_words(error, "de")
    assert german and german != english, (str(error), german)
    assert not CLAUSE_ID.search(german) and error.clause not in german
    for name, value in error.fields.items():  # a word is said in German too
        if isinstance(value, str) and value in WORDS:
            assert words("tikalspeed", "de").verbatim(value) in german, name
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.clause, again.template, again.fields) == (
        str(error), error.clause, error.template, error.fields)  # fmt: skip
    return error.template


def refused(call: Callable[[], object]) -> IllegalActionError:
    """The refusal ``call`` raises."""
    with pytest.raises(IllegalActionError) as err:
        call()
    return err.value


def by_step(state: State, action: object) -> Callable[[], object]:
    return lambda: step(state, action)  # type: ignore[arg-type]


def by_why(why: tuple[str, str] | None) -> Callable[[], object]:
    """Raising the ``(clause, reason)`` of ``why_illegal`` as a client does."""

    def call() -> None:
        assert why is not None
        raise IllegalActionError(*why)

    return call


def _spoiled_swap(**rules: object) -> State:
    """P1 on the ruin c1 (two of its four treasures left), holding B; P2 holds A: his
    one swap is his A for P1's single B (tests/tikal/test_tikal_speed_options.py)."""
    s = tiles(speed(2, **rules), c1=("A2", 0))
    s = s.replace(ruins=tuple(2 if c == cell("c1") else 0 for c in range(40)))
    s = treasures(treasures(pieces(s, 0, w={"c1": 1}), 0, "B"), 1, "A")
    order = (0, 1)
    s = jumping(s, order).replace(played=order, last_tile_player=1)
    s, _ = choose_tokens(s, P1=3, P2=3)
    return s


def _professional() -> tuple[State, State, State]:
    """A professional game's REVEAL, BID (P1 to bid, P2 bid 1) and CHOOSE nodes."""
    reveal = new_game(Rules(mode="professional", players=3))
    bid = new_game(Rules(mode="professional", players=3), seed=2)
    bidding, _ = play(bid, "pass", "bid:1")
    choose, _ = play(bid, "pass", "pass", "pass")
    return reveal, bidding, choose


def cases() -> Iterator[tuple[str, Callable[[], object]]]:
    """A hand-made illegal action for every refusal of the engine, by id."""
    draw = game(players=2)
    acts = acting(pieces(draw, 0, w={"b1": 1}), 0)
    reveal, bidding, choose = _professional()
    dug, _ = play(acting(pieces(tiles(game(), c1=("A2", 0)), 0, w={"c1": 1}), 0), "dig:c1")
    jump = jumping(speed(2), (0, 1))
    chosen = step(jump, ChooseTokens(1, 2)).state
    final = tikalspeed.resolve_chance(draw.replace(phase=tikalspeed.Phase.OVER), random.Random(0))
    # the shared phases and the contract
    yield "view", by_step(observe(acts, 0), EndTurn(0))
    yield "hidden", by_step(observe(chosen, 0).state, ChooseTokens(0, 2))
    yield "hidden-legal", lambda: legal_actions(observe(chosen, 0).state)
    yield "over", by_step(final, EndTurn(0))
    yield "not-an-action", by_step(acts, "end")
    yield "observe", lambda: observe(acts, 7)
    yield "chance", lambda: tikalspeed.sample_chance(acts, random.Random(0))
    yield "tensor", lambda: observation_tensor(observe(acts, 0), 1)
    yield "spectator", by_why(tikalspeed.why_illegal_in_view(observe(acts, None), EndTurn(0)))
    yield "not-his", by_why(tikalspeed.why_illegal_in_view(observe(acts, 1), EndTurn(0)))
    yield "chance-node", by_step(draw, EndTurn(0))
    yield "chance-node-odd", by_step(draw, EndTurn(9))
    yield "not-on-turn", by_step(acts, EndTurn(1))
    yield "chance-on-turn", by_step(acts, FindTreasure(0))
    # what each decision asks
    yield "asked-draw", by_step(draw, FindTreasure(0))
    yield "asked-reveal", by_step(reveal, DrawTile(0))
    yield "asked-treasure", by_step(dug, DrawTile(0))
    yield "asked-place", by_step(holding(draw, 0, "C2"), Bid(0, 1))
    yield "asked-bid", by_step(bidding, ChooseTile(2, 0))
    yield "asked-choose", by_step(choose, Bid(0, 1))
    yield "asked-actions", by_step(acts, PlaceTile(0, 2, 0))
    yield "malformed", by_step(acts, Uncover(0, 99))
    yield "not-possible", by_step(choose, ChooseTile(0, 35))
    # TIKAL-AUCTION-3
    opening = new_game(Rules(mode="professional", players=3), seed=2)
    yield "bid-zero", by_step(opening, Bid(0, 0))
    yield "bid-low", by_step(bidding, Bid(2, 1))
    yield "bid-score", by_step(opening, Bid(0, 100))
    anything = new_game(Rules(mode="professional", players=3, max_bid="any"), seed=2)
    yield "bid-bound", by_step(anything, Bid(0, 1020))
    # TIKAL-PLACE-1/2
    hold = holding(draw, 0, "C2")
    yield "place-field", by_step(hold, PlaceTile(0, cell("c1"), 6))
    yield "place-explored", by_step(hold, PlaceTile(0, cell("a2"), 0))
    yield "place-same", by_step(holding(draw, 0, "D4"), PlaceTile(0, cell("c1"), 2))
    beside = holding(tiles(draw, c1=("C2", 0)), 0, "C3")
    yield "place-stones", by_step(beside, PlaceTile(0, cell("d1"), 3))
    yield "place-touch", by_step(hold, PlaceTile(0, cell("h5"), 0))
    # the AP actions
    yield "costs", by_step(acting(acts, 0, ap=1), Uncover(0, cell("a2")))
    yield "ap-not-possible", by_step(acts, Enter(0, cell("c3"), WORKER))
    yield "no-cell", by_why(why_ap_illegal(acts, Uncover(0, 99)))
    yield "uncover-1", by_step(acts, Uncover(0, cell("c3")))
    on_a2 = acting(pieces(draw, 0, w={"a2": 1}), 0)
    guarded = guard(pieces(pieces(game(players=2), 0, w={"a2": 3}), 1, w={"a2": 1}), "a2", 1)
    yield "uncover-5", by_step(acting(guarded, 0), Uncover(0, cell("a2")))
    yield "uncover-2", by_step(temple(on_a2, "a2", 10), Uncover(0, cell("a2")))
    twice, _ = play(on_a2, "uncover:a2", "uncover:a2")
    yield "uncover-3", by_step(twice, Uncover(0, cell("a2")))
    yield "uncover-4", by_step(levels(on_a2, v2=0), Uncover(0, cell("a2")))
    yield "treasure-1", by_step(acts, TakeTreasure(0, cell("b1")))
    found, _ = play(dug, "find=A")
    yield "treasure-2", by_step(found, TakeTreasure(0, cell("c1")))
    swapping = acting(treasures(treasures(game(players=2), 0, "ABB"), 1, "CDD"), 0)
    yield "exchange-1", by_step(swapping, Exchange(0, 0, 1, 0))
    yield "exchange-2", by_step(swapping, Exchange(0, 1, 1, 2))
    yield "camp-1", by_step(acts, BuildCamp(0, cell("a2")))
    yield "camp-2", by_step(acting(camps(game(players=2), 1, "b2"), 0), BuildCamp(0, cell("b2")))
    member = acting(game(players=2, camp_needs_member=True), 0)
    yield "camp-3", by_step(member, BuildCamp(0, cell("b2")))
    yield "guard-4", by_step(acting(guard(pieces(game(players=2), 0, leader="a2"), "a2", 1), 0),
                             Guard(0, cell("a2"), LEADER))  # fmt: skip
    tied = acting(pieces(pieces(game(players=2), 0, w={"a2": 1}), 1, w={"a2": 1}), 0)
    yield "guard-2", by_step(tied, Guard(0, cell("a2"), WORKER))
    weaker = acting(pieces(pieces(game(players=2), 0, w={"a2": 1}), 1, w={"a2": 2}), 0)
    yield "guard-1", by_step(weaker, Guard(0, cell("a2"), WORKER))
    yield "guard-1-piece", by_step(acts, Guard(0, cell("a2"), WORKER))
    yield "move-cells", by_step(acts, Move(0, WORKER, cell("b1"), 99))
    yield "move-piece", by_step(acts, Move(0, 5, cell("b1"), cell("a1")))
    yield "move-piece-type", by_step(acts, Move(0, "w", cell("b1"), cell("a1")))
    yield "move-none", by_step(acts, Move(0, WORKER, cell("a1"), cell("b1")))
    yield "move-path", by_step(acts, Move(0, WORKER, cell("b1"), cell("h5")))
    yield "move-costs", by_step(acting(acts, 0, ap=1), Move(0, WORKER, cell("b1"), cell("a2")))
    # Speed: the token choices (SPEED-JUMP-1/4/5/8)
    yield "tokens-malformed", by_step(jump, ChooseTokens(0, "2"))
    yield "tokens-range", by_step(jump, ChooseTokens(0, 6))
    on_a2_speed = jumping(pieces(speed(2), 0, w={"a2": 18}, leader="a2"), (0, 1))
    yield "tokens-fit", by_step(on_a2_speed, ChooseTokens(0, 1))
    yield "tokens-stop", by_step(jump, EndTurn(0))
    yield "tokens-asked", by_step(jump, Bid(0, 1))
    yield "tokens-asked-forfeit", by_step(jumping(speed(2, forfeit=True), (0, 1)), Bid(0, 1))
    yield "tokens-chosen", by_step(chosen, ChooseTokens(1, 2))
    yield "tokens-sits-out", by_step(jumping(speed(2), (0, 1), jumpers=(0,)), ChooseTokens(1, 2))
    yield "tokens-nobody", by_step(jump, ChooseTokens(5, 2))
    # Speed: a Jump turn (SPEED-JUMP-3/7)
    s, _ = choose_tokens(jumping(pieces(speed(2), 0, w={"b1": 1}), (0, 1)), P1=2, P2=2)
    yield "jump-end", by_step(s, EndTurn(0))
    one_kind = speed(2, jump_action="one-kind")
    s, _ = choose_tokens(jumping(pieces(one_kind, 0, w={"b1": 2}), (0, 1)), P1=3, P2=5)
    yield "one-kind-end", by_step(s, EndTurn(0))
    s, _ = play(s, "enter:w:a1")
    yield "one-kind", by_step(s, Move(0, WORKER, cell("b1"), cell("a1")))
    detour = tiles(speed(2, jump_move="border"), c1=("A3", 5), c2=("C2", 1))
    s, _ = choose_tokens(jumping(pieces(detour, 0, w={"b1": 1}), (0, 1)), P1=4, P2=5)
    yield "border", by_step(s, Move(0, WORKER, cell("b1"), cell("c1")))
    s, _ = choose_tokens(jumping(pieces(detour, 0, w={"b2": 1}), (0, 1)), P1=1, P2=5)
    yield "border-costs", by_step(s, Move(0, WORKER, cell("b2"), cell("c2")))
    s, _ = play(_spoiled_swap(jump_blocked="lost"), "dig:c1", "find=C")
    yield "lost", by_step(s, Exchange(1, 0, 0, 2))
    yield "why", by_why(why_illegal(acts, Uncover(0, 99)))
    yield "reveal-tile", by_step(reveal, RevealTile(35))
    yield "pass-bid", by_step(bidding, PassBid(0))


CASES = dict(cases())


@pytest.mark.parametrize("case", list(CASES))
def test_every_refusal_is_said_in_english_and_german(case: str) -> None:
    """Issue 30: the refusal's English is its template filled in, before the clause; in
    German it is another sentence, without the clause id."""
    check(refused(CASES[case]))


def test_every_refusal_site_has_a_template_of_its_own() -> None:
    """Issue 30: the hand-made cases reach every refusal template the engine marks, so
    no refusal site falls back to a bare message; every word a field may hold is said
    in German."""
    reached = [refused(call) for call in CASES.values()]
    assert {e.template for e in reached} == TEMPLATES
    held = {v for e in reached for v in e.fields.values() if isinstance(v, str) and v in WORDS}
    assert {"chance", "enter"} <= held
    assert all(words("tikalspeed", "de").verbatim(w) != w for w in WORDS)


def test_the_messages_are_the_designers_as_before() -> None:
    """TIKAL-AUCTION-3, TIKAL-UNCOVER-1, TIKAL-TURN-4, SPEED-JUMP-3: the English
    ``str`` of a refusal is the message it always was, byte for byte."""
    said = {case: str(refused(CASES[case])) for case in CASES}
    assert said["bid-score"] == "bid:100 is more than your score (20) (TIKAL-AUCTION-3)"
    assert said["uncover-1"] == "uncover:c3: you need a piece on a temple on c3 (TIKAL-UNCOVER-1)"
    assert said["spectator"] == f"{EndTurn(0)!r}: {SPECTATOR} (TIKAL-TURN-4)"
    assert said["asked-actions"] == (
        "place:c1:0 does not answer the decision asked: P1 spends action points (enter, "
        "hop, move, uncover, dig, swap, camp, guard or end) (TIKAL-TURN-4)"
    )
    assert said["one-kind"] == (
        "move:w:b1:a1: every action of this Jump is a enter action "
        "(Rules.jump_action='one-kind') (SPEED-JUMP-3)"
    )
    assert refusal_words(refused(CASES["one-kind"]), "de") == (
        "move:w:b1:a1: jede Aktion dieses Sprungs ist eine Aktion der Art „Einsetzen“ "
        "(Rules.jump_action='one-kind')"
    )
    assert refusal_words(refused(CASES["chance-on-turn"]), "de") == (
        "der Zufall ist jetzt nicht am Zug: P1 entscheidet"
    )


def test_a_plain_message_is_its_own_template() -> None:
    """Issue 30: an error built the old way, from a message, keeps it as its template
    (braces doubled), and a ``Reason``'s template and fields go with it."""
    e = IllegalActionError("TIKAL-TURN-4", "odd {x}")
    assert (str(e), e.template.format(**e.fields)) == ("odd {x} (TIKAL-TURN-4)", "odd {x}")
    assert refusal_words(e, "de") == "odd {x}"
    r = Reason("{action} is not possible here", action="take:A1")
    assert refusal_words(r, "de") == "take:A1 ist hier nicht möglich"
    e = IllegalActionError("TIKAL-AUCTION-5", r)
    assert (e.template, e.fields) == ("{action} is not possible here", {"action": "take:A1"})
    template, fields = "{action} is not possible here", {"action": "take:A1"}
    named = IllegalActionError("TIKAL-AUCTION-5", "take:A1 is not possible here",
                               template=template, fields=fields)  # fmt: skip
    assert (str(named), named.fields) == (str(e), e.fields)
    with pytest.raises(ValueError, match="not the template"):
        IllegalActionError("TIKAL-AUCTION-5", "take:A2 is not possible here", template=template,
                           fields=fields)  # fmt: skip


RULESETS = [
    Rules(mode="classic", players=2),
    Rules(mode="professional", players=3),
    Rules(mode="speed", players=2),
    Rules(
        mode="speed", players=3, jump_action="one-kind", jump_move="border", jump_blocked="lost",
        forfeit=True,
    ),
]


@pytest.mark.parametrize("ruleset", range(len(RULESETS)))
def test_the_illegal_actions_of_random_games(ruleset: int) -> None:
    """Issue 30: in random games of every mode, every legal action of another position
    of the same game tried in this one: each refusal keeps the invariants."""
    rules = RULESETS[ruleset]
    rng = random.Random(ruleset)
    states = list(playout(rules, ruleset, 150).states)
    tried = refusals = 0
    for state in rng.sample(states, min(25, len(states))):
        other = rng.choice(states)
        for action in rng.sample(list(legal_actions(other)), min(30, len(legal_actions(other)))):
            tried += 1
            why = why_illegal(state, action)
            if why is None:
                continue
            refusals += 1
            e = refused(by_step(state, action))
            assert (e.clause, str(e)) == (why[0], f"{why[1]} ({why[0]})")
            check(e)
    assert tried and refusals
