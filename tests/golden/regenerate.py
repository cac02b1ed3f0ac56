"""Rewrite the golden playthrough files after an intended change in behaviour.

Run from anywhere: ``python tests/golden/regenerate.py`` (or
``python -m tests.golden.regenerate`` from the repository root). The games are those
registered in ``tests/tiki/test_golden.py`` and ``tests/tikal/test_tikal_golden.py``
(``GOLDENS``); files of games no longer registered are removed. The golden pictures,
``tests/golden/svg/*.svg``, are those of ``tests/tiki/test_svg.py`` and
``tests/tikal/test_tikal_svg.py``; the digests of seeded random games,
``tests/golden/fingerprints.json``, those of ``tests/test_fingerprints.py``. Review
``git diff tests/golden`` before committing.
"""

from __future__ import annotations

import sys
from pathlib import Path


def main() -> int:
    """Regenerate every golden file, Tiki's and Tikal's; print what changed."""
    here = Path(__file__).resolve()
    # The repository root first, so that ``import tiki`` finds the package and not a
    # directory named tiki (tests/golden/tiki, tests/tiki) as a namespace package.
    tests = here.parents[1]
    sys.path[:0] = [str(here.parents[2]), str(tests / "tiki"), str(tests / "tikal"), str(tests)]
    import test_fingerprints
    import test_golden
    import test_svg
    import test_tikal_golden
    import test_tikal_svg

    done = test_golden.write_all() + test_tikal_golden.write_all()
    done += test_svg.write_all() + test_tikal_svg.write_all()
    done += test_fingerprints.write_all()
    print("\n".join(done) if done else "golden files already up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
