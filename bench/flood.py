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

Three more phases repeat attacks of one address each (docs/security.md, "One address against
the room"): ``watchers`` watches a finished match of thousands of actions (stored before the
server starts) over and over, and says hello there with a wrong token from 16 sockets;
``trickle`` sends a complete request on each of many connections, then the next one a byte
every 3 s; ``reconnects`` sends two requests on each of as many connections, closes it and
opens another half a second later; ``onesearch`` makes four tables of ``search:hard``
computers (the most one address may) and plays them. ``/healthz`` is asked twice a second
from another address in every phase. ``--person-level search:easy`` has the person play
against a searching computer (the one the ``onesearch`` phase would slow).

    .venv/bin/python bench/flood.py --seconds 30
    .venv/bin/python bench/flood.py --seconds 15 --floods watchers,trickle,reconnects,onesearch \
        --person-level search:easy
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
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
MONITOR = "127.0.0.9"  # asks /healthz
ATTACKER = "127.0.5.1"  # the one address of the watchers, trickle and onesearch phases
GAME = "royal-casino"
LONG_TARGET = 1000  # Royal Casino to 1000: about 8,000 actions between random players


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
async def person(base: str, until: float, level: str) -> list[tuple[float, float]]:
    """(sent at, seconds to the computer's reply) for each move, until ``until``."""
    samples: list[tuple[float, float]] = []
    seq = 1
    while time.monotonic() < until:
        table, token = await new_table(base, PERSON, ["human", level])
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


def person_process(base: str, until: float, level: str, out: Connection) -> None:
    out.send(asyncio.run(person(base, until, level)))
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
                 counts: Counter[str], hints: int = 5) -> None:  # fmt: skip
    """At each turn: ``hints`` hints at once, then the first legal move."""
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
                for _ in range(hints):
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


async def watcher(base: str, table: str, token: str | None, until: float,
                  counts: Counter[str]) -> None:  # fmt: skip
    """Say hello at ``table`` (with ``token``: a wrong one), read what comes, leave; again."""
    url = base.replace("http", "ws") + "/ws"
    while time.monotonic() < until:
        try:
            async with connect(url, local_addr=(ATTACKER, 0), max_size=2**24) as ws:
                await ws.send(json.dumps({"type": "hello", "seq": 1, "table": table,
                                          "token": token}))  # fmt: skip
                while (msg := await receive(ws, min(until, time.monotonic() + 10))) is not None:
                    kind = msg["type"] if msg["type"] != "error" else msg["code"]
                    if kind != "log":
                        counts[kind] += 1
                    if kind != "log" and kind != "welcome" and kind != "state":
                        break
                    if kind == "log" and msg["page"] + 1 == msg["pages"]:
                        counts["whole move logs read"] += 1
                        break
        except Exception as e:  # refused (rate limited) or closed: try again
            counts[type(e).__name__] += 1
            await asyncio.sleep(0.2)


TRICKLED = b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"


async def trickler(port: int, until: float, counts: Counter[str]) -> None:
    """A complete request (its answer read whole), then the next one a byte every 3 s on the
    same connection, until the server closes it."""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection(HOST, port, local_addr=(ATTACKER, 0))
        except OSError:
            counts["refused"] += 1
            await asyncio.sleep(0.5)
            continue
        opened = time.monotonic()
        try:
            writer.write(TRICKLED)
            await writer.drain()
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
            length = re.search(rb"(?i)content-length: *(\d+)", head)
            await asyncio.wait_for(reader.readexactly(int(length[1]) if length else 0), 10)
            counts["first request answered"] += 1
            for byte in TRICKLED:
                if time.monotonic() >= until:
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                try:
                    if await asyncio.wait_for(reader.read(1), 3.0) == b"":
                        counts["trickled, closed by the server"] += 1
                        break
                except TimeoutError:
                    continue  # nothing said: trickle on
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            counts["closed at once"] += 1
        counts["connections"] += 1
        counts["seconds held, summed"] += round(time.monotonic() - opened)
        writer.close()
        await asyncio.sleep(0.5)


async def reconnector(port: int, until: float, counts: Counter[str]) -> None:
    """Two requests on a new connection (the second sent as soon as the first's answer
    begins), closed, and again half a second later: one address's requests over fresh
    connections (what the trickle phase did before it read each answer whole)."""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection(HOST, port, local_addr=(ATTACKER, 0))
        except OSError:
            counts["refused"] += 1
            await asyncio.sleep(0.5)
            continue
        try:
            writer.write(TRICKLED)
            await writer.drain()
            await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
            counts["first request answered"] += 1
            writer.write(TRICKLED)
            await writer.drain()
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            counts["closed at once"] += 1
        counts["connections"] += 1
        writer.close()
        await asyncio.sleep(0.5)


async def health(base: str, until: float, counts: Counter[str]) -> None:
    """``/healthz`` twice a second from its own address: its answers and slowest time."""
    async with http(base, MONITOR) as client:
        while time.monotonic() < until:
            started = time.monotonic()
            try:
                r = await client.get("/healthz", timeout=5)
                counts[f"healthz {r.status_code}"] += 1
            except httpx2.TransportError:
                counts["healthz failed"] += 1
            took = round((time.monotonic() - started) * 1000)
            counts["healthz slowest ms"] = max(counts["healthz slowest ms"], took)
            await asyncio.sleep(0.5)


async def one_searcher(base: str, until: float, counts: Counter[str]) -> None:
    """Four search:hard tables from one address: two of computers only, two where it sits."""
    jobs = []
    for seats in (["search:hard", "search:hard"],) * 2 + (["human", "search:hard"],) * 2:
        try:
            table, token = await new_table(base, ATTACKER, seats)
        except httpx2.HTTPStatusError as e:
            counts[f"refused {e.response.status_code}"] += 1
            continue
        counts["tables of search:hard"] += 1
        if token:
            jobs.append(hinter(base, ATTACKER, table, token, until, Counter(), hints=0))
    await asyncio.gather(*jobs, asyncio.sleep(max(0.0, until - time.monotonic())))


async def flood(kind: str, base: str, args: argparse.Namespace, until: float,
                tables: list[tuple[str, str, str]]) -> Counter[str]:  # fmt: skip
    counts: Counter[str] = Counter()
    jobs: list[Any] = [health(base, until, counts)]
    if kind == "watchers":
        jobs += [watcher(base, args.long_table, None, until, counts) for _ in range(4)]
        jobs += [watcher(base, args.long_table, "w" * 24, until, counts) for _ in range(16)]
    elif kind in ("trickle", "reconnects"):
        port = int(base.rsplit(":", 1)[1])
        each = trickler if kind == "trickle" else reconnector
        jobs += [each(port, until, counts) for _ in range(args.trickle)]
    elif kind == "onesearch":
        jobs.append(one_searcher(base, until, counts))
    elif kind == "creators":
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


def store_long_match(db: Path) -> str:
    """A finished Royal Casino match to ``LONG_TARGET`` between random players, stored as the
    room would have (so the server starts with it); its table id."""
    from cardtable.bots import make_bot
    from cardtable.core.cards import cards_str
    from cardtable.core.match import OS, Match
    from cardtable.server.store import (
        FINISHED,
        Store,
        StoredAction,
        StoredHand,
        StoredSeat,
        StoredTable,
        Summary,
        now,
    )

    m = Match(GAME, seed=OS, target=LONG_TARGET)
    bots = [make_bot(GAME, "random", seat) for seat in range(m.players)]
    first = m.hands[0]
    hands = [StoredHand(1, first.dealer, cards_str(first.deck, sort=False))]
    actions: list[StoredAction] = []
    while not m.is_over:
        seat, hand = m.to_move, m.hand_number
        assert seat is not None
        action = bots[seat].choose(m.view(seat), m.legal_actions())
        m.play(action)
        actions.append(StoredAction(len(actions) + 1, hand, seat, str(action), "random"))
        if m.hand_number > hand:
            h = m.hands[-1]
            hands.append(StoredHand(m.hand_number, h.dealer, cards_str(h.deck, sort=False)))
    table = StoredTable(
        id="longmatch", game=GAME, players=m.players, options={"target": LONG_TARGET}, seed=1,
        first_dealer=m.first_dealer,
        summary=Summary(FINISHED, len(actions), m.hand_number, m.scores, m.winner),
        created_at=now(), seats=[StoredSeat(i, "random", None, False) for i in range(m.players)],
        hands=hands, actions=actions,
    )  # fmt: skip
    store = Store(f"sqlite:///{db}")
    try:
        store.create_table(table)  # with every hand; the actions below, in one transaction
        with store.engine.begin() as conn:
            from cardtable.server.store import ActionRow

            conn.execute(ActionRow.__table__.insert(), [  # type: ignore[attr-defined]
                {"table_id": table.id, "number": a.number, "hand": a.hand, "seat": a.seat,
                 "text": a.text, "by": a.by, "at": now()} for a in actions])  # fmt: skip
    finally:
        store.close()
    print(f"a finished match of {len(actions)} actions stored as table {table.id}")
    return table.id


async def hint_tables(base: str, count: int) -> list[tuple[str, str, str]]:
    """The hinters' tables, eight per address (within the creation limits)."""
    out = []
    for i in range(count):
        address = f"127.0.0.{3 + i // 8}"
        table, token = await new_table(base, address, ["human", "random"])
        out.append((address, table, token))
    return out


def cpu_seconds(pid: int) -> float:
    """The processor time a process has used (Linux: user and system, from /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
    parser.add_argument("--trickle", type=int, default=200, help="connections of one address")
    parser.add_argument("--person-level", default="heuristic", help="the person's opponent")
    parser.add_argument(
        "--floods", default="creators,hinters,idle,searchers", help="which, in order"
    )
    args = parser.parse_args()
    phases = ["quiet", *args.floods.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "flood.db"
        if "watchers" in phases:
            args.long_table = store_long_match(db)
        proc, base = start_server(db, args.bot_delay)
        try:
            tables = asyncio.run(hint_tables(base, args.hinters))
            start = time.monotonic() + 2.0  # the person settles in first
            bounds = [start + i * args.seconds for i in range(len(phases) + 1)]
            receive, send = multiprocessing.Pipe(duplex=False)
            child = multiprocessing.Process(
                target=person_process, args=(base, bounds[-1], args.person_level, send)
            )
            child.start()
            time.sleep(max(0.0, start - time.monotonic()))
            counts = {}
            for kind, end in zip(phases, bounds[1:], strict=True):
                began, cpu = time.monotonic(), cpu_seconds(proc.pid)
                counts[kind] = asyncio.run(flood(kind, base, args, end, tables))
                used = (cpu_seconds(proc.pid) - cpu) / (time.monotonic() - began)
                counts[kind]["server process CPU ms a second"] = round(used * 1000)
            samples: list[tuple[float, float]] = receive.recv()
            child.join(30)
        finally:
            proc.terminate()
            proc.wait(10)
    print(f"bot reply time at the person's table (Royal Casino against {args.person_level}, "
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
