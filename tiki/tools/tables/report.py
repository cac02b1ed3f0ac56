"""The page of the opening values: ``docs/tiki-layouts.md``'s section, from the data.

``tiki tables report`` writes the "Opening values" section of ``docs/tiki-layouts.md``
from the committed records (``tiki/data/openings.json``, :func:`.sweep.openings`):
:func:`section` makes the text, :func:`replace_section` puts it in place of the old
one; a test regenerates it and compares, so the page says what the data says.

>>> from tiki.tools.tables.sweep import openings
>>> said({o.index: o for o in openings()}[57])
'the first player wins in 61 plies'
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from ...board.layouts import CLASSES
from .sweep import Opening

__all__ = ["HEADING", "replace_section", "said", "section"]

HEADING = "## Opening values"
"""The heading of the section written."""


def said(opening: Opening) -> str:
    """The opening's value for the first player, in words."""
    if opening.value == "draw":
        return "a draw"
    return (
        f"the first player {'wins' if opening.value == 'win' else 'loses'} in {opening.plies} plies"
    )


def _layout(layout: Sequence[int]) -> str:
    return ", ".join(str(v).replace("-", "\N{MINUS SIGN}") for v in layout)


def _claim(found: Sequence[Opening]) -> str:
    """Whether "whoever moves first can force a win" holds for every class built."""
    if not found:
        return "No class is built yet."
    against = [o for o in found if o.value != "win"]
    if not against:
        where = (
            "the one class built" if len(found) == 1 else f"each of the {len(found)} classes built"
        )
        return (
            f"In {where}, **whoever moves first can force a win**; the other "
            f"{len(CLASSES) - len(found)} classes are not built yet."
        )
    first = against[0]
    return (
        f'**"Whoever moves first can force a win" is refuted**: in class {first.index} '
        f"({_layout(first.representative)}) {said(first)}"
        f"{f', and in {len(against) - 1} more' if len(against) > 1 else ''}."
    )


def section(found: Sequence[Opening]) -> str:
    """The "Opening values" section of ``docs/tiki-layouts.md`` for the records ``found``
    (sorted by class), ending with a blank line."""
    n, total = len(found), len(CLASSES)
    lines = [
        HEADING,
        "",
        *textwrap.wrap(
            "The value of each layout class's opening for the first player, with its "
            "distance in plies, read from the class's retrograde table (issue 22) under the "
            "default `tiki.Rules()`. `tiki tables sweep` builds the tables and records them "
            "in `tiki/data/openings.json` (format `tiki-openings-v2`, read and checked by "
            "`tiki.tools.tables.openings()`); "
            "`tiki tables report` writes this section from that file, so nothing here is "
            "guessed. A class's layouts share one game up to a symmetry, so the value of the "
            "layout built is its class's. The longest game is the largest distance to the "
            "end stored in the table (any position, perfect play, whether or not a game "
            "from the opening reaches it); wins, losses and draws count the stored positions "
            "(every tally, either player on turn, reachable or not) for the player on turn. "
            "Checked: whether the independent verifier (`tiki tables verify`, a second "
            "implementation of the rules in C, [`tiki-solve.md`](tiki-solve.md)) checked "
            "every cell of the table before it was deleted.",
            width=88,
            break_on_hyphens=False,
        ),
        "",
        "| class | representative (a1 … c3) | layouts | layout built | first player "
        "| longest game | wins | losses | draws | CPU-s | checked |",
        "| ---: | --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for o in found:
        lines.append(
            f"| {o.index} | {_layout(o.representative)} | {o.members} | {_layout(o.built)} "
            f"| {said(o).replace('the first player ', '')} | {o.longest} | {o.wins:,} "
            f"| {o.losses:,} | {o.draws:,} | {o.cpu_seconds:,.0f} "
            f"| {'yes' if o.verified is not None else 'not yet'} |"
        )
    checked = sum(o.verified is not None for o in found)
    lines += [
        "",
        *textwrap.wrap(
            f"**{n} of {total} classes** built ({sum(o.members for o in found)} of the "
            f"1,512 layouts). {_claim(found)} {checked} of the {n} tables were checked "
            "cell by cell by the independent verifier; the others are built again by the "
            "sweep to be checked.",
            width=88,
            break_on_hyphens=False,
        ),
        "",
        "The classes of the seeds' layouts (`tiki play --seed N`):",
        "",
        "```python",
        ">>> [class_index(tiki.new_game(seed=n).tiles) for n in (1, 2)]",
        "[57, 71]",
        "",
        "```",
        "",
    ]
    return "\n".join(lines)


def replace_section(page: str, new: str) -> str:
    """``page`` with its "Opening values" section (from its heading to the next ``## ``
    heading or the end) replaced by ``new``; a ``ValueError`` if it has none."""
    lines = page.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.rstrip("\n") == HEADING]
    if len(starts) != 1:
        raise ValueError(f"the page has {len(starts)} '{HEADING}' sections, not one")
    start = starts[0]
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    tail = "".join(lines[end:])
    return "".join(lines[:start]) + new + ("\n" + tail if tail else "")
