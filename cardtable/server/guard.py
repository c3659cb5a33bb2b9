"""The HTTP front door: a request rate limit per client address, the body size a request may
announce, security headers on every response, and the one error body every HTTP error has,
``{"error": sentence, "code": code}``.

A plain ASGI middleware, the app's outermost (no per-request task, no stream), so refusing a
flood costs as little as can be; a refused request is answered only after a pause, so a client
that loops on its requests is slowed to a few a second instead of keeping the server busy
refusing it. (The body check was a ``BaseHTTPMiddleware`` around this one: every request, a
refused one too, paid a task group and a stream pair for it.)
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardtable.server.limits import AddressBuckets, client_address

# The client is plain files from this origin: no inline script or style, no frames.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]
LIMITED = ("/api/", "/ws")  # pages and static files are not counted
BODIES = ("POST", "PUT", "PATCH")  # methods whose body size is checked before it is read


def error_body(message: str, code: str) -> bytes:
    return json.dumps({"error": message, "code": code}, ensure_ascii=False).encode()


class Guard:
    def __init__(
        self,
        app: ASGIApp,
        rate: float,
        burst: int,
        pause: float,
        connect: Callable[[], str] | None = None,
        max_body: int | None = None,
    ) -> None:
        self.app = app
        self.max_body = max_body  # bytes a POST, PUT or PATCH may announce (None: no check)
        self.connect = connect  # more connect-src: the nodes clients may be sent to
        self.rate = rate
        self.pause = pause  # before a refusal is sent (Retry-After says as much)
        self.buckets = AddressBuckets(rate, burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        if path.startswith(LIMITED) and not self.buckets.allow(client_address(scope.get("client"))):
            await asyncio.sleep(self.pause)
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": "rate limited"})
            else:
                await self._too_many(send)
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        if self.max_body is not None and scope.get("method") in BODIES:
            refused = self._body_refused(scope)
            if refused is not None:
                await self._refuse(send, *refused)
                return

        headers = self._headers()

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *headers]
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _headers(self) -> list[tuple[bytes, bytes]]:
        extra = self.connect() if self.connect is not None else ""
        if not extra:
            return HEADERS
        csp = CSP.replace("connect-src 'self'", f"connect-src 'self' {extra}")
        return [(b"content-security-policy", csp.encode()), *HEADERS[1:]]

    def _body_refused(self, scope: Scope) -> tuple[int, str, str] | None:
        """Why a request's announced body is refused before it is read (None: it is not)."""
        length = dict(scope.get("headers") or ()).get(b"content-length", b"")
        if not length.isdigit():
            return 411, "Send a Content-Length header", "length_required"
        if self.max_body is not None and int(length) > self.max_body:
            return 413, f"Request too large (at most {self.max_body} bytes)", "too_large"
        return None

    async def _too_many(self, send: Send) -> None:
        message = f"Too many requests: at most {self.rate:g} a second; try again shortly"
        retry = [(b"retry-after", str(self.buckets.retry_after()).encode())]
        await self._refuse(send, 429, message, "rate_limited", retry)

    async def _refuse(
        self,
        send: Send,
        status: int,
        message: str,
        code: str,
        extra: list[tuple[bytes, bytes]] | None = None,
    ) -> None:
        body = error_body(message, code)
        headers: list[Any] = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            *(extra or []),
            *self._headers(),
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
