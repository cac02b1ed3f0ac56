"""Tables for the C retrograde builder, derived from tiki.tools.solve.code.Code (the
verified reference), for one layout under default Rules()."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))  # the repository
import numpy as np
import tiki
from tiki.tools.solve.code import Code, OPEN, DRAW, STACK, _PUSH, _TOP
from tiki.board.island import PATHS

OVER = 100  # result code 100 + w (w = 0, 1, 2=DRAW)

def tally_key(t):
    reserve, spoiled, tb = (t >> 6) & 7, (t >> 9) & 7, t >> 12
    return (tb, 7 - reserve, spoiled)

class Tables:
    def __init__(self, layout):
        self.layout = tuple(layout)
        self.root = tiki.new_game(layout=self.layout, first=tiki.X)
        self.code = c = Code(self.root)
        start = 7 << 6
        seen = {start}; todo = [start]
        single = {}
        pair = {}
        while todo:
            t = todo.pop()
            for v in range(9):
                for u in (0, 1):
                    new, over = c._fruit(t, ((v, u),))
                    single[t, v, u] = (new, over)
                    if over == OPEN and new not in seen:
                        seen.add(new); todo.append(new)
            for v1 in range(9):
                for u1 in (0, 1):
                    for v2 in range(9):
                        if v2 == v1: continue
                        for u2 in (0, 1):
                            new, over = c._fruit(t, ((v1, u1), (v2, u2)))
                            pair[t, v1, u1, v2, u2] = (new, over)
                            if over == OPEN and new not in seen:
                                seen.add(new); todo.append(new)
        # order: process last first; index 0 = first processed (highest key)
        self.tallies = sorted(seen, key=tally_key, reverse=True)
        self.tindex = {t: i for i, t in enumerate(self.tallies)}
        NT = len(self.tallies)
        # monotonicity check
        for (t, *_), (new, over) in list(single.items()) + list(pair.items()):
            if over == OPEN and new != t:
                assert tally_key(new) > tally_key(t), (t, new)
        def enc(new, over):
            return self.tindex[new] if over == OPEN else OVER + over
        self.single = np.zeros((NT, 9, 2), np.int32)
        self.pair = np.zeros((NT, 9, 2, 9, 2), np.int32)
        for i, t in enumerate(self.tallies):
            for v in range(9):
                for u in (0, 1):
                    self.single[i, v, u] = enc(*single[t, v, u])
                    for v2 in range(9):
                        for u2 in (0, 1):
                            self.pair[i, v, u, v2, u2] = enc(*pair[t, v, u, v2, u2]) if v2 != v else -1
        # paths: per village, height -> list of (d1, d2 or -1)
        self.paths = np.full((9, 3, 8, 2), -1, np.int32)
        self.npaths = np.zeros((9, 3), np.int32)
        for v in range(9):
            for h in (1, 2):
                ps = [p for p, _ in PATHS[True][v][h]]
                self.npaths[v, h] = len(ps)
                for k, p in enumerate(ps):
                    self.paths[v, h, k, 0] = p[1]
                    self.paths[v, h, k, 1] = p[2] if len(p) == 3 else -1
        # children tallies per layer
        self.kids = [sorted({int(x) for x in np.concatenate([self.single[i].ravel(), self.pair[i].ravel()]) if 0 <= x < OVER and x != i}) for i in range(NT)]

if __name__ == "__main__":
    T = Tables(tiki.new_game(seed=1).tiles if False else (0,1,-1,1,2,1,1,0,1))
    print(len(T.tallies))
    for i, t in enumerate(T.tallies):
        print(i, "f=%d,%d r=%d s=%d tb=%d" % (t & 7, (t >> 3) & 7, (t >> 6) & 7, (t >> 9) & 7, t >> 12), "kids", T.kids[i])
    print(T.npaths[:, 1:], )
    print(STACK[:7], [_TOP[c] for c in range(7)], [_PUSH[c] for c in range(7)])
