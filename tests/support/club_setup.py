"""A club as its pages show it, made through the API of the browser tests' room: two members
(Asha, with a Punjabi name in her club, and a long Tagalog name), an invite that expires in a
day, a finished club match between them (standings, head to head, Replay and Download) and a
live club table of Asha's against a computer ("Open"); a member's browser carries her cookie."""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from typing import Any

import httpx2
from playwright.sync_api import Browser, BrowserContext, ViewportSize
from websockets.sync.client import connect

COOKIE = "cardtable_player"
PACE = 1 / 15  # under a connection's 20 messages a second


def until_version(ws: Any, version: int) -> dict[str, Any]:
    for _ in range(1000):
        msg: dict[str, Any] = json.loads(ws.recv(timeout=20))
        assert msg["type"] != "error", msg
        if msg["type"] == "state" and msg["version"] >= version:
            return msg
    raise AssertionError(f"no state of version {version}")


def members_play_out(base: str, table: str, keys: list[str], seed: int = 7) -> None:
    """Two members (seats 0 and 1, signed in by their cookies) play random legal moves to the
    end of the match."""
    cookies = [{"Cookie": f"{COOKIE}={key}"} for key in keys]
    two_play_out(base, table, [{}, {}], cookies, random.Random(seed))


def two_play_out(
    base: str,
    table: str,
    hellos: list[dict[str, str]],
    headers: list[dict[str, str]],
    rng: random.Random,
) -> None:
    """Seats 0 and 1 play random legal moves until the match is over, each saying hello with
    its ``hellos`` fields (a seat's token) over a connection with its ``headers`` (a cookie)."""
    url = base.replace("http://", "ws://") + "/ws"
    with (
        connect(url, additional_headers=headers[0]) as a,
        connect(url, additional_headers=headers[1]) as b,
    ):
        seats = {0: a, 1: b}
        seq = {0: 1, 1: 1}
        latest = {}
        for s, ws in seats.items():
            ws.send(json.dumps({"type": "hello", "table": table, **hellos[s], "seq": 1}))
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


@dataclass
class Club:
    base: str
    id: str
    keys: list[str]  # Asha's, Maria's
    names: list[str]
    finished: str
    live: str
    invite_expires: str

    def browser(
        self, browser: Browser, viewport: ViewportSize, lang: str, who: int = 0
    ) -> BrowserContext:
        context = browser.new_context(viewport=viewport)
        context.set_default_timeout(15_000)
        context.add_cookies([{"name": COOKIE, "value": self.keys[who], "url": self.base}])
        context.add_init_script(f"localStorage.setItem('cardtable.lang', '{lang}')")
        return context


def make_club(base: str) -> Club:
    names = ["Asha ਕੌਰ", "Maria Luisa Santos-Dela Cruz"]
    people = [httpx2.Client(base_url=base, timeout=30) for _ in names]
    try:
        keys = []
        for http, name in zip(people, names, strict=True):
            r = http.post("/api/players", json={"name": name})
            assert r.status_code == 201, r.text
            keys.append(r.cookies[COOKIE])
        asha, maria = people
        club = asha.post("/api/clubs", json={"name": "ਸੰਧੂ ਪਰਿਵਾਰ ਦਾ ਤਾਸ਼ ਕਲੱਬ"}).json()["club"]["id"]
        link = asha.post(f"/api/clubs/{club}/invites", json={}).json()["link"]
        assert maria.post("/api/invites/accept", json={"code": link.split("#code=")[1]}).is_success
        made = asha.post(f"/api/clubs/{club}/invites", json={"expires_minutes": 1440})
        assert made.status_code == 201, made.text
        ids = {m["name"]: m["id"] for m in asha.get(f"/api/clubs/{club}").json()["members"]}

        def table(seats: list[dict[str, str]]) -> str:
            body = {"game": "royal-casino", "options": {"target": 4}, "seats": seats}
            r = asha.post(f"/api/clubs/{club}/tables", json=body)
            assert r.status_code == 201, r.text
            found: str = r.json()["table"]["id"]
            return found

        finished = table([{"player": ids[names[0]]}, {"player": ids[names[1]]}])
        members_play_out(base, finished, keys)
        live = table([{"player": ids[names[0]]}, {"kind": "random"}])
        page = asha.get(f"/api/clubs/{club}").json()
        expires = next(i["expires_at"] for i in page["invites"] if i.get("expires_at"))
        return Club(base, club, keys, names, finished, live, expires)
    finally:
        for http in people:
            http.close()
