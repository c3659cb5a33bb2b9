"""Persistence: every action is committed before it is acknowledged, a failed commit plays
nothing, and a restarted room rebuilds every table from the store."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, text
from sqlalchemy.engine import make_url

from cardtable.server.store import Base, Store, engine_url, token_hash

from .test_server_helpers import TOY, connect, create, live, make_app


def stored_actions(db_url: str, table_id: str) -> list[str]:
    """The table's actions as another connection to the database sees them."""
    engine = create_engine(engine_url(db_url))
    try:
        with engine.connect() as conn:
            query = text("SELECT text FROM card_actions WHERE table_id = :t ORDER BY number")
            return [r[0] for r in conn.execute(query, {"t": table_id})]
    finally:
        engine.dispose()


def every_stored_value(db_url: str) -> str:
    """Every row of every table of the store, as text."""
    engine = create_engine(engine_url(db_url))
    try:
        with engine.connect() as conn:
            return repr([list(conn.execute(select(t))) for t in Base.metadata.sorted_tables])
    finally:
        engine.dispose()


def test_an_action_is_in_the_database_when_it_is_acknowledged(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(client, seats=["human", "random"], target=99)
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            for _ in range(4):
                state = me.my_turn()
                action = state["view"]["legal_actions"][-1]
                me.play(action)
                ack = me.expect("ack")
                # read by another connection to the file, the moment the ack arrives
                actions = stored_actions(db_url, table_id)
                assert len(actions) >= ack["version"] and actions[ack["version"] - 1] == action


@pytest.mark.parametrize("before_failure", [0, 3])  # the 4th action ends a toy hand
def test_a_failed_commit_plays_nothing_and_tells_the_player(
    db_url: str, before_failure: int
) -> None:
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(client, seats=["human", "human"], target=99)
        with connect(client) as a, connect(client) as b:
            a.hello(table_id, tokens["0"])
            b.hello(table_id, tokens["1"])
            a.expect("state")
            table = live(client, table_id)
            players = {0: a, 1: b}
            played = []

            def to_move() -> int:
                seat = table.match.to_move
                assert seat is not None
                return seat

            for _ in range(before_failure):
                mover = players[to_move()]
                played.append(mover.view["legal_actions"][0])
                mover.play(played[-1])
                mover.expect("ack")
                for p in (a, b):
                    p.catch_up(table.version)
            mover, other = players[to_move()], players[1 - to_move()]
            before = (table.version, table.match.hand_number, json.dumps(table.match.record()))
            store = client.app.state.room.store.store  # type: ignore[attr-defined]
            real = store.append_many

            def broken(*args: Any) -> None:
                raise OSError("disk full")

            store.append_many = broken
            action = mover.view["legal_actions"][0]
            mover.play(action)
            err = mover.error()
            assert err["code"] == "server_error" and "could not be saved" in err["message"]
            after = (table.version, table.match.hand_number, json.dumps(table.match.record()))
            assert after == before
            assert other.quiet() == []  # nothing was broadcast
            store.append_many = real
            mover.play(action)
            assert mover.expect("ack")["version"] == before[0] + 1
            assert stored_actions(db_url, table_id) == [*played, action]
            assert table.match.hand_number == (2 if before_failure == 3 else 1)


def test_a_restarted_room_rebuilds_every_table_from_the_store(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        playing, tokens = create(client, seats=["human", "random"], target=99)
        waiting, waiting_tokens = create(client, seats=["human", "human"])
        done, _ = create(client, seats=["random", "random"], target=2)
        with connect(client) as me:
            me.hello(playing, tokens["0"])
            for _ in range(7):  # several hands: new decks are stored too
                state = me.my_turn()
                me.play(state["view"]["legal_actions"][0])
                me.expect("ack")
            me.my_turn()  # the computer waits for seat 0 now: the table is still
        before = live(client, playing).match.record()
        seen = me.view
        with connect(client) as w:
            w.hello(done)
            if not w.view["is_over"]:
                w.until(lambda m: m["type"] == "state" and m["view"]["is_over"])
        finished = client.get(f"/api/tables/{done}/record").json()
    # a new process on the same database
    with TestClient(make_app(db_url)) as client:
        room = client.app.state.room  # type: ignore[attr-defined]
        assert set(room.tables) == {playing, waiting}  # finished tables load on demand
        assert live(client, playing).match.record() == before
        assert live(client, playing).match.hand_number > 1
        assert live(client, waiting).status == "open"
        with connect(client) as me:
            welcome = me.hello(playing, tokens["0"])
            assert welcome["seat"] == 0 and me.view == seen
            state = me.my_turn()
            me.play(state["view"]["legal_actions"][0])
            assert me.expect("ack")["version"] == state["version"] + 1
        with connect(client) as other:
            other.hello(waiting, waiting_tokens["1"])
            assert live(client, waiting).seats[1].claimed
        assert client.get(f"/api/tables/{done}/record").json() == finished
        with connect(client) as w:
            w.hello(done)  # a finished table is loaded to be watched
            assert w.view["is_over"] and w.view["scores"] == finished["scores"]


def test_store_keeps_token_hashes_and_setup(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table_id, tokens = create(client, seats=["human", "random"], target=4)
    store = Store(db_url)
    try:
        stored = store.load(table_id)
        assert stored is not None
        assert stored.game == TOY and stored.options == {"target": 4, "leak": False}
        assert [(s.kind, s.token_hash, s.claimed) for s in stored.seats] == [
            ("human", token_hash(tokens["0"]), False),
            ("random", None, False),
        ]
        assert len(stored.hands) == 1 and stored.actions == []
        assert stored.record()["hands"][0]["deck"] == stored.hands[0].deck
    finally:
        store.close()
    everything = every_stored_value(db_url)
    assert token_hash(tokens["0"]) in everything and tokens["0"] not in everything
    if db_url.startswith("sqlite"):  # not in the file either, freed pages and journal included
        path = Path(str(make_url(db_url).database))
        raw = b"".join(p.read_bytes() for p in path.parent.glob(path.name + "*"))
        assert raw and tokens["0"].encode() not in raw


def test_database_urls() -> None:
    assert engine_url("postgresql://u:p@db/cards").drivername == "postgresql+psycopg"
    assert engine_url("postgresql+psycopg2://u@db/x").drivername == "postgresql+psycopg2"
    assert engine_url("sqlite:///cardtable.db").drivername == "sqlite"


def test_a_plain_path_is_a_sqlite_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--db cards.db`` or ``--db /srv/cards.db`` (no ``://``) is the SQLite file at that path,
    as "a SQLite file" in the help says; it was refused as "Could not parse SQLAlchemy URL"."""
    assert engine_url("cards.db") == make_url("sqlite:///cards.db")
    assert engine_url("/srv/cards.db") == make_url("sqlite:////srv/cards.db")
    assert engine_url("postgresql://u@h/n").drivername == "postgresql+psycopg"
    monkeypatch.chdir(tmp_path)
    store = Store("cards.db")  # made and migrated there
    try:
        assert store.unfinished_ids() == []
    finally:
        store.close()
    assert (tmp_path / "cards.db").is_file()
