"""A 20 s database outage under two nodes (docs/deploy.md, "When something goes away"): the
test starts a PostgreSQL cluster of its own (``initdb``/``pg_ctl`` of PostgreSQL 15, run as the
``postgres`` user when the test runs as root), two nodes on it with its own bus, a person
relayed through one node to the other; the cluster is stopped for 20 s and started again, and
the relayed person then gets the table's state or is told to connect again within seconds
(a relayed table stayed stuck after such an outage)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.test_server_nodes import Player, create, nodes

BIN = Path("/usr/lib/postgresql/15/bin")
OUTAGE = 20.0


def _as_postgres(command: list[str]) -> list[str]:
    """As root, PostgreSQL's tools refuse to run: run them as the postgres user."""
    if os.geteuid() != 0:
        return command
    runuser = shutil.which("runuser")
    if runuser is None:
        pytest.skip("running as root without runuser")
    return [runuser, "-u", "postgres", "--", *command]


@contextmanager
def private_cluster() -> Iterator[tuple[str, Any]]:
    """A PostgreSQL cluster on a free port, in a folder of its own that the postgres user may
    enter; yields its URL and ``ctl("stop" | "start")``."""
    if not (BIN / "initdb").exists():
        pytest.skip("no PostgreSQL 15 binaries")
    with tempfile.TemporaryDirectory(prefix="cardtable-pg-") as where:
        tmp = Path(where)
        if os.geteuid() == 0:
            shutil.chown(tmp, "postgres")
        with _cluster(tmp) as found:
            yield found


@contextmanager
def _cluster(tmp: Path) -> Iterator[tuple[str, Any]]:
    data = tmp / "pgdata"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    subprocess.run(_as_postgres([str(BIN / "initdb"), "-D", str(data), "-U", "postgres",
                                 "--auth=trust"]), check=True, capture_output=True)  # fmt: skip
    options = f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 -c fsync=off"

    def ctl(what: str) -> None:
        command = [str(BIN / "pg_ctl"), "-D", str(data), "-w", "-t", "30", "-m", "fast"]
        if what == "start":
            command += ["-o", options, "-l", str(tmp / "pg.log")]
        subprocess.run(_as_postgres([*command, what]), check=True, capture_output=True)

    ctl("start")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres", ctl
    finally:
        subprocess.run(_as_postgres([str(BIN / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                     "stop"]), capture_output=True)  # fmt: skip


def test_a_relayed_person_hears_again_after_a_20_s_database_outage() -> None:
    with (
        private_cluster() as (db, ctl),
        nodes(db, ["a", "b"], "--bot-delay", "0") as [(_, a), (_, b)],
    ):
        created = create(a, ["human", "human"], target=20)
        table, tokens = created["table"]["id"], created["tokens"]
        here = Player(a, table, tokens["0"])
        relayed = Player(b, table, tokens["1"])  # through b, over the database's bus
        version = relayed.state["version"]
        ctl("stop")
        time.sleep(OUTAGE)
        ctl("start")
        back = time.monotonic()
        heard = _hears(relayed, 20)
        assert heard is not None, "the relayed person heard nothing"
        assert time.monotonic() - back < 15, heard
        if heard["type"] == "state":
            assert heard["version"] >= version
        else:
            assert heard["code"] == "table_moved", heard
            again = Player(b, table, tokens["1"], tries=40)  # and plays on
            assert again.state["version"] >= version
            again.close()
        here.close()
        relayed.close()


def _hears(player: Player, seconds: float) -> dict[str, Any] | None:
    """The first state or error the socket receives (or a close: then a reconnect notice)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            msg: dict[str, Any] = json.loads(player.ws.recv(timeout=deadline - time.monotonic()))
        except TimeoutError:
            return None
        except Exception:  # closed by its node: the page connects again
            return {"type": "error", "code": "table_moved"}
        if msg["type"] in ("state", "error"):
            return msg
    return None
