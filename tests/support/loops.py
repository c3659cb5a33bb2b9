"""Running a coroutine from a test that may share its thread with Playwright."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_apart(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on a thread of its own: a Playwright test earlier in the same worker
    may leave its event loop running on this thread, where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
