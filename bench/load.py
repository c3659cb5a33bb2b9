"""Load test of the card room: many WebSocket clients on many tables against a real server.

Starts ``cardtable serve`` on 127.0.0.1 (a free port, a temporary SQLite file), creates
``--tables`` tables (one or more person seats, computer players in the rest), opens
``--clients`` WebSocket clients over them (the players, the rest spectators), and lets the
players play random legal moves for ``--seconds``. It prints the time from a player sending
an action to each client of the table receiving the resulting state (p50/p99), and to the
player's acknowledgement. Bounded in clients and time; it stops the server itself.

With ``--nodes N`` (N > 1) the room runs as N nodes on a new PostgreSQL database (dropped
afterwards; ``--postgres`` names the server), the clients spread over the nodes (most of them
relayed to their table's node), and after ``--seconds`` one node is killed with SIGKILL: its
clients reconnect to the next node with their tokens, and play goes on for ``--after``
seconds (the clients relayed to the dead node through another are seated again by that node,
their connections open, as the page's are). A client waits after a lost connection as the
page does (``connection.js``: a random 0 to 0.25 s, then 0.5 s, 1 s, …), a node that refuses
the connection (the dead one) is passed over to the next at once, as a load balancer does, and
a welcome (seated again) ends the wait for an answer to a move. It prints the figures
before and after the kill, the time until every client saw its table play again, and how many
acknowledged actions are missing from the database (must be 0). The same load on one node
with SQLite runs first, for comparison (``--no-compare`` skips it). With ``--direct`` each
node has an address of its own (``--public-url``): a client whose table another node serves is
sent there (``table_moved`` with its address) and talks to it directly, instead of being
relayed over the bus for every message.

    .venv/bin/python bench/load.py --tables 50 --clients 200 --seconds 20
    .venv/bin/python bench/load.py --nodes 3 --tables 75 --clients 300 --seconds 60 --think 0.5
    .venv/bin/python bench/load.py --nodes 3 --tables 30 --clients 120 --seconds 20 --direct
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # never anything else
POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres"
TOY = "toy-high-card"
FIRST_RETRY = 0.25  # the page's longest first wait after a lost connection (connection.js)
LONG_MATCH = {TOY: {"target": 99}, "buck-euchre": {"start": 60}, "royal-casino": {"target": 1000}}


@dataclass
class TableLoad:
    id: str
    tokens: dict[int, str]
    sent: dict[int, float] = field(default_factory=dict)  # version an action makes -> sent at
    over: bool = False


@dataclass
class Figures:
    delivered: list[float] = field(default_factory=list)  # action sent -> state received
    acked: list[float] = field(default_factory=list)  # action sent -> ack received
    after: list[float] = field(default_factory=list)  # deliveries of actions sent after a kill
    in_flight: int = 0  # deliveries of actions sent before the kill, received after it
    actions: int = 0
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    acks: list[tuple[str, int, str]] = field(default_factory=list)  # table, version, action
    killed_at: float | None = None
    resumed: list[float] = field(default_factory=list)  # per client: kill -> a new state
    reconnects: int = 0
    sent: int = 0  # clients sent to their table's node (--direct)


@dataclass
class Watcher:
    """What one client last saw, to tell when its table plays again after a kill."""

    version: int = -1
    at_kill: int | None = None
    resumed: bool = False


def start_server(
    db: str, game: str, bot_delay: float, node: str | None = None, direct: bool = False
) -> tuple[subprocess.Popen[str], str]:
    port = free_port() if direct else 0
    cmd = [
        sys.executable,
        "-m",
        "cardtable.cli.serve",
        "--host",
        HOST,
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        str(bot_delay),
        "--takeover-seconds",
        "0",
        "--rate",
        "1000",
        # one address plays every seat here: lift the per-address limits (docs/security.md)
        "--http-rate",
        "100000",
        "--create-per-minute",
        "100000",
        "--create-burst",
        "100000",
        "--max-tables-per-client",
        "100000",
        "--max-sockets-per-client",
        "100000",
        "--max-handshakes-per-client",
        "100000",
    ]
    if game == TOY:
        cmd += ["--plugin", "tests.support.toygame"]
    if node is not None:
        cmd += ["--node", node, "--max-bot-tables-per-client", "100000"]
    if direct:
        cmd += ["--public-url", f"http://{HOST}:{port}"]
    return launch(cmd)


def free_port() -> int:
    """A loopback port nothing listens on now (the node's public address must be known
    before it starts)."""
    import socket

    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def launch(cmd: list[str]) -> tuple[subprocess.Popen[str], str]:
    """Run the server command ``cmd``; its process and address once it answers."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    found = re.search(r"http://127\.0\.0\.1:(\d+)", proc.stdout.readline())
    if not found:
        proc.kill()
        raise SystemExit("the server did not start")
    base = found.group(0)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx2.get(f"{base}/api/games", timeout=2).status_code == 200:
                return proc, base
        except httpx2.TransportError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not answer")


def game_catalogue(base: str, game: str) -> tuple[int, str]:
    """``game``'s default number of players and the server's first bot level, from one
    ``/api/games``; an unknown game stops the run with the games there are."""
    catalogue = httpx2.get(f"{base}/api/games").json()
    games = {g["id"]: g for g in catalogue["games"]}
    if game not in games:
        raise SystemExit(f"unknown game {game}; available: {', '.join(games)}")
    return games[game]["default_players"], catalogue["bot_levels"][0]


def create_tables(
    base: str, game: str, tables: int, humans: int, players: int, level: str
) -> list[TableLoad]:
    seats = ["human"] * humans + [level] * (players - humans)
    out = []
    with httpx2.Client(base_url=base, timeout=10) as http:
        for _ in range(tables):
            body = {"game": game, "seats": seats, "options": LONG_MATCH.get(game, {})}
            r = http.post("/api/tables", json=body)
            r.raise_for_status()
            data = r.json()
            tokens = {int(k): v for k, v in data["tokens"].items()}
            out.append(TableLoad(data["table"]["id"], tokens))
    return out


async def client(
    urls: list[str],
    first: int,
    table: TableLoad,
    seat: int | None,
    figures: Figures,
    stop: asyncio.Event,
    think: float,
    rng: random.Random,
    ready: asyncio.Barrier,
    watcher: Watcher,
) -> None:
    """One client: a player (random legal moves on its turn) or a spectator. When its
    connection ends (its node was killed, or the table moved) it connects to the next node
    with its token, as a page does; sent to the table's node (``--direct``), it connects
    there at once."""
    node = first
    joined = False
    sent_to: list[str] = []
    refused = 0  # nodes in a row that did not take the connection
    retry = 0  # waits since the last connection that opened, as connection.js counts them
    while not stop.is_set():
        url = sent_to.pop() if sent_to else urls[node % len(urls)]
        sent_to.clear()
        opened = False
        try:
            async with connect(url, max_size=2**20, open_timeout=30) as ws:
                opened = True
                refused = retry = 0
                seq = 0

                async def send(message: dict[str, Any]) -> int:
                    nonlocal seq
                    seq += 1
                    await ws.send(json.dumps({**message, "seq": seq}))
                    return seq

                hello: dict[str, Any] = {"type": "hello", "table": table.id}
                if seat is not None:
                    hello["token"] = table.tokens[seat]
                await send(hello)
                if not joined:
                    joined = True
                    await ready.wait()
                reader = asyncio.create_task(
                    read(ws, table, seat, figures, stop, think, rng, send, watcher, sent_to)
                )
                stopping = asyncio.create_task(stop.wait())
                await asyncio.wait({reader, stopping}, return_when=asyncio.FIRST_COMPLETED)
                for task in (reader, stopping):
                    task.cancel()
        except (OSError, WebSocketException, TimeoutError):
            pass
        if stop.is_set():
            return
        if sent_to:
            figures.sent += 1
            continue
        figures.reconnects += 1
        node += 1  # the next node (this one may be gone)
        if not opened:
            refused += 1
            if refused < len(urls):
                continue  # as a load balancer passes a refused connection to the next node
        # as the page waits (connection.js): a random 0 to FIRST_RETRY s, then 0.5 s, 1 s, …
        await asyncio.sleep(
            rng.random() * FIRST_RETRY if retry == 0 else min(10, 0.5 * 2 ** (retry - 1))
        )
        retry += 1
        refused = 0


async def read(
    ws: ClientConnection,
    table: TableLoad,
    seat: int | None,
    figures: Figures,
    stop: asyncio.Event,
    think: float,
    rng: random.Random,
    send: Any,
    watcher: Watcher,
    sent_to: list[str],
) -> None:
    pending = False
    played: dict[int, str] = {}  # seq -> the action sent with it, for its ack
    latest: dict[str, Any] = {}  # the newest state: the move is made on it, as a page's is
    mover: asyncio.Task[None] | None = None

    def to_play(msg: dict[str, Any]) -> bool:
        """Whether this seat is to move on the state ``msg`` and has no move awaiting its ack."""
        view = msg["view"]
        return (seat is not None and not view["is_over"] and view["to_move"] == seat
                and msg["status"] == "running" and not pending and not stop.is_set())  # fmt: skip

    async def move_after(pause: float) -> None:
        """The player's turn: after its pause, a move on the newest state, if it is still
        this seat's turn (the client reads on meanwhile, as a page does)."""
        nonlocal pending
        if pause:
            await asyncio.sleep(pause)
        msg = latest
        if not to_play(msg):
            return
        view = msg["view"]
        action = rng.choice(view["legal_actions"])
        table.sent[msg["version"] + 1] = time.perf_counter()
        pending = True
        figures.actions += 1
        try:
            seq = await send({"type": "play", "action": action, "version": msg["version"]})
        except (OSError, WebSocketException):
            return  # the connection ended meanwhile: the client connects again
        played[seq] = action

    try:
        async for raw in ws:
            now = time.perf_counter()
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "ack":
                sent = table.sent.get(msg["version"])
                if sent is not None:
                    figures.acked.append(now - sent)
                # by the ack's seq: a move sent just before a welcome (seated again) may be
                # answered after one sent after it
                figures.acks.append((table.id, msg["version"], played.pop(msg["seq"], "")))
                pending = False
                continue
            if kind == "error" and msg.get("url"):  # served at another node's address
                sent_to.append(msg["url"])
                continue
            if kind == "error":
                figures.errors.append(msg["code"])
                pending = False
                continue
            if kind == "welcome":
                # seated (again: its node joins it again after a failover, the connection
                # kept): a move sent before is answered no more (it was lost with the dead
                # node), and the state that follows says whose turn it is, as on the page. A
                # move that crossed the welcome is answered, and the one made on the state
                # after the welcome is then refused (stale_version), as a page's would be
                pending = False
                continue
            if kind != "state":
                continue
            watcher.version = max(watcher.version, msg["version"])
            if (watcher.at_kill is not None and not watcher.resumed
                    and msg["version"] > watcher.at_kill):  # fmt: skip
                watcher.resumed = True
                assert figures.killed_at is not None
                figures.resumed.append(now - figures.killed_at)
            sent = table.sent.get(msg["version"])
            if sent is not None:
                kill = figures.killed_at
                if kill is None or now < kill:
                    figures.delivered.append(now - sent)
                elif sent >= kill:
                    figures.after.append(now - sent)
                else:
                    figures.in_flight += 1
            view = msg["view"]
            if view["is_over"]:
                if not table.over:
                    figures.finished += 1
                table.over = True
                continue
            latest = msg
            # a move already waiting for its player's pause takes this state when it is made
            if to_play(msg) and (mover is None or mover.done()):
                mover = asyncio.create_task(move_after(think))
    finally:
        if mover is not None:
            mover.cancel()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(
    args: argparse.Namespace,
    bases: list[str],
    tables: list[TableLoad],
    humans: int,
    kill: subprocess.Popen[str] | None = None,
) -> Figures:
    """The clients, spread over the nodes; after ``--seconds``, ``kill`` is killed (SIGKILL)
    and play goes on for ``--after`` seconds."""
    figures = Figures()
    stop = asyncio.Event()
    urls = [base.replace("http://", "ws://") + "/ws" for base in bases]
    per_table = args.clients // args.tables
    jobs = []
    for i, table in enumerate(tables):
        for j in range(per_table):
            seat = j if j < humans else None
            jobs.append((table, seat, random.Random(i * 1000 + j), Watcher()))
    ready = asyncio.Barrier(len(jobs) + 1)
    tasks = [
        asyncio.create_task(client(urls, n, t, s, figures, stop, args.think, rng, ready, watcher))
        for n, (t, s, rng, watcher) in enumerate(jobs)
    ]
    await asyncio.wait_for(ready.wait(), timeout=60)
    print(
        f"{len(tasks)} clients connected on {len(tables)} tables over {len(bases)} node(s); "
        f"playing {args.seconds} s",
        flush=True,
    )
    await asyncio.sleep(args.seconds)
    if kill is not None:
        kill.send_signal(signal.SIGKILL)
        figures.killed_at = time.perf_counter()
        for table, _, _, watcher in jobs:
            if not table.over:
                watcher.at_kill = watcher.version
        at = time.time()  # as the nodes' log lines show it, to read their times against
        stamp = time.strftime("%H:%M:%S", time.localtime(at)) + f",{int(at % 1 * 1000):03d}"
        print(f"one node killed at {stamp}; playing {args.after} s more", flush=True)
        await asyncio.sleep(args.after)
        waiting = sum(1 for t, _, _, w in jobs if w.at_kill is not None and not w.resumed)
        if waiting:
            figures.errors.append(f"{waiting} clients never saw their table play again")
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    for task in tasks:
        if not task.done():
            task.cancel()
        elif task.exception() is not None:
            figures.errors.append(repr(task.exception()))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--clients", type=int, default=200, help="in all (players + spectators)")
    parser.add_argument("--game", default=TOY)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.0, help="a player's pause before moving")
    parser.add_argument("--bot-delay", type=float, default=0.0)
    parser.add_argument("--nodes", type=int, default=1, help="> 1: nodes on PostgreSQL")
    parser.add_argument("--after", type=float, default=30.0, help="seconds played after a kill")
    parser.add_argument("--postgres", default=POSTGRES, help="server for the nodes' database")
    parser.add_argument("--no-compare", action="store_true", help="skip the one-node SQLite run")
    parser.add_argument(
        "--direct", action="store_true", help="nodes at their own addresses: clients sent there"
    )
    args = parser.parse_args()
    if not 1 <= args.tables <= 500 or not args.tables <= args.clients <= 2000:
        raise SystemExit("use 1-500 tables and at most 2000 clients, at least one per table")
    if not 0 < args.seconds <= 600 or not 0 < args.after <= 600 or not 1 <= args.nodes <= 8:
        raise SystemExit("--seconds and --after must be from 0 to 600, --nodes from 1 to 8")
    if args.nodes == 1 or not args.no_compare:
        with tempfile.TemporaryDirectory() as tmp:
            measure(args, f"sqlite:///{Path(tmp) / 'load.db'}", 1)
    if args.nodes > 1:
        with postgres_database(args.postgres) as url:
            measure(args, url, args.nodes)


def measure(args: argparse.Namespace, db: str, nodes: int) -> None:
    """One run: the nodes on ``db``, the tables created round the nodes, the clients; with
    more than one node, the first is killed after ``--seconds``."""
    servers = [
        start_server(
            db,
            args.game,
            args.bot_delay,
            None if nodes == 1 else f"n{i}",
            nodes > 1 and args.direct,
        )
        for i in range(nodes)
    ]
    bases = [base for _, base in servers]
    try:
        count, level = game_catalogue(bases[0], args.game)
        per_table = args.clients // args.tables
        humans = max(1, min(count - 1, per_table // 2))
        tables: list[TableLoad] = []
        for i in range(nodes):  # each node creates (and serves) its share
            share = args.tables // nodes + (1 if i < args.tables % nodes else 0)
            tables += create_tables(bases[i], args.game, share, humans, count, level)
        started = time.perf_counter()
        killed = servers[0][0] if nodes > 1 else None
        figures = asyncio.run(run(args, bases, tables, humans, killed))
        elapsed = time.perf_counter() - started
        alive = bases[1] if nodes > 1 else bases[0]
        versions = [httpx2.get(f"{alive}/api/tables/{t.id}").json()["version"] for t in tables]
    finally:
        for proc, _ in servers:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
    lost = lost_actions(db, figures.acks)
    where = "SQLite, one node" if nodes == 1 else f"PostgreSQL, {nodes} nodes"
    if nodes > 1:
        where += ", clients sent to their table's node" if args.direct else ", relayed"
    report(args, figures, humans, sum(versions), elapsed, where, lost)


def lost_actions(db: str, acks: list[tuple[str, int, str]]) -> int:
    """Acknowledged actions that are not in the database as acknowledged."""
    sys.path.insert(0, str(ROOT))
    from cardtable.server.store import Store

    store = Store(db)
    try:
        logs: dict[str, list[str]] = {}
        for table_id in {t for t, _, _ in acks}:
            stored = store.load(table_id)
            logs[table_id] = [] if stored is None else [a.text for a in stored.actions]
    finally:
        store.close()
    return sum(
        1 for t, version, action in acks if version > len(logs[t]) or logs[t][version - 1] != action
    )


@contextmanager
def postgres_database(admin_url: str) -> Iterator[str]:
    """A new database on the PostgreSQL server ``admin_url`` names, dropped afterwards."""
    import psycopg
    from psycopg import sql

    name = f"cardtable_load_{os.getpid()}"
    admin = psycopg.connect(admin_url, autocommit=True)
    try:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        try:
            yield admin_url.rsplit("/", 1)[0] + "/" + name
        finally:
            admin.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))
    finally:
        admin.close()


def report(
    args: argparse.Namespace,
    f: Figures,
    humans: int,
    total: int,
    elapsed: float,
    where: str,
    lost: int,
) -> None:
    ms = 1000.0
    print(
        f"== {where}: game {args.game}: {args.tables} tables, {args.clients} clients "
        f"({humans} player(s) per table, the rest spectators), bot delay {args.bot_delay} s, "
        f"think {args.think} s"
    )
    print(f"actions stored: {total} in all ({total / elapsed:.0f}/s), {f.actions} by players")
    if f.delivered:
        d = f.delivered
        print(
            f"action -> state at each client of the table: p50 {percentile(d, 0.5) * ms:.1f} ms, "
            f"p99 {percentile(d, 0.99) * ms:.1f} ms, max {max(d) * ms:.1f} ms "
            f"({len(d)} deliveries, mean {statistics.fmean(d) * ms:.1f} ms)"
        )
    if f.acked:
        print(
            f"action -> acknowledgement: p50 {percentile(f.acked, 0.5) * ms:.1f} ms, "
            f"p99 {percentile(f.acked, 0.99) * ms:.1f} ms"
        )
    if f.killed_at is not None:
        if f.after:
            a = f.after
            print(
                f"after the kill, action -> state at each client: p50 "
                f"{percentile(a, 0.5) * ms:.1f} ms, p99 {percentile(a, 0.99) * ms:.1f} ms "
                f"({len(a)} deliveries; {f.in_flight} of actions sent before it)"
            )
        if f.resumed:
            print(
                f"kill -> each client sees its table play again: p50 "
                f"{percentile(f.resumed, 0.5):.2f} s, p90 {percentile(f.resumed, 0.9):.2f} s, "
                f"max {max(f.resumed):.2f} s "
                f"({len(f.resumed)} clients; {f.reconnects} reconnections, "
                f"{f.sent} sent to their table's node)"
            )
    print(f"acknowledged actions: {len(f.acks)}; missing from the database: {lost}")
    print(
        f"matches finished: {f.finished}; errors: {len(f.errors)}"
        + (f" ({', '.join(sorted(set(f.errors))[:5])})" if f.errors else "")
    )


if __name__ == "__main__":
    main()
