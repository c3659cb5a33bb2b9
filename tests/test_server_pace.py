"""The computer players' pace is a setting of each table: a player at it sets the seconds the
computers wait before each move (``POST /api/tables/{id}/pace`` with their seat token), every
client at the table is told, and the summary says it; nobody else may, and only 0 to 5 s."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .test_server_helpers import connect, create, make_app


def test_a_player_sets_the_pace_and_everyone_is_told(db_url: str) -> None:
    with TestClient(make_app(db_url, bot_delay=0.0)) as client:
        table_id, tokens = create(client, seats=["human", "random"], target=50)
        url = f"/api/tables/{table_id}/pace"
        assert client.get(f"/api/tables/{table_id}").json()["pace"] == 0.0
        with connect(client) as watcher:
            watcher.hello(table_id)
            answer = client.post(url, json={"token": tokens["0"], "seconds": 1.5})
            assert answer.status_code == 200, answer.text
            assert watcher.expect("pace")["seconds"] == 1.5
        assert client.get(f"/api/tables/{table_id}").json()["pace"] == 1.5
        assert client.post(url, json={"token": "nope", "seconds": 1}).status_code == 403
        assert client.post(url, json={"token": tokens["0"], "seconds": 9}).status_code == 400
        assert client.post(url, json={"token": tokens["0"], "seconds": -1}).status_code == 400
