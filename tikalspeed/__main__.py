"""``python -m tikalspeed``: the same as the ``tikalspeed`` command (see :mod:`tikalspeed.cli`)."""

from __future__ import annotations

import sys

from .tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
