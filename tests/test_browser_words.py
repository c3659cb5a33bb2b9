"""Words a person can read and hear, in their language: a refused move explained in Punjabi
(in Gurmukhi, the rule named in Punjabi; a keyed reason from the engine said in Punjabi too),
the hand a labelled region whose cards are buttons named in words of the page's language, the
last move announced to screen readers, and "You" sentences that agree with "you"."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from tests.support import browser as support
from tests.support.browser import (
    Room,
    choose_by_click,
    legal_actions,
    set_language,
    version,
    wait_my_turn_or_over,
)

pytestmark = support.needs_chromium

GURMUKHI = re.compile(r"[\u0A00-\u0A7F]")
CANDIDATES = ["order", "pass", "play 9c", "play Ah", "play Js", "discard 9c", "trump s"]


def open_in(page: Page, room: Room, lang: str) -> None:
    created = room.create("buck-euchre", ["human"] + ["heuristic"] * 3, players=4)
    page.goto(room.base + "/")
    set_language(page, lang)
    page.goto(created["links"]["0"])
    assert wait_my_turn_or_over(page) == "turn"


def test_a_punjabi_refusal_reason_in_gurmukhi(room: Room, page: Page) -> None:
    open_in(page, room, "pa")
    legal = legal_actions(page)
    illegal = next(a for a in CANDIDATES if a not in legal)
    page.evaluate("document.querySelector('#typed-box').open = true")
    page.fill("#typed-input", illegal)
    page.press("#typed-input", "Enter")
    page.wait_for_selector("#error:not([hidden])")
    head = page.inner_text("#error .error-head")
    assert GURMUKHI.search(head) and not re.search(r"[A-Za-z]{3,}", head), head
    # the engine's reason itself, sent as a key and parameters, is said in Punjabi; its English
    # sentence is kept one click away
    reason = page.inner_text("#error .keyed")
    assert GURMUKHI.search(reason) and not re.search(r"[A-Za-z]{3,}", reason), reason
    assert page.locator("#error details .engine-reason").count() == 1
    # cards in a reason are written as the page writes them, in the page's language
    said = page.evaluate(
        """async () => {
          const { reasonText } = await import('/static/panels.js');
          return reasonText('refusal.not_in_hand', { card: 'Th' });
        }"""
    )
    assert GURMUKHI.search(said) and "10♥" in said, said
    # a run's ranks too (R5-5, QC-5): the ten is 10 as the cards show it, not the notation's T
    ranks = page.evaluate(
        """async () => {
          const { reasonText } = await import('/static/panels.js');
          return reasonText('refusal.rummy.not_in_sequence', { ranks: '9 T Q' });
        }"""
    )
    assert "9 10 Q" in ranks and "T" not in ranks, ranks


def test_the_hand_is_a_region_of_cards_named_in_words(room: Room, page: Page) -> None:
    open_in(page, room, "pa")
    tray = page.get_by_role("region", name="ਤੁਹਾਡਾ ਹੱਥ ਅਤੇ ਚਾਲਾਂ")
    cards = tray.locator(".cards .card")
    # five cards, six for a dealer who took the ordered upcard and owes a discard (BE-5)
    dealer_discards = legal_actions(page)[0].startswith("discard")
    assert cards.count() == (6 if dealer_discards else 5)
    expected = page.evaluate(
        """async () => {
          const { cardName } = await import('/static/cards.js');
          return [...document.querySelectorAll('.tray .cards .card')]
            .map((c) => cardName(c.dataset.card));
        }"""
    )
    for i in range(cards.count()):
        name = cards.nth(i).get_attribute("aria-label") or ""
        # the card in words ("ਹੀਰਿਆਂ ਦਾ ਏਸ"), alone or in what pressing it does ("… ਖੇਡੋ")
        assert expected[i] in name and GURMUKHI.search(expected[i]), (name, expected[i])
    playable = tray.locator("button.card")
    assert playable.count() + tray.locator(".move-bar button.move").count() > 0
    for i in range(playable.count()):  # a button whose accessible name is the card in words
        label = playable.nth(i).get_attribute("aria-label") or ""
        assert tray.get_by_role("button", name=label, exact=True).count() >= 1
    assert page.get_attribute("#last-move", "aria-live") == "polite"


def test_you_sentences_agree_in_english_and_tagalog(room: Room, page: Page) -> None:
    open_in(page, room, "tl")
    before = version(page)
    choose_by_click(page)  # a bid, or a card if the bidding ended before this seat's turn
    page.wait_for_function(
        "(v) => Number(document.querySelector('#area').dataset.version) > v", arg=before
    )
    text = page.inner_text("body")
    assert "ng Ikaw" not in text and "You wins" not in text
    assert not re.search(r"\b(Upuan|Seat) 0\b", text)
