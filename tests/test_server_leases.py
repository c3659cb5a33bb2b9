"""Leases (server/leases.py) on SQLite and PostgreSQL: one node serves a table at a time; a
lease that ran out may be taken; renewing says which tables a node still holds."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from cardtable.server import leases
from cardtable.server.store import Store

from .test_server_helpers import create, make_app


def test_one_node_at_a_time_and_a_lapsed_lease_is_taken(db_url: str) -> None:
    with TestClient(make_app(db_url, node="a")) as client:
        first, _ = create(client, seats=["human", "random"])
        second, _ = create(client, seats=["human", "random"])
    store = Store(db_url)  # the room stopped and let its leases go
    try:
        engine = store.engine
        assert leases.holder(engine, first) is None
        assert sorted(leases.orphans(engine)) == sorted([first, second])
        assert leases.acquire(engine, first, "a", 60).node == "a"
        assert leases.acquire(engine, first, "b", 60).node == "a"  # a holds it
        assert leases.acquire(engine, first, "a", 60).node == "a"  # and may keep it
        assert leases.orphans(engine) == [second]
        assert leases.acquire(engine, second, "b", 0.2).node == "b"
        assert leases.renew(engine, "a", [first, second], 60) == {first}  # second is b's
        time.sleep(0.3)  # b stopped renewing: its lease ran out
        assert leases.orphans(engine) == [second]
        assert leases.acquire(engine, second, "a", 60).node == "a"
        assert leases.renew(engine, "b", [second], 60) == set()  # b learns it lost it
        leases.release(engine, first, "b")  # not b's to release
        assert leases.acquire(engine, first, "b", 60).node == "a"
        leases.release_all(engine, "a")
        assert leases.acquire(engine, first, "b", 60).node == "b"
    finally:
        store.close()


def test_a_room_serves_only_the_tables_no_other_node_holds(db_url: str) -> None:
    with TestClient(make_app(db_url, node="a")) as client:
        mine, _ = create(client, seats=["human", "random"])
        theirs, _ = create(client, seats=["human", "random"])
    store = Store(db_url)
    try:
        assert leases.acquire(store.engine, theirs, "b", 60).node == "b"
    finally:
        store.close()
    with TestClient(make_app(db_url, node="a")) as client:
        room = client.app.state.room  # type: ignore[attr-defined]
        assert set(room.tables) == {mine}  # rebuilt; b's is left to b
        r = client.post(f"/api/tables/{theirs}/pace", json={"token": "x" * 24, "seconds": 1})
        # on SQLite no bus reaches b: try again later; on PostgreSQL the seat token is checked
        # here, from the store, before anything is sent to b
        assert r.status_code == (503 if db_url.startswith("sqlite") else 403), r.text
