"""What happens at a table besides the players' actions: the host pauses and resumes it, the
room pauses it while every person is away, a seat is given to a computer or back to a person,
a seat gets a new link. Each is stored (``card_events``) in one transaction with the seat
change it makes, shown in the move log, and written into the finished match's record as
``"events"`` (docs/protocol.md), which ``Match.from_record`` and the replay pass over.

Each event notes how many actions were played before it (``version``) and in which hand, so a
log or a replay can place it between the moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, func, select, update
from sqlalchemy.orm import Session

from cardtable.server.store import CLOSED, EventRow, Fence, SeatRow, TableRow, hold_fence

PAUSE, RESUME, SEAT, LINK, POLICY = "pause", "resume", "seat", "link", "policy"
KINDS = (PAUSE, RESUME, SEAT, LINK, POLICY)
# Who made it: the table's host, the room (every person away: it pauses, the first one back
# resumes it), or a seat's person coming back.
BY_HOST, BY_AWAY, BY_RETURN = "host", "away", "return"


@dataclass(frozen=True, slots=True)
class StoredEvent:
    number: int
    version: int
    hand: int
    kind: str
    seat: int | None
    by: str
    at: datetime
    detail: dict[str, Any] = field(default_factory=dict)
    retired: str | None = None  # the seat token hash it ended; never shown

    def public(self) -> dict[str, Any]:
        """The event as clients and records read it (never the retired token's hash)."""
        return {
            "event": self.kind,
            "number": self.number,
            "version": self.version,
            "hand": self.hand,
            "seat": self.seat,
            "by": self.by,
            "at": self.at.isoformat(),
            **self.detail,
        }


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A seat's new kind and token (None: no token), stored with its event."""

    seat: int
    kind: str
    token_hash: str | None
    claimed: bool
    keeps_person: bool = False  # a new link for the same person: their name stays


def _event(row: EventRow) -> StoredEvent:
    at = row.at if row.at.tzinfo is not None else row.at.replace(tzinfo=UTC)
    return StoredEvent(
        row.number,
        row.version,
        row.hand,
        row.kind,
        row.seat,
        row.by,
        at,
        dict(row.detail or {}),
        row.retired,
    )


def add(
    engine: Engine,
    table_id: str,
    kind: str,
    *,
    at: datetime,
    seat: int | None = None,
    by: str = BY_HOST,
    detail: dict[str, Any] | None = None,
    retired: str | None = None,
    change: SeatChange | None = None,
    status: str | None = None,
    fence: Fence | None = None,
) -> StoredEvent:
    """Store one event, numbered after the table's last and placed after its stored actions,
    with the seat change and the table's new status it brings, all in one transaction; with
    ``fence``, only while that lease is current (else ``Fenced``, as for an action)."""
    with Session(engine) as s, s.begin():
        if fence is not None:
            hold_fence(s, table_id, fence)
        table = s.get(TableRow, table_id)
        if table is None:
            raise KeyError(table_id)
        last = s.scalar(select(func.max(EventRow.number)).where(EventRow.table_id == table_id))
        row = EventRow(
            table_id=table_id,
            number=(last or 0) + 1,
            version=table.version,
            hand=table.hand_number,
            kind=kind,
            seat=seat,
            by=by,
            detail=dict(detail or {}),
            retired=retired,
            at=at,
        )
        s.add(row)
        if change is not None:
            s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == change.seat)
                .values(
                    kind=change.kind,
                    token_hash=change.token_hash,
                    claimed=change.claimed,
                    **({} if change.keeps_person else {"name": None, "player": None}),
                )
            )
        if status is not None:
            s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status != CLOSED)
                .values(status=status, updated_at=at)
            )
        s.flush()
        return _event(row)


def load(engine: Engine, table_id: str) -> list[StoredEvent]:
    """A table's events, oldest first."""
    with Session(engine) as s:
        rows = s.scalars(
            select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.number)
        )
        return [_event(r) for r in rows]


# -- what the events add up to ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pause:
    """The table is paused: by the host or by the room (every person away), since when."""

    by: str
    since: datetime
    version: int

    def public(self) -> dict[str, Any]:
        return {"by": self.by, "since": self.since.isoformat(), "version": self.version}


def pause_of(events: Sequence[StoredEvent]) -> Pause | None:
    """The pause in force after ``events`` (the last pause not resumed), if any."""
    for e in reversed(events):
        if e.kind == RESUME:
            return None
        if e.kind == PAUSE:
            return Pause(e.by, e.at, e.version)
    return None


def retired_by(events: Sequence[StoredEvent], hashed: str) -> StoredEvent | None:
    """The event that ended the seat token with this hash (a new link, a computer given the
    seat), if one did."""
    return next((e for e in reversed(events) if e.retired == hashed), None)
