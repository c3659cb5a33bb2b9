"""Several nodes of one card room on one PostgreSQL database (docs/deploy.md): each live table
is served by one node at a time through its lease; a client may connect to any node and is
relayed to the table's; when a node is killed with SIGKILL its tables are taken over by
another, computer seats go on, people reconnect anywhere with their tokens, and no action the
room acknowledged is lost."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx2
import psycopg
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.support.browser import LIFTED
from tests.support.databases import postgres_database, redis_url
from tests.support.server import serving

LEASE = "2"  # seconds: a killed node's tables are taken over within a few
NODE = ("--takeover-seconds", "0", "--plugin", "tests.support.toygame", "--lease-seconds", LEASE,
        "--max-bot-tables-per-client", "100", *LIFTED)  # fmt: skip
PACE = 1 / 15  # a client keeps under the room's 20 messages a second


class Player:
    """A person at one seat over a real WebSocket, remembering what the room acknowledged."""

    def __init__(self, base: str, table: str, token: str, *, tries: float = 20.0) -> None:
        self.base, self.table, self.token = base, table, token
        self.seq = 0
        self.sockets = ExitStack()
        self.state: dict[str, Any] = {}
        self.acked: dict[int, str] = {}  # version -> the action the room acknowledged
        self.ws = self._join(tries)

    def _join(self, tries: float) -> ClientConnection:
        """Join, again and again while the table is between nodes (``table_moved``)."""
        deadline = time.monotonic() + tries
        while True:
            ws = self.sockets.enter_context(
                connect(self.base.replace("http", "ws") + "/ws", max_size=2**20)
            )
            self.seq += 1
            ws.send(json.dumps({"type": "hello", "table": self.table, "token": self.token,
                                "seq": self.seq}))  # fmt: skip
            first = json.loads(ws.recv(timeout=15))
            if first["type"] == "welcome":
                self.recv_state(ws)
                return ws
            ws.close()
            assert first.get("code") in ("table_moved", "server_error"), first
            assert time.monotonic() < deadline, f"could not join: {first}"
            time.sleep(0.5)

    def recv_state(self, ws: ClientConnection | None = None) -> dict[str, Any]:
        while True:
            msg: dict[str, Any] = json.loads((ws or self.ws).recv(timeout=20))
            assert msg["type"] != "error", msg
            if msg["type"] == "state":
                self.state = msg
                return msg

    def until(self, version: int) -> dict[str, Any]:
        while self.state.get("version", -1) < version:
            self.recv_state()
        return self.state

    def my_turn(self, seat: int) -> bool:
        """Wait for this seat's turn; False once the match is over."""
        while True:
            view = self.state["view"]
            if view["is_over"]:
                return False
            if view["to_move"] == seat and self.state["status"] == "running":
                return True
            self.recv_state()

    def play_first_legal(self) -> int:
        action = self.state["view"]["legal_actions"][0]
        time.sleep(PACE)
        self.seq += 1
        self.ws.send(json.dumps({"type": "play", "action": action,
                                 "version": self.state["version"], "seq": self.seq}))  # fmt: skip
        while True:
            msg = json.loads(self.ws.recv(timeout=20))
            assert msg["type"] != "error", msg
            if msg["type"] == "state":
                self.state = msg
            if msg["type"] == "ack":
                self.acked[msg["version"]] = action
                self.until(msg["version"])
                return int(msg["version"])

    def close(self) -> None:
        self.sockets.close()


@contextmanager
def nodes(db: str, names: list[str], *options: str) -> Iterator[list[tuple[Any, str]]]:
    """Nodes of one room on ``db``, each its own process; yields (process, address) each."""
    with ExitStack() as stack:
        yield [stack.enter_context(serving(db, "--node", n, *NODE, *options)) for n in names]


def create(base: str, seats: list[str], target: int = 6) -> dict[str, Any]:
    r = httpx2.post(f"{base}/api/tables", json={"game": "toy-high-card", "seats": seats,
                                                "options": {"target": target}})  # fmt: skip
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


def holder(db: str, table: str) -> str | None:
    with psycopg.connect(db) as conn:
        row = conn.execute("SELECT node FROM card_leases WHERE table_id = %s", (table,)).fetchone()
        return None if row is None else str(row[0])


def record_actions(base: str, table: str) -> list[str]:
    record = httpx2.get(f"{base}/api/tables/{table}/record", timeout=10).json()
    return [a for hand in record["hands"] for a in hand["actions"]]


def summary(base: str, table: str) -> dict[str, Any]:
    found: dict[str, Any] = httpx2.get(f"{base}/api/tables/{table}", timeout=10).json()
    return found


def wait_for(what: str, seconds: float, check: Any) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, f"{what}: not within {seconds} s"
        time.sleep(0.2)
    return found


@pytest.fixture
def pg() -> Iterator[str]:
    with postgres_database() as url:
        yield url


@pytest.mark.parametrize("bus", ["postgresql", "redis"])
def test_two_people_one_on_each_node_play_to_the_end(pg: str, bus: str) -> None:
    options = ("--bus", redis_url()) if bus == "redis" else ()
    with nodes(pg, ["a", "b"], "--bot-delay", "0", *options) as [(_, a), (_, b)]:
        created = create(a, ["human", "human"])
        table, tokens = created["table"]["id"], created["tokens"]
        assert holder(pg, table) == "a"
        listed = httpx2.get(f"{b}/api/tables").json()  # the lobby lists every node's tables
        assert table in [t["id"] for t in listed["tables"]]
        players = [Player(a, table, tokens["0"]), Player(b, table, tokens["1"])]  # 1 relayed
        assert players[1].state["status"] == "running"  # both seats joined: the match began
        while not players[0].state["view"]["is_over"]:
            mover = players[0].state["view"]["to_move"]
            version = players[mover].play_first_legal()
            players[1 - mover].until(version)
        last = players[0].state["version"]
        assert players[1].until(last)["view"]["is_over"]
        assert holder(pg, table) == "a"  # node b relayed its person's moves all along
        for p in players:
            p.close()
        actions = record_actions(b, table)
    assert len(actions) == last
    for p in players:
        for version, action in p.acked.items():
            assert actions[version - 1] == action
    assert {len(p.acked) for p in players} != {0}  # each person played through their node


def test_a_computer_table_goes_on_after_its_node_is_killed(pg: str) -> None:
    with nodes(pg, ["a", "b"], "--bot-delay", "0.1") as [(proc_a, a), (_, b)]:
        table = create(a, ["random", "random"], target=20)["table"]["id"]
        wait_for("a few moves on node a", 20, lambda: summary(a, table)["version"] >= 5)
        proc_a.send_signal(signal.SIGKILL)
        proc_a.wait(timeout=10)
        at_kill = summary(b, table)["version"]
        killed = time.monotonic()
        wait_for("a move on node b", 20, lambda: summary(b, table)["version"] > at_kill)
        taken_over = time.monotonic() - killed
        assert holder(pg, table) == "b"
        wait_for("the match's end on node b", 120, lambda: summary(b, table)["winner"] is not None)
        actions = record_actions(b, table)
    assert len(actions) == summary_version(pg, table)
    assert taken_over < 3 * float(LEASE) + 5


def summary_version(db: str, table: str) -> int:
    with psycopg.connect(db) as conn:
        row = conn.execute("SELECT version FROM card_tables WHERE id = %s", (table,)).fetchone()
        assert row is not None
        return int(row[0])


def test_a_person_whose_node_died_plays_on_at_the_other(pg: str) -> None:
    with nodes(pg, ["a", "b"], "--bot-delay", "0") as [(proc_a, a), (_, b)]:
        created = create(a, ["human", "random"], target=8)
        table, token = created["table"]["id"], created["tokens"]["0"]
        before = Player(a, table, token)
        for _ in range(4):
            assert before.my_turn(0)
            before.play_first_legal()
        proc_a.send_signal(signal.SIGKILL)
        proc_a.wait(timeout=10)
        after = Player(b, table, token)  # refused as moved until b takes the table over
        assert after.state["version"] >= max(before.acked)
        while after.my_turn(0):
            after.play_first_legal()
        actions = record_actions(b, table)
    assert len(actions) == after.state["version"]
    for p in (before, after):
        for version, action in p.acked.items():
            assert actions[version - 1] == action


def test_every_table_resumes_when_every_node_restarts(pg: str) -> None:
    with nodes(pg, ["a", "b"], "--bot-delay", "0.2") as [(proc_a, a), (proc_b, b)]:
        tables = [create(base, ["random", "random"], target=60)["table"]["id"]
                  for base in (a, a, b, b)]  # fmt: skip
        for t in tables:
            wait_for("a move at every table", 20, lambda t=t: summary(a, t)["version"] >= 2)
        for proc in (proc_a, proc_b):
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=10)
    stopped = {t: summary_version(pg, t) for t in tables}
    with nodes(pg, ["c", "d"], "--bot-delay", "0.2") as [(_, c), (_, d)]:
        for t in tables:
            wait_for(f"table {t} resumed", 30, lambda t=t: summary(c, t)["version"] > stopped[t])
        served = {holder(pg, t) for t in tables}
        assert served <= {"c", "d"} and served
        assert summary(d, tables[0])["status"] == "running"


SLOW_A = (*NODE, "--lease-seconds", "30", "--bot-delay", "0.3")


def test_a_node_that_lost_its_table_lets_go_instead_of_retrying(pg: str, tmp_path: Any) -> None:
    """Node a still plays a table whose lease went to b (as after a stall): the database
    refuses the second writer of an action by the log's key, and the one refused lets the
    table go (a) or rebuilds it from the log (b, whose lease it is) instead of retrying; the
    match ends on b with a log that replays."""
    logs = {n: (tmp_path / f"{n}.log").open("w") for n in ("a", "b")}
    with ExitStack() as stack:
        # a renews its leases only every 10 s and moves slowly: b, faster, stores first
        proc_a, a = stack.enter_context(serving(pg, "--node", "a", *SLOW_A, stderr=logs["a"]))
        _, b = stack.enter_context(
            serving(pg, "--node", "b", *NODE, "--bot-delay", "0.05", stderr=logs["b"])
        )
        table = create(a, ["random", "random"], target=20)["table"]["id"]
        wait_for("a few moves on node a", 20, lambda: summary(a, table)["version"] >= 3)
        with psycopg.connect(pg) as conn:
            conn.execute("UPDATE card_leases SET node = 'b', until = now() + interval '1 minute'"
                         " WHERE table_id = %s", (table,))  # fmt: skip
        watcher = stack.enter_context(connect(b.replace("http", "ws") + "/ws"))
        watcher.send(json.dumps({"type": "hello", "table": table, "seq": 1}))  # b loads it
        assert json.loads(watcher.recv(timeout=10))["type"] == "welcome"
        wait_for("the end on node b", 60, lambda: summary(b, table)["winner"] is not None)
        actions = record_actions(b, table)  # replayed and checked by the room
        assert proc_a.poll() is None
    for f in logs.values():
        f.close()
    assert len(actions) == summary_version(pg, table)
    text = {n: (tmp_path / f"{n}.log").read_text() for n in logs}
    assert text["a"].count("another server plays it now") == 1, text  # the log's key refused it
    assert text["a"].count("let go here") == 1, text
    assert text["b"].count("another server plays it now") <= 1, text  # one race at most
    assert "could not store action" not in text["a"] + text["b"], text  # nothing else failed


def test_a_person_whose_door_died_is_away_at_the_table(pg: str) -> None:
    """A person relayed through node b, which dies: node a, serving the table, stops counting
    them as there once b has not been heard from for a lease, so their seat is away (and a
    computer may stand in)."""
    with nodes(pg, ["a", "b"], "--bot-delay", "0") as [(_, a), (proc_b, b)]:
        created = create(a, ["human", "random"])
        table = created["table"]["id"]
        person = Player(b, table, created["tokens"]["0"])
        assert summary(a, table)["seats"][0]["connected"]
        proc_b.send_signal(signal.SIGKILL)
        proc_b.wait(timeout=10)
        wait_for(
            "seat 0 away", 5 * float(LEASE), lambda: not summary(a, table)["seats"][0]["connected"]
        )
        person.sockets.close()
