"""Write the clause texts the packages ship: ``python3 specs/clauses.py``.

Each spec defines its clauses with a heading ``### TIKAL-MOVE-1: Moving a piece``; the
clause runs to the next heading or ``---`` rule. It opens with its text and ends with
its notes: in ``specs/tikal.md`` list items that start with a bold label (``- **Source:**
...``, ``- **Option:** ...``), in ``specs/tiki.md`` lines that start with an italic one
(``*Source:* ...``, ``*Open question A1:* ...``). This script reads every clause of
``specs/tikal.md`` into ``tikalspeed/data/clauses.json`` and of ``specs/tiki.md`` into
``tiki/data/clauses.json``, which ``tikalspeed.clause`` and ``tiki.clause`` read:

- ``id`` and ``title``, from the heading;
- ``text``, the clause's text as the spec writes it (Markdown, its lines as wrapped
  there), without the notes;
- ``source``, the text of its ``Source`` note(s) on one line, or ``""``;
- ``notes``, every other note as ``[label, text]`` in spec order (``Option``,
  ``Reconstructed``, ``Open question A1``, ``Why this default``, ...).

``tests/test_clauses.py`` fails when a shipped file is not what this script makes of
the specs, so run it after editing a spec.

>>> [c["id"] for c in parse("### TIKI-X-1: T\\n\\nBody.\\n\\n*Source:* S1.\\n")]
['TIKI-X-1']
>>> c = parse("### TIKAL-X-1: T\\n\\nBody\\ntext.\\n\\n- **Source:** a\\n  b.\\n- **Option:** no.")
>>> c[0]["text"], c[0]["source"], c[0]["notes"]
('Body\\ntext.', 'a b.', [['Option', 'no.']])
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

TARGETS = {"tikal.md": ROOT / "tikalspeed" / "data", "tiki.md": ROOT / "tiki" / "data"}
"""Each spec and the data folder of the package that ships its clauses."""

HEADING = re.compile(r"^#{1,6}[ \t]")
CLAUSE = re.compile(r"^###[ \t]+((?:TIKI|TIKAL|SPEED)-[A-Z]+-[0-9]+):[ \t]*(.+?)[ \t]*$")
NOTE = re.compile(
    r"^(?:- \*\*(?P<bold>[^*]+)\*\*|\*(?!\*)(?P<italic>[^*]+)\*)(?:[ \t]+|$)(?P<rest>.*)$"
)
"""The first line of a note: ``- **Label:** text`` or ``*Label:* text``."""


def _note(match: re.Match[str]) -> tuple[str, str] | None:
    """The label and the start of a note's text, or ``None`` if the line is not one (an
    emphasis that opens a line of the text proper has no ``:`` and no closing ``.``)."""
    inside = (match["bold"] or match["italic"] or "").strip()
    rest = match["rest"]
    if rest.startswith((":", ".")):
        inside, rest = inside + rest[0], rest[1:].strip()
    if not inside.endswith((":", ".")) and ": " not in inside:
        return None
    label, _, more = inside.rstrip(":.").partition(": ")
    if more:  # "*Note: what a number of turns allows.*": its heading opens the text
        rest = f"*{more}{'.' if inside.endswith('.') else ''}* {rest}".strip()
    return label.strip(), rest


def _clause(clause_id: str, title: str, lines: list[str]) -> dict[str, Any]:
    body: list[str] = []
    notes: list[list[str]] = []
    for line in lines:
        m = NOTE.match(line)
        found = _note(m) if m else None
        if found is not None:
            notes.append([found[0], found[1]])
        elif notes:
            if line.strip():
                notes[-1][1] = f"{notes[-1][1]} {line.strip()}".strip()
        else:
            body.append(line)
    sources = [text for label, text in notes if label == "Source"]
    return {
        "id": clause_id,
        "title": title,
        "text": "\n".join(body).strip(),
        "source": " ".join(sources),
        "notes": [note for note in notes if note[0] != "Source"],
    }


def parse(text: str) -> list[dict[str, Any]]:
    """The clauses of a spec's Markdown ``text``, in order, as the JSON holds them."""
    out: list[dict[str, Any]] = []
    current: tuple[str, str, list[str]] | None = None
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (HEADING.match(line) or line.strip() == "---"):
            if current is not None:
                out.append(_clause(*current))
                current = None
            m = CLAUSE.match(line)
            if m:
                current = (m[1], m[2], [])
            continue
        if current is not None:
            current[2].append(line)
    if current is not None:
        out.append(_clause(*current))
    return out


def document(spec: str) -> str:
    """The JSON text shipped for ``specs/<spec>``."""
    clauses = parse((ROOT / "specs" / spec).read_text(encoding="utf-8"))
    data = {"spec": f"specs/{spec}", "clauses": clauses}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main() -> int:
    """Write every package's ``data/clauses.json``; print what was written."""
    for spec, folder in TARGETS.items():
        folder.mkdir(exist_ok=True)
        text = document(spec)
        (folder / "clauses.json").write_text(text, encoding="utf-8")
        count = len(json.loads(text)["clauses"])
        print(f"{(folder / 'clauses.json').relative_to(ROOT)}: {count} clauses of specs/{spec}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
