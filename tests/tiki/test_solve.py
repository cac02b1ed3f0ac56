"""Tiki's exact values (issue 11): ``tiki.solve`` and ``tiki solve``.

Hand-worked endgames a reader can check on the board; the solver's compact position
code against the engine (same actions, same successors, same results, under every rule
it covers); then the solver against a plain exhaustive minimax written here (no
transposition table, no pruning) and against the engine-based search on positions near
the end of seeded random games: with a turn cap close by, where the whole game tree is
small, and without one, to a fixed depth; and the retrograde region solve of both codes
on small regions. Nothing is timed; budgets are node counts.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from strategies import playout, rules, seeds

import tiki
from tiki import O, Rules, State, X, apply, from_text, legal_actions, new_game
from tiki.engine.contract import _apply_legal
from tiki.tools.cli import main
from tiki.tools.solve.code import DRAW, OPEN, Code, supported
from tiki.tools.solve.engine import Search
from tiki.tools.solve.engine import region as _region
from tiki.tools.solve.search import Prover, region

WIN_IN_ONE = "+1,+1,0/+1,+2,+1/0,+1xx,-1o turn o o - 3,3 1,0 - - 24 -"
"""o to move, 3-3 and one fruit left: c1-b1 tops x,x on the +1 village b1."""
STUCK = "+1xo,+1xo,0xo/+1xo,+2xo,+1xo/0,+1xo,-1xo turn x x - 3,3 1,0 - - 60 -"
"""Every x tiki lies under an o tiki and a1 is empty: x must pass, and o then moves a
totem through a1 onto a +1 village next to it (b1-a1-a2) and takes the fourth fruit."""


TWO = "+1,+1ox,0/+1,+2xo,+1/0,+1xo,-1 turn x x - 2,2 1,2 - - 30 -"
"""x's move b3-b2-b1 brings b2 and b1 to 3 tikis at once (TIKI-INFL-3)."""


def _wins_at_once(state: State, action: tiki.Action) -> bool:
    result = apply(state, action).result
    return result is not None and result.winner == state.actor


# ------------------------------------------------------------------ hand-worked endgames


def test_tiki_end_1_a_win_in_one_move() -> None:
    """TIKI-END-1, TIKI-INFL-4: o tops the two x tikis on b1 (+1) and holds 4 fruits."""
    s = from_text(WIN_IN_ONE)
    sol = tiki.solve(s)
    assert (sol.value, sol.plies, sol.winner, sol.how, sol.exact) == ("win", 1, O, "search", True)
    assert str(sol.best) == "c1-b1" and _wins_at_once(s, sol.best)
    assert sol.text() == "o wins in 1 ply"


def test_tiki_end_5_a_forced_pass_then_a_forced_loss() -> None:
    """TIKI-END-5, TIKI-INFL-1, TIKI-END-1: x has no create and no move and must pass;
    then o wins at once, so x loses in 2 plies and o, after the pass, wins in 1."""
    s = from_text(STUCK)
    assert legal_actions(s) == (tiki.Pass(X),)
    sol = tiki.solve(s)
    assert (sol.value, sol.plies, sol.winner, sol.best) == ("loss", 2, O, tiki.Pass(X))
    assert sol.text() == "x loses in 2 plies (o wins)"
    after = tiki.solve(apply(s, tiki.Pass(X)))
    assert (after.value, after.plies) == ("win", 1)
    assert after.best is not None and _wins_at_once(apply(s, tiki.Pass(X)), after.best)


def test_tiki_end_5_lose_a_finished_game_gives_its_result() -> None:
    """TIKI-END-5 with no_move='lose': o covers the last free x tiki (c2-c1), x has no
    create and no move and loses at once; solved, and the finished game gives its result."""
    s = from_text(
        "+1xo,+1xo,0xo/+1xo,+2xo,+1o/0xo,+1xo,-1x turn o o - 3,3 1,0 - - 59 - rules:no_move=lose"
    )
    sol = tiki.solve(s)
    assert (sol.value, sol.plies) == ("win", 1) and sol.best is not None
    assert _wins_at_once(s, sol.best)
    over = apply(s, tiki.parse_action(s, "c2-c1"))
    assert over.result is not None and over.result.reason == "no-move"
    done = tiki.solve(over)
    assert (done.value, done.plies, done.best, done.how, done.nodes) == ("loss", 0, None, "over", 0)


@pytest.mark.parametrize("tiles", [(0,) * 9, (-1,) * 9])
def test_tiki_end_6_a_game_that_never_ends_is_a_draw(tiles: tuple[int, ...]) -> None:
    """TIKI-END-6, TIKI-INFL-6, TIKI-END-4: with nine 0 villages nobody ever gains a
    fruit; with nine -1 villages every influence spoils one, and in the 0-0 tie-break
    TIKI-END-4 ('again') puts each back. Either way nobody can ever win: play goes round
    for ever, which the solver scores a draw (no cap: TIKI-END-6)."""
    s = new_game(Rules(tiles=tiles), layout=tiles, first=X)
    sol = tiki.solve(s)
    assert (sol.value, sol.plies, sol.winner, sol.how) == ("draw", None, None, "no-winner")
    assert sol.best in legal_actions(s)


def test_tiki_end_6_a_lead_wins_at_the_cap() -> None:
    """TIKI-END-6: with a turn cap, more fruits win when it comes. x leads 1-0 and one
    turn is left; whatever x does, nobody can gain or lose a fruit on this move, so x
    wins at the cap in 1 ply."""
    s = from_text("+1,+1,0/+1,+2,+1/0x,+1,-1 turn x x - 1,0 6,0 - - 7 - rules:max_turns=8")
    sol = tiki.solve(s)
    assert (sol.value, sol.plies, sol.how) == ("win", 1, "search")


@pytest.mark.parametrize(("edge", "value"), [("a3b3", "win"), ("b1c1", "unknown")])
def test_tiki_shaman_3_the_engine_search_covers_the_shaman(edge: str, value: str) -> None:
    """TIKI-SHAMAN-3, TIKI-END-1: with the shaman rule the solver searches the engine's
    own transitions: WIN_IN_ONE is still a win in 1 with the shaman on a3b3, and with the
    shaman on b1c1, blocking c1-b1, no win at once is left (nothing proved cheaply)."""
    s = from_text(WIN_IN_ONE.replace("1,0 - -", f"1,0 {edge} -") + " rules:shaman=true")
    assert not supported(s)
    sol = tiki.solve(s, limit=5_000)
    assert sol.value == value
    if value == "win":
        assert (sol.plies, str(sol.best), sol.how) == (1, "c1-b1", "search")
    else:
        assert sol.plies is None or sol.plies > 1


def test_chance_nodes_and_bad_input_are_refused() -> None:
    """TIKI-SETUP-1, TIKI-SETUP-5: a chance node is not a position; limits are bounded."""
    with pytest.raises(ValueError, match="the layout is a chance node"):
        tiki.solve(new_game())
    with pytest.raises(ValueError, match="the first player is a chance node"):
        tiki.solve(apply(new_game(), tiki.Layout((2, 1, 1, 1, 1, 1, 0, 0, -1))))
    s = new_game(seed=1)
    for bad in (0, -1, True, 1.5, "10", 10**9):
        with pytest.raises(ValueError, match="limit"):
            tiki.solve(s, limit=bad)  # type: ignore[arg-type]
    with pytest.raises(tiki.IllegalActionError, match="View"):
        tiki.solve(tiki.observe(s, X))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a State is needed"):
        tiki.solve(tiki.to_text(s))  # type: ignore[arg-type]


def test_tiki_turn_1_the_limit_gives_unknown_not_a_guess() -> None:
    """TIKI-TURN-1: the opening is far beyond a small budget: unknown, no best move."""
    sol = tiki.solve(new_game(seed=2), limit=3000)
    assert (sol.value, sol.exact, sol.best, sol.plies, sol.how) == (
        "unknown",
        False,
        None,
        None,
        "limit",
    )
    assert sol.nodes <= 3000 and sol.depth >= 1


# ------------------------------------------------ the compact code against the engine

_COVERED = rules().map(lambda r: attrs.evolve(r, shaman=False, max_turns=None))
"""Every ruleset the compact code covers: any field but the shaman and a turn cap."""


def _agrees(code: Code, s: State) -> int:
    """The compact code of ``s`` has the engine's actor, actions, successors and results
    (asserted); the number of successors compared."""
    key = code.encode(s)
    assert code.actor(key) == s.actor
    kids = code.children(key)
    assert [a for a, _, _ in kids] == list(legal_actions(s)), tiki.to_text(s)
    now = any(over == s.actor for _, _, over in kids)
    assert code.wins_now(key, s.actor) == (now, len(kids)), tiki.to_text(s)
    quiet = code.quiet(key, s.actor)  # a create, which does not end the game
    creates = [over for a, _, over in kids if type(a) is tiki.Create]
    if s.rules.no_move == "pass" and s.phase is tiki.Phase.TURN:
        assert quiet == (len(kids) if creates else 0), tiki.to_text(s)
        assert all(over == OPEN for over in creates)
    else:
        assert quiet == 0
    for action, child, over in kids:
        t = _apply_legal(s, action).state
        if t.result is None:
            assert over == OPEN and child == code.encode(t), (tiki.to_text(s), str(action))
        else:
            w = DRAW if t.result.winner is None else t.result.winner
            assert over == w, (tiki.to_text(s), str(action))
    return len(kids)


@given(_COVERED, seeds)
def test_tiki_move_1_the_compact_code_agrees_with_the_engine(rules: Rules, seed: int) -> None:
    """TIKI-CREATE-1..3, TIKI-MOVE-1..6, TIKI-INFL-1..8, TIKI-END-1..5, TIKI-TURN-2: at
    every turn and order decision of a random game under any covered ruleset, the
    solver's code gives the engine's legal actions in the engine's order, and each
    action the engine's successor (same code) or the same result; its quick tests for a
    win at once and for a create (which never ends the game) agree with the successors."""
    game = playout(rules, seed, max_plies=120)
    code: Code | None = None
    for s in game.states:
        if supported(s):
            code = code or Code(s)
            _agrees(code, s)


def test_tiki_end_5_the_compact_code_on_hand_made_positions() -> None:
    """TIKI-END-5, TIKI-INFL-3, TIKI-END-3: the forced pass, the 'lose' and 'draw'
    readings of a stuck player, an order decision and a tie-break agree with the engine."""
    texts = [STUCK, WIN_IN_ONE]
    covered = "+1xo,+1xo,0xo/+1xo,+2xo,+1o/0xo,+1xo,-1x turn o o - 3,3 1,0 - - 59 -"
    texts += [covered + " rules:no_move=" + m for m in ("lose", "draw")]
    texts.append(TWO)
    for text in texts:
        s = from_text(text)
        assert supported(s)
        assert _agrees(Code(s), s) >= 1
    s = from_text(TWO)
    two = next(a for a in legal_actions(s) if str(a) == "b3-b2-b1")
    order = apply(s, two)  # TIKI-INFL-3: o orders b2 and b1
    assert order.phase is tiki.Phase.ORDER and supported(order)
    assert _agrees(Code(order), order) == 2
    assert not supported(new_game(Rules(shaman=True), seed=1))
    assert not supported(new_game(Rules(max_turns=9), seed=1))


# ------------------------------------------------ against a plain exhaustive minimax

_M = 1000


def _minimax(s: State, depth: int) -> int:
    """From x's side: x wins in k plies scores _M - k, o wins -(_M - k), a draw or a
    position not finished within ``depth`` plies 0. No table, no pruning."""
    if s.result is not None:
        w = s.result.winner
        return 0 if w is None else _M if w == X else -_M
    if depth == 0:
        return 0
    scores = [_minimax(apply(s, a), depth - 1) for a in legal_actions(s)]
    best = max(scores) if s.actor == X else min(scores)
    return best - 1 if best > 0 else best + 1 if best < 0 else 0


def _as_score(sol: tiki.Solution) -> int:
    if sol.value == "draw":
        return 0
    assert sol.plies is not None
    return (_M - sol.plies) * (1 if sol.winner == X else -1)


def _near_the_end(count: int, seed: int) -> list[State]:
    """Positions 1 to 6 plies before the end of seeded random games."""
    rng = random.Random(seed)
    found: list[State] = []
    g = 0
    while len(found) < count:
        s = new_game(seed=1000 * seed + g)
        g += 1
        history = [s]
        while s.result is None:
            actions = legal_actions(s)
            s = apply(s, actions[rng.randrange(len(actions))])
            history.append(s)
        found.append(history[-1 - rng.randint(1, min(6, len(history) - 1))])
    return found


@pytest.mark.parametrize("seed", range(4))
def test_tiki_end_6_capped_positions_match_the_whole_tree(seed: int) -> None:
    """TIKI-END-6, TIKI-END-1..3: two turns before a cap the whole game tree is small;
    the solver's value and plies are the minimax of every line, draws included, and its
    best move keeps the value. The retrograde analysis of the region agrees too."""
    for s in _near_the_end(8, seed):
        capped = attrs.evolve(s, rules=attrs.evolve(s.rules, max_turns=s.turn + 2))
        exact = _minimax(capped, 20)
        sol = tiki.solve(capped, limit=200_000)
        assert sol.exact and _as_score(sol) == exact, tiki.to_text(capped)
        assert sol.best is not None
        child = apply(capped, sol.best)
        assert _minimax(child, 20) == (exact + (1 if exact > 0 else -1 if exact < 0 else 0))
        region = _region(capped, 200_000, capped=True)
        assert region is not None
        value, _, plies, _ = region
        assert (value, plies) == (sol.value, sol.plies)


@pytest.mark.parametrize("seed", range(4))
def test_tiki_end_1_uncapped_positions_match_a_depth_3_minimax(seed: int) -> None:
    """TIKI-END-1..4: without a cap, what a plain minimax proves within 3 plies the
    solver proves at the same distance; where the minimax proves nothing, the solver
    proves no end that close."""
    for s in _near_the_end(10, 10 + seed):
        reference = _minimax(s, 3)
        sol = tiki.solve(s, limit=30_000)
        if reference != 0:
            assert sol.exact and _as_score(sol) == reference, tiki.to_text(s)
        else:
            assert sol.value == "unknown" or sol.plies is None or sol.plies > 3


@pytest.mark.parametrize("seed", range(3))
def test_tiki_end_1_the_proofs_match_the_engine_search(seed: int) -> None:
    """TIKI-END-1..4, TIKI-INFL-4..7: without a cap, the compact proofs and the
    engine-based alpha-beta (another implementation, over ``tiki.apply``) give the same
    value and plies wherever both finish; a winning best move leads to a win one ply
    shorter, a losing one to a loss one ply shorter (the loser holds out longest)."""
    compared = 0
    for s in _near_the_end(6, 20 + seed):
        sol = tiki.solve(s, limit=60_000)
        reference = Search(s, 100_000, capped=False).run()
        if sol.how == "search" and reference is not None:
            assert (sol.value, sol.plies) == (reference[0], reference[2]), tiki.to_text(s)
            compared += 1
        if sol.value in ("win", "loss") and sol.plies is not None and sol.plies > 1:
            assert sol.best is not None
            after = tiki.solve(apply(s, sol.best), limit=400_000)
            assert (after.winner, after.plies) == (sol.winner, sol.plies - 1), tiki.to_text(s)
    assert compared >= 2


def test_tiki_end_1_the_prover_answers_per_depth() -> None:
    """TIKI-END-1: the yes-or-no proofs: o wins within 1 ply, x within none; after x's
    forced pass in STUCK, o wins in 1, so x (to pass) loses within 2 but not within 1."""
    s = from_text(WIN_IN_ONE)
    code = Code(s)
    prover = Prover(code, 10_000)
    key = code.encode(s)
    assert prover.wins(key, 1, O) and not prover.wins(key, 5, X)
    stuck = from_text(STUCK)
    code = Code(stuck)
    prover = Prover(code, 10_000)
    key = code.encode(stuck)
    assert not prover.wins(key, 1, O) and prover.wins(key, 2, O)


SMALL = [
    STUCK,
    "+1xo,+1xo,0xo/+1xo,+2xo,+1xo/0,+1xo,-1xo turn o o - 3,3 1,0 - - 60 -",
    "-1xo,+1xo,0xo/+1xo,+2xo,+1xo/0,+1xo,+1 turn o o - 3,3 1,0 - - 60 -",
    "+1ox,+1ox,0ox/+1ox,+2ox,+1ox/0,+1ox,-1ox turn o o - 3,3 1,0 - - 60 -",
    "+1ox,+1ox,0ox/+1ox,+2,+1ox/0ox,+1ox,-1ox turn x x - 3,3 1,0 - - 60 -",
    "+2xo,+1xo,0xo/+1xo,-1,+1xo/0xo,+1xo,+1xo turn x x - 3,3 1,0 - - 60 -",
    STUCK + " rules:end_check=action",
]
"""Full boards 3-3 with one fruit left: every influence ends the game, so the positions
reachable from these are few (68 to 272)."""


@pytest.mark.parametrize("text", SMALL)
def test_tiki_end_2_the_region_solve_matches_the_engine(text: str) -> None:
    """TIKI-END-1, TIKI-END-2, TIKI-END-5: on a small region the compact retrograde
    analysis, the engine-based one and a plain minimax give the same value and plies."""
    s = from_text(text)
    code = Code(s)
    found = region(code, code.encode(s), 50_000)
    assert found is not None
    winners, dists, _ = found
    value, _, plies, _ = _region(s, 50_000, capped=False)  # type: ignore[misc]
    me = s.actor
    if me in winners:
        mine = ("win", 1 + min(d for w, d in zip(winners, dists, strict=True) if w == me))
    elif all(w == 1 - me for w in winners):
        mine = ("loss", 1 + max(dists))
    else:
        mine = ("draw", None)
    assert mine == (value, plies)
    assert plies is not None and _minimax(s, plies) == _as_score(tiki.solve(s))


# ------------------------------------------------------------------ the command line


def test_cli_solve_prints_value_best_move_and_work(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKI-END-1: ``tiki solve POSITION`` prints the value, the best move, the work."""
    assert main(["solve", WIN_IN_ONE]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "value:  o wins in 1 ply"
    assert lines[1] == "best:   c1-b1"
    assert lines[2].startswith("work:   ") and "by search" in lines[2]
    assert main(["solve", *STUCK.split()]) == 0  # the fields as separate words
    assert capsys.readouterr().out.splitlines()[:2] == [
        "value:  x loses in 2 plies (o wins)",
        "best:   pass",
    ]


def test_cli_solve_unknown_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    """TIKI-TURN-1: the budget runs out: exit status 1, no best move."""
    fresh = "+1,+1,0/+1,+2,+1/0,+1,-1 turn x x - 0,0 7,0 - - 0 -"
    assert main(["solve", "--limit", "500", fresh]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("value:  unknown: no forced win within ") and out[1] == "best:   -"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "not a position"], "tiki: error: not a position: "),
        (
            ["solve", "? layout - * - 0,0 7,0 - - 0 -"],
            "tiki: error: solve: the layout is a chance node",
        ),
        (["solve", "--limit", "0", WIN_IN_ONE], "argument --limit: 1 to 20000000 positions"),
        (["solve", "--limit", "9" * 30, WIN_IN_ONE], "argument --limit: 1 to 20000000"),
    ],
)
def test_cli_solve_bad_input_exits_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """TIKI-TURN-3: a bad position, a chance node or a bad limit: one line, status 2."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
