"""Royal Casino in the browser: a capture and a build chosen with the mouse.

The server deals from seeds it picks itself, so the test plays on (every move by clicking:
the card from the hand, then the table cards and builds) until its turns have offered a
capture and a build, and makes each of them when it first can. Before each is sent the page
shows the exact notation of the move the clicks lead to.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page

from tests.support import browser as support
from tests.support.browser import (
    Deadline,
    Room,
    legal_actions,
    send_offered,
    shot,
    version,
    wait_my_turn_or_over,
    wait_played,
)

pytestmark = support.needs_chromium

CARD = re.compile(r"(?:[A2-9TJQK][cdhs])")


def click_move(p: Page, action: str, screenshot: str | None = None) -> None:
    """Choose ``action`` with the mouse: its card from the hand (played at once when it is
    the card's only move), then each table card or build it takes or builds with; check the
    page offers exactly that notation; send it."""
    cards = CARD.findall(action.split("=")[0])
    played, others = cards[0], cards[1:]
    only = [a for a in legal_actions(p) if CARD.findall(a)[0] == played] == [action]
    before = version(p)
    p.click(f'.rc-hand button.card[data-card="{played}"]')
    if only:
        wait_played(p, action, before)
        return
    for card in others:
        loose = p.locator(f'.rc-table button.card[data-card="{card}"]')
        if loose.count():
            loose.click()
            continue
        build = p.locator(f'.rc-table .build:has([data-card="{card}"])')
        assert build.count() == 1, f"{card} is neither loose nor in a build"
        if build.get_attribute("aria-pressed") != "true":  # a build is taken whole
            build.click()
    send_offered(p, action, screenshot)


def test_a_capture_and_a_build_chosen_with_the_mouse(room: Room, page: Page) -> None:
    bot = room.bot("royal-casino")
    created = room.create("royal-casino", ["human", bot])
    page.goto(created["links"]["0"])
    page.wait_for_selector(".rc-table")
    made: dict[str, str] = {}
    deadline = Deadline(75, "turns offering a capture and a build")
    while len(made) < 2:
        deadline.check()
        if wait_my_turn_or_over(page) == "over":
            raise AssertionError(f"the match ended first; made only {made}")
        legal = legal_actions(page)
        want = next(
            (
                a
                for a in legal
                for kind in ("build", "capture")
                if a.startswith(kind) and kind not in made
            ),
            None,
        )
        if want is not None:
            kind = want.split()[0]
            click_move(page, want, screenshot=f"royal-casino-{kind}-chosen")
            made[kind] = want
        else:  # nothing new to try this turn: trail if allowed, else the first move
            click_move(page, next((a for a in legal if a.startswith("trail")), legal[0]))
    # the log tells both moves, in words, as this seat's
    logged = page.eval_on_selector_all(
        "#log li[data-seat='0']", "lis => lis.map(li => li.dataset.action)"
    )
    assert made["capture"] in logged and made["build"] in logged


def test_clicks_offer_only_what_the_rules_allow(room: Room, page: Page) -> None:
    """Whatever hand card is chosen, the table cards offered are exactly those some legal
    move with it uses, and the move bar offers only legal moves."""
    created = room.create("royal-casino", ["human", "random"])
    page.goto(created["links"]["0"])
    assert wait_my_turn_or_over(page) == "turn"
    legal = legal_actions(page)
    hand = page.eval_on_selector_all(".rc-hand button.card", "cs => cs.map(c => c.dataset.card)")
    assert hand
    for card in hand:
        mine = [a for a in legal if CARD.findall(a)[0] == card]
        if len(mine) == 1:  # one tap would play it (tests/test_browser_one_tap.py)
            continue
        page.click(f'.rc-hand button.card[data-card="{card}"]')
        usable = {c for a in mine for c in CARD.findall(a.split("=")[0])[1:]}
        offered = set(
            page.eval_on_selector_all(
                ".rc-table button.card, .rc-table button.build [data-card]",
                "cs => cs.map(c => c.dataset.card)",
            )
        )
        chosen = page.eval_on_selector_all(
            ".rc-hand .selected", "cs => cs.map(c => c.dataset.card)"
        )
        assert offered == usable, (card, offered, usable, chosen, legal, page.inner_text("#area"))
        bar = page.eval_on_selector_all(
            "#area .move-bar button.move", "bs => bs.map(b => b.dataset.action)"
        )
        assert set(bar) <= set(legal)
        assert bar == [a for a in mine if a.startswith("trail")]  # nothing else is exact yet
        page.click(f'.rc-hand button.card[data-card="{card}"]')  # unselect
    assert version(page) >= 0


def test_four_players_score_as_two_partnerships(room: Room, page: Page) -> None:
    """RC-1: with four players, seats 1 + 3 and 2 + 4 (as people count them) are partners;
    the page names the sides as the rules pair them (the view's ``sides``)."""
    created = room.create("royal-casino", ["human"] + [room.bot("royal-casino")] * 3, players=4)
    page.goto(created["links"]["0"])
    page.wait_for_selector(".rc-table")
    page.wait_for_selector("#scores table.sides th")
    text = page.inner_text("#scores")
    assert "Your side (1 + 3)" in text and "Seats 2 + 4" in text, text
    shot(page, "rc-four-players")


def test_counter_clockwise_seats_and_face_down_piles(room: Room, page: Page) -> None:
    """RC-25: seat 1 has the next seat in playing order (Seat 2) on its right, its partner
    (Seat 3) across and Seat 4 on its left. RC-24: once cards are captured, each side's pile
    shows its size face down and no card list (the view holds none until the hand is
    scored)."""
    created = room.create("royal-casino", ["human", "random", "random", "random"], players=4)
    page.goto(created["links"]["0"])
    page.wait_for_selector(".rc-seats .rc-seat")
    places = page.eval_on_selector_all(
        ".rc-seats .rc-seat", "bs => bs.map(b => [b.dataset.place, b.dataset.seat])"
    )
    assert places == [["left", "3"], ["across", "2"], ["right", "1"]]
    deadline = Deadline(60, "a capture on the table")
    while not page.locator(".rc-piles .pile-drawing .backs").count():
        deadline.check()
        if wait_my_turn_or_over(page) == "over":
            raise AssertionError("the match ended before anyone captured")
        legal = legal_actions(page)
        if page.locator(".rc-piles .pile-drawing .backs").count():
            break
        click_move(page, next((a for a in legal if a.startswith("capture")), legal[0]))
    assert page.locator(".rc-piles details").count() == 0  # no captured cards listed
    assert "face down" in page.inner_text(".rc-piles")
