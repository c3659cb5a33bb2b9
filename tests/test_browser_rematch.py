"""Rematch together: two people at a finished table, each in their own browser. One presses
"Play again"; the other is offered the rematch live, accepts in place, and both land on the
same new table, each in their own seat. (The match itself is played out quickly over the
WebSocket protocol, with the sync client, before the pages open.)"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from playwright.sync_api import Browser
from websockets.sync.client import ClientConnection, connect

from tests.support import browser as support
from tests.support.browser import DESKTOP, Room

pytestmark = support.needs_chromium


def until_version(ws: ClientConnection, version: int) -> dict[str, Any]:
    for _ in range(1000):
        msg: dict[str, Any] = json.loads(ws.recv(timeout=20))
        assert msg["type"] != "error", msg
        if msg["type"] == "state" and msg["version"] >= version:
            return msg
    raise AssertionError(f"no state of version {version}")


# A connection may send 20 messages a second on average (ServerConfig.rate); the players
# here keep under it as a client should, or the room ignores the extra moves.
PACE = 1 / 15


def play_out(base: str, table: str, tokens: dict[str, str]) -> None:
    """Both people play random legal moves until the match is over."""
    rng = random.Random(4)
    url = base.replace("http://", "ws://") + "/ws"
    with connect(url) as a, connect(url) as b:
        seats = {0: a, 1: b}
        seq = {0: 1, 1: 1}
        latest = {}
        for s, ws in seats.items():
            ws.send(
                json.dumps({"type": "hello", "table": table, "token": tokens[str(s)], "seq": 1})
            )
            latest[s] = until_version(ws, 0)
        for _ in range(2000):
            view = latest[0]["view"]
            if view["is_over"]:
                return
            mover = view["to_move"]
            legal = latest[mover]["view"]["legal_actions"]
            seq[mover] += 1
            play = {"type": "play", "action": rng.choice(legal), "version": latest[0]["version"]}
            time.sleep(PACE)
            seats[mover].send(json.dumps({**play, "seq": seq[mover]}))
            version = latest[0]["version"] + 1
            for s in (mover, 1 - mover):  # the mover first: a refusal would come to it
                latest[s] = until_version(seats[s], version)
    raise AssertionError("the match did not end")


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
        first, second = pages
        first.click("#again")
        first.wait_for_url(lambda url: table not in url)
        new_table = first.url.rsplit("/", 1)[-1]
        # the other person is offered it where they are, and accepts in place
        second.wait_for_selector("#again-links .offer")
        assert "Seat 1" in second.inner_text("#again-links")
        assert second.inner_text("#again") == "Join the rematch"
        second.click("#again")
        second.wait_for_url(lambda url: new_table in url)
        for seat, p in enumerate(pages):
            p.wait_for_selector("#area[data-version]")
            assert p.inner_text("#role") == f"You play seat {seat + 1}"
        summary = room.get(f"/api/tables/{new_table}")
        assert summary["game"] == "royal-casino" and summary["options"]["target"] == 4
        assert summary["status"] == "running"  # both seats taken: the match has begun
        assert [s["claimed"] for s in summary["seats"]] == [True, True]
    finally:
        for c in contexts:
            c.close()
