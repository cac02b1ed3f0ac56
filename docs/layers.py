"""Draw the layers of a package as an SVG picture: ``docs/layers-<package>.svg``.

Each layer is a band, top to bottom as they lean on each other, holding its modules
(public ones in bold, private ``_`` ones in grey); a subpackage inside a layer (Tikal's
``engine/ap``) is drawn as one box. The picture is made from the files alone, so it is
always the layout as it is: ``tests/test_layout.py`` fails when a picture is out of
date. Rewrite them with ``python docs/layers.py``. Under each game's layers lies the shared kit
(:mod:`gamekit`, its own picture), which every layer may use and which uses no game.

>>> "engine" in svg("tikalspeed") and "island" in svg("tiki") and "fuzzing" in svg("gamekit")
True
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LAYERS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "tikalspeed": (
        ("tools", ("cli", "scenarios", "studies", "fuzzing", "adapters", "bench", "bots")),
        ("game", ()),
        ("svg", ()),
        ("text", ("jsonio", "record", "notation", "position", "check", "rulestext", "clauses", "words")),
        ("engine", ("contract", "legality", "speed", "auction", "turns", "ap", "work")),
        ("model", ("events", "actions", "state", "records", "rules")),
        (
            "board",
            ("terrain", "manifestjson", "manifest", "components", "printed", "tiles", "hexgrid"),
        ),
        ("", ("errors", "bounds")),
    ),
    "tiki": (
        ("tools", ("cli", "scenarios", "studies", "fuzzing", "adapters", "bench", "solve", "bots")),
        ("game", ()),
        ("svg", ()),
        ("text", ("jsonio", "record", "notation", "check", "clauses", "words")),
        ("engine", ("contract", "moves")),
        ("model", ("symmetry", "events", "actions", "state", "rules")),
        ("board", ("layouts", "island")),
        ("", ("errors",)),
    ),
    "gamekit": (
        ("command line", ("cli",)),
        ("the server", ("server",)),
        ("tools", ("scenarios", "studies", "fuzzing")),
        ("play", ("bots", "pictures", "yardstick", "decision")),
        ("ground floor", ("game", "clauses", "words", "refusals", "forms", "numbers", "files", "moved", "draws", "records")),
        ("languages", ("i18n",)),
    ),
}
"""Per package, its layers from the top, each with its public modules in the order they
lean on each other (the first leans on the later ones). The kit's layers are groups of
its top-level modules and folders, named exactly; under each game lies the kit."""

KIT = "gamekit"
"""The shared kit: its own picture, and the band under every game's layers."""

_WIDTH = 940
_LABEL = 110
_BOX_H = 26
_CHAR = 7.2  # width of a character of the 12px monospace font


def _modules(package: str, layer: str) -> list[str]:
    """The modules and subpackages of one layer, by their names in its folder."""
    if package == KIT:
        return [n for band, names in LAYERS[KIT] if band == layer for n in names]
    if layer == KIT:  # the band under a game: the kit's top-level modules and folders
        return [n for _, names in LAYERS[KIT] for n in names]
    folder = ROOT / package / layer
    if (ROOT / package / f"{layer}.py").exists():  # a layer of one module: the descriptor
        return [layer]
    if not layer:
        layers = {name for name, _ in LAYERS[package]}
        names = [
            p.stem
            for p in folder.glob("*.py")
            if not p.stem.startswith("__") and p.stem not in layers
        ]
    else:
        names = [p.stem for p in folder.glob("*.py") if p.stem != "__init__"]
        names += [p.name for p in folder.iterdir() if (p / "__init__.py").exists()]
    return names


def _ordered(package: str, layer: str, public: tuple[str, ...]) -> list[str]:
    found = set(_modules(package, layer))
    first = [m for m in public if m in found]
    rest = sorted(found - set(first), key=lambda m: (m.lstrip("_"), m))
    return first + rest


def _rows(modules: list[str]) -> list[list[tuple[str, float]]]:
    """The modules laid out in rows of boxes that fit the width: ``(name, box width)``."""
    rows: list[list[tuple[str, float]]] = [[]]
    x = _LABEL
    for module in modules:
        width = len(module) * _CHAR + 14
        if x + width > _WIDTH - 16 and rows[-1]:
            rows.append([])
            x = _LABEL
        rows[-1].append((module, width))
        x += width + 8
    return rows


def svg(package: str) -> str:
    """The picture of ``package``'s layers, as SVG text; a game's ends with the kit."""
    layers = LAYERS[package] if package == KIT else (*LAYERS[package], (KIT, ()))
    bands = [(layer, _rows(_ordered(package, layer, public))) for layer, public in layers]
    heights = [len(rows) * (_BOX_H + 8) + 18 for _, rows in bands]
    height = 40 + sum(heights) + 8 * len(bands) + 12
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
        f'viewBox="0 0 {_WIDTH} {height}" font-family="monospace" font-size="12">',
        f'<rect width="{_WIDTH}" height="{height}" fill="#ffffff"/>',
        f'<text x="12" y="24" font-size="15" font-weight="bold">{package}: the layers, '
        "each leaning only on those below; private modules in grey</text>"
        if package != KIT
        else f'<text x="12" y="24" font-size="15" font-weight="bold">{KIT}: what knows '
        "neither game, under both; each layer leans only on those below</text>",
    ]
    top = 40
    for i, ((layer, rows), band) in enumerate(zip(bands, heights, strict=True)):
        fill = "#f3f6fb" if i % 2 else "#e8eef7"
        out.append(
            f'<rect x="8" y="{top}" width="{_WIDTH - 16}" height="{band}" rx="6" '
            f'fill="{fill}" stroke="#9fb3cf"/>'
        )
        out.append(
            f'<text x="18" y="{top + band / 2 + 4:.0f}" font-weight="bold">'
            f"{escape(layer or 'ground floor')}</text>"
        )
        for r, row in enumerate(rows):
            x = float(_LABEL)
            y = top + 9 + r * (_BOX_H + 8)
            for module, width in row:
                private = module.startswith("_")
                stroke, weight, colour = (
                    ("#c4c4c4", "normal", "#8a8a8a") if private else ("#4a6890", "bold", "#1d2b3a")
                )
                out.append(
                    f'<rect x="{x:.0f}" y="{y}" width="{width:.0f}" height="{_BOX_H}" rx="4" '
                    f'fill="#ffffff" stroke="{stroke}"/>'
                )
                out.append(
                    f'<text x="{x + 7:.0f}" y="{y + 17}" fill="{colour}" '
                    f'font-weight="{weight}">{escape(module)}</text>'
                )
                x += width + 8
        top += band + 8
        if i + 1 < len(bands):
            out.append(
                f'<path d="M 60 {top - 13} l 0 10 m -4 -5 l 4 5 l 4 -5" '
                'stroke="#4a6890" fill="none"/>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def path(package: str) -> Path:
    """Where the picture of ``package`` lives."""
    return ROOT / "docs" / f"layers-{package}.svg"


def main() -> int:
    """Rewrite the three pictures; print which changed."""
    for package in LAYERS:
        text = svg(package)
        target = path(package)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
