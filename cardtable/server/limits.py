"""Per-client-address limits: token buckets (request and creation rates) and counters (open
sockets), each bounded in memory so that many addresses cannot grow them without end."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from cardtable.server.connection import RateLimiter

MAX_ADDRESSES = 20_000  # buckets kept; the least recently seen address is forgotten first


class AddressBuckets:
    """One token bucket per client address: ``burst`` at once, then ``rate`` a second."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: OrderedDict[str, RateLimiter] = OrderedDict()

    def allow(self, address: str) -> bool:
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = RateLimiter(self.rate, self.burst, self.clock)
            if len(self._buckets) > MAX_ADDRESSES:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(address)
        return bucket.allow()

    def retry_after(self) -> int:
        """Whole seconds until one more token: the ``Retry-After`` of a refusal."""
        return max(1, int(1.0 / self.rate + 0.999))


class AddressCounts:
    """How many of something (open sockets) each address holds now."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._counts: dict[str, int] = {}

    def acquire(self, address: str) -> bool:
        """Count one more for ``address`` unless it is at the limit (then False)."""
        held = self._counts.get(address, 0)
        if held >= self.limit:
            return False
        self._counts[address] = held + 1
        return True

    def release(self, address: str) -> None:
        held = self._counts.get(address, 0) - 1
        if held > 0:
            self._counts[address] = held
        else:
            self._counts.pop(address, None)

    def held(self, address: str) -> int:
        return self._counts.get(address, 0)


def client_address(scope_client: tuple[str, int] | None) -> str:
    """The address limits are kept for (one bucket for clients without one)."""
    return scope_client[0] if scope_client else "unknown"
