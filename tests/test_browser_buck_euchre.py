"""Buck Euchre in the browser against computer players: a whole hand played by clicking (bids,
stay or drop, cards) with a refresh in the middle, the scores updating; a refused move
explained with its rule; play by keyboard only; a hint; the end of a match and "play
again"."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.support import browser as support
from tests.support.browser import (
    Deadline,
    Room,
    choose_by_click,
    legal_actions,
    shot,
    version,
    wait_my_turn_or_over,
    wait_new_version,
    wait_played,
)

pytestmark = support.needs_chromium

START = 25


def test_a_whole_hand_by_clicking_with_a_refresh_mid_hand(room: Room, page: Page) -> None:
    bot = room.bot("buck-euchre")
    created = room.create("buck-euchre", ["human", bot, bot, bot])
    table, token = created["table"]["id"], created["tokens"]["0"]
    page.goto(created["links"]["0"])
    page.wait_for_selector(".be-board")
    assert "token" not in page.url  # the token moved to localStorage
    assert page.evaluate(f"localStorage.getItem('cardtable.seat.{table}')") == token
    played: dict[int, int] = {}  # hand -> cards this seat played in it
    decided: dict[int, list[str]] = {}  # hand -> this seat's bids and stay/drop decisions
    refreshed = False
    scored_hand = None
    deadline = Deadline(80, "a hand with bids, stay or drop and this seat's five cards")
    while scored_hand is None:
        deadline.check()
        if wait_my_turn_or_over(page) == "over":
            break
        hand = room.get(f"/api/tables/{table}")["hand_number"]
        done = [h for h, n in played.items() if n == 5 and decided.get(h) and h < hand]
        if done:
            scored_hand = done[0]
            break
        before = version(page)
        action = choose_by_click(page)
        wait_played(page, action, before)
        if action.startswith("play "):
            played[hand] = played.get(hand, 0) + 1
        else:
            decided.setdefault(hand, []).append(action)
        if not refreshed and played.get(hand) == 2:
            cards = page.eval_on_selector_all(".be-hand .card", "cs => cs.map(c => c.dataset.card)")
            shot(page, "buck-euchre-before-refresh")
            page.reload()
            page.wait_for_selector(".be-board")
            # the seat is kept by its token: same seat, same cards in hand, and play goes on
            assert page.inner_text("#role") == "You play seat 1"
            page.wait_for_function(
                "(n) => document.querySelectorAll('.be-hand .card').length === n", arg=len(cards)
            )
            again = page.eval_on_selector_all(".be-hand .card", "cs => cs.map(c => c.dataset.card)")
            assert again == cards
            refreshed = True
    if scored_hand is None:  # the match ended: the last hand was the one played
        scored_hand = max(h for h, n in played.items() if n == 5 and decided.get(h))
    assert refreshed
    assert "stay" in decided[scored_hand] or "pass" in decided[scored_hand], decided
    # the hand's breakdown is shown and the scores moved by exactly its totals
    summary = room.get(f"/api/tables/{table}")
    page.wait_for_selector(f'#breakdown details[data-hand="{scored_hand}"]')
    page.wait_for_function(
        "(s) => [...document.querySelectorAll('#score-table tr[data-item=score] td')]"
        ".map(td => Number(td.textContent)).join() === s.join()",
        arg=room.get(f"/api/tables/{table}")["scores"],
    )
    totals = [
        int(x)
        for x in page.eval_on_selector_all(
            "#breakdown details tr[data-item=total] td", "tds => tds.map(td => td.textContent)"
        )
    ]
    shown = [
        int(x)
        for x in page.eval_on_selector_all(
            "#score-table tr[data-item=score] td", "tds => tds.map(td => td.textContent)"
        )
    ]
    hands = page.locator("#breakdown details").count()
    per_seat = [START + sum(totals[s::4]) for s in range(4)]
    if hands == summary["hand_number"] - 1 or summary["winner"] is not None:
        assert shown == per_seat  # every hand is listed: the scores are the start plus totals
    assert shown != [START] * 4  # a hand of five tricks moved someone's score (BE-11)
    shot(page, "buck-euchre-scored")


def test_a_refused_move_is_explained_with_its_rule(room: Room, page: Page) -> None:
    created = room.create("buck-euchre", ["human", "random", "random", "random"])
    page.goto(created["links"]["0"])
    assert wait_my_turn_or_over(page) == "turn"
    before = version(page)
    legal = legal_actions(page)
    page.click("#typed-box summary")
    page.fill("#typed-input", "dance the polka")
    page.press("#typed-input", "Enter")
    page.wait_for_selector("#error:not([hidden]) .error-head")
    assert page.inner_text("#error .error-head") == "That move could not be read."
    illegal = "play Ah" if "stay" in legal or "order" in legal else "stay"
    page.fill("#typed-input", illegal)
    page.press("#typed-input", "Enter")
    page.wait_for_selector("#error .error-rule")
    rule = page.get_attribute("#error .error-rule", "data-rule") or ""
    assert rule.startswith(("BE-", "C-")), rule
    # the rule id links to that rule on the game's rules page
    href = page.get_attribute("#error .error-rule a", "href") or ""
    assert href.endswith(f"/rules/buck-euchre?lang=en#{rule}"), href
    assert page.inner_text("#error .error-head") == "That move is not allowed."
    assert page.inner_text("#error .error-reason")  # the engine's reason, in words
    shot(page, "buck-euchre-refused")
    # nothing changed: the same state, and the same moves are still offered
    assert version(page) == before and legal_actions(page) == legal


def test_keyboard_only(room: Room, page: Page) -> None:
    """Tab to the table, the arrow keys between moves, Enter to play; focus is visible."""
    bot = room.bot("buck-euchre")
    created = room.create("buck-euchre", ["human", bot, bot, bot])
    page.goto(created["links"]["0"])
    deadline = Deadline(45, "a card played with the keyboard")
    card_played = False
    arrows_used = False
    while not (card_played and arrows_used):
        deadline.check()
        if wait_my_turn_or_over(page) == "over":
            break
        before = version(page)
        page.locator("#area").focus()
        for _ in range(40):
            page.keyboard.press("Tab")
            if page.evaluate(
                "() => document.activeElement.matches("
                "'#area button.card.playable, #area .move-bar button.move')"
            ):
                break
        else:
            raise AssertionError("Tab never reached a move in the table area")
        row = page.evaluate(
            "() => { const r = document.activeElement.closest('[data-nav-row]');"
            " return r ? r.querySelectorAll('button:not([disabled])').length : 0; }"
        )
        if row >= 2:  # → moves to the next card or move of the same row
            page.evaluate("() => { window.firstFocused = document.activeElement; }")
            page.keyboard.press("ArrowRight")
            assert page.evaluate("() => document.activeElement !== window.firstFocused")
            arrows_used = True
            # the arrows walk every card of the hand, a card that cannot be played too (Enter
            # on it says why): on to the next one that can, wrapping back at worst
            for _ in range(row):
                if page.evaluate(
                    "() => document.activeElement.matches("
                    "'button.card.playable, .move-bar button.move')"
                ):
                    break
                page.keyboard.press("ArrowRight")
        focused = page.evaluate(
            "() => { const e = document.activeElement; const s = getComputedStyle(e);"
            " return {action: e.dataset.action, outline: s.outlineStyle,"
            " card: e.classList.contains('card')}; }"
        )
        assert focused["outline"] != "none"  # a visible focus ring
        page.keyboard.press("Enter")
        wait_played(page, focused["action"], before)
        card_played = card_played or bool(focused["card"])
    assert card_played and arrows_used, "the match ended first"


def test_match_end_and_play_again(room: Room, page: Page) -> None:
    created = room.create("buck-euchre", ["human", "random", "random", "random"], start=1)
    table = created["table"]["id"]
    page.goto(created["links"]["0"])
    deadline = Deadline(60, "a match to one point")
    while wait_my_turn_or_over(page, timeout=30) != "over":
        deadline.check()
        before = version(page)
        action = choose_by_click(page)
        wait_played(page, action, before)
    summary = room.get(f"/api/tables/{table}")
    assert summary["status"] == "finished" and summary["winner"] is not None
    title = page.inner_text("#over-title")
    # a computer's win names its seat too: three random computers would otherwise read alike
    assert title in ("You win!", f"Computer {summary['winner'] + 1} (random) wins")
    # the three computers of one level carry their seat numbers wherever they are named: the
    # final scores, the felt and the score table
    alike = [f"Computer {n} (random)" for n in (2, 3, 4)]
    assert all(f"{label}:" in page.inner_text("#over") for label in alike)
    assert sorted(page.locator(".be-board strong.name").all_inner_texts()) == [*alike, "You"]
    # the score table's narrow columns name a computer by its number, its level in the title
    heads = page.locator("#score-table thead th")
    assert heads.all_inner_texts()[1:] == ["You", "Computer 2", "Computer 3", "Computer 4"]
    assert [heads.nth(i).get_attribute("title") for i in (1, 2)] == [None, alike[0]]
    assert (page.get_attribute("#replay-link", "href") or "").endswith(f"/replay/{table}")
    shot(page, "buck-euchre-match-over")
    page.click("#again")
    page.wait_for_url(lambda url: f"/table/{table}" not in url and "/table/" in url)
    page.wait_for_selector(".be-board")
    new_table = page.url.rstrip("/").split("/")[-1].split("?")[0]
    assert new_table != table
    assert page.inner_text("#role") == "You play seat 1"
    fresh = room.get(f"/api/tables/{new_table}")
    assert fresh["game"] == "buck-euchre" and fresh["options"]["start"] == 1
    assert [s["kind"] for s in fresh["seats"]] == ["human", "random", "random", "random"]
    assert wait_new_version(page, -1) >= 0


def test_a_hint_names_a_legal_move_that_can_be_played(room: Room, page: Page) -> None:
    created = room.create("buck-euchre", ["human", "random", "random", "random"])
    page.goto(created["links"]["0"])
    assert wait_my_turn_or_over(page) == "turn"
    legal = legal_actions(page)
    before = version(page)
    page.click("#hint")
    page.wait_for_selector("#hint-box .hint-move", timeout=60_000)
    suggested = page.get_attribute("#hint-box button[data-action]", "data-action")
    assert suggested in legal
    assert page.inner_text("#hint-box .hint-move code") == suggested
    assert page.inner_text("#hint-box .hint-why")  # why, in words
    # the suggested move is highlighted where it is offered
    assert page.locator(f'#area .hinted[data-action="{suggested}"]').count() == 1
    shot(page, "buck-euchre-hint")
    page.click("#hint-box button[data-action]")
    wait_played(page, suggested, before)


def test_a_hint_after_the_ordering_gives_the_chance_of_winning_the_match(
    room: Room, page: Page
) -> None:
    """Past the first round of bidding (BE-5) the search ranks by the chance of winning the
    match, and the hint says so in words."""
    created = room.create("buck-euchre", ["human", "random", "random", "random"])
    page.goto(created["links"]["0"])
    deadline = Deadline(90, "a decision past the ordering")
    while True:
        deadline.check()
        assert wait_my_turn_or_over(page) == "turn"
        legal = legal_actions(page)
        if len(legal) > 1 and "order" not in legal:
            break
        before = version(page)
        wait_played(page, choose_by_click(page), before)
    page.click("#hint")
    page.wait_for_selector("#hint-box .hint-move", timeout=60_000)
    why = page.inner_text("#hint-box .hint-why")
    assert "chance of winning the match" in why and "Next best" in why, why
    shot(page, "buck-euchre-hint-chance")
