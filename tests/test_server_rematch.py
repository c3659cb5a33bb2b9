"""Rematch together: the first player to ask (``POST /api/tables/{id}/rematch`` with their seat
token) creates the next match with the same game, options and seats; a second ask gets the
same table; every client at the old table is offered it live, each seat with its own token
and nobody with another's; only a player may ask, and only once the match is over."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from .test_server_helpers import TOY, Client, connect, create, make_app


def finish(players: list[Client], rng: random.Random) -> None:
    """Play random moves for whichever of ``players`` is to move until the match ends."""
    for _ in range(1000):
        state = players[0].state
        assert state is not None
        if state["view"]["is_over"]:
            return
        mover = players[state["view"]["to_move"]]
        turn = mover.my_turn()
        if turn["view"]["is_over"]:
            return
        mover.play(rng.choice(turn["view"]["legal_actions"]))
        assert mover.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        for p in players:
            p.catch_up(mover.known)
    raise AssertionError("the match did not end")


def test_both_players_land_on_one_new_table(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(client, TOY, seats=["human", "human"], target=2)
        url = f"/api/tables/{table_id}/rematch"
        with connect(client) as a, connect(client) as b, connect(client) as watcher:
            a.hello(table_id, tokens["0"])
            b.hello(table_id, tokens["1"])
            watcher.hello(table_id)
            early = client.post(url, json={"token": tokens["0"]})
            assert early.status_code == 409  # not over yet
            finish([a, b], random.Random(2))
            assert client.post(url, json={"token": "not-a-token"}).status_code == 403
            first = client.post(url, json={"token": tokens["1"]})
            assert first.status_code == 200, first.text
            new = first.json()
            assert new["seat"] == 1 and new["link"].endswith(
                f"/table/{new['table']}#token={new['token']}"
            )
            offers = {name: c.expect("rematch") for name, c in (("a", a), ("b", b), ("w", watcher))}
            assert {o["next"] for o in offers.values()} == {new["table"]}
            assert offers["b"]["token"] == new["token"] and offers["b"]["by"] == 1
            assert offers["w"]["token"] is None
            second = client.post(url, json={"token": tokens["0"]}).json()
            assert second["table"] == new["table"] and second["token"] == offers["a"]["token"]
            assert second["token"] != new["token"]
            # the offer is there for whoever comes back to the old table meanwhile
            with connect(client) as back:
                back.send(type="hello", table=table_id, token=tokens["0"])
                assert back.expect("rematch")["token"] == second["token"]
        summary = client.get(f"/api/tables/{new['table']}").json()
        old = client.get(f"/api/tables/{table_id}").json()
        assert summary["game"] == old["game"] and summary["options"] == old["options"]
        assert [s["kind"] for s in summary["seats"]] == ["human", "human"]
