"""A spectator's page shows no hidden card (C-6).

Four computer players play a short Buck Euchre match (the face-down discard of BE-5 is the
tricky case) while a spectator page watches. The page is sampled as it changes: the state
version it shows, every card element in the table area and every card written in its text,
and every move in its log. After the match the stored record is replayed to each sampled
version and nothing shown may be among the engine's ``hidden(state, None)`` cards then (the
previous hand's last trick, drawn at the start of the next hand, is judged by what was hidden
at that hand's end, as the engine's own leak check does).
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page

from cardtable.core.cards import card_str
from cardtable.core.match import Match
from tests.support import browser as support
from tests.support.browser import Room, shot

pytestmark = support.needs_chromium

SUIT = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
WRITTEN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([♣♦♥♠])")
NOTATION = re.compile(r"(?:[A2-9TJQK][cdhs])")

# Installed in the page: a snapshot of what it shows after every redraw of the table area
# (the observer runs once the page's drawing task is done, so each snapshot is one state).
RECORDER = """() => {
  window.samples = [];
  const area = document.querySelector('#area');
  const old = (el) => el.closest('[data-part="last-hand"]') !== null;
  let observer = null;
  const watch = () => observer.observe(
    area, { childList: true, subtree: true, attributeFilter: ['data-version'] });
  const take = () => {
    observer.disconnect(); // hiding the previous hand's part below must not count as a change
    const cards = [...area.querySelectorAll('[data-card]')];
    const parts = [...area.querySelectorAll('[data-part="last-hand"]')];
    const before = parts.map((p) => p.style.display);
    parts.forEach((p) => (p.style.display = 'none'));
    const text = area.innerText;
    parts.forEach((p, i) => (p.style.display = before[i]));
    window.samples.push({
      version: Number(area.dataset.version),
      cards: cards.filter((c) => !old(c)).map((c) => c.dataset.card),
      previous: cards.filter(old).map((c) => c.dataset.card),
      text,
      hand: document.querySelectorAll('.be-hand .card').length,
      log: [...document.querySelectorAll('#log li')].map(
        (li) => [Number(li.dataset.version), li.dataset.action]),
      over: !document.querySelector('#over').hidden,
    });
    watch();
  };
  observer = new MutationObserver(take);
  take();
}"""


def written_cards(text: str) -> set[str]:
    return {("T" if r == "10" else r) + SUIT[s] for r, s in WRITTEN.findall(text)}


def hidden_at(record: dict[str, Any], step: int) -> tuple[set[str], set[str]]:
    """Cards hidden from a spectator after ``step`` actions, and at the end of the hand
    before the current one (for what the page shows of that hand)."""
    m = Match.from_record(record, upto=step)
    now = {card_str(c) for c in m.rules.hidden(m.state, None)}
    finished = [h for h in m.hands if h.settlement is not None]
    before = {card_str(c) for c in m.rules.hidden(finished[-1].final, None)} if finished else set()
    if m.hands[-1].settlement is not None:  # the match is over: the state is the final one
        before = now
    return now, before


def test_a_spectator_sees_no_hidden_card(room: Room, page: Page) -> None:
    created = room.create("buck-euchre", ["random"] * 4, start=10, five_tricks_win=False)
    table = created["table"]["id"]
    page.goto(f"{created['watch']}?watch")
    page.wait_for_selector("#area[data-version]")
    page.evaluate(RECORDER)
    assert page.inner_text("#role") == "You are watching"
    # random players get to 10 slowly (a random stayer is often set 5): the match's length is
    # luck, and a long one took over 60 s on a loaded machine
    page.wait_for_function("() => !document.querySelector('#over').hidden", timeout=300_000)
    shot(page, "buck-euchre-spectator")
    samples: dict[int, dict[str, Any]] = {}
    for s in page.evaluate("window.samples"):
        samples.setdefault(s["version"], s)
    record = room.get(f"/api/tables/{table}/record")
    steps = sum(len(h["actions"]) for h in record["hands"])
    assert len(samples) > steps // 2, f"only {len(samples)} of {steps} states seen"
    logged: dict[int, str] = {}
    for version, s in sorted(samples.items()):
        assert s["hand"] == 0  # a spectator holds no hand
        now, before = hidden_at(record, version)
        shown = set(s["cards"]) | written_cards(s["text"])
        assert not shown & now, (version, sorted(shown & now))
        assert not set(s["previous"]) & before, (version, sorted(set(s["previous"]) & before))
        for v, action in s["log"]:
            logged[v] = action
    # every move in the log names only cards a spectator could see just after it
    for v, action in logged.items():
        if not action:
            continue  # withheld: shown as a face-down move
        now, before = hidden_at(record, v)
        ended = Match.from_record(record, upto=v)
        judged = before if not ended.hands[-1].actions and len(ended.hands) > 1 else now
        assert not set(NOTATION.findall(action)) & judged, (v, action)
    assert any(not action for action in logged.values()) or all(
        "discard" not in a for h in record["hands"] for a in h["actions"]
    )  # a face-down discard (BE-5) reached the spectator as a withheld move
