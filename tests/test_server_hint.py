"""The hint message: the search bot's advice for the seat to move, from its own view."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect as ws_sync_connect

from cardtable.bots.hint import HINT_REASONS, Hint
from cardtable.core.game import Rules
from cardtable.core.registry import rules_class
from cardtable.server import hints
from tests.support.server import serving

from .test_server_helpers import Client, connect, create, make_app


def test_hint_is_refused_to_spectators_and_out_of_turn_and_without_sampling(
    tmp_path: Path,
) -> None:
    with TestClient(make_app(tmp_path)) as client:
        table_id, tokens = create(client, seats=["human", "human"])
        with connect(client) as a, connect(client) as b, connect(client) as watcher:
            a.hello(table_id, tokens["0"])
            b.hello(table_id, tokens["1"])
            watcher.hello(table_id)
            # whichever seat the table's seed made first; waiting on seat 0 would hang otherwise
            mover, other = (a, b) if a.view["to_move"] == 0 else (b, a)
            watcher.send(type="hint")
            assert watcher.error(timeout=30)["code"] == "spectator"
            other.send(type="hint")
            assert other.error(timeout=30)["code"] == "not_your_turn"
            mover.send(type="hint")  # the toy game cannot sample hidden cards
            refused = mover.error(timeout=30)
            assert refused["code"] == "no_hint" and "cannot sample" in refused["message"]


@pytest.mark.parametrize("game", ["buck-euchre", "royal-casino", "rummy-500", "queen-city-rum"])
def test_hint_gives_a_legal_action_with_a_reason(tmp_path: Path, game: str) -> None:
    rules = rules_class(game)
    assert rules.determinize is not Rules.determinize, f"{game} cannot sample hidden cards"
    with TestClient(make_app(tmp_path)) as client:
        advice = ask_hint(client, game)
        assert advice["reason"] and advice["top"][0]["action"] == advice["action"]
        # the reason as a catalogue key with its parameters, for the page's language
        assert set(advice["params"]) == set(HINT_REASONS[advice["key"]])


def ask_hint(client: TestClient, game: str) -> dict[str, Any]:
    """A person against computers asks for a hint at their first turn; it names a legal move."""
    players = rules_class(game).default_players
    table_id, tokens = create(client, game, seats=["human"] + ["random"] * (players - 1))
    with connect(client) as me:
        me.hello(table_id, tokens["0"])
        state = me.my_turn(timeout=30)
        me.send(type="hint")
        advice = me.expect("hint", timeout=90)
        assert advice["action"] in state["view"]["legal_actions"]
        return advice


class SlowAdvice:
    """A stand-in for the search: counts its calls, and the first waits until released."""

    def __init__(self, pause: float = 0.0) -> None:
        self.calls = 0
        self.pause = pause
        self.gate = threading.Event()
        self.lock = threading.Lock()

    def __call__(self, view: dict[str, Any], *, iterations: int, seed: int) -> Hint:
        with self.lock:
            self.calls += 1
            first = self.calls == 1
        if first and not self.pause:
            self.gate.wait(20)
        time.sleep(self.pause)
        action = view["legal_actions"][0]
        return Hint(action, "because", [{"action": action}])


@contextmanager
def players_to_move(
    tmp_path: Path, count: int, advice: SlowAdvice, **settings: Any
) -> Iterator[list[Client]]:
    """``count`` tables of a person against a computer, each person's client to move; the
    advice is released at the end whatever happens."""
    try:
        with TestClient(make_app(tmp_path, **settings)) as client, ExitStack() as stack:
            players = []
            for _ in range(count):
                table_id, tokens = create(client, seats=["human", "random"], target=50)
                player = stack.enter_context(connect(client))
                player.hello(table_id, tokens["0"])
                player.my_turn()
                players.append(player)
            yield players
    finally:
        advice.gate.set()


def test_one_hint_per_seat_is_computed_once_and_cached_per_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    advice = SlowAdvice(pause=0.3)
    monkeypatch.setattr(hints, "hint", advice)
    with TestClient(make_app(tmp_path)) as client:
        table_id, tokens = create(client, seats=["human", "random"], target=50)
        with connect(client) as me:
            me.hello(table_id, tokens["0"])
            me.my_turn()
            asked = [me.send(type="hint") for _ in range(3)]
            answers = [me.expect("hint") for _ in asked]
            assert [a["seq"] for a in answers] == asked and advice.calls == 1
            me.send(type="hint")
            assert me.expect("hint")["version"] == me.version and advice.calls == 1  # cached
            me.play(me.view["legal_actions"][0])
            me.expect("ack")
            me.my_turn()
            me.send(type="hint")
            assert me.expect("hint")["version"] == me.version and advice.calls == 2


def test_a_hint_is_dropped_when_its_seat_leaves_or_the_table_moves_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    advice = SlowAdvice()
    monkeypatch.setattr(hints, "hint", advice)
    with players_to_move(tmp_path, 3, advice, hint_workers=1, max_queued_hints=4) as (a, b, c):
        a.send(type="hint")  # takes the only hint worker, and waits
        deadline = time.monotonic() + 5
        while advice.calls == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        b.send(type="hint")  # queued behind it; b then leaves
        asked = c.send(type="hint")  # queued too; c then plays
        time.sleep(0.1)
        b.ws.close()
        c.play(c.view["legal_actions"][0])
        err = c.error()
        assert err["code"] == "stale_version" and err["seq"] == asked
        advice.gate.set()
        assert a.expect("hint")["action"] in a.view["legal_actions"]
        time.sleep(0.3)
        assert advice.calls == 1  # neither dropped hint was computed


def test_hints_beyond_the_workers_and_their_queue_are_busy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    advice = SlowAdvice()
    monkeypatch.setattr(hints, "hint", advice)
    with players_to_move(tmp_path, 2, advice, hint_workers=1, max_queued_hints=0) as (a, b):
        a.send(type="hint")
        asked = b.send(type="hint")
        err = b.error()
        assert err["code"] == "busy" and err["seq"] == asked
        b.send(type="ping")  # the connection is unharmed
        assert b.expect("pong")


def test_hints_are_computed_in_a_worker_process(tmp_path: Path) -> None:
    """The server's own setting: a hint's search runs beside the event loop, not on it."""
    with TestClient(make_app(tmp_path, worker_processes=True)) as client:
        ask_hint(client, "royal-casino")
        pool = client.app.state.room.workers._hints  # type: ignore[attr-defined]
        assert isinstance(pool, ProcessPoolExecutor)
        assert pool._processes and os.getpid() not in pool._processes


def test_a_hint_process_leaves_when_the_server_is_killed(tmp_path: Path) -> None:
    with serving(tmp_path / "room.db") as (proc, base):
        made = httpx2.post(
            f"{base}/api/tables", json={"game": "royal-casino", "seats": ["human", "random"]}
        ).json()

        # the sync client: a browser test in the same worker may hold this thread's event loop
        with ws_sync_connect(base.replace("http", "ws") + "/ws") as ws:
            hello = {"type": "hello", "seq": 1, "table": made["table"]["id"]}
            ws.send(json.dumps({**hello, "token": made["tokens"]["0"]}))
            while True:
                msg = json.loads(ws.recv(timeout=60))
                if msg["type"] == "state" and msg["view"]["to_move"] == 0:
                    ws.send(json.dumps({"type": "hint", "seq": 2}))
                if msg["type"] == "hint":
                    break
        children = [int(p) for p in Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
                    .read_text().split()]  # fmt: skip
        assert children  # the hint process (and multiprocessing's resource tracker)
        proc.kill()
        proc.wait(10)
        deadline = time.monotonic() + 10
        while any(_alive(p) for p in children) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [p for p in children if _alive(p)]
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        assert not left


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "(zombie)" not in status
