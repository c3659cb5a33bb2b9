"""The whole story: the move log a page shows is the match's, whoever opens it and whenever
(the same before and after a reload, and for a spectator who arrives late); each hand ends
with a summary that shows every seat's cards left in hand and the breakdown, and stays until
dismissed; the match's target and the rule that ends it are on screen."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page

from cardtable.core.match import Match
from tests.support import browser as support
from tests.support.browser import (
    Room,
    legal_actions,
    version,
    wait_my_turn_or_over,
    wait_new_version,
)

pytestmark = support.needs_chromium

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
    # Two seats for people, so the match waits; once the spectator's page has drawn the
    # table, the host gives both to computers and it starts. Bots created at once played a
    # whole match (about 300 moves at 0.05 s) before a busy machine's page had drawn a hand.
    # The whole match is some 300 moves, about 20 s at the room's pace: a busy machine's test
    # read the first summary after the match had ended, and waited for a later move in vain.
    # So the host pauses the match as soon as the summary shows, and resumes it once read.
    created = room.create("queen-city-rum", ["human", "human"], players=2, target=500)
    table = created["table"]["id"]
    page.goto(f"{created['watch']}?watch")
    page.wait_for_selector("#area[data-version]", state="attached", timeout=60_000)
    for seat in (0, 1):
        given = room.http.post(
            f"{room.base}/api/tables/{table}/seats/{seat}/kind",
            json={"owner": created["owner"], "kind": "heuristic"},
        )
        assert given.status_code == 200, given.text
    page.wait_for_selector("#hand-end", state="visible", timeout=120_000)
    pause = f"{room.base}/api/tables/{table}/pause"
    paused = room.http.post(pause, json={"owner": created["owner"], "paused": True})
    assert paused.status_code == 200, paused.text  # not over: a hand is at most a few seconds
    title = page.inner_text("#hand-end-title")  # the first hand, or a later one on a slow machine
    assert re.fullmatch(r"Hand \d+ is over", title), title
    rows = page.locator("#hand-end .seat-left")
    assert rows.count() == 2  # both seats, with what they still held
    left = page.locator("#hand-end .seat-left .card").count()
    assert left > 0 or "held no cards" in page.inner_text("#hand-end")
    assert page.locator("#hand-end table.sides tr[data-item='total']").count() == 1
    # it stays while the next hand is played: a later move is drawn and the summary is still up
    page.wait_for_function(
        "(v) => Number(document.querySelector('#area').dataset.version) >= v",
        arg=room.get(f"/api/tables/{table}")["version"],
    )  # the page has drawn every move made before the pause
    before = version(page)
    resumed = room.http.post(pause, json={"owner": created["owner"], "paused": False})
    assert resumed.status_code == 200, resumed.text
    wait_new_version(page, before, timeout=120)
    assert page.is_visible("#hand-end")
    # Continue is pressed once the match is over and the page no longer changes: while the
    # bots move every 0.05 s a loaded machine redraws the page under the pointer, and the
    # click could wait out its time (the last hand's summary is up then, as every hand's is)
    page.wait_for_selector("#over:not([hidden])", timeout=300_000)
    hands = room.get(f"/api/tables/{table}/record")["hands"]
    assert page.inner_text("#hand-end-title") == f"Hand {len(hands)} is over"
    page.click("#hand-end-close")
    assert page.is_hidden("#hand-end")
    page.reload()
    page.wait_for_selector("#over:not([hidden])")
    assert page.is_hidden("#hand-end")  # dismissed stays dismissed after a reload


def test_the_summary_shows_what_the_last_capturer_took(room: Room, page: Page) -> None:
    """Royal Casino: the cards left on the table at the hand's end went to the last capturer
    (RC-19); the summary shows them, as the stored record says they were."""
    created = room.create("royal-casino", ["heuristic", "heuristic"], players=2, target=4)
    table = created["table"]["id"]
    page.goto(f"{created['watch']}?watch")
    page.wait_for_selector("#over:not([hidden])", timeout=120_000)
    record = room.get(f"/api/tables/{table}/record")
    hands = record["hands"]
    before = sum(len(h["actions"]) for h in hands) - 1
    m = Match.from_record(record, upto=before)
    state = m.view(None)["state"]
    on_table = set(state["loose"]) | {c for b in state["builds"] for c in b["cards"]}
    last = hands[-1]["actions"][-1]
    named = set(re.findall(r"[A2-9TJQK][cdhs]", last))
    left = on_table | named if last.startswith("trail") else on_table - named
    assert page.inner_text("#hand-end-title") == f"Hand {len(hands)} is over"
    assert "made the last capture" in page.inner_text("#hand-end")
    shown = page.eval_on_selector_all(".table-left .card", "cs => cs.map((c) => c.dataset.card)")
    assert set(shown) == left
