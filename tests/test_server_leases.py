"""Leases (server/leases.py) on SQLite and PostgreSQL: one node serves a table at a time; a
lease that ran out may be taken; renewing says which tables a node still holds; every take-over
starts a new fencing epoch, and an action is stored only at its writer's current epoch."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from cardtable.server import leases
from cardtable.server.store import (
    FINISHED,
    RUNNING,
    Fence,
    Fenced,
    Store,
    StoredAction,
    Summary,
    now,
)

from .test_server_helpers import create, make_app


def test_one_node_at_a_time_and_a_lapsed_lease_is_taken(db_url: str) -> None:
    with TestClient(make_app(db_url, node="a")) as client:
        first, _ = create(client, seats=["human", "random"])
        second, _ = create(client, seats=["human", "random"])
    store = Store(db_url)  # the room stopped and let its leases go
    try:
        engine = store.engine
        released = leases.holder(engine, first)
        assert released is not None and not released.live(now())  # let go, its epoch kept
        assert sorted(leases.orphans(engine)) == sorted([first, second])
        assert leases.acquire(engine, first, "a", 60).node == "a"
        assert leases.acquire(engine, first, "b", 60).node == "a"  # a holds it
        assert leases.acquire(engine, first, "a", 60).node == "a"  # and may keep it
        assert leases.orphans(engine) == [second]
        assert leases.acquire(engine, second, "b", 0.2).node == "b"
        epochs = {first: leases.acquire(engine, first, "a", 60).epoch, second: 0}
        assert leases.renew(engine, "a", epochs, 60) == {first}  # second is b's
        time.sleep(0.3)  # b stopped renewing: its lease ran out
        assert leases.orphans(engine) == [second]
        taken = leases.acquire(engine, second, "a", 60)
        assert taken.node == "a"
        assert leases.renew(engine, "b", {second: taken.epoch - 1}, 60) == set()  # b lost it
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
        # the seat token is checked here, from the store, before anything is loaded or sent
        # to b (on SQLite no bus would reach b: a right token is told to try again later)
        assert r.status_code == 403, r.text


def test_every_take_over_starts_a_new_epoch_and_fences_the_old_writer(db_url: str) -> None:
    """A writer stalled past its lease (a) holds an epoch that is no longer current once b took
    the table: its action is refused in the action's own transaction, nothing of it is stored,
    even at an action number b has not written; b's is stored. A process restarted under a's
    name is a new holder too: the stalled one stays fenced, and renewing tells it so."""
    with TestClient(make_app(db_url, node="a")) as client:
        table, _ = create(client, seats=["human", "random"])  # nobody joins: nothing played
    store = Store(db_url)
    try:
        engine = store.engine
        old = leases.acquire(engine, table, "a", 0.1)
        assert old.node == "a"
        stored = store.load(table)
        assert stored is not None
        version = len(stored.actions)

        def action(number: int) -> StoredAction:
            return StoredAction(number, 1, 0, "x", "random")

        def summary(number: int) -> Summary:
            return Summary(RUNNING, number, 1, [0, 0], None)

        time.sleep(0.2)  # a stalls past its lease; b takes the table over
        new = leases.acquire(engine, table, "b", 60)
        assert (new.node, new.epoch) == ("b", old.epoch + 1)
        with pytest.raises(Fenced):
            store.append(
                table, action(version + 1), None, summary(version + 1), Fence("a", old.epoch)
            )
        after = store.load(table)
        assert after is not None and len(after.actions) == version  # nothing of it was stored
        assert after.summary.version == stored.summary.version
        store.append(table, action(version + 1), None, summary(version + 1), Fence("b", new.epoch))
        leases.release(engine, table, "b")
        again = leases.acquire(engine, table, "a", 60)  # a restarted "a" takes it back
        assert again.epoch == new.epoch + 1  # released, yet the epoch never goes back
        for fence in (Fence("a", old.epoch), Fence("b", new.epoch)):
            with pytest.raises(Fenced):
                store.append(table, action(version + 2), None, summary(version + 2), fence)
        assert leases.renew(engine, "a", {table: old.epoch}, 60) == set()  # the stalled one
        assert leases.renew(engine, "a", {table: again.epoch}, 60) == {table}
        done = Summary(FINISHED, version + 2, 1, [0, 0], 0)
        store.append(table, action(version + 2), None, done, Fence("a", again.epoch))
        final = store.load(table)
        assert final is not None and [a.number for a in final.actions][-2:] == [
            version + 1,
            version + 2,
        ]
    finally:
        store.close()
