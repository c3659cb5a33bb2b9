"""Table talk: what the people at a table say to each other (docs/protocol.md, "Talk").

A seated person (a spectator too, when the host allows it) sends a line of text (at most
``MAX_TEXT`` characters), a quick phrase (a key: each page shows it in its own language, so
people who share no language can still say "good game"), or a reaction to the last move (one
of ``REACTIONS``). The host may mute a seat and let spectators talk.

Talk is checked and stored where the table is served, outside the table's lock: a line never
waits for a move, nor a move for a line. Each person has a token bucket of their own
(``BURST`` at once, then one every ``1 / RATE`` seconds); a flood is refused with a keyed
reason before anything is stored. Every line is stored (``TalkRow``) with the number of actions
played before it, so the move log shows it among the moves; it is deleted with its table and
is never part of the match's record. The text is stored and sent as the person typed it; pages
show it as text, never as markup.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import OrderedDict, deque
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from cardtable.server import host
from cardtable.server import protocol as p
from cardtable.server.connection import RateLimiter
from cardtable.server.store import HUMAN, TableRow, TalkRow

if TYPE_CHECKING:
    from cardtable.server.connection import Connection
    from cardtable.server.room import Room
    from cardtable.server.table import LiveTable

MAX_TEXT = 300  # characters of a line
RATE, BURST = 0.5, 5  # a person's lines: five at once, then one every two seconds
HISTORY = 200  # the latest lines a person joining is sent
MAX_PEOPLE = 512  # buckets kept per table (spectators come and go)
PHRASES = ("hello", "good_luck", "your_turn", "one_minute", "well_played", "good_game",
           "thank_you", "sorry", "bye")  # fmt: skip
REACTIONS = ("👍", "👌", "😄", "😂", "😮", "❤️")
TEXT, PHRASE, REACT = "text", "phrase", "react"
MUTE, SPECTATORS = "mute", "spectators"  # the host's settings, "on" or "off"
SETTINGS = (MUTE, SPECTATORS)
clock = time.monotonic  # what the buckets count seconds by (a test may stop it)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


@dataclass(frozen=True, slots=True)
class Entry:
    number: int
    version: int
    hand: int
    seat: int | None
    name: str | None
    kind: str
    text: str
    at: datetime

    def public(self) -> dict[str, Any]:
        """The entry as pages read it: the line, the phrase's key, the emoji, or the setting."""
        found: dict[str, Any] = {
            "number": self.number,
            "version": self.version,
            "hand": self.hand,
            "seat": self.seat,
            "name": self.name,
            "kind": self.kind,
            "at": self.at.isoformat(),
        }
        field = {TEXT: "text", PHRASE: "phrase", REACT: "emoji"}.get(self.kind)
        if field is None:
            found["on"] = self.text == "on"
        else:
            found[field] = self.text
        return found


def _entry(row: TalkRow) -> Entry:
    at = row.at if row.at.tzinfo is not None else row.at.replace(tzinfo=UTC)
    return Entry(row.id, row.version, row.hand, row.seat, row.name, row.kind, row.text, at)


# -- the store ---------------------------------------------------------------------------------
def add(
    engine: Engine,
    table_id: str,
    kind: str,
    text: str,
    at: datetime,
    seat: int | None = None,
    name: str | None = None,
) -> Entry:
    """Store one entry after the table's stored actions (its ``version``)."""
    with Session(engine) as s, s.begin():
        table = s.get(TableRow, table_id)
        if table is None:
            raise KeyError(table_id)
        row = TalkRow(
            table_id=table_id,
            version=table.version,
            hand=table.hand_number,
            seat=seat,
            name=name,
            kind=kind,
            text=text,
            at=at,
        )
        s.add(row)
        s.flush()
        return _entry(row)


def load(engine: Engine, table_id: str, *, settings_only: bool = False) -> list[Entry]:
    """A table's talk, oldest first (or only the host's settings)."""
    with Session(engine) as s:
        query = select(TalkRow).where(TalkRow.table_id == table_id)
        if settings_only:
            query = query.where(TalkRow.kind.in_(SETTINGS))
        return [_entry(r) for r in s.scalars(query.order_by(TalkRow.id))]


# -- a live table's talk -----------------------------------------------------------------------
class Talk:
    """The latest lines, the host's settings they add up to, and each person's bucket."""

    def __init__(self, stored: list[Entry]) -> None:
        self.entries: deque[Entry] = deque(maxlen=HISTORY)
        self.spectators = False  # the host lets spectators talk
        self.muted: set[int] = set()
        self.seen: set[int] = set()  # settings applied here (they may be stored at any node)
        self.buckets: OrderedDict[str, RateLimiter] = OrderedDict()
        self.lock = asyncio.Lock()  # one entry stored and pushed at a time, in order
        for entry in stored:
            self.apply(entry)

    def apply(self, entry: Entry) -> None:
        if entry.kind in SETTINGS:
            if entry.number in self.seen:
                return
            self.seen.add(entry.number)
            on = entry.text == "on"
            if entry.kind == SPECTATORS:
                self.spectators = on
            elif entry.seat is not None:
                (self.muted.add if on else self.muted.discard)(entry.seat)
        self.entries.append(entry)

    def allow(self, person: str) -> bool:
        bucket = self.buckets.get(person)
        if bucket is None:
            bucket = self.buckets[person] = RateLimiter(RATE, BURST, lambda: clock())
            if len(self.buckets) > MAX_PEOPLE:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(person)
        return bucket.allow()

    def message(self, table_id: str, entries: list[Entry] | None = None) -> dict[str, Any]:
        """Entries (by default every one kept: the history, for a person joining) and the
        settings now."""
        shown = list(self.entries) if entries is None else entries
        return {
            "type": "talk",
            "table": table_id,
            "history": entries is None,
            "entries": [e.public() for e in shown],
            "spectators": self.spectators,
            "muted": sorted(self.muted),
        }

    @property
    def worth_sending(self) -> bool:
        """Something for a person joining: a line, or a setting that is not the default."""
        return bool(self.entries) or self.spectators or bool(self.muted)


def _refuse(code: p.Code, message: str, seq: int, key: str, **params: Any) -> p.ProtocolError:
    return p.ProtocolError(code, message, seq, key=f"talk.refused.{key}", params=params)


def clean_text(text: str, seq: int) -> str:
    """One line as it is kept: control characters and line breaks become spaces, the ends
    trimmed; refused when empty or longer than ``MAX_TEXT``."""
    line = _CONTROL.sub(" ", text).strip()
    if not line:
        raise _refuse(p.Code.BAD_MESSAGE, "Say something first", seq, "empty")
    if len(line) > MAX_TEXT:
        raise _refuse(
            p.Code.BAD_MESSAGE,
            f"A line is at most {MAX_TEXT} characters",
            seq,
            "too_long",
            max=MAX_TEXT,
        )
    return line


def _what(table: LiveTable, msg: p.Say | p.React) -> tuple[str, str]:
    """The entry's kind and text, or why it is refused."""
    if isinstance(msg, p.React):
        if msg.emoji not in REACTIONS:
            raise _refuse(p.Code.BAD_MESSAGE, "Not one of the reactions", msg.seq, "reaction")
        if table.version == 0:
            raise _refuse(p.Code.BAD_MESSAGE, "No move to react to yet", msg.seq, "no_move")
        return REACT, msg.emoji
    if (msg.text is None) == (msg.phrase is None):
        raise _refuse(
            p.Code.BAD_MESSAGE, "Send either a text or a phrase", msg.seq, "text_or_phrase"
        )
    if msg.phrase is not None:
        if msg.phrase not in PHRASES:
            raise _refuse(p.Code.BAD_MESSAGE, "Not one of the quick phrases", msg.seq, "phrase")
        return PHRASE, msg.phrase
    assert msg.text is not None
    return TEXT, clean_text(msg.text, msg.seq)


async def say(table: LiveTable, conn: Connection, msg: p.Say | p.React) -> None:
    """A line, a phrase or a reaction from a connection at ``table``: checked, stored, then
    pushed to everyone at the table (on every node: a relayed client's push goes over the bus)."""
    talk = table.talk
    if conn.seat is None and not talk.spectators:
        raise _refuse(p.Code.SPECTATOR, "Spectators read the talk here", msg.seq, "spectator")
    if conn.seat is not None and conn.seat in talk.muted:
        raise _refuse(p.Code.FORBIDDEN, "The host muted this seat", msg.seq, "muted")
    kind, text = _what(table, msg)
    person = f"seat:{conn.seat}" if conn.seat is not None else f"conn:{conn.id}"
    if not talk.allow(person):
        raise _refuse(
            p.Code.RATE_LIMITED,
            f"Too many lines: {BURST} at once, then one every {1 / RATE:g} seconds",
            msg.seq,
            "too_fast",
            seconds=round(1 / RATE),
        )
    name = conn.player.name if conn.seat is None and conn.player is not None else None
    async with talk.lock:
        try:
            entry = await table.store.run(
                add, table.store.store.engine, table.id, kind, text, table.clock(), conn.seat, name
            )
        except Exception:
            raise _refuse(
                p.Code.SERVER_ERROR, "The line could not be saved; try again", msg.seq, "not_saved"
            ) from None
        talk.apply(entry)
        push(table, [entry])


def push(table: LiveTable, entries: list[Entry]) -> None:
    message = p.encode(table.talk.message(table.id, entries))
    for conn in list(table.connections):
        conn.push(message)


async def catch_up(table: LiveTable) -> None:
    """The host's settings stored since (at any node): applied here and pushed."""
    talk = table.talk
    async with talk.lock:
        found = await table.store.run(
            partial(load, table.store.store.engine, table.id, settings_only=True)
        )
        new = [e for e in found if e.number not in talk.seen]
        for entry in new:
            talk.apply(entry)
        if new:
            push(table, new)


# -- the host's settings -----------------------------------------------------------------------
async def set_spectators(room: Room, table_id: str, owner: str, on: bool) -> dict[str, Any]:
    """The host lets spectators talk (``on``) or makes them read only again."""
    await _setting(room, table_id, owner, SPECTATORS, None, on)
    return {"table": table_id, "spectators": on}


async def set_muted(room: Room, table_id: str, owner: str, seat: int, on: bool) -> dict[str, Any]:
    """The host mutes a person's seat (``on``) or lets it talk again."""
    stored = await room.store.load(table_id, with_log=False)
    if stored is not None and not (0 <= seat < stored.players and stored.seats[seat].kind == HUMAN):
        raise host.not_a_persons_seat(seat)
    await _setting(room, table_id, owner, MUTE, seat, on)
    return {"table": table_id, "seat": seat, "muted": on}


async def _setting(
    room: Room, table_id: str, owner: str, kind: str, seat: int | None, on: bool
) -> None:
    """Store the setting here, then apply it where the table is served (here, or told over
    the bus; a node adopting the table later reads it from the store)."""
    if not await host.is_host(room, table_id, owner):
        raise host.only_the_host()
    engine = room.store.store.engine
    try:
        await room.store.run(add, engine, table_id, kind, "on" if on else "off", room.clock(), seat)
    except KeyError:
        raise host.no_table(table_id) from None
    served = await host.served(room, table_id)
    if served.table is not None:
        await catch_up(served.table)
    elif served.node is not None and room.bus is not None:
        room.bus.send(served.node, {"op": "talked", "table": table_id})
