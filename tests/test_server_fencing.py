"""Fenced writers on PostgreSQL with two nodes (docs/deploy.md): a node stopped past its lease
(SIGSTOP) and then continued can store and acknowledge nothing at a table another node took
over, says so to its clients, and the new owner serves the stored version at once."""

from __future__ import annotations

import json
import signal
import time
from typing import Any, cast

from tests.test_server_nodes import (
    LEASE,
    Player,
    create,
    holder,
    nodes,
    pg,  # noqa: F401  (the fixture)
    summary_version,
    wait_for,
)


def test_a_node_stalled_past_its_lease_stores_and_acknowledges_nothing(pg: str) -> None:  # noqa: F811
    with nodes(pg, ["a", "b"], "--bot-delay", "0") as [(proc_a, a), (_, b)]:
        created = create(a, ["human", "human"], target=20)
        table, tokens = created["table"]["id"], created["tokens"]
        players = [Player(a, table, tokens["0"]), Player(a, table, tokens["1"])]
        players[1].until(0)
        for _ in range(3):  # a few moves on node a
            mover = players[0].state["view"]["to_move"]
            version = players[mover].play_first_legal()
            players[1 - mover].until(version)
        mover = players[0].state["view"]["to_move"]
        stalled = players[mover]
        version = stalled.state["version"]
        assert summary_version(pg, table) == version

        proc_a.send_signal(signal.SIGSTOP)
        try:
            stalled.seq += 1  # the move waits in a's socket while a is stopped
            action = stalled.state["view"]["legal_actions"][0]
            stalled.ws.send(json.dumps({"type": "play", "action": action, "version": version,
                                        "seq": stalled.seq}))  # fmt: skip
            wait_for("node b takes the table over", 10 * float(LEASE),
                     lambda: holder(pg, table) == "b")  # fmt: skip
            watcher = Player(b, table, cast(str, None))  # a spectator (no token)
            assert watcher.state["version"] == version  # the stored version, at once
        finally:
            proc_a.send_signal(signal.SIGCONT)

        seen = _until_refused(stalled)
        assert "ack" not in [m["type"] for m in seen], seen
        refused = [m for m in seen if m["type"] == "error"]
        assert refused and refused[0]["code"] in ("table_moved", "not_joined"), seen
        time.sleep(1.0)  # whatever a still had in hand, it has done by now
        assert summary_version(pg, table) == version  # nothing stored by a
        assert len(record_actions_so_far(pg, table)) == version

        again = Player(b, table, stalled.token)  # the person joins where the table is now
        assert again.state["version"] == version
        assert again.play_first_legal() == version + 1  # b stores and acknowledges it
        assert watcher.until(version + 1)["version"] == version + 1
        for p in (*players, watcher, again):
            p.close()
        assert summary_version(pg, table) == version + 1
        assert holder(pg, table) == "b"


def _until_refused(player: Player) -> list[dict[str, Any]]:
    """What the stalled node sends this player after it continues, until it refuses or
    closes the connection."""
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            msg: dict[str, Any] = json.loads(player.ws.recv(timeout=15))
        except Exception:  # closed by the node: it has let the table go
            break
        seen.append(msg)
        if msg["type"] in ("error", "ack"):
            break
    return seen


def record_actions_so_far(db: str, table: str) -> list[str]:
    import psycopg

    with psycopg.connect(db) as conn:
        rows = conn.execute(
            "SELECT text FROM card_actions WHERE table_id = %s ORDER BY number", (table,)
        ).fetchall()
    return [str(r[0]) for r in rows]
