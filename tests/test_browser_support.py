"""What the browser tests share: the real card room started as a subprocess on a free loopback
port with a temporary SQLite file, Debian's Chromium driven by Playwright, pages that fail the
test on any uncaught script error or untranslated key, screenshots saved under
``artifacts/screenshots/``, and small helpers to act through the page as a player would.

The tests skip (with that reason) only where ``/usr/bin/chromium`` is absent; CI installs it.
Every wait is bounded: Playwright's timeouts and an explicit deadline in every loop.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from tests.server_process import serving

ROOT = Path(__file__).parent.parent
CHROMIUM = Path("/usr/bin/chromium")
SHOTS = ROOT / "artifacts" / "screenshots"
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
          "--max-handshakes-per-client", "100000")  # fmt: skip

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


# -- fixtures (each test module binds them by assignment: ``room = support.room``) ---------------
# A fixture function bound in several modules counts as one fixture per module, so the room,
# Playwright and the browser are made once per test process here and closed when it exits.
_shared: dict[str, Any] = {}


def _stop_shared() -> None:
    browser = _shared.pop("browser", None)
    if browser is not None:
        browser.close()
    driver = _shared.pop("playwright", None)
    if driver is not None:
        driver.stop()
    room = _shared.pop("room", None)
    if room is not None:
        room.__exit__(None, None, None)
    directory = _shared.pop("directory", None)
    if directory is not None:
        shutil.rmtree(directory, ignore_errors=True)


def shared_room() -> Room:
    if "room" not in _shared:
        atexit.register(_stop_shared)
        _shared["directory"] = Path(tempfile.mkdtemp(prefix="cardtable-browser-"))
        manager = running_room(_shared["directory"])
        found = manager.__enter__()
        _shared["room"] = manager
        _shared["room_value"] = found
    value: Room = _shared["room_value"]
    return value


def shared_browser() -> Browser:
    if "browser" not in _shared:
        atexit.register(_stop_shared)
        driver = sync_playwright().start()
        _shared["playwright"] = driver
        _shared["browser"] = driver.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
    value: Browser = _shared["browser"]
    return value


@pytest.fixture
def room() -> Room:
    return shared_room()


@pytest.fixture
def browser() -> Browser:
    return shared_browser()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh browser profile at desktop size; the test fails on an uncaught script error,
    anything the Content-Security-Policy blocked, or if the page asked for an interface text
    no language has."""
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(15_000)
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.on(
        "console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None
    )
    yield p
    missing = missing_keys(p)
    context.close()
    assert not errors, errors
    assert not missing, f"interface texts with no translation key: {missing}"


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


def set_language(p: Page, code: str) -> None:
    p.evaluate("(code) => localStorage.setItem('cardtable.lang', code)", code)


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


def wait_new_version(p: Page, before: int, timeout: float = 10) -> int:
    p.wait_for_function(
        "(v) => Number(document.querySelector('#area').dataset.version) > v",
        arg=before,
        timeout=timeout * 1000,
    )
    return version(p)


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
