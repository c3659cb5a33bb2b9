"""Fair search queues (server/fair.py): owners take turns, one piece each at a time, so one
address with several tables of searching computers cannot make another wait behind all of
its moves."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from cardtable.server.fair import FairPool

T = TypeVar("T")

started: list[str] = []
lock = threading.Lock()


def job(name: str) -> str:
    with lock:
        started.append(name)
    time.sleep(0.02)
    return name


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: another test of the same worker may have left
    an event loop running in this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_owners_take_turns_one_piece_each() -> None:
    async def main() -> list[str]:
        with ThreadPoolExecutor(1) as pool:
            fair = FairPool(pool, 1)
            attacker = [fair.run("attacker", job, f"a{i}") for i in range(4)]
            runs = [asyncio.ensure_future(r) for r in attacker]
            await asyncio.sleep(0)  # a0 is on the worker; a1..a3 wait
            person = asyncio.ensure_future(fair.run("person", job, "p0"))
            assert await person == "p0"
            return [await r for r in runs]

    started.clear()
    assert run_apart(main()) == ["a0", "a1", "a2", "a3"]
    assert started.index("p0") == 1  # after the move running, not behind every queued one


def test_one_owner_holds_one_worker_and_a_cancelled_piece_never_runs() -> None:
    async def main() -> None:
        with ThreadPoolExecutor(2) as pool:
            fair = FairPool(pool, 2)
            runs = [asyncio.ensure_future(fair.run("attacker", job, f"a{i}")) for i in range(3)]
            await asyncio.sleep(0)
            runs[2].cancel()
            person = asyncio.ensure_future(fair.run("person", job, "p0"))
            await asyncio.sleep(0.005)
            assert started == ["a0", "p0"]  # the second worker went to the person at once
            await asyncio.gather(person, runs[0], runs[1])
            assert "a2" not in started

    started.clear()
    run_apart(main())
