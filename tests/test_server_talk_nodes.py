"""Table talk across two nodes of one room on PostgreSQL (talk.py, docs/protocol.md "Talk"):
a person relayed through the node that does not serve the table talks and reacts to the last
move, and hears the other person; the host mutes that seat through the relaying node (stored
there, the serving node told over the bus) and the relayed line is refused with its key; the
talk a person joining reads comes from the store, whichever node they reach."""

from __future__ import annotations

import json
from typing import Any

import httpx2
from websockets.sync.client import ClientConnection

from .test_server_host_nodes import hello, post, until
from .test_server_nodes import holder, nodes, pg  # noqa: F401  (pg: the fixture)


def send(ws: ClientConnection, seq: int, **message: Any) -> None:
    ws.send(json.dumps({**message, "seq": seq}))


def heard(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next talk entry of ``kind`` this connection hears."""
    found = until(ws, lambda m: m["type"] == "talk" and m["entries"][-1]["kind"] == kind)
    entry: dict[str, Any] = found["entries"][-1]
    return entry


def test_talk_reactions_and_a_mute_across_nodes(pg: str) -> None:  # noqa: F811
    with nodes(pg, ["a", "b"], "--bot-delay", "0") as [(_, a), (_, b)]:
        body = {"game": "toy-high-card", "seats": ["human", "human"], "options": {"target": 9}}
        made = httpx2.post(f"{a}/api/tables", json=body, timeout=20).json()
        table, owner, tokens = made["table"]["id"], made["owner"], made["tokens"]
        assert holder(pg, table) == "a"
        near = hello(a, table, tokens["0"])  # served here
        far = hello(b, table, tokens["1"])  # relayed: b -> a
        try:
            send(far, 2, type="talk", phrase="your_turn")
            assert heard(near, "phrase") | {"at": None, "number": None} == {
                "number": None, "version": 0, "hand": 1, "seat": 1, "name": None,
                "kind": "phrase", "at": None, "phrase": "your_turn",
            }  # fmt: skip
            send(near, 2, type="talk", text="<i>on my way</i>")
            assert heard(far, "text")["text"] == "<i>on my way</i>"
            send(near, 3, type="sync")
            to_move = until(near, lambda m: m["type"] == "state")["view"]["to_move"]
            mover = near if to_move == 0 else far
            send(mover, 4, type="sync")
            state = until(mover, lambda m: m["type"] == "state" and m["view"]["legal_actions"])
            send(mover, 5, type="play", action=state["view"]["legal_actions"][0], version=0)
            until(far, lambda m: m["type"] == "state" and m["version"] == 1)
            send(far, 6, type="react", emoji="😮")
            reaction = heard(near, "react")
            assert (reaction["emoji"], reaction["version"], reaction["seat"]) == ("😮", 1, 1)
            # the host mutes the relayed seat through b: stored at b, a is told over the bus
            muted = post(b, f"/api/tables/{table}/seats/1/mute", owner=owner, muted=True)
            assert muted.status_code == 200, muted.text
            assert until(far, lambda m: m["type"] == "talk" and m["muted"] == [1])
            send(far, 7, type="talk", text="still here?")
            refusal = until(far, lambda m: m["type"] == "error")
            assert (refusal["code"], refusal["key"], refusal["seq"]) == (
                "forbidden",
                "talk.refused.muted",
                7,
            )
        finally:
            near.close()
            far.close()
        # stored with the table: whoever joins later, at either node, reads it
        late = hello(b, table, tokens["0"])
        try:
            history = until(late, lambda m: m["type"] == "talk")
            assert history["history"] is True and history["muted"] == [1]
            kinds = [e["kind"] for e in history["entries"]]
            assert kinds == ["phrase", "text", "react", "mute"]
        finally:
            late.close()
