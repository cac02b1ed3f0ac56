"""Invariants of random Tikal on Speed games, under random rulesets.

Each test draws a Speed ruleset (2–4 players, every ``Rules`` field, the Speed
options too) and a seed, plays a whole random game (``tikal_strategies.playout``:
uniform among the legal actions of every actor, chance by ``sample_chance``) and
checks its SPEED clause over every state and transition.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st
from tikal_strategies import SOME, Game, manifests, playout, seeds, tile_mixes

from tikalspeed import (
    ActionTaken,
    Kind,
    Phase,
    Rules,
    Scored,
    State,
    TileDiscarded,
    TileSecured,
    TurnBegan,
    TurnKind,
    actors,
    legal_actions,
    observe,
    outcome,
)
from tikalspeed.board.terrain import terrain
from tikalspeed.model.actions import ChooseTokens
from tikalspeed.model.events import PointsLost, TokensReturned, TokensRevealed

SUPPLY, REMOVED, GUARDING = -1, -2, -3


def speed_rules() -> st.SearchStrategy[Rules]:
    """Any Speed ruleset: every field varies, the Speed options included."""
    return st.builds(
        Rules,
        mode=st.just("speed"),
        players=st.sampled_from((2, 3, 4)),
        manifest=manifests(),
        tile_mix=tile_mixes(),
        uncover_limit=st.sampled_from(("temple", "turn")),
        sold_out=st.sampled_from(("blocked", "skip")),
        treasure_limit=st.sampled_from(("ruin", "turn")),
        exchange=st.sampled_from(("singles", "theirs")),
        camp_needs_member=st.booleans(),
        guard_on_tie=st.booleans(),
        start_worker=st.booleans(),
        auction_score=st.integers(0, 40),
        max_bid=st.sampled_from(("score", "any")),
        jump_limits=st.sampled_from(("phase", "jump")),
        forfeit=st.booleans(),
        two_volcanoes=st.sampled_from(("first-secured", "last-secured")),
        volcano_scoring=st.sampled_from(("at-once", "turns")),
        final_scoring=st.sampled_from(("at-once", "turns")),
        jump_action=st.sampled_from(("one", "one-kind")),
        jump_move=st.sampled_from(("path", "border")),
        jump_blocked=st.sampled_from(("other-action", "lost")),
    )


def everyone(s: State) -> list[int]:
    """SPEED-JUMP-2, SPEED-SCORE-1: the Round Order, then (TIKAL-TILE-8: a round with
    fewer tiles than players) those who secured nothing, in seat order."""
    return [*s.round_order, *(p for p in range(s.players) if p not in s.round_order)]


@st.composite
def speed_games(draw: st.DrawFn) -> Game:
    """A random Speed playout under a drawn ruleset and seed."""
    return playout(draw(speed_rules()), draw(seeds))


@SOME
@given(speed_games())
def test_speed_tokens_1_tokens_are_conserved(game: Game) -> None:
    """SPEED-TOKENS-1, SPEED-JUMP-6, SPEED-JUMP-8: in every state each player's tokens in
    hand plus those spent (revealed or forfeited) in this Jump phase make 10; all 10
    are back in hand when a Jump phase starts."""
    n = game.rules.players
    spent = [0] * n
    assert game.states[0].tokens == (10,) * n
    for s, _, t in game.steps():
        for e in t.events:
            if isinstance(e, TokensRevealed):
                spent = [a + b for a, b in zip(spent, e.chosen, strict=True)]
            elif isinstance(e, PointsLost) and e.clause == "SPEED-JUMP-8":
                spent[e.player] += e.points
            elif isinstance(e, TokensReturned):
                spent = [0] * n
        new = t.state
        assert all(new.tokens[p] + spent[p] == 10 for p in range(n))
        if s.phase is Phase.PLACE and new.phase is Phase.TOKENS:
            assert new.tokens == (10,) * n and spent == [0] * n


@SOME
@given(speed_games())
def test_speed_jump_1_2_choices_in_range_and_reveal_order(game: Game) -> None:
    """SPEED-JUMP-1: every choice is 1 … min(5, tokens left before the Jump);
    SPEED-JUMP-2: the reveal orders the jumpers by (tokens, place in Round Order)."""
    for s, a, t in game.steps():
        if isinstance(a, ChooseTokens):
            assert s.phase is Phase.TOKENS and a.player in actors(s)
            assert 1 <= a.count <= min(5, s.tokens[a.player])
        for e in t.events:
            if isinstance(e, TokensRevealed):
                rank = everyone(t.state).index
                jumpers = [p for p, c in enumerate(e.chosen) if c]
                assert list(e.order) == sorted(jumpers, key=lambda p: (e.chosen[p], rank(p)))


@SOME
@given(speed_games())
def test_speed_jump_3_one_action_per_jump_within_the_points(game: Game) -> None:
    """SPEED-JUMP-3, SPEED-JUMP-7: between two reveals each jumper takes at most one
    action (with ``jump_action='one-kind'``: actions of one kind), costing no more than
    he chose, and the points he does not use are lost: cost plus points lost is exactly
    his choice."""
    chosen: tuple[int, ...] | None = None
    used: Counter[int] = Counter()
    acts: Counter[int] = Counter()
    kinds: dict[int, set[str]] = {}
    one = game.rules.jump_action == "one"

    def close() -> None:
        if chosen is not None:
            for p, c in enumerate(chosen):
                assert acts[p] <= ((1 if one else 5) if c else 0)
                assert len(kinds.get(p, set())) <= 1
                assert used[p] == c, (p, c, used[p])

    for _, _, t in game.steps():
        for e in t.events:
            if isinstance(e, TokensRevealed | TokensReturned):
                close()
                chosen = e.chosen if isinstance(e, TokensRevealed) else None
                used.clear()
                acts.clear()
                kinds.clear()
            elif chosen is not None and isinstance(e, ActionTaken):
                acts[e.player] += 1
                used[e.player] += e.cost
                kinds.setdefault(e.player, set()).add(e.token.split(":")[0])
            elif chosen is not None and isinstance(e, PointsLost) and e.clause != "SPEED-JUMP-8":
                used[e.player] += e.points
    assert chosen is None  # a finished game ended its last Jump phase


@SOME
@given(speed_games())
def test_speed_auction_2_3_round_order_volcano_securers_first(game: Game) -> None:
    """SPEED-AUCTION-2/3, SPEED-PLACE-1: once all have secured, the Round Order is a
    permutation of the players with the volcano securers first, and the tiles are
    placed in that order (a placement turn begins for each, also when its tile has no
    place and is discarded at once, TIKAL-PLACE-5). TIKAL-TILE-8: in a last round with
    fewer tiles than players, it lists one securer per tile laid out."""
    t_info = terrain(game.rules.manifest)
    n = game.rules.players
    secured: dict[int, str] = {}
    placers: list[int] = []
    order: tuple[int, ...] = ()
    laid_out = 0
    for s, _, t in game.steps():
        if len(t.state.display) > len(s.display):
            laid_out = len(t.state.display)
        for e in t.events:
            if isinstance(e, TileSecured):
                secured[e.player] = e.tile_id
                order = e.round_order
            elif isinstance(e, TurnBegan) and e.kind == "placement":
                if not placers:  # the auction phase is over: the Round Order is complete
                    assert len(set(order)) == len(order) == laid_out == len(secured)
                    assert set(order) == set(secured) <= set(range(n))
                    assert laid_out == n or not any(t.state.stacks)  # fewer: the last round
                    kinds = [t_info.tile_kinds[t_info.index[secured[p]]] for p in order]
                    volcano = [k is Kind.VOLCANO for k in kinds]
                    assert volcano == sorted(volcano, reverse=True)
                placers.append(e.player)
        if placers and t.state.turn_kind is not TurnKind.PLACEMENT:
            assert placers == list(order)
            placers, secured = [], {}
    assert not placers


@SOME
@given(speed_games())
def test_speed_score_1_scoring_only_after_volcano_rounds_and_at_the_end(game: Game) -> None:
    """SPEED-SCORE-1, SPEED-END-1: every player scores, in Round Order, at the end of a
    round in which a volcano was placed (and only then), and once more at the end: all
    in one step (``'at-once'``), or each at the end of his own scoring or final turn
    of 10 AP (``'turns'``)."""
    n = game.rules.players
    turns = {
        "SPEED-SCORE-1": game.rules.volcano_scoring == "turns",
        "SPEED-END-1": game.rules.final_scoring == "turns",
    }
    runs: dict[str, list[int]] = {"SPEED-SCORE-1": [], "SPEED-END-1": []}
    for s, _, t in game.steps():
        scored = [e for e in t.events if isinstance(e, Scored)]
        assert {e.clause for e in scored} <= set(runs)
        for clause, run in runs.items():
            group = [e.player for e in scored if e.clause == clause]
            if clause == "SPEED-SCORE-1" and group:
                assert s.volcano_placers
            if not group:
                continue
            if turns[clause]:  # one scoring a step, at the end of that player's turn
                kind = "scoring" if clause == "SPEED-SCORE-1" else "final"
                assert group == [s.active] and s.turn_kind.value == kind
            else:
                assert len(group) == n
            run += group
            if len(run) == n:
                assert run == everyone(s)  # TIKAL-TILE-8: those who secured nothing last
                run.clear()
        if any(isinstance(e, TokensReturned) for e in t.events) and s.volcano_placers:
            began = [e for e in t.events if isinstance(e, TurnBegan)]
            assert any(e.clause == "SPEED-SCORE-1" for e in [*scored, *began])
    assert runs == {"SPEED-SCORE-1": [], "SPEED-END-1": []}
    final = [e for t in game.transitions for e in t.events if isinstance(e, Scored)]
    assert [e.clause for e in final[-n:]] == ["SPEED-END-1"] * n


@SOME
@given(speed_games())
def test_speed_round_1_base_invariants_hold(game: Game) -> None:
    """SPEED-ROUND-1 keeps the base game's components: per player 18 workers and one
    leader accounted for, 24 treasures, the tiles of the mix (36 for the published one,
    TIKAL-TILE-8), 48 level tiles."""
    t_info = terrain(game.rules.manifest)
    discarded: list[int] = []
    uncovers = 0
    for s, _, t in [*game.steps(), (game.final, None, None)]:
        for p in range(s.players):
            assert s.supply[p] + sum(s.workers[p]) + s.guard_pieces[p] + s.removed[p] == 18
            assert s.leaders[p] in (SUPPLY, REMOVED, GUARDING) or 0 <= s.leaders[p] < 40
        assert sum(s.hidden) + sum(map(sum, s.held)) == 24
        assert sum(s.ruins) <= sum(s.hidden)
        assert sum(s.levels) + uncovers == 48
        tiles = Counter(i for stack in s.stacks for i in stack)
        tiles.update(s.display)
        tiles.update({s.hand, *s.secured} - {-1})
        tiles.update(v // 6 for v in s.placed if v >= 0)
        tiles.update(discarded)
        assert sorted(tiles) == list(range(game.rules.tile_mix.total))
        assert set(tiles.values()) == {1}
        if t is None:
            break
        for e in t.events:
            if isinstance(e, TileDiscarded):
                discarded.append(t_info.tile_ids.index(e.tile_id))
            elif isinstance(e, ActionTaken) and e.token.startswith("uncover"):
                uncovers += 1


@SOME
@given(speed_games())
def test_speed_end_1_a_finished_game_has_no_actors(game: Game) -> None:
    """SPEED-END-1: every random game ends; then nobody acts and nothing is legal."""
    s = game.final
    assert outcome(s) is not None and s.phase is Phase.OVER
    assert actors(s) == () and legal_actions(s) == ()


@SOME
@given(speed_games())
def test_speed_jump_1_observe_hides_the_choices(game: Game) -> None:
    """SPEED-JUMP-1: at a token node, changing a player's committed choice to any other
    legal number changes nothing another player observes."""
    for s in game.states:
        if s.phase is not Phase.TOKENS:
            continue
        for q, c in enumerate(s.chosen):
            if not c:
                continue
            for other in range(1, min(5, s.tokens[q]) + 1):
                chosen = list(s.chosen)
                chosen[q] = other
                twin = s.replace(chosen=tuple(chosen))
                for p in range(s.players):
                    if p != q:
                        assert observe(twin, p) == observe(s, p)
                    elif other != c:
                        assert observe(twin, p) != observe(s, p)


@SOME
@given(speed_games())
def test_speed_jump_4_every_decision_has_a_legal_action(game: Game) -> None:
    """SPEED-JUMP-4/5, SPEED-JUMP-3, SPEED-JUMP-7: under every reading, each player the
    engine asks has a legal action: a jumper whose turn comes has one within his points
    (one border, one kind, or one he could have had in mind), or the engine has already
    passed him by (his points lost)."""
    for s in game.states:
        for p in actors(s):
            assert legal_actions(s, p), (p, s.phase, s.turn_kind)
