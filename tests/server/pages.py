"""The game page as the browser tests drive it: what it shows, and clicks on it.

Every wait is a bounded ``WebDriverWait`` on something the page shows (its ``data-*``
attributes and elements); no test sleeps.
"""

from __future__ import annotations

from typing import Any

import pytest
from servers import MISSING

if MISSING:  # the browser tests skip then; this module is not even read
    pytest.skip(f"no browser here ({', '.join(MISSING)} missing)", allow_module_level=True)

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

__all__ = ["WAIT", "GamePage"]

WAIT = 30.0
"""The most seconds a test waits for the page to show what it waits for."""

_SETTLED = """
const b = document.body.dataset, pic = document.getElementById('picture').dataset;
const acts = document.getElementById('actions').dataset;
return b.connection === 'connected' && b.seq !== undefined && pic.seq === b.seq
    && acts.pending !== 'true';
"""
_MINE = """
return [...document.querySelectorAll('#actions button.action')]
    .filter(b => !b.disabled).map(b => b.dataset.token);
"""
_ENTRIES = """
const g = window.gameState, d = g.decision;
if (!d || g.seat === null || g.asked === null || g.over) return [];
const me = g.game.seats.find(s => s.seat === g.seat).name;
return d.legal.filter(e => e.player === g.seat || e.player === me).flatMap(e => e.actions);
"""


class GamePage:
    """One browser session on ``/play/{id}#{token}``."""

    def __init__(self, driver: Any, url: str, *, load: bool = True) -> None:
        self.driver = driver
        self.url = url
        if load:
            driver.get(url)
        self.wait = _Wait(self, WebDriverWait(driver, WAIT, poll_frequency=0.05,
                                              ignored_exceptions=[StaleElementReferenceException]))

    def describe(self) -> str:
        """What the page shows now, for a failing test's message."""
        shown: str = self.js("""
            const t = (id) => (document.getElementById(id) || {}).textContent;
            return JSON.stringify({url: location.href, body: document.body.dataset,
                picture: document.getElementById('picture').dataset,
                actions: document.getElementById('actions').dataset, status: t('status'),
                prompt: t('prompt'), waiting: t('waiting'), error: t('error')});""")
        return shown

    def js(self, script: str, *args: Any) -> Any:
        """Run ``script`` in the page and return its value."""
        return self.driver.execute_script(script, *args)

    def settled(self) -> bool:
        """Connected, and the picture drawn for the last update."""
        return self.js(_SETTLED) is True

    @property
    def seq(self) -> int:
        """The sequence number the page last heard."""
        return int(self.js("return document.body.dataset.seq"))

    @property
    def over(self) -> bool:
        """Whether the page says the game is over."""
        return bool(self.js("return document.body.dataset.over") == "true")

    def tokens(self) -> list[str]:
        """The tokens of the action buttons the page offers now (enabled ones)."""
        found: list[str] = self.js(_MINE)
        return found

    def text(self, element_id: str) -> str:
        """The visible text of the element ``#element_id``."""
        shown: str = self.driver.find_element(By.ID, element_id).text
        return shown

    def content(self, element_id: str) -> str:
        """The whole text of ``#element_id`` in the DOM, shown or scrolled away."""
        found: str = self.js(f"return document.getElementById({element_id!r}).textContent")
        return found

    def svg(self) -> str:
        """The picture's SVG markup as the page holds it."""
        markup: str = self.js("return document.getElementById('picture').innerHTML")
        return markup

    def state(self, name: str) -> Any:
        """A field of ``window.gameState`` (what the page received)."""
        return self.js(f"return window.gameState[{name!r}]")

    def wait_until(self, predicate: Any, message: str) -> Any:
        """Wait (bounded) until ``predicate(self)`` is true."""
        return self.wait.until(lambda _: predicate(self), message)

    def wait_for_turn(self) -> list[str]:
        """Wait until the page offers actions (or the game is over); their tokens."""
        def ready(_: Any) -> list[str] | bool:
            if not self.settled():
                return False
            if self.over:
                return ["<over>"]
            return self.tokens() or False

        found: list[str] = self.wait.until(ready, f"no actions offered on {self.url}")
        return [] if found == ["<over>"] else found

    def entries(self) -> list[dict[str, Any]]:
        """The seat's own actions of the decision the page holds, as the server sent
        them (each with its ``token``, ``words``, ``at`` …)."""
        found: list[dict[str, Any]] = self.js(_ENTRIES)
        return found

    def part(self, selector: str) -> Any:
        """The element of a picture ``selector`` finds, once the page shows it."""
        return self.wait.until(
            lambda _: next((e for e in self.driver.find_elements(By.CSS_SELECTOR, selector)
                            if e.is_displayed()), False),
            f"no {selector} on the page",
        )

    def press(self, selector: str) -> None:
        """Click the element of a picture ``selector`` finds, once the page shows it;
        found again if an update redraws the picture in between."""

        def pressed(_: Any) -> bool:
            try:
                shown = [e for e in self.driver.find_elements(By.CSS_SELECTOR, selector)
                         if e.is_displayed()]  # fmt: skip
                if not shown:
                    return False
                shown[0].click()
                return True
            except StaleElementReferenceException:
                return False

        self.wait.until(pressed, f"no {selector} to click on the page")

    def on_board(self, entry: dict[str, Any]) -> bool:
        """Do ``entry`` on the pictures, as a player does: pick a piece up and put it
        down, click the cell, the gap, the tile or the tile's turn, and answer in words
        a choice the board offers; wait until the page has moved on. ``False`` (nothing
        done) for an action the board does not show: a bid, a token choice, ending."""
        before = self.seq
        at = entry["at"]
        here = [e for e in self.entries() if e["at"] == at]  # what else is done there
        cell = "#picture g.cell.{0}, #picture g.village.{0}"
        if entry.get("tile"):
            self.press(f'#about g.tile[data-tile="{entry["tile"]}"]')
        elif entry.get("edge"):
            self.press(f'#picture g.edge.{entry["edge"]}')
        elif len(at) > 1:
            self.press(cell.format(at[0]))
            self.part(f"#picture g.from.{at[0]}")  # picked up
            self.press(cell.format(at[-1]))
        elif len(at) == 1:
            self.press(cell.format(at[0]))
            if "turn" in entry and len(here) > 1:  # the tile's turns at this cell
                self.press(f'#about g.turn.can[data-turn="{entry["turn"]}"]')
        else:
            return False
        choice = f'#choices button.choice[data-token="{entry["token"]}"]'

        def moved(_: Any) -> bool:
            if self.seq > before or self.text("error") != "":
                return True
            try:
                for b in self.driver.find_elements(By.CSS_SELECTOR, choice):
                    if b.is_displayed():
                        b.click()
            except StaleElementReferenceException:  # redrawn by an update: look again
                pass
            return False

        self.wait.until(moved, f"the page did not do {entry['token']} on the board")
        return True

    def click(self, token: str) -> None:
        """Click the button of ``token`` and wait until the page has moved on (a newer
        update), or shows an error. A bid is typed into the bid's number and bid."""
        before = self.seq
        selector = f'#actions button.action[data-token="{token}"]'
        if token.startswith("bid:") and self.driver.find_elements(By.ID, "bid-amount"):
            amount = self.driver.find_element(By.ID, "bid-amount")
            amount.clear()
            amount.send_keys(token.removeprefix("bid:"))
            selector = "#bid"

        def clicked(_: Any) -> bool:
            try:
                buttons = self.driver.find_elements(By.CSS_SELECTOR, selector)
                if not buttons or not buttons[0].is_enabled():
                    return False
                buttons[0].click()
                return True
            except StaleElementReferenceException:  # redrawn by an update: find it again
                return False

        self.wait.until(clicked, f"no button {token} on {self.url}")
        self.wait.until(
            lambda _: self.seq > before or self.text("error") != "",
            f"the page did not move on after {token}",
        )


class _Wait:
    """A ``WebDriverWait`` whose timeout says what the page showed."""

    def __init__(self, page: GamePage, wait: WebDriverWait[Any]) -> None:
        self.page = page
        self.inner = wait

    def until(self, method: Any, message: str = "") -> Any:
        try:
            return self.inner.until(method)
        except TimeoutException:
            raise AssertionError(f"{message} within {WAIT} s; the page: "
                                 f"{self.page.describe()}") from None
