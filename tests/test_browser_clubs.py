"""The clubs story in the browser (docs/clubs.md): three people in three browsers (two phones
at 390×844 and a laptop at 1366×768; Punjabi, Tagalog and English) name themselves; one makes
a club and invites the others; they play a 4-seat Royal Casino with one computer (seated by
name from the club page, no links) and a Rummy 500, each to the end; the club page lists both
matches, replays them with names, and shows standings for every member, which the test
recomputes with ``openskill`` from the stored results; a second device signs in by a
one-time link and sees the same history. Also: a revoked invite is refused in the page, a
non-member is refused the club page, and hostile names are shown as text only."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from cardtable.server import clubs
from cardtable.server.store import make_engine
from tests.support import browser as support
from tests.support.browser import LIFTED, Deadline, legal_actions, shot, text
from tests.support.server import serving

pytestmark = support.needs_chromium

PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PEOPLE = [("Asha ਕੌਰ", "pa", PHONE), ("Bayani", "tl", LAPTOP), ("Cora 🃏", "en", PHONE)]


@pytest.fixture
def club_room(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A room of its own: the computers move at once, and the store is read by the test."""
    db = tmp_path / "room.db"
    with serving(db, "--bot-delay", "0", "--takeover-seconds", "0", *LIFTED) as (_, base):
        yield base, db


def person(
    browser: Browser, base: str, name: str, lang: str, size: Any
) -> tuple[BrowserContext, Page]:
    """A new browser (context) in its language that names itself in the lobby."""
    context = browser.new_context(viewport=size, locale=lang)
    page = context.new_page()
    page.goto(base + "/")
    support.set_language(page, lang)
    page.reload()
    page.wait_for_selector("#me-box form")
    page.fill("#me-box input[name=name]", name)
    page.click("#me-box button[type=submit]")
    page.wait_for_selector("#me-link")
    assert page.inner_text("#me-box .my-name") == name
    cookies = context.cookies()
    key = next(c for c in cookies if c["name"] == "cardtable_player")
    assert key["httpOnly"] and key["sameSite"] == "Lax"
    assert key["value"] not in page.url and key["value"] not in page.content()
    return context, page


def rummy_pick(legal: list[str], rnd: random.Random) -> str:
    """A quick policy that ends a short Rummy 500 hand: meld, lay off or go out whenever
    possible (the longest such action), else draw from the stock, else a random discard."""
    other = [a for a in legal if not a.startswith(("draw", "take", "discard"))]
    if other:
        return max(other, key=len)
    if "draw" in legal:
        return "draw"
    return rnd.choice(legal)


def play_all(pages: list[Page], pick: Any, seconds: float) -> None:
    """Every person plays at their turn (typed as notation) until every page shows the end."""
    deadline = Deadline(seconds, "the match did not end")
    while True:
        deadline.check()
        over = 0
        for p in pages:
            if p.is_visible("#over"):
                over += 1
                continue
            if not p.evaluate("() => document.querySelector('#turn').classList.contains('mine')"):
                continue
            legal = legal_actions(p)
            if not legal:
                continue
            before = support.version(p)
            p.evaluate("() => document.querySelector('#typed-box').open = true")
            p.fill("#typed-input", pick(legal))
            p.press("#typed-input", "Enter")
            try:
                p.wait_for_function(
                    "(v) => Number(document.querySelector('#area').dataset.version) > v"
                    " || !document.querySelector('#over').hidden",
                    arg=before,
                    timeout=10_000,
                )
            except Exception:
                shot(p, "clubs-stuck")
                raise
        if over == len(pages):
            return
        time.sleep(0.05)


def recompute(results: list[Any]) -> dict[tuple[str, str], tuple[float, float]]:
    """The standings computed with openskill itself from the stored results."""
    model = PlackettLuce()
    known: dict[tuple[str, str], Any] = {}
    for r in sorted(results, key=lambda r: (r.finished_at, r.table_id)):
        teams = [[known.get((r.game, e)) or model.rating() for e in side] for side in r.teams]
        rated = model.rate(teams, ranks=[float(x) for x in r.ranks])
        for side, new_side in zip(r.teams, rated, strict=True):
            for e, new in zip(side, new_side, strict=True):
                if e is not None:
                    known[(r.game, e)] = new
    return {k: (v.mu, v.sigma) for k, v in known.items()}


def test_three_people_a_club_two_matches_standings_and_a_second_device(
    browser: Browser, club_room: tuple[str, Path]
) -> None:
    base, db = club_room
    people = [person(browser, base, name, lang, size) for name, lang, size in PEOPLE]
    (_, asha), (_, bayani), (_, cora) = people
    shot(asha, "clubs-lobby-named-390")

    # Asha makes the club and an invite; the others join by the link
    asha.click("#me-link")
    asha.wait_for_selector("#new-club")
    asha.fill("#new-club input", "Sunday Casino <b>")
    asha.click("#new-club button")
    asha.wait_for_selector("#invite-make")
    assert asha.inner_text("#title") == "Sunday Casino <b>"  # text, never markup
    asha.click("#invite-make")
    asha.wait_for_selector("#invite-link")
    link = asha.input_value("#invite-link")
    asha.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    asha.click("#invite-out button.copy")  # handed on as a seat link is, by Copy
    expect(asha.locator("#invite-out button.copy")).to_have_text(text("pa", "lobby.copied"))
    assert asha.evaluate("navigator.clipboard.readText()") == link
    for p in (bayani, cora):
        p.goto(link)
        p.click("#invite-join")
        p.wait_for_selector("#members")
    club = asha.url.rsplit("/", 1)[1]
    asha.reload()
    asha.wait_for_function("() => document.querySelectorAll('#members li').length === 3")

    # a revoked invite is refused where it is opened
    asha.click("#invite-make")
    asha.wait_for_selector("#invite-link")
    revoked = asha.input_value("#invite-link")
    asha.locator("#invites li button").last.click()
    asha.wait_for_function("() => document.querySelectorAll('#invites li').length === 1")
    stranger = browser.new_context(viewport=PHONE)
    try:
        s = stranger.new_page()
        s.goto(revoked)
        s.fill("#name-form input", "Dana")
        s.click("#name-form button")
        s.wait_for_selector("#invite-refused")
        # the link carries Asha's language (?lang=pa), so the stranger reads Punjabi too
        assert text("pa", "club.invite_gone") in s.inner_text("#invite-refused")
        s.goto(f"{base}/club/{club}")  # not a member: refused, nothing of the club shown
        s.wait_for_selector("#club-refused")
        assert "Sunday" not in s.content()
    finally:
        stranger.close()

    # how long a match is: Buck Euchre's starting score, another game's target
    asha.select_option("#club-game", "buck-euchre")
    length = asha.locator("#club-target >> xpath=..")
    assert length.inner_text().strip() == text("pa", "option.start")  # Asha reads Punjabi
    assert asha.input_value("#club-target") == "25"
    # Royal Casino, four seats: the three by name and a computer, from the club's form
    asha.select_option("#club-game", "royal-casino")
    assert length.inner_text().strip() == text("pa", "option.target")
    asha.select_option("#club-players", "4")
    asha.fill("#club-target", "4")
    seats = asha.locator("#club-seats select")
    assert seats.count() == 4
    seats.nth(3).select_option("kind:heuristic")
    asha.click("#club-table button[type=submit]")
    asha.wait_for_url("**/table/*")
    rc_table = asha.url.rsplit("/", 1)[1]
    # Bayani, back at the lobby, finds the table he sits at by name under "Your tables"
    bayani.goto(f"{base}/")
    bayani.wait_for_selector(f"#mine li[data-table='{rc_table}'] a.open-seat")
    for p in (bayani, cora):
        p.goto(f"{base}/club/{club}")
        p.click(f"#live li[data-table='{rc_table}'] a")
        p.wait_for_url(f"**/table/{rc_table}")
    for p in (asha, bayani, cora):
        p.wait_for_selector("#area[data-version]")
    assert "Bayani" in asha.inner_text("body") and "Cora 🃏" in bayani.inner_text("body")
    shot(asha, "clubs-table-rc-390")
    play_all([asha, bayani, cora], lambda legal: legal[0], 240)
    shot(bayani, "clubs-rc-over-1366")

    # Rummy 500, the three of them: a short one (three cards each, first to score wins)
    made = asha.evaluate(
        """([club, ids]) => fetch(`/api/clubs/${club}/tables`, {method: 'POST',
             headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({game: 'rummy-500', players: 3,
               options: {target: 1, hand_size: 3}, seats: ids.map((id) => ({player: id}))})})
           .then((r) => r.json())""",
        [
            club,
            [
                m["id"]
                for m in asha.evaluate(f"fetch('/api/clubs/{club}').then(r => r.json())")["members"]
            ],
        ],
    )
    r5_table = made["table"]["id"]
    for p in (asha, bayani, cora):
        p.goto(f"{base}/table/{r5_table}")
        p.wait_for_selector("#area[data-version]")
    rnd = random.Random(7)
    play_all([asha, bayani, cora], lambda legal: rummy_pick(legal, rnd), 300)

    # the club page: both matches, replays with names, standings for every member
    cora.goto(f"{base}/club/{club}")
    cora.wait_for_selector(".standings")
    finished = cora.locator(".match-list li")
    assert {finished.nth(i).get_attribute("data-table") for i in range(finished.count())} == {
        rc_table, r5_table}  # fmt: skip
    for g in ("royal-casino", "rummy-500"):
        names = cora.locator(f".standings[data-game='{g}'] tbody th").all_inner_texts()
        assert {"Asha ਕੌਰ", "Bayani", "Cora 🃏"} <= set(names), (g, names)
    shot(cora, "clubs-club-page-390")
    bayani.goto(f"{base}/club/{club}")
    bayani.wait_for_selector(".standings")
    shot(bayani, "clubs-club-page-1366")
    bayani.click(f".match-list li[data-table='{rc_table}'] a[href*='replay']")
    bayani.wait_for_selector("#step")
    bayani.click("#last")
    bayani.wait_for_function("() => document.querySelector('#everyone').innerText.includes('Asha')")
    shot(bayani, "clubs-replay-1366")

    engine = make_engine(f"sqlite:///{db}")
    try:
        stored = clubs.stored_ratings(engine)
        results = [r for _, r in clubs.results(engine, club)]
    finally:
        engine.dispose()
    assert len(results) == 2
    assert {(g, e): (mu, sigma) for (_, g, e), (mu, sigma, _, _) in stored.items()} == recompute(
        results
    )

    # a second device for Cora: a one-time link from her page, opened in a new browser
    cora.goto(f"{base}/me")
    cora.click("#signin-link")
    cora.wait_for_selector("#signin-out img.qr")
    one_time = cora.input_value("#signin-url")
    laptop = browser.new_context(viewport=LAPTOP)
    try:
        second = laptop.new_page()
        second.goto(one_time)
        second.wait_for_url("**/me")
        second.wait_for_selector(".match-list")
        tables = second.locator(".match-list li")
        assert {tables.nth(i).get_attribute("data-table") for i in range(tables.count())} == {
            rc_table, r5_table}  # fmt: skip
        shot(second, "clubs-second-device-1366")
        again = laptop.new_page()
        again.goto(one_time)  # used once already
        again.wait_for_selector("#signin-refused")
    finally:
        laptop.close()
    for context, p in people:
        assert support.missing_keys(p) == []
        context.close()


def test_a_guest_names_their_seat_and_hostile_names_stay_text(
    browser: Browser, club_room: tuple[str, Path]
) -> None:
    """A guest by seat link (no player) names the seat from the table page; markup in a name
    is shown as text to everyone; a name with a direction override is refused, said in the
    page's language."""
    base, _ = club_room
    import httpx2

    made = httpx2.post(
        f"{base}/api/tables",
        json={"game": "royal-casino", "players": 2, "seats": ["human", "heuristic"]},
    ).json()
    context = browser.new_context(viewport=PHONE)
    watcher = browser.new_context(viewport=LAPTOP)
    try:
        guest = context.new_page()
        guest.goto(made["links"]["0"])
        guest.wait_for_selector("#area[data-version]")
        guest.click("#guest-name summary")
        guest.fill("#guest-form input", "<img src=x onerror=alert(1)>")
        guest.click("#guest-form button")
        table = made["table"]["id"]
        deadline = Deadline(10, "the guest's name was not stored")
        while httpx2.get(f"{base}/api/tables/{table}").json()["seats"][0]["name"] is None:
            deadline.check()
            time.sleep(0.1)
        w = watcher.new_page()
        w.goto(made["watch"])
        w.wait_for_function(
            "() => document.body.innerText.includes('<img src=x onerror=alert(1)>')"
        )
        assert w.locator("img[src='x']").count() == 0  # text, never an element
        shot(w, "clubs-guest-name-text-1366")
        w.goto(base + "/")  # the lobby's list names the seat too
        w.wait_for_function(
            "() => [...document.querySelectorAll('.seat-summary')]"
            ".some((e) => e.textContent.includes('<img src=x onerror=alert(1)>'))"
        )
        assert w.locator("img[src='x']").count() == 0
        guest.click("#guest-name summary")
        guest.fill("#guest-form input", "\u202eevil")
        guest.click("#guest-form button")
        guest.wait_for_selector("#guest-form .error:not([hidden])")
        assert "direction" in guest.inner_text("#guest-form .error")
    finally:
        context.close()
        watcher.close()
