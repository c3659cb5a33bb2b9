"""No cheap request does expensive work (docs/security.md, "What a request may cost"): a
finished match is rebuilt once and kept (bounded), not replayed on every hello; a wrong seat
token is refused from the store before anything is loaded; a refused pace or rematch loads
nothing and takes no place among the live tables; an expired seat token sets no pace and
makes no rematch; a rematch keeps its creator's key."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.support.clock import MovingClock

from .test_server_helpers import TOY, connect, make_app


def finished_table(client: TestClient) -> dict[str, Any]:
    """A finished match of one person and a computer (its creation's answer)."""
    made: dict[str, Any] = client.post(
        "/api/tables", json={"game": TOY, "seats": ["human", "random"], "options": {"target": 1}}
    ).json()
    with connect(client) as me:
        me.hello(made["table"]["id"], made["tokens"]["0"])
        while not me.my_turn()["view"]["is_over"]:
            me.play(me.view["legal_actions"][0])
            me.expect("ack")
    return made


def counting_loads(client: TestClient) -> Counter[bool]:
    """Counts the store's loads of a table, by whether its whole log was read."""
    store = client.app.state.room.store.store  # type: ignore[attr-defined]
    real, counts = store.load, Counter[bool]()

    def load(table_id: str, *, with_log: bool = True) -> Any:
        counts[with_log] += 1
        return real(table_id, with_log=with_log)

    store.load = load
    return counts


def test_a_finished_match_is_rebuilt_once_and_a_wrong_token_loads_nothing(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        room = client.app.state.room  # type: ignore[attr-defined]
        made = finished_table(client)
        table_id = made["table"]["id"]
        room.finished.clear()  # as after a restart: only the store has it
        loads = counting_loads(client)
        for _ in range(3):
            with connect(client) as c:
                c.send(type="hello", table=table_id, token="y" * 24)
                assert c.error()["code"] == "bad_token"
        assert loads[True] == 0 and table_id not in room.tables  # nothing was loaded
        for _ in range(3):
            with connect(client) as c:
                assert c.hello(table_id)["seat"] is None
                log = c.expect("log")
                assert log["entries"]  # the whole story, as before
        assert loads[True] == 1  # replayed once, then kept
        assert table_id in room.finished and table_id not in room.tables


def test_refused_pace_and_rematch_load_nothing_nor_fill_the_room(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, max_live_tables=2)) as client:
        room = client.app.state.room  # type: ignore[attr-defined]
        made = [finished_table(client) for _ in range(3)]
        room.finished.clear()
        loads = counting_loads(client)
        for m in made:
            table_id = m["table"]["id"]
            for path, body in (("pace", {"token": "z" * 24, "seconds": 1}),
                               ("rematch", {"token": "z" * 24})):  # fmt: skip
                r = client.post(f"/api/tables/{table_id}/{path}", json=body)
                assert r.status_code == 403 and r.json()["code"] == "forbidden", r.text
        assert loads[True] == 0 and not room.tables and not room.finished
        for m in made:  # a person's pace at a finished table is kept among the finished
            r = client.post(f"/api/tables/{m['table']['id']}/pace",
                            json={"token": m["tokens"]["0"], "seconds": 1})  # fmt: skip
            assert r.status_code == 200, r.text
        assert room.live_count() == 0 and not room.tables
        r = client.post("/api/tables", json={"game": TOY, "seats": ["human", "random"]})
        assert r.status_code == 201, r.text  # the room is not full


def test_an_expired_token_sets_no_pace_and_makes_no_rematch(tmp_path: Path) -> None:
    one_second, clock = 1 / 86400, MovingClock()
    with TestClient(make_app(tmp_path, token_days=one_second, clock=clock)) as client:
        made = finished_table(client)
        table_id, token = made["table"]["id"], made["tokens"]["0"]
        clock.advance(1.2)
        for path, body in (("pace", {"token": token, "seconds": 1}),
                           ("rematch", {"token": token})):  # fmt: skip
            r = client.post(f"/api/tables/{table_id}/{path}", json=body)
            assert r.status_code == 403 and r.json()["code"] == "token_expired", r.text


def test_a_rematch_keeps_its_creators_key(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        made = finished_table(client)
        r = client.post(f"/api/tables/{made['table']['id']}/rematch",
                        json={"token": made["tokens"]["0"]})  # fmt: skip
        assert r.status_code == 200, r.text
        following = r.json()["table"]
        r = client.post(f"/api/tables/{following}/seats/0/link", json={"owner": made["owner"]})
        assert r.status_code == 200, r.text  # the creator renews a link of the rematch too
        r = client.post(f"/api/tables/{following}/seats/0/link", json={"owner": "k" * 24})
        assert r.status_code == 403
