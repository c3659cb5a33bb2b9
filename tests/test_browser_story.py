"""The whole story: the move log a page shows is the match's, whoever opens it and whenever
(the same before and after a reload, and for a spectator who arrives late); each hand ends
with a summary that shows every seat's cards left in hand and the breakdown, and stays until
dismissed; the match's target and the rule that ends it are on screen."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from tests import test_browser_support as support
from tests.test_browser_support import (
    Room,
    legal_actions,
    version,
    wait_my_turn_or_over,
)

pytestmark = support.needs_chromium
room = support.room
browser = support.browser
page = support.page

LOG = "() => [...document.querySelectorAll('#log li')].map((li) => li.innerText)"


def log_of(p: Page) -> list[str]:
    p.wait_for_function("(n) => document.querySelectorAll('#log li').length >= n", arg=1)
    found: list[str] = p.evaluate(LOG)
    return found


def test_the_log_is_the_same_after_a_reload_and_for_a_spectator(
    room: Room, page: Page, browser: Browser
) -> None:
    created = room.create("royal-casino", ["human", "heuristic"], players=2)
    page.goto(created["links"]["0"])
    for _ in range(3):  # a few moves each, typed as notation
        assert wait_my_turn_or_over(page) == "turn"
        before = version(page)
        page.evaluate("document.querySelector('#typed-box').open = true")
        page.fill("#typed-input", legal_actions(page)[0])
        page.press("#typed-input", "Enter")
        page.wait_for_function(
            "(v) => Number(document.querySelector('#area').dataset.version) > v"
            " && document.querySelector('#turn').classList.contains('mine')",
            arg=before + 1,
        )
    seen = log_of(page)
    assert len(seen) >= 5
    assert "Royal Casino" not in page.inner_text("#goal") and "21" in page.inner_text("#goal")
    page.reload()
    page.wait_for_function("(n) => document.querySelectorAll('#log li').length >= n", arg=len(seen))
    assert log_of(page) == seen
    context = browser.new_context()
    try:
        watcher = context.new_page()
        watcher.goto(f"{created['watch']}?watch")
        watcher.wait_for_function(
            "(n) => document.querySelectorAll('#log li').length >= n", arg=len(seen)
        )
        # the same moves; a spectator reads "Seat 1" where the player reads "You"
        theirs = log_of(watcher)
        assert [s.replace("Seat 1", "You") for s in theirs] == seen
    finally:
        context.close()


def test_a_hand_ends_with_a_summary_of_the_cards_left(room: Room, page: Page) -> None:
    created = room.create("queen-city-rum", ["heuristic", "heuristic"], players=2, target=500)
    page.goto(f"{created['watch']}?watch")
    page.wait_for_selector("#hand-end", state="visible", timeout=120_000)
    assert page.inner_text("#hand-end-title") == "Hand 1 is over"
    rows = page.locator("#hand-end .seat-left")
    assert rows.count() == 2  # both seats, with what they still held
    left = page.locator("#hand-end .seat-left .card").count()
    assert left > 0 or "held no cards" in page.inner_text("#hand-end")
    assert page.locator("#hand-end table.sides tr[data-item='total']").count() == 1
    page.wait_for_function("() => Number(document.querySelector('#area').dataset.version) > 0")
    assert page.is_visible("#hand-end")  # it stays while the next hand is played
    page.click("#hand-end-close")
    assert page.is_hidden("#hand-end")
    page.reload()
    page.wait_for_selector("#area[data-version]")
    # dismissed stays dismissed (a later hand, the bots playing fast, has its own summary)
    assert page.is_hidden("#hand-end") or page.inner_text("#hand-end-title") != "Hand 1 is over"
