"""Relaying: a client connected to one node, at a table another node serves.

The node the client is connected to (its *door*) keeps a ``Remote`` where a served table
would be, and forwards the client's hello, plays, syncs, hint requests and leaving to the
table's node over the bus. There the client is a ``RemoteConnection``: the table treats it as
any other connection (same checks, same views for its seat), and what the table pushes to it
goes back over the bus to the door, which sends it down the socket. Nothing about the client is
decided at the door but the socket's own limits; every rule and every token is checked where
the table is.

When the table moves, or its node stops answering, the door tells its clients so
(``table_moved``) and closes their sockets: they connect again, with their tokens, and reach
the table wherever it is served now. When the table's node is known dead (its liveness lock
is gone), the door instead joins its clients again itself, with the hello each was seated
with (``Relay.rejoin``): their sockets stay open, and the table's new node pushes them the
state, so only the dead node's own clients have to connect again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from cardtable.server import host, talk
from cardtable.server import protocol as p
from cardtable.server.bus import Bus
from cardtable.server.connection import Connection
from cardtable.server.names import Who
from cardtable.server.store import token_hash

if TYPE_CHECKING:
    from cardtable.server.table import LiveTable

log = logging.getLogger("cardtable.server")

JOIN_SECONDS = 5.0  # how long a door waits for the table's node to answer a hello
SILENT = "The table's server is not answering; try again in a few seconds"
SENT = "The table is served at another address; connect there"


class _Nowhere:
    """The socket of a relayed connection: what the table pushes goes over the bus instead."""

    async def send_text(self, data: str) -> None:  # pragma: no cover - never called
        raise RuntimeError("a relayed connection has no socket here")

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


class RemoteConnection(Connection):
    """A client of another node (its door), as the table that serves it sees it."""

    def __init__(self, bus: Bus, door: str, conn_id: str) -> None:
        super().__init__(_Nowhere(), rate=1e9, burst=10**9, outbox_size=10**9)
        self.bus = bus
        self.door = door
        self.id = conn_id
        self.since = time.monotonic()

    def push(self, message: dict[str, Any] | str) -> None:
        if self.closed:
            return
        text = message if isinstance(message, str) else p.encode(message)
        self.bus.send(self.door, {"op": "push", "conn": self.id, "text": text})

    def move(self, message: str = "", url: str | None = None) -> None:
        self.bus.send(self.door, {"op": "moved", "conn": self.id, "url": url})
        self.close()

    def detached(self) -> None:
        self.bus.send(self.door, {"op": "detached", "conn": self.id})


class Remote:
    """A table another node serves, standing in for it on a connection at this door."""

    def __init__(self, relay: Relay, table_id: str, node: str) -> None:
        self.relay = relay
        self.id = table_id
        self.node = node
        self.connections: set[Connection] = set()
        self.hellos: dict[str, p.Hello] = {}  # connection id -> the hello it was seated with

    def _send(self, conn: Connection, op: str, msg: p.ClientMessage | None = None) -> None:
        """A client's message to the table's node. No seat token goes over the bus: a hello
        carries the token's hash, which is all the table compares."""
        message: dict[str, Any] = {"op": op, "table": self.id, "from": self.relay.node}
        message["conn"] = conn.id
        if msg is not None:
            message["msg"] = msg.model_dump(mode="json", exclude_none=True, exclude={"token"})
            token = getattr(msg, "token", None)
            if isinstance(msg, p.Hello) and token is not None:
                message["token_hash"] = token_hash(token)
        if op == "hello" and conn.player is not None:  # who the door's cookie says it is
            message["player"] = {"id": conn.player.player, "name": conn.player.name}
        self.relay.bus.send(self.node, message)

    def send_to(self, conn: Connection, url: str) -> None:
        """Send the client to the table's node at ``url`` instead of relaying it there."""
        if not self.connections:
            self.relay.remotes.pop(self.id, None)
        conn.move(SENT, url)

    async def join(self, conn: Connection, hello: p.Hello) -> None:
        """Ask the table's node to seat the client; its welcome and states come back over the
        bus. Raise if it refuses (it has told the client why) or does not answer."""
        answered = asyncio.get_running_loop().create_future()
        self.relay.joining[conn.id] = answered
        self.relay.doors[conn.id] = conn
        conn.table = self
        self.connections.add(conn)
        self._send(conn, "hello", hello)
        try:
            ok = await asyncio.wait_for(answered, JOIN_SECONDS)
            if ok is None:
                raise TimeoutError  # its node died meanwhile (``Relay.gone``)
        except TimeoutError:
            ok = None
            # the hello may still arrive there late: the leave follows it, so it never
            # leaves a seat counted as connected that nobody is at (a ghost)
            self._send(conn, "leave")
        finally:
            self.relay.joining.pop(conn.id, None)
        if ok:
            conn.token_hash = None if hello.token is None else token_hash(hello.token)
            self.hellos[conn.id] = hello
            return
        self.forget(conn)
        if ok is None:  # its node is gone: the client connects again, and finds the table
            conn.move(SILENT)  # once another node has taken it over
        raise p.Answered  # the table's node has told the client why it refused

    async def play(self, conn: Connection, msg: p.Play) -> None:
        if msg.token is not None and token_hash(msg.token) != conn.token_hash:
            raise p.ProtocolError(
                p.Code.FORGED, "That token is not the one this connection joined with", msg.seq
            )
        self._send(conn, "play", msg)

    async def resend(self, conn: Connection) -> None:
        self._send(conn, "sync")

    async def say(self, conn: Connection, msg: p.Say | p.React) -> None:
        self._send(conn, "talk", msg)

    async def hint(self, conn: Connection, msg: p.HintRequest) -> asyncio.Task[None]:
        self._send(conn, "hint", msg)
        return asyncio.create_task(asyncio.sleep(0))

    def leave(self, conn: Connection) -> None:
        if conn in self.connections:
            self._send(conn, "leave")
        self.forget(conn)

    def forget(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self.hellos.pop(conn.id, None)
        self.relay.doors.pop(conn.id, None)
        if conn.table is self:
            conn.table = None
        if not self.connections:
            self.relay.remotes.pop(self.id, None)

    def moved(self) -> None:
        """The table's node is gone or the table moved: every client here joins again (one
        still waiting to be seated is answered now, and its join moves it)."""
        for conn in list(self.connections):
            waiting = self.relay.joining.get(conn.id)
            if waiting is not None and not waiting.done():
                waiting.set_result(None)
            else:
                self.move_out(conn)

    def move_out(self, conn: Connection, url: str | None = None) -> None:
        self.forget(conn)
        conn.move(url=url)

    def died(self, rejoin: Rejoin) -> None:
        """The table's node died or let the table go: every seated client here is joined
        again where the table is served next (``rejoin``), its socket left open; one still
        waiting to be seated is answered now, and its join moves it."""
        for conn in list(self.connections):
            waiting = self.relay.joining.get(conn.id)
            if waiting is not None and not waiting.done():
                waiting.set_result(None)  # its join, answered, moves it
                continue
            hello = self.hellos.get(conn.id)
            if hello is None:
                self.move_out(conn)
                continue
            self.forget(conn)
            conn.table = self  # until seated again: what it sends meanwhile is lost with the
            rejoin(conn, hello, self)  # node, as if sent just before it died


# joins a door's client again, with the hello it was seated with, where the table its dead
# node served (the ``Remote``, still the connection's table meanwhile) is served now
Rejoin = Callable[[Connection, p.Hello, "Remote"], None]


class Relay:
    """This node's side of relaying: its doors' remote tables, and the relayed clients of
    the tables it serves."""

    def __init__(
        self,
        bus: Bus,
        node: str,
        served: Callable[[str], LiveTable | None],
        settled: Callable[[str], Awaitable[LiveTable | None]] | None = None,
    ) -> None:
        self.bus = bus
        self.node = node
        self.served = served
        # the table once this node has finished taking it, if it is taking it now: a hello
        # relayed here while it loads waits for it rather than being sent away
        self.settled = settled
        self.remotes: dict[str, Remote] = {}  # at this door: table id -> its stand-in
        self.doors: dict[str, Connection] = {}  # at this door: connection id -> connection
        # at this door: connections the table's node let go (a revoked link), still answered
        # for what they sent before the door heard of it (``not_joined``), while they are open
        self.let_go: weakref.WeakValueDictionary[str, Connection] = weakref.WeakValueDictionary()
        self.joining: dict[str, asyncio.Future[bool | None]] = {}
        self.clients: dict[tuple[str, str], RemoteConnection] = {}  # served here, by door
        self._last: dict[tuple[str, str], asyncio.Task[None]] = {}  # each client's in order
        self._heard: dict[str, float] = {}  # door -> when it last said it is there
        self.rejoin: Rejoin | None = None  # set by the room: see ``gone``
        bus.on_gap = self.resync

    def remote(self, table_id: str, node: str) -> Remote:
        found = self.remotes.get(table_id)
        if found is None or found.node != node:
            if found is not None:  # its clients follow the table to its node now
                self.rehome(found)
            found = self.remotes[table_id] = Remote(self, table_id, node)
        return found

    def deliver(self, message: dict[str, Any]) -> None:
        """A message from another node (the bus calls this)."""
        op = message.get("op")
        conn_id = str(message.get("conn"))
        if "from" in message:
            self._heard[str(message["from"])] = time.monotonic()
        if op == "alive":
            return
        if op == "push":
            door = self.doors.get(conn_id)
            if door is None and (gone := self.let_go.get(conn_id)) is not None:
                door = None if gone.table is not None else gone  # (joined again since)
            if door is not None:
                door.push(str(message["text"]))
        elif op == "joined":  # (``moved``: not served there, the client joins again)
            answered = self.joining.get(conn_id)
            if answered is not None and not answered.done():
                answered.set_result(None if message.get("moved") else bool(message.get("ok")))
        elif op == "moved":
            door = self.doors.get(conn_id)
            if door is not None and isinstance(door.table, Remote):
                url = message.get("url")
                door.table.move_out(door, None if url is None else str(url))
        elif op == "detached":  # let go there (a revoked link): it may say hello again here
            door = self.doors.get(conn_id)
            if door is not None and isinstance(door.table, Remote):
                door.table.forget(door)
                door.seat = door.token_hash = None
                self.let_go[conn_id] = door
        elif op in ("hello", "play", "sync", "hint", "leave", "talk"):
            key = (str(message["from"]), conn_id)
            self._in_order(key, self._serve(key, message))
        elif op in ("pace", "token", "hosted", "talked"):
            self._in_order(("", str(message["table"])), self._command(message))
        else:
            log.error("bus: unknown message %r ignored", op)

    def _in_order(self, key: tuple[str, str], work: Awaitable[None]) -> None:
        """Handle one client's messages one after another, as its own socket would."""
        before = self._last.get(key)

        async def run() -> None:
            if before is not None:
                with contextlib.suppress(BaseException):
                    await before
            try:
                await work
            except Exception:
                log.exception("relay: a relayed message could not be handled")
            finally:
                if self._last.get(key) is task:
                    del self._last[key]

        task = asyncio.create_task(run())
        self._last[key] = task

    async def _serve(self, key: tuple[str, str], message: dict[str, Any]) -> None:
        door, conn_id = key
        op = message["op"]
        table_id = str(message["table"])
        table = self.served(table_id)
        if table is None and op == "hello" and self.settled is not None:
            table = await self.settled(table_id)
        client = self.clients.get(key)
        if op == "leave":
            if client is not None:
                del self.clients[key]
                if client.table is not None:
                    client.table.leave(client)
            return
        if op != "hello" and client is not None and client.table is None:  # let go here
            seq = (message.get("msg") or {}).get("seq")
            client.push(p.error(p.Code.NOT_JOINED, "Send hello to join a table first", seq))
            return
        if table is None or (op != "hello" and (client is None or client.table is not table)):
            self.bus.send(door, {"op": "joined", "conn": conn_id, "ok": False, "moved": True})
            self.bus.send(door, {"op": "moved", "conn": conn_id})
            return
        if op == "hello":
            client = self.clients[key] = RemoteConnection(self.bus, door, conn_id)
            who = message.get("player")
            if isinstance(who, dict):
                client.player = Who(str(who["id"]), str(who["name"]))
        assert client is not None
        try:
            msg = p.parse_message(p.encode(message.get("msg") or {"type": "sync", "seq": 0}))
            if isinstance(msg, p.Hello):
                hashed = message.get("token_hash")
                await table.join(client, msg, None if hashed is None else str(hashed))
            elif isinstance(msg, p.Play):
                await table.play(client, msg)
            elif isinstance(msg, p.HintRequest):
                client.tasks.add(await table.hint(client, msg))
            elif isinstance(msg, p.Say | p.React):
                await table.say(client, msg)
            else:
                await table.resend(client)
        except p.ProtocolError as e:
            client.push(e.to_json())
            if op == "hello":
                self.clients.pop(key, None)
                self.bus.send(door, {"op": "joined", "conn": conn_id, "ok": False})
            return
        if op == "hello":
            self.bus.send(door, {"op": "joined", "conn": conn_id, "ok": True})

    async def _command(self, message: dict[str, Any]) -> None:
        """A host's request made at another node: the pace, a seat's new token."""
        table = self.served(str(message["table"]))
        if table is None:
            return
        if message["op"] == "pace":
            table.set_pace(float(message["seconds"]))
        elif message["op"] == "hosted":  # a host's change stored at another node (host.py)
            await host.reload(table)
        elif message["op"] == "talked":  # a host's talk setting stored there (talk.py)
            await talk.catch_up(table)
        else:
            await table.reload_token(int(message["seat"]), str(message["hash"]))

    def tick(self, seconds: float) -> None:
        """Every few seconds: tell the nodes this door relays to that it is there, and let go
        of the relayed clients whose door has not said so for ``seconds`` (it died: its seats
        are away, and the take-over timer starts). The door is told too: one only slow (a
        busy machine) has its clients connect again, rather than wait for pushes that never
        come."""
        for node in {remote.node for remote in self.remotes.values()}:
            self.bus.send(node, {"op": "alive", "from": self.node})
        now = time.monotonic()
        for key, client in list(self.clients.items()):
            if now - max(self._heard.get(key[0], 0.0), client.since) > seconds:
                del self.clients[key]
                if client.table is not None:
                    client.table.leave(client)
                client.move()

    def peers(self) -> set[str]:
        """The nodes this one relays to or for."""
        return {r.node for r in self.remotes.values()} | {door for door, _ in self.clients}

    def gone(self, node: str) -> None:
        """``node`` died: the clients relayed to it are joined again by this door where its
        tables are taken over (``rejoin``; without it they are told to connect again), and
        those it relayed here are let go (their seats are away)."""
        for remote in [r for r in self.remotes.values() if r.node == node]:
            self.rehome(remote)
        for key, client in list(self.clients.items()):
            if key[0] == node:
                del self.clients[key]
                if client.table is not None:
                    client.table.leave(client)
                client.close()
        self._heard.pop(node, None)

    def rehome(self, remote: Remote) -> None:
        """``remote``'s node no longer serves its table (it died, or another node holds the
        table's lease now): its clients are joined again wherever the table is served
        (``rejoin``), their sockets kept; without a rejoin they are told to connect again."""
        if self.rejoin is None:
            remote.moved()
        else:
            remote.died(self.rejoin)

    def resync(self) -> None:
        """The bus lost messages (it went away, or a send failed): every client relayed from
        this door is told to connect again (``table_moved``: its page reconnects and gets the
        whole state), and every client relayed here is let go (its seat is away until it is
        back), rather than left waiting for pushes that were lost."""
        for remote in list(self.remotes.values()):
            remote.moved()
        for key, client in list(self.clients.items()):
            del self.clients[key]
            if client.table is not None:
                client.table.leave(client)
            client.move()

    def drop(self, table: LiveTable) -> None:
        """This node no longer serves ``table``: forget its relayed clients (the room moves
        them with the table's other connections)."""
        for key, client in list(self.clients.items()):
            if client.table is table:
                del self.clients[key]
