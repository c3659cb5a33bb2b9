"""Rematch together: two people at a finished table, each in their own browser. One presses
"Play again"; the other is offered the rematch live, accepts in place, and both land on the
same new table, each in their own seat. (The match itself is played out quickly over the
WebSocket protocol, with the sync client, before the pages open.)"""

from __future__ import annotations

import random

from playwright.sync_api import Browser

from tests.support import browser as support
from tests.support.browser import DESKTOP, Room, play_again
from tests.support.club_setup import two_play_out

pytestmark = support.needs_chromium


def play_out(base: str, table: str, tokens: dict[str, str]) -> None:
    """Both people play random legal moves until the match is over."""
    hellos = [{"token": tokens[str(s)]} for s in (0, 1)]
    two_play_out(base, table, hellos, [{}, {}], random.Random(4))


def test_two_people_rematch_onto_one_table(room: Room, browser: Browser) -> None:
    created = room.create("royal-casino", ["human", "human"], players=2, target=4)
    table = created["table"]["id"]
    play_out(room.base, table, created["tokens"])
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
    try:
        pages = [c.new_page() for c in contexts]
        for seat, p in enumerate(pages):
            p.set_default_timeout(15_000)
            p.goto(created["links"][str(seat)])
            p.wait_for_selector("#over:not([hidden])")
        # the other person is offered it where they are ("Seat 1" asked), and accepts in place
        first, second = pages
        new_table = play_again(first, second, table, offered="Seat 1")
        summary = room.get(f"/api/tables/{new_table}")
        assert summary["game"] == "royal-casino" and summary["options"]["target"] == 4
        assert summary["status"] == "running"  # both seats taken: the match has begun
        assert [s["claimed"] for s in summary["seats"]] == [True, True]
    finally:
        for c in contexts:
            c.close()
