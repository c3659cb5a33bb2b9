"""Two nodes on PostgreSQL with a Redis bus the test starts and stops (docs/deploy.md, "When
something goes away"): a seat's new link given while the bus is down takes effect (the old
link is refused, the new one plays); after the outage every relayed client is told to connect
again within seconds (it was left waiting for pushes that were lost); a relayed hello answered
too late leaves no ghost at the table."""

from __future__ import annotations

import json
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest

from tests.test_server_nodes import (
    Player,
    create,
    holder,
    nodes,
    pg,  # noqa: F401  (the fixture)
    summary,
    wait_for,
)

REDIS = shutil.which("redis-server")


@contextmanager
def private_redis(tmp: Path) -> Iterator[tuple[str, Any]]:
    """A Redis of the test's own on a free port; yields its URL and a function that stops
    it (``stop()``) or starts it again (``stop(False)``)."""
    if REDIS is None:
        pytest.skip("no redis-server to start")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
               "no", "--dir", str(tmp)]  # fmt: skip
    procs: list[subprocess.Popen[bytes]] = []

    def start() -> None:
        procs.append(subprocess.Popen(command, stdout=subprocess.DEVNULL))
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return
            except OSError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)

    def stop(down: bool = True) -> None:
        if down:
            procs[-1].terminate()
            procs[-1].wait(10)
        else:
            start()

    start()
    try:
        yield f"redis://127.0.0.1:{port}/0", stop
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)


def _next_error(player: Player, seconds: float) -> dict[str, Any] | None:
    """The first error the player's socket receives within ``seconds`` (None: closed)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            msg: dict[str, Any] = json.loads(player.ws.recv(timeout=deadline - time.monotonic()))
        except TimeoutError:
            break
        except Exception:
            return None
        if msg["type"] == "error":
            return msg
    raise AssertionError(f"nothing within {seconds} s")


def test_revocation_and_resync_through_a_bus_outage(pg: str, tmp_path: Path) -> None:  # noqa: F811
    with (
        private_redis(tmp_path) as (bus, stop),
        nodes(pg, ["a", "b"], "--bot-delay", "0", "--bus", bus) as [(_, a), (_, b)],
    ):
        created = create(a, ["human", "human"], target=20)
        table, tokens, owner = created["table"]["id"], created["tokens"], created["owner"]
        first = Player(a, table, tokens["0"])
        relayed = Player(b, table, tokens["1"])  # through b, to a, over the bus
        assert relayed.state["status"] == "running"

        stop()  # the bus goes away
        r = httpx2.post(f"{b}/api/tables/{table}/seats/1/link", json={"owner": owner}, timeout=10)
        assert r.status_code == 200, r.text  # stored at b; the bus cannot tell a
        new = r.json()["token"]
        wait_for("the old link refused at a", 10,
                 lambda: _refused(a, table, tokens["1"]))  # fmt: skip
        fresh = Player(a, table, new)  # the new link plays at once, on a
        assert fresh.state["version"] == first.state["version"]
        stop(False)  # the bus is back

        started = time.monotonic()
        told = _next_error(relayed, 15)  # the relayed client is not left waiting
        assert told is None or told["code"] in ("table_moved", "token_revoked"), told
        assert time.monotonic() - started < 12
        for p in (first, relayed, fresh):
            p.close()


def _refused(base: str, table: str, token: str) -> bool:
    from websockets.sync.client import connect

    with connect(base.replace("http", "ws") + "/ws") as ws:
        ws.send(json.dumps({"type": "hello", "seq": 1, "table": table, "token": token}))
        first = json.loads(ws.recv(timeout=10))
    return bool(first["type"] == "error" and first["code"] in ("bad_token", "token_replaced"))


def test_a_relayed_hello_answered_late_leaves_no_ghost(pg: str) -> None:  # noqa: F811
    slow = ("--bot-delay", "0", "--lease-seconds", "30")  # b does not take the table meanwhile
    with nodes(pg, ["a", "b"], *slow) as [(proc_a, a), (_, b)]:
        created = create(a, ["human", "random"], target=20)
        table, token = created["table"]["id"], created["tokens"]["0"]
        from websockets.sync.client import connect

        with connect(b.replace("http", "ws") + "/ws") as ws:
            proc_a.send_signal(signal.SIGSTOP)  # a answers only after b gave up (5 s)
            try:
                ws.send(json.dumps({"type": "hello", "seq": 1, "table": table, "token": token}))
                time.sleep(6)
            finally:
                proc_a.send_signal(signal.SIGCONT)
            first = json.loads(ws.recv(timeout=10))
            assert first["type"] == "error" and first["code"] == "table_moved", first
        time.sleep(2)  # a has handled the late hello, and the leave after it
        assert holder(pg, table) == "a"  # still served there (what it says is live)
        assert not summary(a, table)["seats"][0]["connected"]  # nobody counted there


def test_the_bus_carries_nothing_in_clear_and_a_revoked_relayed_client_is_not_joined(
    pg: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Whoever reads the bus (``PSUBSCRIBE cardtable.*``) sees no seat token, no token hash
    and no relayed player's hand: every message is sealed with the room's key (opened with it,
    they hold that player's views); a relayed connection whose link was renewed is told
    ``token_revoked``, then ``not_joined`` for what it sends next, and may watch on."""
    import threading

    import psycopg
    import redis

    from cardtable.server.sealed import Seal
    from cardtable.server.store import token_hash

    # A lease longer than the nodes' 2 s: on a busy machine a door's heartbeat came late and
    # the relayed client was let go before the new link was given (nothing more came to it).
    steady = ("--bot-delay", "0", "--lease-seconds", "15")
    with (
        private_redis(tmp_path) as (bus, _stop),
        nodes(pg, ["a", "b"], *steady, "--bus", bus) as [(_, a), (_, b)],
    ):
        seen: list[tuple[str, str]] = []  # (channel, message)
        reader = redis.Redis.from_url(bus).pubsub()
        reader.psubscribe("cardtable.*")
        listening, done = threading.Event(), threading.Event()

        def listen() -> None:
            while not done.is_set():
                msg = reader.get_message(timeout=0.2)
                if msg and msg["type"] == "psubscribe":
                    listening.set()
                if msg and msg["type"] == "pmessage":
                    seen.append((msg["channel"].decode(), msg["data"].decode()))

        thread = threading.Thread(target=listen, daemon=True)
        thread.start()
        assert listening.wait(10)  # subscribed before anything is sent
        created = create(a, ["human", "random"], target=20)
        table, token, owner = created["table"]["id"], created["tokens"]["0"], created["owner"]
        relayed = Player(b, table, token)
        hands = [relayed.state["view"]["state"]["hand"]]
        assert relayed.my_turn(0)
        relayed.play_first_legal()
        hands.append(relayed.state["view"]["state"]["hand"])
        r = httpx2.post(f"{a}/api/tables/{table}/seats/0/link", json={"owner": owner}, timeout=30)
        assert r.status_code == 200
        told = _next_error(relayed, 30)
        assert told is not None and told["code"] == "token_revoked", told
        relayed.seq += 1
        relayed.ws.send(json.dumps({"type": "sync", "seq": relayed.seq}))
        again = _next_error(relayed, 30)
        assert again is not None and again["code"] == "not_joined", again
        relayed.seq += 1
        relayed.ws.send(json.dumps({"type": "hello", "seq": relayed.seq, "table": table}))
        welcome = _next_message(relayed, "welcome", 30)  # watches on
        assert welcome["seat"] is None
        done.set()
        thread.join(5)
        relayed.close()
    with psycopg.connect(pg) as conn:
        row = conn.execute("SELECT value FROM card_secrets WHERE name = 'bus'").fetchone()
    assert row is not None
    seal = Seal(bytes(row[0]))
    secrets = [token, r.json()["token"], token_hash(token)]
    hand_texts = [json.dumps(hand, separators=(",", ":")) for hand in hands if hand]
    in_clear = [*hand_texts, *(json.dumps(h)[1:-1] for h in hand_texts)]  # (as in a push)
    assert seen and hand_texts
    pushed = []
    for channel, text in seen:
        assert not [s for s in [*secrets, *in_clear] if s in text]
        with pytest.raises(ValueError):
            json.loads(text)  # nothing in clear, not even the kind of message
        pushed.append(json.loads(seal.open(channel, text)).get("text", ""))
    # the check can fail: opened with the room's key, the pushes hold that player's hands
    assert all(any(h in text for text in pushed) for h in hand_texts)


def _next_message(player: Player, kind: str, seconds: float) -> dict[str, Any]:
    """The first message of type ``kind`` the player's socket receives (what comes before it,
    states pushed on the way, is passed over); fails on an error or after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        msg: dict[str, Any] = json.loads(player.ws.recv(timeout=deadline - time.monotonic()))
        assert msg["type"] != "error", msg
        if msg["type"] == kind:
            return msg
