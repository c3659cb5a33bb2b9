"""The real server, killed with SIGKILL in the middle of a match and started again on the same
database, still has every action it acknowledged, and play goes on."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import ClientConnection, connect

from tests.support.loops import run_apart
from tests.support.server import serving

ROOT = Path(__file__).parent.parent


# the same node both times (a node restarted under its name takes its tables back at once)
SERVE = ("--bot-delay", "0", "--takeover-seconds", "0", "--plugin", "tests.support.toygame",
         "--node", "crash-test")  # fmt: skip


class Seat:
    """A player over a real WebSocket, remembering what the server confirmed."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seq = 0
        self.state: dict[str, Any] = {}
        self.acked: dict[int, str] = {}  # version -> the action the server acknowledged
        self.seen: dict[int, str | None] = {}  # version -> action of every state pushed

    async def send(self, **message: Any) -> None:
        self.seq += 1
        await self.ws.send(json.dumps({**message, "seq": self.seq}))

    async def recv(self) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout=10))
        if msg["type"] == "state":
            self.state = msg
            if msg["last"] is not None:
                self.seen[msg["last"]["version"]] = msg["last"]["action"]
        return msg

    async def hello(self, table: str, token: str) -> dict[str, Any]:
        await self.send(type="hello", table=table, token=token)
        welcome = await self.recv()
        assert welcome["type"] == "welcome", welcome
        await self.recv()
        return welcome

    async def my_turn(self) -> dict[str, Any]:
        while not (self.state["view"]["is_over"] or self.state["view"]["to_move"] == 0):
            await self.recv()
        return self.state

    async def play_one(self) -> None:
        action = self.state["view"]["legal_actions"][0]
        await self.send(type="play", action=action, version=self.state["version"])
        while (msg := await self.recv())["type"] != "ack":
            assert msg["type"] != "error", msg
        self.acked[msg["version"]] = action
        while self.state["version"] < msg["version"]:
            await self.recv()


async def play(base: str, table: str, token: str, moves: int | None) -> Seat:
    """Join seat 0 and play ``moves`` of its moves (None: to the end of the match)."""
    async with connect(base.replace("http", "ws") + "/ws", max_size=2**20) as ws:
        seat = Seat(ws)
        await seat.hello(table, token)
        done = 0
        while moves is None or done < moves:
            if (await seat.my_turn())["view"]["is_over"]:
                break
            await seat.play_one()
            done += 1
        return seat


def test_kill_9_loses_no_acknowledged_action(db_url: str) -> None:
    with serving(db_url, *SERVE) as (proc, base):
        r = httpx2.post(
            f"{base}/api/tables",
            json={"game": "toy-high-card", "seats": ["human", "random"], "options": {"target": 6}},
        )
        assert r.status_code == 201
        table, token = r.json()["table"]["id"], r.json()["tokens"]["0"]
        before = run_apart(play(base, table, token, moves=5))
        proc.send_signal(signal.SIGKILL)  # no shutdown, no flush: as a crash
        proc.wait(timeout=10)
    assert len(before.acked) == 5
    confirmed = max(before.seen)
    with serving(db_url, *SERVE) as (proc, base):
        summary = httpx2.get(f"{base}/api/tables/{table}").json()
        assert summary["status"] == "running" and summary["version"] >= confirmed
        after = run_apart(play(base, table, token, moves=None))
        assert after.state["view"]["is_over"]
        record = httpx2.get(f"{base}/api/tables/{table}/record").json()
    actions = [a for hand in record["hands"] for a in hand["actions"]]
    for version, action in before.acked.items():
        assert actions[version - 1] == action
    for version, text in before.seen.items():  # the computer's moves that were pushed too
        assert text is None or actions[version - 1] == text
    for version, action in after.acked.items():
        assert actions[version - 1] == action
    assert len(actions) == after.state["version"]
