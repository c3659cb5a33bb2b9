"""Shared helpers for the card room tests (this module holds no tests of its own).

``Client`` drives one WebSocket through FastAPI's TestClient with a timeout on every receive,
keeps every message it receives (for the leak checks), and tracks the latest state push.
``StateTimeline`` replays a finished record to know, for any version, which cards each seat
could not see at that moment.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from cardtable.core.cards import card_str
from cardtable.core.invariants import cards_mentioned
from cardtable.core.match import Match
from cardtable.server import ServerConfig, create_app
from cardtable.server.store import now
from cardtable.server.table import LiveTable
from tests.support import toygame  # noqa: F401  (registers toy-high-card)

TOY = "toy-high-card"
Msg = dict[str, Any]


def make_app(where: Path | str, name: str = "room.db", **settings: Any) -> FastAPI:
    """An app on the database ``where`` (a URL such as the ``db_url`` fixture's, or a directory
    for the SQLite file ``name``), computer players without delay, no take-over, rate and
    table limits no test client reaches unless it means to, and hints on threads (the tests
    look inside them; the server's own are processes). ``clock=`` gives the room its time."""
    base: dict[str, Any] = {"bot_delay": 0.0, "takeover_seconds": 0.0, "rate": 1e4, "burst": 10**4,
                            "http_rate": 1e4, "http_burst": 10**4, "create_per_minute": 1e6,
                            "create_burst": 10**4, "max_tables_per_client": 10**4,
                            "max_bot_tables_per_client": 10**4,
                            "max_search_tables_per_client": 10**4,
                            "worker_processes": False, "refusal_seconds": 0.0}  # fmt: skip
    clock = settings.pop("clock", now)
    base.update(settings)
    url = where if isinstance(where, str) else f"sqlite:///{where / name}"
    return create_app(ServerConfig(db_url=url, **base), clock)


def create(
    client: TestClient,
    game: str = TOY,
    seats: list[str] | None = None,
    players: int | None = None,
    stand_ins: str | None = None,
    **options: Any,
) -> tuple[str, dict[str, str]]:
    """A new table: its id and the token of each human seat (keys are seat numbers as text);
    ``stand_ins``: its away policy (host.py), when not the default."""
    body: dict[str, Any] = {"game": game, "options": options}
    if stand_ins is not None:
        body["stand_ins"] = stand_ins
    if seats is not None:
        body["seats"] = seats
    if players is not None:
        body["players"] = players
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["table"]["id"], data["tokens"]


def live(client: TestClient, table_id: str) -> LiveTable:
    table: LiveTable = client.app.state.room.tables[table_id]  # type: ignore[attr-defined]
    return table


def receive(ws: WebSocketTestSession, timeout: float = 20.0) -> Msg:
    """The next message from the server, failing the test instead of hanging."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    if message["type"] == "websocket.close":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    data: Msg = json.loads(message["text"])
    return data


class Client:
    """One WebSocket client: numbered messages out, every message in kept in ``received``."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.seq = 0
        self.received: list[Msg] = []
        self.state: Msg | None = None
        self.seat: int | None = None
        self.known = 0  # the highest version this client has heard of (acks included)

    def send(self, **message: Any) -> int:
        self.seq += 1
        self.ws.send_json({**message, "seq": self.seq})
        return self.seq

    def recv(self, timeout: float = 20.0) -> Msg:
        msg = receive(self.ws, timeout)
        self.received.append(msg)
        if msg["type"] == "state":
            self.state = msg
        if msg["type"] in ("state", "ack", "welcome"):
            self.known = max(self.known, msg["version"])
        return msg

    def until(self, predicate: Callable[[Msg], bool], timeout: float = 20.0) -> Msg:
        for _ in range(10_000):
            msg = self.recv(timeout)
            if predicate(msg):
                return msg
        raise AssertionError("no matching message")

    def expect(self, kind: str, timeout: float = 20.0) -> Msg:
        return self.until(lambda m: m["type"] == kind, timeout)

    def error(self, timeout: float = 20.0) -> Msg:
        return self.expect("error", timeout)

    def hello(self, table: str, token: str | None = None) -> Msg:
        """Join; returns the welcome (the state push that follows is read too)."""
        self.send(type="hello", table=table, token=token)
        welcome = self.expect("welcome")
        self.seat = welcome["seat"]
        self.expect("state")
        return welcome

    @property
    def view(self) -> Msg:
        assert self.state is not None
        view: Msg = self.state["view"]
        return view

    @property
    def version(self) -> int:
        assert self.state is not None
        version: int = self.state["version"]
        return version

    def play(self, action: str, version: int | None = None, **extra: Any) -> int:
        v = self.version if version is None else version
        return self.send(type="play", action=action, version=v, **extra)

    def my_turn(self, timeout: float = 20.0) -> Msg:
        """Read until it is this seat's turn or the match is over; the latest state."""
        assert self.state is not None
        if self._mine(self.state):
            return self.state
        return self.until(lambda m: m["type"] == "state" and self._mine(m), timeout)

    def catch_up(self, version: int, timeout: float = 20.0) -> Msg:
        """Read until this client holds the state of ``version`` (or a later one)."""
        if self.state is not None and self.state["version"] >= version:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["version"] >= version, timeout)

    def _mine(self, state: Msg) -> bool:
        """The latest state known (not one an ack has overtaken) is this seat's turn or the end."""
        view = state["view"]
        current = state["version"] >= self.known
        return current and bool(view["is_over"] or view["to_move"] == self.seat)

    def quiet(self, seconds: float = 0.2) -> list[Msg]:
        """Every message that arrives within ``seconds`` (none expected, usually)."""
        got = []
        try:
            while True:
                got.append(self.recv(seconds))
        except TimeoutError:
            return got


@contextmanager
def connect(client: TestClient, path: str = "/ws") -> Iterator[Client]:
    with client.websocket_connect(path) as ws:
        yield Client(ws)


class StateTimeline:
    """For a finished record: the state after every number of actions, and the final state of
    each hand, so any message can be checked against what was hidden when it was sent."""

    def __init__(self, record: dict[str, Any]) -> None:
        hands = record["hands"]
        m = Match(
            record["game"],
            players=record["players"],
            seed=record["seed"],
            dealer=record["dealer"],
            deck=[h["deck"] for h in hands],
            **record["options"],
        )
        self.rules = m.rules
        self.deck = Counter(m.rules.deck())
        self.states: list[Any] = [m.state]
        self.after: list[Any] = [m.state]  # the state right after action v (hand's end kept)
        for text in [a for h in hands for a in h["actions"]]:
            hand = m.hand_number
            m.play(text)
            ended = m.hands[hand - 1]
            self.after.append(ended.final if ended.settlement is not None else m.state)
            self.states.append(m.state)
        self.finals = [h.final for h in m.hands]

    def leaks(self, seat: int | None, message: Msg, version: int) -> list[str]:
        """Cards named in ``message`` that ``seat`` could not see (C-6), as text."""
        found: list[str] = []
        body = dict(message)
        view = body.pop("view", None)
        last = body.pop("last", None)
        entries = body.pop("entries", None) or []  # a page of the move log sent on join
        found += self._hidden_named(body, self.states[version], seat)
        if view is not None:
            view = dict(view)
            last_hand = view.pop("last_hand", None)
            found += self._hidden_named(view, self.states[version], seat)
            if last_hand is not None:
                final = self.finals[last_hand["number"] - 1]
                found += self._hidden_named(last_hand, final, seat)
        if last is not None:
            found += self._hidden_named(last, self.after[last["version"]], seat)
        for entry in entries:  # each judged by what was hidden just after it
            found += self._hidden_named(entry, self.after[entry["version"]], seat)
        return found

    def _hidden_named(self, part: Any, state: Any, seat: int | None) -> list[str]:
        hidden = Counter(self.rules.hidden(state, seat))
        return [
            card_str(c) for c in cards_mentioned(part) if hidden[c] and hidden[c] >= self.deck[c]
        ]

    def check_messages(self, seat: int | None, messages: list[Msg]) -> int:
        """Assert no message leaks a card hidden from ``seat``; returns how many were checked."""
        version = 0
        for msg in messages:
            if msg["type"] == "welcome" or msg["type"] in ("state", "ack"):
                version = msg["version"]
            leaked = self.leaks(seat, msg, version)
            assert not leaked, f"seat {seat} was shown hidden {leaked} in {msg}"
        return len(messages)
