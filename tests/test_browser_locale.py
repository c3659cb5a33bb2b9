"""A browser set to a language we have opens in it, whatever tag it uses for it: Filipino
(``fil``, ``fil-PH``) and ``tl-PH`` are Tagalog, ``pa-IN`` and ``pa-Guru`` are Punjabi; a
language we do not have opens in English; a choice made on the page wins over the browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.support import browser as support
from tests.support.browser import Room

pytestmark = support.needs_chromium

OPENS_IN = {
    "fil-PH": "tl",
    "fil": "tl",
    "tl-PH": "tl",
    "pa-IN": "pa",
    "pa-Guru": "pa",
    "pa": "pa",
    "de-DE": "en",
}


@pytest.mark.parametrize("locale", sorted(OPENS_IN))
def test_the_browser_language_opens_the_page(room: Room, browser: Browser, locale: str) -> None:
    context = browser.new_context(locale=locale)
    try:
        p = context.new_page()
        p.goto(room.base + "/")
        p.wait_for_selector("#language")
        assert p.evaluate("navigator.language").lower() == locale.lower()
        assert p.evaluate("document.documentElement.lang") == OPENS_IN[locale]
        assert p.input_value("#language") == OPENS_IN[locale]
        if locale == "fil-PH":  # a choice made on the page is remembered over the browser's
            p.select_option("#language", "en")
            p.reload()
            p.wait_for_selector("#language")
            assert p.evaluate("document.documentElement.lang") == "en"
    finally:
        context.close()
