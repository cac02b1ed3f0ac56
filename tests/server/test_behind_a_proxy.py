"""The server behind a real TLS-terminating proxy (issue 31; ``docs/deploy.md``): a
real nginx, as the deployment guide configures it, in front of a real server process,
on loopback. The lobby's requests, the pages and the game's WebSocket pass through
it over TLS: a game is created from "the site's own page" (its ``Origin``), joined
and played over ``wss://``; the server counts the proxy's client by
``X-Forwarded-For`` because it trusts the proxy.
"""

from __future__ import annotations

import json
import shutil
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from running import WAIT, Server, free_port
from websockets.sync.client import connect

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
if not Path(NGINX).exists() or not shutil.which("openssl"):
    pytest.skip("the proxy test needs nginx and openssl (CI installs them)",
                allow_module_level=True)  # fmt: skip

CONFIG = """
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
worker_processes 1;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    server {{
        listen 127.0.0.1:{port} ssl;
        ssl_certificate {folder}/cert.pem;
        ssl_certificate_key {folder}/key.pem;
        location /metrics {{ return 404; }}
        location / {{
            proxy_pass http://127.0.0.1:{upstream};
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection "upgrade";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""
"""docs/deploy.md's nginx site, as a whole configuration of its own on loopback."""


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[Server, int, ssl.SSLContext]]:
    """A server trusting the proxy, nginx in front of it over TLS (a certificate made
    for the test), and a TLS context that trusts that certificate."""
    folder = tmp_path / "nginx"
    folder.mkdir()
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
        check=True, capture_output=True, timeout=WAIT,
    )  # fmt: skip
    server = Server(str(tmp_path / "games.sqlite3"))
    server.extra = ["--trusted-proxies", "127.0.0.1"]
    server.start()
    port = free_port()
    (folder / "nginx.conf").write_text(CONFIG.format(folder=folder, port=port,
                                                     upstream=server.port))  # fmt: skip
    nginx = subprocess.Popen([NGINX, "-c", str(folder / "nginx.conf"), "-p", str(folder)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    deadline = time.monotonic() + WAIT
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert nginx.poll() is None, (folder / "error.log").read_text()
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.05)
    context = ssl.create_default_context(cafile=str(folder / "cert.pem"))
    try:
        yield server, port, context
    finally:
        nginx.terminate()
        nginx.wait(WAIT)
        server.stop()


def test_a_game_is_created_joined_and_played_through_the_proxy(
    proxied: tuple[Server, int, ssl.SSLContext],
) -> None:
    """docs/deploy.md: behind nginx over TLS the pages load with their security
    headers, the lobby creates a game from the site's own page (its Origin passes the
    server's check through the proxy's Host), the game's WebSocket passes through the
    proxy (wss), an action is acknowledged, and /metrics is not served to the internet."""
    _, port, context = proxied
    site = f"https://127.0.0.1:{port}"
    with urllib.request.urlopen(site + "/", context=context, timeout=WAIT) as r:
        assert r.status == 200 and "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
    body = json.dumps({"game": "tiki", "seats": [{"kind": "human"}, {"kind": "human"}]})
    request = urllib.request.Request(site + "/api/games", data=body.encode(), headers={
        "Content-Type": "application/json", "Origin": site})
    with urllib.request.urlopen(request, context=context, timeout=WAIT) as r:
        assert r.status == 201
        made = json.loads(r.read())
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(site + "/metrics", context=context, timeout=WAIT)
    assert refused.value.code == 404
    url = f"wss://127.0.0.1:{port}/ws/{made['id']}"
    hellos = []
    for seat in made["seats"]:
        with connect(url, ssl=context, open_timeout=WAIT) as ws:
            ws.send(json.dumps({"type": "join", "token": seat["token"]}))
            hello = json.loads(ws.recv(timeout=WAIT))
            assert hello["type"] == "hello"
            hellos.append(hello)
            if hello["asked"] is not None:
                token = hello["decision"]["legal"][0]["actions"][0]["token"]
                ws.send(json.dumps({"type": "action", "seq": hello["seq"], "token": token}))
                assert json.loads(ws.recv(timeout=WAIT))["type"] == "ack"
    assert any(h["asked"] is not None for h in hellos)
