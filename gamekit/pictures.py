"""``--svg DIR``: a picture of every position of a game, to flip through.

``DIR/0000.svg`` is the start, ``DIR/0001.svg`` the position after the first action
(which it marks), and so on; ``DIR/index.html`` shows them all in order, each under the
action that led to it in words, so that a designer flips through a game in a browser.

Nothing here knows the game: the command line hands over the pictures (each game's
``play --svg`` and ``replay --svg``).

>>> import tempfile, pathlib
>>> where = pathlib.Path(tempfile.mkdtemp())
>>> write_pictures(str(where), "A game", ["<svg/>", "<svg/>"], ["start", "a & b"])
3
>>> sorted(p.name for p in where.iterdir())
['0000.svg', '0001.svg', 'index.html']
>>> "a &amp; b" in (where / "index.html").read_text()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

__all__ = ["MAX_PICTURES", "PictureSlot", "picture_name", "write_pictures"]

MAX_PICTURES = 100_000
"""The most pictures one directory takes: far more than any game's positions."""

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #2b2b2b; }}
figure {{ margin: 0 0 2em 0; }}
figcaption {{ font-size: 1.1em; margin-bottom: 0.4em; }}
img {{ max-width: 100%; border: 1px solid #ccc; }}
</style></head>
<body>
<h1>{title}</h1>
{figures}
</body>
</html>
"""


def picture_name(index: int) -> str:
    """The file of the ``index``-th position (0: the start): ``0007.svg``."""
    return f"{index:04d}.svg"


def write_pictures(
    directory: str, title: str, pictures: Sequence[str], captions: Sequence[str]
) -> int:
    """Write ``pictures`` (SVG texts, the start first) into ``directory`` (made if need
    be) with ``index.html`` showing each under its caption; return the files written.
    Raises ``OSError`` when the directory or a file cannot be written and
    ``ValueError`` for more than :data:`MAX_PICTURES` pictures."""
    if len(pictures) != len(captions):
        raise ValueError("one caption per picture")
    if len(pictures) > MAX_PICTURES:
        raise ValueError(f"at most {MAX_PICTURES} pictures, got {len(pictures)}")
    where = Path(directory)
    where.mkdir(parents=True, exist_ok=True)
    figures = []
    for index, (picture, caption) in enumerate(zip(pictures, captions, strict=True)):
        name = picture_name(index)
        (where / name).write_text(picture + "\n", encoding="utf-8")
        figures.append(
            f'<figure id="p{index}"><figcaption>{escape(caption)}</figcaption>'
            f'<img src="{name}" alt="{escape(caption)}"></figure>'
        )
    page = _PAGE.format(title=escape(title), figures="\n".join(figures))
    (where / "index.html").write_text(page, encoding="utf-8")
    return len(pictures) + 1


class PictureSlot:
    """How a position draws itself in a notebook: the hook behind ``_repr_svg_``.

    Jupyter shows an object as a picture when it has a ``_repr_svg_`` method. A game's
    positions and views have one, but its model may not import its pictures, which
    lie above it; so the model keeps a slot, and the game's ``svg`` fills it when it
    is imported (the game's facade imports it, so the slot is filled wherever the game
    is used).

    >>> slot = PictureSlot("a_game.svg")
    >>> slot.set(lambda position: f"<svg>{position}</svg>")
    >>> slot.draw(3)
    '<svg>3</svg>'
    """

    def __init__(self, filler: str) -> None:
        self.filler = filler
        """The module that fills the slot, named when it has not."""
        self._drawer: list[Callable[[Any], str]] = []

    def set(self, drawer: Callable[[Any], str]) -> None:
        """Make ``drawer`` (a position or a view to SVG text) the one notebooks use."""
        self._drawer[:] = [drawer]

    def draw(self, position: Any) -> str:
        """``position`` as SVG text, drawn by the function handed over."""
        if not self._drawer:  # only if the game's svg was never imported
            raise RuntimeError(f"no drawing function: import {self.filler}")
        return self._drawer[0](position)
