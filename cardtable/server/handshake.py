"""Connection limits below the app, in Uvicorn's HTTP protocol.

Every request has a deadline: from its first byte (or, for a connection's first request, from
the connection's opening) its headers and its whole body must arrive within
``handshake_seconds``, on the first request of a connection and on every later one it keeps
alive; a connection that misses it is closed. One client address may have only
``max_handshakes_per_client`` requests being received at once (further connections are closed
at once). Between requests Uvicorn's ``timeout_keep_alive`` closes an idle connection. A
WebSocket's request ends at its upgrade (the room's own ``hello`` deadline follows).

Uvicorn answers 503 beyond ``limit_concurrency`` connections, but never to ``/healthz``: a
load balancer's health check is served from that reserved path whatever a flood holds, so the
node is not taken out of service because someone held its connections.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

from cardtable.server.config import ServerConfig
from cardtable.server.limits import AddressCounts

HEALTH = b"/healthz"  # the reserved path: never refused for the connection count


def guarded_protocol(handshake_seconds: float, per_client: int) -> type[asyncio.Protocol]:
    """Uvicorn's HTTP protocol class with the limits above (their counts shared by every
    connection of one server)."""
    pending = AddressCounts(per_client)

    class Guarded(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
        _guard_address = ""
        _guard_counted = False
        _guard_timer: asyncio.TimerHandle | None = None
        _guard_limit: int | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            self._guard_address = str(peer[0]) if peer else "unknown"
            self._guard_limit = self.limit_concurrency
            self._guard_begin()  # the first request: due from the opening on

        def data_received(self, data: bytes) -> None:
            if self._guard_timer is None and not self.transport.is_closing():
                self._guard_begin()  # the first byte of a later request: its deadline runs
            if not self.transport.is_closing():
                super().data_received(data)

        def on_headers_complete(self) -> None:
            path = self.url.split(b"?", 1)[0]
            self.limit_concurrency = None if path == HEALTH else self._guard_limit
            if self.parser.should_upgrade() and self._should_upgrade():
                self._guard_done()  # a WebSocket: the room's hello deadline takes over
            super().on_headers_complete()

        def on_message_complete(self) -> None:  # the whole request, body included, is here
            self._guard_done()
            super().on_message_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._guard_done()
            super().connection_lost(exc)

        def _guard_begin(self) -> None:
            self._guard_counted = pending.acquire(self._guard_address)
            if not self._guard_counted:  # too many requests of this address being received
                self.transport.close()
                return
            loop = asyncio.get_running_loop()
            self._guard_timer = loop.call_later(handshake_seconds, self._guard_late)

        def _guard_late(self) -> None:
            self._guard_timer = None
            upgraded = self.transport.get_protocol() is not self
            self._guard_done()
            if not upgraded:
                self.transport.close()

        def _guard_done(self) -> None:
            if self._guard_timer is not None:
                self._guard_timer.cancel()
                self._guard_timer = None
            if self._guard_counted:
                self._guard_counted = False
                pending.release(self._guard_address)

    return Guarded


def uvicorn_limits(config: ServerConfig) -> dict[str, Any]:
    """The ``uvicorn.Config`` keywords that carry the room's connection limits."""
    return {
        "http": guarded_protocol(config.handshake_seconds, config.max_handshakes_per_client),
        "limit_concurrency": config.max_connections,
        "timeout_keep_alive": config.keep_alive_seconds,
        "h11_max_incomplete_event_size": 16 * 1024,
    }
