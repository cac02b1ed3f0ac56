"""Collection for the whole tree: the adapters' modules need their extras.

``tools/adapters/`` of each game import OpenSpiel and
PettingZoo, which come with ``pip install '.[openspiel]'`` and ``'.[pettingzoo]'``;
the adapters' pages in ``docs/`` need both. Without them these are not collected (CI installs both, so there they run).
"""

from __future__ import annotations

import importlib.util

_EXTRAS = {
    "pyspiel": [
        "tiki/tools/adapters/openspiel.py", "tikalspeed/tools/adapters/openspiel.py",
        "docs/tiki-adapters.md", "docs/tikal-adapters.md",
    ],
    "pettingzoo": [
        "tiki/tools/adapters/pettingzoo.py", "tikalspeed/tools/adapters/pettingzoo.py",
        "docs/tiki-adapters.md", "docs/tikal-adapters.md",
    ],
}

collect_ignore = sorted({
    path
    for module, paths in _EXTRAS.items()
    if importlib.util.find_spec(module) is None
    for path in paths
})
