"""The room's bounded worker threads: one small pool chooses computer moves, another computes
hints, so a flood of hints can neither delay a computer move nor queue without end, and the
event loop competes with a fixed, small number of busy threads (not one per request)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


class Busy(Exception):
    """Every hint worker is taken and the queue is full: ask again shortly."""


class Workers:
    def __init__(self, bot_workers: int, hint_workers: int, max_queued_hints: int) -> None:
        self._bots = ThreadPoolExecutor(max(1, bot_workers), thread_name_prefix="cardtable-bot")
        self._hints = ThreadPoolExecutor(max(1, hint_workers), thread_name_prefix="cardtable-hint")
        self.hint_capacity = max(1, hint_workers) + max(0, max_queued_hints)
        self._pending = 0  # hints submitted and not finished (running or queued)
        self._lock = threading.Lock()

    async def bot(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._bots, fn, *args)

    async def hint(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a hint on the hint pool; raise ``Busy`` if too many wait. Cancelling the caller
        drops a hint still queued; one already running finishes on its thread, unseen."""
        with self._lock:
            if self._pending >= self.hint_capacity:
                raise Busy
            self._pending += 1
        future: Future[T] = self._hints.submit(fn, *args)
        future.add_done_callback(self._finished)
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            future.cancel()
            raise

    def _finished(self, _future: Future[Any]) -> None:
        with self._lock:
            self._pending -= 1

    @property
    def pending_hints(self) -> int:
        return self._pending

    def close(self) -> None:
        self._bots.shutdown(wait=False, cancel_futures=True)
        self._hints.shutdown(wait=False, cancel_futures=True)
