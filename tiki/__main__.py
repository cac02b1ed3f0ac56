"""``python -m tiki``: the same as the ``tiki`` command (see :mod:`tiki.tools.cli`)."""

from __future__ import annotations

import sys

from .tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
