"""A table that survives real life, in the browser (Punjabi and Tagalog pages): the host gives
a no-show's seat to a computer and the match starts; the no-show's link then says why it no
longer works; a seat link replaced from the lobby is asked for first and shown with Copy, and
the old link's page explains itself; the host pauses (a move is refused with the reason) and
resumes; every person away pauses the match with nobody's cards played, the first one back
resumes it, and a person away while another plays on is told what a computer played for them.
Screenshots of each moment are saved (artifacts/screenshots)."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from tests.support import browser as support
from tests.support.browser import DESKTOP, LIFTED, PHONE, Deadline, Room, text
from tests.support.server import serving

pytestmark = support.needs_chromium


@pytest.fixture(scope="module")
def standing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    """A room whose stand-ins come one second after a person leaves (the shared room has none)."""
    where = tmp_path_factory.mktemp("host-room") / "room.db"
    with serving(where, "--bot-delay", "0.05", "--takeover-seconds", "1", *LIFTED) as (_, base):
        room = Room(base)
        yield room
        room.http.close()


SMALL_PHONE: ViewportSize = {"width": 360, "height": 640}
LAPTOP: ViewportSize = {"width": 1366, "height": 768}


def person(
    browser: Browser, lang: str, *, size: ViewportSize = DESKTOP
) -> tuple[BrowserContext, Page]:
    """A browser of its own (its own storage), in ``lang``, at a screen ``size``."""
    context = browser.new_context(viewport=size)
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('cardtable.lang', '{lang}')")
    return context, context.new_page()


def as_host(context: BrowserContext, made: dict[str, Any]) -> None:
    """This browser created the table: its key is kept with "Your tables" (api.js)."""
    mine = [
        {"id": made["table"]["id"], "title": made["table"]["title"], "links": made["links"],
         "owner": made["owner"]}
    ]  # fmt: skip
    context.add_init_script(
        f"localStorage.setItem('cardtable.mine', {json.dumps(json.dumps(mine))})"
    )


def joined(p: Page) -> None:
    p.wait_for_function("() => document.querySelector('#role').textContent !== ''")


def status(room: Room, table: str) -> dict[str, Any]:
    found: dict[str, Any] = room.get(f"/api/tables/{table}")
    return found


def play_while_mine(p: Page, until: Any, what: str, seconds: float = 60) -> None:
    """This seat plays its first legal move at each turn (typed) until ``until()`` holds."""
    deadline = Deadline(seconds, what)
    while not until():
        deadline.check()
        if p.evaluate("document.querySelector('#turn').classList.contains('mine')"):
            moves = support.legal_actions(p)
            if moves:
                before = support.version(p)
                p.evaluate("document.querySelector('#typed-box').open = true")
                p.fill("#typed-input", moves[0])
                p.press("#typed-input", "Enter")
                with contextlib.suppress(Exception):  # refused or overtaken: look again
                    support.wait_new_version(p, before, timeout=5)
                continue
        time.sleep(0.1)


def test_a_no_show_goes_to_a_computer_and_the_old_link_explains(
    room: Room, browser: Browser
) -> None:
    made = room.create("buck-euchre", ["human", "human", "random", "random"])
    table = made["table"]["id"]
    context, host = person(browser, "tl")
    as_host(context, made)
    try:
        host.goto(made["links"]["0"])
        joined(host)
        assert status(room, table)["status"] == "open"  # it waits for seat 2's person
        host.wait_for_selector('#host li[data-seat="1"] .host-computer')
        host.select_option('#host li[data-seat="1"] .host-level', "random")
        support.shot(host, "host-no-show-tl")
        host.click('#host li[data-seat="1"] .host-computer')
        host.wait_for_function(
            "(t) => [...document.querySelectorAll('#log li.log-event')]"
            ".some((li) => li.dataset.event === 'seat')",
            arg=None,
        )
        assert support.wait_my_turn_or_over(host) == "turn"  # the match started
        assert status(room, table)["status"] == "running"
        assert status(room, table)["seats"][1]["kind"] == "random"
        assert text("tl", "log.seat.computer", seat=text("tl", "table.seat", n=2), level="")[
            :20
        ] in host.inner_text("#log")
        support.shot(host, "host-no-show-started-tl")
        late_context, late = person(browser, "tl")
        try:
            late.goto(made["links"]["1"])  # the no-show comes after all
            late.wait_for_selector("#link-notice .error-reason.keyed")
            assert late.inner_text("#link-notice .error-head") == text("tl", "error.token_replaced")
            assert late.inner_text("#link-notice .error-reason.keyed") == text(
                "tl", "join.replaced.computer", seat=2
            )
            late.wait_for_function(  # and the page watches instead
                "(s) => document.querySelector('#role').textContent === s",
                arg=text("tl", "table.spectator"),
            )
            support.shot(late, "host-no-show-old-link-tl")
        finally:
            late_context.close()
    finally:
        context.close()


def test_a_replaced_link_is_asked_for_shown_with_copy_and_the_old_page_explains(
    room: Room, browser: Browser
) -> None:
    context, lobby = person(browser, "pa", size=SMALL_PHONE)
    try:
        lobby.goto(room.base + "/")
        lobby.wait_for_selector("#game option", state="attached")
        lobby.select_option("#game", "royal-casino")
        lobby.locator("#seats select").nth(1).select_option("human")  # two people: two links
        lobby.click("#create button[type=submit]")
        lobby.wait_for_selector("#mine .renew")
        old = lobby.locator('#links .share[data-seat="0"] input').input_value()
        lobby.locator("#mine .renew").first.click()
        lobby.wait_for_selector("#mine .ask")  # asked first: nothing changed yet
        assert text("pa", "link.ask", n=1) == lobby.inner_text("#mine .ask p")
        assert lobby.locator('#links .share[data-seat="0"] input').input_value() == old
        support.shot(lobby, "link-ask-pa")
        lobby.click("#mine .ask-yes")
        lobby.wait_for_selector("#mine .new-link .copy")
        new = lobby.locator("#mine .new-link input").input_value()
        assert new != old and new.split("#token=")[0] == old.split("#token=")[0]
        # the "Table created" panel shows the new link, with its Copy button, not the dead one
        assert lobby.locator('#links .share[data-seat="0"] input').input_value() == new
        assert lobby.locator('#links .share[data-seat="0"] .copy').count() == 1
        support.shot(lobby, "link-new-pa")
    finally:
        context.close()
    cousin_context, cousin = person(browser, "pa", size=SMALL_PHONE)
    try:
        cousin.goto(old)
        cousin.wait_for_selector("#link-notice .error-reason.keyed")
        assert cousin.inner_text("#link-notice .error-reason.keyed") == text(
            "pa", "join.replaced.link", seat=1
        )
        support.shot(cousin, "link-old-page-pa")
    finally:
        cousin_context.close()


def test_the_host_pauses_a_move_is_refused_with_the_reason_and_resumes(
    room: Room, browser: Browser
) -> None:
    made = room.create("buck-euchre", ["human", "random", "random", "random"])
    table = made["table"]["id"]
    context, host = person(browser, "pa", size=LAPTOP)
    as_host(context, made)
    try:
        host.goto(made["links"]["0"])
        assert support.wait_my_turn_or_over(host) == "turn"
        host.click("#host-pause")
        host.wait_for_selector("#paused:not([hidden])")
        assert host.get_attribute("#paused", "data-by") == "host"
        assert status(room, table)["paused"]["by"] == "host"
        # the turn line says paused, not "your turn" beside the banner
        host.wait_for_function(
            "(w) => document.querySelector('#turn').textContent === w",
            arg=text("pa", "table.paused"),
        )
        assert not host.evaluate("document.querySelector('#turn').classList.contains('mine')")
        move = support.legal_actions(host)[0]
        host.evaluate("document.querySelector('#typed-box').open = true")
        host.fill("#typed-input", move)
        host.press("#typed-input", "Enter")
        host.wait_for_selector("#error:not([hidden]) .error-reason.keyed")
        assert host.inner_text("#error .error-head") == text("pa", "error.paused")
        before, after = text("pa", "refusal.paused.host").split("{since}")
        keyed = host.inner_text("#error .error-reason.keyed")
        assert keyed.startswith(before) and keyed.endswith(after)
        support.shot(host, "host-paused-pa")
        host.click("#host-pause")  # resume
        host.wait_for_selector("#paused", state="hidden")
        assert status(room, table)["paused"] is None
        assert support.wait_my_turn_or_over(host) == "turn"
    finally:
        context.close()


def test_everyone_away_pauses_the_first_back_resumes_and_the_other_is_told(
    standing: Room, browser: Browser
) -> None:
    made = standing.create("buck-euchre", ["human", "human", "random", "random"])
    table = made["table"]["id"]
    a_context, a = person(browser, "tl")
    b_context, b = person(browser, "pa")
    watch_context, watcher = person(browser, "tl")
    try:
        a.goto(made["links"]["0"])
        b.goto(made["links"]["1"])
        joined(a)
        joined(b)
        watcher.goto(f"{made['watch']}?watch")
        a_context.close()  # both people leave: the match pauses itself
        b_context.close()
        deadline = Deadline(20, "the table to pause with everyone away")
        while (status(standing, table).get("paused") or {}).get("by") != "away":
            deadline.check()
            time.sleep(0.1)
        stopped = status(standing, table)["version"]
        watcher.wait_for_selector("#paused:not([hidden])")
        assert watcher.get_attribute("#paused", "data-by") == "away"
        time.sleep(2.5)  # longer than the take-over time: still nobody's cards are played
        assert status(standing, table)["version"] == stopped
        support.shot(watcher, "away-paused-tl")
        a_context, a = person(browser, "tl")
        a.goto(made["links"]["0"])  # the first back resumes it
        joined(a)
        a.wait_for_selector("#paused", state="hidden")
        assert status(standing, table)["paused"] is None
        # seat 2's person is still away: a stand-in plays for them while seat 1 plays on
        play_while_mine(
            a, lambda: stand_in_moved(standing, table, stopped), "a stand-in to play for seat 2"
        )
        support.shot(a, "away-resumed-tl")
        b_context, b = person(browser, "pa", size=PHONE)
        b.goto(made["links"]["1"])
        b.wait_for_selector("#away-moves:not([hidden]) li")
        heading = b.inner_text("#away-moves h2")
        count = b.locator("#away-moves li").count()
        assert heading == text(
            "pa", "away.summary_other" if count > 1 else "away.summary_one", n=count
        )
        support.shot(b, "away-summary-pa")
    finally:
        for c in (a_context, b_context, watch_context):
            c.close()


def stand_in_moved(room: Room, table: str, after: int) -> bool:
    """Whether seat 2 (index 1) was played by a computer since version ``after``."""
    seats = room.get(f"/api/tables/{table}")["seats"]
    return bool(seats[1]["stand_in"]) and room.get(f"/api/tables/{table}")["version"] > after + 4


def test_tapping_a_card_that_cannot_be_played_says_why(room: Room, browser: Browser) -> None:
    made = room.create("buck-euchre", ["human", "random", "random", "random"])
    context, p = person(browser, "pa")
    try:
        p.goto(made["links"]["0"])
        deadline = Deadline(60, "a trick where seat 1 cannot play every card")
        while not p.locator(".be-hand button.card.muted").count():
            deadline.check()
            state = support.wait_my_turn_or_over(p)
            if state == "over":
                pytest.skip("the match ended before a card was muted")
            if p.locator(".be-hand button.card.muted").count():
                break
            support.choose_by_click(p)
            time.sleep(0.2)
        muted = p.locator(".be-hand button.card.muted").first
        muted.click(force=True)  # aria-disabled: it plays nothing, yet answers a tap
        p.wait_for_selector("#error:not([hidden]) .error-reason.keyed")
        assert p.inner_text("#error .error-head") == text("pa", "error.illegal")
        assert p.locator("#error .error-rule").get_attribute("data-rule") == "BE-10"
        support.shot(p, "unplayable-card-pa")
    finally:
        context.close()
