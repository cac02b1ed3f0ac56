"""Take the screenshots of the browser client the docs show: ``docs/pictures/browser-*.png``.

``python docs/screenshots.py`` starts a game server of both games on a free loopback
port over a temporary SQLite file (as the browser tests do, ``tests/server/running.py``),
plays on the board in headless Chromium (Debian's ``chromium`` and ``chromedriver``,
Selenium 4: the ``browser`` extra), and saves:

- ``browser-auction.png``: Tikal on Speed, P1 at an auction, the tiles up for it drawn
  beside the bid;
- ``browser-move.png``: P1 in a Jump with a worker picked up: where it may go, each
  path and its cost drawn;
- ``browser-jump.png``: the secret choice of tokens for the Jumps;
- ``browser-scoring.png``: the log after a scoring, each player's points told;
- ``browser-replay.png``: the same game replayed, a step back;
- ``browser-tiki-de.png``: a Tiki game in German, a totem picked up;
- ``browser-phone.png``: the Tiki game at a phone's width;
- ``browser-analysis.png``: the analysis board, why an action is illegal and its clause.

The games are dealt by the server's secret seed, so each run shows other positions.
Importing this module does nothing (the doctest run imports it).
"""

from __future__ import annotations

import contextlib
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PICTURES = HERE / "pictures"
DESKTOP = (1280, 900)
PHONE = (390, 844)
NAMES = (
    "browser-auction.png", "browser-move.png", "browser-jump.png", "browser-scoring.png",
    "browser-replay.png", "browser-tiki-de.png", "browser-phone.png", "browser-analysis.png",
)


def _driver(size: tuple[int, int], lang: str = "en") -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--disable-background-networking", f"--window-size={size[0]},{size[1]}",
                f"--lang={lang}"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    if size[0] < 500:  # below Chromium's narrowest window: a phone's screen
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": size[0], "height": size[1], "pixelRatio": 1.0}})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def _shot(page: Any, name: str) -> None:
    page.driver.save_screenshot(str(PICTURES / name))


def tikal_game(server: Any, pages: Any) -> None:
    """A Speed game, P1 against the greedy bot, played on the board until a scoring:
    the auction, a move picked up, a Jump's tokens, the scoring, a replay."""
    from selenium.webdriver.common.by import By

    made = server.create({"game": "tikalspeed", "rules": {"mode": "speed", "players": 2},
                          "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]})
    page = pages(_driver(DESKTOP), server.url + made["seats"][0]["link"])
    rng = random.Random(4)
    taken: set[str] = set()
    for _ in range(400):
        if not page.wait_for_turn():
            break
        entries = page.entries()
        kind = page.state("decision")["kind"]
        if kind == "bid" and "auction" not in taken and page.seq > 20:
            _shot(page, "browser-auction.png")
            taken.add("auction")
        if kind == "tokens" and "jump" not in taken and page.seq > 20:
            _shot(page, "browser-jump.png")
            taken.add("jump")
        moving = [e for e in entries if len(e["at"]) > 1]
        if moving and "move" not in taken and page.seq > 60:
            frm = max({e["at"][0] for e in moving},
                      key=lambda c: sum(e["at"][0] == c for e in moving))
            page.part(f"#picture g.cell.{frm}").click()
            page.part(f"#picture g.cell.from.{frm}")
            _shot(page, "browser-move.png")
            taken.add("move")
            page.part(f"#picture g.cell.{frm}").click()  # put back
        scored = [e for e in page.state("events") if e["event"] == "Scored"]
        if scored and "scoring" not in taken:
            page.driver.execute_script(
                "const log = document.getElementById('log');"
                "const last = [...log.querySelectorAll('li[data-event=\"Scored\"]')].pop();"
                "last.scrollIntoView({block: 'end'});")
            _shot(page, "browser-scoring.png")
            taken.add("scoring")
            break
        on = [e for e in entries if e["at"] or e.get("tile")]
        if on and rng.random() < 0.85:
            page.on_board(rng.choice(moving or on))
        else:
            ends = [e for e in entries if e["action"]["type"] in ("pass", "end")]
            page.click((ends or entries)[-1]["token"])
    page.driver.find_element(By.ID, "replay-open").click()
    page.wait_until(lambda p: p.js("return document.body.dataset.replayAt") is not None,
                    "the replay did not open")
    for _ in range(3):
        page.driver.find_element(By.ID, "replay-back").click()
    at = page.seq - 3
    page.wait_until(lambda p: p.js("return document.body.dataset.replayAt") == str(at),
                    "the replay did not step back")
    _shot(page, "browser-replay.png")


def tiki_games(server: Any, pages: Any) -> None:
    """A Tiki game in German, a totem picked up; the same game at a phone's width."""
    made = server.create({"game": "tiki", "seats": [{"kind": "human"},
                                                    {"kind": "bot", "bot": "greedy"}]})
    page = pages(_driver(DESKTOP, "de"), server.url + made["seats"][0]["link"])
    for turn in range(8):
        page.wait_for_turn()
        entries = page.entries()
        moving = [e for e in entries if len(e["at"]) > 1]
        if moving and turn >= 4:
            page.part(f"#picture g.village.{moving[0]['at'][0]}").click()
            page.part(f"#picture g.village.from.{moving[0]['at'][0]}")
            break
        page.on_board((moving or entries)[len(moving or entries) // 2])
    _shot(page, "browser-tiki-de.png")
    phone = pages(_driver(PHONE), page.url)
    phone.wait_for_turn()
    _shot(phone, "browser-phone.png")


def analysis(server: Any) -> Any:
    """The analysis board on a Tiki position, asked why an action is illegal."""
    import urllib.parse

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    import tiki

    s = tiki.new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=tiki.O)
    moves = ["+b2", "+a1", "b2-b3", "+c1"]
    driver = _driver(DESKTOP)
    fragment = urllib.parse.urlencode({"game": "tiki", "start": tiki.to_text(s),
                                       "moves": " ".join(moves)})
    driver.get(f"{server.url}/analysis#{fragment}")
    ready = "return document.body.dataset.ready === 'true' && !!window.analysisState.answer"
    WebDriverWait(driver, 30).until(lambda d: d.execute_script(ready))
    driver.find_element(By.ID, "try").send_keys("+b3")
    driver.find_element(By.ID, "why").click()
    WebDriverWait(driver, 30).until(lambda d: "+b3" in d.find_element(By.ID, "why-answer").text)
    driver.find_element(By.CSS_SELECTOR, "#picture g.village.b3").click()  # o's totem, up
    driver.save_screenshot(str(PICTURES / "browser-analysis.png"))
    return driver


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
            tikal_game(server, pages)
            tiki_games(server, pages)
            opened.append(analysis(server))
        finally:
            for d in opened:
                with contextlib.suppress(Exception):  # already quit
                    d.quit()
            server.stop()
    for name in NAMES:
        size = (PICTURES / name).stat().st_size
        print(f"docs/pictures/{name}: {size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
