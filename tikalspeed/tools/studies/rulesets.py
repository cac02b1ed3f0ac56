"""A study's rulesets as text: the rules text, plus the study-only item ``tiles=PATH``.

A study names each ruleset by its rules text (``mode=speed;players=4``), and its
workers, other processes, read the ruleset back from that text. The rules text can
name a manifest but not hold one (``manifest=<name>@<version>``, TIKAL-TILE-7), so a
study takes its tiles from a file: ``tiles=PATH`` names a manifest JSON file, read
when the ruleset is read (a regular file of at most :data:`MAX_TILES_BYTES` bytes,
checked by :func:`tikalspeed.load_manifest`), and the ruleset's text written back
carries ``tiles=PATH`` again, after the mode and the players. A worker reads the file
again by its path: it must stay where it is, unchanged, while the study runs (a
relative path is read from the working directory, which local workers share).
``tiles=`` is not a :class:`~tikalspeed.Rules` field: positions and records still
name their manifest with ``manifest=``.

>>> import json, os, tempfile, tikalspeed
>>> path = os.path.join(tempfile.mkdtemp(), "mine.json")
>>> data = tikalspeed.manifest_to_json(tikalspeed.load_manifest()) | {"name": "mine"}
>>> with open(path, "w") as f:
...     json.dump(data, f)
>>> rules = parse_rules(f"players=2;tiles={path};two_volcanoes=last-secured")
>>> rules.manifest.name, rules.players, rules.two_volcanoes
('mine', 2, 'last-secured')
>>> ruleset_text(rules) == f"mode=speed;players=2;tiles={path};two_volcanoes=last-secured"
True
>>> parse_rules(ruleset_text(rules)) == rules
True
>>> parse_rules("players=2;tiles=no-such-file.json")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tikalspeed.errors.NotationError: tiles='no-such-file.json': cannot read it: No such ... (at 16)
"""

from __future__ import annotations

import attrs

from gamekit.files import read_text

from ...board.manifest import Manifest
from ...board.manifestjson import load_manifest
from ...errors import NotationError
from ...model.rules import Rules
from ...text.notation import rules_from_text, rules_to_text

__all__ = ["MAX_TILES_BYTES", "TILES", "parse_rules", "read_tiles", "ruleset_text"]

TILES = "tiles"
"""The study-only item of a ruleset's text: ``tiles=PATH``, a manifest JSON file."""

MAX_TILES_BYTES = 256 * 1024
"""The largest manifest file ``tiles=`` reads: 256 KiB, some fifty times the packaged
manifest (about 5 kB)."""

_NAMED = ("mode", "players")

_PATHS: dict[Manifest, str] = {}
"""The path each manifest read by ``tiles=`` came from, so that :func:`ruleset_text`
can name it again (a manifest is a frozen value: equal manifests share a path)."""


def read_tiles(path: str, position: int | None = None) -> Manifest:
    """The manifest in the file at ``path`` (``tiles=PATH``): a regular file of at most
    :data:`MAX_TILES_BYTES` bytes, holding a valid manifest (TIKAL-TILE-7) with its own
    name or version. A :class:`~tikalspeed.NotationError` at ``position`` names the
    item and says what is wrong (no such file, not a regular file, too large, not
    UTF-8, a bad manifest)."""
    item = f"{TILES}={path!r}"
    if not path:
        raise NotationError(f"{TILES}= needs the path of a manifest JSON file", position)
    try:
        text = read_text(path, limit=MAX_TILES_BYTES)
    except OSError as e:
        raise NotationError(f"{item}: cannot read it: {e.strerror}", position) from None
    except UnicodeDecodeError:
        raise NotationError(f"{item}: not UTF-8 text", position) from None
    if not text.lstrip().startswith("{"):
        raise NotationError(f"{item}: not a manifest: a JSON object is expected", position)
    try:
        manifest = load_manifest(text)
    except NotationError as e:  # ManifestError: malformed, or breaking a clause
        raise NotationError(f"{item}: {e}", position) from None
    if manifest == load_manifest():
        return load_manifest()  # the packaged tiles: nothing to name
    _PATHS[manifest] = path
    return manifest


def parse_rules(text: str) -> Rules:
    """A study's ruleset from its rules text (``mode=classic;players=2``), with at most
    one ``tiles=PATH`` item (:func:`read_tiles`) giving the manifest; a
    :class:`~tikalspeed.NotationError` names the bad item, at its offset in ``text``."""
    if not isinstance(text, str):
        return rules_from_text(text)  # its own NotationError for a text that is no str
    items = text.split(";")
    found = [i for i, item in enumerate(items) if item.partition("=")[0] == TILES]
    if not found:
        return rules_from_text(text)
    starts = [sum(len(item) + 1 for item in items[:i]) for i in range(len(items))]
    if len(found) > 1:
        raise NotationError(f"rule {TILES!r} is given twice", starts[found[1]])
    at = found[0]
    if any(item.partition("=")[0] == "manifest" for item in items):
        raise NotationError(f"{TILES}=PATH gives the manifest: leave out manifest=", starts[at])
    manifest = read_tiles(items[at].partition("=")[2], starts[at] + len(TILES) + 1)
    rest = ";".join(items[:at] + items[at + 1 :])
    skipped = len(items[at]) + 1
    try:
        rules = rules_from_text(rest)
    except NotationError as e:
        if not isinstance(e.position, int):
            raise
        message = str(e).removesuffix(f" (at {e.position})")
        where = e.position + (skipped if e.position >= starts[at] else 0)
        raise NotationError(message, where) from None
    # tiles of a mix of their own play it, unless tile_mix says otherwise (TIKAL-TILE-8)
    mixed = any(item.partition("=")[0] == "tile_mix" for item in items)
    try:
        return attrs.evolve(
            rules, manifest=manifest, tile_mix=rules.tile_mix if mixed else manifest.mix
        )
    except ValueError as e:
        raise NotationError(f"{TILES}={items[at].partition('=')[2]!r}: {e}", starts[at]) from None


def ruleset_text(rules: Rules) -> str:
    """The ruleset as a study names it: the rules text, always with the mode and the
    players (``mode=speed;players=4;forfeit=true``), and ``tiles=PATH`` for a manifest
    that :func:`parse_rules` read from ``PATH``. A ``ValueError`` for any other
    manifest than the packaged one: a study's workers could not read it back."""
    items = [f"mode={rules.mode}", f"players={rules.players}"]
    given = rules.manifest.taken_from or rules.manifest  # the box of a tile mix (TIKAL-TILE-8)
    if given != load_manifest():
        path = _PATHS.get(given)
        if path is None:
            raise ValueError(
                f"the manifest {given.name!r} version {given.version} "
                f"was not read from a file: a study takes other tiles as {TILES}=PATH"
            )
        items.append(f"{TILES}={path}")
        rules = attrs.evolve(rules, manifest=load_manifest())
    items += [i for i in rules_to_text(rules).split(";") if i and i.split("=")[0] not in _NAMED]
    return ";".join(items)
