"""Leases: each live table is served by exactly one node of the room at a time.

A node holds a table's lease until a time it keeps moving forward (``renew``); a node that
dies stops renewing, and once the time has passed any other node may take the table
(``acquire``) and rebuild it from its stored log. Every step is one conditional statement, so
two nodes racing for a table cannot both win. A lease is a promise, not a lock: a node that
stalls past its lease and then writes is refused by the action log's key, and reloads.

Times are the nodes' own clocks (UTC); nodes must keep them in step (NTP) to well within the
lease's length.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from cardtable.server.store import CLOSED, FINISHED, LeaseRow, TableRow, now


@dataclass(frozen=True, slots=True)
class Holder:
    """Who serves a table, and until when unless they renew."""

    node: str
    until: datetime

    def live(self, at: datetime) -> bool:
        return self.until > at


def _held(row: LeaseRow) -> Holder:
    until = row.until if row.until.tzinfo is not None else row.until.replace(tzinfo=UTC)
    return Holder(row.node, until)  # SQLite hands back naive times; they were stored in UTC


def acquire(engine: Engine, table_id: str, node: str, seconds: float) -> Holder:
    """Take (or keep) the table's lease if it is free, ours, or expired; the holder after."""
    at = now()
    until = at + timedelta(seconds=seconds)
    with Session(engine) as s, s.begin():
        taken = s.execute(
            update(LeaseRow)
            .where(
                LeaseRow.table_id == table_id,
                or_(LeaseRow.node == node, LeaseRow.until < at),
            )
            .values(node=node, until=until)
        )
        if taken.rowcount == 1:  # type: ignore[attr-defined]
            return Holder(node, until)
        row = s.get(LeaseRow, table_id)
        if row is not None:
            return _held(row)
    try:
        with Session(engine) as s, s.begin():
            s.execute(insert(LeaseRow).values(table_id=table_id, node=node, until=until))
        return Holder(node, until)
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


def renew(engine: Engine, node: str, table_ids: list[str], seconds: float) -> set[str]:
    """Move forward the leases of the tables this node serves; those it still holds (a table
    missing from the answer was taken by another node after its lease ran out)."""
    if not table_ids:
        return set()
    until = now() + timedelta(seconds=seconds)
    mine = (LeaseRow.node == node, LeaseRow.table_id.in_(table_ids))
    with Session(engine) as s, s.begin():
        s.execute(update(LeaseRow).where(*mine).values(until=until))
        return set(s.scalars(select(LeaseRow.table_id).where(*mine)))


def release(engine: Engine, table_id: str, node: str) -> None:
    """Let go of a table (it finished, or the node stops): another node may take it at once."""
    with Session(engine) as s, s.begin():
        s.execute(delete(LeaseRow).where(LeaseRow.table_id == table_id, LeaseRow.node == node))


def release_all(engine: Engine, node: str) -> None:
    with Session(engine) as s, s.begin():
        s.execute(delete(LeaseRow).where(LeaseRow.node == node))


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
