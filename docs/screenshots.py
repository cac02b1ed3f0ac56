"""Take the screenshots of the browser client the docs show: ``docs/pictures/browser-*.png``.

``python docs/screenshots.py`` starts a game server of both games on a free loopback
port over a temporary SQLite file (as the browser tests do, ``tests/server/running.py``),
plays into a position of each game in headless Chromium (Debian's ``chromium`` and
``chromedriver``, Selenium 4: the ``browser`` extra), and saves:

- ``browser-tiki.png``: a Tiki game against the greedy bot, some moves in, with a
  village clicked so that only the moves naming it are offered (desktop width);
- ``browser-tikal.png``: a Tikal on Speed game of two people in the placement of its
  second round, the tile's turns offered at a clicked cell (desktop width);
- ``browser-phone.png``: the Tiki game at a phone's width.

The games are dealt by the server's secret seed, so each run shows other positions.
Importing this module does nothing (the doctest run imports it).
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PICTURES = HERE / "pictures"
DESKTOP = (1280, 860)
PHONE = (390, 844)


def _driver(size: tuple[int, int]) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                f"--window-size={size[0]},{size[1]}"):
        options.add_argument(arg)
    if size[0] < 500:  # below Chromium's narrowest window: a phone's screen
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": size[0], "height": size[1], "pixelRatio": 1.0}})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def _click_cell(page: Any, cell: str) -> None:
    """Click the cell ``cell`` of the page's picture (its ``<g class="... cell">``)."""
    page.js(
        "document.querySelector(`#picture g.${arguments[0]}`)"
        ".dispatchEvent(new MouseEvent('click', {bubbles: true}))",
        cell,
    )


def tiki_game(server: Any, pages: Any) -> tuple[Any, Any]:
    """A Tiki game against the greedy bot, 6 moves of x in, at desktop and phone width;
    the desktop page with a village clicked."""
    made = server.create({"game": "tiki", "seats": [{"kind": "human"},
                                                    {"kind": "bot", "bot": "greedy"}]})
    desk = pages(_driver(DESKTOP), server.url + made["seats"][0]["link"])
    for _ in range(6):
        offered = desk.wait_for_turn()
        moves = [t for t in offered if "-" in t]  # a moved totem shows the most
        desk.click((moves or offered)[len(moves or offered) // 2])
    offered = desk.wait_for_turn()
    phone = pages(_driver(PHONE), desk.url)
    phone.wait_for_turn()
    counts: dict[str, int] = {}
    for t in offered:
        for cell in t.replace("+", "").split("-"):
            counts[cell] = counts.get(cell, 0) + 1
    _click_cell(desk, max(counts, key=lambda c: counts[c]))
    return desk, phone


def tikal_game(server: Any, pages: Any) -> Any:
    """A Tikal on Speed game of two people at the placement of its second round, P1's
    page with a cell clicked (its turns offered)."""
    made = server.create({"game": "tikalspeed", "rules": {"mode": "speed", "players": 2},
                          "seats": [{"kind": "human"}, {"kind": "human"}]})
    both = [pages(_driver(DESKTOP), server.url + s["link"]) for s in made["seats"]]
    rounds = 0
    for _ in range(120):
        page, offered = both[0].wait.until(
            lambda _: next(((p, t) for p in both if p.settled() and (t := p.tokens())), False),
            "neither page offers an action",
        )
        kind = page.state("decision")["kind"]
        if kind == "bid" and page is both[0] and "pass" in offered:
            rounds += 1
        if kind == "place" and rounds == 2 and page is both[0]:
            break
        if kind == "tokens":
            page.click(offered[-1])
        elif kind == "actions":
            moving = [t for t in offered if t.startswith(("move:", "enter:"))]
            page.click((moving or offered)[-1])
        else:
            page.click("pass" if "pass" in offered else offered[0])
    both[1].driver.quit()
    p1 = both[0]
    cells = sorted({t.split(":")[1] for t in p1.tokens() if t.startswith("place:")})
    _click_cell(p1, cells[len(cells) // 2])
    return p1


def main() -> int:
    """Take the screenshots; return the exit status."""
    sys.path.insert(0, str(HERE.parent / "tests" / "server"))
    from pages import GamePage
    from servers import Server

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(str(Path(tmp) / "games.sqlite3"))
        server.start()
        opened: list[Any] = []

        def pages(driver: Any, url: str) -> GamePage:
            opened.append(driver)
            return GamePage(driver, url)

        try:
            desk, phone = tiki_game(server, pages)
            desk.driver.save_screenshot(str(PICTURES / "browser-tiki.png"))
            phone.driver.save_screenshot(str(PICTURES / "browser-phone.png"))
            tikal = tikal_game(server, pages)
            tikal.driver.save_screenshot(str(PICTURES / "browser-tikal.png"))
        finally:
            for d in opened:
                with contextlib.suppress(Exception):  # already quit
                    d.quit()
            server.stop()
    for name in ("browser-tiki.png", "browser-tikal.png", "browser-phone.png"):
        size = (PICTURES / name).stat().st_size
        print(f"docs/pictures/{name}: {size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
