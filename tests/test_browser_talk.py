"""Table talk in the browser (talk.js): two people at one table, each connected to a different
node of one room on PostgreSQL, talk across the bus, and a quick phrase one sends is shown to
each in their own language (English and Punjabi), also in the move log and in the live region
read out to screen readers; a line of markup is shown as text, never as elements; and at
390×844 and 360×640 the talk, open and with lines in it, lies below the board and covers none
of its cards (screenshots saved: artifacts/screenshots/talk-*.png)."""

from __future__ import annotations

from typing import Any

import httpx2
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from tests.support import browser as support
from tests.support.browser import DESKTOP, Room, catalogue, doc_shot
from tests.test_browser_host import as_host
from tests.test_server_nodes import nodes, pg  # noqa: F401  (pg: the fixture)

pytestmark = support.needs_chromium

MARKUP = "<b>x</b><script>"
SIZES: dict[str, ViewportSize] = {
    "390x844": {"width": 390, "height": 844},
    "360x640": {"width": 360, "height": 640},
}
# Every card of the hand and of the table: inside the screen, and nothing over its centre.
UNCOVERED = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length)
  .map((e) => {
    const r = e.getBoundingClientRect();
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return inside && hit !== null && (hit === e || e.contains(hit));
  })"""


def person(
    browser: Browser, lang: str, size: ViewportSize = DESKTOP
) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport=size)
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('cardtable.lang', '{lang}')")
    return context, context.new_page()


def seated(p: Page, base: str, table: str, token: str) -> None:
    p.goto(f"{base}/table/{table}#token={token}")
    p.wait_for_function("() => document.querySelector('#area').dataset.version !== undefined")
    p.wait_for_selector("#talk-phrases button.phrase")


def talk_lines(p: Page) -> list[str]:
    found: list[str] = p.eval_on_selector_all("#talk-list li", "ls => ls.map(l => l.textContent)")
    return found


def wait_line(p: Page, text: str) -> None:
    p.wait_for_function(
        "(t) => [...document.querySelectorAll('#talk-list li')].some((l) => l.textContent === t)",
        arg=text,
    )


def test_two_people_on_two_nodes_talk_each_in_their_language(
    browser: Browser,
    pg: str,  # noqa: F811
) -> None:
    with nodes(pg, ["a", "b"], "--bot-delay", "0.05") as [(_, a), (_, b)]:
        body: dict[str, Any] = {"game": "royal-casino", "seats": ["human", "human"]}
        made = httpx2.post(f"{a}/api/tables", json=body, timeout=20).json()
        table, tokens = made["table"]["id"], made["tokens"]
        en_context, english = person(browser, "en")
        pa_context, punjabi = person(browser, "pa", SIZES["360x640"])
        try:
            seated(english, a, table, tokens["0"])  # at a, which serves the table
            seated(punjabi, b, table, tokens["1"])  # at b: relayed over the bus
            english.click('#talk-phrases button[data-phrase="good_game"]')
            en_said = catalogue("en")["talk.said"].format(who="You", text="Good game")
            pa_said = catalogue("pa")["talk.said"].format(
                who=catalogue("pa")["table.seat"].format(n=1),
                text=catalogue("pa")["talk.phrase.good_game"],
            )
            wait_line(english, en_said)
            wait_line(punjabi, pa_said)  # "ਸੀਟ 1: ਵਧੀਆ ਖੇਡ"
            assert "ਵਧੀਆ ਖੇਡ" in pa_said
            # read out to a screen reader there, and shown among the moves
            assert punjabi.get_attribute("#talk-live", "aria-live") == "polite"
            assert punjabi.inner_text("#talk-live") == pa_said
            assert punjabi.eval_on_selector_all(
                "#log li.log-talk", "ls => ls.map(l => l.textContent)"
            ) == [pa_said]
            assert punjabi.inner_text("#talk-unread") == "1"
            # and back, a typed line, from b to a
            punjabi.fill("#talk-input", "ਸਤ ਸ੍ਰੀ ਅਕਾਲ, how are you?")
            punjabi.press("#talk-input", "Enter")
            wait_line(english, "Seat 2: ਸਤ ਸ੍ਰੀ ਅਕਾਲ, how are you?")
            punjabi.click('#talk-phrases button[data-phrase="thank_you"]')
            wait_line(english, "Seat 2: Thank you")
            wait_line(
                punjabi,
                f"{catalogue('pa')['seat.you']}: {catalogue('pa')['talk.phrase.thank_you']}",
            )
            punjabi.click("#talk-open")  # a phone: the talk is below the board
            doc_shot(punjabi, "talk-360x640-pa")
        finally:
            en_context.close()
            pa_context.close()


def test_markup_is_text_and_the_talk_covers_no_card(room: Room, browser: Browser) -> None:
    made = room.create("royal-casino", ["human", "random"])
    table, token = made["table"]["id"], made["tokens"]["0"]
    context, p = person(browser, "en", SIZES["390x844"])
    as_host(context, made)  # this browser made the table: the host's switches are here
    try:
        seated(p, room.base, table, token)
        p.fill("#talk-input", MARKUP)
        p.press("#talk-input", "Enter")
        wait_line(p, f"You: {MARKUP}")
        # the line is text: no element came of it, in the talk or in the log
        for where in ("#talk-list", "#log"):
            assert p.locator(f"{where} b").count() == 0
            assert p.locator(f"{where} script").count() == 0
        assert p.locator("#log li.log-talk").first.text_content() == f"You: {MARKUP}"
        p.click('#talk-phrases button[data-phrase="one_minute"]')
        wait_line(p, "You: One minute")
        if support.version(p) == 0:  # this seat leads: a move first, to react to
            trail = next(a for a in support.legal_actions(p) if a.startswith("trail"))
            p.click("#typed-box summary")
            p.fill("#typed-input", trail)
            p.press("#typed-input", "Enter")
            support.wait_new_version(p, 0)
        p.click('#talk-reactions button[data-emoji="👍"]')  # to the last move
        wait_line(p, "You reacted 👍")
        for name, size in SIZES.items():
            p.set_viewport_size(size)
            p.evaluate("() => window.scrollTo(0, 0)")
            support.wait_my_turn_or_over(p)
            # the table at rest: a computer's card still sliding in (motion.js) is not the layout
            p.wait_for_function(
                "() => document.getAnimations().every((a) => a.playState !== 'running')"
            )
            covered = p.evaluate(UNCOVERED, ".tray .rc-hand .card, .rc-table .table-cards > .card")
            assert covered and all(covered), (name, covered)
            doc_shot(p, f"talk-{name}-board")
            p.click("#talk-open")  # the talk opened: it is below the board, over nothing
            p.wait_for_function(
                "() => document.querySelector('#talk').getBoundingClientRect().top < innerHeight"
            )
            talk_top = p.evaluate(
                "() => document.querySelector('#talk').getBoundingClientRect().top"
            )
            tray_bottom = p.evaluate(
                "() => document.querySelector('.tray').getBoundingClientRect().bottom"
            )
            assert talk_top >= tray_bottom, (name, talk_top, tray_bottom)
            doc_shot(p, f"talk-{name}-open")
        # the host mutes a seat (here, their own): its talk is refused until unmuted
        p.click('#host li[data-seat="0"] .host-mute')
        wait_line(p, "The host muted Seat 1")
        assert p.inner_text("#talk-note") == "The host muted your seat."
        assert p.is_hidden("#talk-form")
        p.click('#host li[data-seat="0"] .host-mute')
        wait_line(p, "The host let Seat 1 talk again")
        p.wait_for_selector("#talk-form", state="visible")
        p.check("#host-spectators-talk")
        wait_line(p, "The host lets spectators talk")
    finally:
        context.close()
