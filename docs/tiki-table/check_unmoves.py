"""Check the unmove generator against the forward generator (both in C): on random
positions of several layers, every in-layer edge P->C appears among C's unmoves as often
as forward (same length), and every unmove of C is a forward edge of its parent; and on
whole layers, the total of forward in-layer edges equals the total of unmoves."""
import sys, time, ctypes
import numpy as np
import tiki
from retro import Retro, LIB, ptr

def main(seed_layout=1, n=200000, full=()):
    R = Retro(tiki.new_game(seed=seed_layout).tiles)
    rng = np.random.default_rng(0)
    for T in range(len(R.t.tallies)):
        ranks = rng.integers(0, R.nvalid, n if T in (0, 67) else n // 20, dtype=np.uint32)
        edges = ctypes.c_long()
        bad = LIB.rt_check_unmoves(T, ptr(ranks), len(ranks), ctypes.byref(edges))
        print("layer", T, "positions", 2 * len(ranks), "in-layer edges", edges.value, "mismatches", bad, flush=True)
        assert bad == 0
    for T in full:
        t0 = time.time()
        f, b, e = ctypes.c_long(), ctypes.c_long(), ctypes.c_long()
        LIB.rt_edge_totals(T, ctypes.byref(f), ctypes.byref(b), ctypes.byref(e))
        print("full layer", T, "forward", f.value, "unmoves", b.value, "order-errors", e.value, "%.0fs" % (time.time() - t0), flush=True)
        assert f.value == b.value and e.value == 0

if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), tuple(int(x) for x in sys.argv[3:]))
