"""Leases: each live table is served by exactly one node of the room at a time.

A node holds a table's lease until a time it keeps moving forward (``renew``); a node that
dies stops renewing, and once the time has passed any other node may take the table
(``acquire``) and rebuild it from its stored log. Every step is one conditional statement, so
two nodes racing for a table cannot both win.

A lease is a promise, not a lock, so it carries a **fencing epoch**: a number that grows on
every take-over (``acquire``), never goes back (a released lease keeps its row and epoch, only
its time runs out), and that the node writes with: every action is stored only if the lease
still names this node at this epoch, checked in the action's own transaction
(``store.Fence``). A node that stalls past its lease and then writes is refused even where
the log's key would not catch it (an action number the new owner has not written yet); it
stops serving the table and tells its clients (``room.Room._lose``).

Times are the nodes' own clocks (UTC); nodes must keep them in step (NTP) to well within the
lease's length.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from cardtable.server.store import CLOSED, FINISHED, LeaseRow, TableRow, now


@dataclass(frozen=True, slots=True)
class Holder:
    """Who serves a table, until when unless they renew, and at which fencing epoch."""

    node: str
    until: datetime
    epoch: int = 0

    def live(self, at: datetime) -> bool:
        return self.until > at


def _held(row: LeaseRow) -> Holder:
    """SQLite hands back naive times; they were stored in UTC."""
    until = row.until if row.until.tzinfo is not None else row.until.replace(tzinfo=UTC)
    return Holder(row.node, until, row.epoch)


def acquire(
    engine: Engine, table_id: str, node: str, seconds: float, dead: Collection[str] = ()
) -> Holder:
    """Take the table's lease if it is free, ours, expired, or held by one of the ``dead``
    nodes (their liveness locks are gone: ``liveness.py``); the holder after. Taking it starts
    a new fencing epoch even when this node held it before: whoever loads the table now serves
    it from the log as it is at this moment, and any copy loaded before may no longer write (it
    may be a stalled process of the same name)."""
    at = now()
    until = at + timedelta(seconds=seconds)
    free = [LeaseRow.node == node, LeaseRow.until < at]
    if dead:
        free.append(LeaseRow.node.in_(sorted(dead)))
    with Session(engine) as s, s.begin():
        taken = s.execute(
            update(LeaseRow)
            .where(LeaseRow.table_id == table_id, or_(*free))
            .values(node=node, until=until, epoch=LeaseRow.epoch + 1)
        )
        row = s.get(LeaseRow, table_id)
        if row is not None:
            if taken.rowcount == 1:  # type: ignore[attr-defined]
                s.refresh(row)
            return _held(row)
    try:
        with Session(engine) as s, s.begin():
            s.execute(insert(LeaseRow).values(table_id=table_id, node=node, until=until, epoch=1))
        return Holder(node, until, 1)
    except IntegrityError:  # another node inserted it first (or the table is gone)
        found = holder(engine, table_id)
        return found if found is not None else Holder("", at)


def holder(engine: Engine, table_id: str) -> Holder | None:
    with Session(engine) as s:
        row = s.get(LeaseRow, table_id)
        return None if row is None else _held(row)


def holders(engine: Engine, table_ids: list[str]) -> dict[str, Holder]:
    """The holders of these tables' leases (a table nobody holds is missing)."""
    if not table_ids:
        return {}
    with Session(engine) as s:
        rows = s.scalars(select(LeaseRow).where(LeaseRow.table_id.in_(table_ids)))
        return {row.table_id: _held(row) for row in rows}


def renew(engine: Engine, node: str, epochs: Mapping[str, int], seconds: float) -> set[str]:
    """Move forward the leases of the tables this node serves (table id -> the epoch it
    serves it at); those it still holds at that epoch (a table missing from the answer was
    taken over after its lease ran out, perhaps by a process of the same name)."""
    if not epochs:
        return set()
    until = now() + timedelta(seconds=seconds)
    mine = (LeaseRow.node == node, LeaseRow.table_id.in_(list(epochs)))
    with Session(engine) as s, s.begin():
        s.execute(update(LeaseRow).where(*mine).values(until=until))
        rows = s.execute(select(LeaseRow.table_id, LeaseRow.epoch).where(*mine))
        return {table_id for table_id, epoch in rows if epochs[table_id] == epoch}


EXPIRED = datetime(1970, 1, 1, tzinfo=UTC)  # a released lease: free, its epoch kept


def release(engine: Engine, table_id: str, node: str) -> None:
    """Let go of a table (it finished, or the node stops): another node may take it at once.
    The row stays, so the next holder's epoch is above every earlier one."""
    with Session(engine) as s, s.begin():
        s.execute(
            update(LeaseRow)
            .where(LeaseRow.table_id == table_id, LeaseRow.node == node)
            .values(until=EXPIRED)
        )


def release_all(engine: Engine, node: str) -> None:
    with Session(engine) as s, s.begin():
        s.execute(update(LeaseRow).where(LeaseRow.node == node).values(until=EXPIRED))


def tables_of(engine: Engine, node: str) -> list[str]:
    """The unfinished tables whose leases name ``node`` (a dead node's, to take over)."""
    with Session(engine) as s:
        query = (
            select(LeaseRow.table_id)
            .join(TableRow, TableRow.id == LeaseRow.table_id)
            .where(LeaseRow.node == node, TableRow.status.not_in((FINISHED, CLOSED)))
        )
        return list(s.scalars(query))


def orphans(engine: Engine, limit: int = 100) -> list[str]:
    """Unfinished tables nobody serves: no lease, or one that has run out."""
    at = now()
    with Session(engine) as s:
        query = (
            select(TableRow.id)
            .outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
            .where(
                TableRow.status.not_in((FINISHED, CLOSED)),
                or_(LeaseRow.node.is_(None), LeaseRow.until < at),
            )
            .order_by(TableRow.created_at)
            .limit(limit)
        )
        return list(s.scalars(query))
