"""``/ws`` checks ``Origin`` against the room's own origin and ``--allow-origin``: another
site's page cannot open a WebSocket to the room (it accepted any origin)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .test_server_helpers import make_app


def opens(client: TestClient, origin: str | None) -> bool:
    headers = {} if origin is None else {"origin": origin}
    try:
        with client.websocket_connect("/ws", headers=headers) as ws:
            ws.send_json({"type": "ping", "seq": 1})
            return bool(ws.receive_json()["type"] == "pong")
    except WebSocketDisconnect:
        return False


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        (None, True),  # a program: no Origin
        ("http://testserver", True),  # the room's own pages
        ("HTTP://TestServer/", True),
        ("https://club.example.org", True),  # named by --allow-origin
        ("https://evil.example", False),
        ("http://testserver.evil.example", False),
        ("null", False),  # a sandboxed page or a file
    ],
)
def test_only_the_rooms_own_pages_and_named_sites_open_a_websocket(
    tmp_path: Path, origin: str | None, allowed: bool
) -> None:
    app = make_app(tmp_path, allowed_origins=("https://club.example.org",))
    with TestClient(app) as client:
        assert opens(client, origin) is allowed
