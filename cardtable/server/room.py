"""The card room: creates tables, keeps the live ones in memory, rebuilds them from the store.

Tables still being played are rebuilt at start-up by replaying their stored logs
(``Match.from_record``); finished tables stay in the store and are loaded only when someone
asks for them (to watch the end, download the record or replay it).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from typing import Any

from cardtable.bots import LEVELS
from cardtable.core.cards import cards_str
from cardtable.core.errors import CardtableError, OptionError
from cardtable.core.match import Match
from cardtable.core.registry import rules_class
from cardtable.server.config import ServerConfig
from cardtable.server.seats import HUMAN, levels_for
from cardtable.server.store import (
    CLOSED,
    FINISHED,
    OPEN,
    RUNNING,
    STATUSES,
    AsyncStore,
    StoredHand,
    StoredSeat,
    StoredTable,
    Summary,
    now,
    token_hash,
)
from cardtable.server.table import LiveTable

log = logging.getLogger("cardtable.server")

RECORD_CACHE = 64


class RoomError(Exception):
    """A request the room refuses; ``status`` is the HTTP status that fits."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Room:
    def __init__(self, config: ServerConfig) -> None:
        if config.takeover_level not in LEVELS:
            raise ValueError(f"takeover_level must be one of {', '.join(LEVELS)}")
        self.config = config
        self._store: AsyncStore | None = None
        self.tables: dict[str, LiveTable] = {}
        self._records: OrderedDict[str, dict[str, Any]] = OrderedDict()

    @property
    def store(self) -> AsyncStore:
        if self._store is None:
            raise RuntimeError("the room has not started")
        return self._store

    async def start(self) -> None:
        """Open the store and rebuild every unfinished table from it."""
        self._store = AsyncStore(self.config.db_url)
        for table_id in await self.store.unfinished_ids():
            try:
                await self._load(table_id, restored=True)
            except Exception:
                log.exception("table %s could not be rebuilt from the store", table_id)

    def stop(self) -> None:
        for table in self.tables.values():
            table.stop()
        self.tables.clear()
        if self._store is not None:
            self._store.close()
            self._store = None

    # -- tables ---------------------------------------------------------------------------
    async def create(
        self, game: str, players: int | None, options: dict[str, Any], seats: list[str] | None
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table and the secret token of each human seat."""
        if len(self.tables) >= self.config.max_live_tables:
            raise RoomError(503, "The card room is full; try again later")
        try:
            cls = rules_class(game)
            known = {spec.name for spec in cls.option_specs}
            unknown = sorted(set(options) - known)
            if unknown:  # checked here too: options must never reach Match's own keywords
                names = ", ".join(sorted(known)) or "none"
                raise OptionError(f"{cls.title} has no option {unknown[0]!r} (options: {names})")
            match = Match(game, players=players, seed=secrets.randbits(32), **options)
        except CardtableError as e:
            raise RoomError(400, str(e)) from None
        kinds = seats if seats is not None else [HUMAN] + ["random"] * (match.players - 1)
        if len(kinds) != match.players:
            raise RoomError(400, f"Give one seat kind for each of the {match.players} players")
        levels = levels_for(match.game_id)
        for kind in kinds:
            if kind != HUMAN and kind not in levels:
                allowed = ", ".join((HUMAN, *levels))
                raise RoomError(
                    400, f"Seat kind {kind!r} is not one of {allowed} for {match.rules.title}"
                )
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        tokens = {i: secrets.token_urlsafe(18) for i, kind in enumerate(kinds) if kind == HUMAN}
        first = match.hands[0]
        stored = StoredTable(
            id=table_id,
            game=match.game_id,
            players=match.players,
            options=dict(match.rules.options),
            seed=match.seed,
            first_dealer=match.first_dealer,
            summary=Summary(OPEN if tokens else RUNNING, 0, 1, match.scores, None),
            created_at=now(),
            seats=[
                StoredSeat(i, kind, token_hash(tokens[i]) if i in tokens else None, False)
                for i, kind in enumerate(kinds)
            ],
            hands=[StoredHand(1, first.dealer, cards_str(first.deck, sort=False))],
        )
        await self.store.create_table(stored)
        table = LiveTable(stored, match, self.store, self.config, self._evict)
        self.tables[table_id] = table
        table.start(restored=False)
        log.info("table %s: %s for %d created", table_id, match.game_id, match.players)
        return table, tokens

    async def table(self, table_id: str) -> LiveTable | None:
        """The live table, loading it from the store if it is finished or not yet loaded."""
        found = self.tables.get(table_id)
        if found is not None:
            return found
        return await self._load(table_id, restored=True)

    async def _load(self, table_id: str, *, restored: bool) -> LiveTable | None:
        stored = await self.store.load(table_id)
        if stored is None or stored.summary.status == CLOSED:
            return None
        try:
            match = await asyncio.to_thread(Match.from_record, stored.record())
        except CardtableError as e:
            raise RoomError(500, f"Table {table_id} cannot be rebuilt: {e}") from None
        found = self.tables.get(table_id)  # loaded by someone else meanwhile
        if found is not None:
            return found
        if len(stored.actions) != stored.summary.version:
            log.warning(
                "table %s: summary says %d actions, log has %d",
                table_id,
                stored.summary.version,
                len(stored.actions),
            )
        table = LiveTable(stored, match, self.store, self.config, self._evict)
        self.tables[table_id] = table
        table.start(restored=restored)
        return table

    def _evict(self, table: LiveTable) -> None:
        """A finished table nobody watches leaves memory; the store keeps it."""
        if self.tables.get(table.id) is table:
            table.stop()
            del self.tables[table.id]

    async def list(self, status: str | None) -> list[dict[str, Any]]:
        if status is not None and status not in STATUSES:
            raise RoomError(400, f"status must be one of {', '.join(STATUSES)}")
        rows = await self.store.list_tables(status, self.config.list_limit)
        out = []
        for stored in rows:
            live = self.tables.get(stored.id)
            if live is not None:
                summary = live.summary()
                if status is None or summary["status"] == status:
                    out.append(summary)
            else:
                out.append(stored_summary(stored))
        return out

    async def summary(self, table_id: str) -> dict[str, Any]:
        live = self.tables.get(table_id)
        if live is not None:
            return live.summary()
        stored = await self.store.load(table_id, with_log=False)
        if stored is None:
            raise RoomError(404, f"No table {table_id!r}")
        return stored_summary(stored)

    async def record(self, table_id: str) -> dict[str, Any]:
        """The finished match's full record (decks included), replayed and checked; refused
        while the match is played, since it would show every hidden card."""
        cached = self._records.get(table_id)
        if cached is not None:
            self._records.move_to_end(table_id)
            return cached
        stored = await self.store.load(table_id)
        if stored is None:
            raise RoomError(404, f"No table {table_id!r}")
        if stored.summary.status == CLOSED:
            raise RoomError(410, "The room's host closed this table")
        if stored.summary.status != FINISHED:
            raise RoomError(
                409, "The match is still being played; its record is available when it ends"
            )
        try:
            record = (await asyncio.to_thread(Match.from_record, stored.record())).record()
        except CardtableError as e:
            raise RoomError(500, f"Table {table_id} cannot be replayed: {e}") from None
        self._records[table_id] = record
        if len(self._records) > RECORD_CACHE:
            self._records.popitem(last=False)
        return record


def stored_summary(stored: StoredTable) -> dict[str, Any]:
    """The lobby's facts about a table that is not in memory (nobody connected)."""
    try:
        title = rules_class(stored.game).title
    except OptionError:
        title = stored.game
    s = stored.summary
    return {
        "id": stored.id,
        "game": stored.game,
        "title": title,
        "players": stored.players,
        "options": dict(stored.options),
        "status": s.status,
        "seats": [
            {
                "seat": seat.seat,
                "kind": seat.kind,
                "claimed": seat.claimed,
                "connected": False,
                "stand_in": None,
            }
            for seat in stored.seats
        ],
        "version": s.version,
        "hand_number": s.hand_number,
        "scores": s.scores,
        "winner": s.winner,
        "created_at": stored.created_at.isoformat(),
    }


__all__ = ["FINISHED", "OPEN", "RUNNING", "Room", "RoomError"]
