"""Fixtures shared by the test modules: a database per test (both backends), and for the
browser tests one card room and one Chromium per test process, with a fresh page per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tests.support.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    Room,
    missing_keys,
    running_room,
)
from tests.support.databases import BACKENDS, postgres_database

# No time limit per example: on a busy two-core machine a property's example can take longer
# than Hypothesis's default 200 ms and fail as "flaky" with nothing wrong in the code.
settings.register_profile("cardtable", deadline=None)
settings.load_profile("cardtable")


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database for the card room: the test runs once on SQLite and once on
    PostgreSQL (``tests/support/databases.py``)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'room.db'}"
    else:
        with postgres_database() as url:
            yield url


@pytest.fixture(scope="session")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    """The card room the browser tests share (a subprocess; its per-address limits lifted)."""
    with running_room(tmp_path_factory.mktemp("browser-room")) as found:
        yield found


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, driven by Playwright."""
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh browser profile at desktop size, for a test that opens several pages in it."""
    found = browser.new_context(viewport=DESKTOP)
    found.set_default_timeout(15_000)
    yield found
    found.close()


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
