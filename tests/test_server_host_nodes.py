"""Hosting a table across two nodes of one room on PostgreSQL (host.py, docs/protocol.md
"Hosting"): the host's requests reach either node, the person sits at the other; a no-show's
seat given to a computer through the node that does not serve the table starts the match
there; the away policy pauses the match when the person relayed through the other node
leaves, and their return resumes it; a pause made on one node is resumed through the other;
a paused table whose node is killed with SIGKILL stays paused on the node that adopts it,
with no move played, until the host resumes it."""

from __future__ import annotations

import json
import signal
import time
from typing import Any

import httpx2
from websockets.sync.client import ClientConnection, connect

from .test_server_nodes import holder, nodes, pg, summary, wait_for  # noqa: F401  (pg: fixture)


def hello(base: str, table: str, token: str | None) -> ClientConnection:
    """A person (or a spectator) joined at ``base``, retried while the table moves nodes."""
    deadline = time.monotonic() + 30
    while True:
        # entered here and closed by the test when its part is over (a connection that is
        # not entered is the old way, which websockets now warns of)
        ws = connect(base.replace("http", "ws") + "/ws", max_size=2**20).__enter__()
        ws.send(json.dumps({"type": "hello", "table": table, "token": token, "seq": 1}))
        first = json.loads(ws.recv(timeout=15))
        if first["type"] == "welcome":
            return ws
        ws.close()
        assert first.get("code") in ("table_moved", "server_error"), first
        assert time.monotonic() < deadline, first
        time.sleep(0.5)


def until(ws: ClientConnection, check: Any) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if check(msg):
            return msg


def post(base: str, path: str, **body: Any) -> httpx2.Response:
    return httpx2.post(f"{base}{path}", json=body, timeout=20)


def test_pause_seats_and_the_away_policy_across_nodes_and_a_kill(pg: str) -> None:  # noqa: F811
    with nodes(pg, ["a", "b"], "--bot-delay", "0.05") as [(proc_a, a), (_, b)]:
        body = {"game": "toy-high-card", "seats": ["human", "human"], "options": {"target": 99}}
        r = httpx2.post(f"{a}/api/tables", json=body)
        made = r.json()
        table, owner, tokens = made["table"]["id"], made["owner"], made["tokens"]
        assert holder(pg, table) == "a"
        person = hello(b, table, tokens["0"])  # relayed: b -> a
        assert summary(a, table)["status"] == "open"
        # the no-show's seat goes to a computer through b; a, which serves it, starts the match
        given = post(b, f"/api/tables/{table}/seats/1/kind", owner=owner, kind="random")
        assert given.status_code == 200, given.text
        until(person, lambda m: m["type"] == "state" and m["status"] == "running")
        assert summary(a, table)["seats"][1]["kind"] == "random"
        for node in (a, b):  # the no-show's link, at either node, says why it no longer works
            with connect(node.replace("http", "ws") + "/ws") as late:
                late.send(json.dumps({"type": "hello", "table": table, "token": tokens["1"],
                                      "seq": 1}))  # fmt: skip
                answer = json.loads(late.recv(timeout=15))
                assert answer["code"] == "token_replaced", answer
                assert answer["key"] == "join.replaced.computer"
        # the only person leaves (through b): a pauses the match; their return resumes it
        person.close()
        wait_for(
            "the away pause", 20, lambda: (summary(a, table)["paused"] or {}).get("by") == "away"
        )
        person = hello(b, table, tokens["0"])
        wait_for("the resume", 20, lambda: summary(a, table)["paused"] is None)
        # the host pauses on a and resumes through b
        assert post(a, f"/api/tables/{table}/pause", owner=owner, paused=True).status_code == 200
        until(person, lambda m: m["type"] == "event" and m["paused"] is not None)
        version = summary(a, table)["version"]
        person.send(json.dumps({"type": "play", "action": "play", "version": version, "seq": 2}))
        assert until(person, lambda m: m["type"] == "error")["code"] == "paused"
        resumed = post(b, f"/api/tables/{table}/pause", owner=owner, paused=False)
        assert resumed.status_code == 200 and resumed.json()["paused"] is None
        until(person, lambda m: m["type"] == "event" and m["paused"] is None)
        assert summary(a, table)["paused"] is None
        # paused again (through b), then a is killed: b adopts the table, still paused
        assert post(b, f"/api/tables/{table}/pause", owner=owner, paused=True).status_code == 200
        wait_for("the pause at a", 10, lambda: summary(a, table)["paused"] is not None)
        stopped = summary(a, table)["version"]
        person.close()
        proc_a.send_signal(signal.SIGKILL)
        proc_a.wait(timeout=10)
        person = hello(b, table, tokens["0"])  # b takes the table over to serve it
        assert holder(pg, table) == "b"
        after = summary(b, table)
        assert after["paused"] is not None and after["paused"]["by"] == "host"
        time.sleep(1.0)
        assert summary(b, table)["version"] == stopped  # nobody moved while paused
        assert post(b, f"/api/tables/{table}/pause", owner=owner, paused=False).status_code == 200
        assert summary(b, table)["paused"] is None
        person.close()
