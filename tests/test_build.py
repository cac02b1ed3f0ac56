"""The build under test is the one asked for, whole: compiled or pure, never half.

``setup.py`` compiles the modules of its ``COMPILED`` list with mypyc, or none of them.
``.ci/run`` runs the suite on both builds and says which it expects in
``TIKAL_TIKI_EXPECT`` (``compiled`` or ``pure``), so that a compiled run that silently
fell back to pure Python fails here instead of passing for the wrong build.
"""

from __future__ import annotations

import ast
import importlib
import os
from pathlib import Path

import tikalspeed
import tiki

ROOT = Path(__file__).resolve().parents[1]


def compiled_modules() -> list[str]:
    """The module names of ``setup.py``'s ``COMPILED`` list, read without running it."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED":
            paths = ast.literal_eval(node.value)
            return [p.removesuffix(".py").replace("/", ".") for p in paths]
    raise AssertionError("setup.py has no COMPILED list")


def is_compiled(name: str) -> bool:
    """Whether the imported module ``name`` is an extension module, not its ``.py``."""
    module = importlib.import_module(name)
    return not str(module.__file__).endswith(".py")


def test_the_compiled_list_names_real_modules_of_the_engines() -> None:
    """Every module ``setup.py`` compiles exists, and the engines' hot modules are in it."""
    names = compiled_modules()
    for name in names:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name
    assert {"tikalspeed.engine.contract", "tiki.engine.contract"} <= set(names)


def test_the_build_is_whole_the_flags_say_which_and_it_is_the_one_asked_for() -> None:
    """Either every listed module is compiled or none is, ``COMPILED`` says which, and
    where ``.ci/run`` asks for a build by name (``TIKAL_TIKI_EXPECT``) it is that one."""
    found = {name: is_compiled(name) for name in compiled_modules()}
    assert len(set(found.values())) == 1, found
    whole = next(iter(found.values()))
    assert tikalspeed.COMPILED is whole and tiki.COMPILED is whole
    expected = os.environ.get("TIKAL_TIKI_EXPECT", "compiled" if whole else "pure")
    assert expected in ("compiled", "pure"), expected
    assert whole is (expected == "compiled"), f"this is not the {expected} build"


def _ext_modules(*argv: str) -> int:
    """How many extension modules ``setup.py`` asks for when run with ``argv`` (its
    ``setup`` replaced by one that only counts them)."""
    import subprocess
    import sys

    script = (
        "import runpy, sys, setuptools\n"
        "setuptools.setup = lambda **k: print(len(k['ext_modules']))\n"
        f"sys.argv = ['setup.py', *{list(argv)!r}]\n"
        "runpy.run_path('setup.py', run_name='__main__')\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("TIKAL_TIKI_")}
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True, timeout=120)
    return int(out.stdout.split()[-1])


def test_the_metadata_steps_compile_nothing() -> None:
    """Issue 31: an editable install took about 3 CPU-minutes although it compiles
    nothing of the core: pip runs ``setup.py`` for its metadata too (``egg_info``),
    and each run had mypyc compile the core. Now only a command that builds code asks
    for the compiled core, and an editable install's build asks for no mypy at all
    (``build_backend.py``); the table builder is always built."""
    assert _ext_modules("egg_info") == 1  # the table builder alone
    assert _ext_modules("dist_info") == 1
    import build_backend

    assert not any("mypy" in r for r in build_backend.get_requires_for_build_editable())
    assert any("mypy" in r for r in build_backend.get_requires_for_build_wheel())
