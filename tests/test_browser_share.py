"""The table page's Share button hands on the link to watch the table (never a seat's token):
through the browser's share sheet where it has one (Web Share API), else copied to the
clipboard with the button saying so."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.support import browser as support
from tests.support.browser import Room
from tests.support.layout import Table, be_deal, serve

pytestmark = support.needs_chromium

SHARE_SPY = """window.__shared = [];
navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };"""


def test_share_copies_the_watch_link_or_opens_the_share_sheet(room: Room, browser: Browser) -> None:
    for sheet in (False, True):
        context = browser.new_context(
            viewport=support.DESKTOP, permissions=["clipboard-read", "clipboard-write"]
        )
        if sheet:
            context.add_init_script(SHARE_SPY)
        try:
            p = context.new_page()
            table = Table("buck-euchre", be_deal(), id="shared")
            serve(p, table)
            p.goto(f"{room.base}/table/shared")
            p.wait_for_selector("#area[data-version]")
            support.open_settings(p)
            p.click("#prefs .share-link")
            watch = f"{room.base}/table/shared?watch&lang=en"  # the preview's language
            if sheet:
                p.wait_for_function("() => window.__shared.length === 1")
                shared = p.evaluate("window.__shared[0]")
                assert shared["url"] == watch and shared["title"] == "Watch this card table"
            else:
                p.wait_for_function(
                    "() => document.querySelector('#prefs .share-link').textContent === 'Copied'"
                )
                assert p.evaluate("navigator.clipboard.readText()") == watch
        finally:
            context.close()
