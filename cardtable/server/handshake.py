"""Connection limits below the app, in Uvicorn's HTTP protocol: a connection must finish its
first request's headers within ``handshake_seconds`` (idle and slow-header sockets are closed),
and one client address may have only ``max_handshakes_per_client`` connections that have not
yet done so. Uvicorn itself bounds the rest: ``limit_concurrency`` (503 beyond it),
``timeout_keep_alive`` for idle keep-alive connections, and the header size.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

from cardtable.server.config import ServerConfig
from cardtable.server.limits import AddressCounts


def guarded_protocol(handshake_seconds: float, per_client: int) -> type[asyncio.Protocol]:
    """Uvicorn's HTTP protocol class with the two limits above (their counts shared by every
    connection of one server)."""
    pending = AddressCounts(per_client)

    class Guarded(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
        _guard_address = ""
        _guard_counted = False
        _guard_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            self._guard_address = str(peer[0]) if peer else "unknown"
            self._guard_counted = pending.acquire(self._guard_address)
            if not self._guard_counted:
                transport.close()
                return
            loop = asyncio.get_running_loop()
            self._guard_timer = loop.call_later(handshake_seconds, self._guard_late)

        def on_headers_complete(self) -> None:  # httptools: the first request has arrived
            self._guard_done()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._guard_done()
            super().connection_lost(exc)

        def _guard_late(self) -> None:
            self._guard_timer = None
            started = getattr(self, "cycle", None) is not None
            upgraded = self.transport.get_protocol() is not self
            self._guard_done()
            if not started and not upgraded:
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
