"""The packages' layout: modules that moved into the layers still import by their old
names (as the same module, with a ``DeprecationWarning``), and the public names of
both packages stay importable from the package itself."""

from __future__ import annotations

import importlib
import sys
import warnings
from pathlib import Path

import pytest

import tikalspeed
import tiki

MOVED = {
    "tiki": {
        "actions": "model.actions",
        "bench": "tools.bench",
        "bots": "tools.bots",
        "cli": "tools.cli",
        "events": "model.events",
        "moves": "engine.moves",
        "notation": "text.notation",
        "record": "text.record",
        "render": "tools.cli.board",
        "rules": "model.rules",
        "state": "model.state",
    },
    "tikalspeed": {
        "actions": "model.actions",
        "apactions": "engine.ap",
        "auction": "engine.auction",
        "bench": "tools.bench",
        "bots": "tools.bots",
        "cli": "tools.cli",
        "events": "model.events",
        "flow": "engine.turns",
        "hexgrid": "board.hexgrid",
        "manifest": "board",
        "notation": "text.notation",
        "record": "text.record",
        "render": "tools.cli.board",
        "rules": "model.rules",
        "speed": "engine.speed",
        "state": "model.state",
        "terrain": "board.terrain",
        "tiles": "board.tiles",
        "work": "engine.work",
    },
}
"""Per package: each module's name before the layers (0.1) and the module it became."""

TOOLS_MOVED = {
    "tools.render": "tools.cli.board",
    "tools.narration": "tools.cli.narration",
    "tools.mcts": "tools.bots.search",
    "tools.scenario": "tools.scenarios",
    "tools.why": "tools.scenarios.why",
    "tools.simulate": "tools.studies",
    "tools.fuzz": "tools.fuzzing",
}
"""The tools modules that went into folders by concern in 0.3 (both packages)."""


@pytest.mark.parametrize(
    ("old", "new"),
    [(f"{pkg}.{a}", f"{pkg}.{b}") for pkg, moved in MOVED.items() for a, b in moved.items()]
    + [(f"{pkg}.{a}", f"{pkg}.{b}") for pkg in MOVED for a, b in TOOLS_MOVED.items()],
)
def test_old_module_path_imports_the_moved_module(old: str, new: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=f"{old} is now {new}"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    parent, _, name = old.rpartition(".")
    assert getattr(sys.modules[parent], name) is module


def test_old_from_import_of_a_moved_name_works() -> None:
    sys.modules.pop("tiki.rules", None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from tiki.rules import Rules
    assert Rules is tiki.Rules


def test_public_json_module_imports_without_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        import tiki.jsonio

        assert tiki.jsonio is importlib.import_module("tiki.text.jsonio")


def test_board_and_engine_keep_their_names() -> None:
    """``tiki.board`` and ``tiki.engine`` became subpackages that export what the
    modules of those names did."""
    import tiki.board
    import tiki.engine

    assert tiki.board.B2 == tiki.B2 and tiki.board.edge_name is tiki.edge_name
    assert tiki.engine.step is tiki.step and tiki.engine.legal_actions is tiki.legal_actions


def test_tikalspeed_old_imports_of_public_names_work() -> None:
    """What 0.1 users imported from the modules that moved still imports from there."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from tikalspeed.manifest import Manifest, load_manifest
        from tikalspeed.notation import from_text, parse_action, to_text
        from tikalspeed.speed import MAX_TOKENS, TOKENS
        from tikalspeed.state import CHANCE, Phase, State

        from tikalspeed.engine import legal_actions, step

    assert (legal_actions, step) == (tikalspeed.legal_actions, tikalspeed.step)
    assert (Manifest, load_manifest) == (tikalspeed.Manifest, tikalspeed.load_manifest)
    assert (from_text, parse_action, to_text) == (
        tikalspeed.from_text,
        tikalspeed.parse_action,
        tikalspeed.to_text,
    )
    assert (TOKENS, MAX_TOKENS, CHANCE, Phase, State) == (
        10,
        5,
        tikalspeed.CHANCE,
        tikalspeed.Phase,
        tikalspeed.State,
    )


def test_a_state_reads_flat_as_before() -> None:
    """A State is five records now; every field still reads by its 0.1 name."""
    s = tikalspeed.new_game(tikalspeed.Rules(mode="professional", players=3))
    assert s.scores == s.expeditions.scores == (20, 20, 20)
    assert s.phase is s.turn.phase and s.placed is s.jungle.placed
    assert s.round_opener == s.auction.round_opener and s.tokens == s.speed.tokens == ()
    assert s.replace(ap=3).turn.ap == 3 and s.replace(ap=3).jungle is s.jungle
    with pytest.raises(TypeError, match="no field 'colour'"):
        s.replace(colour=1)


@pytest.mark.parametrize("pkg", [tiki, tikalspeed])
def test_every_public_name_is_importable(pkg: object) -> None:
    for name in pkg.__all__:  # type: ignore[attr-defined]
        assert getattr(pkg, name) is not None


def test_errors_are_the_ground_floor() -> None:
    """Both packages keep their error family in ``errors``, as in 0.1: every layer may
    raise them (docs/architecture.md)."""
    assert tiki.NotationError.__module__ == "tiki.errors"
    assert tikalspeed.NotationError.__module__ == "tikalspeed.errors"
    assert issubclass(tikalspeed.ManifestError, tikalspeed.NotationError)


def test_every_module_fits_in_a_head() -> None:
    """No module of the three packages is much over 400 lines (docs/architecture.md)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    long = {
        str(p.relative_to(root)): n
        for pkg in ("gamekit", "tiki", "tikalspeed")
        for p in sorted((root / pkg).rglob("*.py"))
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 450
    }
    assert not long, f"modules over 450 lines: {long}"


def test_console_scripts_name_their_modules_by_the_new_paths() -> None:
    """``tiki`` and ``tikalspeed`` start without a DeprecationWarning."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    scripts = tomllib.loads((root / "pyproject.toml").read_text())["project"]["scripts"]
    assert set(scripts) == {"tiki", "tikalspeed"}
    moved = {**tiki._MOVED, **tikalspeed._MOVED}
    for target in scripts.values():
        module, _, function = target.partition(":")
        assert module not in moved, f"{target} names a module by its old path"
        assert callable(getattr(importlib.import_module(module), function))


def test_layer_pictures_are_current() -> None:
    """docs/layers-<package>.svg shows the layers as the files are (``python
    docs/layers.py`` rewrites them)."""
    import importlib.util
    from pathlib import Path

    where = Path(__file__).resolve().parents[1] / "docs" / "layers.py"
    spec = importlib.util.spec_from_file_location("docs_layers", where)
    assert spec is not None and spec.loader is not None
    layers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(layers)
    for package in ("gamekit", "tiki", "tikalspeed"):
        picture = layers.path(package)
        assert picture.read_text(encoding="utf-8") == layers.svg(package), (
            f"{picture.name} is out of date: run python docs/layers.py"
        )


def test_no_module_of_one_game_is_a_file_of_the_other() -> None:
    """What knows neither game is written once, in :mod:`gamekit`: no module of
    ``tiki`` is the same file as one of ``tikalspeed`` (docs/architecture.md)."""
    root = Path(__file__).resolve().parents[1]
    tiki_files = {p.read_bytes(): p for p in (root / "tiki").rglob("*.py")}
    same = [
        (str(p.relative_to(root)), str(tiki_files[p.read_bytes()].relative_to(root)))
        for p in (root / "tikalspeed").rglob("*.py")
        if p.read_bytes() in tiki_files and p.read_bytes().strip()
    ]
    assert not same, f"the same file in both games: {same}"
