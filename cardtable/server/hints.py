"""One table's hints: at most one computation per seat at a time, its answer kept for the
state version it was asked for, and dropped (running or queued) when the version moves on or
the seat's last connection leaves. Asking again for the same state costs nothing."""

from __future__ import annotations

import asyncio

from cardtable.bots.hint import Hint, hint
from cardtable.core.views import View
from cardtable.server.workers import Workers

HINT_ITERATIONS = 200  # about a search:medium decision's worth of sampled deals


class Stale(Exception):
    """The hint was asked for a version the table has already left."""


class HintDesk:
    def __init__(self, workers: Workers) -> None:
        self.workers = workers
        self.version = -1
        self._answers: dict[int, Hint] = {}
        self._running: dict[int, asyncio.Task[Hint]] = {}

    def new_version(self, version: int) -> None:
        """The table moved on: every hint asked for before is void."""
        if version == self.version:
            return
        self.version = version
        self._answers.clear()
        for task in self._running.values():
            task.cancel()
        self._running.clear()

    def seat_left(self, seat: int) -> None:
        """Nobody is at the seat any more: stop computing its hint."""
        task = self._running.pop(seat, None)
        if task is not None:
            task.cancel()

    def running(self, seat: int) -> bool:
        return seat in self._running

    async def get(self, seat: int, version: int, view: View) -> Hint:
        """The hint for ``seat`` at ``version``: cached, joined to the one being computed, or
        computed now (``Busy`` if the hint workers are full; cancelled if voided)."""
        if version < self.version:
            raise Stale
        self.new_version(version)
        answer = self._answers.get(seat)
        if answer is not None:
            return answer
        task = self._running.get(seat)
        if task is None:
            task = asyncio.create_task(self._compute(view, version), name=f"hint-{seat}")
            self._running[seat] = task
            task.add_done_callback(lambda t: self._done(seat, version, t))
        return await asyncio.shield(task)

    async def _compute(self, view: View, version: int) -> Hint:
        return await self.workers.hint(_advice, view, version)

    def _done(self, seat: int, version: int, task: asyncio.Task[Hint]) -> None:
        if self._running.get(seat) is task:
            del self._running[seat]
        if task.cancelled() or task.exception() is not None or version != self.version:
            return
        self._answers[seat] = task.result()


def _advice(view: View, version: int) -> Hint:
    return hint(view, iterations=HINT_ITERATIONS, seed=version)
