"""Failover in well under the lease (docs/deploy.md): each node holds a PostgreSQL advisory
lock on a connection of its own, which PostgreSQL lets go the moment a killed node's
connection closes; the other node sees it gone within a fraction of a second and takes the
dead node's tables at once (a new fencing epoch), and the clients relayed to it are seated
there again by the node they are connected to, their sockets left open. The lease here is
30 s, so a take-over within a few seconds can only come from the lock."""

from __future__ import annotations

import json
import signal
import time

import psycopg

from tests.support.server import serving
from tests.test_server_nodes import (
    LEASE,
    NODE,
    Player,
    create,
    pg,  # noqa: F401  (the fixture)
    summary_version,
    wait_for,
)

LONG_LEASE = (*NODE, "--lease-seconds", "30", "--bot-delay", "0.05")
QUICK = 3.0  # seconds: a take-over must come within this, a tenth of the lease


def lease_of(db: str, table: str) -> tuple[str, int]:
    with psycopg.connect(db) as conn:
        row = conn.execute(
            "SELECT node, epoch FROM card_leases WHERE table_id = %s", (table,)
        ).fetchone()
        assert row is not None
        return str(row[0]), int(row[1])


def welcome(player: Player) -> str:
    """The first welcome or error the player's connection is sent (after whatever states
    came first): ``welcome`` when it is seated again without connecting again."""
    deadline = time.monotonic() + QUICK
    while time.monotonic() < deadline:
        msg = json.loads(player.ws.recv(timeout=QUICK))
        if msg["type"] == "welcome":
            return "welcome"
        if msg["type"] == "error":
            return str(msg["code"])
    return "none within the time"


def test_a_killed_nodes_tables_are_taken_at_once_not_after_the_lease(pg: str) -> None:  # noqa: F811
    with (
        serving(pg, "--node", "a", *LONG_LEASE) as (proc_a, a),
        serving(pg, "--node", "b", *LONG_LEASE) as (_, b),
    ):
        bots = create(a, ["random", "random"], target=60)["table"]["id"]
        created = create(a, ["human", "random"], target=60)
        person_table, token = created["table"]["id"], created["tokens"]["0"]
        person = Player(b, person_table, token)  # relayed by b to a
        assert person.my_turn(0)
        person.play_first_legal()
        wait_for("moves on node a", 20, lambda: summary_version(pg, bots) >= 3)
        assert lease_of(pg, bots) == ("a", 1) and lease_of(pg, person_table) == ("a", 1)

        proc_a.send_signal(signal.SIGKILL)
        killed = time.monotonic()
        proc_a.wait(timeout=10)
        at_kill = summary_version(pg, bots)
        wait_for("node b holds both tables", QUICK,
                 lambda: {lease_of(pg, t) for t in (bots, person_table)} == {("b", 2)})  # fmt: skip
        wait_for("a computer's move on node b", QUICK, lambda: summary_version(pg, bots) > at_kill)
        taken = time.monotonic() - killed

        # the person relayed to a is seated again at b on the same connection: pushed the
        # welcome and the state, they play on there without connecting again
        welcomed = welcome(person)
        assert welcomed == "welcome", welcomed
        moved = time.monotonic() - killed
        person.recv_state()
        assert person.my_turn(0)
        version = person.play_first_legal()
        played = time.monotonic() - killed
        assert lease_of(pg, person_table) == ("b", 2)
        assert summary_version(pg, person_table) >= version
        person.close()
    assert taken < QUICK and moved < QUICK and played < 2 * QUICK, (taken, moved, played)


def test_a_relayed_person_follows_their_table_to_its_new_node(pg: str) -> None:  # noqa: F811
    """Node a stalls (stopped, its connections open, so nobody sees it die) and its table's
    lease runs out; another node takes the table. Node c, which relays a person to a, sees
    the new holder in its round of the leases and seats them there on the same connection,
    rather than telling them to connect again (``table_moved``); they play on."""
    with (
        serving(pg, "--node", "a", *NODE) as (proc_a, a),
        serving(pg, "--node", "b", *NODE) as _,
        serving(pg, "--node", "c", *NODE) as (_, c),
    ):
        created = create(a, ["human", "random"], target=60)
        table, token = created["table"]["id"], created["tokens"]["0"]
        person = Player(c, table, token)  # relayed by c to a
        assert person.my_turn(0)
        person.play_first_legal()
        proc_a.send_signal(signal.SIGSTOP)
        try:
            wait_for("another node holds the table", 5 * float(LEASE),
                     lambda: lease_of(pg, table)[0] != "a")  # fmt: skip
            welcomed = welcome(person)
            assert welcomed == "welcome", welcomed
            person.recv_state()
            assert person.my_turn(0)
            version = person.play_first_legal()
            assert lease_of(pg, table)[0] != "a" and summary_version(pg, table) >= version
        finally:
            proc_a.send_signal(signal.SIGCONT)
        person.close()
