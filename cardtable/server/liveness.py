"""Which of the room's nodes are alive, learnt from PostgreSQL at once instead of by waiting
out a lease.

Each node holds a session-level advisory lock keyed by its name, on a connection of its own,
for as long as it runs. PostgreSQL releases that lock the moment the connection closes: a node
killed (``kill -9``, a crash) has its sockets closed by its machine's kernel, and its lock is
gone within milliseconds. The other nodes look at ``pg_locks`` ten times a second, so they
learn of the death at once and take the dead node's tables (``leases.acquire`` with ``dead``)
rather than waiting for its leases to run out.

A node that hangs without dying (SIGSTOP, a frozen machine whose connection stays open) keeps
its lock: the lease, which it no longer renews, and its fencing epoch are the guard for that.
A node is taken for dead only after it was seen alive here, so a node that never takes a lock
(an older version, one still starting) is left to its leases too. Taking a table from a node
that was wrongly taken for dead is safe: its writes are fenced by the new epoch.

SQLite (one node) needs none of this.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Iterable
from typing import Any

log = logging.getLogger("cardtable.server")

WATCH_SECONDS = 0.1  # how often a node looks at the others' locks (one small query)


def lock_key(node: str) -> int:
    """The advisory lock's key for a node's name: 64 bits of its hash, signed as PostgreSQL's
    ``bigint``."""
    digest = hashlib.sha256(b"cardtable.node:" + node.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def _pair(key: int) -> tuple[int, int]:
    """How ``pg_locks`` shows a ``bigint`` advisory key: its high and low 32 bits, unsigned."""
    unsigned = key & 0xFFFFFFFFFFFFFFFF
    return unsigned >> 32, unsigned & 0xFFFFFFFF


# the nodes that hold a lease that has not run out: the ones worth watching
LEASING = "SELECT DISTINCT node FROM card_leases WHERE until >= now()"
HELD = (
    "SELECT classid::bigint, objid::bigint FROM pg_locks "
    "WHERE locktype = 'advisory' AND granted AND objsubid = 1 "
    "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
)


def libpq_url(db_url: str) -> str | None:
    """The database URL as psycopg reads it, or None where it is not PostgreSQL."""
    from cardtable.server.store import engine_url

    parsed = engine_url(db_url)
    if parsed.get_backend_name() != "postgresql":
        return None
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


class Liveness:
    """This node's lock, and what it has seen of the other nodes'."""

    def __init__(self, url: str, node: str) -> None:
        self.url = url  # as psycopg reads it (no SQLAlchemy driver name)
        self.node = node
        self._conn: Any = None
        self._mine = False  # this node holds its own lock
        self._seen: set[str] = set()  # nodes seen alive (holding their locks)
        self.gone: set[str] = set()  # nodes seen alive whose locks went (until seen again)
        self._guard = asyncio.Lock()  # one query at a time on the connection

    async def start(self) -> None:
        """Connect and take this node's lock (if a stalled process of the same name still holds
        it, the name is alive anyway; ``held`` keeps trying)."""
        with contextlib.suppress(Exception):
            await self._ensure()

    async def close(self) -> None:
        """Stop, or start again after the database went away: closing the connection lets
        the lock go. Who was seen alive is forgotten: after an outage every node takes its
        lock again, and none is taken for dead before it has been seen with it once more."""
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close()
        self._conn, self._mine = None, False
        self._seen.clear()

    async def _ensure(self) -> None:
        import psycopg

        if self._conn is None or self._conn.closed:
            self._mine = False
            self._conn = await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, connect_timeout=5
            )
        if not self._mine:
            key = lock_key(self.node)
            cur = await self._conn.execute("SELECT pg_try_advisory_lock(%s)", (key,))
            row = await cur.fetchone()
            self._mine = bool(row and row[0])
            if self._mine:
                log.info("node %s: holding its liveness lock", self.node)

    async def held(self, nodes: Iterable[str]) -> set[str]:
        """Those of ``nodes`` whose locks are held now (raise if the database does not answer:
        nobody is taken for dead then). Remembers them as seen alive."""
        wanted = {n: _pair(lock_key(n)) for n in nodes}
        locked = {(int(a), int(b)) for a, b in await self._query(HELD)}
        found = {n for n, pair in wanted.items() if pair in locked}
        self._seen |= found
        self.gone -= found
        return found

    async def leasing(self) -> set[str]:
        """The nodes that hold live leases, read on this connection: the look-out does not
        queue behind the actions being stored."""
        return {str(row[0]) for row in await self._query(LEASING)}

    async def _query(self, query: str) -> list[Any]:
        """Rows of ``query`` on this node's own connection (taking its lock first if it has
        not); a failure closes the connection, and its lock goes with it."""
        async with self._guard:
            try:
                await self._ensure()
                cur = await self._conn.execute(query)
                rows: list[Any] = await cur.fetchall()
                return rows
            except Exception:
                await self.close()
                raise

    async def dead(self, nodes: Iterable[str]) -> set[str]:
        """Those of ``nodes`` (never this one) that were seen alive and whose locks are gone."""
        others = {n for n in nodes if n != self.node}
        if not others:
            return set()
        alive = await self.held(others)
        found = {n for n in others if n in self._seen and n not in alive}
        self.gone |= found
        return found
