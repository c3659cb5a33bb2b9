"""What the browser tests share: the real card room started as a subprocess on a free loopback
port with a temporary SQLite file, Debian's Chromium driven by Playwright, pages that fail the
test on any uncaught script error or untranslated key, screenshots saved under
``artifacts/screenshots/``, and small helpers to act through the page as a player would.

The tests skip (with that reason) only where ``/usr/bin/chromium`` is absent; CI installs it.
Every wait is bounded: Playwright's timeouts and an explicit deadline in every loop.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Page, ViewportSize
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.server import serving

ROOT = Path(__file__).parent.parent.parent
CHROMIUM = Path("/usr/bin/chromium")
SHOTS = ROOT / "artifacts" / "screenshots"
DOCS_SHOTS = ROOT / "docs" / "screenshots"  # the pictures docs/client.md describes
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 375, "height": 667}
BOT_DELAY = 0.05
# Every test of a process shares one room and one address: the per-address limits
# (docs/security.md) are lifted so that they never decide a browser test.
LIFTED = ("--http-rate", "10000", "--create-per-minute", "100000", "--create-burst", "100000",
          "--max-tables-per-client", "100000", "--max-bot-tables-per-client", "100000",
          "--max-search-tables-per-client", "100000", "--max-sockets-per-client", "100000",
          "--max-handshakes-per-client", "100000", "--people-per-minute", "100000",
          "--people-burst", "100000")  # fmt: skip

# Outside CI a machine without Chromium skips the browser tests; CI sets
# CARDTABLE_REQUIRE_CHROMIUM so a missing browser fails there instead of passing quietly.
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CARDTABLE_REQUIRE_CHROMIUM"),
    reason="Debian's Chromium (/usr/bin/chromium) is not installed",
)


class Deadline:
    """A time limit for a loop: ``check()`` fails the test once it has passed."""

    def __init__(self, seconds: float, what: str) -> None:
        self.end = time.monotonic() + seconds
        self.what = what

    def check(self) -> None:
        assert time.monotonic() < self.end, f"took too long: {self.what}"


@dataclass
class Room:
    """The running card room: its address and the JSON API."""

    base: str
    http: httpx2.Client = field(default_factory=lambda: httpx2.Client(timeout=30))

    def create(
        self, game: str, seats: list[str], players: int | None = None, **options: Any
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"game": game, "seats": seats, "options": options}
        if players is not None:
            body["players"] = players
        r = self.http.post(f"{self.base}/api/tables", json=body)
        assert r.status_code == 201, r.text
        answer: dict[str, Any] = r.json()
        return answer

    def get(self, path: str) -> Any:
        r = self.http.get(f"{self.base}{path}")
        assert r.status_code == 200, r.text
        return r.json()

    def levels(self, game: str) -> list[str]:
        games = self.get("/api/games")["games"]
        levels: list[str] = next(g["bot_levels"] for g in games if g["id"] == game)
        return levels

    def bot(self, game: str) -> str:
        """The computer level for opponents: the rule-of-thumb player if offered, else random."""
        return "heuristic" if "heuristic" in self.levels(game) else "random"


@contextmanager
def running_room(directory: Path) -> Iterator[Room]:
    """``cardtable serve`` on a free loopback port with a fresh SQLite file."""
    options = ("--bot-delay", str(BOT_DELAY), "--takeover-seconds", "0", *LIFTED)
    with serving(directory / "room.db", *options) as (_, base):
        room = Room(base)
        yield room
        room.http.close()


def missing_keys(p: Page) -> list[str]:
    if not p.url.startswith("http"):
        return []
    try:
        found: list[str] = p.evaluate("import('/static/i18n.js').then((m) => [...m.missing])")
    except Exception:
        return []
    return found


# -- acting through the page -------------------------------------------------------------------
def shot(p: Page, name: str) -> Path:
    """Save a full-page screenshot as a test artifact."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    p.screenshot(path=str(path), full_page=True)
    return path


def doc_shot(p: Page, name: str) -> Path:
    """A PNG of the first screen (what a person sees without scrolling): a test artifact, or
    with ``CARDTABLE_SCREENSHOTS=docs`` the committed picture in ``docs/screenshots`` (so a
    test run leaves the checkout as it was)."""
    where = DOCS_SHOTS if os.environ.get("CARDTABLE_SCREENSHOTS") == "docs" else SHOTS
    where.mkdir(parents=True, exist_ok=True)
    path = where / f"{name}.png"
    p.screenshot(path=str(path))
    return path


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The interface texts of one language, as the pages load them."""
    found: dict[str, str] = json.loads(
        (ROOT / f"cardtable/server/static/i18n/{lang}.json").read_text("utf-8")
    )
    return found


def text(lang: str, key: str, **params: Any) -> str:
    """A message as a page in ``lang`` fills it (English where ``lang`` has no such key)."""
    found = catalogue(lang).get(key, catalogue("en")[key])
    for name, value in params.items():
        found = found.replace("{" + name + "}", str(value))
    return found


def set_language(p: Page, code: str) -> None:
    p.evaluate("(code) => localStorage.setItem('cardtable.lang', code)", code)


def open_settings(p: Page) -> None:
    """The table page's settings in sight: behind "⋯" where they do not fit beside the title
    on the header's one line (header.js), they are opened first."""
    # The header is fitted again as the fonts, the title and the seat's words arrive, so "⋯"
    # can go (the settings fit inline after all) between a look and a click: click it only
    # while it is there, until the settings are in sight either way.
    toggle, settings = p.locator("#prefs-toggle"), p.locator("#language")
    deadline = time.monotonic() + 15
    while not settings.is_visible():
        assert time.monotonic() < deadline, "the page's settings never came into sight"
        if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
            try:
                toggle.click(timeout=2_000)
            except PlaywrightTimeout:
                continue  # it went while being clicked: look again
        p.wait_for_timeout(50)


def play_again(first: Page, second: Page, table: str, offered: str | None = None) -> str:
    """At the finished ``table``, ``first`` presses "Play again" and lands on the next table;
    ``second`` is offered it live (``offered`` among the offer's words, if given), presses
    "Join the rematch" and lands there too; each plays the seat it had (seats 1 and 2).
    Returns the next table's id."""
    first.click("#again")
    first.wait_for_url(lambda url: table not in url)
    new_table = first.url.rsplit("/", 1)[-1]
    second.wait_for_selector("#again-links .offer")
    if offered is not None:
        assert offered in second.inner_text("#again-links")
    assert second.inner_text("#again") == "Join the rematch"
    second.click("#again")
    second.wait_for_url(lambda url: new_table in url)
    for seat, p in enumerate((first, second)):
        p.wait_for_selector("#area[data-version]")
        assert p.inner_text("#role") == f"You play seat {seat + 1}"
    return new_table


def version(p: Page) -> int:
    text = p.get_attribute("#area", "data-version")
    return int(text) if text else -1


def wait_my_turn_or_over(p: Page, timeout: float = 15) -> str:
    """Wait until this seat is to move (``"turn"``) or the match is over (``"over"``)."""
    p.wait_for_function(
        "() => document.querySelector('#turn').classList.contains('mine')"
        " || !document.querySelector('#over').hidden",
        timeout=timeout * 1000,
    )
    return "over" if p.is_visible("#over") else "turn"


def legal_actions(p: Page) -> list[str]:
    """The moves the page offers now (the typed move box completes exactly these)."""
    found: list[str] = p.eval_on_selector_all("#typed-list option", "os => os.map(o => o.value)")
    return found


def choose_by_click(p: Page) -> str:
    """Make this seat's Buck Euchre move by clicking as a player would: a highlighted card if
    cards are what is played now, else pass, stay or the first button. Returns the move's
    notation."""
    card = p.locator(".be-hand button.card.playable")
    if card.count():
        action = card.first.get_attribute("data-action")
        assert action is not None
        card.first.click()
        return action
    offered = [
        b.get_attribute("data-action") or "" for b in p.locator("#area .move-bar button.move").all()
    ]
    assert offered, "no move offered on the page at this seat's turn"
    assert sorted(offered) == sorted(legal_actions(p))  # every legal decision is a button
    action = next((a for a in ("pass", "stay") if a in offered), offered[0])
    p.click(f'#area .move-bar button.move[data-action="{action}"]')
    return action


def wait_new_version(p: Page, before: int, timeout: float = 10) -> int:
    """Wait until a state after ``before`` is drawn; polled on a timer, not on animation
    frames, which a busy machine can hold back far behind the bots' moves."""
    p.wait_for_function(
        "(v) => Number(document.querySelector('#area').dataset.version) > v",
        arg=before,
        polling=200,
        timeout=timeout * 1000,
    )
    return version(p)


def send_offered(p: Page, action: str, screenshot: str | None = None) -> None:
    """Send ``action`` from the move bar, once the page offers exactly it, shown in notation
    before it is sent (a picture of that moment when ``screenshot`` names one)."""
    offered = p.locator(f'#area .move-bar button.move[data-action="{action}"]')
    assert offered.count() == 1, (action, legal_actions(p))
    assert offered.locator("code.notation").inner_text() == action
    if screenshot:
        shot(p, screenshot)
    before = version(p)
    offered.click()
    wait_played(p, action, before)


def wait_played(p: Page, action: str, before: int, timeout: float = 10) -> None:
    """Until the page's move log shows this seat's move ``action`` played after version
    ``before`` (the log keeps it while the computer players move on)."""
    try:
        p.wait_for_function(
            "([a, v]) => [...document.querySelectorAll('#log li')].some((li) =>"
            " li.dataset.action === a && li.dataset.seat === '0'"
            " && Number(li.dataset.version) > v)",
            arg=[action, before],
            timeout=timeout * 1000,
        )
    except Exception as e:
        shot(p, "failed-move")
        state = p.evaluate(
            "() => ({last: {...document.querySelector('#last-move').dataset},"
            " error: document.querySelector('#error').innerText,"
            " turn: document.querySelector('#turn').innerText,"
            " version: document.querySelector('#area').dataset.version})"
        )
        raise AssertionError(f"{action!r} after version {before} was not played: {state}") from e
