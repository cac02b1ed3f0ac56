"""Every source the specs cite is defined, every digest reference and every link resolves.

``docs/sources.md`` defines the sources game by game: under the heading ``## Tikal`` or
``## Tiki``, a table row whose first cell holds codes in backticks (``| `UBG` | ...``,
``| `LUD1`, `LUD2` | ...``). ``docs/sources/`` restates the parts of the digests the specs
cite, one page per digest, named like the digest (``tikal.md``, ``tikal-tiles.md``,
``tiki.md``): a heading that starts with a number (``### 2.2 Placing a terrain hexagon``)
defines that section, a list item or table row that starts with a bold number
(``- **7.8** ...``) an item of one, and a table row that starts with an id (``| A1 |``)
one of Tiki's open questions.

Checked in ``specs/*.md`` and ``docs/**/*.md`` (code spans and blocks left out):

- *sources*: every code a confidence tag names (``[C: UBG, FLORS]``, ``[D: skula]``) is
  defined for the file's game, and so is every word in capitals (``SBW-F``, ``LUD1``,
  ``S13``) anywhere in a spec or a ``docs/sources/`` page, except the few that name no
  source (:data:`NOT_SOURCES`), Tikal's tile ids and Tiki's open questions;
- *open questions*: every ``A1`` … ``A14``, ``G1`` … ``G14`` a Tiki file names is defined;
- *digest references*: every ``§`` is the text of a link to a ``docs/sources/`` page that
  defines that section, its anchor the heading of the section (or of the section it is
  an item of), and a digest named in the text is the page linked;
- *links*: every relative link in ``specs/``, ``docs/`` and ``README.md`` (inline or by
  reference) names a file or folder of the repository, and an anchor into a Markdown
  file names one of its headings as GitHub spells them, or an ``<a id>``;
- the tile table restated in ``docs/sources/tikal-tiles.md`` is the default manifest's.

Each check is a function of the repository root, so that the last test can run them on
a broken copy and see them fail.
"""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

NOT_SOURCES = frozenset({"AP", "JSON", "FAQ", "TODO", "NE", "SE", "SW", "NW", "IF"})
"""Words in capitals that name no source: action points, formats, edges, and the "IF"
of IF Association (Tiki's first publisher)."""

REMARKS = frozenset({"both", "unclear", "unverified", "flat-topped"})
"""Single lowercase words in a tag that are remarks, not sources (``[D, unverified]``)."""

MARK = r"[CDIUX](?:/[CDIUX])*"
TAG_START = re.compile(rf"\[(?={MARK}[\]:,;])")
"""The start of a confidence tag: ``[C]``, ``[D: ...``, ``[D/I: ...``, ``[D, ...``."""
CAPS_RE = re.compile(r"(?<![\w./\\-])([A-Z][A-Z0-9]*[A-Z0-9](?:-[A-Za-z0-9]+)*)(?![\w-])")
"""A word in capitals, perhaps with digits and hyphenated parts: ``UBG``, ``SBW-F``, ``S13``."""
CLAUSE_RE = re.compile(r"(?:TIKI|TIKAL|SPEED)-[A-Z]+-(?:[0-9]+|\*)")
QUESTION_RE = re.compile(r"(?<![\w-])([AG][0-9]+)(?![\w-])")
TILE_ID_RE = re.compile(r"[A-G][0-9]")
SECTION_RE = re.compile(r"§([0-9]+(?:\.[0-9]+)*)")
LINK_RE = re.compile(r"\[([^\[\]]*)\](?:\(([^()\s]*)(?:\s+\"[^\"]*\")?\)|\[([^\[\]]*)\])?")
"""An innermost ``[text]``, with an inline ``(target)`` or a ``[label]`` after it."""
DEFINITION_RE = re.compile(r"^ {0,3}\[([^\[\]]+)\]:[ \t]*(\S+).*$", re.M)


def _blank(match: re.Match[str]) -> str:
    """Blank a match, keeping its newlines (so offsets and lines stay) and one mark."""
    return "".join(c if c == "\n" else "\x01" for c in match.group())


def prose(text: str) -> str:
    """``text`` with code blocks, code spans and HTML comments blanked out."""
    text = re.sub(r"^```.*?^```[^\n]*$", _blank, text, flags=re.S | re.M)
    text = re.sub(r"<!--.*?-->", _blank, text, flags=re.S)
    return re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", _blank, text, flags=re.S)


def game_of(rel: str) -> str | None:
    """The game a file is about (its name starts with the game), or ``None``."""
    name = rel.rsplit("/", 1)[-1]
    for game in ("tikal", "tiki"):
        if name.startswith(game):
            return game.capitalize()
    return None


def markdown(root: Path) -> list[Path]:
    """The Markdown files whose citations and links are checked."""
    files = [*sorted((root / "specs").glob("*.md")), *sorted((root / "docs").rglob("*.md"))]
    return [*files, root / "README.md"]


def _rel(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix()


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


# --- definitions ----------------------------------------------------------------------


def defined_sources(root: Path) -> dict[str, set[str]]:
    """Map each game of ``docs/sources.md`` to the source codes it defines."""
    out: dict[str, set[str]] = {}
    game = None
    for line in (root / "docs" / "sources.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## +(\S.*?)\s*$", line)
        if heading:
            game = heading.group(1)
            continue
        row = re.match(r"\|\s*(`[^`|]+`(?:\s*,\s*`[^`|]+`)*)\s*\|", line)
        if row and game is not None:
            out.setdefault(game, set()).update(re.findall(r"`([^`]+)`", row.group(1)))
    return out


def slug(text: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation gone, ``-`` for space."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text).replace("`", "").lower()
    kept = (c for c in text if c in " -" or unicodedata.category(c)[0] in "LMN" or c == "_")
    return "".join(kept).replace(" ", "-")


def headings(text: str) -> list[tuple[str, str]]:
    """The headings of a Markdown text with their anchors, in order."""
    text = re.sub(r"^```.*?^```[^\n]*$", "", text, flags=re.S | re.M)
    seen: dict[str, int] = {}
    out = []
    for m in re.finditer(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", text, re.M):
        base = slug(m.group(1))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.append((m.group(1), base if n == 0 else f"{base}-{n}"))
    return out


def anchors(path: Path) -> set[str]:
    """Every anchor a link into ``path`` may name."""
    text = path.read_text(encoding="utf-8")
    ids = re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", text)
    return {a for _, a in headings(text)} | set(ids)


def sections(path: Path) -> tuple[set[str], dict[str, str]]:
    """The sections a ``docs/sources/`` page defines, and the anchor of each numbered heading."""
    text = path.read_text(encoding="utf-8")
    by_anchor = {}
    for title, anchor in headings(text):
        m = re.match(r"([0-9]+(?:\.[0-9]+)*)\.?\s", title)
        if m:
            by_anchor[anchor] = m.group(1)
    items = re.findall(r"^\s*(?:[-*]\s+|\|\s*)\*\*([0-9]+(?:\.[0-9]+)+)\*\*", text, re.M)
    return set(by_anchor.values()) | set(items), by_anchor


def questions(root: Path) -> set[str]:
    """Tiki's open questions restated in ``docs/sources/tiki.md``."""
    text = (root / "docs" / "sources" / "tiki.md").read_text(encoding="utf-8")
    return set(re.findall(r"^\|\s*([AG][0-9]+)\s*\|", text, re.M))


# --- what the files cite --------------------------------------------------------------


def tags(text: str) -> Iterator[tuple[int, str]]:
    """Each confidence tag of a prose text (its offset, its inside), nested links and all."""
    for m in TAG_START.finditer(text):
        depth, i = 0, m.start()
        while i < len(text):
            depth += {"[": 1, "]": -1}.get(text[i], 0)
            if depth == 0:
                break
            i += 1
        yield m.start(), text[m.start() + 1 : i]


def tag_sources(inside: str) -> tuple[list[str], list[str]]:
    """The codes in capitals, and the lone lowercase words, that a tag's inside names.

    Links, quotations and parentheses are dropped; the rest is split at ``,``, ``;`` and
    ``:``; a part that is one lowercase word is a source's name (or a remark).
    """
    body = re.sub(rf"^{MARK}", "", inside)
    body = re.sub(r"\[[^\[\]]*\](?:\([^()]*\)|\[[^\[\]]*\])?", " ", body)
    body = re.sub(r"\"[^\"]*\"|“[^”]*”|„[^“”]*[“”]", " ", body)
    while re.search(r"\([^()]*\)", body):
        body = re.sub(r"\([^()]*\)", " ", body)
    caps: list[str] = []
    names: list[str] = []
    for part in re.split(r"[,;:]", body):
        caps += CAPS_RE.findall(part)
        words = part.split()
        if len(words) == 1:
            word = re.sub(r"'s$", "", words[0].strip(".'"))
            if re.search(r"[a-z]", word) and not CAPS_RE.fullmatch(word):
                names.append(word)
    return caps, names


def cited_sources(root: Path) -> Iterator[tuple[str, int, str | None, str, bool]]:
    """Each source named: (file, line, the file's game, the code, named in capitals)."""
    for path in markdown(root):
        rel = _rel(root, path)
        text = prose(path.read_text(encoding="utf-8"))
        text = DEFINITION_RE.sub(_blank, text)
        game = game_of(rel)
        for pos, inside in tags(text):
            caps, names = tag_sources(inside)
            for code in caps:
                yield rel, _line(text, pos), game, code, True
            for name in names:
                yield rel, _line(text, pos), game, name, False
        if rel.startswith("specs/") or rel.startswith("docs/sources/"):
            plain = CLAUSE_RE.sub(" ", re.sub(r"\]\([^()\s]*\)", "]", text))
            for m in CAPS_RE.finditer(plain):
                yield rel, _line(plain, m.start()), game, m.group(1), True


def links(text: str) -> Iterator[tuple[int, int, str, str]]:
    """Each link of a prose text: (its start, its end, its text, its target).

    Inline links, full and collapsed references, and shortcut references whose label the
    file defines; a ``[...]`` that is no link (a tag, say) yields nothing.
    """
    targets = {
        " ".join(m.group(1).split()).casefold(): m.group(2) for m in DEFINITION_RE.finditer(text)
    }
    for m in LINK_RE.finditer(DEFINITION_RE.sub(_blank, text)):
        if m.group(2) is not None:
            yield m.start(), m.end(), m.group(1), m.group(2)
            continue
        label = m.group(3) or m.group(1)
        target = targets.get(" ".join(label.split()).casefold())
        if target is not None:
            yield m.start(), m.end(), m.group(1), target


def resolve(root: Path, source: Path, target: str) -> tuple[Path | None, str]:
    """The file a relative link target names (``None`` for a URL) and its anchor."""
    if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:|//", target):
        return None, ""
    path, _, anchor = target.partition("#")
    if not path:
        return source, anchor
    base = root if path.startswith("/") else source.parent
    return (base / path.lstrip("/")).resolve(), anchor


# --- the checks -----------------------------------------------------------------------


def source_problems(root: Path) -> list[str]:
    """Sources cited but not defined in ``docs/sources.md`` for the citing file's game."""
    defined = defined_sources(root)
    every = set().union(*defined.values()) if defined else set()
    problems = []
    for rel, line, game, code, caps in cited_sources(root):
        if caps and (code in NOT_SOURCES or (QUESTION_RE.fullmatch(code) and game == "Tiki")):
            continue
        if caps and game == "Tikal" and TILE_ID_RE.fullmatch(code):
            continue
        if not caps and code in REMARKS:
            continue
        known = defined.get(game, set()) if game else every
        if code not in known:
            where = f"## {game} of docs/sources.md" if game else "docs/sources.md"
            problems.append(f"{rel}:{line}: source {code!r} is not defined under {where}")
    return list(dict.fromkeys(problems))


def question_problems(root: Path) -> list[str]:
    """Tiki's open questions named but not restated in ``docs/sources/tiki.md``."""
    known = questions(root)
    problems = []
    for path in markdown(root):
        rel = _rel(root, path)
        if game_of(rel) != "Tiki":
            continue
        text = prose(path.read_text(encoding="utf-8"))
        for m in QUESTION_RE.finditer(text):
            if m.group(1) not in known:
                problems.append(
                    f"{rel}:{_line(text, m.start())}: {m.group(1)} is not in docs/sources/tiki.md"
                )
    return problems


def section_problems(root: Path) -> list[str]:
    """``§`` references that are no link to an existing section of a ``docs/sources/`` page."""
    pages = root / "docs" / "sources"
    problems = []
    for path in markdown(root):
        rel = _rel(root, path)
        raw = prose(path.read_text(encoding="utf-8"))
        found = list(links(raw))
        spans = [(a, b) for a, b, _, _ in found]
        text = DEFINITION_RE.sub(_blank, raw)
        for m in re.finditer("§", text):
            if not any(a <= m.start() < b for a, b in spans):
                problems.append(f"{rel}:{_line(text, m.start())}: a § reference that is no link")
        definitions = [
            (m.start(1), m.end(1), m.group(1), m.group(2)) for m in DEFINITION_RE.finditer(raw)
        ]
        for start, _, label, target in [*found, *definitions]:
            refs = SECTION_RE.findall(label)
            if not refs:
                continue
            where = f"{rel}:{_line(raw, start)}: [{' '.join(label.split())}]"
            page, anchor = resolve(root, path, target)
            if len(refs) > 1:
                problems.append(f"{where} names {len(refs)} sections: one link each")
                continue
            if page is None or page.parent != pages.resolve() or not page.is_file():
                problems.append(f"{where} links to {target}, not to a page of docs/sources/")
                continue
            named = re.findall(r"([\w.-]+\.md)\s*§", label)
            if named and named[0] != page.name:
                problems.append(f"{where} names {named[0]} but links to docs/sources/{page.name}")
            number = refs[0]
            defined, by_anchor = sections(page)
            if number not in defined:
                problems.append(f"{where}: docs/sources/{page.name} has no section {number}")
            heading = by_anchor.get(anchor)
            if heading is None or not (number == heading or number.startswith(heading + ".")):
                problems.append(
                    f"{where} links to #{anchor}, not to the heading of section {number} "
                    f"of docs/sources/{page.name}"
                )
    return problems


def link_problems(root: Path) -> list[str]:
    """Relative links in specs/, docs/ and README.md that reach no file, folder or heading."""
    top = root.resolve()
    problems = []
    for path in markdown(root):
        rel = _rel(root, path)
        raw = prose(path.read_text(encoding="utf-8"))
        targets = [(start, target) for start, _, _, target in links(raw)]
        targets += [(m.start(), m.group(2)) for m in DEFINITION_RE.finditer(raw)]
        for start, target in targets:
            page, anchor = resolve(root, path, target)
            if page is None:
                continue
            where = f"{rel}:{_line(raw, start)}: link {target!r}"
            if not page.is_relative_to(top):
                problems.append(f"{where} leaves the repository")
            elif not page.exists():
                problems.append(f"{where}: no such file or folder")
            elif anchor and page.suffix == ".md" and page.is_file() and anchor not in anchors(page):
                problems.append(f"{where}: {_rel(top, page)} has no heading #{anchor}")
    return problems


def tile_problems(root: Path) -> list[str]:
    """Rows of the stone table in ``docs/sources/tikal-tiles.md`` that differ from the manifest."""
    manifest = json.loads(
        (root / "tikalspeed" / "data" / "manifest.json").read_text(encoding="utf-8")
    )
    want = {}
    for tile in manifest["tiles"]:
        value = tile.get("value", tile.get("masks", "–"))
        want[tile["id"]] = [tile["kind"], str(value), *map(str, tile["stones"])]
    text = (root / "docs" / "sources" / "tikal-tiles.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([A-G][0-9]) \|(.*)\|\s*$", text, re.M)
    got = {tile: [c.strip() for c in rest.split("|")][:8] for tile, rest in rows}
    problems = [
        f"tile {t}: the page says {got.get(t)}, the manifest {w}"
        for t, w in want.items()
        if got.get(t) != w
    ]
    problems += [f"tile {t}: on the page, not in the manifest" for t in got if t not in want]
    return problems


# --- the tests ------------------------------------------------------------------------


def test_patterns() -> None:
    """The tag, word and link patterns themselves."""
    text = 'x [C: UBG, LEHI (partial), "1–6 AP", superfred; 2 camps: LUD2, both] [I] [see] y'
    found = [(inside, tag_sources(inside)) for _, inside in tags(text)]
    assert found == [
        (
            'C: UBG, LEHI (partial), "1–6 AP", superfred; 2 camps: LUD2, both',
            (["UBG", "LEHI", "LUD2"], ["superfred", "both"]),
        ),
        ("I", ([], [])),
    ]
    assert tag_sources("D: skula; it settles [tikal.md §9.4]")[1] == ["skula"]
    assert tag_sources("C: the box's 4 colours, [§1.5][tikal.md §1.5]") == ([], [])
    md = "[a](b.md#c) [§2][t §2] [t §3] [no] [code `x`]\n\n[t §2]: p.md#2\n[t §3]: p.md#3\n"
    assert [(text, target) for _, _, text, target in links(md)] == [
        ("a", "b.md#c"),
        ("§2", "p.md#2"),
        ("t §3", "p.md#3"),
    ]
    assert slug("2.2 Placing a terrain hexagon") == "22-placing-a-terrain-hexagon"
    assert slug("Tikal on Speed: one round") == "tikal-on-speed-one-round"
    assert slug("The API (both packages keep it: [`docs/contract.md`](docs/contract.md))") == (
        "the-api-both-packages-keep-it-docscontractmd"
    )
    assert prose("a `§1` b\n```\n§2\n```\n").count("§") == 0


def test_sources_md_defines_both_games() -> None:
    """docs/sources.md has a table of sources for each game."""
    defined = defined_sources(ROOT)
    assert {"Tikal", "Tiki"} <= set(defined)
    assert {"UBG", "SBW-F", "skula", "seed"} <= defined["Tikal"]
    assert {f"S{n}" for n in range(1, 14)} <= defined["Tiki"]


def test_every_cited_source_is_defined() -> None:
    """Every source code in the specs and the docs is defined in docs/sources.md."""
    problems = source_problems(ROOT)
    assert not problems, "\n".join(problems)


def test_every_open_question_is_restated() -> None:
    """Every A1…A14, G1…G14 a Tiki file names is in docs/sources/tiki.md."""
    problems = question_problems(ROOT)
    assert not problems, "\n".join(problems)


def test_every_section_reference_resolves() -> None:
    """Every § reference links to its section of a docs/sources/ page."""
    problems = section_problems(ROOT)
    assert not problems, "\n".join(problems)


def test_every_link_resolves() -> None:
    """Every relative link in specs/, docs/ and README.md reaches a file and its heading."""
    problems = link_problems(ROOT)
    assert not problems, "\n".join(problems)


def test_the_tile_table_is_the_manifest() -> None:
    """The stones restated from the tile digest are those of the default manifest."""
    problems = tile_problems(ROOT)
    assert not problems, "\n".join(problems)


MUTATIONS = [
    # (file, old, new, a piece of the problem it must cause)
    ("docs/sources.md", "| `UBG` |", "| UBG |", "source 'UBG' is not defined"),
    (
        "specs/tikal.md",
        "[D: skula, `Direction.java`",
        "[D: skulla, `Direction.java`",
        "source 'skulla'",
    ),
    ("specs/tikal.md", "[C: PL, LUD1, LUD2]", "[C: PL, LUD1, SBW-99]", "source 'SBW-99'"),
    (
        "specs/tikal.md",
        "SOLO speaks of columns",
        "S1 speaks of columns",
        "source 'S1' is not defined under ## Tikal",
    ),
    ("specs/tiki.md", "[D: S13]", "[D: S14]", "source 'S14'"),
    ("specs/tiki.md", "(A2, G3)", "(A15, G3)", "A15 is not in docs/sources/tiki.md"),
    ("specs/tikal.md", "#11-board-and-track", "#11-board", "has no heading #11-board"),
    (
        "specs/tikal.md",
        "[tikal.md §9.4]:",
        "[tikal.md §9.4]: ../docs/sources/tikal.md#10-suggested-engine-defaults\n[x]:",
        "not to the heading of section 9.4",
    ),
    ("specs/tikal.md", "[tikal.md §1.6]", "tikal.md §1.6", "a § reference that is no link"),
    ("docs/sources/tikal.md", "- **7.8** ", "- 7.8 ", "has no section 7.8"),
    (
        "docs/sources/tikal.md",
        "Ambiguities and conflicts",
        "Conflicts",
        "[tikal.md §7.1] links to #7-ambiguities-and-conflicts",
    ),
    ("README.md", "(docs/tiki-cli.md)", "(docs/tiki-cli-gone.md)", "no such file or folder"),
    (
        "docs/sources/tikal-tiles.md",
        "| A1 | temple | 1 | 0 | 0 | 0 | 2 | 1 | 0 |",
        "| A1 | temple | 1 | 0 | 0 | 0 | 2 | 0 | 1 |",
        "tile A1",
    ),
]


def test_the_checks_catch_mistakes(tmp_path: Path) -> None:
    """On a copy with one mistake of each kind, every check fails as it should."""
    for part in ("specs", "docs"):
        shutil.copytree(ROOT / part, tmp_path / part)
    shutil.copy(ROOT / "README.md", tmp_path / "README.md")
    (tmp_path / "tikalspeed" / "data").mkdir(parents=True)
    shutil.copy(ROOT / "tikalspeed" / "data" / "manifest.json", tmp_path / "tikalspeed" / "data")
    for path in markdown(ROOT):  # the other files and folders the links reach, empty
        for _, _, _, target in links(prose(path.read_text(encoding="utf-8"))):
            page, _ = resolve(ROOT, path, target)
            copy = tmp_path / page.relative_to(ROOT) if page and page.is_relative_to(ROOT) else None
            if copy is not None and not copy.exists():
                copy.parent.mkdir(parents=True, exist_ok=True)
                copy.mkdir() if page.is_dir() else copy.touch()
    checks = (source_problems, question_problems, section_problems, link_problems, tile_problems)
    assert [p for check in checks for p in check(tmp_path)] == []
    for rel, old, new, _ in MUTATIONS:
        path = tmp_path / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{rel}: the mutation's text {old!r} is gone; update MUTATIONS"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    found = "\n".join(p for check in checks for p in check(tmp_path))
    missed = [expected for _, _, _, expected in MUTATIONS if expected not in found]
    assert not missed, f"mistakes the checks did not catch: {missed}\n{found}"


@pytest.mark.parametrize("page", ["tikal.md", "tikal-tiles.md", "tiki.md"])
def test_each_digest_has_its_page(page: str) -> None:
    """Each digest the specs cite has its page in docs/sources/, linked from sources.md."""
    assert (ROOT / "docs" / "sources" / page).is_file()
    assert f"(sources/{page}" in (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
