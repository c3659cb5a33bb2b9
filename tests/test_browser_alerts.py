"""Turn alerts: with the page hidden (``document.visibilityState`` emulated), another seat's move
makes a short sound, and the turn coming to this seat makes the turn's sound, marks the tab's
title and favicon and shows a system notification (Chromium's notification permission granted);
coming back to the tab takes the marks away. The mute switch silences the sounds (the marks
stay) and is remembered after a reload. Sounds are counted where Web Audio makes them
(``AudioContext.createOscillator``), notifications where the page makes them."""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Browser, Page

from cardtable import Match
from tests.support import browser as support
from tests.support.browser import Room
from tests.support.layout import Table, be_deal, serve

pytestmark = support.needs_chromium

# The page hidden at will, its notifications and its oscillators counted.
SPIES = """
window.__hidden = false;
Object.defineProperty(Document.prototype, 'visibilityState',
  { configurable: true, get() { return window.__hidden ? 'hidden' : 'visible'; } });
Object.defineProperty(Document.prototype, 'hidden',
  { configurable: true, get() { return window.__hidden; } });
window.__notes = [];
const Real = window.Notification;
function Spy(title, options) { window.__notes.push({ title, body: options?.body ?? '' });
  return new Real(title, options); }
Spy.requestPermission = (...a) => Real.requestPermission(...a);
Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
window.Notification = Spy;
window.__tones = 0;
const create = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.__tones += 1; return create.call(this); };
"""


def positions() -> list[tuple[Match, dict[str, Any]]]:
    """A Buck Euchre deal played on by a seeded random player: each position with the move that
    led to it (seat, action)."""
    dice = random.Random(3)
    moves: list[tuple[int, str]] = []
    m = be_deal()
    found: list[tuple[Match, dict[str, Any]]] = []
    for version in range(1, 16):
        seat, action = m.to_move, str(dice.choice(m.legal_actions()))
        assert seat is not None
        m.play(action)
        moves.append((seat, action))
        copy = be_deal()
        for _, a in moves:
            copy.play(a)
        found.append(
            (copy, {"seat": seat, "action": action, "by": "human", "hand": 1, "version": version})
        )
    return found


def pick(found: list[tuple[Match, dict[str, Any]]]) -> list[Table]:
    """In order: not this seat's turn; another seat moved, still not ours; our turn; then again
    another seat's move and our turn (for the muted part)."""
    chosen: list[Table] = []
    want = ["other", "other", "mine", "other", "mine"]
    for m, last in found:
        if len(chosen) == len(want):
            break
        mine = m.to_move == 0
        if mine == (want[len(chosen)] == "mine") and (mine or last["seat"] != 0):
            chosen.append(Table("buck-euchre", m, last=last, id="alerts"))
    assert len(chosen) == len(want)
    return chosen


def push(p: Page, sockets: list[Any], table: Table) -> None:
    sockets[-1].send(json.dumps(table.state()))
    p.wait_for_selector(f"#area[data-version='{table.match.action_count}']")


def icon(p: Page) -> str:
    return p.get_attribute('link[rel="icon"]', "href") or ""


def hide(p: Page, hidden: bool) -> None:
    p.evaluate(
        "(h) => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def test_turn_alerts_while_hidden_and_the_mute_switch(room: Room, browser: Browser) -> None:
    tables = pick(positions())
    context = browser.new_context(viewport=support.DESKTOP, permissions=["notifications"])
    context.set_default_timeout(15_000)
    context.add_init_script(SPIES)
    errors: list[str] = []
    try:
        p = context.new_page()
        p.on("pageerror", lambda e: errors.append(str(e)))
        sockets = serve(p, tables[0])
        p.goto(f"{room.base}/table/alerts")
        p.wait_for_selector(f"#area[data-version='{tables[0].match.action_count}']")
        title = p.title()
        assert p.evaluate("window.__tones") == 0  # the first state of a visit is silent
        assert p.is_checked("#alert-sound")
        support.open_settings(p)
        p.check("#alert-notify")  # permission already granted: remembered as chosen
        hide(p, True)
        push(p, sockets, tables[1])  # another seat moved: one short sound
        assert p.evaluate("window.__tones") == 1
        assert p.title() == title and p.evaluate("window.__notes.length") == 0
        push(p, sockets, tables[2])  # our turn: the turn's two notes, the marks, a notification
        assert p.evaluate("window.__tones") == 3
        assert p.title().startswith("● Your turn · ")
        assert icon(p).endswith("favicon-turn.svg")
        notes = p.evaluate("window.__notes")
        assert [n["title"] for n in notes] == ["Your turn"] and "Buck Euchre" in notes[0]["body"]
        hide(p, False)  # back at the tab: the marks go
        assert p.title() == title
        assert icon(p).endswith("favicon.svg")
        support.open_settings(p)
        p.uncheck("#alert-sound")  # muted: no sound, the marks and the notification still come
        hide(p, True)
        push(p, sockets, tables[3])
        push(p, sockets, tables[4])
        assert p.evaluate("window.__tones") == 3
        assert p.title().startswith("● Your turn · ")
        assert p.evaluate("window.__notes.length") == 2
        hide(p, False)
        p.reload()
        p.wait_for_selector("#area[data-version]")
        assert not p.is_checked("#alert-sound")  # the mute switch is remembered
        assert p.is_checked("#alert-notify")
    finally:
        context.close()
    assert not errors, errors
