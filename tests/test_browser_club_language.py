"""The language a link chooses (``?lang=``, as the invite and watch links are shared) and the
invite page's own selector: a page opened from ``/?lang=pa`` or ``/invite?lang=tl#code=…`` is in
that language at once and remembers it as the person's choice (an unknown value is ignored);
the invite page redraws in the language chosen on it, keeping a name being typed."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.support import browser as support
from tests.support.browser import Room, text

pytestmark = support.needs_chromium

STORED = "() => localStorage.getItem('cardtable.lang')"


def test_a_links_lang_chooses_the_language_and_is_remembered(room: Room, page: Page) -> None:
    page.goto(room.base + "/?lang=pa")
    page.wait_for_selector("#game option", state="attached")
    assert page.evaluate("document.documentElement.lang") == "pa"
    assert page.input_value("#language") == "pa"
    assert page.inner_text('[data-i18n="lobby.new"]') == text("pa", "lobby.new")
    assert page.evaluate(STORED) == "pa"  # the person's choice, as with the selector
    assert "lang=" not in page.url  # a later choice on the page is not undone by a reload
    page.goto(room.base + "/")
    page.wait_for_selector("#game option", state="attached")
    assert page.evaluate("document.documentElement.lang") == "pa"
    page.goto(room.base + "/?lang=xx")  # unknown: ignored, the choice stays
    page.wait_for_selector("#game option", state="attached")
    assert page.evaluate("document.documentElement.lang") == "pa"
    assert page.evaluate(STORED) == "pa"
    # the invite link as the organiser copies it: the code after "#" stays for the page
    page.goto(room.base + "/invite?lang=tl#code=nosuchcode")
    page.wait_for_selector("#name-form")
    assert page.evaluate("document.documentElement.lang") == "tl"
    assert page.inner_text("#title") == text("tl", "invite.title")
    assert page.inner_text("#name-form button") == text("tl", "invite.join")
    # a table's watch link keeps its "?watch"
    created = room.create("buck-euchre", ["human", "random", "random", "random"])
    table = created["table"]["id"]
    page.goto(f"{room.base}/table/{table}?watch&lang=en")
    page.wait_for_selector("#area[data-version]")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.url.endswith(f"/table/{table}?watch")


def test_the_invite_page_redraws_in_the_language_chosen_on_it(room: Room, page: Page) -> None:
    page.goto(room.base + "/invite#code=nosuchcode")
    page.wait_for_selector("#name-form")
    assert page.inner_text("#title") == text("en", "invite.title")
    page.fill("#name-form input", "Maria Luisa")
    page.select_option("#language", "tl")
    page.wait_for_function(
        "(t) => document.querySelector('#name-form button')?.textContent === t",
        arg=text("tl", "invite.join"),
    )
    assert page.inner_text("#title") == text("tl", "invite.title")
    assert page.inner_text("#name-form label span") == text("tl", "me.your_name")
    assert page.inner_text("main .hint") == text("tl", "invite.name_first")
    assert page.input_value("#name-form input") == "Maria Luisa"  # kept
