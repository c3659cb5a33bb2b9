"""The interface in Punjabi and Tagalog: every English text has a translation with the same
placeholders; switching the language translates the lobby and a table at once, no English
is left (only card and move notation, table and rule ids, and the names of the languages),
and the choice survives a reload."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page

from tests.support import browser as support
from tests.support.browser import PHONE, Room, shot, wait_my_turn_or_over

pytestmark = support.needs_chromium

STRINGS = "import('/static/i18n.js').then((m) => m.STRINGS)"
# Keys whose text may be the same in every language: the product's name, and the name of a
# game where the Tagalog rule pages keep it.
SAME = {"app.name", "be.dealer_badge", "choice.5-10-15.short"}
SAME_TL = SAME | {
    "game.royal-casino",
    "game.buck-euchre",
    "game.rummy-500",
    "game.queen-city-rum",
    "item.big casino",
    "item.little casino",
    "be.dealer",
    "field.dealer",
    "card.joker",
    # the terminal's: words the Tagalog rule pages keep ("trick", "sweep")
    "term.n.sweeps.one",
    "term.n.tricks.one",
    "term.be.trick",
}

# The page's text with notation hidden (moves are shown in notation beside their words).
VISIBLE_TEXT = """() => {
  const hidden = [...document.querySelectorAll('.notation, code, [lang="zxx"], [lang="en"]')];
  const before = hidden.map((e) => e.style.display);
  hidden.forEach((e) => (e.style.display = 'none'));
  const text = document.body.innerText;
  hidden.forEach((e, i) => (e.style.display = before[i]));
  return text;
}"""


WORD = r"[A-Za-z][A-Za-z'_-]*"


def latin_words(p: Page, room: Room, allowed: set[str]) -> list[str]:
    """Words in Latin letters on the page but card faces (A J Q K), rule ids and table ids
    (the lobby lists every table; read after the page, so none is missed)."""
    text: str = p.evaluate(VISIBLE_TEXT)
    text = re.sub(r"\b(?:RC|BE|R5|QC|C)-\d+\b", "", text)
    ids = {w for t in room.get("/api/tables")["tables"] for w in re.findall(WORD, t["id"])}
    words = re.findall(WORD, text)
    return sorted({w for w in words if w not in allowed | ids and not re.fullmatch(r"[AJQK]", w)})


def test_every_text_has_a_translation_with_the_same_placeholders(room: Room, page: Page) -> None:
    page.goto(room.base + "/")
    strings: dict[str, dict[str, str]] = page.evaluate(STRINGS)
    en = strings["en"]
    for code, same in (("pa", SAME), ("tl", SAME_TL)):
        table = strings[code]
        assert set(table) == set(en), (code, set(en) ^ set(table))
        for key, text in en.items():
            assert table[key].strip(), (code, key)
            holes = set(re.findall(r"\{(\w+)\}", text))
            assert set(re.findall(r"\{(\w+)\}", table[key])) == holes, (code, key)
            words = re.sub(r"\{\w+\}", "", text)  # placeholders are not words
            if key not in same and re.search(r"[A-Za-z]{3}", words):
                assert table[key] != text, f"{code}: {key} is still English"


def switch(p: Page, code: str) -> None:
    support.open_settings(p)
    p.select_option("#language", code)
    p.wait_for_function("(c) => document.documentElement.lang === c", arg=code)


def texts_of(p: Page) -> dict[str, str]:
    found: dict[str, str] = p.eval_on_selector_all(
        "[data-i18n]", "es => Object.fromEntries(es.map(e => [e.dataset.i18n, e.textContent]))"
    )
    return found


def test_punjabi_and_tagalog_survive_a_reload(room: Room, page: Page) -> None:
    strings: dict[str, Any]
    page.goto(room.base + "/")
    strings = page.evaluate(STRINGS)
    page.wait_for_selector("#game option", state="attached")
    switch(page, "pa")
    for key, text in texts_of(page).items():
        assert text == strings["pa"][key], key
    assert page.inner_text("#game option:checked") == strings["pa"]["game.buck-euchre"]
    page.reload()
    page.wait_for_selector("#game option", state="attached")
    assert page.evaluate("document.documentElement.lang") == "pa"
    assert page.input_value("#language") == "pa"
    assert page.inner_text('[data-i18n="lobby.new"]') == strings["pa"]["lobby.new"]
    allowed = {"cardtable", "English", "Tagalog"}
    assert latin_words(page, room, allowed) == []
    shot(page, "lobby-pa")
    created = room.create("buck-euchre", ["human", "random", "random", "random"])
    page.goto(created["links"]["0"])
    assert wait_my_turn_or_over(page) == "turn"
    assert page.inner_text("#role") == strings["pa"]["table.you"].replace("{n}", "1")
    assert latin_words(page, room, allowed) == []
    shot(page, "buck-euchre-pa")
    page.set_viewport_size(PHONE)
    shot(page, "buck-euchre-pa-phone")
    page.set_viewport_size(support.DESKTOP)
    # Tagalog, switched on the table page itself, then after a reload
    switch(page, "tl")
    assert page.inner_text("#role") == strings["tl"]["table.you"].replace("{n}", "1")
    assert page.inner_text("#prefs .share-link") == strings["tl"]["link.share"]  # built once
    for key, text in texts_of(page).items():
        assert text == strings["tl"][key], key
    page.reload()
    page.wait_for_selector(".be-board")
    assert page.input_value("#language") == "tl"
    for key, text in texts_of(page).items():
        assert text == strings["tl"][key], key
    body = page.evaluate(VISIBLE_TEXT)
    english = [
        text
        for key, text in strings["en"].items()
        if key not in SAME_TL and "{" not in text and len(text.split()) >= 2 and text in body
    ]
    assert english == [], english
    shot(page, "buck-euchre-tl")
    page.goto(room.base + "/")
    page.wait_for_selector("#game option", state="attached")
    assert page.inner_text('[data-i18n="lobby.new"]') == strings["tl"]["lobby.new"]
    shot(page, "lobby-tl")
