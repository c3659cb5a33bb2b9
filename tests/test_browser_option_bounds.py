"""The lobby refuses an option value out of its range, as the library and the API do: its
number inputs take ``min``/``max`` from the game catalogue the API sends (docs/security.md).
Folded away, a refused option unfolds to show itself."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.support import browser as support
from tests.support.browser import Room

pytestmark = support.needs_chromium


def test_lobby_refuses_an_option_out_of_range(room: Room, page: Page) -> None:
    spec = next(
        o
        for g in room.get("/api/games")["games"]
        if g["id"] == "rummy-500"
        for o in g["options"]
        if o["name"] == "target"
    )
    page.goto(room.base + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "rummy-500")
    target = page.locator('[data-option="target"]')
    page.click("#options-box > summary")  # the options fold away until asked for
    assert (target.get_attribute("min"), target.get_attribute("max")) == (
        str(spec["low"]),
        str(spec["high"]),
    )
    before = len(room.get("/api/tables")["tables"])
    for value, flaw in ((spec["high"] + 1, "rangeOverflow"), (spec["low"] - 1, "rangeUnderflow")):
        target.fill(str(value))
        page.click("#options-box > summary")  # folded again: the refusal unfolds it
        assert target.is_hidden()
        page.click("#create button[type=submit]")
        assert target.evaluate(f"i => i.validity.{flaw}")
        assert target.is_visible()
        assert page.locator("#created").is_hidden()
    assert len(room.get("/api/tables")["tables"]) == before  # nothing reached the room
    target.fill(str(spec["high"]))  # the bound itself is allowed
    page.click("#create button[type=submit]")
    page.wait_for_selector("#created", state="visible")
