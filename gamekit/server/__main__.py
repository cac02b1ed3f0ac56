"""``python -m gamekit.server tiki tikalspeed``: serve several games at once."""

from __future__ import annotations

import sys

from .cli import main

sys.exit(main())
