"""ctypes wrapper of libretro.so (retro.c) and conversions to tiki's Code keys."""
import ctypes, os, sys
import numpy as np
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))  # the repository
from tables import Tables, OVER
from tiki.tools.solve.code import OPEN, DRAW

HERE = os.path.dirname(os.path.abspath(__file__))
LIB = ctypes.CDLL(os.environ.get("TIKI_TABLE_LIB") or os.path.join(HERE, "libretro.so"))
"""The compiled builder: $TIKI_TABLE_LIB, else libretro.so beside this file."""
P = ctypes.c_void_p
LIB.rt_init.restype = ctypes.c_uint32
LIB.rt_init.argtypes = [ctypes.c_int, P, P, P, P]
LIB.rt_rank.restype = ctypes.c_uint32; LIB.rt_rank.argtypes = [ctypes.c_uint32]
LIB.rt_unrank.restype = ctypes.c_uint32; LIB.rt_unrank.argtypes = [ctypes.c_uint32]
LIB.rt_gen.argtypes = [ctypes.c_int, ctypes.c_uint32, ctypes.c_int, P]
LIB.rt_unmoves.argtypes = [ctypes.c_int, ctypes.c_uint32, ctypes.c_int, P]
LIB.rt_build.argtypes = [ctypes.c_int, P, P, P]
LIB.rt_check_unmoves.restype = ctypes.c_long
LIB.rt_check_unmoves.argtypes = [ctypes.c_int, P, ctypes.c_long, P]
LIB.rt_edge_totals.argtypes = [ctypes.c_int, P, P, P]

class Stats(ctypes.Structure):
    _fields_ = [(n, ctypes.c_double) for n in ("t_init", "t_prop", "t_total")] + [
        (n, ctypes.c_long) for n in ("wins", "losses", "draws", "positions", "in_edges",
                                      "known_edges", "order_err", "max_dist", "pushes", "unmove_edges")]
    def asdict(self):
        return {n: getattr(self, n) for n, _ in self._fields_}

def ptr(a):
    return a.ctypes.data_as(P)

class Retro:
    def __init__(self, layout):
        self.t = t = Tables(layout)
        self._keep = [np.ascontiguousarray(x, dtype=np.int32) for x in (t.single, t.pair, t.paths, t.npaths)]
        self.nvalid = LIB.rt_init(len(t.tallies), *map(ptr, self._keep))
        self._buf = np.zeros(6 * 64, np.int32)
        self._ubuf = np.zeros(2 * 512, np.int32)

    # ---- conversions
    @staticmethod
    def key_board(key):
        b, m = 0, 1
        for v in range(9):
            c = (key >> (4 * v)) & 15
            assert c < 7, "3-high stack: an ORDER position"
            b += c * m; m *= 7
        return b

    @staticmethod
    def board_bits(b):
        bits = 0
        for v in range(9):
            bits |= (b % 7) << (4 * v); b //= 7
        return bits

    def split(self, key):
        """(T, dense board, player on turn) of a between-turns Code key."""
        tally = (key >> 36) & 0x1FFF
        return self.t.tindex[tally], self.key_board(key), key >> 49

    def make_key(self, T, b, p):
        return self.board_bits(b) | self.t.tallies[T] << 36 | p << 49

    def gen(self, T, b, p):
        n = LIB.rt_gen(T, b, p, ptr(self._buf))
        return [tuple(int(x) for x in self._buf[6 * i: 6 * i + 6]) for i in range(n)]

    def unmoves(self, T, b, q):
        n = LIB.rt_unmoves(T, b, q, ptr(self._ubuf))
        return [(int(self._ubuf[2 * i]), int(self._ubuf[2 * i + 1])) for i in range(n)]

def decode_val(v):
    """stored uint16 -> ('win'|'loss'|'draw', dist or None) for the player on turn."""
    v = int(v)
    if v == 0:
        return "draw", None
    return ("loss" if v & 1 else "win"), v >> 1
