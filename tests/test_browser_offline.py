"""Offline is obvious: when the card room goes away, a blocking overlay with the reconnect
countdown covers the table, the page is inert (a card pressed starts nothing), and when the
room is back on the same address the state is resynced before the overlay lets input through.
The room here is its own process on a fixed port, so that it can be killed and started again."""

from __future__ import annotations

import socket
from pathlib import Path

from playwright.sync_api import Browser

from tests.support import browser as support
from tests.support.browser import LIFTED, Room, wait_my_turn_or_over
from tests.support.server import serving

pytestmark = support.needs_chromium


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_the_overlay_blocks_play_until_the_room_is_back(browser: Browser, tmp_path: Path) -> None:
    port = free_port()
    options = ("--port", str(port), "--bot-delay", "0.05", "--takeover-seconds", "0", *LIFTED)
    context = browser.new_context(viewport={"width": 375, "height": 667})
    context.set_default_timeout(20_000)
    p = context.new_page()
    try:
        with serving(tmp_path / "room.db", *options) as (proc, base):
            room = Room(base)
            created = room.create("royal-casino", ["human", "heuristic"], players=2)
            room.http.close()
            p.goto(created["links"]["0"])
            assert wait_my_turn_or_over(p) == "turn"
            assert p.is_hidden("#offline")
            version = p.get_attribute("#area", "data-version")
            proc.kill()
            proc.wait(timeout=10)
            p.wait_for_selector("#offline", state="visible")
        assert "second" in p.inner_text("#offline-text")  # the countdown, in words
        assert p.evaluate("document.querySelector('main').inert")
        card = p.locator(".tray button.card").first
        box = card.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        covered = "([x, y]) => document.elementFromPoint(x, y).closest('#offline') !== null"
        assert p.evaluate(covered, [x, y])
        p.mouse.click(x, y)
        assert p.locator(".card.selected, .move-bar button.move").count() == 0
        # the same room again on the same address: the page reconnects and resyncs
        with serving(tmp_path / "room.db", *options):
            # "Try now" (unless the back-off's own try got there first: then it does nothing)
            p.evaluate("document.querySelector('#offline-retry').click()")
            p.wait_for_selector("#offline", state="hidden")
            assert not p.evaluate("document.querySelector('main').inert")
            assert p.get_attribute("#area", "data-version") == version
            card.click()
            # input goes through again: the card is chosen, or played at once when only one
            # move uses it (one tap)
            p.wait_for_function(
                "(v) => document.querySelector('.card.selected') !== null"
                " || document.querySelector('#area').dataset.version !== v",
                arg=version,
            )
    finally:
        context.close()
