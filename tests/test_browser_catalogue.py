"""The room's list of games (GET /api/games) lost on the way, in the browser: every page that
needs it (the lobby, a table, the host's controls, a club's new-table form) asks again after a
dropped answer and never lives with an empty list until the page is reloaded (api.js
``gameCatalogue``). Screenshots of the "Connection lost" states are saved."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import BrowserContext, Page, Route

from tests.support import browser as support
from tests.support.browser import ROOT, Room

pytestmark = support.needs_chromium

EN = json.loads((ROOT / "cardtable/server/static/i18n/en.json").read_text(encoding="utf-8"))
GAMES = "**/api/games"


class Dropper:
    """A route that aborts the first ``times`` asks for the list of games (all while
    ``times`` is None) and lets the rest through; ``dropped`` counts the aborted ones."""

    def __init__(self, times: int | None = None) -> None:
        self.times = times
        self.dropped = 0

    def __call__(self, route: Route) -> None:
        if self.times is None or self.dropped < self.times:
            self.dropped += 1
            route.abort()
        else:
            route.continue_()


def game_options(p: Page, selector: str) -> list[str]:
    found: list[str] = p.eval_on_selector_all(
        f"{selector} option", "(os) => os.map((o) => o.value)"
    )
    return found


def test_the_lobby_asks_again_and_says_when_the_games_cannot_be_had(
    context: BrowserContext, room: Room
) -> None:
    """Two dropped answers are asked again at once: the form fills with nothing said. All of
    them dropped: "Connection lost" under the form, and the next refresh of the tables' list
    fills it and takes the message away."""
    p = context.new_page()
    twice = Dropper(2)
    p.route(GAMES, twice)
    p.goto(f"{room.base}/")
    p.wait_for_selector("#game option[value='royal-casino']", state="attached")
    assert twice.dropped == 2
    assert p.is_hidden("#create-error")

    p.unroute(GAMES)
    always = Dropper()
    p.route(GAMES, always)
    p.reload()
    p.wait_for_selector("#create-error:not([hidden])")
    assert p.inner_text("#create-error") == EN["offline.title"]
    assert always.dropped == 3  # one ask, tried twice more
    assert game_options(p, "#game") == []
    p.set_viewport_size({"width": 360, "height": 640})
    support.shot(p, "catalogue-lobby-lost-360")
    p.unroute(GAMES)
    p.wait_for_selector("#game option[value='royal-casino']", state="attached", timeout=20_000)
    assert p.is_hidden("#create-error")


def test_a_table_draws_with_its_game_once_the_list_comes(
    context: BrowserContext, room: Room
) -> None:
    """With no list of games the table is drawn generically; the next state message, once the
    list can be had, draws it with the game's own module."""
    made = room.create("royal-casino", ["human", "human"])
    p = context.new_page()
    p.route(GAMES, Dropper())
    p.goto(made["links"]["0"])
    p.wait_for_selector("#area .generic")
    p.unroute(GAMES)
    owner = {"owner": made["owner"], "paused": True}
    r = room.http.post(f"{room.base}/api/tables/{made['table']['id']}/pause", json=owner)
    assert r.status_code == 200, r.text
    p.wait_for_selector("#area .generic", state="detached")


def test_the_host_is_offered_every_level_once_the_list_comes(
    context: BrowserContext, room: Room
) -> None:
    """Without the list the host's seat offers only "random"; the next state message (another
    person takes a seat) offers the game's levels, as the list says."""
    made = room.create("buck-euchre", ["human", "human", "human", "random"])
    mine = [{"id": made["table"]["id"], "title": made["table"]["title"], "links": made["links"],
             "owner": made["owner"]}]  # fmt: skip
    context.add_init_script(
        f"localStorage.setItem('cardtable.mine', {json.dumps(json.dumps(mine))})"
    )
    host = context.new_page()
    host.route(GAMES, Dropper())
    host.goto(made["links"]["0"])
    level = '#host li[data-seat="2"] .host-level'
    host.wait_for_selector(level)
    assert game_options(host, level) == ["random"]
    host.unroute(GAMES)
    other = context.new_page()
    other.goto(made["links"]["1"])
    want = room.levels("buck-euchre")
    assert len(want) > 1
    host.wait_for_function(
        "([sel, n]) => document.querySelectorAll(`${sel} option`).length === n",
        arg=[level, len(want)],
    )
    assert game_options(host, level) == want


def test_a_club_page_says_so_and_asks_again_on_a_tap(context: BrowserContext, room: Room) -> None:
    """A member's club page without the list says "Connection lost" where the new table's form
    goes, with "Try now"; the tap draws the form with the room's games."""
    p = context.new_page()
    p.goto(f"{room.base}/")
    made: dict[str, Any] = p.evaluate(
        """async () => {
          const post = (path, body) => fetch(path, {method: 'POST', body: JSON.stringify(body),
            headers: {'Content-Type': 'application/json'}}).then((r) => r.json());
          await post('/api/players', {name: 'Lola'});
          return post('/api/clubs', {name: 'Linggo'});
        }"""
    )
    p.route(GAMES, Dropper())
    p.goto(f"{room.base}/club/{made['club']['id']}")
    p.wait_for_selector("#club-games-retry button")
    assert EN["offline.title"] in p.inner_text("#main")
    p.set_viewport_size({"width": 360, "height": 640})
    support.shot(p, "catalogue-club-lost-360")
    p.unroute(GAMES)
    p.click("#club-games-retry button")
    p.wait_for_selector("#club-game option[value='royal-casino']", state="attached")
    assert p.is_hidden("#club-games-retry") or not p.query_selector("#club-games-retry")
