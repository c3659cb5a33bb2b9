"""Abuse of the WebSocket is refused with an error to that client, and neither the
connection nor the match is harmed: after each refusal the match is exactly as before and the
same connection still plays."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .test_server_helpers import Client, connect, create, live, make_app


@contextmanager
def seated(
    tmp_path: Path, **settings: Any
) -> Iterator[tuple[TestClient, str, dict[str, str], Client]]:
    """A toy table with two human seats; seat 0's client joined, seat 1 not yet."""
    with TestClient(make_app(tmp_path, **settings)) as client:
        table_id, tokens = create(client, seats=["human", "human"], target=50)
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            yield client, table_id, tokens, me


@contextmanager
def running(
    tmp_path: Path, **settings: Any
) -> Iterator[tuple[TestClient, str, dict[str, str], Client, Client]]:
    """Both seats joined; yields (client, table, tokens, mover, other), mover to play."""
    with seated(tmp_path, **settings) as (client, table_id, tokens, a), connect(client) as b:
        b.hello(table_id, tokens["1"])
        a.expect("state")
        table = live(client, table_id)
        mover, other = (a, b) if table.match.to_move == 0 else (b, a)
        yield client, table_id, tokens, mover, other


def snapshot(client: TestClient, table_id: str) -> tuple[int, str]:
    table = live(client, table_id)
    return table.version, json.dumps(table.match.record())


def still_plays(client: TestClient, table_id: str, mover: Client) -> None:
    """The connection is unharmed: the seat to move plays a legal action and it is accepted."""
    mover.catch_up(live(client, table_id).version)
    version = mover.version
    mover.play(mover.view["legal_actions"][0])
    assert mover.expect("ack")["version"] == version + 1


def refused(
    client: TestClient, table_id: str, conn: Client, code: str, **message: Any
) -> dict[str, Any]:
    """Send ``message``; it must come back as error ``code`` with the match untouched."""
    before = snapshot(client, table_id)
    seq = conn.send(**message)
    err = conn.error()
    assert err["code"] == code, err
    assert err["seq"] == seq
    assert snapshot(client, table_id) == before
    return err


def test_play_with_another_seats_token_is_refused(tmp_path: Path) -> None:
    with running(tmp_path) as (client, table_id, tokens, mover, other):
        theirs = tokens[str(mover.seat)]
        action = mover.view["legal_actions"][0]
        err = refused(
            client,
            table_id,
            other,
            "forged",
            type="play",
            action=action,
            version=other.version,
            token=theirs,
        )
        assert "not the one this connection joined with" in err["message"]
        err = refused(
            client,
            table_id,
            other,
            "forged",
            type="play",
            action=action,
            version=other.version,
            seat=mover.seat,
        )
        assert f"plays for seat {other.seat}" in err["message"]
        still_plays(client, table_id, mover)


def test_hello_with_a_wrong_token_joins_nobody(tmp_path: Path) -> None:
    with seated(tmp_path) as (client, table_id, tokens, _), connect(client) as c:
        err = refused(
            client, table_id, c, "bad_token", type="hello", table=table_id, token="x" * 24
        )
        assert "not valid for this table" in err["message"]
        refused(client, table_id, c, "not_joined", type="sync")
        welcome = c.hello(table_id, tokens["1"])  # the same connection may still join
        assert welcome["seat"] == 1


def test_out_of_turn_illegal_and_unreadable_actions_are_refused(tmp_path: Path) -> None:
    with running(tmp_path) as (client, table_id, _tokens, mover, other):
        mine = mover.view["state"]["hand"]
        theirs = other.view["state"]["hand"]
        err = refused(
            client,
            table_id,
            other,
            "not_your_turn",
            type="play",
            action=f"play {theirs[0]}",
            version=other.version,
        )
        assert err["rule"] == "C-5" and f"seat {mover.seat}'s turn" in err["message"]
        # keyed, the seat counted from 0 as everywhere in the protocol (the page adds 1)
        assert (err["key"], err["params"]) == ("error.turn_of", {"seat": mover.seat})
        err = refused(
            client,
            table_id,
            mover,
            "illegal",
            type="play",
            action=f"play {theirs[0]}",
            version=mover.version,
        )
        assert err["rule"] == "C-5" and "not in your hand" in err["message"]
        err = refused(
            client,
            table_id,
            mover,
            "notation",
            type="play",
            action="play 1x",
            version=mover.version,
        )
        assert "not a card" in err["message"] and err["rule"] is None
        err = refused(
            client,
            table_id,
            mover,
            "notation",
            type="play",
            action="shuffle",
            version=mover.version,
        )
        assert "expected 'play CARD'" in err["message"]
        assert mine == mover.view["state"]["hand"]
        still_plays(client, table_id, mover)


def test_replayed_messages_are_refused(tmp_path: Path) -> None:
    with running(tmp_path) as (client, table_id, _tokens, mover, other):
        action = mover.view["legal_actions"][0]
        message = {"type": "play", "action": action, "version": mover.version}
        mover.send(**message)
        version = mover.expect("ack")["version"]
        # the very same message again: its sequence number is stale
        before = snapshot(client, table_id)
        mover.ws.send_json({**message, "seq": mover.seq})
        err = mover.error()
        assert err["code"] == "stale_seq" and err["seq"] == mover.seq
        assert snapshot(client, table_id) == before
        # with a fresh number but the old version: the table has moved on
        err = refused(client, table_id, mover, "stale_version", **message)
        assert f"version {version}, not {message['version']}" in err["message"]
        # a lower number than the last one, even a new message
        before = snapshot(client, table_id)
        mover.ws.send_json({"type": "ping", "seq": 1})
        assert mover.error()["code"] == "stale_seq"
        assert snapshot(client, table_id) == before
        nxt = mover if live(client, table_id).match.to_move == mover.seat else other
        still_plays(client, table_id, nxt)


@pytest.mark.parametrize(
    ("text", "code", "says"),
    [
        ("{not json", "bad_json", "not valid JSON"),
        ("[1, 2]", "bad_message", "JSON object"),
        ('{"type": "play", "action": "play Ac", "version": 0}', "bad_message", "sequence number"),
        ('{"type": "dance", "seq": 99}', "bad_message", "Unknown message type"),
        ('{"type": "play", "seq": 99, "action": "play Ac"}', "bad_message", "state version"),
        ('{"type": "play", "seq": 99, "action": 7, "version": 0}', "bad_message", "'action'"),
        ('{"type": "hello", "seq": 99, "table": ""}', "bad_message", "'table'"),
        ('{"type": "play", "seq": true, "action": "x", "version": 0}', "bad_message", "seq"),
        ('"' + "[" * 5000 + '"', "bad_message", "JSON object"),
        ("[" * 5000, "bad_json", "not valid JSON"),
    ],
)
def test_malformed_messages_are_refused(tmp_path: Path, text: str, code: str, says: str) -> None:
    with running(tmp_path) as (client, table_id, _tokens, mover, _other):
        before = snapshot(client, table_id)
        mover.ws.send_text(text)
        err = mover.error()
        assert err["code"] == code and says in err["message"], err
        assert snapshot(client, table_id) == before
        still_plays(client, table_id, mover)


def test_oversized_and_binary_messages_are_refused(tmp_path: Path) -> None:
    with running(tmp_path) as (client, table_id, _tokens, mover, _other):
        before = snapshot(client, table_id)
        big = json.dumps(
            {"type": "play", "seq": 50, "version": 0, "action": "play Ac", "pad": "x" * 16 * 1024}
        )
        mover.ws.send_text(big)
        err = mover.error()
        assert err["code"] == "too_large" and "at most 16384 bytes" in err["message"]
        mover.ws.send_text("é" * 9000)  # 18000 bytes in 9000 characters
        assert mover.error()["code"] == "too_large"
        mover.ws.send_bytes(b'{"type": "ping", "seq": 60}')
        assert mover.error()["code"] == "bad_message"
        mover.ws.send_bytes(b"x" * 20000)
        assert mover.error()["code"] == "too_large"
        assert snapshot(client, table_id) == before
        still_plays(client, table_id, mover)


def test_a_flood_is_rate_limited_and_the_connection_survives(tmp_path: Path) -> None:
    with running(tmp_path, rate=20.0, burst=10) as (client, table_id, _tokens, mover, _other):
        before = snapshot(client, table_id)
        for _ in range(60):
            mover.send(type="ping")
        replies = [mover.recv() for _ in range(60)]
        kinds = [r["type"] if r["type"] == "pong" else r["code"] for r in replies]
        # a burst of 10 (less the hello already sent), then about 20 a second
        assert 5 <= kinds.count("pong") <= 20 and kinds.count("rate_limited") >= 40
        assert set(kinds) == {"pong", "rate_limited"}
        limited = next(r for r in replies if r["type"] == "error")
        assert "at most 20 a second" in limited["message"]
        assert snapshot(client, table_id) == before
        time.sleep(0.2)  # the bucket refills
        still_plays(client, table_id, mover)


def test_spectators_cannot_play_and_nobody_plays_before_the_start(tmp_path: Path) -> None:
    with seated(tmp_path) as (client, table_id, _tokens, me), connect(client) as watcher:
        err = refused(
            client,
            table_id,
            me,
            "not_started",
            type="play",
            action=me.view["legal_actions"][0] if me.view["legal_actions"] else "play Ac",
            version=0,
        )
        assert "every seat has joined" in err["message"]
        watcher.hello(table_id)
        err = refused(
            client, table_id, watcher, "spectator", type="play", action="play Ac", version=0
        )
        refused(client, table_id, watcher, "already_joined", type="hello", table=table_id)


def test_unknown_table_and_play_before_hello(tmp_path: Path) -> None:
    with seated(tmp_path) as (client, table_id, _tokens, _me), connect(client) as c:
        refused(client, table_id, c, "not_joined", type="play", action="play Ac", version=0)
        refused(client, table_id, c, "unknown_table", type="hello", table="no-such-table")
        assert c.hello(table_id)["seat"] is None


def test_playing_after_the_end_is_refused(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        table_id, tokens = create(client, seats=["human", "random"], target=1)
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            while not (state := me.my_turn())["view"]["is_over"]:
                me.play(state["view"]["legal_actions"][0])
                me.expect("ack")
            err = me.send(type="play", action="play Ac", version=me.version)
            got = me.error()
            assert got["seq"] == err and got["code"] == "illegal" and got["rule"] == "C-4"


def test_summaries_and_records_reveal_nothing_while_playing(tmp_path: Path) -> None:
    with running(tmp_path) as (client, table_id, tokens, mover, _other):
        summary = client.get(f"/api/tables/{table_id}").json()
        text = json.dumps(summary) + json.dumps(client.get("/api/tables").json())
        table = live(client, table_id)
        assert str(table.seed) not in text and "seed" not in text
        assert all(token not in text for token in tokens.values())
        r = client.get(f"/api/tables/{table_id}/record")
        assert r.status_code == 409 and "still being played" in r.json()["error"]
        assert client.get(f"/api/tables/{table_id}/replay/0").status_code == 409
        welcome = [m for m in mover.received if m["type"] == "welcome"]
        assert all(tokens[k] not in json.dumps(welcome) for k in tokens)


def test_a_client_that_stops_reading_is_dropped_and_the_table_goes_on(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, outbox_size=5)) as client:
        table_id, tokens = create(client, seats=["human", "random"], target=50)
        with connect(client) as me, connect(client) as watcher:
            watcher.hello(table_id)
            table = live(client, table_id)
            stalled = next(iter(table.connections))

            async def never(data: str) -> None:  # the watcher's network stalls
                await asyncio.sleep(3600)

            stalled.socket.send_text = never  # type: ignore[method-assign]
            me.hello(table_id, tokens["0"])
            for _ in range(6):
                state = me.my_turn()
                me.play(state["view"]["legal_actions"][0])
                me.expect("ack")
            assert stalled.dropped and stalled not in table.connections
            assert [c.seat for c in table.connections] == [0]


def test_nothing_is_seen_before_it_is_stored(tmp_path: Path) -> None:
    """While an action's commit is pending (then fails), a second tab's ``sync`` and the
    table's summary show the last stored state, never the action's effect."""
    with running(tmp_path) as (client, table_id, tokens, a, b):
        table = live(client, table_id)
        while table.version < 3:  # the fourth action ends the first hand
            mover = a if table.match.to_move == a.seat else b
            mover.catch_up(table.version)
            mover.play(mover.view["legal_actions"][0])
            mover.expect("ack")
        mover = a if table.match.to_move == a.seat else b
        mover.catch_up(3)
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["hand_number"] == 1

        async def locked_database(*args: Any) -> None:
            await asyncio.sleep(0.6)
            raise RuntimeError("database is locked")

        table.store.append = locked_database  # type: ignore[method-assign, assignment]
        with connect(client) as tab:
            tab.hello(table_id, tokens[str(mover.seat)])
            before = tab.view
            mover.play(mover.view["legal_actions"][0])
            time.sleep(0.2)  # the action is now waiting for its commit
            tab.send(type="sync")
            assert client.get(f"/api/tables/{table_id}").json() == summary
            seen = tab.expect("state")
            assert seen["version"] == 3 and seen["view"] == before
            assert mover.error()["code"] == "server_error"


def test_a_table_loaded_for_a_failed_hello_leaves_memory(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        table_id, tokens = create(client, seats=["human", "random"], target=1)
        room = client.app.state.room  # type: ignore[attr-defined]
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            while not me.my_turn()["view"]["is_over"]:
                me.play(me.view["legal_actions"][0])
                me.expect("ack")
        deadline = time.monotonic() + 5
        while table_id in room.tables and time.monotonic() < deadline:
            time.sleep(0.02)
        assert table_id not in room.tables  # finished and nobody there
        with connect(client) as c:
            refused_hello = c.send(type="hello", table=table_id, token="y" * 24)
            err = c.error()
            assert err["code"] == "bad_token" and err["seq"] == refused_hello
            assert table_id not in room.tables
            assert c.hello(table_id)["seat"] is None  # watching loads it, as before


@pytest.mark.parametrize("field", ["table", "token"])
def test_a_lone_surrogate_is_a_bad_message_without_a_traceback(
    tmp_path: Path, field: str, caplog: pytest.LogCaptureFixture
) -> None:
    with seated(tmp_path) as (client, table_id, _tokens, _me), connect(client) as c:
        hello = {"type": "hello", "seq": 7, "table": table_id, "token": "x" * 24}
        text = json.dumps(hello).replace(json.dumps(hello[field]), '"ab\\ud800"')
        caplog.clear()
        c.ws.send_text(text)
        err = c.error()
        assert err["code"] == "bad_message" and err["seq"] == 7, err
        assert f"{field} is not valid text" in err["message"]
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert c.hello(table_id)["seat"] is None  # the connection is unharmed
