"""``python -m tiki``: the same as the ``tiki`` command (see :mod:`tiki.cli`)."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
