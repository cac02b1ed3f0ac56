"""The build backend: setuptools', asking for mypy only where the core is compiled.

A wheel compiles the hot modules with mypyc (``setup.py``), so building one needs mypy
and attrs; an editable install (``pip install -e .``) is the pure-Python build unless
``TIKAL_TIKI_COMPILE=1`` asks otherwise, and needs only setuptools: without this, pip
installed mypy into the build's own environment for every editable install. Everything
else is ``setuptools.build_meta`` itself (PEP 517, an in-tree backend).
"""

from __future__ import annotations

import os

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403 - the backend's other hooks, as they are

COMPILER = ["mypy>=1.8", "attrs>=23.1"]
"""What compiling the core needs, beside setuptools."""


def _compiling() -> bool:
    flag = os.environ.get("TIKAL_TIKI_COMPILE", "").strip().lower()
    pure = os.environ.get("TIKAL_TIKI_PURE", "").strip().lower()
    return flag not in ("", "0", "false", "no") and pure in ("", "0", "false", "no")


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    """A wheel compiles the core where it can: mypy and attrs too."""
    return [*build_meta.get_requires_for_build_wheel(config_settings), *COMPILER]


def get_requires_for_build_editable(
    config_settings: dict[str, object] | None = None,
) -> list[str]:
    """An editable install is pure Python unless ``TIKAL_TIKI_COMPILE=1``."""
    extra = COMPILER if _compiling() else []
    return [*build_meta.get_requires_for_build_editable(config_settings), *extra]
