"""Motion: a card played slides from the hand to the table (a transform animation), and the
computer's card from its seat; with prefers-reduced-motion nothing slides. Each seat's last
action stays marked on the felt until its next one, and the computers' pace is the table's
own setting, changed from the page."""

from __future__ import annotations

from typing import Literal

import pytest
from playwright.sync_api import Browser

from tests.support import browser as support
from tests.support.browser import DESKTOP, Room, legal_actions, version, wait_my_turn_or_over

pytestmark = support.needs_chromium

MOVED = "() => Number(document.body.dataset.moved ?? 0)"


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_trailed_card_slides_unless_asked_not_to(
    room: Room, browser: Browser, motion: Literal["no-preference", "reduce"]
) -> None:
    created = room.create("royal-casino", ["human", "heuristic"], players=2)
    context = browser.new_context(viewport=DESKTOP, reduced_motion=motion)
    context.set_default_timeout(15_000)
    try:
        p = context.new_page()
        p.goto(created["links"]["0"])
        assert wait_my_turn_or_over(p) == "turn"
        trail = next(a for a in legal_actions(p) if a.startswith("trail "))
        before = version(p)
        p.evaluate("document.querySelector('#typed-box').open = true")
        p.fill("#typed-input", trail)
        p.press("#typed-input", "Enter")
        p.wait_for_function(
            "(v) => Number(document.querySelector('#area').dataset.version) > v", arg=before
        )
        moved = p.evaluate(MOVED)
        assert moved > 0 if motion == "no-preference" else moved == 0
        # the seat that moved last is marked with its move on the felt
        p.wait_for_function(
            "() => document.querySelector('#turn').classList.contains('mine')"
            " || !document.querySelector('#over').hidden"
        )
        mark = p.locator('.rc-seat[data-seat="1"] .seat-last')
        assert mark.count() == 1 and mark.inner_text()
        if motion == "reduce":
            return
        # the pace: the player picks "slow", the table's setting changes
        p.select_option("#pace", "1.6")
        table = created["table"]["id"]
        p.wait_for_function(
            "(url) => fetch(url).then((r) => r.json()).then((s) => s.pace === 1.6)",
            arg=f"/api/tables/{table}",
        )
    finally:
        context.close()
