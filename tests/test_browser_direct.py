"""Fewer hops in a real browser (docs/deploy.md): two nodes with addresses of their own; the
table page opened at node b for a table node a serves is sent to a (``table_moved`` with a's
address), connects there (its Content-Security-Policy and a's allowed origins let it) and
plays there, without a socket relayed through b."""

from __future__ import annotations

from contextlib import ExitStack

from playwright.sync_api import Browser

from tests.support import browser as support
from tests.support.browser import LIFTED, Room, wait_my_turn_or_over
from tests.support.databases import postgres_database
from tests.support.server import serving
from tests.test_server_direct import free_port

pytestmark = support.needs_chromium

SOCKETS = """
window.__sockets = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(url, ...rest) { super(url, ...rest); window.__sockets.push(String(url)); }
};
"""


def node(name: str, port: int, other: str) -> list[str]:
    """A node at its own address, whose pages may come from the ``other`` node too."""
    own = ["--port", str(port), "--public-url", f"http://127.0.0.1:{port}"]
    return ["--node", name, *own, "--allow-origin", other, "--takeover-seconds", "0", *LIFTED]


def test_the_table_page_follows_its_table_to_its_node(browser: Browser) -> None:
    ports = [free_port(), free_port()]
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    with postgres_database() as db, ExitStack() as stack:
        a, b = (
            stack.enter_context(serving(db, *node(name, port, other)))[1]
            for name, port, other in zip("ab", ports, reversed(urls), strict=True)
        )
        created = Room(a).create("royal-casino", ["human", "random"], players=2)
        link = created["links"]["0"].replace(a, b)  # the page comes from node b
        context = browser.new_context()
        context.set_default_timeout(20_000)
        page = context.new_page()
        page.add_init_script(SOCKETS)
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if "Security" in m.text else None)
        try:
            page.goto(link)
            assert wait_my_turn_or_over(page) == "turn"
            sockets = page.evaluate("window.__sockets")
        finally:
            context.close()
    assert sockets[0] == f"ws://127.0.0.1:{ports[1]}/ws", sockets  # b's, then sent on to a's
    assert sockets[-1] == f"ws://127.0.0.1:{ports[0]}/ws", sockets
    assert not errors, errors
