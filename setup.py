"""The build: the rules core compiled with mypyc where it can be, pure Python otherwise.

Like black and mypy, the wheel compiles the hot modules of both engines (listed in
``COMPILED``) with mypyc when a C compiler is there; the very same ``.py`` files stay
in the wheel and are the pure-Python fallback, and both builds play identical games
(``tests/test_fingerprints.py``). The build is pure Python when

- ``TIKAL_TIKI_PURE=1`` is set (it forces the pure build),
- the install is editable (``pip install -e .``: a working tree whose ``.py`` files
  are the code that runs, so that an edit takes effect and doctests see the source),
- mypyc cannot be imported, or no C compiler builds the extensions (a warning says so).

``TIKAL_TIKI_COMPILE=1`` compiles an editable install too (``.ci/run`` builds the
compiled tree that way, in a copy).

Apart from the compiled core, Tiki's table builder (``tiki/tools/tables/_retro.c``, plain
C, called through ctypes) is built as an optional extension in every build, editable and
pure ones included: without a compiler a warning says so, and building a table then
raises ``TableError`` (probing a built one needs no compiler). Everything else is in
``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys
import warnings

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    # Tikal: the board's paths and the engine (every mode); not the attrs records,
    # whose attrs.field declarations mypyc cannot compile
    "tikalspeed/board/hexgrid.py",
    "tikalspeed/board/terrain.py",
    "tikalspeed/model/view.py",
    "tikalspeed/engine/work.py",
    "tikalspeed/engine/ap/legal.py",
    "tikalspeed/engine/ap/effects.py",
    "tikalspeed/engine/ap/refusals.py",
    "tikalspeed/engine/turns.py",
    "tikalspeed/engine/auction.py",
    "tikalspeed/engine/_jump.py",
    "tikalspeed/engine/speed.py",
    "tikalspeed/engine/legality.py",
    "tikalspeed/engine/fields.py",
    "tikalspeed/engine/contract.py",
    # Tiki: the island and the engine
    "tiki/board/island.py",
    "tiki/engine/moves.py",
    "tiki/engine/contract.py",
    # the kit: a study game's loop, its measures, a random bot's draw and the engines'
    # records built slot by slot (the attrs classes stay out)
    "gamekit/studies/loop.py",
    "gamekit/studies/moments.py",
    "gamekit/draws.py",  # a random bot's draw, a ply
    "gamekit/records.py",  # the engines' new states, slot by slot
    # Tiki's search solver (tiki.solve without tables): the position code and its proofs
    "tiki/tools/solve/code.py",
    "tiki/tools/solve/search.py",
]
"""The modules mypyc compiles, paths from the project root."""

TABLES = Extension(
    "tiki.tools.tables._retro",
    ["tiki/tools/tables/_retro.c"],
    extra_compile_args=["-O2"] if os.name == "posix" else [],
)
"""Tiki's table builder: C loaded with ctypes, built in every build where it can be."""


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


_BUILDS = frozenset({"build", "build_ext", "bdist_wheel", "bdist_egg", "install",
                     "develop", "editable_wheel"})  # fmt: skip
"""The commands that build code. pip runs setup.py for other steps too (``egg_info``,
``dist_info``: the metadata), which need no compiled core: mypyc is run only here."""


def _wanted() -> bool:
    if _flag("TIKAL_TIKI_PURE"):
        return False
    if not _BUILDS.intersection(sys.argv[1:]):  # metadata only: nothing to compile
        return False
    editable = any(a in ("editable_wheel", "develop") for a in sys.argv)
    return not editable or _flag("TIKAL_TIKI_COMPILE")


class _OptionalBuildExt(build_ext):
    """Build the compiled core if a compiler can; otherwise leave the pure build. The
    table builder is built first, on its own: its failure is a warning only."""

    def build_extension(self, ext: Extension) -> None:
        if ext.name != TABLES.name:
            super().build_extension(ext)
            return
        try:
            super().build_extension(ext)
        except Exception as error:  # no compiler: tables cannot be built here
            warnings.warn(
                f"tikal-tiki-rules: Tiki's table builder was not compiled ({error}); "
                "'tiki tables build' will say so (probing built tables still works)",
                stacklevel=1,
            )

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, or it failed: fall back, never break
            if _flag("TIKAL_TIKI_COMPILE"):
                raise
            warnings.warn(
                f"tikal-tiki-rules: the compiled core was not built ({error}); "
                "installing the pure-Python build",
                stacklevel=1,
            )
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if ext.name != TABLES.name and os.path.exists(path):
                    os.remove(path)
            self.extensions = []


def _ext_modules() -> list[object]:
    return [TABLES, *_core()]


def _core() -> list[object]:
    if not _wanted():
        return []
    try:
        from mypyc.build import mypycify

        return list(mypycify(COMPILED, opt_level="3"))
    except (Exception, SystemExit) as error:  # no mypyc here, or it refused the code
        if _flag("TIKAL_TIKI_COMPILE"):
            raise
        warnings.warn(
            f"tikal-tiki-rules: mypyc did not compile the core ({error!r}); "
            "installing the pure-Python build",
            stacklevel=1,
        )
        return []


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": _OptionalBuildExt})
