"""Searching computers choose in worker processes, beside the event loop (server/workers.py)."""

from __future__ import annotations

import copy
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from fastapi.testclient import TestClient

from cardtable.bots import make_bot
from cardtable.core.match import Match
from cardtable.server.workers import Workers
from tests.support.loops import run_apart

from .test_server_helpers import create, make_app


def test_a_search_chosen_in_a_process_goes_on_as_if_chosen_here() -> None:
    """The bot's random generator comes back with the move: the next choice is the one the
    same bot would have made without leaving the server."""
    match = Match("royal-casino", seed=8)
    here, there = (
        make_bot("royal-casino", "search:easy", 5),
        make_bot("royal-casino", "search:easy", 5),
    )
    workers = Workers(1, 1, 1, 0, processes=True)
    try:
        for _ in range(4):
            view, legal = match.view(match.to_move), match.legal_actions()
            expected = here.choose(copy.deepcopy(view), legal)
            chosen = run_apart(workers.bot("search:easy", there, view, legal))
            assert chosen == expected
            match.play(chosen)
        assert isinstance(workers._search, ProcessPoolExecutor)
    finally:
        workers.close()


def test_a_table_of_searching_computers_plays_on_in_a_worker_process(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path, worker_processes=True)) as client:
        table, _ = create(client, "royal-casino", ["search:easy", "search:easy"])
        for _ in range(600):  # a fresh process imports the engines first: up to a minute
            if client.get(f"/api/tables/{table}").json()["version"] >= 3:
                break
            time.sleep(0.1)
        assert client.get(f"/api/tables/{table}").json()["version"] >= 3
        pool = client.app.state.room.workers._search  # type: ignore[attr-defined]
        assert isinstance(pool, ProcessPoolExecutor)
        assert pool._processes and os.getpid() not in pool._processes
