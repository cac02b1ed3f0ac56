"""The value of the opening of tiki.new_game(seed=S) (the layout and the first player
drawn by the engine's chance nodes), and of both first players for that layout."""
import sys
import tiki
from lookup import Table

for seed in map(int, sys.argv[1:]):
    s = tiki.new_game(seed=seed)
    assert s.actor != tiki.CHANCE and s.phase.value == "turn"
    tab = Table(s.tiles)
    v, d = tab.value(s)
    print("seed", seed, "layout", s.tiles, "first", "xo"[s.active], "->", v, "for", "xo"[s.actor],
          ("in %d plies" % d) if d else "", flush=True)
    for first in (tiki.X, tiki.O):
        s2 = tiki.new_game(layout=s.tiles, first=first)
        v2, d2 = tab.value(s2)
        print("   first=%s: %s for %s%s" % ("xo"[first], v2, "xo"[first], (" in %d plies" % d2) if d2 else ""))
