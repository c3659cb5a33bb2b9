"""A clock the tests move by hand, for the room's expiries (``create_app(clock=…)``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class MovingClock:
    """Now when made; later only when ``advance`` says so."""

    def __init__(self) -> None:
        self.at = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)
