"""``python -m gamekit.server tiki tikalspeed``: serve several games at once."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
