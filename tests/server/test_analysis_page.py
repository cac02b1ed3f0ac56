"""The analysis board, end to end: a real server, headless Chromium, a designer's
questions answered on the board (issue 30: "the analysis board loading a position,
asking why an illegal move is illegal and reading the clause").

Each test loads a position (a link, a pasted record, a scenario), acts on the board or
asks, and checks what the page shows against the library's own answer.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import CHROMEDRIVER, CHROMIUM, DESKTOP, MISSING, Server

if MISSING:
    pytest.skip(
        f"the browser tests need chromium and chromedriver ({', '.join(MISSING)} missing)",
        allow_module_level=True,
    )

from pages import WAIT
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import tikalspeed
import tiki
import tiki.tools.scenarios.runner
from gamekit.scenarios import runner

ROOT = Path(__file__).resolve().parents[2]
Board = Callable[..., Any]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A game server of both games on a free port."""
    s = Server(str(tmp_path / "games.sqlite3"))
    s.start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def board(server: Server) -> Iterator[Board]:
    """``board(hash, lang)``: a headless Chromium on ``/analysis#hash``, in ``lang``,
    once the board has answered."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    drivers: list[Any] = []

    def open_board(fragment: str = "", lang: str = "en") -> Any:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                    "--disable-dev-shm-usage", f"--window-size={DESKTOP[0]},{DESKTOP[1]}"):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        drivers.append(driver)
        driver.get(server.url + "/")
        driver.execute_script("localStorage.setItem('language', arguments[0])", lang)
        driver.get(server.url + "/analysis" + fragment)
        ready(driver)
        return driver

    try:
        yield open_board
    finally:
        for d in drivers:
            d.quit()


def ready(driver: Any) -> Any:
    """Wait until the board has answered its last question; that answer."""
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
        "return document.body.dataset.ready === 'true' && window.analysisState.answer"))
    return driver.execute_script("return window.analysisState.answer")


def link(game: str, start: str, moves: list[str] = ()) -> str:  # type: ignore[assignment]
    """The hash of a shared link, as the page writes it."""
    params = {"game": game, "start": start}
    if moves:
        params["moves"] = " ".join(moves)
    return "#" + urllib.parse.urlencode(params)


def test_why_an_illegal_move_is_illegal_and_the_clause_that_decides(board: Board) -> None:
    """Issue 30: load a Tiki position, ask why an action is illegal, read the clause
    that says so, in the reader's language; a legal one says what it does. The answer
    is the library's own (gamekit.scenarios.why, TIKI-CREATE-3)."""
    s = tiki.new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=tiki.X)
    s = tiki.apply(s, tiki.parse_action(s, "+b2"))
    driver = board(link("tiki", tiki.to_text(s)), "de")
    answer = ready(driver)
    assert answer["position"] == tiki.to_text(s)
    offered = {b.get_attribute("data-token") for b in
               driver.find_elements(By.CSS_SELECTOR, "#actions button.action")}
    assert offered == {tiki.action_token(s, a) for a in tiki.legal_actions(s)}
    driver.find_element(By.ID, "try").send_keys("+b2")
    driver.find_element(By.ID, "why").click()
    box = driver.find_element(By.ID, "why-answer")
    WebDriverWait(driver, WAIT).until(lambda d: box.is_displayed() and "+b2" in box.text)
    assert "+b2 ist nicht erlaubt" in box.text
    assert "TIKI-CREATE-3: Ein leeres Dorf" in box.text
    assert tiki.GAME.clause("TIKI-CREATE-3", "de").text.split("\n")[0] in box.text
    box.find_element(By.CSS_SELECTOR, "button.rule").click()  # the clause, whole
    dialog = driver.find_element(By.ID, "clause")
    WebDriverWait(driver, WAIT).until(lambda d: "Ein leeres Dorf" in dialog.text)
    dialog.find_element(By.CSS_SELECTOR, "button").click()
    field = driver.find_element(By.ID, "try")
    field.clear()
    field.send_keys("+a1")
    driver.find_element(By.ID, "why").click()
    WebDriverWait(driver, WAIT).until(lambda d: "+a1 ist erlaubt" in box.text)
    assert "TIKI-CREATE-1" in box.text and "o errichtet ein Totem auf a1" in box.text


def test_moves_on_the_board_branch_step_back_and_share_a_link(
    board: Board, server: Server
) -> None:
    """Issue 30: every legal action drawn; a move made on the board (a totem picked up
    and put down), another tried from the same position (a variation), stepping back
    and on, and a link that opens the same board with the same moves."""
    s = tiki.new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=tiki.O)
    for token in ("+b2", "+a1"):
        s = tiki.apply(s, tiki.parse_action(s, token))
    driver = board(link("tiki", tiki.to_text(s)))
    movable = {g.get_attribute("class").split()[1] for g in
               driver.find_elements(By.CSS_SELECTOR, "#picture g.village.can")}
    assert "b2" in movable  # o's totem may move, and every empty village be taken
    driver.find_element(By.CSS_SELECTOR, "#picture g.village.b2").click()
    ends = {g.get_attribute("class").split()[1] for g in
            driver.find_elements(By.CSS_SELECTOR, "#picture g.village.to")}
    names = tiki.board.island.VILLAGE_NAMES
    assert ends == {names[a.path[-1]] for a in tiki.legal_actions(s)
                    if isinstance(a, tiki.Move) and names[a.path[0]] == "b2"}
    driver.find_element(By.CSS_SELECTOR, "#picture g.village.b3").click()
    answer = ready(driver)
    after = tiki.apply(s, tiki.parse_action(s, "b2-b3"))
    assert answer["position"] == tiki.to_text(after)
    assert [m["words"] for m in answer["moves"]] == ["o moves the totem b2 → b3"]
    driver.find_element(By.ID, "step-back").click()
    assert ready(driver)["position"] == tiki.to_text(s)
    driver.find_element(By.CSS_SELECTOR, "#picture g.village.c3").click()  # a variation
    assert ready(driver)["moves"][0]["token"] == "+c3"
    variations = [b.get_attribute("data-token") for b in
                  driver.find_elements(By.CSS_SELECTOR, "#moves button.move")]
    assert variations == ["b2-b3", "+c3"], variations
    driver.find_element(By.CSS_SELECTOR, '#moves button.move[data-token="b2-b3"]').click()
    assert ready(driver)["position"] == tiki.to_text(after)
    shared = driver.find_element(By.ID, "link").get_attribute("value")
    assert urllib.parse.unquote_plus(shared).endswith("moves=b2-b3")
    other = board(shared.split("/analysis", 1)[1])
    assert ready(other)["position"] == tiki.to_text(after)


def test_a_record_is_stepped_through_and_tikal_why_names_its_clause(board: Board) -> None:
    """Issue 30: a game record pasted in is its main line, stepped through move by move
    with the board the record's position at each; a Tikal action that is not legal
    there says why, with the clause that forbids it (TIKAL-AUCTION-3)."""
    rules = tikalspeed.Rules(mode="professional", players=3)
    s = tikalspeed.new_game(rules, seed=2)
    played = [s]
    for token in ("bid:2", "pass", "pass"):
        s = tikalspeed.apply(s, tikalspeed.parse_action(s, token))
        played.append(s)
    actions = [tikalspeed.parse_action(p, t) for p, t in zip(played, ("bid:2", "pass", "pass"),
                                                             strict=False)]
    record = tikalspeed.write_record(tikalspeed.Record.from_actions(
        actions, rules=rules, start=played[0]))
    driver = board()
    Select(driver.find_element(By.ID, "game")).select_by_value("tikalspeed")
    ready(driver)
    driver.find_element(By.CSS_SELECTOR, "#load-box summary").click()
    driver.find_element(By.ID, "load-text").send_keys(record)
    driver.find_element(By.ID, "load").click()
    answer = ready(driver)
    assert answer["record"] == ["bid:2", "pass", "pass"]
    assert answer["position"] == tikalspeed.to_text(played[0])
    for i in (1, 2, 3):
        driver.find_element(By.ID, "step-next").click()
        assert ready(driver)["position"] == tikalspeed.to_text(played[i]), i
    driver.find_element(By.ID, "step-first").click()
    assert ready(driver)["position"] == tikalspeed.to_text(played[0])
    driver.find_element(By.ID, "try").send_keys("bid:100")
    driver.find_element(By.ID, "why").click()
    box = driver.find_element(By.ID, "why-answer")
    WebDriverWait(driver, WAIT).until(lambda d: "bid:100" in box.text)
    assert "is illegal" in box.text and "TIKAL-AUCTION-3" in box.text


def test_a_scenario_runs_on_the_board_with_each_expectation(board: Board) -> None:
    """Issue 30: a scenario file run on the board: its steps become moves to step
    through, and each expectation says passed or failed with what was found."""
    text = (ROOT / "tests" / "scenarios" / "tiki" / "create_occupied.toml").read_text()
    wrong = text.replace("[expect]", "[expect]\nturn = 99", 1)
    driver = board()
    driver.find_element(By.CSS_SELECTOR, "#scenario-box summary").click()
    area = driver.find_element(By.ID, "scenario-text")
    driver.execute_script("arguments[0].value = arguments[1]", area, wrong)
    driver.find_element(By.ID, "scenario-run").click()
    report = driver.find_element(By.ID, "scenario-report")
    WebDriverWait(driver, WAIT).until(lambda d: "FAIL" in report.text)
    answer = ready(driver)
    keys = {li.get_attribute("data-key"): li.get_attribute("class") for li in
            report.find_elements(By.CSS_SELECTOR, "li[data-key]")}
    assert keys["turn"] == "illegal" and keys["illegal"] == "legal", keys
    assert "turn: expected 99" in report.text
    steps = runner.load(tiki.tools.scenarios.runner.FORMAT, wrong, name="s.toml").actions
    assert [m["token"] for m in answer["moves"]] == list(steps)  # the board at its end


def test_tiki_positions_have_their_value_under_perfect_play(board: Board) -> None:
    """Issue 30: Tiki, the value and a best move under perfect play where the solver
    reaches: a position where o wins at once says so, and its best move plays it."""
    s = tiki.from_text("+1,+1,0/+1,+2,+1/0,+1xx,-1o turn o o - 3,3 1,0 - - 24 -")
    driver = board(link("tiki", tiki.to_text(s)))
    driver.find_element(By.ID, "solve").click()
    value = driver.find_element(By.ID, "value")
    WebDriverWait(driver, WAIT).until(lambda d: "wins" in value.text)
    assert "o wins in 1 ply" in value.text
    value.find_element(By.CSS_SELECTOR, "button.best").click()
    answer = ready(driver)
    assert answer["over"] and answer["moves"][0]["token"] == tiki.action_token(
        s, tiki.solve(s).best)


def test_a_position_is_set_up_on_the_board(board: Board) -> None:
    """Issue 30: "set one up on the board": while setting up, a click on a village
    opens what stands there; the totems and the counts are changed on the page, and
    the position used is the one the rules reach by playing (the server checks it as
    any position); one no game reaches is refused, naming why (TIKI-TURN-1)."""
    start = tiki.new_game(layout=(1, 2, 0, 1, 1, -1, 1, 0, 1), first=tiki.O)
    driver = board(link("tiki", tiki.to_text(start)))
    driver.find_element(By.CSS_SELECTOR, "#setup-box summary").click()
    driver.find_element(By.ID, "setup-mode").click()
    for village, stack in (("b2", "[1]"), ("a1", "[0]")):
        driver.find_element(By.CSS_SELECTOR, f"#picture g.village.{village}").click()
        Select(driver.find_element(By.ID, "setup-stack")).select_by_value(stack)
    turns = driver.find_element(By.ID, "setup-turn")
    turns.clear()
    turns.send_keys("2\t")
    driver.find_element(By.ID, "setup-use").click()
    answer = ready(driver)
    played = start
    for token in ("+b2", "+a1"):
        played = tiki.apply(played, tiki.parse_action(played, token))
    assert answer["position"] == tiki.to_text(played)
    turns = driver.find_element(By.ID, "setup-turn")
    turns.clear()
    turns.send_keys("0\t")  # two tikis on the board before any turn: no game gets there
    driver.find_element(By.ID, "setup-use").click()
    ready(driver)
    error = driver.find_element(By.ID, "error")
    WebDriverWait(driver, WAIT).until(lambda d: error.is_displayed())
    assert "TIKI-TURN-1" in error.text or "turn" in error.text, error.text
    assert ready(driver)["position"] == tiki.to_text(played)  # the board as it was
