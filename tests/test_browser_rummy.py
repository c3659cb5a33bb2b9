"""Rummy 500 in the browser: a meld chosen by clicking the cards in the hand, and a lay-off
chosen by clicking a card and then the meld it goes on, each offered with its exact notation
before it is sent; drawing from the stock and discarding are clicks too."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from tests.support import browser as support
from tests.support.browser import (
    Deadline,
    Room,
    legal_actions,
    send_offered,
    version,
    wait_my_turn_or_over,
    wait_played,
)

pytestmark = support.needs_chromium

CARD = re.compile(r"(?:[A2-9TJQK][cdhs]|Jo)(?:=[A2-9TJQK][cdhs])?")


def hand_card(p: Page, card: str) -> None:
    """Select one more copy of ``card`` in the hand (a declared joker is the hand's joker)."""
    face = "Jo" if card.startswith("Jo") else card
    p.locator(f'.rummy-hand button.card[data-card="{face}"][aria-pressed="false"]').first.click()


def test_a_meld_and_a_lay_off_chosen_by_clicking(room: Room, page: Page) -> None:
    created = room.create("rummy-500", ["human", room.bot("rummy-500")], players=2)
    page.goto(created["links"]["0"])
    page.wait_for_selector(".rummy-melds")
    made: dict[str, str] = {}
    deadline = Deadline(75, "turns offering a meld and a lay-off")
    while len(made) < 2:
        deadline.check()
        if wait_my_turn_or_over(page) == "over":
            raise AssertionError(f"the match ended first; made only {made}")
        legal = legal_actions(page)
        before = version(page)
        melds = [a for a in legal if a.startswith("meld ")]
        layoffs = [a for a in legal if a.startswith("layoff ")]
        if "draw" in legal:
            page.click(".stock[data-action=draw]")
            wait_played(page, "draw", before)
        elif melds and "meld" not in made:
            for card in CARD.findall(melds[0]):
                hand_card(page, card)
            send_offered(page, melds[0], screenshot="rummy-500-meld-chosen")
            made["meld"] = melds[0]
        elif layoffs and "layoff" not in made:
            card, number = CARD.findall(layoffs[0])[0], layoffs[0].split()[-1]
            hand_card(page, card)
            page.click(f'.rummy-melds button.meld[data-meld="{number}"]')
            send_offered(page, layoffs[0], screenshot="rummy-500-layoff-chosen")
            made["layoff"] = layoffs[0]
        elif discards := [a for a in legal if a.startswith("discard ")]:
            card = CARD.findall(discards[0])[0]
            hand_card(page, card)
            if [a for a in legal if card in CARD.findall(a)] == discards[:1]:
                wait_played(page, discards[0], before)  # its only move: played at one tap
            else:
                send_offered(page, discards[0])
        else:  # pass on a Rummy call, or end the hand on an empty stock: one button each
            action = (
                next(a for a in legal if a in ("pass", "end"))
                if {"pass", "end"} & set(legal)
                else legal[0]
            )
            page.click(f'#area .move-bar button.move[data-action="{action}"]')
            wait_played(page, action, before)
    logged = page.eval_on_selector_all(
        "#log li[data-seat='0']", "lis => lis.map(li => li.dataset.action)"
    )
    assert made["meld"] in logged and made["layoff"] in logged
