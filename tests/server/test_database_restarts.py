"""Surviving the database (issue 31): PostgreSQL stopped and started again under play,
and a listening connection dropped, on a cluster of the test's own
(``private_postgres``), against real server processes on loopback.

Found from outside: after a 5 s outage nothing was acknowledged for 300 s, clients saw
their sockets closed with 1011 and the logs filled with tracebacks; a process whose
listening connection dropped never learned what another process stored. Now a client
is told ``unavailable`` (nothing stored, try again) on an open socket, the outage is
logged once, play goes on by itself once the database is back, and a process catches
up with what it missed.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from private_postgres import BIN, Cluster
from running import WAIT, Client, Server

if BIN is None:
    pytest.skip("PostgreSQL's server binaries are not installed", allow_module_level=True)


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    c = Cluster().start()
    try:
        yield c
    finally:
        c.close()


def _server(tmp_path: Path, url: str, name: str) -> Server:
    s = Server(url)
    s.log = str(tmp_path / f"{name}.log")
    return s.start()


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=WAIT) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return e.code


def _mover(clients: list[Client]) -> Client:
    for c in clients:
        c.drain()
    top = max(c.last["seq"] for c in clients)
    return next(c for c in clients if c.last["seq"] == top and c.last["asked"] is not None)


def test_play_goes_on_after_the_database_restarts(tmp_path: Path, cluster: Cluster) -> None:
    """While PostgreSQL is down an action is answered ``unavailable`` with when to try
    again (nothing stored), the socket stays open, ``/readyz`` fails; the outage is
    logged once; once the database is back the same action is stored by itself on the
    next try, without a restart of the server, and the game goes on."""
    server = _server(tmp_path, cluster.url, "server")
    try:
        made = server.create("tiki", [{"kind": "human"}, {"kind": "human"}])
        clients = [server.client(made["id"], s["token"]) for s in made["seats"]]
        for _ in range(2):
            mover = _mover(clients)
            assert mover.play(mover.tokens()[0])["type"] == "ack"
        cluster.stop()
        mover = _mover(clients)
        token = mover.tokens()[0]
        for _ in range(3):  # every try while it is down: told, not cut off
            answer = mover.play(token)
            assert answer["type"] == "error", answer
            assert answer["error"]["code"] == "unavailable" and answer["error"]["retry"] > 0
        mover.send({"type": "ping", "ref": "still here"})
        assert mover.until(lambda m: m["type"] == "pong")["ref"] == "still here"
        assert _status(server.url + "/readyz") == 503
        assert _status(server.url + "/healthz") == 200
        cluster.start()
        deadline = time.monotonic() + WAIT
        while True:  # as a page does: try again after the retry the error gave
            answer = mover.play(token)
            if answer["type"] == "ack":
                break
            assert answer["error"]["code"] in ("unavailable", "stale"), answer
            assert time.monotonic() < deadline, "nothing stored after the database came back"
            time.sleep(answer["error"].get("retry", 0.5))
        mover.until(lambda m: m["type"] == "update")
        other = _mover(clients)
        assert other.play(other.tokens()[0])["type"] == "ack"  # and the game goes on
        assert _status(server.url + "/readyz") == 200
    finally:
        server.stop()
    logs = [json.loads(line) for line in Path(server.log).read_text().splitlines()
            if line.startswith("{")]
    down = [e for e in logs if e["message"].startswith("the store is not answering")]
    assert len(down) == 1, [e["message"] for e in logs][:10]  # once, not in a loop
    assert not [e for e in logs if e["logger"] == "psycopg.pool"]  # its every retry, not
    assert not any("exc_info" in e for e in logs), [e["message"] for e in logs if "exc_info" in e]


def test_every_game_finishes_across_a_database_restart(tmp_path: Path, cluster: Cluster) -> None:
    """Two Tiki games, each with a seat on either of two processes; PostgreSQL is
    stopped mid-game and started again. Every game is played to its end with nothing
    but retries after ``unavailable`` (no server restarted), and each game's stored log
    holds every acknowledged action and replays, with the library, to the end the
    seats were told (TIKI-END-1)."""
    import random

    import psycopg

    import tiki

    a = _server(tmp_path, cluster.url, "a")
    b = _server(tmp_path, cluster.url, "b")
    rng = random.Random(31)
    try:
        games = []
        for _ in range(2):
            made = a.create("tiki", [{"kind": "human"}, {"kind": "human"}])
            seats = [a.client(made["id"], made["seats"][0]["token"]),
                     b.client(made["id"], made["seats"][1]["token"])]  # fmt: skip
            games.append((made["id"], seats))
        acked: dict[str, list[int]] = {game_id: [] for game_id, _ in games}
        not_before = {game_id: 0.0 for game_id, _ in games}
        spoken = {id(c): 0.0 for _, seats in games for c in seats}
        stopped_at = started = None
        told = 0  # actions answered unavailable
        deadline = time.monotonic() + 6 * WAIT
        while not all(seats[0].last["over"] for _, seats in games):
            assert time.monotonic() < deadline, {g: len(v) for g, v in acked.items()}
            if stopped_at is None and sum(map(len, acked.values())) >= 16:
                cluster.stop()  # mid-game, under play
                stopped_at = time.monotonic()
            elif started is None and stopped_at and time.monotonic() > stopped_at + 3:
                cluster.start()
                started = time.monotonic()
            for game_id, seats in games:
                if seats[0].last["over"] or time.monotonic() < not_before[game_id]:
                    continue
                mover = next(c for c in seats if c.last["asked"] is not None)
                time.sleep(max(0.0, spoken[id(mover)] + 0.12 - time.monotonic()))  # the rate
                spoken[id(mover)] = time.monotonic()
                answer = mover.play(rng.choice(mover.tokens()))
                if answer["type"] == "error":
                    assert answer["error"]["code"] == "unavailable", answer
                    not_before[game_id] = time.monotonic() + answer["error"]["retry"]
                    told += 1
                    continue
                acked[game_id].append(answer["seq"])
                for c in seats:  # both seats told, whichever process they are on
                    c.until(lambda m, s=answer["seq"]: m["type"] == "update" and m["seq"] >= s)
            if stopped_at is not None and started is None:
                time.sleep(0.2)
        assert started is not None and told > 0, "the games ended before the outage"
        with psycopg.connect(cluster.url, autocommit=True) as db:
            for game_id, seats in games:
                rows = db.execute("SELECT seq, token FROM log WHERE game_id = %s ORDER BY seq",
                                  (game_id,)).fetchall()  # fmt: skip
                assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
                assert set(acked[game_id]) <= {r[0] for r in rows}
                state = tiki.new_game(tiki.Rules())
                for _seq, token in rows:
                    state = tiki.step(state, tiki.parse_action(state, token)).state
                assert tiki.GAME.outcome(state) is not None
                assert seats[0].last["seq"] == seats[1].last["seq"] == len(rows)
    finally:
        a.stop()
        b.stop()


def test_a_process_catches_up_with_what_it_missed(tmp_path: Path, cluster: Cluster) -> None:
    """Two processes on one database; every listening connection is cut, and at once a
    seat acts through B: the notice is missed by A, which must still tell its seat (no
    seat is sent a game older than the store's)."""
    a = _server(tmp_path, cluster.url, "a")
    b = _server(tmp_path, cluster.url, "b")
    try:
        made = a.create("tiki", [{"kind": "human"}, {"kind": "human"}])
        watcher: Client = a.client(made["id"], made["spectator"]["token"])
        players = [b.client(made["id"], s["token"]) for s in made["seats"]]
        import psycopg

        with psycopg.connect(cluster.url, autocommit=True) as db:
            cut = db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                             " WHERE query LIKE 'LISTEN%'").fetchall()  # fmt: skip
        assert len(cut) == 2, cut
        mover = _mover(players)
        ack = mover.play(mover.tokens()[0])
        assert ack["type"] == "ack"
        seen: dict[str, Any] = watcher.until(lambda m: m["type"] == "update"
                                             and m["seq"] >= ack["seq"])  # fmt: skip
        assert seen["seq"] == ack["seq"]
    finally:
        a.stop()
        b.stop()


def test_choices_at_once_on_two_processes_are_both_stored(
    tmp_path: Path, cluster: Cluster
) -> None:
    """At a Speed Jump both seats choose at once (SPEED-JUMP-1); with the seats on two
    processes, one choice could lose the race for the next row and be refused
    ``busy`` (1-2.5% of actions). Now the losing process catches up and stores the
    choice after the winner's, since a secret choice leaves the other's decision open;
    here B has not even heard of A's row (its listening connection is cut)."""
    a = _server(tmp_path, cluster.url, "a")
    b = _server(tmp_path, cluster.url, "b")
    try:
        made = a.create({"game": "tikalspeed", "rules": {"mode": "speed", "players": 2},
                         "seats": [{"kind": "human"}, {"kind": "human"}]})
        p1 = a.client(made["id"], made["seats"][0]["token"])
        p2 = b.client(made["id"], made["seats"][1]["token"])
        for _ in range(200):  # to the first Jump: pass, place, spend as little as can be
            mover = _mover([p1, p2])
            if mover.last["decision"]["kind"] == "tokens":
                break
            tokens = mover.tokens()
            cheap = [t for t in tokens if t in ("pass", "end")]
            assert mover.play(cheap[0] if cheap else tokens[0])["type"] == "ack"
        for c in (p1, p2):  # both asked at once, in secret
            c.drain()
            assert c.last["decision"]["kind"] == "tokens" and c.last["asked"] is not None
        import psycopg

        with psycopg.connect(cluster.url, autocommit=True) as db:
            db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                       " WHERE query LIKE 'LISTEN%'")  # fmt: skip
        first = p1.play(next(t for t in p1.tokens() if t.endswith(":tokens:3")))
        second = p2.play(next(t for t in p2.tokens() if t.endswith(":tokens:2")))
        assert first["type"] == "ack", first
        assert second["type"] == "ack", second  # stored after P1's, not refused
        assert second["seq"] > first["seq"]
        revealed = p1.until(lambda m: m["type"] == "update" and any(
            e["event"] == "TokensRevealed" for e in m["events"]))
        reveal = next(e for e in revealed["events"] if e["event"] == "TokensRevealed")
        assert reveal["chosen"] == [3, 2]
    finally:
        a.stop()
        b.stop()


def _metric(server: Server, name: str) -> float:
    with urllib.request.urlopen(server.url + "/metrics", timeout=WAIT) as r:
        text = r.read().decode()
    return sum(float(line.split(" ")[1]) for line in text.splitlines()
               if line.startswith(name + " ") or line.startswith(name + "{"))


def test_each_game_is_run_by_one_process_and_taken_over_when_it_dies(
    tmp_path: Path, cluster: Cluster
) -> None:
    """One owner per game: every process did every game's work (a second process with
    no clients thought for the bots as much as the first). Now the process that holds
    a game's lease runs its bots and clocks, and no other; when it is killed, another
    process that serves the game takes it over once the lease runs out
    (``leases.LEASE`` + ``leases.RENEW``, 20 s) and the game goes on, nothing lost."""
    servers = [_server(tmp_path, cluster.url, name) for name in ("a", "b", "c")]
    a, b, c = servers
    try:
        made = a.create("tiki", [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
                        clock=5)  # the person's decisions time out: the owner plays them
        watchers = [s.client(made["id"], made["spectator"]["token"]) for s in (b, c)]
        before = watchers[0].until(lambda m: m["type"] == "update" and m["seq"] >= 5)["seq"]
        assert _metric(a, "gamekit_bot_decisions_total") >= 2
        assert _metric(b, "gamekit_bot_decisions_total") == 0  # not theirs to run
        assert _metric(c, "gamekit_bot_decisions_total") == 0
        a.kill()
        went_on = watchers[0].until(lambda m: m["type"] == "update" and m["seq"] > before + 2)
        assert _metric(b, "gamekit_lease_takeovers_total") + _metric(
            c, "gamekit_lease_takeovers_total") == 1  # one of them, not both
        import psycopg

        with psycopg.connect(cluster.url, autocommit=True) as db:
            seqs = [r[0] for r in db.execute(
                "SELECT seq FROM log WHERE game_id = %s ORDER BY seq", (made["id"],))]
        assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) >= went_on["seq"]
    finally:
        for s in servers:
            s.stop()
