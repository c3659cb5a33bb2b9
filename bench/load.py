"""Load test of the card room: many WebSocket clients on many tables against a real server.

Starts ``cardtable serve`` on 127.0.0.1 (a free port, a temporary SQLite file), creates
``--tables`` tables (one or more person seats, computer players in the rest), opens
``--clients`` WebSocket clients over them (the players, the rest spectators), and lets the
players play random legal moves for ``--seconds``. It prints the time from a player sending
an action to each client of the table receiving the resulting state (p50/p99), and to the
player's acknowledgement. Bounded in clients and time; it stops the server itself.

    .venv/bin/python bench/load.py --tables 50 --clients 200 --seconds 20
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # never anything else
TOY = "toy-high-card"
LONG_MATCH = {TOY: {"target": 99}, "buck-euchre": {"start": 60}}


@dataclass
class TableLoad:
    id: str
    tokens: dict[int, str]
    sent: dict[int, float] = field(default_factory=dict)  # version an action makes -> sent at


@dataclass
class Figures:
    delivered: list[float] = field(default_factory=list)  # action sent -> state received
    acked: list[float] = field(default_factory=list)  # action sent -> ack received
    actions: int = 0
    errors: list[str] = field(default_factory=list)
    finished: int = 0


def start_server(db: Path, game: str, bot_delay: float) -> tuple[subprocess.Popen[str], str]:
    cmd = [
        sys.executable,
        "-m",
        "cardtable.cli.serve",
        "--host",
        HOST,
        "--port",
        "0",
        "--db",
        f"sqlite:///{db}",
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
    return launch(cmd)


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
    url: str,
    table: TableLoad,
    seat: int | None,
    figures: Figures,
    stop: asyncio.Event,
    think: float,
    rng: random.Random,
    ready: asyncio.Barrier,
) -> None:
    """One client: a player (random legal moves on its turn) or a spectator."""
    async with connect(url, max_size=2**20, open_timeout=30) as ws:
        seq = 0

        async def send(message: dict[str, Any]) -> None:
            nonlocal seq
            seq += 1
            await ws.send(json.dumps({**message, "seq": seq}))

        hello: dict[str, Any] = {"type": "hello", "table": table.id}
        if seat is not None:
            hello["token"] = table.tokens[seat]
        await send(hello)
        await ready.wait()
        reader = asyncio.create_task(read(ws, table, seat, figures, stop, think, rng, send))
        await stop.wait()
        reader.cancel()


async def read(
    ws: ClientConnection,
    table: TableLoad,
    seat: int | None,
    figures: Figures,
    stop: asyncio.Event,
    think: float,
    rng: random.Random,
    send: Any,
) -> None:
    pending = False
    async for raw in ws:
        now = time.perf_counter()
        msg = json.loads(raw)
        kind = msg["type"]
        if kind == "ack":
            sent = table.sent.get(msg["version"])
            if sent is not None:
                figures.acked.append(now - sent)
            pending = False
            continue
        if kind == "error":
            figures.errors.append(msg["code"])
            pending = False
            continue
        if kind != "state":
            continue
        sent = table.sent.get(msg["version"])
        if sent is not None:
            figures.delivered.append(now - sent)
        view = msg["view"]
        if view["is_over"]:
            if seat == 0:
                figures.finished += 1
            continue
        if seat is None or view["to_move"] != seat or pending or stop.is_set():
            continue
        if msg["status"] != "running":
            continue
        if think:
            await asyncio.sleep(think)
        action = rng.choice(view["legal_actions"])
        table.sent[msg["version"] + 1] = time.perf_counter()
        pending = True
        figures.actions += 1
        await send({"type": "play", "action": action, "version": msg["version"]})


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(args: argparse.Namespace, base: str, tables: list[TableLoad], humans: int) -> Figures:
    figures = Figures()
    stop = asyncio.Event()
    url = base.replace("http://", "ws://") + "/ws"
    per_table = args.clients // args.tables
    jobs = []
    for i, table in enumerate(tables):
        for j in range(per_table):
            seat = j if j < humans else None
            jobs.append((table, seat, random.Random(i * 1000 + j)))
    ready = asyncio.Barrier(len(jobs) + 1)
    tasks = [
        asyncio.create_task(client(url, t, s, figures, stop, args.think, rng, ready))
        for t, s, rng in jobs
    ]
    await asyncio.wait_for(ready.wait(), timeout=60)
    print(
        f"{len(tasks)} clients connected on {len(tables)} tables; playing {args.seconds} s",
        flush=True,
    )
    await asyncio.sleep(args.seconds)
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
    args = parser.parse_args()
    if not 1 <= args.tables <= 500 or not args.tables <= args.clients <= 2000:
        raise SystemExit("use 1-500 tables and at most 2000 clients, at least one per table")
    if not 0 < args.seconds <= 600:
        raise SystemExit("--seconds must be from 0 to 600")
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(Path(tmp) / "load.db", args.game, args.bot_delay)
        try:
            count, level = game_catalogue(base, args.game)
            per_table = args.clients // args.tables
            humans = max(1, min(count - 1, per_table // 2))
            tables = create_tables(base, args.game, args.tables, humans, count, level)
            started = time.perf_counter()
            figures = asyncio.run(run(args, base, tables, humans))
            elapsed = time.perf_counter() - started
            versions = [httpx2.get(f"{base}/api/tables/{t.id}").json()["version"] for t in tables]
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
    report(args, figures, humans, sum(versions), elapsed)


def report(args: argparse.Namespace, f: Figures, humans: int, total: int, elapsed: float) -> None:
    ms = 1000.0
    print(
        f"game {args.game}: {args.tables} tables, {args.clients} clients "
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
    print(
        f"matches finished: {f.finished}; errors: {len(f.errors)}"
        + (f" ({', '.join(sorted(set(f.errors))[:5])})" if f.errors else "")
    )


if __name__ == "__main__":
    main()
