"""The browser client, end to end: a real server process, real headless Chromium
sessions, games played by acting on the board as a player does.

What each test proves is what a player cares about: a whole game can be played from
the page to its result by moving pieces on the board (issue 30: "a whole Speed game
played by moving pieces on the board (not the buttons)"), a bid is made knowing which
tile it is for, a Speed Jump's secret choice never reaches the other player's page
before the reveal (SPEED-JUMP-1, SPEED-JUMP-2), a server killed mid-game comes back
with the pages still on the same position and decision (the server's "every action is
stored before it is acknowledged"), a replay shows the game as its record says, and
the page speaks German.

The tests need Debian's ``chromium`` and ``chromedriver`` (CI installs them); without
them the module is skipped, saying so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import CHROMEDRIVER, CHROMIUM, DESKTOP, MISSING, PHONE, Server

if MISSING:
    pytest.skip(
        f"the browser tests need chromium and chromedriver ({', '.join(MISSING)} missing)",
        allow_module_level=True,
    )

from pages import WAIT, GamePage  # selenium: only with a browser
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import tiki
import tiki.text.words

Browser = Callable[..., Any]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A game server of both games on a free port, over ``tmp_path/games.sqlite3``."""
    s = Server(str(tmp_path / "games.sqlite3"))
    s.start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def browser() -> Iterator[Browser]:
    """Open headless Chromium sessions: ``browser((width, height))``; all are quit at the
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


def engine_tokens(game: Any, view_json: Any, seat: int) -> set[str]:
    """The legal tokens the engine gives for the view the page received."""
    view = game.json.view_from_json(view_json)
    return set(game.decision(view).tokens(seat))


def test_a_whole_tiki_game_against_the_greedy_bot_from_the_lobby_at_phone_width(
    server: Server, browser: Browser
) -> None:
    """Issue 30: a whole Tiki game, a person against the greedy bot, played on the board
    to its end at a phone's width: each totem created by clicking its village, each move
    by picking the totem up and putting it down where it goes (TIKI-CREATE-1,
    TIKI-MOVE-1); the actions offered are exactly the engine's for the view the page
    holds, each in words; the game is made in the lobby with a clock the page counts
    down; nothing is wider than the screen; the game ends by one of Tiki's ends
    (TIKI-END-1, TIKI-END-2) and the page says how in words."""
    driver = browser(PHONE)
    driver.get(server.url + "/")
    wait = WebDriverWait(driver, WAIT)
    wait.until(lambda d: d.execute_script("return document.body.dataset.ready"))
    Select(driver.find_element(By.ID, "game")).select_by_value("tiki")
    seats = driver.find_elements(By.CSS_SELECTOR, "#seats .seat")
    assert [s.find_element(By.CLASS_NAME, "name").text for s in seats] == ["x", "o"]
    Select(seats[0].find_element(By.CLASS_NAME, "kind")).select_by_value("human")
    Select(seats[1].find_element(By.CLASS_NAME, "kind")).select_by_value("bot")
    Select(seats[1].find_element(By.CLASS_NAME, "bot")).select_by_value("greedy")
    driver.find_element(By.ID, "clock").send_keys("600")
    driver.find_element(By.ID, "create").click()
    wait.until(lambda d: d.find_element(By.ID, "open-seat").is_displayed())
    link = driver.find_element(By.ID, "link-0").get_attribute("value")
    assert link.startswith(server.url + "/play/") and "#" in link
    assert driver.find_element(By.ID, "link-spectator").get_attribute("value") != link
    driver.find_element(By.ID, "open-seat").click()
    wait.until(lambda d: d.current_url == link, "'open my seat' did not open the seat's link")

    page = GamePage(driver, link, load=False)
    moves = picked = 0
    while True:
        offered = page.wait_for_turn()
        if not offered:
            break
        assert set(offered) == engine_tokens(tiki.GAME, page.state("view"), 0)
        entries = page.entries()
        words = {b.get_attribute("data-token"): b.text for b in
                 driver.find_elements(By.CSS_SELECTOR, "#actions button.action")}
        assert all(words[e["token"]] == e["words"] for e in entries)  # each in words
        assert page.text("prompt").startswith("Your turn")
        assert re.fullmatch(r"⏱ x \d+:\d\d", page.text("clock")), page.text("clock")
        if moves == 1:  # at phone width nothing is wider than the screen
            widths = page.js("return [document.documentElement.scrollWidth, window.innerWidth,"
                             " document.querySelector('#picture svg').getBoundingClientRect()"
                             ".width]")
            assert widths[1] == PHONE[0], widths  # the phone's width, not a window's
            assert widths[0] <= widths[1] and widths[2] <= widths[1], widths
        on_board = [e for e in entries if e["at"]]
        assert on_board or offered == ["pass"]
        movable = [e for e in on_board if len(e["at"]) > 1]
        if movable and not picked:  # a totem picked up: where it goes is marked, and listed
            e = movable[0]
            page.part(f"#picture g.village.{e['at'][0]}").click()
            page.part(f"#picture g.village.from.{e['at'][0]}")
            ends = {m["at"][-1] for m in movable if m["at"][0] == e["at"][0]}
            marked = {g.get_attribute("class").split()[1] for g in
                      driver.find_elements(By.CSS_SELECTOR, "#picture g.village.to")}
            assert marked == ends, (marked, ends)
            assert all(e["at"][0] in m.split("-") for m in page.tokens() if "-" in m)
            page.part(f"#picture g.village.{e['at'][0]}").click()  # put back
            page.wait_until(lambda p: not p.driver.find_elements(By.CSS_SELECTOR, "g.from"),
                            "the totem was not put back")
            picked = 1
        if on_board:
            page.on_board(on_board[moves % len(on_board)])
        else:
            page.click("pass")
        moves += 1
        assert moves < 80, "a Tiki game of 80 moves a side: the page is not advancing"

    assert page.over and moves >= 3 and picked
    result = page.text("result")
    last = page.js("return [...document.querySelectorAll('#log span.words')].pop().textContent")
    assert last.startswith("game over: ") and result.lower() == last.lower()
    assert re.search(r"\b[xo] wins (with four fruits|as the reserve ran out|in the tie-break)",
                     result), result
    assert page.js("return document.getElementById('record').textContent").strip()
    assert page.tokens() == []  # nothing left to click


def test_a_whole_speed_game_played_by_moving_pieces_on_the_board(
    server: Server, browser: Browser
) -> None:
    """Issue 30: a whole Tikal on Speed game, P1 against the greedy bot, played on the
    board to its end: every action that touches the board done there (a piece entered
    by clicking where it enters, a move by picking the piece up and putting it down on
    its destination, a tile taken by clicking it in the auction's picture, placed by
    clicking its cell and its turn), the rest (bids, tokens, ending) by their buttons in
    words. At the first bid the tiles up for auction are drawn with what each is
    (SPEED-AUCTION-1: "players bid to obtain a tile"), and the bid is made knowing it.
    The game ends with its final scoring (SPEED-END-1) and the page says who won."""
    made = server.create({"game": "tikalspeed", "rules": {"mode": "speed", "players": 2},
                          "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]})
    page = GamePage(browser(), server.url + made["seats"][0]["link"])
    kinds: dict[str, int] = {}
    bid = False
    for _ in range(600):
        if not page.wait_for_turn():
            break
        entries = page.entries()
        view = page.state("view")["state"]
        if page.state("decision")["kind"] == "bid" and not bid:
            drawn = {g.get_attribute("data-tile"): g.text for g in
                     page.driver.find_elements(By.CSS_SELECTOR, "#about g.tile")}
            assert drawn and set(drawn) == set(view["display"]), (drawn, view["display"])
            for tile, label in drawn.items():  # each tile says what it is
                assert tile in label and re.search(r"temple|ruin|jungle|volcano", label), label
            page.click(next(e["token"] for e in entries if e["token"].startswith("bid:")))
            bid = True
            continue
        on = [e for e in entries if e["at"] or e.get("tile")]
        moving = [e for e in on if len(e["at"]) > 1]
        if on:
            e = (moving or on)[len(kinds) % len(moving or on)]
            assert page.on_board(e)
            kinds[e["action"]["type"]] = kinds.get(e["action"]["type"], 0) + 1
            continue
        ends = [e for e in entries if e["action"]["type"] in ("pass", "end")]
        page.click((ends or entries)[-1]["token"])
    assert page.over, f"no end after 600 decisions: {kinds}"
    assert bid and {"move", "enter", "take", "place"} <= set(kinds), kinds
    assert sum(kinds.values()) >= 30, kinds
    assert re.match(r"Game over: (P1|P2) wins, scores \d+, \d+|Game over: a shared win",
                    page.text("result")), page.text("result")


def test_a_speed_round_with_two_humans_keeps_each_jump_choice_secret_until_the_reveal(
    server: Server, browser: Browser
) -> None:
    """SPEED-JUMP-1: "each player secretly takes into his/her hand from 1 to 5 tokens ...
    no player sees another's number": P1 takes 4, and P2's page (its text, its picture,
    and the view JSON it received) shows that P1 has chosen but not how many, and says
    P1 ... P2 is choosing in secret; SPEED-JUMP-2: at the reveal both pages show both
    numbers. The two players play a whole round (SPEED-ROUND-1: auction, placement,
    Jumps) in two browser sessions, until the next round's auction opens; P2 took an
    open seat in the lobby's list of open games."""
    made = server.create({"game": "tikalspeed", "rules": {"mode": "speed", "players": 2},
                          "seats": [{"kind": "human"}, {"kind": "human", "open": True}]})
    assert "link" not in made["seats"][1]  # an open seat is taken in the lobby
    p1 = GamePage(browser(), server.url + made["seats"][0]["link"])
    second = browser()  # P2 finds the game in the lobby's open games and takes the seat
    second.get(server.url + "/")
    take = f'#open-games li[data-game="{made["id"]}"] button.take[data-seat="1"]'
    WebDriverWait(second, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, take))
    second.find_element(By.CSS_SELECTOR, take).click()
    WebDriverWait(second, WAIT).until(lambda d: "/play/" in d.current_url)
    p2 = GamePage(second, second.current_url, load=False)
    p2.wait_until(lambda p: p.settled(), "P2's page shows no game")
    assert p2.tokens() == [] and p2.state("seat") == 1 and "waiting for P1" in p2.text("waiting")
    pages = (p1, p2)

    def turn() -> tuple[int, list[str]]:
        """The seat whose page offers actions now, P1 first when both do."""
        def found(_: Any) -> tuple[int, list[str]] | bool:
            if not (p1.settled() and p2.settled() and p1.seq == p2.seq):
                return False  # both pages at the same decision first
            for seat, page in enumerate(pages):
                if tokens := page.tokens():
                    return seat, tokens
            return False
        answer: tuple[int, list[str]] = p1.wait.until(found, "neither page offers actions")
        return answer

    def same_seq() -> None:
        p1.wait.until(lambda _: p1.settled() and p2.settled() and p1.seq == p2.seq,
                      "the two pages do not agree on the game's seq")

    jumps = 0
    kinds: list[str] = []
    for _ in range(80):
        seat, offered = turn()
        page = pages[seat]
        kind = page.state("decision")["kind"]
        kinds.append(kind)
        if kind == "bid" and jumps:
            break  # the next round's auction: a whole round was played
        if kind == "tokens" and jumps == 0:
            jumps = 1
            assert seat == 0 and "P1:tokens:4" in offered
            same_seq()
            # both are choosing: each page names the other as choosing in secret
            assert "P2 is choosing in secret" in p1.text("waiting")
            assert "P1 is choosing in secret" in p2.text("waiting")
            p1.click("P1:tokens:4")
            same_seq()
            shown = p2.js("return document.body.textContent")
            svg = p2.svg()
            chosen = p2.state("view")["state"]["speed"]["chosen"]
            assert "P1 has chosen" in p2.content("log")
            assert "P2 is choosing in secret" in p1.text("waiting")
            assert p2.text("waiting") == ""  # only P2 is left: it is P2's own choice
            assert chosen[0] is None, chosen  # the view P2 received hides P1's count
            assert "chose ?" in svg and "chose 4" not in svg
            assert "tokens are revealed" not in shown and "P1 4" not in shown
            assert "P1 4" not in p2.js("return JSON.stringify(window.gameState)")
            assert "chose 4" in p1.svg()  # P1 sees his own choice
            p2.click("P2:tokens:2")
            same_seq()
            for page in pages:  # SPEED-JUMP-2: the reveal, on both pages
                assert "the tokens are revealed: P2 2, P1 4" in page.content("log")
                assert page.state("view")["state"]["speed"]["chosen"] == [4, 2]
            continue
        if kind == "tokens":
            jumps += 1
            page.click(offered[-1])  # the most tokens: the fewest Jumps
            continue
        cheap = [t for t in ("pass", "end") if t in offered]
        page.click(cheap[0] if cheap else offered[0])
    else:
        pytest.fail(f"no new round after 80 decisions: {kinds}")
    assert jumps >= 2 and {"bid", "choose", "place", "tokens", "actions"} <= set(kinds)
    assert "auction opens" in p2.content("log").split("the tokens are revealed: P2 2, P1 4")[1]


def test_pages_reconnect_to_a_killed_and_restarted_server_and_play_goes_on(
    server: Server, browser: Browser
) -> None:
    """The server's promise: "kill the server, start it again, and every game goes on
    from its last acknowledged action". Both players' pages of a Tiki game notice the
    dropped connection, come back by themselves once the server is up again on the same
    port and store, show the same position (the picture, drawn anew by the new server)
    and decision (the same prompt and buttons), and the game goes on from them."""
    made = server.create({"game": "tiki", "seats": [{"kind": "human"}, {"kind": "human"}]})
    pages = [GamePage(browser(), server.url + s["link"]) for s in made["seats"]]

    def play(moves: int) -> tuple[GamePage, list[str]]:
        """Play ``moves`` moves, each by the page that offers them; then the page on
        turn and its offer."""
        for _ in range(moves + 1):
            found = pages[0].wait.until(
                lambda _: next(((p, t) for p in pages if p.settled() and (t := p.tokens())),
                               False),
                "neither page offers a move",
            )
            if moves == 0:
                return found[0], list(found[1])
            found[0].click(found[1][0])
            moves -= 1
        raise AssertionError("unreachable")

    on_turn, offered = play(4)
    other = pages[1 - pages.index(on_turn)]
    other.wait_until(lambda p: p.settled() and p.seq == on_turn.seq, "the pages disagree")
    before = [(p.seq, p.svg(), p.text("prompt"), p.text("waiting")) for p in pages]
    assert before[0][0] >= 6 and offered

    server.kill()
    for page in pages:
        page.wait_until(lambda p: p.js("return document.body.dataset.connection")
                        == "reconnecting", "the page did not notice the server died")
    assert on_turn.tokens() == []  # no clicking into a dead connection
    server.start()

    for page, (seq, svg, prompt, waiting) in zip(pages, before, strict=True):
        page.wait_until(lambda p, seq=seq: p.settled() and p.seq == seq,
                        "the page did not come back to the game")
        assert (page.svg(), page.text("prompt"), page.text("waiting")) == (svg, prompt, waiting)
    assert on_turn.wait_for_turn() == offered and other.tokens() == []

    seq = on_turn.seq
    on_turn.click(offered[0])
    answer = other.wait_for_turn()  # the other player's page is asked, as before the kill
    assert answer or other.over
    assert other.seq == seq + 1 and on_turn.tokens() == []
    if answer:
        other.click(answer[0])
        on_turn.wait_until(lambda p: p.settled() and p.seq == seq + 2, "play did not go on")

    # and the game still ends as games end: one player resigns, after confirming
    quitter = on_turn if not on_turn.over else None
    if quitter is not None:
        name = quitter.state("game")["seats"][quitter.state("seat")]["name"]
        quitter.driver.find_element(By.ID, "resign").click()
        quitter.driver.find_element(By.ID, "resign-no").click()  # second thoughts
        assert not quitter.over and quitter.driver.find_element(By.ID, "resign").is_displayed()
        quitter.driver.find_element(By.ID, "resign").click()
        quitter.driver.find_element(By.ID, "resign-yes").click()
        for page in pages:
            page.wait_until(lambda p: p.over and p.settled(), "the resignation did not end it")
            assert page.text("result").startswith(f"Game over: {name} resigned")


def test_a_spectators_page_shows_the_game_and_offers_nothing(
    server: Server, browser: Browser
) -> None:
    """Issue: "the spectator link" of the lobby: whoever holds it watches the game (its
    picture, its log) and is offered no action."""
    made = server.create({"game": "tiki", "seats": [{"kind": "human"},
                                                    {"kind": "bot", "bot": "greedy"}]})
    watcher = GamePage(browser(), server.url + made["spectator"]["link"])
    watcher.wait.until(
        lambda _: watcher.settled() or watcher.js("return document.body.dataset.connection")
        == "reconnecting",
        "the spectator's page neither shows the game nor says the connection dropped",
    )
    assert watcher.settled(), watcher.describe()
    assert watcher.state("seat") is None and watcher.tokens() == []
    assert "watching" in watcher.text("title") and "<svg" in watcher.svg()


def test_a_finished_game_is_watched_from_the_lobby_and_replayed_as_its_record_says(
    server: Server, browser: Browser
) -> None:
    """Issue 30, replays: a game the lobby lists is watched from its "Games to watch"
    without a token, and once over stepped back and forth move by move; the board at
    each step is the record's position after that many actions, as a spectator sees it
    (every secret hidden), and the events shown are that action's."""
    made = server.create({"game": "tiki", "listed": True,
                          "seats": [{"kind": "bot", "bot": "greedy"},
                                    {"kind": "bot", "bot": "random"}]})
    watcher = GamePage(browser(), server.url + made["spectator"]["link"])
    watcher.wait_until(lambda p: p.over and p.settled(), "the bots' game did not end")
    record = tiki.read_record(watcher.state("record"))
    states = tiki.replay(record)
    last = watcher.seq
    assert last == len(record.actions)

    driver = browser()  # someone else, from the lobby, with no link of a seat
    driver.get(server.url + "/")
    watch = f'#watch-games li[data-game="{made["id"]}"] a.watch'
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, watch))
    driver.find_element(By.CSS_SELECTOR, watch).click()
    page = GamePage(driver, driver.current_url, load=False)
    page.wait_until(lambda p: p.settled() and p.over, "watching did not show the game")
    assert page.state("seat") is None and page.tokens() == []

    driver.find_element(By.ID, "replay-open").click()
    page.wait_until(lambda p: p.js("return document.body.dataset.replayAt") == str(last),
                    "the replay did not open at the last step")
    for step in (0, 1, 2, last // 2):
        driver.execute_script(
            "const s = document.getElementById('replay-at'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('input'));", step)
        page.wait_until(lambda p, step=step: p.js("return document.body.dataset.replayAt")
                        == str(step), f"the replay did not step to {step}")
        shown = page.state("replayed")
        expected = tiki.GAME.json.to_json(tiki.observe(states[step], None))
        assert shown["view"] == expected, step
        if step:  # the events of the step's action, in words
            done = tiki.step(states[step - 1], record.actions[step - 1])
            assert [e["words"] for e in shown["events"]] == [
                tiki.text.words.event_words(e) for e in done.events]
        assert page.js("return document.getElementById('picture').dataset.seq") == str(step)
    driver.find_element(By.ID, "replay-next").click()
    page.wait_until(lambda p: p.js("return document.body.dataset.replayAt")
                    == str(last // 2 + 1), "one step on did not step")
    driver.find_element(By.ID, "replay-close").click()
    page.wait_until(lambda p: p.js("return document.body.dataset.replay") == "false"
                    and p.js("return document.getElementById('picture').dataset.seq")
                    == str(last), "back to the game did not show the game")


def test_the_pages_speak_german(server: Server, browser: Browser) -> None:
    """Issue 30: English and German. A browser in German gets the lobby and the game in
    German: the page's own words, the decision, each action's words, the log, the
    picture's labels and a clause opened from the log; switching the language on the
    page switches everything, and the choice is kept."""
    driver = browser()
    driver.get(server.url + "/")
    driver.execute_script("localStorage.setItem('language', 'de')")
    driver.get(server.url + "/")
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
        "return document.body.dataset.ready"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "Ein Spiel spielen"
    assert driver.execute_script("return document.documentElement.lang") == "de"
    made = server.create({"game": "tiki", "seats": [{"kind": "human"},
                                                    {"kind": "bot", "bot": "greedy"}]})
    page = GamePage(driver, server.url + made["seats"][0]["link"])
    offered = page.wait_for_turn()
    assert offered and page.text("prompt").startswith("Du bist dran: x errichtet oder bewegt")
    labels = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#actions button.action")]
    assert labels and all(" errichtet ein Totem auf " in label for label in labels)
    assert re.search(r"\b[xo] beginnt", page.content("log"))
    assert ">Vorrat<" in page.svg() and ">reserve<" not in page.svg()  # the labels drawn
    rule = driver.find_element(By.CSS_SELECTOR, "#log button.rule")
    assert rule.text == "welche Regel?"
    rule.click()
    dialog = driver.find_element(By.ID, "clause")
    WebDriverWait(driver, WAIT).until(lambda d: "TIKI-SETUP-1: Die Auslage" in dialog.text
                                      and "Dorfplättchen" in dialog.text)
    dialog.find_element(By.CSS_SELECTOR, "button").click()
    Select(driver.find_element(By.ID, "language")).select_by_value("en")
    page.wait_until(lambda p: p.settled() and p.text("prompt").startswith("Your turn"),
                    "switching to English did not switch the page")
    assert re.search(r"\b[xo] moves first", page.content("log"))
    driver.refresh()
    page.wait_until(lambda p: p.settled() and p.text("prompt").startswith("Your turn"),
                    "the choice of English was not kept")


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, from npm (``npm ci``: ``package.json``), run in the pages."""


def axe(driver: Any) -> list[dict[str, Any]]:
    """The serious and critical accessibility violations axe-core finds on the page."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    found: dict[str, Any] = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(done, e => done({error: String(e)}));"
    )
    assert "error" not in found, found
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in found["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.skipif(not AXE.is_file(), reason="axe-core is not installed: npm ci")
def test_the_pages_have_no_serious_accessibility_violation(
    server: Server, browser: Browser
) -> None:
    """Issue 30, accessible: axe-core finds no serious or critical violation on the
    lobby, a Tikal table at its auction, a Tiki table with a piece picked up, and the
    analysis board; and every control is reachable by the keyboard (the parts of the
    board a player may use take the focus and act on Enter)."""
    driver = browser()
    driver.get(server.url + "/")
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
        "return document.body.dataset.ready"))
    assert axe(driver) == []
    made = server.create({"game": "tikalspeed", "rules": {"mode": "speed", "players": 2},
                          "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]})
    page = GamePage(driver, server.url + made["seats"][0]["link"])
    page.wait_for_turn()
    assert axe(driver) == []
    made = server.create({"game": "tiki", "seats": [{"kind": "human"},
                                                    {"kind": "bot", "bot": "greedy"}]})
    page = GamePage(driver, server.url + made["seats"][0]["link"])
    page.wait_for_turn()
    page.on_board(page.entries()[0])  # a totem created: then one that moves
    page.wait_for_turn()
    movable = [e for e in page.entries() if len(e["at"]) > 1]
    if movable:
        cell = page.part(f"#picture g.village.{movable[0]['at'][0]}")
        assert cell.get_attribute("tabindex") == "0"
        driver.execute_script("arguments[0].focus()", cell)
        cell.send_keys("\ue007")  # Enter: picked up by the keyboard
        page.part(f"#picture g.village.from.{movable[0]['at'][0]}")
    assert axe(driver) == []
    driver.get(server.url + "/analysis")
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
        "return document.body.dataset.ready === 'true'"
        " && !!document.querySelector('#picture svg')"))
    assert axe(driver) == []
