"""Flood benchmark: does a person's table keep its pace while others try to knock the room over?

Starts ``cardtable serve`` on 127.0.0.1 with its default limits (a temporary SQLite file).
A person (one WebSocket, its own loopback address, in its own process so the floods' client
work does not delay its clock) plays Royal Casino against a computer player all along, and
the time from sending each move to seeing the computer's reply is measured. Phases of
``--seconds`` each: quiet; ``--creators`` clients creating tables as fast as they can;
``--hinters`` seated clients flooding hint requests and playing on; ``--idle`` TCP sockets
that never send a request (reopened as the server closes them); ``--searchers`` tables of
computers at ``search:hard`` created at the start of the last phase, which play on to its end.
Every client uses a
loopback address (127.0.x.y: one per flooding client, as distinct machines would); every
loop stops by itself at the end of its phase.

    .venv/bin/python bench/flood.py --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import launch

HOST = "127.0.0.1"  # the server listens here only
PERSON = "127.0.0.2"
GAME = "royal-casino"


def start_server(db: Path, bot_delay: float) -> tuple[subprocess.Popen[str], str]:
    """The server with its default limits: what is measured is how they hold."""
    return launch([sys.executable, "-m", "cardtable.cli.serve", "--host", HOST, "--port", "0",
                   "--db", f"sqlite:///{db}", "--bot-delay", str(bot_delay),
                   "--takeover-seconds", "0"])  # fmt: skip


def http(base: str, address: str) -> httpx2.AsyncClient:
    transport = httpx2.AsyncHTTPTransport(local_address=address)
    return httpx2.AsyncClient(base_url=base, transport=transport, timeout=10)


async def new_table(base: str, address: str, seats: list[str]) -> tuple[str, str]:
    async with http(base, address) as client:
        r = await client.post("/api/tables", json={"game": GAME, "seats": seats})
        r.raise_for_status()
        data = r.json()
        return data["table"]["id"], data["tokens"].get("0", "")  # (none at a computers' table)


async def sit(base: str, address: str, table: str, token: str) -> ClientConnection:
    ws = await connect(base.replace("http", "ws") + "/ws", local_addr=(address, 0))
    await ws.send(json.dumps({"type": "hello", "seq": 1, "table": table, "token": token}))
    return ws


async def receive(ws: ClientConnection, until: float) -> dict[str, Any] | None:
    """The next message, or None once ``until`` has come."""
    try:
        data: dict[str, Any] = json.loads(
            await asyncio.wait_for(ws.recv(), max(0.0, until - time.monotonic()))
        )
    except TimeoutError:
        return None
    return data


def first_move(seq: int, state: dict[str, Any]) -> str:
    action = state["view"]["legal_actions"][0]
    return json.dumps({"type": "play", "seq": seq, "action": action, "version": state["version"]})


# -- the person ---------------------------------------------------------------------------------
async def person(base: str, until: float) -> list[tuple[float, float]]:
    """(sent at, seconds to the computer's reply) for each move, until ``until``."""
    samples: list[tuple[float, float]] = []
    seq = 1
    while time.monotonic() < until:
        table, token = await new_table(base, PERSON, ["human", "heuristic"])
        ws = await sit(base, PERSON, table, token)
        sent: float | None = None
        try:
            while (msg := await receive(ws, until)) is not None:
                if msg["type"] != "state":
                    continue
                view, last = msg["view"], msg["last"]
                if sent is not None and last is not None and last["seat"] != view["seat"]:
                    samples.append((sent, time.monotonic() - sent))
                    sent = None
                if view["is_over"]:
                    break
                if view["to_move"] == view["seat"]:  # (a new deal may give me two turns)
                    seq += 1
                    sent = time.monotonic()
                    await ws.send(first_move(seq, msg))
        finally:
            await ws.close()
    return samples


def person_process(base: str, until: float, out: Connection) -> None:
    out.send(asyncio.run(person(base, until)))
    out.close()


# -- the floods ---------------------------------------------------------------------------------
async def creator(base: str, address: str, until: float, counts: Counter[str]) -> None:
    async with http(base, address) as client:
        while time.monotonic() < until:
            body = {"game": GAME, "seats": ["human", "random"]}
            try:
                r = await client.post("/api/tables", json=body)
                counts[str(r.status_code)] += 1
            except httpx2.TransportError:
                counts["refused connection"] += 1


async def hinter(base: str, address: str, table: str, token: str, until: float,
                 counts: Counter[str]) -> None:  # fmt: skip
    """At each turn: five hints at once, then the first legal move."""
    ws = await sit(base, address, table, token)
    seq = 1
    try:
        while (msg := await receive(ws, until)) is not None:
            kind = msg["type"] if msg["type"] != "error" else msg["code"]
            counts[kind] += 1
            if msg["type"] != "state" or msg["view"]["is_over"]:
                continue
            view = msg["view"]
            if view["to_move"] == view["seat"]:
                for _ in range(5):
                    seq += 1
                    await ws.send(json.dumps({"type": "hint", "seq": seq}))
                seq += 1
                await asyncio.sleep(0.05)
                await ws.send(first_move(seq, msg))
    finally:
        await ws.close()


async def idler(port: int, address: str, until: float, counts: Counter[str]) -> None:
    """A socket that never sends a request; reopened (at most twice a second) when closed."""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection(HOST, port, local_addr=(address, 0))
        except OSError:
            counts["refused"] += 1
            await asyncio.sleep(0.5)
            continue
        counts["opened"] += 1
        opened = time.monotonic()
        try:
            await asyncio.wait_for(reader.read(1), max(0.0, until - time.monotonic()))
            counts["closed by the server"] += 1
            counts["seconds held, summed"] += round(time.monotonic() - opened)
        except (TimeoutError, OSError):
            counts["still open at the end"] += 1
        writer.close()
        await asyncio.sleep(0.5)


async def flood(kind: str, base: str, args: argparse.Namespace, until: float,
                tables: list[tuple[str, str, str]]) -> Counter[str]:  # fmt: skip
    counts: Counter[str] = Counter()
    jobs: list[Any] = []
    if kind == "creators":
        jobs = [creator(base, f"127.0.1.{i + 1}", until, counts) for i in range(args.creators)]
    elif kind == "hinters":
        jobs = [hinter(base, addr, t, tok, until, counts) for addr, t, tok in tables]
    elif kind == "searchers":
        seats = ["search:hard", "search:hard"]
        for i in range(args.searchers):
            await new_table(base, f"127.0.3.{i + 1}", seats)  # (one each: the limits)
        counts["tables of search:hard computers"] = args.searchers
        await asyncio.sleep(max(0.0, until - time.monotonic()))
    elif kind == "idle":
        port = int(base.rsplit(":", 1)[1])
        jobs = [idler(port, f"127.0.2.{i % 10 + 1}", until, counts) for i in range(args.idle)]
    else:
        await asyncio.sleep(max(0.0, until - time.monotonic()))
    await asyncio.gather(*jobs)
    return counts


async def hint_tables(base: str, count: int) -> list[tuple[str, str, str]]:
    """The hinters' tables, eight per address (within the creation limits)."""
    out = []
    for i in range(count):
        address = f"127.0.0.{3 + i // 8}"
        table, token = await new_table(base, address, ["human", "random"])
        out.append((address, table, token))
    return out


def figures(
    samples: list[tuple[float, float]], start: float, end: float
) -> tuple[int, float, float]:
    times = sorted(s for at, s in samples if start <= at < end)
    if not times:
        return 0, float("nan"), float("nan")
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    return len(times), statistics.median(times), p90


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each phase")
    parser.add_argument("--bot-delay", type=float, default=0.2)
    parser.add_argument("--creators", type=int, default=8)
    parser.add_argument("--hinters", type=int, default=16)
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--searchers", type=int, default=12)
    parser.add_argument(
        "--floods", default="creators,hinters,idle,searchers", help="which, in order"
    )
    args = parser.parse_args()
    phases = ["quiet", *args.floods.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(Path(tmp) / "flood.db", args.bot_delay)
        try:
            tables = asyncio.run(hint_tables(base, args.hinters))
            start = time.monotonic() + 2.0  # the person settles in first
            bounds = [start + i * args.seconds for i in range(len(phases) + 1)]
            receive, send = multiprocessing.Pipe(duplex=False)
            child = multiprocessing.Process(target=person_process, args=(base, bounds[-1], send))
            child.start()
            time.sleep(max(0.0, start - time.monotonic()))
            counts = {}
            for kind, end in zip(phases, bounds[1:], strict=True):
                counts[kind] = asyncio.run(flood(kind, base, args, end, tables))
            samples: list[tuple[float, float]] = receive.recv()
            child.join(30)
        finally:
            proc.terminate()
            proc.wait(10)
    print(f"bot reply time at the person's table (Royal Casino against a heuristic player, "
          f"--bot-delay {args.bot_delay:g} s included), {args.seconds:g} s per phase:")  # fmt: skip
    quiet = figures(samples, bounds[0], bounds[1])[1]
    for kind, lo, hi in zip(phases, bounds, bounds[1:], strict=False):
        n, median, p90 = figures(samples, lo, hi)
        over = (median - args.bot_delay) / max(quiet - args.bot_delay, 1e-9)
        print(f"  {kind:9} {n:4d} replies  median {median * 1000:7.1f} ms  p90 {p90 * 1000:7.1f} ms"
              f"  x{median / quiet:4.2f} of quiet (beyond the delay: x{over:4.2f})")  # fmt: skip
        if counts.get(kind):
            print("            " + ", ".join(f"{k} {v}" for k, v in sorted(counts[kind].items())))


if __name__ == "__main__":
    main()
