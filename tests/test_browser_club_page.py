"""A club's page on a phone (docs/clubs.md), in English, Punjabi and Tagalog: the standings fit
a 360 px screen (the page never scrolls sideways; the estimate's "± σ" goes under its μ), the
head to head's two selects are labelled and its sentence counts in the singular and plural,
and an invite's expiry is written in the page's language, not the browser's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.support import browser as support
from tests.support.browser import Room, text
from tests.support.club_setup import Club, make_club

pytestmark = support.needs_chromium

LANGS = ("en", "pa", "tl")
WIDTHS = (360, 390)

FITS = """() => {
  const page = document.scrollingElement;
  const boxes = [...document.querySelectorAll('.standings')];
  return { page: page.scrollWidth - page.clientWidth,
    tables: boxes.map((b) => b.scrollWidth - b.clientWidth),
    rights: boxes.map((b) => b.querySelector('table').getBoundingClientRect().right - innerWidth) };
}"""


@pytest.fixture(scope="module")
def club(room: Room) -> Club:
    return make_club(room.base)


@pytest.fixture
def club_page(club: Club, browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    lang = request.node.callspec.params.get("lang", "en")
    context = club.browser(browser, {"width": 360, "height": 640}, lang)
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(f"{club.base}/club/{club.id}")
    p.wait_for_selector(".standings table tbody tr")
    yield p
    missing = support.missing_keys(p)
    context.close()
    assert not errors, errors
    assert not missing, missing


@pytest.mark.parametrize("lang", LANGS)
def test_the_standings_fit_a_phone(club_page: Page, lang: str) -> None:
    for width in WIDTHS:
        club_page.set_viewport_size({"width": width, "height": 800})
        fits = club_page.evaluate(FITS)
        assert fits["page"] <= 0, (lang, width, fits)  # never the page sideways
        assert all(d <= 0 for d in fits["tables"]), (lang, width, fits)  # nor the table
        assert all(r <= 0 for r in fits["rights"]), (lang, width, fits)
        support.shot(club_page, f"club-standings-{width}-{lang}")


@pytest.mark.parametrize("lang", LANGS)
def test_head_to_head_is_labelled_and_counted(club: Club, club_page: Page, lang: str) -> None:
    for select, key in (("#h2h-a", "club.h2h_a"), ("#h2h-b", "club.h2h_b")):
        labels = club_page.evaluate(
            "(s) => [...document.querySelector(s).labels].map((l) => l.innerText.trim())", select
        )
        assert labels and labels[0].startswith(text(lang, key)), (select, labels)
    club_page.click("#h2h-go")
    club_page.wait_for_function("() => document.querySelector('#h2h-out').textContent !== ''")
    said = club_page.inner_text("#h2h-out")
    a, b = club.names
    if lang == "en":  # they met once: "1 match", and every other count in its own number
        assert said.startswith(f"{a} and {b} met in 1 match: "), said
        assert "1 matches" not in said and "1 times" not in said and "0 time," not in said
    for stem in ("met", "ahead", "level", "partners"):
        forms = {text(lang, f"club.h2h_{stem}_{f}").split("{n}")[0] for f in ("one", "other")}
        assert any(f.replace("{a}", a).replace("{b}", b).replace("{who}", a) in said
                   or f.replace("{who}", b) in said for f in forms), (stem, said)  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_an_invites_expiry_is_in_the_pages_language(club: Club, club_page: Page, lang: str) -> None:
    club_page.wait_for_selector("#invites li")
    shown = [t for t in club_page.locator("#invites li span").all_inner_texts() if t.strip()]
    browsers = club_page.evaluate("(w) => new Date(w).toLocaleString()", club.invite_expires)
    assert text(lang, "club.until", when=browsers) not in shown  # not the browser's en-US
    if lang == "pa":  # Punjabi's date words where the browser has them, else numbers only
        assert not any(w in s for s in shown for w in ("PM", "AM", "M12")), shown
        return
    locale = {"en": "en", "tl": "fil-PH"}[lang]
    when = club_page.evaluate(
        "([l, w]) => new Intl.DateTimeFormat(l, {dateStyle: 'medium', timeStyle: 'short'})"
        ".format(new Date(w))",
        [locale, club.invite_expires],
    )
    assert text(lang, "club.until", when=when) in shown, shown


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_device_is_told_how_a_member_signs_in(
    club: Club, browser: Browser, lang: str
) -> None:
    """A member opening the club's page on a new phone (nobody yet in that browser) is offered
    a passkey and told of the sign-in link, not asked for a new name: a new player there would
    be a stranger the club refuses. A newcomer is told to ask for an invite."""
    context = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        context.add_init_script(f"localStorage.setItem('cardtable.lang', '{lang}')")
        p = context.new_page()
        local = club.base.replace("127.0.0.1", "localhost")  # passkeys need a secure origin
        p.goto(f"{local}/club/{club.id}")
        p.wait_for_selector("#club-signin-hint")
        assert p.inner_text("main h2") == text(lang, "club.members_only")
        assert p.inner_text("#club-signin-hint") == text(lang, "club.signin_hint")
        assert text(lang, "club.newcomer_hint") in p.inner_text("main")
        assert p.is_visible("#passkey-signin")
        assert p.locator("#name-form").count() == 0
        assert club.names[0] not in p.content()  # nothing of the club shown
        support.shot(p, f"club-new-device-360-{lang}")
    finally:
        context.close()
