"""Draw the pictures the docs show: ``docs/pictures/<game>-*.svg``, and each as PNG.

One function per game makes its pictures (:func:`tikal_pictures`,
:func:`tiki_pictures`); :func:`main` calls each. The SVG comes from the library
(``tikalspeed.svg``, ``tiki.svg``); the PNG is rendered from it
with CairoSVG, which is not a dependency of the library: install it to run this
script (``python3 -m pip install cairosvg``). ``tests/tikal/test_tikal_svg.py`` and
``tests/tiki/test_svg.py`` fail when an SVG here is not what the library draws now;
rewrite them with ``python docs/pictures/make.py`` and look at the PNGs before
committing.

>>> tiki_position().startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> "volcano" in tikal_position() and "A4 · turn 5" in tikal_tile_turns()
True
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import tikalspeed
import tiki

HERE = Path(__file__).resolve().parent

TIKI_POSITION = "+1,0oo,-1/+2,+1,+1xx/+1o,0o,+1x turn o o - 1,1 4,1 a1b1 - 32 - rules:shaman=true"
"""A game with the shaman rule at turn 32: x has just moved the totem on b2 along
b2-c2-c1, dropping a tiki on c2 and one on c1; the shaman stands between a1 and b1."""


def tiki_position() -> str:
    """The SVG of ``docs/pictures/tiki-position.svg``: :data:`TIKI_POSITION`, the last
    move marked, the two villages the shaman separates highlighted."""
    state = tiki.from_text(TIKI_POSITION)
    last = tiki.Move(tiki.X, (tiki.B2, tiki.C2, tiki.C1))
    return tiki.svg.board(state, lastaction=last, highlight=(tiki.A1, tiki.B1)) + "\n"


TIKAL_GAME = (4, 3, 0.8)
"""The Tikal picture: a classic game of 4 players played at random with seed 3, drawn
after the last move of a worker or leader before 80% of the game."""


def tikal_position() -> str:
    """The SVG of ``docs/pictures/tikal-position.svg``: a position of
    :data:`TIKAL_GAME` late in the game, its last move marked."""
    players, seed, share = TIKAL_GAME
    state = tikalspeed.new_game(tikalspeed.Rules(mode="classic", players=players), seed=seed)
    rng = random.Random(seed)
    states, actions = [state], []
    while state.result is None:
        if tikalspeed.actors(state) == (tikalspeed.CHANCE,):
            action = tikalspeed.sample_chance(state, rng)
        else:
            action = rng.choice(sorted(tikalspeed.legal_actions(state), key=str))
        state = tikalspeed.apply(state, action)
        states.append(state)
        actions.append(action)
    last = max(
        i
        for i, a in enumerate(actions[: int(share * len(actions))])
        if isinstance(a, tikalspeed.Move)
    )
    return tikalspeed.svg.board(states[last + 1], lastaction=actions[last]) + "\n"


def tikal_tile_turns() -> str:
    """The SVG of ``docs/pictures/tikal-tile-turns.svg``: the six turns of tile A4."""
    a4 = next(t for t in tikalspeed.load_manifest().tiles if t.id == "A4")
    return tikalspeed.svg.turns(a4) + "\n"


def _write(name: str, svg: str, scale: float = 1.0) -> list[str]:
    """Write ``name``.svg, and render ``name``.png from it, where they are not current;
    return the files written."""
    import cairosvg  # type: ignore[import-untyped]  # only this script needs it

    target, png = HERE / f"{name}.svg", HERE / f"{name}.png"
    if target.exists() and png.exists() and target.read_text(encoding="utf-8") == svg:
        return []
    target.write_text(svg, encoding="utf-8")
    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(png), scale=scale)
    return [str(p.relative_to(HERE.parents[1])) for p in (target, png)]


def tikal_pictures() -> list[str]:
    """Write Tikal's pictures; return the files written."""
    done = _write("tikal-position", tikal_position(), scale=1.5)
    return done + _write("tikal-tile-turns", tikal_tile_turns(), scale=1.5)


def tiki_pictures() -> list[str]:
    """Write Tiki's pictures; return the files written."""
    return _write("tiki-position", tiki_position())


def main() -> int:
    """Write every game's pictures that are not current; print the files written."""
    done = tikal_pictures() + tiki_pictures()
    print("\n".join(f"wrote {path}" for path in done) if done else "pictures already up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
