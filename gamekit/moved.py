"""Old module paths that still import: :func:`install` a package's moves.

When a module moves, its old path keeps working: importing it gives the module it
became (the same object), with a ``DeprecationWarning`` that names the new path. A
package installs its table of moves once, in its ``__init__``.

>>> import importlib, warnings
>>> install({"gamekit.old_clauses": "gamekit.clauses"})
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     old = importlib.import_module("gamekit.old_clauses")
>>> old is importlib.import_module("gamekit.clauses"), str(caught[0].message)
(True, 'gamekit.old_clauses is now gamekit.clauses')
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Mapping, Sequence
from types import ModuleType

__all__ = ["install"]


class _MovedModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports a module by its old name as the module it became."""

    def __init__(self, moves: Mapping[str, str]) -> None:
        self.moves = dict(moves)

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        """A spec for an old module name, else ``None`` (the other finders look)."""
        if fullname not in self.moves:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        new = self.moves[spec.name]
        warnings.warn(f"{spec.name} is now {new}", DeprecationWarning, stacklevel=2)
        return importlib.import_module(new)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module was imported under its new name."""


def install(moves: Mapping[str, str]) -> None:
    """Let every old module name of ``moves`` (old → new, full dotted names) import as
    the module it became, warning with ``DeprecationWarning: <old> is now <new>``."""
    sys.meta_path.append(_MovedModules(moves))
