"""A club stays private on every node (docs/clubs.md): two nodes of one room on PostgreSQL; a
club and its table made on one node; through the other node a non-member is refused (403) the
club page, the table's summary, record and replay, and its WebSocket (``forbidden``), while a
member reads the page and is relayed to their own seat by name, no link."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack

import httpx2
import pytest
from websockets.sync.client import connect

from cardtable.server.players import COOKIE
from tests.support.browser import LIFTED
from tests.support.databases import postgres_database
from tests.support.server import serving

NODE = ("--takeover-seconds", "0", "--bot-delay", "0", "--lease-seconds", "2", *LIFTED)


@pytest.fixture
def two_nodes() -> Iterator[tuple[str, str]]:
    with postgres_database() as url, ExitStack() as stack:
        a = stack.enter_context(serving(url, "--node", "a", *NODE))[1]
        b = stack.enter_context(serving(url, "--node", "b", *NODE))[1]
        yield a, b


def player(base: str, name: str) -> str:
    r = httpx2.post(f"{base}/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    key: str = r.cookies[COOKIE]
    return key


def hello(base: str, key: str, table: str) -> dict[str, object]:
    """The first answer to a hello, by WebSocket with the player's cookie."""
    url = base.replace("http://", "ws://") + "/ws"
    with connect(url, additional_headers={"Cookie": f"{COOKIE}={key}"}) as ws:
        ws.send(json.dumps({"type": "hello", "seq": 1, "table": table}))
        answer: dict[str, object] = json.loads(ws.recv(timeout=20))
        return answer


def test_a_non_member_is_refused_on_the_other_node_and_a_member_is_not(
    two_nodes: tuple[str, str],
) -> None:
    a, b = two_nodes
    asha, dee = player(a, "Asha"), player(b, "Dee")
    with httpx2.Client(base_url=a, cookies={COOKIE: asha}) as on_a:
        club = on_a.post("/api/clubs", json={"name": "Family"}).json()["club"]["id"]
        me = on_a.get("/api/me").json()["player"]["id"]
        made = on_a.post(
            f"/api/clubs/{club}/tables",
            json={
                "game": "royal-casino",
                "players": 2,
                "seats": [{"player": me}, {"kind": "heuristic"}],
            },
        )
        assert made.status_code == 201, made.text
        table = made.json()["table"]["id"]
    with httpx2.Client(base_url=b, cookies={COOKIE: dee}) as outsider:
        paths = [f"/api/clubs/{club}", f"/api/clubs/{club}/head-to-head?a=x&b=y"]
        paths += [f"/api/tables/{table}{end}" for end in ("", "/record", "/replay/0")]
        for path in paths:
            r = outsider.get(path)
            assert r.status_code == 403, (path, r.text)
            assert "Family" not in r.text
        assert outsider.post(f"/api/clubs/{club}/invites", json={}).status_code == 403
        assert all(t["id"] != table for t in outsider.get("/api/tables").json()["tables"])
    refused = hello(b, dee, table)
    assert (refused["type"], refused["code"]) == ("error", "forbidden")
    with httpx2.Client(base_url=b, cookies={COOKIE: asha}) as member:
        page = member.get(f"/api/clubs/{club}")
        assert page.status_code == 200 and page.json()["club"]["name"] == "Family"
    welcome = hello(b, asha, table)  # relayed to node a, which serves the table
    assert welcome["type"] == "welcome" and welcome["seat"] == 0, welcome
