"""The bus between the room's nodes: a node sends a message to another node by its name.

A client may connect to any node; a node that does not serve the client's table relays the
client's messages to the node that does, and that node's pushes back (``relay.py``). The
messages go over PostgreSQL ``LISTEN/NOTIFY`` (no extra service: the database the nodes share)
or Redis pub/sub (``--bus redis://…``). Messages to one node arrive in the order they were
sent; a message to a node that is gone is lost, which the lease on each table makes up for
(the client is told to join again, and its table is served by a node that is there). Every
message is sealed with the room's key (``sealed.py``): the bus carries nothing in clear.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from typing import Any

from cardtable.core.extras import import_extra
from cardtable.server.sealed import Seal, Unsealed

log = logging.getLogger("cardtable.server")

Deliver = Callable[[dict[str, Any]], None]
NOTIFY_CHUNK = 7000  # PostgreSQL refuses a notification of 8000 bytes or more


def channel(node: str) -> str:
    return f"cardtable.{node}"


class Bus:
    """Sends in order without waiting (one queue, one sender); subclasses move the bytes."""

    def __init__(self) -> None:
        self._queue: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._deliver: Deliver | None = None
        self._seal: Seal | None = None
        self._own = ""  # this node's channel
        # Called when messages may have been lost (the bus went away and came back, or a send
        # failed): the relay then resynchronises its clients (``Relay.resync``).
        self.on_gap: Callable[[], None] | None = None

    async def start(self, node: str, deliver: Deliver, seal: Seal) -> None:
        self._deliver, self._seal, self._own = deliver, seal, channel(node)
        await self._listen(self._own)
        self._tasks.append(asyncio.create_task(self._send_all(), name="bus-send"))

    def send(self, node: str, message: dict[str, Any]) -> None:
        assert self._seal is not None, "the bus has not started"
        name = channel(node)
        text = self._seal.close(name, json.dumps(message, separators=(",", ":")))
        self._queue.put_nowait((name, text))

    async def _send_all(self) -> None:
        while True:
            name, text = await self._queue.get()
            try:
                await self._publish(name, text)
            except Exception:
                log.warning("bus: a message to %s was lost", name, exc_info=True)
                self._gap()

    def _gap(self) -> None:
        if self.on_gap is not None:
            try:
                self.on_gap()
            except Exception:
                log.exception("bus: its clients could not be resynchronised")

    def _received(self, text: str) -> None:
        if self._deliver is None or self._seal is None:
            return
        try:
            message = json.loads(self._seal.open(self._own, text))
        except Unsealed:
            log.error("bus: a message not sealed with the room's key was ignored")
            return
        except ValueError:
            log.error("bus: a message that is not JSON was ignored")
            return
        try:
            self._deliver(message)
        except Exception:
            log.exception("bus: a message could not be handled")

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(BaseException):
                await task
        self._tasks.clear()

    async def _listen(self, name: str) -> None:
        raise NotImplementedError

    async def _publish(self, name: str, text: str) -> None:
        raise NotImplementedError


class RedisBus(Bus):
    """Redis pub/sub: one channel per node."""

    def __init__(self, url: str) -> None:
        super().__init__()
        aioredis = import_extra("redis", "redis.asyncio", "the Redis bus")
        self._client = aioredis.from_url(url)
        self._pubsub = self._client.pubsub()

    async def _listen(self, name: str) -> None:
        self._name = name
        await self._pubsub.subscribe(name)
        self._tasks.append(asyncio.create_task(self._read(), name="bus-read"))

    async def _read(self) -> None:
        lost = False  # the subscription broke: what was sent meanwhile is gone
        while True:
            try:
                if lost:
                    await self._pubsub.subscribe(self._name)
                message = await self._pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=1.0
                )
            except Exception:  # Redis went away: subscribe again until it answers
                log.warning("bus: Redis is not answering; trying again", exc_info=True)
                lost = True
                await asyncio.sleep(1.0)
                continue
            if lost:
                lost = False
                log.warning("bus: Redis answers again; relayed clients are resynchronised")
                self._gap()
            if message is not None and message["type"] == "message":
                data = message["data"]
                self._received(data.decode() if isinstance(data, bytes) else data)

    async def _publish(self, name: str, text: str) -> None:
        await self._client.publish(name, text)

    async def close(self) -> None:
        await super().close()
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()
        with contextlib.suppress(Exception):
            await self._client.aclose()


class PostgresBus(Bus):
    """``LISTEN/NOTIFY`` on the database the nodes share. A message longer than one
    notification is sent in pieces in one transaction, which PostgreSQL delivers together
    and in order; the listener puts them back together."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self._url = url
        self._listener: Any = None
        self._sender: Any = None
        self._channel = ""
        self._pieces: dict[str, list[str]] = {}

    async def _listen(self, name: str) -> None:
        self._channel = name
        await self._connect_listener()
        self._tasks.append(asyncio.create_task(self._read(), name="bus-read"))

    async def _connect_listener(self) -> None:
        import psycopg
        from psycopg import sql

        self._listener = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
        await self._listener.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self._channel)))

    async def _read(self) -> None:
        """Listen; when the database goes away, connect again (what was sent meanwhile is
        lost, and the leases make up for it)."""
        while True:
            try:
                async for note in self._listener.notifies():
                    self._piece(note.payload)
            except Exception:
                log.warning("bus: the database is not answering; listening again", exc_info=True)
            await asyncio.sleep(1.0)
            with contextlib.suppress(Exception):
                await self._listener.close()
            try:
                await self._connect_listener()
            except Exception:
                continue
            self._gap()  # listening again: what was sent meanwhile is lost

    def _piece(self, payload: str) -> None:
        key, _, rest = payload.partition(":")
        index, count, text = rest.split(":", 2)
        got = self._pieces.setdefault(key, [])
        got.append(text)
        if int(index) + 1 < int(count):
            return
        del self._pieces[key]
        if len(got) == int(count):
            self._received("".join(got))
        else:
            log.error("bus: a message came in %d of its %s pieces; ignored", len(got), count)

    async def _publish(self, name: str, text: str) -> None:
        import psycopg

        if self._sender is None or self._sender.closed:
            self._sender = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
        key = secrets.token_hex(6)
        pieces = [text[i : i + NOTIFY_CHUNK] for i in range(0, len(text), NOTIFY_CHUNK)] or [""]
        async with self._sender.transaction():
            for i, piece in enumerate(pieces):
                await self._sender.execute(
                    "SELECT pg_notify(%s, %s)", (name, f"{key}:{i}:{len(pieces)}:{piece}")
                )

    async def close(self) -> None:
        await super().close()
        for conn in (self._listener, self._sender):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()


def make_bus(bus_url: str | None, db_url: str) -> Bus | None:
    """The bus ``--bus`` names; else the database's own if it is PostgreSQL; else none (one
    node on SQLite)."""
    from cardtable.server.store import engine_url

    if bus_url:
        if bus_url.startswith(("redis://", "rediss://", "unix://")):
            return RedisBus(bus_url)
        if bus_url.startswith("postgresql"):
            return PostgresBus(_libpq(bus_url))
        raise ValueError(f"--bus must be a redis:// or postgresql:// URL, not {bus_url!r}")
    if engine_url(db_url).get_backend_name() == "postgresql":
        return PostgresBus(_libpq(db_url))
    return None


def _libpq(url: str) -> str:
    """A URL psycopg itself reads (no SQLAlchemy driver name)."""
    from cardtable.server.store import engine_url

    return engine_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
