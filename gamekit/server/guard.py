"""What every response of the server carries, and what no other site may ask of it.

:class:`Guard` is ASGI middleware around the application (:func:`~gamekit.server.app.
create_app` puts it there): every HTTP response gets the security headers of
:data:`HEADERS` (the pages load nothing from elsewhere, run no inline script and may
not be framed), and a request that changes something (any method but ``GET``,
``HEAD`` and ``OPTIONS``) sent by a page of another site (its ``Origin`` names another
host than the request's ``Host``) is refused ``403`` before it reaches a route, so a
foreign page cannot create games or take seats in a visitor's name.

>>> same_site("http://127.0.0.1:8000", "127.0.0.1:8000")
True
>>> same_site("https://evil.example", "games.example")
False
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

__all__ = ["HEADERS", "Guard", "same_site"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
     b"img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
     b"form-action 'self'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)  # fmt: skip
"""The headers of every HTTP response."""
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
"""The methods that change nothing, which any site may send."""


def same_site(origin: str, host: str) -> bool:
    """Whether a request's ``Origin`` is the site its ``Host`` names (scheme aside)."""
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    return bool(netloc) and netloc.lower() == host.lower()


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            text: str = value.decode("latin-1")
            return text
    return None


class Guard:
    """The security headers on every response; a foreign site's changes refused."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        origin = _header(scope, b"origin")
        foreign = origin is not None and not same_site(origin, _header(scope, b"host") or "")
        if scope["method"] not in SAFE and foreign:  # a "null" origin is foreign too
            await _refuse(send)
            return

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, guarded)


async def _refuse(send: Send) -> None:
    body = json.dumps({"error": {"code": "forbidden", "message":
                                 "a request from another site's page is refused"}}).encode()
    await send({"type": "http.response.start", "status": 403,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *HEADERS]})
    await send({"type": "http.response.body", "body": body})
