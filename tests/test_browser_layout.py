"""The board is never hidden: for every game, in every state a decision is made in (your turn, a
refusal shown, a person's seat away, the last hand's summary open, and in Rummy 500, the only
game that has them, a Rummy call offered and a dig in the discard pile), at 360×640, 390×844
and 1366×768 (and at 360×640 in Punjabi and Tagalog too), every card the decision needs — the
table's cards and builds, the stock and the discard pile, the melds, the trick and the upcard —
and every card of the hand lies inside the viewport without scrolling, and
``document.elementFromPoint`` at its centre is that card (nothing covers it); so do the buttons
a decision is made with alone (Buck Euchre's bids, the Rummy call, the Take of a dig, which is
checked after its deep card is tapped). The summary is the one the page shows as news: the
move before ended the hand. The tray is opaque and the header stays short. States come from
stacked decks (tests/support/layout.py); one room serves the page, its WebSocket answered by
the test. Each game's states at 360×640 in Punjabi and Tagalog are saved as screenshots."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from cardtable import Match
from tests.support import browser as support
from tests.support.browser import Room, doc_shot
from tests.support.layout import Table, ended, positions, rc_deal, refusal, serve

pytestmark = support.needs_chromium

SIZES: dict[str, ViewportSize] = {
    "360x640": {"width": 360, "height": 640},
    "390x844": {"width": 390, "height": 844},
    "1366x768": {"width": 1366, "height": 768},
}
GAMES = ("royal-casino", "buck-euchre", "rummy-500", "queen-city-rum")
RUMMY = {
    "hand": ".tray .rummy-hand .card",
    "stock": ".rummy-piles .stock",
    "discard pile": ".discard-pile .card",
    "melds": ".rummy-melds .meld",
}
# The cards each game's decisions need, by what they are.
NEEDED: dict[str, dict[str, str]] = {
    "royal-casino": {
        "hand": ".tray .rc-hand .card",
        "table": ".rc-table .table-cards > .card, .rc-table .table-cards > .build",
    },
    "buck-euchre": {
        "hand": ".tray .be-hand .hand .card",
        "trick": ".be-trick .slot .card",
        "upcard": ".be-trick .middle .card",
        "bids": ".tray .move-bar button.move",  # a bid is made only with its button
    },
    "rummy-500": RUMMY,
    "queen-city-rum": RUMMY,
}
# What a state's decision adds: Rummy 500's call is made with its button, on the card of the
# discard pile it names; a dig is chosen by tapping a card deep in the pile, and taken with the
# button that then offers it (with the cards above it).
EXTRA = {
    "call": {"call": ".tray .move-bar button.move[data-action^='rummy']"},
    "dig": {"take": ".tray .move-bar button.move[data-action^='take']"},
}
# What must be on the board in a state (the rest is checked wherever it is drawn).
PRESENT = {
    "turn": {"hand"},
    "trick": {"hand", "trick"},
    "call": {"hand", "discard pile", "call"},
    "dig": {"hand", "discard pile", "take"},
}
DEEPEST_TAKE = ".discard-pile .card[data-action^='take']"

CHECK = """(needed) => {
  const bad = [];
  const found = {};
  for (const [what, sel] of Object.entries(needed)) {
    const nodes = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length);
    found[what] = nodes.length;
    for (const e of nodes) {
      const r = e.getBoundingClientRect();
      const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (inside && hit && (hit === e || e.contains(hit))) continue;
      bad.push({ what, top: Math.round(r.top), bottom: Math.round(r.bottom),
        left: Math.round(r.left), right: Math.round(r.right),
        covered_by: hit ? `${hit.tagName}.${hit.className}` : null });
    }
  }
  const tray = document.querySelector('.tray');
  const opaque = !tray || /^rgb\\(/.test(getComputedStyle(tray).backgroundColor);
  const header = document.querySelector('header.top').getBoundingClientRect().height;
  const beyond = (e) => e.getBoundingClientRect().right > innerWidth + 1;
  const wide = document.documentElement.scrollWidth <= innerWidth ? true
    : [...document.querySelectorAll('body *')].filter(beyond).slice(0, 3)
        .map((e) => `${e.tagName}.${e.className}`).join(' ');
  return { bad, found, opaque, header, wide };
}"""


@cache
def matches(game: str) -> dict[str, Match]:
    return {name: make() for name, make in positions(game).items()}


def tables(game: str) -> Iterator[tuple[str, Table]]:
    """Every state of ``game`` to check, each as a fresh table (a summary not yet dismissed)."""
    for name, m in matches(game).items():
        yield name, Table(game, m, last=ended(m) if name == "summary" else None)
    turn = matches(game)["turn"]
    yield "refusal", Table(game, turn, refused=refusal(turn))
    yield "away", Table(game, turn, away=True)


def context_for(browser: Browser, lang: str) -> BrowserContext:
    context = browser.new_context(viewport=SIZES["360x640"])
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('cardtable.lang', '{lang}')")
    return context


def check(p: Page, room: Room, table: Table, size: str, state: str) -> dict[str, Any]:
    p.set_viewport_size(SIZES[size])
    serve(p, table)
    p.goto(f"{room.base}/table/{table.id}")
    p.wait_for_selector(f"#area[data-version='{table.match.action_count}'] .tray")
    if table.refused:  # a move typed as a person would, and refused
        p.evaluate(
            "(text) => { document.querySelector('#typed-input').value = text;"
            " document.querySelector('#typed').requestSubmit(); }",
            table.refused["tried"],
        )
        p.wait_for_selector("#error:not([hidden])")
    if table.away:
        p.wait_for_selector(".seat-marks .takeover")
    if state == "dig":  # the deepest card that may be taken, tapped as a person would
        p.locator(DEEPEST_TAKE).first.click()
        p.wait_for_selector(EXTRA["dig"]["take"])
    p.wait_for_function(
        "() => document.fonts.status === 'loaded' && [...document.images].every((i) => i.complete)"
    )
    p.evaluate("window.scrollTo(0, 0)")
    result: dict[str, Any] = p.evaluate(CHECK, {**NEEDED[table.game], **EXTRA.get(state, {})})
    return result


@pytest.mark.parametrize("game", GAMES)
def test_the_cards_a_decision_needs_are_on_screen(room: Room, browser: Browser, game: str) -> None:
    problems: list[object] = []
    errors: list[str] = []
    for lang in ("en", "pa", "tl"):
        context = context_for(browser, lang)
        try:
            for state, table in tables(game):
                for size in SIZES if lang == "en" else ["360x640"]:
                    p = context.new_page()
                    p.on("pageerror", lambda e: errors.append(str(e)))
                    table = Table(
                        game, table.match, table.refused, table.away, table.last
                    )  # a fresh id
                    got = check(p, room, table, size, state)
                    where = (lang, size, state)
                    for what in PRESENT.get(state, {"hand"}):
                        if not got["found"].get(what):
                            problems.append((*where, f"no {what} drawn"))
                    problems.extend((*where, b) for b in got["bad"])
                    if not got["opaque"]:
                        problems.append((*where, "the tray is not opaque"))
                    if got["wide"] is not True:
                        problems.append((*where, f"the page scrolls sideways: {got['wide']}"))
                    if size == "360x640" and got["header"] > 60:
                        problems.append((*where, f"header {got['header']}px high"))
                    if size == "360x640" and lang != "en":
                        doc_shot(p, f"layout-{game}-{state}-{lang}-{size}")
                    elif got["bad"]:
                        doc_shot(p, f"layout-failed-{game}-{state}-{lang}-{size}")
                    p.close()
        finally:
            context.close()
    assert not errors, errors
    assert not problems, "\n".join(map(str, problems))


def test_the_partner_sits_across(room: Room, browser: Browser) -> None:
    """Royal Casino for four is played in partnerships (RC-1): the partner (seat 3 for seat 1)
    is drawn across the table, between the two opponents and level with them, marked as the
    partner, at a phone's width and a laptop's."""
    m = rc_deal(4)
    context = context_for(browser, "en")
    try:
        for size in ("360x640", "1366x768"):
            p = context.new_page()
            table = Table("royal-casino", m)
            p.set_viewport_size(SIZES[size])
            serve(p, table)
            p.goto(f"{room.base}/table/{table.id}")
            p.wait_for_selector(".rc-seat[data-seat]")
            boxes = p.evaluate(
                "() => [...document.querySelectorAll('.rc-seat[data-seat]')].map((e) => {"
                " const r = e.getBoundingClientRect(); return {seat: Number(e.dataset.seat),"
                " x: r.left + r.width / 2, top: Math.round(r.top),"
                " partner: Boolean(e.querySelector('.badge.partner'))}; })"
            )
            by_x = sorted(boxes, key=lambda b: b["x"])
            assert by_x[1]["seat"] == 2, (size, boxes)  # between seats 1 and 3, either way round
            assert len({b["top"] for b in boxes}) == 1, (size, boxes)  # one row
            assert [b["partner"] for b in by_x] == [False, True, False], size
            p.close()
    finally:
        context.close()
