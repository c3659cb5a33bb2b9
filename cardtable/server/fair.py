"""A fair queue in front of a worker pool: work is queued per owner (the address that made
the table, or the table itself) and started round-robin over the owners, at most one piece per
owner at a time. One address with several tables of searching computers then holds one worker
at most and waits its turn like everyone else; with a plain first-in-first-out queue its
tables' moves filled the pool and a person's table at another address waited behind all of
them (its reply took 8.5 times as long)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")

_Job = tuple["asyncio.Future[Any]", Callable[..., Any], tuple[Any, ...]]


class FairPool:
    """``run(owner, fn, *args)`` on ``executor``, at most ``slots`` at once, owners in turn."""

    def __init__(self, executor: Executor, slots: int) -> None:
        self._executor = executor
        self._free = max(1, slots)
        self._queues: OrderedDict[str, deque[_Job]] = OrderedDict()  # next owner first
        self._running: set[str] = set()  # owners with a piece on a worker now

    async def run(self, owner: str, fn: Callable[..., T], *args: Any) -> T:
        """The result of ``fn(*args)`` on a worker, once this owner's turn came. Cancelling
        the caller drops the piece if it has not started (one that started finishes unseen)."""
        waiter: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queues.setdefault(owner, deque()).append((waiter, fn, args))
        self._pump()
        return await waiter

    def waiting(self) -> int:
        return sum(len(q) for q in self._queues.values())

    def _pump(self) -> None:
        while self._free > 0:
            owner = next((o for o in self._queues if o not in self._running), None)
            if owner is None:
                return
            queue = self._queues.pop(owner)
            waiter, fn, args = queue.popleft()
            if queue:
                self._queues[owner] = queue  # at the back: the other owners go first
            if waiter.done():  # cancelled while it waited
                continue
            try:
                done = asyncio.wrap_future(self._executor.submit(fn, *args))
            except Exception as e:  # the pool is shut down: the server is stopping
                waiter.set_exception(e)
                continue
            self._free -= 1
            self._running.add(owner)
            done.add_done_callback(partial(self._finished, owner, waiter))

    def _finished(self, owner: str, waiter: asyncio.Future[Any], done: asyncio.Future[Any]) -> None:
        self._free += 1
        self._running.discard(owner)
        if owner in self._queues:  # it just had its turn: the others first
            self._queues.move_to_end(owner)
        if not waiter.done():
            if done.cancelled():
                waiter.cancel()
            elif done.exception() is not None:
                waiter.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                waiter.set_result(done.result())
        self._pump()
