"""The browser client under the room's security rules: the creator gives a seat a new link
from the lobby (the old link then only watches), and a finished match replays under the
Content-Security-Policy (the page fixture fails on anything the policy blocks)."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.support import browser as support
from tests.support.browser import Deadline, Room

pytestmark = support.needs_chromium


def test_the_creator_gives_a_seat_a_new_link_from_the_lobby(room: Room, page: Page) -> None:
    page.goto(room.base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "royal-casino")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#mine .renew")
    seat = page.locator("#mine li").first.locator("a").first
    old = seat.get_attribute("href")
    assert old and "#token=" in old
    page.locator("#mine .renew").first.click()
    page.click("#mine .ask-yes")  # asked first: the link already sent stops working
    page.wait_for_function(
        "(old) => document.querySelector('#mine li a').getAttribute('href') !== old", arg=old
    )
    new = seat.get_attribute("href")
    assert new and new.split("#token=")[0] == old.split("#token=")[0]
    table = old.split("/table/")[1].split("#")[0]
    page.goto(old)  # the old link: refused, and the page watches instead
    page.wait_for_function("() => document.querySelector('#role').textContent !== ''")
    assert page.inner_text("#role") == "You are watching"
    assert page.evaluate("(key) => localStorage.getItem(key)", f"cardtable.seat.{table}") is None
    page.goto("about:blank")  # (only the fragment differs: a new page load, not a jump)
    page.goto(new)
    page.wait_for_function("() => document.querySelector('#role').textContent !== ''")
    assert page.inner_text("#role") == "You play seat 1"


def test_a_finished_match_replays_step_by_step(room: Room, page: Page) -> None:
    created = room.create("royal-casino", ["random", "random"], target=4)
    table = created["table"]["id"]
    deadline = Deadline(60, "the computers' match to end")
    while room.get(f"/api/tables/{table}")["status"] != "finished":
        deadline.check()
        page.wait_for_timeout(200)
    page.goto(f"{room.base}/replay/{table}")
    page.wait_for_function("() => document.querySelector('#step').textContent.trim() !== ''")
    first = page.inner_text("#step")
    page.click("#next")
    page.wait_for_function(
        "(first) => document.querySelector('#step').innerText !== first", arg=first
    )
    assert page.locator("#everyone .card").count() > 0
