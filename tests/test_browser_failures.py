"""What the pages do when a call fails, in the browser: a named player's page that cannot ask
who this browser is says so and never offers the form that would make a new player (and the
room refuses a new player while the cookie is one); a read that hangs is given up after its
wait and said; the interface texts come after a dropped
answer, and without English the page says so in all three languages; the lobby says when its
list of tables cannot be had; a refused line of talk is put back in the field; a one-time
sign-in link and an invite survive a lost connection and a reload; the room's keyed refusals
(an option, a club's removal, the pace, the host's talk setting, a replay step) and a proxy's
page are said in the page's language, and a refused setting goes back to the one that holds; a
table another server still holds is asked for again by itself.
Screenshots of the failure states are saved (artifacts/screenshots/failure-*.png)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, WebSocketRoute

from cardtable.server.protocol import Code, ProtocolError
from tests.support import browser as support
from tests.support.browser import DESKTOP, Room, catalogue, text

pytestmark = support.needs_chromium

PHONE = {"width": 360, "height": 640}


def script_errors(p: Page) -> list[str]:
    """Uncaught errors and unhandled rejections of ``p`` from now on (none should come of a
    failed call: each is said in the page)."""
    found: list[str] = []
    p.on("pageerror", lambda e: found.append(str(e)))
    return found


def named(p: Page, base: str, name: str) -> dict[str, Any]:
    """This browser names itself through the API (the page's own fetch: the cookie is kept)."""
    p.goto(f"{base}/")
    found: dict[str, Any] = p.evaluate(
        """(name) => fetch('api/players', {method: 'POST', body: JSON.stringify({name}),
             headers: {'Content-Type': 'application/json'}}).then((r) => r.json())""",
        name,
    )
    return found


def test_a_named_player_who_cannot_be_told_is_never_offered_a_new_name(
    context: BrowserContext, room: Room
) -> None:
    """GET /api/me failing (three tries) shows "Connection lost" with "Try now" in the lobby's
    box and on the own page, not the name form; "Try now" then shows the player."""
    p = context.new_page()
    errors = script_errors(p)
    named(p, room.base, "Rosa")
    asked: list[str] = []

    def refuse(route: Route) -> None:
        asked.append(route.request.url)
        route.abort()

    p.route("**/api/me", refuse)
    p.reload()
    p.wait_for_selector("#me-box .failed button")
    assert p.query_selector("#me-box form") is None
    assert catalogue("en")["offline.title"] in p.inner_text("#me-box")
    assert len(asked) == 3
    p.goto(f"{room.base}/me")
    p.wait_for_selector("#main .failed button")
    assert p.query_selector("#main form") is None
    p.set_viewport_size(PHONE)  # type: ignore[arg-type]
    support.shot(p, "failure-me-360")
    p.unroute("**/api/me")
    p.click("#main .failed button")
    p.wait_for_selector("#main .my-name")
    assert p.inner_text("#main .my-name") == "Rosa"
    assert not errors, errors


def test_a_read_that_hangs_is_given_up_after_its_wait_and_said_in_the_page_language(
    context: BrowserContext, room: Room
) -> None:
    """GET /api/me that is never answered (a proxy holding the request): each try is given up
    after WAIT_MS (8 s, retry.js) and tried again after 0.4 s and 0.8 s; after the third the own
    page says "Connection lost" in Punjabi with "Try now", which then shows the player. The
    page's clock is Playwright's, so the 24 s pass at once."""
    p = context.new_page()
    errors = script_errors(p)
    named(p, room.base, "Rosa")
    p.evaluate("localStorage.setItem('cardtable.lang', 'pa')")
    held: list[Route] = []

    def hold(route: Route) -> None:  # never answered
        held.append(route)

    p.route("**/api/me", hold)
    p.clock.install()
    p.goto(f"{room.base}/me")
    for attempt in range(1, 4):
        deadline = support.Deadline(10, f"GET /api/me, try {attempt}")
        while len(held) < attempt:
            deadline.check()
            p.wait_for_timeout(50)
        assert p.query_selector("#main .failed") is None  # still waiting: nothing said yet
        p.clock.run_for(8000 + 400 * attempt)  # the wait given up, then the pause before the next
    p.wait_for_selector("#main .failed button")
    assert len(held) >= 3  # said only after the third (above); CI once saw a fourth GET by then
    assert text("pa", "offline.title") in p.inner_text("#main .failed")
    assert p.query_selector("#main form") is None  # never the form that makes a new player
    p.unroute("**/api/me")
    p.click("#main .failed button")
    p.wait_for_selector("#main .my-name")
    assert p.inner_text("#main .my-name") == "Rosa"
    assert not errors, errors


def test_a_second_name_is_refused_while_the_browser_is_a_player(
    context: BrowserContext, room: Room
) -> None:
    p = context.new_page()
    first = named(p, room.base, "Rosa")
    again = named(p, room.base, "Rosa 2")
    assert again["key"] == "people.already_named"
    me = p.evaluate("fetch('api/me').then((r) => r.json())")
    assert me["player"]["id"] == first["player"]["id"]


def test_the_texts_come_after_a_dropped_answer_and_without_english_the_page_says_so(
    context: BrowserContext, room: Room
) -> None:
    context.add_init_script("localStorage.setItem('cardtable.lang', 'pa')")
    p = context.new_page()
    dropped: list[str] = []

    def once(route: Route) -> None:
        if not dropped:
            dropped.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    p.route("**/i18n/pa.json", once)
    p.goto(f"{room.base}/")
    p.wait_for_selector("#game option[value='royal-casino']", state="attached")
    assert dropped
    assert p.inner_text("#create button[type=submit]") == catalogue("pa")["lobby.create"]
    p.unroute("**/i18n/pa.json")

    p.route("**/i18n/en.json", lambda route: route.abort())
    p.reload()
    p.wait_for_selector("#stranded button")
    said = p.inner_text("#stranded")
    for lang in ("en", "pa", "tl"):
        assert catalogue(lang)["offline.title"] in said
        assert catalogue(lang)["offline.retry"] in said
    p.set_viewport_size(PHONE)  # type: ignore[arg-type]
    support.shot(p, "failure-no-texts-360")
    p.unroute("**/i18n/en.json")
    p.click("#stranded button")
    p.wait_for_selector("#game option[value='royal-casino']", state="attached")
    assert p.query_selector("#stranded") is None


def test_the_lobby_says_when_its_tables_cannot_be_had(context: BrowserContext, room: Room) -> None:
    """Too many requests (said in the page's language) and a lost connection are said above the
    lists, which keep what they showed; the next refresh that works takes the message away."""
    p = context.new_page()
    errors = script_errors(p)
    p.goto(f"{room.base}/")
    p.wait_for_selector("#list-open li")
    # the room's guard answers so (guard.py): English, with no catalogue key
    slow = {"error": "Too many requests: at most 20 a second; try again shortly",
            "code": "rate_limited"}  # fmt: skip
    p.route(
        "**/api/tables",
        lambda route: (
            route.fulfill(status=429, json=slow)
            if route.request.method == "GET"
            else route.continue_()
        ),
    )
    p.click("#refresh")
    p.wait_for_selector("#tables-error:not([hidden])")
    assert p.inner_text("#tables-error") == catalogue("en")["people.slow"]
    p.unroute("**/api/tables")
    p.route("**/api/tables", lambda route: route.abort())
    p.click("#refresh")
    p.wait_for_function(
        "(t) => document.querySelector('#tables-error').textContent === t",
        arg=catalogue("en")["offline.title"],
    )
    p.unroute("**/api/tables")
    p.click("#refresh")
    p.wait_for_selector("#tables-error", state="hidden")
    assert not errors, errors


def test_a_refused_line_of_talk_is_put_back_in_the_field(
    context: BrowserContext, room: Room
) -> None:
    """Five lines at once, then one every two seconds (talk.py): the sixth typed at once is
    refused "too fast", and what was typed is back in the field to send again."""
    made = room.create("royal-casino", ["human", "random"])
    p = context.new_page()
    p.goto(made["links"]["0"])
    p.wait_for_selector("#talk-phrases button.phrase")
    for n in range(1, 7):
        p.fill("#talk-input", f"line {n}")
        p.press("#talk-input", "Enter")
    p.wait_for_selector("#talk-error:not([hidden])")
    assert p.input_value("#talk-input") == "line 6"


def test_a_sign_in_link_survives_a_lost_connection_and_a_reload(
    browser: Browser, context: BrowserContext, room: Room
) -> None:
    first = context.new_page()
    named(first, room.base, "Tala")
    code: dict[str, Any] = first.evaluate(
        "fetch('api/me/signin-code', {method: 'POST'}).then((r) => r.json())"
    )
    link = code["link"]
    other = browser.new_context(viewport=DESKTOP)
    try:
        p = other.new_page()
        errors = script_errors(p)
        p.route("**/api/signin", lambda route: route.abort())
        p.goto(link)
        p.wait_for_selector("#main .failed button")
        assert "code=" not in p.url  # out of the address bar all the same
        assert catalogue("en")["offline.title"] in p.inner_text("#main")
        p.reload()  # the code is kept in this tab
        p.wait_for_selector("#main .failed button")
        p.unroute("**/api/signin")
        p.click("#main .failed button")
        p.wait_for_url("**/me")
        p.wait_for_selector("#main .my-name")
        assert p.inner_text("#main .my-name") == "Tala"
        assert not errors, errors
    finally:
        other.close()


@pytest.mark.parametrize(
    ("body", "key", "fills"),
    [
        ({"players": 9}, "option.error.players",
         {"game": ("game", "royal-casino"), "counts": "2, 3, 4", "value": "9"}),
        ({"options": {"target": 2}}, "option.error.at_least",
         {"option": ("option", "target"), "low": "4", "value": "2"}),
    ],
    ids=["players", "target"],
)  # fmt: skip
def test_the_lobby_says_a_refused_option_in_the_page_language(
    context: BrowserContext, room: Room, body: dict[str, Any], key: str, fills: dict[str, Any]
) -> None:
    """The room's keyed refusal of an option (the body it really sends) is said in Tagalog,
    the game and the option by the names the lobby shows them by."""
    refused = room.http.post(
        f"{room.base}/api/tables", json={"game": "royal-casino", "seats": [], **body}
    )
    assert refused.status_code == 400 and refused.json()["key"] == key
    context.add_init_script("localStorage.setItem('cardtable.lang', 'tl')")
    p = context.new_page()
    p.route(
        "**/api/tables",
        lambda route: (
            route.fulfill(status=400, json=refused.json())
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    p.goto(f"{room.base}/")
    p.wait_for_selector("#game option[value='royal-casino']", state="attached")
    p.click("#create button[type=submit]")
    p.wait_for_selector("#create-error:not([hidden])")
    named = {
        name: text("tl", f"{value[0]}.{value[1]}") if isinstance(value, tuple) else value
        for name, value in fills.items()
    }
    assert text("tl", key, **named) in p.inner_text("#create-error")


def a_club_and_its_invite(p: Page) -> tuple[str, str]:
    """A club this named player owns (made from the lobby's page) and an invite link to it."""
    club: str = p.evaluate(
        """() => fetch('api/clubs', {method: 'POST', body: JSON.stringify({name: 'Linggo'}),
             headers: {'Content-Type': 'application/json'}}).then((r) => r.json())"""
    )["club"]["id"]
    link: str = p.evaluate(
        f"fetch('api/clubs/{club}/invites', {{method: 'POST', body: '{{}}', "
        "headers: {'Content-Type': 'application/json'}}).then((r) => r.json())"
    )["link"]
    return club, link


def test_a_club_removal_that_is_refused_is_said_beside_the_button(
    browser: Browser, context: BrowserContext, room: Room
) -> None:
    """The member left (another tab removed them): "Remove" on the page that still lists them
    says the room's refusal beside the button, in Tagalog, and the page is still there."""
    context.add_init_script("localStorage.setItem('cardtable.lang', 'tl')")
    p = context.new_page()
    errors = script_errors(p)
    named(p, room.base, "Oona")
    club, link = a_club_and_its_invite(p)
    code = link.split("#code=")[1]
    other = browser.new_context(viewport=DESKTOP)
    try:
        q = other.new_page()
        member = named(q, room.base, "Mo")["player"]["id"]
        accepted = q.evaluate(
            """(code) => fetch('api/invites/accept', {method: 'POST',
                 body: JSON.stringify({code}), headers: {'Content-Type': 'application/json'}})
                 .then((r) => r.status)""",
            code,
        )
        assert accepted == 200
    finally:
        other.close()
    p.goto(f"{room.base}/club/{club}")
    row = f"#members li[data-player='{member}']"
    p.wait_for_selector(f"{row} button")
    gone = p.evaluate(f"fetch('{room.base}/api/clubs/{club}/members/{member}', "
                      "{method: 'DELETE'}).then((r) => r.status)")  # fmt: skip
    assert gone == 200
    p.on("dialog", lambda dialog: dialog.accept())
    p.click(f"{row} button")
    p.wait_for_selector(f"{row} .error:not([hidden])")
    assert p.inner_text(f"{row} .error") == text("tl", "club.no_member")
    p.set_viewport_size(PHONE)  # type: ignore[arg-type]
    support.shot(p, "failure-club-remove-360")
    # nothing wider than the phone: the seats' long computer names once pushed the page out
    assert p.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not errors, errors


def test_delete_me_answered_by_a_proxy_page_says_it_did_not_work(
    context: BrowserContext, room: Room
) -> None:
    """A 502 page from a proxy (not the room's JSON): "That did not work" beside the button,
    in Punjabi; the player is still there."""
    context.add_init_script("localStorage.setItem('cardtable.lang', 'pa')")
    p = context.new_page()
    errors = script_errors(p)
    named(p, room.base, "Rosa")
    p.route(
        "**/api/me",
        lambda route: (
            route.fulfill(status=502, content_type="text/html", body="<h1>Bad Gateway</h1>")
            if route.request.method == "DELETE"
            else route.continue_()
        ),
    )
    p.goto(f"{room.base}/me")
    p.wait_for_selector("#delete-me")
    p.on("dialog", lambda dialog: dialog.accept())
    p.click("#delete-me")
    p.wait_for_selector("#delete-me + .error:not([hidden])")
    assert p.inner_text("#delete-me + .error") == text("pa", "people.failed")
    assert p.url.endswith("/me")
    me = p.evaluate("fetch('api/me').then((r) => r.json())")
    assert me["player"]["name"] == "Rosa"
    assert not errors, errors


def test_an_invite_survives_a_lost_connection_and_a_reload(
    browser: Browser, context: BrowserContext, room: Room
) -> None:
    """Joining by an invite link while the room cannot be reached: "Try now", and the code is
    still there after a reload; once the room answers, the member lands on the club's page."""
    owner = context.new_page()
    named(owner, room.base, "Oona")
    club, link = a_club_and_its_invite(owner)
    other = browser.new_context(viewport=DESKTOP)
    try:
        p = other.new_page()
        errors = script_errors(p)
        named(p, room.base, "Mo")
        p.route("**/api/invites/accept", lambda route: route.abort())
        p.goto(link)
        p.click("#invite-join")
        p.wait_for_selector("#main .failed button")
        assert "code=" not in p.url
        p.reload()  # the code is kept in this tab
        p.wait_for_selector("#invite-join")
        p.click("#invite-join")
        p.wait_for_selector("#main .failed button")
        p.unroute("**/api/invites/accept")
        p.click("#main .failed button")
        p.wait_for_url(f"**/club/{club}")
        p.wait_for_selector("#members")
        assert "Mo" in p.inner_text("#members")
        assert not errors, errors
    finally:
        other.close()


def test_a_refused_pace_and_talk_setting_go_back_and_say_why_in_the_page_language(
    context: BrowserContext, room: Room
) -> None:
    """The room refuses (its keyed answers, fed back as it gives them): the pace goes back to
    the one that holds, and the spectators' talk box to how it was; each says why in Tagalog."""
    made = room.create("royal-casino", ["human", "random"], target=99)
    refusals = {
        "pace": {"error": "Only a player at this table may set its pace", "code": "forbidden",
                 "key": "room.error.pace_player"},
        "talk": {"error": "Only the table's host may do that", "code": "forbidden",
                 "key": "host.error.host"},
    }  # fmt: skip
    mine = [{"id": made["table"]["id"], "title": made["table"]["title"], "links": made["links"],
             "owner": made["owner"]}]  # fmt: skip
    context.add_init_script(
        "localStorage.setItem('cardtable.lang', 'tl');"
        f"localStorage.setItem('cardtable.mine', {json.dumps(json.dumps(mine))})"
    )
    p = context.new_page()
    errors = script_errors(p)

    def refuse(body: dict[str, str]) -> Any:
        return lambda route: route.fulfill(status=403, json=body)

    for what, body in refusals.items():
        p.route(f"**/{what}", refuse(body))
    p.goto(made["links"]["0"])
    p.wait_for_selector("#pace-box:not([hidden]) #pace option", state="attached")
    before = p.input_value("#pace")
    other = next(v for v in p.eval_on_selector_all("#pace option", "os => os.map(o => o.value)")
                 if v != before)  # fmt: skip
    p.select_option("#pace", other)
    p.wait_for_selector("#pace-error:not([hidden])")
    assert p.inner_text("#pace-error") == text("tl", "room.error.pace_player")
    assert p.input_value("#pace") == before
    p.wait_for_selector("#host-spectators-talk")
    was = p.is_checked("#host-spectators-talk")
    p.click("#host-spectators-talk")
    p.wait_for_selector("#host .host-error:not([hidden])")
    assert p.inner_text("#host .host-error") == text(
        "tl", "host.failed", message=text("tl", "host.error.host")
    )
    assert p.is_checked("#host-spectators-talk") == was
    p.set_viewport_size(PHONE)  # type: ignore[arg-type]
    p.eval_on_selector("#pace-box", "e => e.scrollIntoView()")
    support.shot(p, "failure-pace-360")
    assert not errors, errors


def test_a_replay_step_the_room_refuses_is_said_in_the_page_language(
    context: BrowserContext, room: Room
) -> None:
    """A step past the match's end (an old address): the room's keyed reason, in Punjabi."""
    made = room.create("royal-casino", ["random", "random"], target=4)
    table = made["table"]["id"]
    for _ in range(200):
        if room.get(f"/api/tables/{table}")["status"] == "finished":
            break
        time.sleep(0.1)
    record = room.get(f"/api/tables/{table}/record")
    steps = sum(len(h["actions"]) for h in record["hands"])
    context.add_init_script("localStorage.setItem('cardtable.lang', 'pa')")
    p = context.new_page()
    p.goto(f"{room.base}/replay/{table}?step={steps + 50}")
    p.wait_for_selector("#error:not([hidden])")
    reason = text("pa", "room.error.step", last=steps)
    assert p.inner_text("#error") == text("pa", "replay.unavailable", message=reason)


def test_a_typed_move_that_cannot_be_read_says_why_in_the_page_language(
    context: BrowserContext, room: Room
) -> None:
    """The room's misreading of a typed move carries its key (notation.*): in Tagalog the page
    says what is wrong with it, not only that it could not be read."""
    made = room.create("royal-casino", ["human", "random"], target=99)
    context.add_init_script("localStorage.setItem('cardtable.lang', 'tl')")
    p = context.new_page()
    errors = script_errors(p)
    p.goto(made["links"]["0"])
    assert support.wait_my_turn_or_over(p) == "turn"
    p.click("#typed-box summary")
    p.fill("#typed-input", "trail 7h 8h")
    p.press("#typed-input", "Enter")
    p.wait_for_selector("#error:not([hidden]) .error-reason.keyed")
    assert p.inner_text("#error .error-head") == text("tl", "error.notation")
    assert p.inner_text("#error .error-reason.keyed") == text("tl", "notation.rc.trail")
    assert not errors, errors


def test_a_table_another_server_still_holds_is_asked_for_again_by_itself(
    context: BrowserContext, room: Room
) -> None:
    """A node restarted within its lease, and the one the page reaches cannot relay: the room
    refuses the hello with room.error.elsewhere. The page says so in Tagalog and says hello
    again by itself on a fresh connection, and the seat comes back without a reload."""
    made = room.create("royal-casino", ["human", "random"], target=99)
    context.add_init_script("localStorage.setItem('cardtable.lang', 'tl')")
    p = context.new_page()
    errors = script_errors(p)
    refused = ProtocolError(
        Code.SERVER_ERROR,
        "Another server is serving this table; try again in a few seconds",
        key="room.error.elsewhere",
    )
    sockets: list[WebSocketRoute] = []

    def relay(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        first = not sockets
        sockets.append(ws)

        def from_page(message: str | bytes) -> None:
            sent = json.loads(message)
            if first and sent.get("type") == "hello":  # as the room refuses it, on this socket
                ws.send(json.dumps({**refused.to_json(), "seq": sent["seq"]}))
            else:
                server.send(message)

        ws.on_message(from_page)

    p.route_web_socket("**/ws", relay)
    p.goto(made["links"]["0"])
    p.wait_for_selector("#error:not([hidden])")
    assert text("tl", "room.error.elsewhere") in p.inner_text("#error")
    assert support.wait_my_turn_or_over(p) == "turn"
    assert len(sockets) == 2  # the refused one, then one fresh connection
    assert p.is_hidden("#error")
    assert not errors, errors
