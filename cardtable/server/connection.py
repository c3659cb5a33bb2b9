"""One client's WebSocket connection: what it is joined as, its rate limit, its outbox.

Pushes never wait on a client: they go to a bounded outbox that a sender task drains, so a
slow or stalled client cannot hold up a table; one that lets its outbox fill is dropped (it
can reconnect and resume its seat).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from cardtable.server.names import Who
from cardtable.server.protocol import Code, encode, error

if TYPE_CHECKING:
    from cardtable.server.relay import Remote
    from cardtable.server.table import LiveTable

log = logging.getLogger("cardtable.server")

CLOSE_TOO_SLOW = 1013  # "try again later": the client stopped reading
CLOSE_MOVED = 1012  # "service restart": the table is served elsewhere now; connect again
MOVED = "The table moved to another server; join it again"


class RateLimiter:
    """A token bucket: ``burst`` messages at once, then ``rate`` per second on average."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.stamp = clock()

    def allow(self) -> bool:
        t = self.clock()
        self.tokens = min(self.burst, self.tokens + (t - self.stamp) * self.rate)
        self.stamp = t
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Connection:
    """State of one WebSocket: joined table and seat (None: spectator), last sequence number."""

    def __init__(self, socket: Socket, *, rate: float, burst: int, outbox_size: int) -> None:
        self.socket = socket
        self.id = secrets.token_hex(8)  # names it to other nodes when it is relayed
        self.limiter = RateLimiter(rate, burst)
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.outbox_size = outbox_size
        self.last_seq = -1
        self.table: LiveTable | Remote | None = None
        self.seat: int | None = None
        self.token_hash: str | None = None
        self.player: Who | None = None  # the signed-in player (the cookie's), if any
        self.closed = False
        self.dropped = False
        self.joined_once = False  # the hello deadline no longer applies
        self.tasks: set[asyncio.Task[None]] = set()  # hints being computed for this client
        self.on_drop: Callable[[], None] | None = None  # set by whoever owns the socket
        self.on_move: Callable[[], None] | None = None  # closes the socket (CLOSE_MOVED)

    def push(self, message: dict[str, Any] | str) -> None:
        """Queue a message for the client; never waits."""
        if self.closed:
            return
        if self.outbox.qsize() >= self.outbox_size:
            log.warning(
                "dropping a client that stopped reading (%d pushes queued)", self.outbox.qsize()
            )
            self.dropped = True
            self.close()
            if self.on_drop is not None:
                self.on_drop()
            return
        self.outbox.put_nowait(message if isinstance(message, str) else encode(message))

    def move(self, message: str = MOVED, url: str | None = None) -> None:
        """The table went to another node (or its node does not answer): tell the client, then
        close the socket so that it connects again and reaches the table where it is served;
        with ``url``, the WebSocket address of the node that serves it (connect there)."""
        self.table, self.seat, self.token_hash = None, None, None
        refusal = error(Code.TABLE_MOVED, message)
        self.push(refusal if url is None else {**refusal, "url": url})
        self.close()
        if self.on_move is not None:
            self.on_move()

    def detached(self) -> None:
        """The table let go of this connection (it told the client why); it may say hello
        again. (A relayed connection tells its door.)"""

    def close(self) -> None:
        """Stop queueing; the sender finishes what is queued up to here and stops."""
        if self.closed:
            return
        self.closed = True
        if self.dropped:
            while not self.outbox.empty():
                self.outbox.get_nowait()
        self.outbox.put_nowait(None)

    async def run_sender(self) -> None:
        """Send queued messages in order until closed."""
        while True:
            text = await self.outbox.get()
            if text is None:
                break
            await self.socket.send_text(text)
