"""Fewer hops (docs/deploy.md): where each node has an address of its own (``--public-url``),
a client that says hello at another node is sent to its table's node (``table_moved`` with that
node's WebSocket address) and plays there directly instead of being relayed over the bus; the
pages may connect there (their Content-Security-Policy names the nodes)."""

from __future__ import annotations

import json
import socket
from contextlib import ExitStack

import httpx2
import pytest
from websockets.sync.client import connect

from cardtable.server.addresses import checked, connect_sources, socket_url
from tests.support.server import serving
from tests.test_server_nodes import NODE, Player, create, holder, pg  # noqa: F401


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def at_own_address(name: str, port: int) -> list[str]:
    """A node's options: its name, a fixed port, and that port as its public address."""
    own = ["--port", str(port), "--public-url", f"http://127.0.0.1:{port}/"]
    return ["--node", name, *NODE, "--bot-delay", "0", *own]


def test_a_client_is_sent_to_its_tables_node_and_plays_there(pg: str) -> None:  # noqa: F811
    ports = [free_port(), free_port()]
    with ExitStack() as stack:
        (_, a), (_, b) = (
            stack.enter_context(serving(pg, *at_own_address(name, port)))
            for name, port in zip("ab", ports, strict=True)
        )
        created = create(a, ["human", "random"])
        table, token = created["table"]["id"], created["tokens"]["0"]
        with connect(b.replace("http", "ws") + "/ws") as ws:
            ws.send(json.dumps({"type": "hello", "table": table, "token": token, "seq": 1}))
            sent = json.loads(ws.recv(timeout=10))
        assert sent["type"] == "error" and sent["code"] == "table_moved", sent
        assert sent["url"] == f"ws://127.0.0.1:{ports[0]}/ws"
        person = Player(sent["url"].removesuffix("/ws").replace("ws://", "http://"), table, token)
        assert person.my_turn(0)
        assert person.play_first_legal() >= 1  # stored and acknowledged by a, directly
        person.close()
        assert holder(pg, table) == "a"
        policy = httpx2.get(f"{b}/").headers["content-security-policy"]
        assert f"ws://127.0.0.1:{ports[0]}" in policy and f"http://127.0.0.1:{ports[1]}" in policy


def test_public_urls_are_checked_and_turned_into_socket_addresses() -> None:
    assert checked("HTTPS://n1.example.org/cards/") == "https://n1.example.org/cards"
    assert socket_url("https://n1.example.org/cards") == "wss://n1.example.org/cards/ws"
    assert socket_url("http://10.0.0.5:8000") == "ws://10.0.0.5:8000/ws"
    assert connect_sources(["https://n1.example.org/cards"]) == (
        "https://n1.example.org wss://n1.example.org"
    )
    for bad in ("n1.example.org", "ftp://n1", "https://", "https://n1/x?y=1", "https://n 1"):
        with pytest.raises(ValueError):
            checked(bad)
