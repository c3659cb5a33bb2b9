"""The life of one WebSocket: read messages, refuse what is wrong, hand the rest to the table.

Every refusal is an ``error`` message to that client alone, and the connection stays open:
abuse (oversized or malformed messages, floods, stale sequence numbers, someone else's token)
harms neither the connection nor the match. One client address may hold only so many
sockets, and a socket must join a table soon after it opens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.websockets import WebSocket

from cardtable.server import host, players
from cardtable.server import protocol as p
from cardtable.server.config import ServerConfig
from cardtable.server.connection import CLOSE_MOVED, CLOSE_TOO_SLOW, Connection
from cardtable.server.limits import client_address
from cardtable.server.names import Who
from cardtable.server.players import COOKIE
from cardtable.server.relay import Remote
from cardtable.server.room import Room, RoomError, WrongToken

log = logging.getLogger("cardtable.server")

CLOSE_POLICY = 1008  # too many sockets from one address, or no hello in time


def origin_allowed(websocket: WebSocket, config: ServerConfig) -> bool:
    """A browser says which site's page opens a WebSocket (``Origin``); only the room's own
    pages and the sites ``--allow-origin`` names may, so another site's page cannot use a
    visitor's seat links or play in their name. Programs send no ``Origin`` (and could send
    any): they are let in, as every message is checked anyway."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    origin = origin.rstrip("/").lower()
    url = websocket.url
    own = f"{'https' if url.scheme == 'wss' else 'http'}://{url.netloc}".lower()
    return origin == own or origin in config.allowed_origins


async def serve_socket(websocket: WebSocket, room: Room, config: ServerConfig) -> None:
    address = client_address(websocket.client)
    if not origin_allowed(websocket, config):
        await websocket.close(CLOSE_POLICY, "origin not allowed")  # before accepting: HTTP 403
        return
    await websocket.accept()
    if not room.sockets.acquire(address):
        limit = config.max_sockets_per_client
        await websocket.send_text(
            p.encode(p.error(p.Code.TOO_MANY_SOCKETS, f"At most {limit} connections per address"))
        )
        await _close(websocket, CLOSE_POLICY, "too many connections")
        return
    try:
        await _serve(websocket, room, config)
    finally:
        room.sockets.release(address)


async def _serve(websocket: WebSocket, room: Room, config: ServerConfig) -> None:
    conn = Connection(
        websocket, rate=config.rate, burst=config.burst, outbox_size=config.outbox_size
    )
    sender = asyncio.create_task(conn.run_sender())

    def drop() -> None:
        """The client stopped reading: let go of it now; it may reconnect and resume."""
        if conn.table is not None:
            conn.table.leave(conn)
        sender.cancel()
        closing = asyncio.create_task(_close(websocket, CLOSE_TOO_SLOW, "too many unread messages"))
        _background.add(closing)
        closing.add_done_callback(_background.discard)

    def moved() -> None:
        """The table moved to another node: the client's next connection finds it there."""

        async def close_after_sending() -> None:
            await asyncio.wait({sender}, timeout=5.0)
            await _close(websocket, CLOSE_MOVED, "the table moved")

        closing.append(asyncio.create_task(close_after_sending()))

    closing: list[asyncio.Task[None]] = []  # awaited before the socket is let go
    conn.on_drop = drop
    conn.on_move = moved
    conn.player = await signed_in(room, websocket.cookies.get(COOKIE))
    deadline = asyncio.get_running_loop().time() + config.hello_seconds
    late = False
    try:
        while not conn.closed:
            if conn.table is None and not conn.joined_once:
                left = deadline - asyncio.get_running_loop().time()
                try:
                    message = await asyncio.wait_for(websocket.receive(), max(left, 0.0))
                except TimeoutError:
                    conn.push(p.error(p.Code.HELLO_TIMEOUT, _hello_late(config)))
                    late = True
                    break
            else:
                message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            await handle(room, config, conn, message.get("text"), message.get("bytes"))
    except Exception:  # a broken socket: the client will reconnect
        log.debug("connection ended", exc_info=True)
    finally:
        if conn.table is not None:
            conn.table.leave(conn)
        for task in conn.tasks:
            task.cancel()
        conn.close()
        await asyncio.wait({sender}, timeout=5.0)  # let queued pushes go out
        if not sender.done():
            sender.cancel()
        elif not sender.cancelled():
            sender.exception()  # a send to a closed socket: nothing left to do
        if late:
            await _close(websocket, CLOSE_POLICY, "no hello in time")
        if closing:
            await asyncio.wait(closing, timeout=10.0)


async def handle(
    room: Room, config: ServerConfig, conn: Connection, text: str | None, data: bytes | None
) -> None:
    """One incoming frame, answered or refused."""
    if not conn.limiter.allow():
        small = text is not None and len(text) <= config.max_message_bytes
        conn.push(
            p.error(
                p.Code.RATE_LIMITED,
                f"Too many messages: at most {config.rate:g} a second; this one was ignored",
                p.peek_seq(text) if small and text is not None else None,
            )
        )
        return
    if text is None:
        size = len(data or b"")
        if size > config.max_message_bytes:
            conn.push(p.error(p.Code.TOO_LARGE, _too_large(config)))
        else:
            conn.push(p.error(p.Code.BAD_MESSAGE, "Send messages as JSON text frames"))
        return
    if len(text) > config.max_message_bytes or len(text.encode()) > config.max_message_bytes:
        conn.push(p.error(p.Code.TOO_LARGE, _too_large(config)))
        return
    try:
        msg = p.parse_message(text)
        if msg.seq <= conn.last_seq:
            raise p.ProtocolError(
                p.Code.STALE_SEQ,
                f"Sequence number {msg.seq} is not above the last one ({conn.last_seq})",
                msg.seq,
            )
        conn.last_seq = msg.seq
        await dispatch(room, conn, msg)
    except p.ProtocolError as e:
        conn.push(e.to_json())
    except p.Answered:  # refused where the table is served, which told the client why
        pass
    except RoomError as e:  # its key, for the page to say it in its language
        refusal = p.ProtocolError(p.Code.SERVER_ERROR, e.message, key=e.key, params=e.params)
        conn.push(refusal.to_json())
    except Exception:
        log.exception("unexpected error handling a message")
        conn.push(p.error(p.Code.SERVER_ERROR, "The server could not handle that message"))


async def dispatch(room: Room, conn: Connection, msg: p.ClientMessage) -> None:
    if isinstance(msg, p.Ping):
        conn.push({"type": "pong", "seq": msg.seq})
        return
    if isinstance(msg, p.Hello):
        if conn.table is not None:
            raise p.ProtocolError(
                p.Code.ALREADY_JOINED,
                f"This connection has joined table {conn.table.id}; open another one",
                msg.seq,
            )
        club = await room.club_of(msg.table)
        if club is not None and not await room.is_member(club, conn.player):
            raise p.ProtocolError(
                p.Code.FORBIDDEN, "Only the club's members may open its tables", msg.seq
            )
        try:  # a token no seat holds is refused from the store, before anything is loaded
            table = await room.route(msg.table, msg.token)
        except WrongToken:
            await host.refuse_retired(room, msg.table, msg.token, msg.seq)  # replaced: say so
            raise p.ProtocolError(
                p.Code.BAD_TOKEN, "This link's seat token is not valid for this table", msg.seq
            ) from None
        if table is None:
            raise p.ProtocolError(p.Code.UNKNOWN_TABLE, f"No table {msg.table!r}", msg.seq)
        if isinstance(table, Remote):  # served by another node: sent or relayed there
            url = room.direct(table.node)
            if url is not None and conn.player is None:  # a cookie stays with this address
                table.send_to(conn, url)
                return
            await table.join(conn, msg)
            conn.joined_once = True
            return
        try:
            await table.join(conn, msg)
        except p.ProtocolError:
            room.let_go(table)  # loaded for this join only: it leaves memory again
            raise
        conn.joined_once = True
        return
    if conn.table is None:
        raise p.ProtocolError(p.Code.NOT_JOINED, "Send hello to join a table first", msg.seq)
    if isinstance(msg, p.Sync):
        await conn.table.resend(conn)
    elif isinstance(msg, p.HintRequest):
        task = await conn.table.hint(conn, msg)
        conn.tasks.add(task)
        task.add_done_callback(conn.tasks.discard)
    elif isinstance(msg, p.Say | p.React):
        await conn.table.say(conn, msg)
    else:
        await conn.table.play(conn, msg)


_background: set[asyncio.Task[None]] = set()


async def signed_in(room: Room, key: str | None) -> Who | None:
    """The player the connection's cookie names (read once, when it opens)."""
    if not key:
        return None
    found = await room.store.run(players.by_key, room.store.store.engine, key)
    return None if found is None else Who(found.id, found.name)


async def _close(websocket: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(websocket.close(code, reason), timeout=5.0)


def _hello_late(config: ServerConfig) -> str:
    return f"Send hello within {config.hello_seconds:g} seconds of connecting"


def _too_large(config: ServerConfig) -> str:
    return f"The message is too large (at most {config.max_message_bytes} bytes); it was ignored"
