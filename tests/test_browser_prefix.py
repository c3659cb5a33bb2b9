"""The browser client behind a reverse proxy that serves the room under ``/cards/``: the lobby,
a table made from its form, the seat link, the table page's WebSocket and a move played, with
every request the page makes staying under the prefix.

The room is mounted at ``/cards`` in an outer ASGI app served by Uvicorn: the scope it sees
(``root_path`` "/cards", the path with the prefix) is the one Uvicorn gives it behind a proxy
that strips the prefix with ``--root-path /cards`` (docs/deploy.md)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Page
from starlette.applications import Starlette
from starlette.routing import Mount

from cardtable.server import ServerConfig, create_app
from tests.support import browser as support

pytestmark = support.needs_chromium
PREFIX = "/cards"


@pytest.fixture
def under_prefix(tmp_path: Path) -> Iterator[str]:
    """The room at http://127.0.0.1:PORT/cards/ (the outer app answers nothing else)."""
    room = create_app(
        ServerConfig(db_url=f"sqlite:///{tmp_path / 'room.db'}", bot_delay=0.05, takeover_seconds=0)
    )

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with room.router.lifespan_context(room):  # a mounted app's start and stop
            yield

    outer = Starlette(routes=[Mount(PREFIX, app=room)], lifespan=lifespan)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(outer, log_level="warning", ws_max_size=2**20))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the room did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def test_lobby_table_and_websocket_work_under_a_path_prefix(page: Page, under_prefix: str) -> None:
    room = f"{under_prefix}{PREFIX}/"
    requests: list[str] = []
    sockets: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(room)
    page.wait_for_selector("#game option[value='royal-casino']", state="attached")
    page.select_option("#game", "royal-casino")
    page.locator("#create").evaluate("(form) => form.requestSubmit()")
    link = page.locator("#links a").first
    link.wait_for()
    seat_link = link.get_attribute("href") or ""
    assert seat_link.startswith(f"{room}table/"), seat_link
    page.goto(seat_link)
    assert support.wait_my_turn_or_over(page) == "turn"
    before = support.version(page)
    action = support.legal_actions(page)[0]
    page.click("#typed-box summary")
    page.fill("#typed-input", action)
    page.press("#typed-input", "Enter")
    support.wait_played(page, action, before)
    assert page.evaluate("document.querySelector('.brand').href") == room  # back to the lobby
    support.shot(page, "table-under-a-path-prefix")
    # the rules page and its stylesheet are under the prefix too
    rules = page.get_attribute("#rules-link", "href") or ""
    assert rules == f"{room}rules/royal-casino?lang=en", rules
    page.goto(rules)
    assert page.eval_on_selector("header.top", "e => getComputedStyle(e).display") == "flex"
    assert page.evaluate("document.querySelector('.brand').href") == room
    assert sockets == [f"ws://127.0.0.1:{under_prefix.rsplit(':', 1)[1]}{PREFIX}/ws"]
    outside = [url for url in requests if not url.startswith(room)]
    assert requests and not outside, outside
