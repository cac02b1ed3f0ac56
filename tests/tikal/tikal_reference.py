"""An independent model of Tikal's legal actions, written for the tests from the rules.

Nothing here calls the engine's terrain or action code: the stones of each hex are read
from the manifest and ``State.placed`` (``tile * 6 + rotation``; a turn carries the
stones of edge ``i`` to edge ``i + 1``), paths are found by this module's own Dijkstra,
placements by its own check, and the legal actions of every phase are listed from the
clauses (``specs/tikal.md``) and the ``Rules`` options. Only the board geometry
(``hexgrid.STEP``, checked in ``test_tikal_hexgrid.py``) and the engine's transitions
(in :func:`perft`) are shared.
"""

from __future__ import annotations

import heapq
from collections import deque
from fractions import Fraction

from tikalspeed import (
    CHANCE,
    LEADER,
    WORKER,
    Action,
    Bid,
    BuildCamp,
    CampMove,
    ChooseTile,
    DrawTile,
    EndTurn,
    Enter,
    Exchange,
    FindTreasure,
    Guard,
    Kind,
    Manifest,
    Move,
    PassBid,
    Phase,
    PlaceTile,
    RevealTile,
    State,
    TakeTreasure,
    Uncover,
)
from tikalspeed import apply as engine_apply
from tikalspeed.board.hexgrid import STEP
from tikalspeed.bounds import MAX_SCORE

EMPTY, PRINTED = -1, -2  # State.placed codes (documented on State.placed)
SUPPLY = -1  # State.leaders: the leader has not entered yet
COSTS = {"enter": 1, "hop": 1, "uncover": 2, "dig": 3, "swap": 3, "camp": 5, "guard": 5}
"""TIKAL-TURN-2: the fixed AP costs (a move costs the stones on its cheapest path)."""


def turned(stones: tuple[int, ...], turns: int) -> tuple[int, ...]:
    """The stones per direction after ``turns`` clockwise turns: edge i goes to i + turns."""
    return tuple(stones[(d - turns) % 6] for d in range(6))


def rotations(stones: tuple[int, ...]) -> list[int]:
    """The turns giving distinct layouts, each layout named by its smallest turn."""
    seen: dict[tuple[int, ...], int] = {}
    for r in range(6):
        seen.setdefault(turned(stones, r), r)
    return sorted(seen.values())


def hex_at(m: Manifest, placed: tuple[int, ...], cell: int) -> tuple[Kind, tuple[int, ...]] | None:
    """The kind and stones of the hex on ``cell``, or ``None`` while it is unexplored."""
    code = placed[cell]
    if code == EMPTY:
        return None
    if code == PRINTED:
        printed = next(p for p in m.board.printed if p.cell == cell)
        return printed.kind, printed.stones
    tile = m.tiles[code // 6]
    return tile.kind, turned(tile.stones, code % 6)


def walkable(m: Manifest, placed: tuple[int, ...], cell: int) -> bool:
    """Explored and not a volcano (TIKAL-MOVE-2)."""
    h = hex_at(m, placed, cell)
    return h is not None and h[0] is not Kind.VOLCANO


def crossings(m: Manifest, placed: tuple[int, ...], cell: int) -> list[tuple[int, int]]:
    """``(neighbour, cost)`` for each border of ``cell`` a piece may cross (TIKAL-MOVE-1/2)."""
    if not walkable(m, placed, cell):
        return []
    mine = hex_at(m, placed, cell)
    assert mine is not None
    out = []
    for d in range(6):
        n = STEP[cell][d]
        if n is None or not walkable(m, placed, n):
            continue
        theirs = hex_at(m, placed, n)
        assert theirs is not None
        cost = mine[1][d] + theirs[1][(d + 3) % 6]
        if cost:
            out.append((n, cost))
    return out


def dijkstra(m: Manifest, placed: tuple[int, ...], origin: int) -> dict[int, int]:
    """The cheapest AP cost from ``origin`` to every cell a piece can reach (TIKAL-MOVE-3)."""
    best = {origin: 0}
    todo = [(0, origin)]
    while todo:
        cost, cell = heapq.heappop(todo)
        if cost > best[cell]:
            continue
        for n, c in crossings(m, placed, cell):
            if cost + c < best.get(n, 10**9):
                best[n] = cost + c
                heapq.heappush(todo, (cost + c, n))
    return best


def reachable(m: Manifest, placed: tuple[int, ...], origin: int) -> set[int]:
    """Every cell reachable from ``origin`` over stones, by breadth-first search."""
    seen = {origin}
    todo = deque([origin])
    while todo:
        for n, _ in crossings(m, placed, todo.popleft()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def placements(m: Manifest, placed: tuple[int, ...], tile: int) -> set[tuple[int, int]]:
    """Every ``(cell, rotation)`` for ``tile`` (TIKAL-PLACE-1..3), one per distinct layout."""
    t = m.tiles[tile]
    out = set()
    for cell in range(40):
        if placed[cell] != EMPTY:
            continue
        near = [(d, STEP[cell][d]) for d in range(6) if STEP[cell][d] is not None]
        explored = [(d, n, hex_at(m, placed, n)) for d, n in near if placed[n] != EMPTY]
        if not explored:
            continue  # TIKAL-PLACE-1
        for r in rotations(t.stones):
            mine = turned(t.stones, r)
            joined = any(
                h is not None and h[0] is not Kind.VOLCANO and mine[d] + h[1][(d + 3) % 6] > 0
                for d, _, h in explored
            )
            if t.kind is Kind.VOLCANO or joined:  # TIKAL-PLACE-3 / TIKAL-PLACE-2
                out.add((cell, r))
    return out


def force(s: State, p: int, cell: int) -> int:
    """Workers count 1, the leader 3 (TIKAL-GUARD-1)."""
    return s.workers[p][cell] + (3 if s.leaders[p] == cell else 0)


def next_level(s: State, cell: int) -> int | None:
    """The level a temple would get next (TIKAL-UNCOVER-2/4), or ``None``."""
    value = s.temples[cell]
    if s.rules.sold_out == "blocked":
        return value + 1 if value < 10 and s.levels[value + 1] else None
    return next((v for v in range(value + 1, 11) if s.levels[v]), None)


def camp_site(s: State, cell: int) -> bool:
    """A jungle hex, or a treasure hex emptied of treasures (TIKAL-CAMP-1, TIKAL-TREASURE-4)."""
    h = hex_at(s.rules.manifest, s.placed, cell)
    if h is None:
        return False
    return h[0] is Kind.JUNGLE or (h[0] is Kind.TREASURE and s.ruins[cell] == 0)


def ap_actions(s: State) -> set[Action]:
    """The active player's legal actions in the ACTIONS phase (TIKAL-TURN-2 and the eight)."""
    p, ap, m = s.active, s.ap, s.rules.manifest
    w, leader = s.workers[p], s.leaders[p]
    out: set[Action] = {EndTurn(p)}
    entries = [m.board.base_camp.cell] + [c for c in range(40) if s.camps[c] == p]
    here = [c for c in range(40) if w[c] or leader == c]
    if ap >= COSTS["enter"]:
        for c in entries:
            if s.supply[p]:
                out.add(Enter(p, WORKER, c))
            if leader == SUPPLY:
                out.add(Enter(p, LEADER, c))
            for d in entries:
                if d != c and w[c]:
                    out.add(CampMove(p, WORKER, c, d))
                if d != c and leader == c:
                    out.add(CampMove(p, LEADER, c, d))
        for c in here:
            for dest, cost in dijkstra(m, s.placed, c).items():
                if dest != c and cost <= ap:
                    if w[c]:
                        out.add(Move(p, WORKER, c, dest))
                    if leader == c:
                        out.add(Move(p, LEADER, c, dest))
    for c in here:
        if s.temples[c] and s.guards[c] == EMPTY and next_level(s, c) is not None:
            room = s.raised.count(c) if s.rules.uncover_limit == "temple" else len(s.raised)
            if ap >= COSTS["uncover"] and room < 2:
                out.add(Uncover(p, c))
        if s.ruins[c] and ap >= COSTS["dig"]:
            limit = s.dug.count(c) if s.rules.treasure_limit == "ruin" else len(s.dug)
            if limit < 2 and s.dug.count(c) < w[c] + (leader == c):
                out.add(TakeTreasure(p, c))
    if ap >= COSTS["swap"]:
        for o in range(s.players):
            for give, mine in enumerate(s.held[p]):
                for take, theirs in enumerate(s.held[o]):
                    ok_give = mine == 1 or (mine > 1 and s.rules.exchange == "theirs")
                    if o != p and give != take and ok_give and theirs == 1:
                        out.add(Exchange(p, give, o, take))
    if ap >= COSTS["camp"] and sum(1 for c in s.camps if c == p) < 2:
        for c in range(40):
            member = w[c] or leader == c or not s.rules.camp_needs_member
            if s.camps[c] == EMPTY and camp_site(s, c) and member:
                out.add(BuildCamp(p, c))
    if ap >= COSTS["guard"] and sum(1 for g in s.guards if g == p) < 2:
        for c in here:
            others = max(force(s, o, c) for o in range(s.players) if o != p)
            lead = force(s, p, c) > others or (s.rules.guard_on_tie and force(s, p, c) == others)
            if s.temples[c] and s.guards[c] == EMPTY and lead:
                if w[c]:
                    out.add(Guard(p, c, WORKER))
                if leader == c:
                    out.add(Guard(p, c, LEADER))
    return out


def top_stack(s: State) -> tuple[int, ...]:
    """The topmost letter still holding tiles (TIKAL-DRAW-1)."""
    return next(stack for stack in s.stacks if stack)


def chance(s: State) -> dict[Action, Fraction]:
    """The outcomes of a chance node with their probabilities (TIKAL-DRAW-1,
    TIKAL-AUCTION-2: uniform over the topmost letter; TIKAL-TREASURE-3: by copies hidden)."""
    ids = [t.id for t in s.rules.manifest.tiles]
    if s.phase is Phase.TREASURE:
        total = sum(s.hidden)
        return {FindTreasure(k): Fraction(n, total) for k, n in enumerate(s.hidden) if n}
    stack = top_stack(s)
    kind = DrawTile if s.phase is Phase.DRAW else RevealTile
    return {kind(i, ids[i]): Fraction(1, len(stack)) for i in stack}


def actions(s: State) -> set[Action]:
    """Every legal action (or chance outcome) in ``s``."""
    p = s.active
    if s.phase is Phase.OVER:
        return set()
    if s.phase in (Phase.DRAW, Phase.REVEAL, Phase.TREASURE):
        return set(chance(s))
    if s.phase is Phase.ACTIONS:
        return ap_actions(s)
    if s.phase is Phase.PLACE:
        return {PlaceTile(p, c, r) for c, r in placements(s.rules.manifest, s.placed, s.hand)}
    if s.phase is Phase.BID:  # TIKAL-AUCTION-3
        # 'any': as far as keeps the score at or above -MAX_SCORE (the score bound)
        top = s.scores[p] if s.rules.max_bid == "score" else s.scores[p] + MAX_SCORE
        return {PassBid(p), *(Bid(p, a) for a in range(s.high_bid + 1, top + 1))}
    ids = [t.id for t in s.rules.manifest.tiles]
    return {ChooseTile(p, i, ids[i]) for i in s.display}  # TIKAL-AUCTION-5


def actor(s: State) -> int | None:
    """Who decides: CHANCE at a chance node, nobody once over, else the active player."""
    if s.phase is Phase.OVER:
        return None
    return CHANCE if s.phase in (Phase.DRAW, Phase.REVEAL, Phase.TREASURE) else s.active


def perft(s: State, depth: int) -> int:
    """Leaf count to ``depth`` plies, listing the actions with this model (chance
    outcomes are plies too) and following the engine's transitions."""
    if depth == 0:
        return 1
    acts = actions(s)
    if depth == 1:
        return len(acts)
    return sum(perft(engine_apply(s, a), depth - 1) for a in acts)
