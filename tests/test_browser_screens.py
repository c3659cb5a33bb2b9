"""Screenshots of the lobby and of each game's table on a desktop and on a 375×667 phone
(saved under artifacts/screenshots/), with the checks a look at them would make: the table
is drawn by the game's own module, the phone page never scrolls sideways, and every card the
seat may play is a button that the keyboard reaches. Also: a module draws a view with any of
its fields missing without failing."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page

from cardtable.core.match import Match
from tests.support import browser as support
from tests.support.browser import PHONE, Room, shot, wait_my_turn_or_over

pytestmark = support.needs_chromium

GAMES = {
    "royal-casino": (2, ".rc-table"),
    "buck-euchre": (4, ".be-board"),
    "rummy-500": (3, ".rummy-melds"),
    "queen-city-rum": (2, ".rummy-melds"),
}
NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def test_lobby(room: Room, page: Page) -> None:
    page.goto(room.base + "/")
    page.wait_for_selector("#game option", state="attached")
    titles = page.eval_on_selector_all("#game option", "os => os.map(o => o.textContent)")
    assert set(titles) >= {"Royal Casino", "Buck Euchre", "Rummy 500", "Queen City Rum"}
    shot(page, "lobby")
    page.set_viewport_size(PHONE)
    assert page.evaluate(NO_SIDEWAYS)
    shot(page, "lobby-phone")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_table_on_desktop_and_phone(room: Room, page: Page, game: str) -> None:
    players, drawn = GAMES[game]
    created = room.create(game, ["human"] + ["random"] * (players - 1), players=players)
    page.goto(created["links"]["0"])
    page.wait_for_selector(f"#area {drawn}")
    assert wait_my_turn_or_over(page) == "turn"
    assert page.locator("#area .generic").count() == 0  # the game's own drawing
    # every highlighted card is a button the keyboard can reach
    playable = page.locator("#area .card.playable")
    for i in range(playable.count()):
        assert playable.nth(i).evaluate("e => e.tagName === 'BUTTON' && e.tabIndex >= 0")
    shot(page, f"{game}")
    page.set_viewport_size(PHONE)
    assert page.evaluate(NO_SIDEWAYS), "the phone page scrolls sideways"
    shot(page, f"{game}-phone")


DRAW_WITHOUT = """async ([game, view]) => {
  const mod = await import(`/static/games/${game}.js`);
  const { t } = await import('/static/i18n.js');
  const { cardElement, cardBack } = await import('/static/cards.js');
  const { renderGeneric } = await import('/static/render.js');
  const ctx = {
    seat: view.seat, legal: view.legal_actions, play() {}, selected: new Set(), toggle() {},
    t, cardElement, cardBack, renderGeneric, table: 'x', version: 1, last: null, hint: null,
  };
  const failures = [];
  for (const key of [null, ...Object.keys(view.state)]) {
    const state = { ...view.state };
    if (key !== null) delete state[key];
    try {
      mod.render(document.createElement('div'), { ...view, state }, ctx);
    } catch (e) {
      failures.push(`${key}: ${e}`);
    }
  }
  try {
    mod.render(document.createElement('div'), { game, players: view.players }, ctx);
  } catch (e) {
    failures.push(`no state: ${e}`);
  }
  return failures;
}"""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_view_with_fields_missing_still_draws(room: Room, page: Page, game: str) -> None:
    """The engines may still add or rename public fields: a module draws what it finds."""
    m = Match(game, players=GAMES[game][0], seed=3)
    rng = random.Random(3)
    for _ in range(12):
        m.play(rng.choice(m.legal_actions()))
    page.goto(room.base + "/")
    assert m.to_move is not None
    assert page.evaluate(DRAW_WITHOUT, [game, m.view(m.to_move)]) == []
