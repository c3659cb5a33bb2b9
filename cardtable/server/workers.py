"""The room's bounded workers: a small thread pool chooses the quick computer players' moves;
searching computers choose in worker processes of their own, and hints in others, so a table
of searching computers never makes a quick one wait, a flood of hints can neither delay a
computer move nor queue without end, and neither holds the interpreter lock the event loop
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

from cardtable.bots import QUICK_LEVELS
from cardtable.bots.base import Bot
from cardtable.core.game import Action
from cardtable.core.registry import game_ids, rules_class
from cardtable.core.views import View
from cardtable.server.fair import FairPool

T = TypeVar("T")


class Busy(Exception):
    """Every hint worker is taken and the queue is full: ask again shortly."""


NICENESS = 10  # searches and hints: the scheduler favours the server's own process


def _start_worker_process(modules: list[str], server: int) -> None:
    """In a new worker process: yield the processor to the server first, leave when the server
    is gone (even killed), and register every game the server has (plugins included)."""
    with contextlib.suppress(OSError, AttributeError):  # (no nice() on some systems)
        os.nice(NICENESS)
    threading.Thread(target=_follow, args=(server,), daemon=True).start()
    for name in modules:
        importlib.import_module(name)


def _follow(server: int) -> None:
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)


def worker_pool(name: str, workers: int, processes: bool) -> Executor:
    """A pool of processes (started on first use), or of threads where a test needs to see
    inside a hint or a search."""
    if not processes:
        return ThreadPoolExecutor(workers, thread_name_prefix=f"cardtable-{name}")
    modules = sorted({rules_class(g).__module__ for g in game_ids()})
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),  # never fork a threaded server
        initializer=_start_worker_process,
        initargs=(modules, os.getpid()),
    )


def choose_elsewhere(bot: Bot, view: View, legal: list[Action]) -> tuple[Action, Bot]:
    """In a worker process: the move, and the bot as choosing left it (its random generator
    advanced), so that the table's bot goes on as if it had chosen in the server."""
    return bot.choose(view, legal), bot


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
        self._search = worker_pool("search", max(1, search_workers), processes)
        self._fair_search = FairPool(self._search, max(1, search_workers))
        self._hints = worker_pool("hint", max(1, hint_workers), processes)
        # Replay steps: one process keeps recent positions (``replay.py``); addresses in turn.
        self._replays = worker_pool("replay", 1, processes)
        self.replays = FairPool(self._replays, 1)
        self.hint_capacity = max(1, hint_workers) + max(0, max_queued_hints)
        self._pending = 0  # hints submitted and not finished (running or queued)
        self._lock = threading.Lock()

    async def bot(
        self, level: str, bot: Bot, view: View, legal: list[Action], owner: str = ""
    ) -> Action:
        """The computer's move: a quick level on the bot threads, a search on its own pool,
        in turn with the other ``owner``s' searches (``fair.py``)."""
        loop = asyncio.get_running_loop()
        if level in QUICK_LEVELS:
            return await loop.run_in_executor(self._bots, bot.choose, view, legal)
        action, chosen_by = await self._fair_search.run(owner, choose_elsewhere, bot, view, legal)
        if chosen_by is not bot:  # (it crossed to a process and back: a copy)
            vars(bot).update(vars(chosen_by))
        return action

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
        """Drop what waits; a worker process finishes its search (a second or so) and exits."""
        self._bots.shutdown(wait=False, cancel_futures=True)
        self._search.shutdown(wait=False, cancel_futures=True)
        self._replays.shutdown(wait=False, cancel_futures=True)
        self._hints.shutdown(wait=True, cancel_futures=True)
