"""The protocol's last holes, as an outside client found them (issue 31, "The last
holes"): each is tried against a real server on loopback and must get a clear answer
in the envelope, never a traceback, a closed socket or a 500; and what a host expects
of a server (its pages' security headers, no changes asked by another site's page, no
worker left behind, the port bound before it says it serves) holds."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from running import ROOT, WAIT, Server, free_port, running
from test_protocol import _check
from websockets.exceptions import ConnectionClosed


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from running(tmp_path)


def test_a_binary_frame_is_malformed_and_the_connection_goes_on(server: Server) -> None:
    """docs/server.md: a message is JSON text; a binary frame gets ``malformed`` (it
    closed the socket with a server-side KeyError), and the seat plays on."""
    made = server.create("tiki", [{"kind": "human"}, {"kind": "human"}])
    a = server.client(made["id"], made["seats"][0]["token"])
    a.ws.send(b"\x00\x01 not text")
    err = a.until(lambda m: m["type"] == "error")
    assert err["error"]["code"] == "malformed" and "binary" in err["error"]["message"]
    a.send({"type": "ping", "ref": 1})
    assert a.until(lambda m: m["type"] == "pong")["ref"] == 1
    assert "Traceback" not in server.output()


def test_a_message_over_16_kib_is_too_large_and_the_connection_goes_on(server: Server) -> None:
    """docs/server.md: over 16 KiB is ``too-large`` (a 20 KiB frame closed the socket);
    a frame over 64 KiB closes it (1009), as a flood."""
    made = server.create("tiki", [{"kind": "human"}, {"kind": "human"}])
    a = server.client(made["id"], made["seats"][0]["token"])
    a.send({"type": "ping", "ref": "r", "pad": "x" * 20_000})
    err = a.until(lambda m: m["type"] == "error")
    assert err["error"]["code"] == "too-large", err
    a.send({"type": "ping", "ref": 2})
    assert a.until(lambda m: m["type"] == "pong")["ref"] == 2
    a.send({"type": "ping", "ref": "x" * 100_000})
    with pytest.raises(ConnectionClosed) as closed:
        a.until(lambda m: False)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_an_illegal_token_is_not_echoed_whole(server: Server) -> None:
    """The schema bounds an error's message to 1,000 characters: a 16,000-character
    token is refused ``illegal`` with a message that names it shortened."""
    made = server.create("tiki", [{"kind": "human"}, {"kind": "human"}])
    a = server.client(made["id"], made["seats"][0]["token"])
    b = server.client(made["id"], made["seats"][1]["token"])
    mover = a if a.hello["asked"] is not None else b
    mover.send({"type": "action", "seq": mover.hello["seq"], "token": "+" * 16_000})
    err = mover.until(lambda m: m["type"] == "error")
    assert err["error"]["code"] == "illegal" and len(err["error"]["message"]) <= 1000, err
    _check([err])


def test_a_seat_number_in_other_digits_is_refused_not_a_500(server: Server) -> None:
    """``POST /api/games/{id}/seats/²`` answered 500: "²" is a digit to Python, not a
    seat; it is a clear 400 now."""
    made = server.create("tiki", [{"kind": "human", "open": True}, {"kind": "human"}])
    for seat in ("²", "١", "0x1"):  # percent-encoded in the path, as a browser sends it
        quoted = urllib.parse.quote(seat)
        status, body = server.post(f"/api/games/{made['id']}/seats/{quoted}", {})
        assert status == 400 and body["error"]["code"] == "malformed", (seat, status, body)


def test_a_resigned_game_validates_against_the_schema(server: Server) -> None:
    """The schema's ``result`` branches overlapped, so every message of a resigned game
    failed validation; now each of them validates."""
    made = server.create("tiki", [{"kind": "human"}, {"kind": "human"}])
    a, b = (server.client(made["id"], s["token"]) for s in made["seats"])
    a.send({"type": "resign", "seq": a.hello["seq"]})
    a.until(lambda m: m["type"] == "update" and m["over"])
    b.until(lambda m: m["type"] == "update" and m["over"])
    assert a.last["result"] == {"resigned": 0, "winners": [1]}
    _check([a.last, b.last])


def _request(server: Server, method: str, path: str, headers: dict[str, str],
             body: bytes | None = None) -> tuple[int, dict[str, str], bytes]:  # fmt: skip
    req = urllib.request.Request(server.url + path, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=WAIT) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def test_pages_carry_security_headers_and_other_sites_change_nothing(server: Server) -> None:
    """A page of another site could create games in a visitor's name (no Origin
    check), and no page sent security headers: a change asked with a foreign
    ``Origin`` is refused 403, the server's own pages and requests go through, and
    every response forbids framing, sniffing and scripts from elsewhere."""
    body = json.dumps({"game": "tiki", "seats": [{"kind": "human"}, {"kind": "human"}]})
    json_type = {"Content-Type": "application/json"}
    status, _, answer = _request(server, "POST", "/api/games",
                                 {**json_type, "Origin": "https://evil.example"}, body.encode())
    assert status == 403 and json.loads(answer)["error"]["code"] == "forbidden"
    status, _, _ = _request(server, "POST", "/api/games", {**json_type, "Origin": "null"},
                            body.encode())
    assert status == 403
    own = f"http://127.0.0.1:{server.port}"
    status, _, answer = _request(server, "POST", "/api/games", {**json_type, "Origin": own},
                                 body.encode())
    assert status == 201, answer
    for path in ("/", "/analysis", "/static/js/play.js", "/api/hosted"):
        status, headers, _ = _request(server, "GET", path, {"Origin": "https://evil.example"})
        lowered = {k.lower(): v for k, v in headers.items()}
        assert status == 200, path
        assert "frame-ancestors 'none'" in lowered["content-security-policy"], path
        assert lowered["x-content-type-options"] == "nosniff", path
        assert lowered["x-frame-options"] == "DENY", path


def _children(pid: int) -> set[int]:
    """The processes ``pid`` started (Linux's /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(p) for p in (task / "children").read_text().split()}
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
def test_bot_workers_end_with_a_killed_server(tmp_path: Path) -> None:
    """kill -9 left 2-3 bot worker processes running each time, piling up with every
    restart: a worker now ends with the server that started it, however it ends."""
    server = Server(str(tmp_path / "games.sqlite3"), workers=2).start()
    try:
        made = server.create("tiki", [{"kind": "bot", "bot": "greedy"},
                                      {"kind": "bot", "bot": "greedy"}])
        watcher = server.client(made["id"], made["spectator"]["token"])
        watcher.until(lambda m: m["type"] == "update" and m["seq"] >= 6)  # the bots think
        assert server.process is not None
        workers = _children(server.process.pid)
        assert workers, "no bot worker process"
        server.kill()
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline and any(Path(f"/proc/{w}").exists() for w in workers):
            time.sleep(0.1)
        left = [w for w in workers if Path(f"/proc/{w}").exists()
                and "Z" not in Path(f"/proc/{w}/stat").read_text().split()[2]]
        assert not left, f"bot workers left running: {left}"
    finally:
        server.stop()


def test_serve_says_it_serves_once_the_port_is_bound(tmp_path: Path) -> None:
    """``serve`` printed "serving … on" before it had bound its port; now a client that
    connects the moment it reads the line is answered."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen(
        [sys.executable, "-m", "gamekit.server", "tiki", "--port", str(port), "--store",
         str(tmp_path / "g.sqlite3"), "--bot-workers", "0"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("serving Tiki on http://127.0.0.1:"), line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/hosted", timeout=5) as r:
            assert r.status == 200
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(WAIT)


def test_every_error_code_is_in_the_schema_and_the_docs() -> None:
    """A client validating messages against ``docs/schema/server.schema.json`` must
    accept every error the server sends, and a developer must find each code in
    ``docs/server.md``'s table of errors (``full``, ``unavailable``, ...)."""
    from gamekit.server.protocol import ERROR_CODES

    schema = json.loads((ROOT / "docs" / "schema" / "server.schema.json").read_text())
    assert sorted(schema["$defs"]["errorCode"]["enum"]) == sorted(ERROR_CODES)
    table = (ROOT / "docs" / "server.md").read_text()
    assert [c for c in ERROR_CODES if f"| `{c}` |" not in table] == []
