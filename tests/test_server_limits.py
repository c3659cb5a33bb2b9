"""The room's limits per client address (docs/security.md): creating tables, computer-only
and search tables, tables nobody joined, WebSockets, API requests and connections. Each
refusal is a clear error code, and what others do is not affected."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from cardtable.bots.search import SearchBot
from cardtable.server.room import Room, RoomError
from tests.support.clock import MovingClock
from tests.support.server import serving

from .test_server_helpers import TOY, connect, make_app


class Addressed:
    """The app as if each request came from the address in its ``x-client`` header."""

    def __init__(self, app: Any) -> None:
        self.app: ASGIApp = app
        self.state = app.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            for name, value in scope["headers"]:
                if name == b"x-client":
                    scope = {**scope, "client": (value.decode(), 1)}
        await self.app(scope, receive, send)


@contextmanager
def room_client(tmp_path: Path, **settings: Any) -> Iterator[TestClient]:
    with TestClient(Addressed(make_app(tmp_path, **settings))) as client:
        yield client


def post(client: TestClient, address: str, seats: list[str], **body: Any) -> httpx2.Response:
    game = body.pop("game", TOY)
    json = {"game": game, "seats": seats, "options": body}
    return client.post("/api/tables", json=json, headers={"x-client": address})


def test_table_creation_is_rate_limited_per_address(tmp_path: Path) -> None:
    with room_client(tmp_path, create_per_minute=6.0, create_burst=3) as client:
        made = [post(client, "10.0.0.1", ["human", "human"]).status_code for _ in range(3)]
        assert made == [201, 201, 201]
        r = post(client, "10.0.0.1", ["human", "human"])
        assert r.status_code == 429 and r.json()["code"] == "rate_limited"
        assert "at most 6 a minute" in r.json()["error"] and r.headers["retry-after"] == "10"
        assert post(client, "10.0.0.2", ["human", "human"]).status_code == 201


def _race(client: TestClient, count: int, *args: Any) -> list[int | str]:
    """``count`` table creations at once on the room's own loop: 'ok' or the refusal's code."""
    room: Room = client.app.state.room  # type: ignore[attr-defined]

    async def one() -> int | str:
        try:
            await room.create(TOY, None, {}, ["human", "human"], *args)
        except RoomError as e:
            return e.code
        return "ok"

    async def many() -> list[int | str]:
        return list(await asyncio.gather(*(one() for _ in range(count))))

    assert client.portal is not None
    return client.portal.call(many)


def test_the_room_cap_holds_when_creations_race(tmp_path: Path) -> None:
    with room_client(tmp_path, max_live_tables=5) as client:
        results = _race(client, 20)
        assert results.count("ok") == 5 and results.count("room_full") == 15
        assert len(client.app.state.room.tables) == 5  # type: ignore[attr-defined]


def test_open_tables_per_address_are_capped_when_creations_race(tmp_path: Path) -> None:
    with room_client(tmp_path, max_tables_per_client=3) as client:
        results = _race(client, 12, "10.0.0.1")
        assert results.count("ok") == 3 and results.count("table_limit") == 9
        r = post(client, "10.0.0.1", ["human", "human"])
        assert r.status_code == 429 and r.json()["code"] == "table_limit"
        assert "at most 3 unfinished tables" in r.json()["error"]
        assert post(client, "10.0.0.2", ["human", "human"]).status_code == 201


def test_computer_only_and_search_tables_per_address_are_capped(tmp_path: Path) -> None:
    limits = {"max_bot_tables_per_client": 1, "max_search_tables_per_client": 1}
    with room_client(tmp_path, bot_delay=5.0, **limits) as client:
        assert post(client, "10.0.0.1", ["random", "random"]).status_code == 201
        r = post(client, "10.0.0.1", ["random", "random"])
        assert r.status_code == 429 and "computers only" in r.json()["error"]
        assert post(client, "10.0.0.1", ["human", "random"]).status_code == 201
        search = ["human", "search:easy", "random", "random"]
        assert post(client, "10.0.0.1", search, game="buck-euchre").status_code == 201
        r = post(client, "10.0.0.1", search, game="buck-euchre")
        assert r.status_code == 429 and r.json()["code"] == "table_limit"
        assert "search players" in r.json()["error"]
        assert post(client, "10.0.0.2", search, game="buck-euchre").status_code == 201


def test_tables_nobody_joined_expire_and_do_not_survive_a_restart(tmp_path: Path) -> None:
    clock = MovingClock()
    with room_client(tmp_path, clock=clock) as client:
        idle = post(client, "a", ["human", "human"]).json()
        joined = post(client, "a", ["human", "human"]).json()
        with connect(client) as me:
            me.hello(joined["table"]["id"], joined["tokens"]["0"])
    clock.advance(1.1)
    with room_client(tmp_path, open_table_seconds=1.0, clock=clock) as client:
        assert client.get(f"/api/tables/{idle['table']['id']}").status_code == 404
        assert client.get(f"/api/tables/{joined['table']['id']}").status_code == 200
        fresh = post(client, "a", ["human", "human"]).json()["table"]["id"]
        with connect(client) as watcher:
            watcher.hello(fresh)  # a spectator is nobody at a seat
            clock.advance(1.1)  # the room's sweep (every second) finds it expired
            err = watcher.error(timeout=5)
            assert err["code"] == "table_expired"
        assert client.get(f"/api/tables/{fresh}").json()["code"] == "not_found"


def test_websockets_per_address_are_capped(tmp_path: Path) -> None:
    with room_client(tmp_path, max_sockets_per_client=2) as client:
        with connect(client) as a, connect(client) as b:
            a.send(type="ping")
            b.send(type="ping")
            assert a.expect("pong") and b.expect("pong")
            with connect(client) as c:
                assert c.error()["code"] == "too_many_sockets"
                with pytest.raises(WebSocketDisconnect):
                    c.recv()
        with connect(client) as again:  # the others closed: room again
            again.send(type="ping")
            assert again.expect("pong")


def test_a_websocket_that_never_says_hello_is_closed(tmp_path: Path) -> None:
    with room_client(tmp_path, hello_seconds=0.3) as client, connect(client) as c:
        c.send(type="ping")
        assert c.expect("pong")
        assert c.error(timeout=5)["code"] == "hello_timeout"
        with pytest.raises(WebSocketDisconnect):
            c.recv()


def test_api_requests_are_rate_limited_per_address(tmp_path: Path) -> None:
    with room_client(tmp_path, http_rate=1.0, http_burst=5, refusal_seconds=0.3) as client:
        mine = {"x-client": "10.0.0.1"}
        codes = [client.get("/api/tables", headers=mine).status_code for _ in range(5)]
        assert codes == [200] * 5
        asked = time.monotonic()
        r = client.get("/api/games", headers=mine)
        assert time.monotonic() - asked >= 0.3  # the refusal waits: a looping client slows
        assert r.status_code == 429 and r.json()["code"] == "rate_limited"
        assert int(r.headers["retry-after"]) >= 1
        assert client.get("/", headers=mine).status_code == 200  # pages are not counted
        assert client.get("/api/games", headers={"x-client": "10.0.0.2"}).status_code == 200


def test_a_rate_limited_message_is_answered_with_its_seq(tmp_path: Path) -> None:
    with room_client(tmp_path, rate=5.0, burst=3) as client, connect(client) as c:
        sent = [c.send(type="ping") for _ in range(10)]
        replies = [c.recv() for _ in sent]
        assert [r["seq"] for r in replies] == sent
        limited = [r for r in replies if r["type"] == "error"]
        assert len(limited) >= 5 and {r["code"] for r in limited} == {"rate_limited"}


def _closed(sock: socket.socket) -> bool:
    sock.settimeout(0.05)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def test_idle_and_slow_header_connections_are_closed(tmp_path: Path) -> None:
    with serving(tmp_path / "room.db", "--handshake-seconds", "1") as (_proc, base):
        port = int(base.rsplit(":", 1)[1])
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(40)]
        slow = socket.create_connection(("127.0.0.1", port))
        try:
            time.sleep(0.3)
            assert 8 <= sum(_closed(s) for s in idle) < 40  # 32 handshakes per address
            started = time.monotonic()
            with contextlib.suppress(OSError):  # a header line every 0.2 s, never finished
                slow.sendall(b"GET /api/games HTTP/1.1\r\n")
                while time.monotonic() - started < 4:
                    time.sleep(0.2)
                    slow.sendall(b"X-Slow: 1\r\n")
            assert time.monotonic() - started < 2.5  # closed after about a second
            assert all(_closed(s) for s in idle) and _closed(slow)
            assert httpx2.get(f"{base}/api/games", timeout=5).status_code == 200
        finally:
            for s in [*idle, slow]:
                s.close()


def test_quick_computers_never_wait_behind_a_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the only search thread taken (a search that does not end), a person's table
    against a random computer still gets its replies."""
    gate = threading.Event()

    def endless(self: SearchBot, view: dict[str, Any], legal: Any) -> Any:
        gate.wait(20)
        return legal[0]

    monkeypatch.setattr(SearchBot, "choose", endless)
    try:
        with room_client(tmp_path, search_workers=1, bot_workers=1) as client:
            post(client, "a", ["search:easy", "search:easy"], game="royal-casino")
            made = post(client, "b", ["human", "random"], target=50).json()
            with connect(client) as me:
                me.hello(made["table"]["id"], made["tokens"]["0"])
                for _ in range(3):
                    me.my_turn(timeout=10)
                    me.play(me.view["legal_actions"][0])
                    me.expect("ack")
                assert me.my_turn(timeout=10)["version"] >= 4  # the computer replied each time
    finally:
        gate.set()
