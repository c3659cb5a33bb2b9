"""Small things a real evening at the table runs into (Punjabi and Tagalog pages): the Rummy
call's prompt names the very card its button names (R5-10: a call may reach under the top
discard); a page opened after a hand ended does not cover the board with that old summary;
the turn coming back puts the keyboard focus on the hand."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from playwright.sync_api import Browser, Page

from cardtable.core.match import Match
from tests.support import browser as support
from tests.support.browser import DESKTOP, ROOT, Deadline, Room

pytestmark = support.needs_chromium

PA = json.loads((ROOT / "cardtable/server/static/i18n/pa.json").read_text("utf-8"))


def calling_view() -> Any:
    """A real Rummy 500 view of a seat asked whether to call Rummy (seeded random play)."""
    for seed in range(200):
        m, rng = Match("rummy-500", players=3, seed=seed), random.Random(seed)
        for _ in range(600):
            if m.is_over:
                break
            view = m.view(m.to_move)
            if view["state"].get("phase") == "rummy call" and any(
                a.startswith("rummy ") for a in view["legal_actions"]
            ):
                return view
            m.play(rng.choice(m.legal_actions()))
    raise AssertionError("no Rummy call in 200 seeded matches")


DRAW = """async (view) => {
  const mod = await import('/static/games/rummy-500.js');
  const { t } = await import('/static/i18n.js');
  const { cardElement, cardBack, pretty } = await import('/static/cards.js');
  const { renderGeneric } = await import('/static/render.js');
  const ctx = {
    seat: view.seat, legal: view.legal_actions, play() {}, selected: new Set(), toggle() {},
    t, cardElement, cardBack, renderGeneric, table: 'x', version: 1, last: null, hint: null,
  };
  const box = document.createElement('div');
  document.body.append(box);
  mod.render(box, view, ctx);
  const calls = view.legal_actions.filter((a) => a.startsWith('rummy '))
    .map((a) => pretty(a.split(' ')[1]));
  return {
    prompt: box.querySelector('.move-bar .prompt').textContent,
    buttons: [...box.querySelectorAll('.move-bar button[data-action^="rummy "] .words')]
      .map((b) => b.textContent),
    calls,
  };
}"""


def test_the_rummy_call_prompt_names_the_card_its_button_names(room: Room, page: Page) -> None:
    page.goto(room.base + "/")
    support.set_language(page, "pa")
    page.reload()
    drawn = page.evaluate(DRAW, calling_view())
    assert drawn["calls"] and len(drawn["buttons"]) == len(drawn["calls"])
    for card in drawn["calls"]:
        assert card in drawn["prompt"]  # "6♠, Jo ਖੇਡਿਆ ਜਾ ਸਕਦਾ ਹੈ: …"
        assert any(card in b for b in drawn["buttons"])
    assert drawn["prompt"].endswith(str(PA["rummy.prompt.call_on"]).split("{card}")[1])


def test_a_new_tab_does_not_show_an_old_hand_summary(room: Room, browser: Browser) -> None:
    created = room.create("queen-city-rum", ["heuristic", "heuristic"], players=2, target=500)
    table = created["table"]["id"]
    deadline = Deadline(90, "a move of the second hand")
    while True:  # the first hand is over and the second has begun
        deadline.check()
        found = room.get(f"/api/tables/{table}")
        if found["hand_number"] >= 2:
            break
        time.sleep(0.2)
    ended = found["version"]  # the action that ended the first hand, or a later one
    while room.get(f"/api/tables/{table}")["version"] <= ended:
        deadline.check()  # a move of the second hand: the first hand's end is old news
        time.sleep(0.2)
    # The host pauses the match here: left running, the computers could finish it (about 300
    # moves at 0.05 s) before a busy machine's page is drawn, and the last hand's summary,
    # news then, would be up.
    paused = room.http.post(
        f"{room.base}/api/tables/{table}/pause", json={"owner": created["owner"], "paused": True}
    )
    assert paused.status_code == 200, paused.text
    found = room.get(f"/api/tables/{table}")
    assert found["status"] == "running" and found["hand_number"] >= 2
    version = found["version"]
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script("localStorage.setItem('cardtable.lang', 'tl')")
    try:
        p = context.new_page()
        p.goto(f"{created['watch']}?watch")
        p.wait_for_function(
            "(v) => Number(document.querySelector('#area').dataset.version) >= v", arg=version
        )
        assert p.locator("#hand-end").is_hidden()  # only a hand the latest move ended is news
        assert p.locator("#breakdown details").count() >= 1  # its scoring is still there
        support.shot(p, "new-tab-no-old-summary-tl")
    finally:
        context.close()


def test_the_turn_coming_back_puts_the_focus_on_the_hand(room: Room, page: Page) -> None:
    created = room.create("buck-euchre", ["human", "random", "random", "random"])
    page.goto(room.base + "/")
    support.set_language(page, "pa")
    page.goto(created["links"]["0"])
    assert support.wait_my_turn_or_over(page) == "turn"
    for _ in range(3):  # a move made with the mouse, then the computers play
        before = support.version(page)
        support.choose_by_click(page)
        support.wait_new_version(page, before)
        if support.wait_my_turn_or_over(page) == "over":
            break
        page.wait_for_function(
            "() => document.activeElement && document.activeElement.closest('#area .tray')"
        )
        focused = page.evaluate(
            "() => ({tag: document.activeElement.tagName,"
            " hand: Boolean(document.activeElement.closest('.cards.hand')),"
            " playable: document.activeElement.classList.contains('playable')})"
        )
        assert focused["tag"] == "BUTTON"
        assert focused["hand"] == focused["playable"]  # a playable card of the hand, if any
