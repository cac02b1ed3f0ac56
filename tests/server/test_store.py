"""The server's stores: every method's contract (:class:`gamekit.server.store.Store`),
run on SQLite and on PostgreSQL, and two server processes sharing one PostgreSQL
database (issue 20: "several server processes on several machines share the games
and push each other's updates").

The PostgreSQL cases need a server: ``GAMEKIT_TEST_POSTGRES`` is a URL of a role that
may create databases (``.ci/services`` makes one and ``.ci/run`` sets it, so in CI
they run); each test makes a database of its own and drops it after. Without the
variable they skip, saying so.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gamekit.server.store import GameRow, LogRow, SeatRow, Store, StoreError, open_store

ROOT = Path(__file__).resolve().parents[2]
PG_URL = os.environ.get("GAMEKIT_TEST_POSTGRES", "")
NO_PG = (
    "GAMEKIT_TEST_POSTGRES is unset: no PostgreSQL to test the store on (set it to a URL"
    " of a role that may create databases, as .ci/run does)"
)
WAIT = 20.0
"""The longest any test waits for a server, a socket or a notice (a bound, not a
measure: a test fails after it only if what it waits for never comes)."""


def _pg_admin() -> Any:
    psycopg = pytest.importorskip("psycopg")
    return psycopg.connect(PG_URL, autocommit=True, connect_timeout=10)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """The URL of a fresh PostgreSQL database of this test's own, dropped after."""
    if not PG_URL:
        pytest.skip(NO_PG)
    from psycopg import sql

    name = f"gamekit_test_{secrets.token_hex(6)}"
    with _pg_admin() as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urllib.parse.urlsplit(PG_URL)._replace(path=f"/{name}").geturl()
    finally:
        with _pg_admin() as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store is, on each kind of store in turn: an SQLite file, a PostgreSQL
    database."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    found: str = request.getfixturevalue("pg_url")
    return found


@pytest.fixture
def opened(url: str) -> Iterator[Callable[[], Store]]:
    """Open the store at ``url`` (as often as a test likes); all are closed after."""
    stores: list[Store] = []

    def open_() -> Store:
        stores.append(open_store(url))
        return stores[-1]

    yield open_
    for store in stores:
        store.close()


def _game(game_id: str, *, listed: bool = False, created: float = 1.0e9) -> GameRow:
    return GameRow(game_id, "tiki", '{"variant": 1}', 2**63 - 1, 60.0, created, "spec", listed)


SEATS = (SeatRow(0, "human", token_hash="t0"), SeatRow(1, "human", open=True),
         SeatRow(2, "bot", bot="mcts", options='{"playouts": 200}'))


def _rows(first: int, n: int, token: str = "x") -> list[LogRow]:
    return [LogRow(seq, -1 if seq == 1 else seq % 3, "chance" if seq == 1 else "play",
                   f"{token}{seq}", 1.0e9 + seq / 8) for seq in range(first, first + n)]


def test_a_game_reads_back_as_it_was_created(opened: Callable[[], Store]) -> None:
    """Store.create / game / games: a game and its seats come back field for field
    (the server's 63-bit secret seed whole, the clock, the bot's options), an unknown
    id is ``None``, and every game's id is listed."""
    store = opened()
    store.create(_game("g1"), SEATS)
    store.create(_game("g2"), SEATS[:2])
    assert store.game("g1") == (_game("g1"), SEATS)
    assert store.game("g2") == (_game("g2"), SEATS[:2])
    assert store.game("nope") is None
    assert sorted(store.games()) == ["g1", "g2"]


def test_the_log_reads_back_in_order_after_a_seq(opened: Callable[[], Store]) -> None:
    """Store.log: the rows with ``seq > after``, in order, as they were appended; a
    game with no rows (or none after) has an empty log."""
    store = opened()
    store.create(_game("g"), SEATS)
    assert store.log("g") == ()
    assert store.append("g", _rows(1, 3))
    assert store.append("g", _rows(4, 2))
    assert store.log("g") == tuple(_rows(1, 5))
    assert store.log("g", after=3) == tuple(_rows(4, 2))
    assert store.log("g", after=5) == ()


def test_an_append_commits_all_its_rows_or_none(opened: Callable[[], Store]) -> None:
    """Store.append: the rows of one call (an action and the chance outcomes it leads
    to) are committed together; if their first seq is already written, none is (the
    later rows of the call are not left behind either) and the writer is told
    ``False``."""
    store = opened()
    store.create(_game("g"), SEATS)
    assert store.append("g", _rows(1, 3, "a"))
    assert store.append("g", _rows(3, 3, "b")) is False  # seq 3 is taken: 4, 5 not written
    assert store.log("g") == tuple(_rows(1, 3, "a"))
    assert store.append("g", _rows(4, 2, "c"))
    assert [r.token for r in store.log("g")] == ["a1", "a2", "a3", "c4", "c5"]


def test_writers_racing_for_a_seq_leave_one_winner(opened: Callable[[], Store]) -> None:
    """Store.append across connections (two server processes): two writers append the
    same seq at the same moment, round after round; each time exactly one is told
    ``True``, and the log holds the winner's rows and no other."""
    stores = [opened(), opened()]
    stores[0].create(_game("g"), SEATS)
    rounds = 20
    won: list[list[bool]] = [[], []]
    barrier = threading.Barrier(2, timeout=WAIT)

    def writer(i: int) -> None:
        for seq in range(1, rounds + 1):
            barrier.wait()
            won[i].append(stores[i].append("g", _rows(seq, 1, f"w{i}-")))
            barrier.wait()

    threads = [threading.Thread(target=writer, args=(i,), daemon=True) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(WAIT * 2)
    assert not any(t.is_alive() for t in threads), "a writer never finished"
    assert [a + b for a, b in zip(*won, strict=True)] == [1] * rounds
    winners = [0 if w else 1 for w in won[0]]
    assert [r.token for r in stores[1].log("g")] == [
        f"w{w}-{seq}" for seq, w in zip(range(1, rounds + 1), winners, strict=True)
    ]


def test_an_open_seat_is_claimed_once(opened: Callable[[], Store]) -> None:
    """Store.claim: an open seat goes to the first who asks; a second claim, a seat
    that is not open, and a game that does not exist are refused; the first
    claimant's token is what the seat holds."""
    store = opened()
    store.create(_game("g"), SEATS)
    assert store.claim("g", 1, "first")
    assert store.claim("g", 1, "second") is False
    assert store.claim("g", 0, "taken") is False  # a seat with a token, not open
    assert store.claim("g", 2, "bot") is False
    assert store.claim("nope", 1, "x") is False
    found = store.game("g")
    assert found is not None
    assert [s.token_hash for s in found[1]] == ["t0", "first", None]


def test_the_lobby_lists_the_newest_listed_games(opened: Callable[[], Store]) -> None:
    """Store.listed: only listed games, newest first, at most ``limit``, each with its
    seats and how many log rows it has."""
    store = opened()
    for i in range(4):
        store.create(_game(f"l{i}", listed=True, created=1.0e9 + i), SEATS)
    store.create(_game("hidden", created=2.0e9), SEATS)
    assert store.append("l2", _rows(1, 4))
    got = store.listed(3)
    assert [(g.id, seats, n) for g, seats, n in got] == [
        ("l3", SEATS, 0), ("l2", SEATS, 4), ("l1", SEATS, 0)
    ]
    assert got[1][0] == _game("l2", listed=True, created=1.0e9 + 2)


def test_a_store_reopened_keeps_everything(url: str, opened: Callable[[], Store]) -> None:
    """Store.close, then the same store opened again (a restart): every game, seat
    (claimed or not), log row and listing is there as it was."""
    store = opened()
    store.create(_game("g", listed=True), SEATS)
    store.create(_game("h"), SEATS[:1])
    assert store.append("g", _rows(1, 6))
    assert store.claim("g", 1, "mine")
    before = (store.game("g"), store.game("h"), store.log("g"), store.listed(10))
    store.close()
    again = opened()
    assert (again.game("g"), again.game("h"), again.log("g"), again.listed(10)) == before
    assert sorted(again.games()) == ["g", "h"]
    assert again.append("g", _rows(6, 1)) is False  # what was written stays written
    assert again.append("g", _rows(7, 1))


def test_appends_of_another_process_are_heard(pg_url: str) -> None:
    """PostgresStore.listen (issue 20, LISTEN/NOTIFY): a store hears ``(game_id, last
    seq)`` for each append of another store on the same database, once its rows are
    committed, and is not told its own appends (its server has played them)."""
    from gamekit.server.pgstore import PostgresStore

    here, there = PostgresStore(pg_url), PostgresStore(pg_url)
    try:
        heard: list[tuple[str, int]] = []
        got = threading.Event()

        def hear(game_id: str, seq: int) -> None:
            heard.append((game_id, seq))
            if seq == 5:
                got.set()

        here.listen(hear)
        here.create(_game("g"), SEATS)
        assert here.append("g", _rows(1, 2))  # its own: not told
        assert there.append("g", _rows(3, 1))
        assert there.append("g", _rows(4, 2))
        assert got.wait(WAIT), f"no notice of seq 5; heard {heard}"
        assert heard == [("g", 3), ("g", 5)]
        assert here.log("g", after=2) == tuple(_rows(3, 1) + _rows(4, 2))
    finally:
        here.close()
        there.close()


def test_an_unreachable_database_is_a_store_error() -> None:
    """PostgresStore: a database that cannot be reached is a StoreError naming it,
    after a bounded wait, and the URL's password is not in the message."""
    pytest.importorskip("psycopg")
    with socket.socket() as s:  # a loopback port that nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(StoreError) as caught:
        open_store(f"postgresql://someone:sesame@127.0.0.1:{port}/games")
    assert f"127.0.0.1:{port}" in str(caught.value)
    assert "sesame" not in str(caught.value)


# two server processes over one database -------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def _server(store: str, log: Path) -> Iterator[str]:
    """A server process (``python -m gamekit.server``) over ``store`` on a loopback
    port: its ``host:port`` once it answers; stopped after."""
    for _attempt in range(3):  # another process may take the free port first
        port = _free_port()
        with log.open("wb") as out:
            proc = subprocess.Popen(
                [sys.executable, "-m", "gamekit.server", "tiki", "tikalspeed", "--port",
                 str(port), "--store", store, "--bot-workers", "0"],
                stdout=out, stderr=subprocess.STDOUT, cwd=ROOT,
            )
        try:
            deadline = time.monotonic() + WAIT
            while proc.poll() is None and time.monotonic() < deadline:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2):
                        break
                except OSError:
                    time.sleep(0.1)
            else:
                said = log.read_text(errors="replace")
                if proc.poll() is not None and "address already in use" in said:
                    continue
                raise AssertionError(f"the server did not start within {WAIT} s:\n{said}")
            yield f"127.0.0.1:{port}"
            return
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
    raise AssertionError("no free loopback port for the server")


def _create(server: str, request: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        f"http://{server}/api/games", data=json.dumps(request).encode(), method="POST",
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=WAIT) as answer:
        made: dict[str, Any] = json.loads(answer.read())
        return made


class _Client:
    """A WebSocket client of one game, as one seat: its ``hello`` once joined."""

    def __init__(self, ws: Any, token: str) -> None:
        self.ws = ws
        self.ws.send(json.dumps({"type": "join", "token": token}))
        self.hello = self.until(lambda m: m["type"] in ("hello", "error"))
        assert self.hello["type"] == "hello", self.hello

    def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first message ``wanted`` takes, skipping others (within :data:`WAIT`)."""
        deadline = time.monotonic() + WAIT
        while True:
            left = deadline - time.monotonic()
            assert left > 0, "no such message came"
            msg: dict[str, Any] = json.loads(self.ws.recv(timeout=left))
            if wanted(msg):
                return msg

    def play(self, seq: int, decision: dict[str, Any]) -> dict[str, Any]:
        """Play the first legal action of ``decision`` (asked at ``seq``): the answer."""
        token = decision["legal"][0]["actions"][0]["token"]
        self.ws.send(json.dumps({"type": "action", "seq": seq, "token": token}))
        return self.until(lambda m: m["type"] in ("ack", "error"))


@contextlib.contextmanager
def _client(server: str, game_id: str, token: str) -> Iterator[_Client]:
    """A seat's client of ``game_id`` on ``server``, closed after."""
    from websockets.sync.client import connect

    with connect(f"ws://{server}/ws/{game_id}", open_timeout=WAIT, close_timeout=5) as ws:
        yield _Client(ws, token)


def test_two_servers_on_one_database_push_each_others_updates(
    pg_url: str, tmp_path: Path
) -> None:
    """Issue 20: two server processes share one PostgreSQL database. A game created
    through server A has a seat connected to A and one to B. The seat to act plays
    through its server and is acknowledged; the other seat, on the other server, is
    sent the update, pushed (LISTEN/NOTIFY), with its decision open: its server's
    table has caught up. It plays, is acknowledged, and the first is sent that."""
    pytest.importorskip("websockets")
    with (
        _server(pg_url, tmp_path / "a.log") as a,
        _server(pg_url, tmp_path / "b.log") as b,
    ):
        made = _create(a, {"game": "tiki", "seats": [{"kind": "human"}, {"kind": "human"}]})
        game_id, tokens = made["id"], [s["token"] for s in made["seats"]]
        with _client(a, game_id, tokens[0]) as on_a, _client(b, game_id, tokens[1]) as on_b:
            assert on_a.hello["seq"] == on_b.hello["seq"]
            mover, other = (on_a, on_b) if on_a.hello["asked"] is not None else (on_b, on_a)
            assert mover.hello["asked"] is not None and other.hello["asked"] is None
            ack = mover.play(mover.hello["seq"], mover.hello["decision"])
            assert ack["type"] == "ack", ack
            pushed = other.until(lambda m: m["type"] == "update" and m["seq"] >= ack["seq"])
            assert pushed["seq"] == ack["seq"] and pushed["events"]
            assert pushed["asked"] is not None, "the other seat was not asked on its server"
            ack2 = other.play(pushed["seq"], pushed["decision"])
            assert ack2["type"] == "ack", ack2
            back = mover.until(lambda m: m["type"] == "update" and m["seq"] >= ack2["seq"])
            assert back["seq"] == ack2["seq"] and back["events"]
