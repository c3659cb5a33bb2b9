"""Phone first: at your turn your hand and the controls of the turn (the move buttons, the hint)
are on the first screen at every tested size, in every game, without scrolling; the felt shows
each seat once (no strip repeating them); no seat is read as "Seat 0"; the match's result and
"Play again" come into sight when it ends. Each game at each size
is also saved as a screenshot (with ``CARDTABLE_SCREENSHOTS=docs``, under docs/screenshots/: the
pictures docs/client.md describes)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize

from tests.support import browser as support
from tests.support.browser import Room, doc_shot, legal_actions, text, wait_my_turn_or_over
from tests.support.layout import Table, positions, reach, rummy_deal, serve, state

pytestmark = support.needs_chromium

SIZES: dict[str, ViewportSize] = {
    "375x667": {"width": 375, "height": 667},
    "390x844": {"width": 390, "height": 844},
    "768x1024": {"width": 768, "height": 1024},
    "1024x768": {"width": 1024, "height": 768},
    "1366x768": {"width": 1366, "height": 768},
}
GAMES = {"royal-casino": 2, "buck-euchre": 4, "rummy-500": 3, "queen-city-rum": 2}
INSIDE = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length)
  .map((e) => { const r = e.getBoundingClientRect();
    const ok = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    return {sel, top: r.top, bottom: r.bottom, left: r.left, right: r.right, ok}; })"""
TITLE_WHOLE = (
    "(() => { const h = document.querySelector('#title');"
    " return h.scrollWidth <= h.clientWidth; })()"
)
HEADER_HEIGHT = "document.querySelector('header').getBoundingClientRect().height"
INSIDE_NOW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight; }"""


def several_moves(p: Page) -> Locator | None:
    """A highlighted card of the hand that more than one legal move uses (a tap chooses it,
    and the move bar offers its moves), if there is one."""
    legal = legal_actions(p)
    for card in p.locator(".tray button.card.playable").all():
        face = card.get_attribute("data-card")
        if sum(face in a.replace(":", " ").split() for a in legal) > 1:
            return card
    return None


def outside(p: Page, selector: str) -> list[dict[str, object]]:
    """The visible elements matching ``selector`` not wholly inside the viewport; fails if none
    is visible at all (the control must be there to be checked)."""
    found: list[dict[str, object]] = p.evaluate(INSIDE, selector)
    assert found, f"nothing visible matches {selector}"
    return [f for f in found if not f["ok"]]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hand_and_controls_on_the_first_screen(room: Room, browser: Browser, game: str) -> None:
    players = GAMES[game]
    created = room.create(game, ["human"] + [room.bot(game)] * (players - 1), players=players)
    context = browser.new_context(viewport=SIZES["375x667"])
    context.set_default_timeout(15_000)
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    try:
        p.goto(created["links"]["0"])
        assert wait_my_turn_or_over(p) == "turn"
        assert p.locator("#seats").count() == 0  # the felt shows the seats, once
        for size, viewport in SIZES.items():
            p.set_viewport_size(viewport)
            p.evaluate("window.scrollTo(0, 0)")
            # a card of the hand, and (after choosing one where a card leads to moves) the
            # move buttons and the hint: all inside the first screen
            assert outside(p, ".tray .cards .card") == [], size
            several = several_moves(p)  # a card only one move uses is played by one tap
            if several is not None and not p.locator(".tray button.move").count():
                several.click()
            assert outside(p, ".tray .move-bar button.move, .tray #hint") == [], size
            assert p.evaluate("document.documentElement.scrollWidth <= innerWidth"), size
            assert p.evaluate(TITLE_WHOLE), size  # a phone's shows the game's name only
            if viewport["width"] > 600:  # the settings beside it or behind "⋯": one line
                assert p.evaluate(HEADER_HEIGHT) < 60, size
            text = p.inner_text("body")
            assert not re.search(r"\b(Seat|seat) 0\b", text), size
            doc_shot(p, f"{game}-{size}")
            p.keyboard.press("Escape")  # the choice is cleared for the next size
    finally:
        context.close()
    assert not errors, errors


def test_the_headers_settings_go_behind_the_button_where_a_language_would_wrap_them(
    room: Room, browser: Browser
) -> None:
    """On a laptop the header's settings sit beside the title while they fit on its one line
    (English at 1440×900), and go behind "⋯" where they would not: Tagalog's longer words put
    them on a second line and cut the title at 1366 px. Chosen on the page, each language
    gets the header that fits it; the header keeps one line and the title whole."""
    table = Table("buck-euchre", positions("buck-euchre")["turn"]())
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    context.set_default_timeout(15_000)
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    toggle = p.locator("#prefs-toggle")
    try:
        serve(p, table)
        p.goto(f"{room.base}/table/{table.id}")
        p.wait_for_selector(f"#area[data-version='{table.match.action_count}'] .tray")
        p.wait_for_function("() => document.fonts.status === 'loaded'")

        def one_line(lang: str) -> None:
            assert p.evaluate(TITLE_WHOLE), lang
            assert p.evaluate(HEADER_HEIGHT) < 60, lang

        assert toggle.is_hidden() and p.locator("#language").is_visible()
        one_line("en")
        p.select_option("#language", "tl")
        p.wait_for_function("() => document.documentElement.lang === 'tl'")
        assert toggle.is_visible() and p.locator("#language").is_hidden()
        one_line("tl")
        p.set_viewport_size({"width": 1366, "height": 768})
        one_line("tl at 1366")
        toggle.click()
        p.select_option("#language", "en")
        p.wait_for_function("() => document.documentElement.lang === 'en'")
        p.set_viewport_size({"width": 1440, "height": 900})
        p.wait_for_function("() => !document.querySelector('header').classList.contains('tight')")
        assert toggle.is_hidden() and p.locator("#language").is_visible()
        one_line("en again")
    finally:
        context.close()
    assert not errors, errors


def test_a_guest_with_melds_on_the_table_keeps_the_first_screen(
    room: Room, browser: Browser
) -> None:
    """A guest by seat link is offered "Your name at this table"; with two melds on the table
    (a stacked Rummy 500 deal, tests/support/layout.py) the hand, the move buttons and the hint
    still lie on the first screen of a short phone: the box heads the side panel, after the
    tray, where above the board it once pushed the hint off the screen."""
    table = Table("rummy-500", positions("rummy-500")["turn"]())
    context = browser.new_context(viewport=SIZES["375x667"])
    context.set_default_timeout(15_000)
    p = context.new_page()
    try:
        serve(p, table)
        p.goto(f"{room.base}/table/{table.id}#token=a-guest-link")
        p.wait_for_selector("#guest-name")
        p.wait_for_selector(f"#area[data-version='{table.match.action_count}'] .tray")
        short: ViewportSize = {"width": 360, "height": 640}
        for viewport in (SIZES["375x667"], short):
            p.set_viewport_size(viewport)
            p.evaluate("window.scrollTo(0, 0)")
            assert outside(p, ".tray .cards .card") == [], viewport
            several = several_moves(p)
            if several is not None and not p.locator(".tray button.move").count():
                several.click()
            assert outside(p, ".tray .move-bar button.move, .tray #hint") == [], viewport
            tray = p.locator(".tray").bounding_box()
            box = p.locator("#guest-name").bounding_box()
            assert tray is not None and box is not None
            assert box["y"] >= tray["y"] + tray["height"], viewport  # after the tray
            p.keyboard.press("Escape")
    finally:
        context.close()


def test_the_lobby_at_each_size(room: Room, browser: Browser) -> None:
    """Every option's name is whole (none cut off), the computer levels are explained, and a
    table for one person offers a way in, not links to send."""
    context = browser.new_context(viewport=SIZES["375x667"])
    context.set_default_timeout(15_000)
    p = context.new_page()
    try:
        p.goto(room.base + "/")
        p.wait_for_selector("#game option", state="attached")
        p.wait_for_selector("#seats select")
        for size in ("1024x768", "1366x768"):  # a laptop: the seats beside the game and players
            p.set_viewport_size(SIZES[size])
            assert outside(p, "#create button[type=submit]") == [], size  # Buck Euchre's form
        p.select_option("#game", "rummy-500")
        for size in ("1024x768", "1366x768"):  # eight options, folded away
            p.set_viewport_size(SIZES[size])
            assert outside(p, "#create button[type=submit]") == [], f"rummy-500 {size}"
        assert p.inner_text("#options-said") == "as the rule book sets them"
        p.click("#options-box > summary")
        p.wait_for_selector("#options label.option")
        p.fill('[data-option="target"]', "300")
        assert p.inner_text("#options-said") == "1 changed"
        for size, viewport in SIZES.items():
            p.set_viewport_size(viewport)
            cut = p.evaluate(
                """() => [...document.querySelectorAll('#options label.option > span')]
                  .filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent)"""
            )
            assert cut == [], (size, cut)
            assert "search" in p.inner_text(".levels-help")
            doc_shot(p, f"lobby-{size}")
        p.select_option("#players", "2")
        p.select_option('#seats select[data-seat="1"]', "heuristic")
        p.click("#create button[type=submit], form#create button.primary")
        p.wait_for_selector("#created:not([hidden])")
        assert p.locator("#links input").count() == 0  # nothing to send
        assert p.locator("#play-now").count() == 1
        p.wait_for_function(INSIDE_NOW, arg="#play-now")  # brought into sight (1366×768)
        assert "Send each player" not in p.inner_text("#created")
    finally:
        context.close()


def test_four_colour_suits_are_a_choice_that_stays(room: Room, browser: Browser) -> None:
    created = room.create("rummy-500", ["human", "heuristic"], players=2)
    context = browser.new_context(viewport=SIZES["390x844"])
    context.set_default_timeout(15_000)
    p = context.new_page()
    try:
        p.goto(created["links"]["0"])
        assert wait_my_turn_or_over(p) == "turn"
        assert not p.evaluate("document.documentElement.classList.contains('four-colour')")
        assert p.is_hidden("#four-colour")  # a phone's header keeps its settings under "⋯"
        p.click("#prefs-toggle")
        p.check("#four-colour")
        p.reload()
        p.wait_for_selector(".tray .cards .card")
        assert p.evaluate("document.documentElement.classList.contains('four-colour')")
        p.click("#prefs-toggle")
        assert p.is_checked("#four-colour")
        # the faces are the deck's SVGs, loaded
        p.wait_for_function(
            "() => { const faces = [...document.querySelectorAll('.tray img.face-img')];"
            " return faces.length > 0 && faces.every((i) => i.complete && i.naturalWidth > 0); }"
        )
        doc_shot(p, "rummy-500-four-colour-390x844")
    finally:
        context.close()


def test_the_result_and_play_again_come_into_sight_when_the_match_ends(
    room: Room, browser: Browser
) -> None:
    """At 360×640 the match's end comes below the last hand's summary (Royal Casino's is long):
    the page brings the result and "Play again" on screen, and the summary's button reads
    "Close", not "Continue", since nothing continues. In Tagalog, whose words run longest;
    the moves are typed, as a person may."""
    created = room.create("royal-casino", ["human", "random"], target=4)
    context = browser.new_context(viewport={"width": 360, "height": 640})
    context.add_init_script("localStorage.setItem('cardtable.lang', 'tl')")
    context.set_default_timeout(15_000)
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(created["links"]["0"])
    deadline = support.Deadline(90, "a match to 4 points")
    while wait_my_turn_or_over(p, timeout=30) != "over":
        deadline.check()
        before, action = support.version(p), legal_actions(p)[0]
        if not p.is_visible("#typed-input"):
            p.click("#typed-box summary")
        p.fill("#typed-input", action)
        p.press("#typed-input", "Enter")
        support.wait_played(p, action, before)
    p.wait_for_selector("#again:not([hidden])")
    p.wait_for_function(INSIDE_NOW, arg="#again")  # a smooth scroll ends
    assert outside(p, "#again") == [] and outside(p, "#over-title") == []
    assert p.inner_text("#hand-end-close") == text("tl", "summary.hide")  # not "Continue"
    support.shot(p, "royal-casino-match-over-360-tl")
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("lang", ["en", "pa", "tl"])
def test_the_felt_holds_the_rummy_piles_beside_two_long_names(
    room: Room, browser: Browser, lang: str
) -> None:
    """Rummy 500 with three players on a laptop (1024×768 and 1366×768): the two other seats,
    named at length ("Computer 2 (rules of thumb)"), leave the stock and the
    discard pile their room on the felt; before, the seats took the whole width and the piles
    stood past the felt's edge."""
    created = room.create("rummy-500", ["human", "heuristic", "heuristic"], players=3)
    context = browser.new_context(viewport=SIZES["1366x768"])
    context.add_init_script(f"localStorage.setItem('cardtable.lang', '{lang}')")
    context.set_default_timeout(15_000)
    p = context.new_page()
    try:
        p.goto(created["links"]["0"])
        assert wait_my_turn_or_over(p) == "turn"
        for width in (1366, 1024):
            p.set_viewport_size({"width": width, "height": 768})
            felt = p.locator("#area .game").bounding_box()
            assert felt is not None
            for part in (".stock", ".discard-pile .card"):
                box = p.locator(f"#area .game {part}").first.bounding_box()
                assert box is not None and box["width"] > 30, (width, part, box)
                inside = (
                    felt["x"] <= box["x"] and box["x"] + box["width"] <= felt["x"] + felt["width"]
                )
                assert inside, (width, part, box, felt)
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["pa", "tl"])
def test_a_card_taken_from_the_pile_is_labelled_on_a_phone(
    room: Room, browser: Browser, lang: str
) -> None:
    """Rummy 500 at 360×640: the card another player took from the discard pile is marked
    with a short word over its foot ("kinuha"), not shown bare beside their count, and the
    seat keeps its height; the whole sentence stays for screen readers."""
    match = reach(
        rummy_deal("rummy-500", 3),
        lambda m: state(m)["phase"] == "draw" and any(state(m)["known"][1:]),
        "another seat holding a card it took from the pile",
    )
    table = Table("rummy-500", match)
    context = browser.new_context(viewport={"width": 360, "height": 640})
    context.add_init_script(f"localStorage.setItem('cardtable.lang', '{lang}')")
    p = context.new_page()
    try:
        serve(p, table)
        p.goto(f"{room.base}/table/{table.id}")
        p.wait_for_selector(".rummy-seat .known .card")
        short = p.locator(".rummy-seat:not(.me) .known .note-short").first
        assert short.is_visible() and short.inner_text() == text(lang, "rummy.known_short")
        word, cards = short.bounding_box(), short.locator("xpath=..").bounding_box()
        assert word is not None and cards is not None
        assert (
            cards["y"] <= word["y"] and word["y"] + word["height"] <= cards["y"] + cards["height"]
        )
        note = p.locator(".rummy-seat:not(.me) .known .note").first
        assert note.text_content() == text(lang, "rummy.known")  # read aloud, not shown
        support.shot(p, f"rummy-500-taken-360-{lang}")
    finally:
        context.close()


def test_a_laptops_rummy_hand_stays_on_the_first_screen_beside_taken_cards(
    room: Room, browser: Browser
) -> None:
    """Rummy 500 at 1024×768, three players, both others holding cards they took from the pile:
    their taken cards sit on their seat's one line, as on a phone, so the hand is still on the
    first screen (two rows of taken cards pushed it to y 713–790)."""
    match = reach(
        rummy_deal("rummy-500", 3),
        lambda m: state(m)["phase"] == "draw" and all(state(m)["known"][1:]),
        "both other seats holding cards taken from the pile",
    )
    table = Table("rummy-500", match)
    context = browser.new_context(viewport=SIZES["1024x768"])
    p = context.new_page()
    try:
        serve(p, table)
        p.goto(f"{room.base}/table/{table.id}")
        p.wait_for_selector(".rummy-seat:not(.me) .known .card")
        assert p.locator(".rummy-seat:not(.me) .known").count() == 2
        assert outside(p, ".tray .cards .card") == []
        support.shot(p, "rummy-500-taken-1024")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "tl"])
def test_a_four_seat_hands_scores_fit_the_side_panel(
    room: Room, browser: Browser, lang: str
) -> None:
    """Buck Euchre's last hand, item by item, in the side panel of a laptop: four seats'
    columns ("Kompyuter 4") beside Tagalog's row names ("Mga trick na binilang") fit its width,
    where they once scrolled it sideways by 34 px and cut the fourth seat's column."""
    table = Table("buck-euchre", positions("buck-euchre")["summary"]())
    for width in (1366, 1024):
        context = browser.new_context(viewport={"width": width, "height": 768})
        context.add_init_script(f"localStorage.setItem('cardtable.lang', '{lang}')")
        context.set_default_timeout(15_000)
        p = context.new_page()
        try:
            serve(p, table)
            p.goto(f"{room.base}/table/{table.id}")
            p.wait_for_selector(".side-panel .hand-breakdown table.sides.many")
            p.wait_for_function("() => document.fonts.status === 'loaded'")
            scrolled = p.evaluate(
                """() => [...document.querySelectorAll('.side-panel .sides-scroll')]
                  .map((e) => e.scrollWidth - e.clientWidth)"""
            )
            assert scrolled and max(scrolled) <= 1, (width, scrolled)
        finally:
            context.close()
