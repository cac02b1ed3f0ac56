"""Read built tables: the exact value of a tiki State (between turns or an ORDER
decision) from data/<layout>/layer_NN.u16."""
import os
import numpy as np
import tiki
from tiki.tools.solve.code import Code, OPEN, DRAW
from retro import Retro, LIB, decode_val
from build import layout_dir, open_layer

class Table:
    def __init__(self, layout):
        self.R = Retro(layout)
        self.dir = layout_dir(layout)
        self.layers = {}
        self.code = Code(tiki.new_game(layout=layout, first=tiki.X))

    def layer(self, T):
        if T not in self.layers:
            assert os.path.exists(os.path.join(self.dir, "layer_%02d.u16.done" % T)), "layer %d not built" % T
            self.layers[T] = open_layer(self.dir, T, self.R.nvalid)
        return self.layers[T]

    def key_value(self, key):
        """(value, plies) for the decider of Code key `key`: value 'win'/'loss'/'draw'."""
        code = self.code
        if code._full(key):  # ORDER decision: the decider picks among the 2 orders
            me = code.actor(key)
            outs = []
            for _, child, over in code.children(key):
                if over != OPEN:
                    outs.append(("draw", None) if over == DRAW else (("win" if over == me else "loss"), 0))
                else:
                    v, d = self.key_value(child)  # the child has `me` on turn
                    outs.append((v, d))
            wins = [d for v, d in outs if v == "win"]
            if wins: return "win", min(wins) + 1
            if any(v == "draw" for v, _ in outs): return "draw", None
            return "loss", max(d for _, d in outs) + 1
        T, b, p = self.R.split(key)
        r = LIB.rt_rank(b)
        return decode_val(self.layer(T)[2 * r + p])

    def value(self, state):
        return self.key_value(self.code.encode(state))
