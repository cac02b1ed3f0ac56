"""Build every tally layer of one layout, last tally first; each layer a file of
2 * 27,325,801 uint16 (data/<layout>/layer_NN.u16). Restartable: built layers are kept.
Usage: python build.py SEED [MAX_LAYERS]   (the layout of tiki.new_game(seed=SEED))"""
import ctypes, json, os, resource, sys, time
import numpy as np
import tiki
from retro import Retro, LIB, ptr, Stats

def layout_dir(layout):
    """The layers' directory of ``layout``: under $TIKI_TABLE_DATA, else data/ beside this file."""
    top = os.environ.get("TIKI_TABLE_DATA") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
    d = os.path.join(top, "_".join(map(str, layout)))
    os.makedirs(d, exist_ok=True)
    return d

def open_layer(d, T, nvalid, mode="r"):
    return np.memmap(os.path.join(d, "layer_%02d.u16" % T), dtype=np.uint16, mode=mode, shape=(2 * nvalid,))

def rss_mb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(("VmRSS", "VmHWM")):
                yield line.split()[0][:-1], int(line.split()[1]) // 1024

def main(seed, max_layers=None):
    layout = tiki.new_game(seed=seed).tiles
    R = Retro(layout)
    d = layout_dir(layout)
    NT = len(R.t.tallies)
    log = open(os.path.join(d, "build.log"), "a")
    done = 0
    for T in range(NT):
        path = os.path.join(d, "layer_%02d.u16" % T)
        if os.path.exists(path + ".done"):
            continue
        if max_layers is not None and done >= max_layers:
            break
        kids = {k: open_layer(d, k, R.nvalid) for k in R.t.kids[T]}
        ptrs = (ctypes.c_void_p * NT)()
        for k, a in kids.items():
            ptrs[k] = a.ctypes.data
        out = open_layer(d, T, R.nvalid, "w+")
        st = Stats()
        t0 = time.time()
        rc = LIB.rt_build(T, ptrs, ptr(out), ctypes.byref(st))
        assert rc == 0
        out.flush()
        wall = time.time() - t0
        mem = dict(rss_mb())
        del out, kids
        t = R.t.tallies[T]
        rec = dict(layer=T, tally="f=%d,%d r=%d s=%d tb=%d" % (t & 7, (t >> 3) & 7, (t >> 6) & 7, (t >> 9) & 7, t >> 12),
                   kids=len(R.t.kids[T]), wall=round(wall, 1), **{k: (round(v, 1) if isinstance(v, float) else v) for k, v in st.asdict().items()}, **mem)
        print(json.dumps(rec), flush=True)
        log.write(json.dumps(rec) + "\n"); log.flush()
        assert st.order_err == 0, "order error"
        open(path + ".done", "w").close()
        done += 1

if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else None)
