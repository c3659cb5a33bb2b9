"""Durable storage of tables: their setup, seats, every hand's deck and every action.

The stored action log is the truth (boardgame.io keeps a log of moves the same way): a table
is rebuilt after a restart by turning its rows into a record and replaying it with
``Match.from_record``. Each action is committed, together with the next hand's deck when it
starts one and the table's summary, in one transaction *before* the server acknowledges or
broadcasts it.

Everything here is synchronous SQLAlchemy 2 and portable (SQLite by default, PostgreSQL by
URL); ``AsyncStore`` runs it on one dedicated thread so the event loop never waits on disk.
The schema is made and changed by Alembic migrations (``schema.py``), never by ``create_all``:
a model changed here needs a revision in ``migrations/versions`` too.
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Engine,
    ForeignKey,
    String,
    Text,
    create_engine,
    delete,
    event,
    false,
    select,
    text,
    update,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from cardtable.core.extras import require
from cardtable.core.match import OS, RECORD_FORMAT, RECORD_VERSION
from cardtable.server import schema

T = TypeVar("T")

OPEN, RUNNING, FINISHED = "open", "running", "finished"
HUMAN = "human"  # a person's seat kind (``seats.HUMAN``; the store does not import the room)
CLOSED = "closed"  # taken out of play by the room's host (``cardtable tables close``)
STATUSES = (OPEN, RUNNING, FINISHED, CLOSED)


def token_hash(token: str) -> str:
    """Seats are held by secret tokens; only their hashes are stored, so a copy of the
    database does not hand out the seats."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


#: What the room reads the time from (``now``; tests pass one they can move on).
Clock = Callable[[], datetime]


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "card_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int]
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # The computer players' seed (``seats.bot_seed``). Decks come from the OS and are kept in
    # card_hands; tables stored before that also had their decks drawn from this seed.
    seed: Mapped[int] = mapped_column(BigInteger)
    first_dealer: Mapped[int]
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(default=0)  # actions played so far
    hand_number: Mapped[int] = mapped_column(default=1)
    scores: Mapped[list[int]] = mapped_column(JSON)
    winner: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    __tablename__ = "card_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("card_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))  # "human" or a bot level
    token_hash: Mapped[str | None] = mapped_column(String(64))
    claimed: Mapped[bool] = mapped_column(default=False)
    # who sat here (revision 0004): the name shown, the player's public id, and whether that
    # player was deleted since (the seat then reads "former player")
    name: Mapped[str | None] = mapped_column(String(64))
    player: Mapped[str | None] = mapped_column(String(32), index=True)
    former: Mapped[bool] = mapped_column(default=False, server_default=false())


class HandRow(Base):
    __tablename__ = "card_hands"

    table_id: Mapped[str] = mapped_column(ForeignKey("card_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)  # 1-based
    dealer: Mapped[int]
    deck: Mapped[str] = mapped_column(Text)  # top first, as in a record


class ActionRow(Base):
    __tablename__ = "card_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("card_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)  # 1-based over the whole match
    hand: Mapped[int]
    seat: Mapped[int]
    text: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column(String(32))  # "human" or the bot level that chose it
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class OwnerRow(Base):
    """The hash of the key its creator got, which may ask for new seat links (a table of
    its own, so databases made before it need no change)."""

    __tablename__ = "card_owners"

    table_id: Mapped[str] = mapped_column(ForeignKey("card_tables.id"), primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64))


class LeaseRow(Base):
    """Which node of the room serves a live table, and until when (``leases.py``)."""

    __tablename__ = "card_leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("card_tables.id"), primary_key=True)
    node: Mapped[str] = mapped_column(String(128), index=True)
    until: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The fencing epoch: grows on every take-over; actions are stored only at the current one.
    epoch: Mapped[int] = mapped_column(BigInteger, default=1, server_default="1")


class NodeRow(Base):
    """A node of the room and the address clients reach it at directly, if it has one
    (``--public-url``; ``addresses.py``)."""

    __tablename__ = "card_nodes"

    node: Mapped[str] = mapped_column(String(128), primary_key=True)
    url: Mapped[str | None] = mapped_column(String(512))
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventRow(Base):
    """What happened at a table besides the players' actions (``events.py``): a pause and its
    end, a seat given to a computer or back to a person, a seat's new link. ``version``: the
    actions played before it. ``retired``: the hash of a seat token it ended (so the old
    link's page can say why), never shown."""

    __tablename__ = "card_events"

    table_id: Mapped[str] = mapped_column(ForeignKey("card_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True)  # 1-based per table
    version: Mapped[int]
    hand: Mapped[int]
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None]
    by: Mapped[str] = mapped_column(String(32))
    detail: Mapped[dict[str, Any]] = mapped_column(JSON)
    retired: Mapped[str | None] = mapped_column(String(64), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TalkRow(Base):
    """What the people at a table said (``talk.py``): a line, a quick phrase, a reaction to
    the last move, or the host's talk settings. Kept with the table and deleted with it, and
    never part of the match's record. ``id`` orders them (rows may come from several nodes:
    a host's setting is stored wherever the request arrived); ``version``: the actions
    played before it, to place it among the moves."""

    __tablename__ = "card_talk"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("card_tables.id"), index=True)
    version: Mapped[int]
    hand: Mapped[int]
    seat: Mapped[int | None]
    name: Mapped[str | None] = mapped_column(String(64))  # a spectator's, when signed in
    kind: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# -- plain data passed between the room and the store -----------------------------------------
@dataclass(frozen=True, slots=True)
class StoredSeat:
    seat: int
    kind: str
    token_hash: str | None
    claimed: bool
    name: str | None = None
    player: str | None = None
    former: bool = False

    @classmethod
    def of(cls, row: SeatRow) -> StoredSeat:
        return cls(
            row.seat, row.kind, row.token_hash, row.claimed, row.name, row.player, row.former
        )


@dataclass(frozen=True, slots=True)
class StoredAction:
    number: int
    hand: int
    seat: int
    text: str
    by: str


@dataclass(frozen=True, slots=True)
class StoredHand:
    number: int
    dealer: int
    deck: str


@dataclass(frozen=True, slots=True)
class Summary:
    """What the table row says about progress (kept current with every action)."""

    status: str
    version: int
    hand_number: int
    scores: list[int]
    winner: int | None


@dataclass(frozen=True, slots=True)
class Fence:
    """The lease a writer serves its table under: its node and the lease's epoch then. An
    action is stored only while the lease still names both (``leases.py``)."""

    node: str
    epoch: int


class Fenced(Exception):
    """The writer's lease was taken over: its action was not stored (nothing was)."""


def hold_fence(s: Session, table_id: str, fence: Fence) -> None:
    """Lock the lease row and check it in the writer's own transaction: a take-over committed
    before this refuses the write (``Fenced``); one trying after waits for this commit (its
    epoch, and its reload of the log, come after this write)."""
    held = s.execute(
        update(LeaseRow)
        .where(
            LeaseRow.table_id == table_id,
            LeaseRow.node == fence.node,
            LeaseRow.epoch == fence.epoch,
        )
        .values(epoch=LeaseRow.epoch)
    )
    if held.rowcount != 1:  # type: ignore[attr-defined]
        raise Fenced(table_id)


#: one action of one table, and the fence it is written under (None: not fenced)
Entry = tuple[str, StoredAction, StoredHand | None, Summary, Fence | None]


@dataclass(slots=True)
class StoredTable:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    first_dealer: int
    summary: Summary
    created_at: datetime
    seats: list[StoredSeat] = field(default_factory=list)
    hands: list[StoredHand] = field(default_factory=list)
    actions: list[StoredAction] = field(default_factory=list)
    owner_hash: str | None = None  # only when created
    club: str | None = None  # the club it was made in (``clubs.py``), None for a public table
    updated_at: datetime | None = None  # the last change (the end, for a finished match)

    def record(self) -> dict[str, Any]:
        """The stored log as a ``Match.record``-shaped dict, ready for ``Match.from_record``."""
        hands: list[dict[str, Any]] = [
            {"dealer": h.dealer, "deck": h.deck, "actions": []} for h in self.hands
        ]
        for a in self.actions:
            hands[a.hand - 1]["actions"].append(a.text)
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": OS,  # no seed decides a deck: they are all here, drawn from the OS
            "dealer": self.first_dealer,
            "hands": hands,
        }

    def seat_names(self) -> list[str | None]:
        """Each seat's name as a record carries it (``"seat_names"``): a person's name, None for
        a computer, a seat nobody named, or a player deleted since."""
        return [s.name if s.kind == HUMAN and not s.former else None for s in self.seats]


def engine_url(url: str) -> URL:
    """The SQLAlchemy URL for ``--db``; a bare ``postgresql://`` uses psycopg 3, the driver
    the ``postgres`` extra installs, and a plain path (``cardtable.db``, ``/srv/cards.db``,
    no ``://``) is a SQLite file, as "the SQLite file" of the help suggests."""
    if "://" not in url:
        return URL.create("sqlite", database=url)
    parsed = make_url(url)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(url: str) -> Engine:
    parsed = engine_url(url)
    if parsed.drivername == "postgresql+psycopg":
        require("postgres", "a PostgreSQL database")
    engine = create_engine(parsed)
    if parsed.get_backend_name() == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn: Any, _record: Any) -> None:
            # WAL lets readers and the writer overlap; FULL makes each commit reach the disk.
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=10000")
            cur.close()

    return engine


class Store:
    """Synchronous storage calls; each method is one transaction."""

    def __init__(self, url: str, clock: Clock = now) -> None:
        self.clock = clock  # tables' times, as the room reads them; leases keep the wall clock
        self.engine = make_engine(url)
        try:
            schema.upgrade(self.engine)
        except BaseException:
            self.engine.dispose()
            raise

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """Raise unless the database answers a query (the health check)."""
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    def close_table(self, table_id: str) -> str | None:
        """Take a table out of play; its status before (None: no such table)."""
        with Session(self.engine) as s, s.begin():
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            before = row.status
            row.status, row.updated_at = CLOSED, self.clock()
            return before

    def create_table(self, table: StoredTable, node: str | None = None, lease: float = 0) -> None:
        """Store a new table; with ``node``, its lease for that node in the same transaction
        (so no other node takes it for one nobody serves)."""
        at = table.created_at
        with Session(self.engine) as s, s.begin():
            s.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    players=table.players,
                    options=table.options,
                    seed=table.seed,
                    first_dealer=table.first_dealer,
                    status=table.summary.status,
                    version=table.summary.version,
                    hand_number=table.summary.hand_number,
                    scores=table.summary.scores,
                    winner=table.summary.winner,
                    created_at=at,
                    updated_at=at,
                )
            )
            s.flush()  # the parent row first: foreign keys are checked per statement
            for seat in table.seats:
                s.add(
                    SeatRow(
                        table_id=table.id,
                        seat=seat.seat,
                        kind=seat.kind,
                        token_hash=seat.token_hash,
                        claimed=seat.claimed,
                        name=seat.name,
                        player=seat.player,
                        former=seat.former,
                    )
                )
            for hand in table.hands:
                s.add(
                    HandRow(
                        table_id=table.id, number=hand.number, dealer=hand.dealer, deck=hand.deck
                    )
                )
            if table.owner_hash is not None:
                s.add(OwnerRow(table_id=table.id, key_hash=table.owner_hash))
            if table.club is not None:  # in the same transaction: never listed in public
                from cardtable.server.people_rows import ClubTableRow

                s.add(ClubTableRow(table_id=table.id, club_id=table.club))
            if node is not None:
                s.add(
                    LeaseRow(table_id=table.id, node=node, until=now() + timedelta(seconds=lease))
                )

    def delete_table(self, table_id: str) -> None:
        """Remove a table and everything stored with it (one nobody joined)."""
        with Session(self.engine) as s, s.begin():
            from cardtable.server.people_rows import ClubTableRow

            for row in (ActionRow, HandRow, SeatRow, OwnerRow, LeaseRow, ClubTableRow, EventRow,
                        TalkRow):  # fmt: skip
                s.execute(delete(row).where(row.table_id == table_id))
            s.execute(delete(TableRow).where(TableRow.id == table_id))

    def owner_hash(self, table_id: str) -> str | None:
        with Session(self.engine) as s:
            row = s.get(OwnerRow, table_id)
            return None if row is None else row.key_hash

    def name_seat(self, table_id: str, seat: int, name: str | None, player: str | None) -> None:
        """Who sits at a seat now (a guest who chose a name, a player who took it)."""
        with Session(self.engine) as s, s.begin():
            _update_seat(s, table_id, seat, name=name, player=player)

    def set_token(self, table_id: str, seat: int, hashed: str) -> None:
        """A person's seat gets a new token (the old one stops working)."""
        with Session(self.engine) as s, s.begin():
            _update_seat(s, table_id, seat, token_hash=hashed)

    def append(
        self,
        table_id: str,
        action: StoredAction,
        new_hand: StoredHand | None,
        summary: Summary,
        fence: Fence | None = None,
    ) -> None:
        """Commit one action (and the hand it deals, if any) with the table's new summary;
        under ``fence``, only while that lease is current (else ``Fenced``)."""
        self.append_many([(table_id, action, new_hand, summary, fence)])

    def append_many(self, entries: list[Entry]) -> None:
        """Commit several tables' actions in one transaction: all of them or none."""
        with Session(self.engine) as s, s.begin():
            for entry in entries:
                self._add(s, *entry)

    def _add(
        self,
        s: Session,
        table_id: str,
        action: StoredAction,
        new_hand: StoredHand | None,
        summary: Summary,
        fence: Fence | None,
    ) -> None:
        if fence is not None:
            hold_fence(s, table_id, fence)
        s.add(
            ActionRow(
                table_id=table_id,
                number=action.number,
                hand=action.hand,
                seat=action.seat,
                text=action.text,
                by=action.by,
                at=self.clock(),
            )
        )
        if new_hand is not None:
            s.add(
                HandRow(
                    table_id=table_id,
                    number=new_hand.number,
                    dealer=new_hand.dealer,
                    deck=new_hand.deck,
                )
            )
        s.execute(
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.status != CLOSED)
            .values(
                status=summary.status,
                version=summary.version,
                hand_number=summary.hand_number,
                scores=summary.scores,
                winner=summary.winner,
                updated_at=self.clock(),
            )
        )

    def claim_seat(
        self,
        table_id: str,
        seat: int,
        status: str,
        name: str | None = None,
        player: str | None = None,
    ) -> None:
        """Mark a human seat as taken for the first time (and the table's status after it),
        with the name and player of whoever took it (kept as they were when not given)."""
        who = {k: v for k, v in (("name", name), ("player", player)) if v is not None}
        with Session(self.engine) as s, s.begin():
            _update_seat(s, table_id, seat, claimed=True, **who)
            s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status != CLOSED)
                .values(status=status, updated_at=self.clock())
            )

    def load(self, table_id: str, *, with_log: bool = True) -> StoredTable | None:
        """A table with its seats and, unless ``with_log`` is false, its hands and actions."""
        with Session(self.engine) as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            table = _stored(row)
            seats = s.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            )
            table.seats = [StoredSeat.of(r) for r in seats]
            from cardtable.server.people_rows import ClubTableRow

            club = s.get(ClubTableRow, table_id)
            table.club = None if club is None else club.club_id
            if not with_log:
                return table
            hands = s.scalars(
                select(HandRow).where(HandRow.table_id == table_id).order_by(HandRow.number)
            )
            table.hands = [StoredHand(r.number, r.dealer, r.deck) for r in hands]
            actions = s.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.number)
            )
            table.actions = [StoredAction(r.number, r.hand, r.seat, r.text, r.by) for r in actions]
            return table

    def seat_tokens(self, table_ids: list[str]) -> dict[str, dict[int, str | None]]:
        """The stored token hash of every seat of these tables (the authority on seat links:
        a live table takes them from here every few seconds)."""
        if not table_ids:
            return {}
        found: dict[str, dict[int, str | None]] = {t: {} for t in table_ids}
        with Session(self.engine) as s:
            rows = s.execute(
                select(SeatRow.table_id, SeatRow.seat, SeatRow.token_hash).where(
                    SeatRow.table_id.in_(table_ids)
                )
            )
            for table_id, seat, hashed in rows:
                found[table_id][seat] = hashed
        return found

    def unfinished_ids(self) -> list[str]:
        with Session(self.engine) as s:
            rows = s.scalars(
                select(TableRow.id)
                .where(TableRow.status.not_in((FINISHED, CLOSED)))
                .order_by(TableRow.created_at)
            )
            return list(rows)

    def list_tables(self, status: str | None, limit: int) -> list[StoredTable]:
        """The newest tables (optionally of one status) with their seats, no log."""
        with Session(self.engine) as s:
            query = select(TableRow).order_by(TableRow.created_at.desc()).limit(limit)
            if status is not None:
                query = query.where(TableRow.status == status)
            tables = [_stored(r) for r in s.scalars(query)]
            if not tables:
                return []
            by_id = {t.id: t for t in tables}
            seats = s.scalars(
                select(SeatRow)
                .where(SeatRow.table_id.in_(list(by_id)))
                .order_by(SeatRow.table_id, SeatRow.seat)
            )
            for r in seats:
                by_id[r.table_id].seats.append(StoredSeat.of(r))
            return tables


def _update_seat(s: Session, table_id: str, seat: int, **values: Any) -> None:
    s.execute(
        update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(**values)
    )


def _stored(row: TableRow) -> StoredTable:
    summary = Summary(row.status, row.version, row.hand_number, list(row.scores), row.winner)
    return StoredTable(
        id=row.id,
        game=row.game,
        players=row.players,
        options=dict(row.options),
        seed=row.seed,
        first_dealer=row.first_dealer,
        summary=summary,
        created_at=_utc(row.created_at),
        updated_at=_utc(row.updated_at),
    )


def _utc(at: datetime) -> datetime:
    """SQLite hands back naive datetimes; they were stored in UTC."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.cancelled():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


class AsyncStore:
    """The ``Store`` on one worker thread: calls run in order, off the event loop.

    Actions are group-committed: every action waiting when the worker gets to them is
    written in one transaction (one disk sync for many tables), and each waiting table
    resumes only once its action is durable.
    """

    def __init__(self, url: str, clock: Clock = now) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardtable-db")
        self.store = self._pool.submit(Store, url, clock).result()
        self._waiting: list[tuple[Entry, asyncio.Future[None]]] = []
        self._lock = threading.Lock()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, fn, *args)

    async def create_table(
        self, table: StoredTable, node: str | None = None, lease: float = 0
    ) -> None:
        await self.run(self.store.create_table, table, node, lease)

    async def append(
        self,
        table_id: str,
        action: StoredAction,
        new_hand: StoredHand | None,
        summary: Summary,
        fence: Fence | None = None,
    ) -> None:
        """Return once the action is committed (raise if it could not be: ``Fenced`` if the
        lease ``fence`` names was taken over)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        with self._lock:
            self._waiting.append(((table_id, action, new_hand, summary, fence), done))
            first = len(self._waiting) == 1
        if first:
            self._pool.submit(self._commit_waiting, loop)
        await done

    def _commit_waiting(self, loop: asyncio.AbstractEventLoop) -> None:
        """On the worker: commit everything waiting at once; if that fails, one by one, so
        only the entries that cannot be stored fail."""
        with self._lock:
            batch, self._waiting = self._waiting, []
        results: list[BaseException | None]
        try:
            self.store.append_many([entry for entry, _ in batch])
            results = [None] * len(batch)
        except Exception:
            results = []
            for entry, _ in batch:
                try:
                    self.store.append_many([entry])
                    results.append(None)
                except Exception as e:
                    results.append(e)
        for (_, done), error in zip(batch, results, strict=True):
            loop.call_soon_threadsafe(_settle, done, error)

    async def claim_seat(
        self,
        table_id: str,
        seat: int,
        status: str,
        name: str | None = None,
        player: str | None = None,
    ) -> None:
        await self.run(self.store.claim_seat, table_id, seat, status, name, player)

    async def name_seat(
        self, table_id: str, seat: int, name: str | None, player: str | None
    ) -> None:
        await self.run(self.store.name_seat, table_id, seat, name, player)

    async def delete_table(self, table_id: str) -> None:
        await self.run(self.store.delete_table, table_id)

    async def owner_hash(self, table_id: str) -> str | None:
        return await self.run(self.store.owner_hash, table_id)

    async def set_token(self, table_id: str, seat: int, hashed: str) -> None:
        await self.run(self.store.set_token, table_id, seat, hashed)

    async def load(self, table_id: str, *, with_log: bool = True) -> StoredTable | None:
        return await self.run(partial(self.store.load, table_id, with_log=with_log))

    async def ping(self) -> None:
        await self.run(self.store.ping)

    async def unfinished_ids(self) -> list[str]:
        return await self.run(self.store.unfinished_ids)

    async def list_tables(self, status: str | None, limit: int) -> list[StoredTable]:
        return await self.run(self.store.list_tables, status, limit)

    def close(self) -> None:
        self._pool.submit(self.store.close).result()
        self._pool.shutdown(wait=True)
