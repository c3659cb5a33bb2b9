"""The rules pages through the browser: a table played in Punjabi has a Rules link that opens
the Punjabi rules of its game; the lobby's link follows the chosen game; the page loads its
stylesheet and font under the room's Content-Security-Policy."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.support import browser as support
from tests.support.browser import Room, doc_shot, set_language, wait_my_turn_or_over

pytestmark = support.needs_chromium


def test_the_rules_link_opens_the_punjabi_rules_of_the_game(room: Room, page: Page) -> None:
    page.goto(room.base + "/")
    set_language(page, "pa")
    created = room.create("rummy-500", ["human", "random"])
    page.goto(created["links"]["0"])
    assert wait_my_turn_or_over(page) == "turn"
    link = page.locator("#rules-link")
    link.wait_for(state="attached")
    support.open_settings(page)
    link.wait_for(state="visible")
    assert link.inner_text() == "ਨਿਯਮ"
    with page.expect_popup() as opened:
        link.click()
    rules = opened.value
    blocked: list[str] = []
    rules.on("console", lambda m: blocked.append(m.text) if "Content Security" in m.text else None)
    rules.wait_for_load_state()
    assert rules.url.endswith("/rules/rummy-500?lang=pa"), rules.url
    assert rules.evaluate("document.documentElement.lang") == "pa"
    assert rules.inner_text("h1") == "ਰੰਮੀ 500"
    assert "ਰੰਮੀ ਕਹਿਣਾ" in rules.inner_text("#R5-10")
    assert rules.locator("#C-7").count() == 1
    # the room's stylesheet applies (the header is the felt's green) and nothing was blocked
    colour = rules.eval_on_selector("header.top", "e => getComputedStyle(e).backgroundColor")
    assert colour == "rgb(23, 84, 58)", colour
    assert blocked == []
    rules.set_viewport_size({"width": 390, "height": 844})
    rules.goto(rules.url + "#R5-7")  # a refusal's link: the rule is scrolled to and marked
    assert rules.evaluate("document.getElementById('R5-7').getBoundingClientRect().top") < 100
    rules.evaluate("window.scrollTo(0, 0)")
    doc_shot(rules, "rules-pa-390x844")
    rules.close()
    # the lobby's link opens the chosen game's rules in the page's language
    page.goto(room.base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "royal-casino")
    href = page.get_attribute("#rules-link", "href") or ""
    assert href.endswith("/rules/royal-casino?lang=pa"), href
    assert page.inner_text("#rules-link") == "ਨਿਯਮ"
