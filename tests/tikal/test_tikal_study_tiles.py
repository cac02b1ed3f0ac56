"""A study's own tiles (issue 21): the study-only item ``tiles=PATH`` of a ruleset's
text (``tikalspeed.tools.studies.rulesets``) reads a manifest file, bounded, travels
in the ruleset's text to the workers, and lets ``two_volcanoes`` (SPEED-AUCTION-3)
matter with the tiles shipped for it, ``docs/study/two-volcanoes.json``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs
import pytest

from tikalspeed import Kind, NotationError, Rules, load_manifest, manifest_to_json
from tikalspeed.tools import studies
from tikalspeed.tools.cli import main
from tikalspeed.tools.studies.rulesets import MAX_TILES_BYTES, parse_rules, ruleset_text

SHIPPED = Path(__file__).resolve().parents[2] / "docs" / "study" / "two-volcanoes.json"
"""The manifest shipped for studies of ``two_volcanoes``."""


def test_the_shipped_tiles_are_the_packaged_ones_with_two_volcanoes_in_pile_a() -> None:
    """SPEED-AUCTION-3, TIKAL-TILE-7: the shipped manifest is valid, has its own name,
    and differs from the packaged one only in the backs of B1, D3 (now A) and A5, A6
    (now B, D): two volcanoes lie in one pile, so one display can show both."""
    manifest = load_manifest(SHIPPED)
    default = load_manifest()
    assert (manifest.name, manifest.version) == ("two-volcanoes", 1)
    letters = {"B1": "A", "D3": "A", "A5": "B", "A6": "D"}
    relettered = tuple(attrs.evolve(t, letter=letters.get(t.id, t.letter)) for t in default.tiles)
    assert manifest.tiles == relettered and manifest.board == default.board
    assert sorted(t.id for t in manifest.tiles if t.kind is Kind.VOLCANO and t.letter == "A") == [
        "B1",
        "D3",
    ]


def test_tiles_round_trips_in_the_ruleset_text() -> None:
    """``tiles=PATH`` gives the rules the file's manifest, and the ruleset's text names
    the file again, after the mode and the players: a worker reads the same rules."""
    text = f"players=2;tiles={SHIPPED};two_volcanoes=last-secured"
    rules = parse_rules(text)
    assert rules == Rules(players=2, manifest=load_manifest(SHIPPED), two_volcanoes="last-secured")
    written = ruleset_text(rules)
    assert written == f"mode=speed;players=2;tiles={SHIPPED};two_volcanoes=last-secured"
    assert parse_rules(written) == rules
    assert ruleset_text(Rules(players=3)) == "mode=speed;players=3"


def test_workers_read_the_tiles_again_by_path() -> None:
    """Workers are other processes: they get the ruleset's text, read the file by its
    path, and play the very games one process plays."""
    rules = parse_rules(f"players=2;tiles={SHIPPED}")
    one = studies.simulate([rules], 2, bots=["random"])
    two = studies.simulate([rules], 2, bots=["random"], jobs=2)
    assert one == two and one[0]["ruleset"] == f"mode=speed;players=2;tiles={SHIPPED}"


def test_two_volcanoes_changes_a_game_with_the_shipped_tiles() -> None:
    """SPEED-AUCTION-3: with the shipped tiles the volcanoes B1 and D3 show in one
    display in game 4 of a random-bot study, and the game goes otherwise under
    ``'last-secured'`` than under ``'first-secured'``."""
    base = f"mode=speed;players=2;tiles={SHIPPED}"
    first = studies.play_row(base, 4, ("random", "random"))
    last = studies.play_row(f"{base};two_volcanoes=last-secured", 4, ("random", "random"))
    assert (first["scores"], first["plies"]) != (last["scores"], last["plies"])


def test_the_command_line_compares_two_volcanoes_with_tiles(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``simulate --rules mode=speed players=2 tiles=FILE --compare two_volcanoes=…``."""
    argv = ["simulate", "--games", "1", "--bots", "random", "--rules", "mode=speed"]
    argv += ["players=2", f"tiles={SHIPPED}", "--compare"]
    assert main([*argv, "two_volcanoes=first-secured", "two_volcanoes=last-secured"]) == 0
    out = capsys.readouterr().out
    assert f"mode=speed;players=2;tiles={SHIPPED}: 1 games" in out
    assert f"mode=speed;players=2;tiles={SHIPPED};two_volcanoes=last-secured: 1 games" in out
    assert main(["simulate", "--games", "1", "--rules", "tiles=no-such.json"]) == 2
    assert "tiles='no-such.json': cannot read it" in capsys.readouterr().err


def _bad_files(where: Path) -> dict[str, tuple[str, str]]:
    """Bad ``tiles=`` files by case: (the path, what the message must say)."""
    data = manifest_to_json(load_manifest())
    (where / "big.json").write_text(" " * (MAX_TILES_BYTES + 1), encoding="utf-8")
    (where / "text.json").write_text("tiles", encoding="utf-8")
    (where / "broken.json").write_text(json.dumps({**data, "name": "x", "tiles": 3}))
    posing = {**json.loads(SHIPPED.read_text(encoding="utf-8")), "name": "default"}
    (where / "posing.json").write_text(json.dumps(posing), encoding="utf-8")
    (where / "latin1.json").write_bytes(b"{\xe9}")
    os.mkfifo(where / "fifo")
    return {
        "missing": (str(where / "none.json"), "cannot read it: No such file"),
        "a directory": (str(where), "cannot read it: a directory, not a regular file"),
        "a FIFO": (str(where / "fifo"), "cannot read it: not a regular file"),
        "too large": (str(where / "big.json"), f"larger than {MAX_TILES_BYTES:,} bytes"),
        "not UTF-8": (str(where / "latin1.json"), "not UTF-8 text"),
        "not JSON": (str(where / "text.json"), "not a manifest"),
        "a bad manifest": (str(where / "broken.json"), "tiles must be a list"),
        "posing as the default": (str(where / "posing.json"), "TIKAL-TILE-7"),
        "no path": ("", "tiles= needs the path"),
    }


@pytest.mark.parametrize(
    "case",
    [
        "missing",
        "a directory",
        "a FIFO",
        "too large",
        "not UTF-8",
        "not JSON",
        "a bad manifest",
        "posing as the default",
        "no path",
    ],
)
def test_a_bad_tiles_file_is_refused_naming_the_item(case: str, tmp_path: Path) -> None:
    """A file that is missing, not regular (nothing is read from a FIFO), larger than
    ``MAX_TILES_BYTES``, not UTF-8, not a manifest, or a manifest breaking
    TIKAL-TILE-7 is a ``NotationError`` that names the ``tiles=`` item, at its value."""
    path, says = _bad_files(tmp_path)[case]
    with pytest.raises(NotationError, match="tiles") as caught:
        parse_rules(f"players=2;tiles={path}")
    assert says in str(caught.value) and caught.value.position == len("players=2;tiles=")


def test_tiles_twice_with_a_manifest_or_after_a_bad_item_is_refused() -> None:
    """One ``tiles=`` item, no ``manifest=`` beside it; an error in another item keeps
    its offset in the whole text."""
    twice = f"tiles={SHIPPED};tiles={SHIPPED}"
    with pytest.raises(NotationError, match="'tiles' is given twice"):
        parse_rules(twice)
    with pytest.raises(NotationError, match="leave out manifest="):
        parse_rules(f"manifest=default@1;tiles={SHIPPED}")
    text = f"tiles={SHIPPED};colour=red"
    with pytest.raises(NotationError, match="unknown rule 'colour'") as caught:
        parse_rules(text)
    assert caught.value.position == text.index("colour")


def test_a_manifest_not_read_from_a_file_has_no_ruleset_text() -> None:
    """A study's workers read a ruleset from its text: a manifest that came from no
    ``tiles=`` file cannot be written, and the ``ValueError`` says how to give one."""
    manifest = attrs.evolve(load_manifest(), name="made-in-python")
    with pytest.raises(ValueError, match="tiles=PATH"):
        ruleset_text(Rules(manifest=manifest))
