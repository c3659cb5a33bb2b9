"""A passkey added and used to sign in (docs/clubs.md), with Chromium's virtual authenticator
(the DevTools protocol's ``WebAuthn`` domain) standing in for a phone's screen lock: a named
player adds one on their page; the browser then forgets them (cookies cleared), and the
passkey signs them in again as the same player. Over plain HTTP on a host that is not
localhost the room offers none."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from playwright.sync_api import Browser

from tests.support import browser as support
from tests.support.browser import LIFTED, shot
from tests.support.server import serving

pytestmark = support.needs_chromium


@pytest.fixture
def localhost(tmp_path: Path) -> Iterator[str]:
    """The room addressed as localhost, where browsers allow passkeys over plain HTTP."""
    with serving(tmp_path / "room.db", "--takeover-seconds", "0", *LIFTED) as (_, base):
        yield base.replace("127.0.0.1", "localhost")


def test_a_passkey_added_then_signs_the_player_in_again(browser: Browser, localhost: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("WebAuthn.enable")
        added = cdp.send(
            "WebAuthn.addVirtualAuthenticator",
            {
                "options": {
                    "protocol": "ctap2",
                    "transport": "internal",
                    "hasResidentKey": True,
                    "hasUserVerification": True,
                    "isUserVerified": True,
                    "automaticPresenceSimulation": True,
                }
            },
        )
        page.goto(f"{localhost}/me")
        page.fill("#name-form input", "Ligaya")
        page.click("#name-form button")
        page.wait_for_selector("#passkey-add")
        first = page.evaluate("() => fetch('/api/me').then((r) => r.json())")["player"]
        page.click("#passkey-add")
        page.wait_for_selector("#passkey-said.ok")
        creds = cdp.send("WebAuthn.getCredentials", {"authenticatorId": added["authenticatorId"]})
        assert len(creds["credentials"]) == 1 and creds["credentials"][0]["isResidentCredential"]
        shot(page, "clubs-passkey-added-390")
        # the same device again: the room lists its passkey to exclude, the browser refuses
        # (in its own English), and the page says why in the page's language
        support.set_language(page, "tl")
        page.reload()
        page.wait_for_selector("#passkey-add")
        page.click("#passkey-add")
        page.wait_for_selector("#passkey-said.error")
        assert page.inner_text("#passkey-said") == support.text("tl", "passkey.already")
        support.set_language(page, "en")

        context.clear_cookies()  # the browser forgets the player
        page.reload()
        page.wait_for_selector("#passkey-signin")
        assert page.evaluate("() => fetch('/api/me').then((r) => r.json())")["player"] is None
        page.click("#passkey-signin")
        page.wait_for_selector("#rename")
        again = page.evaluate("() => fetch('/api/me').then((r) => r.json())")["player"]
        assert again == first  # the same player, by the passkey alone
        assert page.inner_text(".my-name") == "Ligaya"
    finally:
        context.close()
    # not localhost and not HTTPS: no passkey ceremony is offered
    plain = localhost.replace("localhost", "127.0.0.1")
    r = httpx2.post(f"{plain}/api/passkeys/options")
    assert r.status_code == 400 and r.json()["key"] == "passkey.unavailable"
