"""Play again at a club table (docs/clubs.md): club members sit by who they are and hold no
seat link, so "Play again" asks for the rematch signed in. Two members in two browsers end a
club match; one presses "Play again" and lands on the new table, the other is offered it live
as theirs and accepts in place; the new table is the club's, with the same members in the same
seats. (The match itself is played out quickly over the WebSocket protocol first.)"""

from __future__ import annotations

import httpx2
from playwright.sync_api import Browser

from tests.support import browser as support
from tests.support.browser import DESKTOP, Room, play_again
from tests.support.club_setup import members_play_out

pytestmark = support.needs_chromium

COOKIE = "cardtable_player"


def test_club_members_play_again_onto_a_new_club_table(room: Room, browser: Browser) -> None:
    people = [httpx2.Client(base_url=room.base, timeout=30) for _ in range(2)]
    try:
        keys = []
        for http, name in zip(people, ("Asha ਕੌਰ", "Ben"), strict=True):
            r = http.post("/api/players", json={"name": name})
            assert r.status_code == 201, r.text
            keys.append(r.cookies[COOKIE])
        asha, ben = people
        club = asha.post("/api/clubs", json={"name": "Sunday"}).json()["club"]["id"]
        code = asha.post(f"/api/clubs/{club}/invites", json={}).json()["link"].split("#code=")[1]
        assert ben.post("/api/invites/accept", json={"code": code}).status_code == 200
        ids = {m["name"]: m["id"] for m in asha.get(f"/api/clubs/{club}").json()["members"]}
        made = asha.post(
            f"/api/clubs/{club}/tables",
            json={
                "game": "royal-casino",
                "options": {"target": 4},
                "seats": [{"player": ids["Asha ਕੌਰ"]}, {"player": ids["Ben"]}],
            },
        )
        assert made.status_code == 201, made.text
        table = made.json()["table"]["id"]
        members_play_out(room.base, table, keys)

        contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
        try:
            pages = []
            for c, key in zip(contexts, keys, strict=True):
                c.add_cookies([{"name": COOKIE, "value": key, "url": room.base}])
                p = c.new_page()
                p.set_default_timeout(15_000)
                p.goto(f"{room.base}/table/{table}")
                p.wait_for_selector("#over:not([hidden])")
                pages.append(p)
            first, second = pages
            # "New table" goes to the club's form with this game chosen, not the public lobby
            new_form = second.get_attribute("#new-table", "href")
            assert new_form == f"{room.base}/club/{club}?game=royal-casino#club-table"
            new_table = play_again(first, second, table)
            form = second.context.new_page()
            form.goto(new_form)
            form.wait_for_selector("#club-table")
            assert form.input_value("#club-game") == "royal-casino"
            form.wait_for_function(  # the form in sight, not below the members and invites
                "() => { const r = document.querySelector('#club-table').getBoundingClientRect();"
                " return r.top >= 0 && r.top < innerHeight; }"
            )
        finally:
            for c in contexts:
                c.close()
        summary = ben.get(f"/api/tables/{new_table}").json()
        assert summary["game"] == "royal-casino" and summary["options"]["target"] == 4
        assert [s["name"] for s in summary["seats"]] == ["Asha ਕੌਰ", "Ben"]
        live = asha.get(f"/api/clubs/{club}").json()["live"]
        assert new_table in {t["id"] for t in live}  # a club table still
    finally:
        for http in people:
            http.close()
