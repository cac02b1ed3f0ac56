"""Fixtures of the browser tests: a real server (``servers.Server``) on a free loopback
port over a temporary SQLite file, and headless Chromium sessions (Selenium 4, Debian's
``/usr/bin/chromium`` and ``/usr/bin/chromedriver``), all stopped after the test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import CHROMEDRIVER, CHROMIUM, DESKTOP, MISSING, Server

collect_ignore = [] if not MISSING else ["pages.py"]  # pages.py needs selenium


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A game server of both games on a free port, over ``tmp_path/games.sqlite3``."""
    s = Server(tmp_path / "games.sqlite3", tmp_path / "server.log")
    s.start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def browser() -> Iterator[Callable[..., Any]]:
    """Open headless Chromium sessions: ``browser(width, height)``; all are quit at the
    end of the test."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    drivers: list[Any] = []

    def open_browser(size: tuple[int, int] = DESKTOP) -> Any:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                    "--disable-dev-shm-usage", "--disable-extensions",
                    f"--window-size={size[0]},{size[1]}"):
            options.add_argument(arg)
        if size[0] < 500:  # below Chromium's narrowest window: a phone's screen
            options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
                "width": size[0], "height": size[1], "pixelRatio": 1.0}})
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.set_page_load_timeout(30)
        driver.set_script_timeout(30)
        drivers.append(driver)
        return driver

    try:
        yield open_browser
    finally:
        for d in drivers:
            d.quit()
