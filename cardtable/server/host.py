"""Hosting a table: the host's controls and the away policy (docs/protocol.md, "Hosting").

The host (the table's creator, holding the key it got; ``is_host`` is where a club's owners
join them) may give a seat nobody has joined, or whose person is away, to a computer of a
chosen level and give a computer's seat back to a person (with a new link), give a seat a new
link, and pause and resume the match. A paused table refuses moves and its computers wait.

The away policy (``stand_ins``, a table option): with ``present`` (the default) a stand-in
plays for an away person only while at least one person is at the table; when every person is
away the room pauses the match itself, and the first person back resumes it. With ``always``
the stand-ins play on alone (the room's behaviour before this option). A person who comes
back is told what a computer played for them while they were away (``away_moves``).

Every change is stored as an event (``events.py``) with the seat change it makes, then
applied to the live table from the store (``reload``), the same way whichever node the
request reached: a node that does not serve the table stores it and tells the serving node.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import TYPE_CHECKING, Any

from cardtable.server import events
from cardtable.server import protocol as p
from cardtable.server.events import (
    BY_AWAY,
    BY_HOST,
    BY_RETURN,
    LINK,
    PAUSE,
    POLICY,
    RESUME,
    SEAT,
    SeatChange,
    StoredEvent,
)
from cardtable.server.refusal import RoomError
from cardtable.server.seats import HUMAN, Seat, levels_for
from cardtable.server.store import FINISHED, OPEN, RUNNING, Fenced, StoredTable, token_hash

if TYPE_CHECKING:
    from cardtable.server.connection import Connection
    from cardtable.server.room import Room
    from cardtable.server.table import LiveTable

log = logging.getLogger("cardtable.server")

AWAY_GRACE = 3.0  # seconds every person may be away before the room pauses the match
PRESENT, ALWAYS = "present", "always"  # the away policy: stand-ins only while someone is here
POLICIES = (PRESENT, ALWAYS)


class Hosting:
    """A live table's events and what they add up to: its pause and its away policy; which
    seats' people are away since which version (for the ``away_moves`` they are told)."""

    def __init__(self, stored: list[StoredEvent]) -> None:
        self.events = list(stored)
        self.pausing = False  # the room is storing a pause of its own (every person away)
        self.pause_task: asyncio.Task[None] | None = None  # that pause, after its grace
        self.away_from: dict[int, int] = {}  # seat -> the version its person left at

    @property
    def pause(self) -> events.Pause | None:
        return events.pause_of(self.events)

    @property
    def policy(self) -> str:
        found = next((e for e in reversed(self.events) if e.kind == POLICY), None)
        return str(found.detail.get("stand_ins", PRESENT)) if found is not None else PRESENT

    def public(self) -> dict[str, Any]:
        pause = self.pause
        return {"paused": None if pause is None else pause.public(), "stand_ins": self.policy}

    def message(self, table_id: str) -> dict[str, Any]:
        """Every event so far, for a client joining (its move log shows them between moves)."""
        return {"type": "events", "table": table_id, "events": [e.public() for e in self.events]}


# -- who may host ------------------------------------------------------------------------------
async def is_host(room: Room, table_id: str, owner: str) -> bool:
    """Whether ``owner`` is the key the table's creator got. A club's owners host their club's
    tables too: once clubs exist, their check joins this one here."""
    stored = await room.store.owner_hash(table_id)
    return stored is not None and secrets.compare_digest(stored, token_hash(owner))


# -- the table ---------------------------------------------------------------------------------
def someone_here(table: LiveTable) -> bool:
    return any(s.is_human and s.connections > 0 for s in table.seats)


def holds(table: LiveTable) -> bool:
    """Whether the table's computers wait: paused (or being paused), or a stand-in would play
    while every person is away and the policy says not to."""
    h = table.hosting
    if h.pause is not None or h.pausing:
        return True
    if h.policy != PRESENT or someone_here(table):
        return False
    to_move = table.match.to_move
    return to_move is not None and table.seats[to_move].stand_in is not None


def refuse_if_paused(table: LiveTable, seq: int) -> None:
    pause = table.hosting.pause
    if pause is None:
        return
    reason = "The host paused the match" if pause.by == BY_HOST else "Everyone was away"
    raise p.ProtocolError(
        p.Code.PAUSED,
        f"{reason}; no moves until it is resumed",
        seq,
        key=f"refusal.paused.{pause.by}",
        params={"since": pause.since.isoformat()},
    )


async def store_event(table: LiveTable, kind: str, **values: Any) -> StoredEvent:
    """Store an event of this table (the caller holds its lock) under its lease, and apply it."""
    values = {**values, "fence": table.fence}
    event = await table.store.run(
        _add, table.store.store.engine, table.id, kind, table.clock(), values
    )
    await _apply(table, [*table.hosting.events, event], None)
    return event


def _add(engine: Any, table_id: str, kind: str, at: Any, values: dict[str, Any]) -> StoredEvent:
    return events.add(engine, table_id, kind, at=at, **values)


def departed(table: LiveTable) -> None:
    """A person's last connection left: if nobody is here now, the room pauses the match
    (the away policy), at once for the computers and then in the store."""
    if table.status != RUNNING or table.lost or someone_here(table):
        return
    h = table.hosting
    if h.policy != PRESENT or h.pause is not None or h.pausing:
        return
    if not any(s.is_human for s in table.seats):
        return
    if h.pause_task is not None and not h.pause_task.done():
        return
    task = asyncio.get_running_loop().create_task(_pause_for_away(table))
    h.pause_task = task
    _background.add(task)
    task.add_done_callback(_background.discard)


async def _pause_for_away(table: LiveTable) -> None:
    """After a short grace (a reload, a tab reopened: back at once, no pause) and if still
    nobody is here. Meanwhile no stand-in plays (``holds``): nobody's cards are played."""
    await asyncio.sleep(AWAY_GRACE)
    if someone_here(table) or table.lost:
        return
    table.hosting.pausing = True
    try:
        async with table.lock:
            if someone_here(table) or table.hosting.pause is not None or table.lost:
                return
            if table.status != RUNNING:
                return
            await store_event(table, PAUSE, by=BY_AWAY)
            log.info("table %s: every person is away; paused", table.id)
    except Exception:
        log.exception("table %s: the pause could not be stored", table.id)
    finally:
        table.hosting.pausing = False
        table.kick()


async def arrived(table: LiveTable, conn: Connection, seat: Seat) -> None:
    """A person is back (the caller holds the lock): the room's own pause ends, and they are
    told what a computer played for them while they were away."""
    h = table.hosting
    pause = h.pause
    if pause is not None and pause.by == BY_AWAY and table.status != FINISHED:
        try:
            await store_event(table, RESUME, by=BY_RETURN, seat=seat.number)
        except Exception:
            log.exception("table %s: the resume could not be stored", table.id)
    start = h.away_from.pop(seat.number, None)
    if start is None:  # away since before this node served the table: since their last move
        mine = [a.number for a in table.log_entries if a.seat == seat.number and a.by == HUMAN]
        start = mine[-1] if mine else 0
    played = [
        a for a in table.log_entries if a.number > start and a.seat == seat.number and a.by != HUMAN
    ]
    if played and seat.is_human:
        conn.push(
            {
                "type": "away_moves",
                "table": table.id,
                "seat": seat.number,
                "moves": [table.log_entry(a, seat.number) for a in played],
            }
        )


def went_away(table: LiveTable, seat: Seat) -> None:
    table.hosting.away_from[seat.number] = table.version


async def known_retired(table: LiveTable, hashed: str, seq: int) -> None:
    """A token this table does not hold: if a new link or a computer replaced it, say so."""
    found = await table.store.run(events.load, table.store.store.engine, table.id)
    _say_replaced(found, hashed, seq)


async def refuse_retired(room: Room, table_id: str, token: str | None, seq: int) -> None:
    """The same, for a token the room refuses from the store before loading the table."""
    if token is None:
        return
    found = await room.store.run(events.load, room.store.store.engine, table_id)
    _say_replaced(found, token_hash(token), seq)


def _say_replaced(found: list[StoredEvent], hashed: str, seq: int) -> None:
    event = events.retired_by(found, hashed)
    if event is None:
        return
    if event.kind == SEAT:
        message = "The host gave this seat to a computer player; ask the host for a new link"
        key = "join.replaced.computer"
    else:
        message = "This seat was given a new link; ask the host who sent it for the new one"
        key = "join.replaced.link"
    raise p.ProtocolError(
        p.Code.TOKEN_REPLACED, message, seq, key=key, params={"seat": event.seat or 0}
    )


async def reload(table: LiveTable) -> None:
    """Apply what another node stored for this table (its events and seats)."""
    async with table.lock:
        stored = await table.store.load(table.id, with_log=False)
        found = await table.store.run(events.load, table.store.store.engine, table.id)
        if stored is None:
            return
        await _apply(table, found, stored)
    table.kick()


async def _apply(table: LiveTable, found: list[StoredEvent], stored: StoredTable | None) -> None:
    """Bring the live table in line with its stored events (and its stored seats and status,
    when given): seats that changed are rebuilt, clients learn each new event and the state."""
    h = table.hosting
    new = found[len(h.events) :]
    h.events = list(found)
    if stored is not None:
        for event in new:
            if event.seat is None or not 0 <= event.seat < len(table.seats):
                continue
            now = stored.seats[event.seat]
            if event.kind == SEAT and table.seats[event.seat].kind != now.kind:
                _reseat(table, event.seat, now.kind, now.token_hash)
            elif (
                event.kind == LINK
                and now.token_hash is not None
                and table.seats[event.seat].token_hash != now.token_hash
            ):
                table.revoke(event.seat, now.token_hash)
        table.status = stored.summary.status
    if new:
        message = p.encode(
            {"type": "event", "table": table.id, "events": [e.public() for e in new], **h.public()}
        )
        for conn in list(table.connections):
            conn.push(message)
        table.broadcast()


def _reseat(table: LiveTable, number: int, kind: str, hashed: str | None) -> None:
    """Seat ``number`` is a computer of level ``kind`` now, or a person's again (a new link,
    nobody joined yet); whoever sat there with the old link is told and let go."""
    for conn in list(table.connections):
        if conn.seat == number:
            why = "The host gave this seat to a computer player"
            table.detach(conn, p.Code.TOKEN_REPLACED, why)
    table.seats[number].cancel_timer()
    seat = Seat.create(number, kind, hashed, False, table.match.game_id, table.seed)
    table.seats[number] = seat
    if kind == HUMAN:
        table.hosting.away_from[number] = table.version
        table.away(seat)


# -- the room: requests from the host -----------------------------------------------------------
class HostError(RoomError):
    """A host's request refused (the room answers it as any refusal)."""


def only_the_host() -> HostError:
    return HostError(403, "Only the table's host may do that", "forbidden", key="host.error.host")


def no_table(table_id: str) -> HostError:
    return HostError(404, f"No table {table_id!r}", "not_found", key="error.unknown_table")


def not_a_persons_seat(seat: int) -> HostError:
    """A seat counted from 0 in the API, from 1 in the page's words (``{n}``)."""
    return HostError(
        400,
        f"Seat {seat} is not a person's seat at this table",
        key="room.error.not_persons_seat",
        params={"n": seat + 1},
    )


async def _table(room: Room, table_id: str, owner: str) -> tuple[Served, StoredTable]:
    """Where the table is served (``Served``) and its stored setup; refused unless ``owner``
    hosts it and its match is still being played."""
    if not await is_host(room, table_id, owner):
        raise only_the_host()
    where = await served(room, table_id)
    stored = await room.store.load(table_id, with_log=False)
    if stored is None:
        raise no_table(table_id)
    if stored.summary.status == FINISHED:
        raise HostError(409, "The match is over", "conflict", key="refusal.match_over")
    return where, stored


class Served:
    """The live table if this node serves it, else the node that does (None: nobody now;
    the node that adopts it reads the store)."""

    def __init__(self, table: LiveTable | None, node: str | None) -> None:
        self.table, self.node = table, node


async def served(room: Room, table_id: str) -> Served:
    try:
        route = await room.route(table_id)
    except Exception:  # one node without a bus, the lease elsewhere: stored, read on adoption
        return Served(None, None)
    live = room.tables.get(table_id)
    if live is not None and live is route and not live.lost:
        return Served(live, None)
    return Served(None, getattr(route, "node", None))


async def _do(room: Room, served: Served, table_id: str, kind: str, **values: Any) -> None:
    """Store the event: where the table is served here, under its lock and applied at once;
    else stored here, and the serving node told to read it."""
    engine = room.store.store.engine
    table = served.table
    if table is None:
        await room.store.run(_add, engine, table_id, kind, room.clock(), values)
        if served.node is not None and room.bus is not None:
            room.bus.send(served.node, {"op": "hosted", "table": table_id})
        return
    async with table.lock:
        fenced = {**values, "fence": table.fence}  # under this node's lease, as its actions
        try:
            await room.store.run(_add, engine, table_id, kind, table.clock(), fenced)
        except Fenced:
            raise HostError(
                503,
                "Another server serves this table now; try again",
                "table_moved",
                key="room.error.moved",
            ) from None
        stored = await room.store.load(table_id, with_log=False)
        found = await room.store.run(events.load, engine, table_id)
        await _apply(table, found, stored)
    table.kick()


async def set_paused(room: Room, table_id: str, owner: str, paused: bool) -> dict[str, Any]:
    """The host pauses or resumes the match."""
    table, _ = await _table(room, table_id, owner)
    current = events.pause_of(await room.store.run(events.load, room.store.store.engine, table_id))
    if paused and current is None:
        await _do(room, table, table_id, PAUSE, by=BY_HOST)
    elif not paused and current is not None:
        await _do(room, table, table_id, RESUME, by=BY_HOST)
    after = events.pause_of(await room.store.run(events.load, room.store.store.engine, table_id))
    return {"table": table_id, "paused": None if after is None else after.public()}


async def give_to_computer(room: Room, table_id: str, owner: str, seat: int, level: str) -> None:
    """A person's seat nobody joined, or whose person is away, goes to a computer."""
    table, stored = await _table(room, table_id, owner)
    if not 0 <= seat < stored.players or stored.seats[seat].kind != HUMAN:
        raise not_a_persons_seat(seat)
    if level not in levels_for(stored.game):
        allowed = ", ".join(levels_for(stored.game))
        raise HostError(
            400,
            f"{level!r} is not a computer level for this game ({allowed})",
            key="host.error.level",
            params={"level": repr(level), "allowed": allowed},
        )
    if table.table is not None and table.table.seats[seat].connections > 0:
        raise HostError(
            409, "That seat's person is at the table", "conflict", key="host.error.person_here"
        )
    humans = [s for s in stored.seats if s.kind == HUMAN and s.seat != seat]
    status = stored.summary.status
    if status == OPEN and all(s.claimed for s in humans):
        status = RUNNING  # the no-show was the last seat the match waited for
    await _do(
        room,
        table,
        table_id,
        SEAT,
        seat=seat,
        detail={"kind": level, "was": HUMAN},
        retired=stored.seats[seat].token_hash,
        change=SeatChange(seat, level, None, False),
        status=status if status != stored.summary.status else None,
    )


async def give_to_person(room: Room, table_id: str, owner: str, seat: int) -> str:
    """A computer's seat goes back to a person: its new link's token."""
    table, stored = await _table(room, table_id, owner)
    if not 0 <= seat < stored.players or stored.seats[seat].kind == HUMAN:
        raise HostError(
            400,
            f"Seat {seat} is not a computer's seat at this table",
            key="host.error.not_computers_seat",
            params={"n": seat + 1},
        )
    token = secrets.token_urlsafe(18)
    await _do(
        room,
        table,
        table_id,
        SEAT,
        seat=seat,
        detail={"kind": HUMAN, "was": stored.seats[seat].kind},
        change=SeatChange(seat, HUMAN, token_hash(token), False),
    )
    return token


async def replace_link(room: Room, table_id: str, seat: int, token: str) -> None:
    """Seat ``seat`` gets the token of a new link (the caller checked the host); the old one
    is noted, so its page can say it was replaced."""
    stored = await room.store.load(table_id, with_log=False)
    if stored is None:
        raise no_table(table_id)
    old = stored.seats[seat]
    await _do(
        room,
        await served(room, table_id),
        table_id,
        LINK,
        seat=seat,
        retired=old.token_hash,
        change=SeatChange(seat, old.kind, token_hash(token), old.claimed, keeps_person=True),
    )


async def policy_event(room: Room, table_id: str, stand_ins: str) -> StoredEvent:
    """A new table's away policy, stored as its first event (only when not the default)."""
    if stand_ins not in POLICIES:
        raise HostError(
            400,
            f"stand_ins must be one of {', '.join(POLICIES)}",
            key="host.error.stand_ins",
            params={"allowed": ", ".join(POLICIES)},
        )
    values = {"by": BY_HOST, "detail": {"stand_ins": stand_ins}}
    engine = room.store.store.engine
    return await room.store.run(_add, engine, table_id, POLICY, room.clock(), values)


_background: set[asyncio.Task[Any]] = set()
