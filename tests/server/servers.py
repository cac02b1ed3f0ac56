"""The browser the tests drive, and its window sizes; the server they drive it
against is ``running.Server`` (a real server in a subprocess on loopback)."""

from __future__ import annotations

import os
import shutil

from running import Server

__all__ = ["CHROMEDRIVER", "CHROMIUM", "DESKTOP", "MISSING", "PHONE", "Server"]

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
"""The browser the tests drive (Debian's ``chromium``; ``$CHROMIUM`` to choose another)."""
CHROMEDRIVER = (
    os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver") or "/usr/bin/chromedriver"
)
"""Its driver (Debian's ``chromium-driver``; ``$CHROMEDRIVER``)."""
MISSING = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.access(p, os.X_OK)]
"""Which of the two are missing here: the browser tests skip, naming them."""
DESKTOP = (1280, 900)
PHONE = (390, 844)
"""Window sizes: a desk's, and a phone's (emulated: a window is at least 500 px wide)."""
