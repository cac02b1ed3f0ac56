"""Verify built tables of one layout.
  bellman: on random positions of built layers, the stored value must equal the
     value computed from the stored values of its children, with the children taken
     from the reference Code.children (win: min child loss + 1 ply; loss: all children
     won, max + 1; else draw). Exact labels satisfying this everywhere are the true
     values (induction on the distance), so this checks the table, not just the C code.
  solve: positions from random engine games on this layout, k plies before the end,
     compared with tiki.solve where it proves a value (value and plies).
Usage: python verify.py SEED bellman N | solve NGAMES LIMIT"""
import os, random, sys, time
import numpy as np
import tiki
from tiki.tools.solve.code import OPEN, DRAW
from lookup import Table
from retro import LIB

def built(tab):
    return [T for T in range(len(tab.R.t.tallies)) if os.path.exists(os.path.join(tab.dir, "layer_%02d.u16.done" % T))]

def kid_ok(tab, T):
    return all(os.path.exists(os.path.join(tab.dir, "layer_%02d.u16.done" % k)) for k in tab.R.t.kids[T])

def from_children(tab, key):
    code = tab.code
    me = code.actor(key)
    outs = []
    for _, child, over in code.children(key):
        if over != OPEN:
            outs.append(("draw", None) if over == DRAW else (("win" if over == me else "loss"), 0))
            continue
        v, d = tab.key_value(child)
        if code.actor(child) != me:
            v = {"win": "loss", "loss": "win", "draw": "draw"}[v]
        outs.append((v, d))
    wins = [d for v, d in outs if v == "win"]
    if wins: return "win", min(wins) + 1
    if any(v == "draw" for v, _ in outs): return "draw", None
    return "loss", max(d for _, d in outs) + 1

def bellman(seed, n):
    layout = tiki.new_game(seed=seed).tiles
    tab = Table(layout)
    rng = random.Random(seed)
    layers = built(tab)
    counts = {}
    bad = 0
    t0 = time.time()
    for i in range(n):
        T = rng.choice(layers)
        b = LIB.rt_unrank(rng.randrange(tab.R.nvalid))
        p = rng.randrange(2)
        key = tab.R.make_key(T, b, p)
        got = tab.key_value(key)
        want = from_children(tab, key)
        counts[got[0]] = counts.get(got[0], 0) + 1
        if got != want:
            bad += 1
            print("MISMATCH", T, b, p, got, want)
    print("bellman: layout", layout, "layers", len(layers), "positions", n, counts, "mismatches", bad, "%.0fs" % (time.time() - t0), flush=True)

def solve_check(seed, ngames, limit, ks=(1, 2, 3, 4, 6, 8, 10, 12, 16)):
    layout = tiki.new_game(seed=seed).tiles
    tab = Table(layout)
    layers = set(built(tab))
    rng = random.Random(1000 + seed)
    agree = disagree = unknown = skipped = 0
    by_value = {}
    t0 = time.time()
    for g in range(ngames):
        s = tiki.new_game(layout=layout, first=rng.randrange(2))
        states = [s]
        while s.result is None:
            s = tiki.apply(s, rng.choice(tiki.legal_actions(s)))
            states.append(s)
        for k in ks:
            if k >= len(states): continue
            st = states[-1 - k]
            key = tab.code.encode(st)
            if tab.code._full(key):
                Ts = {tab.R.t.tindex[(c >> 36) & 0x1FFF] for _, c, o in tab.code.children(key) if o == OPEN}
            else:
                Ts = {tab.R.split(key)[0]}
            if not Ts <= layers:
                skipped += 1; continue
            mine = tab.key_value(key)
            sol = tiki.solve(st, limit=limit)
            if not sol.exact:
                unknown += 1; continue
            theirs = (sol.value, sol.plies)
            if theirs == mine:
                agree += 1
                by_value[mine[0]] = by_value.get(mine[0], 0) + 1
            else:
                disagree += 1
                print("DISAGREE game", g, "k", k, tiki.to_text(st) if hasattr(tiki, "to_text") else st, "table", mine, "solve", theirs, sol.how)
    print("solve: layout", layout, "games", ngames, "limit", limit, "agree", agree, by_value, "disagree", disagree,
          "solve unknown", unknown, "skipped (layer not built)", skipped, "%.0fs" % (time.time() - t0), flush=True)

if __name__ == "__main__":
    seed, mode = int(sys.argv[1]), sys.argv[2]
    if mode in ("minimax", "draws"):
        pass
    elif mode == "bellman":
        bellman(seed, int(sys.argv[3]))
    else:
        solve_check(seed, int(sys.argv[3]), int(sys.argv[4]))

def wins_within(code, key, k, attacker):
    """Plain minimax, no table: can `attacker` force a win within k plies?"""
    if k == 0:
        return False
    mine = code.actor(key) == attacker
    for _, child, over in code.children(key):
        ok = over == attacker or (over == OPEN and wins_within(code, child, k - 1, attacker))
        if mine and ok: return True
        if not mine and not ok: return False
    return not mine

def minimax_check(seed, ngames, depth):
    """Positions near the end of random games: the table's distance d (if d <= depth)
    must be the first k at which plain minimax proves the win; otherwise minimax must
    prove no win within depth for either side."""
    layout = tiki.new_game(seed=seed).tiles
    tab = Table(layout)
    layers = set(built(tab))
    rng = random.Random(2000 + seed)
    agree = bad = skipped = 0
    t0 = time.time()
    for g in range(ngames):
        s = tiki.new_game(layout=layout, first=rng.randrange(2))
        states = [s]
        while s.result is None:
            s = tiki.apply(s, rng.choice(tiki.legal_actions(s)))
            states.append(s)
        for k in (1, 2, 3, 5, 8):
            if k >= len(states): continue
            st = states[-1 - k]
            key = tab.code.encode(st)
            if not tab.code._full(key) and tab.R.split(key)[0] not in layers:
                skipped += 1; continue
            try:
                v, d = tab.key_value(key)
            except AssertionError:
                skipped += 1; continue
            me = tab.code.actor(key)
            first = {}
            for who in (me, 1 - me):
                first[who] = next((j for j in range(1, depth + 1) if wins_within(tab.code, key, j, who)), None)
            if v == "draw" or d > depth:
                ok = first[me] is None and first[1 - me] is None
            else:
                w = me if v == "win" else 1 - me
                ok = first[w] == d and first[1 - w] is None
            if ok: agree += 1
            else:
                bad += 1
                print("MINIMAX MISMATCH", g, k, (v, d), first)
    print("minimax: layout", layout, "depth", depth, "agree", agree, "mismatch", bad, "skipped", skipped, "%.0fs" % (time.time() - t0), flush=True)

if __name__ == "__main__" and sys.argv[2] == "minimax":
    minimax_check(int(sys.argv[1]), int(sys.argv[3]), int(sys.argv[4]))

def bellman_draws(seed, per_layer):
    """The Bellman check on the draws of each built layer (rare among random positions)."""
    layout = tiki.new_game(seed=seed).tiles
    tab = Table(layout)
    rng = np.random.default_rng(seed)
    total = bad = 0
    t0 = time.time()
    for T in built(tab):
        arr = np.asarray(tab.layer(T))
        z = np.flatnonzero(arr == 0)
        for i in rng.choice(z, min(per_layer, len(z)), replace=False) if len(z) else []:
            r, p = divmod(int(i), 2)
            key = tab.R.make_key(T, LIB.rt_unrank(r), p)
            got, want = tab.key_value(key), from_children(tab, key)
            total += 1
            if got != want:
                bad += 1; print("MISMATCH draw", T, r, p, got, want)
    print("bellman draws: layout", layout, "checked", total, "mismatches", bad, "%.0fs" % (time.time() - t0), flush=True)

if __name__ == "__main__" and sys.argv[2] == "draws":
    bellman_draws(int(sys.argv[1]), int(sys.argv[3]))
