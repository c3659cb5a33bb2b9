"""Seat tokens: the table's creator can give a seat a new link (the old one stops working at
once, and after a restart), and every seat link stops working some time after the match ends."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from tests.support.clock import MovingClock

from .test_server_helpers import TOY, connect, make_app


def test_the_creator_gives_a_seat_a_new_link_and_the_old_one_stops_working(
    tmp_path: Path,
) -> None:
    with TestClient(make_app(tmp_path)) as client:
        made = client.post("/api/tables", json={"game": TOY, "seats": ["human", "human"]}).json()
        table_id, old, owner = made["table"]["id"], made["tokens"]["0"], made["owner"]
        path = f"/api/tables/{table_id}/seats/0/link"
        with connect(client) as holder:
            holder.hello(table_id, old)
            wrong = client.post(path, json={"owner": made["tokens"]["1"]})
            assert wrong.status_code == 403 and wrong.json()["code"] == "forbidden"
            assert (
                client.post(f"/api/tables/{table_id}/seats/5/link", json={"owner": owner}).json()[
                    "code"
                ]
                == "bad_request"
            )
            r = client.post(path, json={"owner": owner})
            assert r.status_code == 200, r.text
            new = r.json()["token"]
            assert new != old and r.json()["link"].endswith(f"/table/{table_id}#token={new}")
            assert holder.error()["code"] == "token_revoked"
            assert holder.hello(table_id)["seat"] is None  # still connected, now watching
        with connect(client) as c:
            c.send(type="hello", table=table_id, token=old)
            replaced = c.error()  # the old link's page can say why (host.py)
            assert replaced["code"] == "token_replaced"
            assert replaced["key"] == "join.replaced.link" and replaced["params"] == {"seat": 0}
            assert c.hello(table_id, new)["seat"] == 0
    with TestClient(make_app(tmp_path)) as client, connect(client) as c:  # after a restart
        c.send(type="hello", table=table_id, token=old)
        assert c.error()["code"] == "token_replaced"
        assert c.hello(table_id, new)["seat"] == 0


def test_seat_tokens_expire_after_the_match_ends(tmp_path: Path) -> None:
    one_second, clock = 1 / 86400, MovingClock()
    clock.advance(-3600)  # the room's clock, not the wall clock, dates the end, also in the store
    with TestClient(make_app(tmp_path, token_days=one_second, clock=clock)) as client:
        made = client.post("/api/tables", json={"game": TOY, "seats": ["human", "random"],
                                                "options": {"target": 1}}).json()  # fmt: skip
        table_id, token = made["table"]["id"], made["tokens"]["0"]
        with connect(client) as me:
            me.hello(table_id, token)
            while not me.my_turn()["view"]["is_over"]:
                me.play(me.view["legal_actions"][0])
                me.expect("ack")
        with connect(client) as again:
            assert again.hello(table_id, token)["seat"] == 0  # just after the end: still valid
        clock.advance(1.2)
        with connect(client) as late:
            late.send(type="hello", table=table_id, token=token)
            err = late.error()
            assert err["code"] == "token_expired" and "after the match ends" in err["message"]
            assert late.hello(table_id)["seat"] is None
        r = client.post(f"/api/tables/{table_id}/seats/0/link", json={"owner": made["owner"]})
        assert r.status_code == 409 and r.json()["code"] == "conflict"
    with (
        TestClient(make_app(tmp_path, token_days=one_second, clock=clock)) as client,
        connect(client) as c,
    ):
        c.send(type="hello", table=table_id, token=token)  # loaded from the store
        assert c.error()["code"] == "token_expired"
