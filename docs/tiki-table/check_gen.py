"""Check the C move generation (rt_gen) against Code.children, action by action, on
positions of random engine games and on random boards with random tallies; and the
unmove generator against the forward one (rt_check_unmoves, in C)."""
import random, sys, time
import numpy as np
import tiki
from tiki.tools.solve.code import Code, OPEN, DRAW
from tiki.model.actions import Create, Move, Pass, Order
from retro import Retro, LIB, ptr, OVER
import ctypes

def expected(r, R, T, key, p, kind, board, r1, r2, v1, v2):
    """Build the list of (action-type, child key, over) the C action stands for."""

def compare(R, code, key):
    T, b, p = R.split(key)
    mine = R.gen(T, b, p)
    ref = code.children(key)
    assert len(mine) == len(ref), (key, len(mine), len(ref))
    orders = 0
    for (kind, nb, r1, r2, v1, v2), (act, child, over) in zip(mine, ref):
        if kind == 3:
            assert isinstance(act, Pass)
        elif kind == 0 and v2 == -2:
            assert isinstance(act, Create) and act.village == v1, (act, v1)
        else:
            assert isinstance(act, Move) and act.path[1] == v1 and (len(act.path) == 3) == (v2 >= 0)
            if v2 >= 0:
                assert act.path[2] == v2
        if kind == 2:
            orders += 1
            assert over == OPEN
            kids = code.children(child)
            assert [type(a) for a, _, _ in kids] == [Order, Order]
            byv = {a.village: (c, o) for a, c, o in kids}
            for first, r in ((v1, r1), (v2, r2)):
                c, o = byv[first]
                check_one(R, r, nb, 1 - p, c, o)
        else:
            check_one(R, r1, nb, 1 - p, child, over)
    return len(mine), orders

def check_one(R, r, nb, q, child, over):
    if r >= OVER:
        assert over == r - OVER, (r, over)
    else:
        assert over == OPEN, (r, over)
        assert child == R.make_key(r, nb, q), (hex(child), hex(R.make_key(r, nb, q)))

def main(ngames=300, nrandom=20000, seed=0):
    rng = random.Random(seed)
    stats = dict(positions=0, actions=0, orders=0, layouts=0, random_positions=0)
    t0 = time.time()
    layouts = {}
    # engine games: layouts from seeds; positions along random games
    for g in range(ngames):
        s = tiki.new_game(seed=g)
        lay = s.tiles
        if lay not in layouts:
            layouts[lay] = (Retro(lay), None)
        R, _ = layouts[lay]
        code = Code(s)
        while s.result is None:
            if s.phase.value == "turn":
                n, o = compare(R, code, code.encode(s))
                stats["positions"] += 1; stats["actions"] += n; stats["orders"] += o
            acts = tiki.legal_actions(s)
            s = tiki.apply(s, rng.choice(acts))
        # NB: Retro() re-inits the C tables; keep one layout at a time
        layouts.clear()
    print("engine games:", ngames, stats, "%.1fs" % (time.time() - t0), flush=True)
    # random boards, random tallies (all 68 layers), a few layouts
    for lay_seed in (1, 2, 3):
        s = tiki.new_game(seed=lay_seed)
        R = Retro(s.tiles); code = Code(s)
        for i in range(nrandom):
            r = rng.randrange(R.nvalid)
            b = LIB.rt_unrank(r)
            T = rng.randrange(len(R.t.tallies)); p = rng.randrange(2)
            n, o = compare(R, code, R.make_key(T, b, p))
            stats["random_positions"] += 1; stats["actions"] += n; stats["orders"] += o
    print("random boards:", stats, "%.1fs" % (time.time() - t0), flush=True)

if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300, int(sys.argv[2]) if len(sys.argv) > 2 else 20000)
