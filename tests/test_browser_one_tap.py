"""One tap plays a hand card that only one move can use; a card several moves use is chosen
first (the move bar then offers its moves). Royal Casino: a jack that can only be trailed
beside a nine that captures, builds and trails; Rummy 500: a king that can only be discarded
beside a five of a run that can be melded or discarded. Positions from stacked decks; the
page's WebSocket answered by the test (tests/support/layout.py), which keeps what it sends."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page

from cardtable import Match
from tests.support import browser as support
from tests.support import royal_casino as rc
from tests.support.browser import Room
from tests.support.layout import Table, rummy_deal, serve

pytestmark = support.needs_chromium


def rc_position() -> Match:
    return rc.deal(1, ["9c Kd 5h Jc", "Ts 4c 7d Qh"], "4d 5s Th 3c")


def rummy_position() -> Match:
    m = rummy_deal("rummy-500", 2)()
    m.play("draw")  # 7c from the stock: 5h 6h 7h melds, the kings and 2s 7c 9c only go
    return m


# game: (position, the hand, a card with one move and that move, a card with several)
CASES: dict[str, tuple[Callable[[], Match], str, str, str, str]] = {
    "royal-casino": (rc_position, ".rc-hand", "Jc", "trail Jc", "9c"),
    "rummy-500": (rummy_position, ".rummy-hand", "Kc", "discard Kc", "5h"),
}


def uses(m: Match, card: str) -> list[str]:
    """The legal moves that name ``card``."""
    return [str(a) for a in m.legal_actions() if card in str(a).replace(":", " ").split()]


def open_table(browser: Browser, room: Room, table: Table) -> Page:
    p = browser.new_page(viewport=support.PHONE)
    serve(p, table)
    p.goto(f"{room.base}/table/{table.id}")
    p.wait_for_selector(f"#area[data-version='{table.match.action_count}'] .tray")
    return p


def sent_within(p: Page, table: Table, seconds: float) -> list[str]:
    """What the page sent, once it sent something or ``seconds`` passed."""
    deadline = time.monotonic() + seconds
    while not table.sent and time.monotonic() < deadline:
        p.wait_for_timeout(50)
    return table.sent


@pytest.mark.parametrize("game", sorted(CASES))
def test_one_tap_plays_a_card_only_one_move_uses(room: Room, browser: Browser, game: str) -> None:
    position, hand, single, move, several = CASES[game]
    m = position()
    assert uses(m, single) == [move]
    many = uses(m, several)
    assert len(many) >= 2, many
    # the card with one move: played at its first tap
    table = Table(game, m)
    p = open_table(browser, room, table)
    p.click(f'{hand} button.card[data-card="{single}"]')
    assert sent_within(p, table, 5) == [move]
    p.close()
    # the card with several: chosen, nothing sent, its moves offered
    table = Table(game, m)
    p = open_table(browser, room, table)
    card = p.locator(f'{hand} button.card[data-card="{several}"]')
    card.click()
    p.wait_for_selector(f'{hand} button.card.selected[data-card="{several}"]')
    offered = p.eval_on_selector_all(
        "#area .move-bar button.move", "bs => bs.map((b) => b.dataset.action)"
    )
    assert offered and set(offered) <= set(many), (offered, many)
    assert sent_within(p, table, 0.5) == []
    p.close()
