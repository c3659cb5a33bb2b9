"""The room's bounded workers: small thread pools choose computer moves (the quick levels on
one, the search levels on another, so a table of searching computers never makes a quick one
wait), and hints are computed in their own worker processes, so a flood of hints can neither
delay a computer move nor queue without end, nor hold the interpreter lock the event loop
needs (a search running on a thread slowed the other tables several times over; in a process
it runs beside them)."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

from cardtable.core.registry import game_ids, rules_class

T = TypeVar("T")


class Busy(Exception):
    """Every hint worker is taken and the queue is full: ask again shortly."""


HINT_NICENESS = 10  # hints are best effort: the scheduler favours the server's own process


def _start_hint_process(modules: list[str], server: int) -> None:
    """In a new hint process: yield the processor to the server first, leave when the server
    is gone (even killed), and register every game the server has (plugins included)."""
    with contextlib.suppress(OSError, AttributeError):  # (no nice() on some systems)
        os.nice(HINT_NICENESS)
    threading.Thread(target=_follow, args=(server,), daemon=True).start()
    for name in modules:
        importlib.import_module(name)


def _follow(server: int) -> None:
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)


def hint_executor(workers: int, processes: bool) -> Executor:
    """The hint pool: processes (started on first use), or threads where a test needs to see
    inside a hint."""
    if not processes:
        return ThreadPoolExecutor(workers, thread_name_prefix="cardtable-hint")
    modules = sorted({rules_class(g).__module__ for g in game_ids()})
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),  # never fork a threaded server
        initializer=_start_hint_process,
        initargs=(modules, os.getpid()),
    )


class Workers:
    def __init__(
        self,
        bot_workers: int,
        search_workers: int,
        hint_workers: int,
        max_queued_hints: int,
        *,
        processes: bool,
    ) -> None:
        self._bots = ThreadPoolExecutor(max(1, bot_workers), thread_name_prefix="cardtable-bot")
        self._search = ThreadPoolExecutor(
            max(1, search_workers), thread_name_prefix="cardtable-search"
        )
        self._hints = hint_executor(max(1, hint_workers), processes)
        self.hint_capacity = max(1, hint_workers) + max(0, max_queued_hints)
        self._pending = 0  # hints submitted and not finished (running or queued)
        self._lock = threading.Lock()

    async def bot(self, level: str, fn: Callable[..., T], *args: Any) -> T:
        pool = self._search if level.startswith("search") else self._bots
        return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)

    async def hint(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a hint on the hint pool; raise ``Busy`` if too many wait. Cancelling the caller
        drops a hint still queued; one already running finishes on its worker, unseen."""
        with self._lock:
            if self._pending >= self.hint_capacity:
                raise Busy
            self._pending += 1
        try:
            future: Future[T] = self._hints.submit(fn, *args)
        except BaseException:
            self._finished(None)
            raise
        future.add_done_callback(self._finished)
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            future.cancel()
            raise

    def _finished(self, _future: Future[Any] | None) -> None:
        with self._lock:
            self._pending -= 1

    def close(self) -> None:
        """Drop what waits; a hint process finishes its search (a second or so) and exits."""
        self._bots.shutdown(wait=False, cancel_futures=True)
        self._search.shutdown(wait=False, cancel_futures=True)
        self._hints.shutdown(wait=True, cancel_futures=True)
