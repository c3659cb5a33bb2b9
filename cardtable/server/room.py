"""The card room: creates tables, keeps the live ones in memory, rebuilds them from the store.

Tables still being played are rebuilt at start-up by replaying their stored logs
(``Match.from_record``); finished tables stay in the store and are loaded only when someone
asks for them (to watch the end, download the record or replay it).

The room also keeps its limits (docs/security.md): how fast and how many tables one client
address may create, which tables nobody joined expire, and the worker threads shared by all.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import secrets
import socket
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from cardtable.bots import LEVELS, QUICK_LEVELS
from cardtable.core.cards import cards_str
from cardtable.core.errors import CardtableError, OptionError
from cardtable.core.match import OS, Match
from cardtable.core.registry import rules_class
from cardtable.server import addresses, clubs, events, host, leases, ratings, talk
from cardtable.server.bus import Bus, make_bus
from cardtable.server.config import ServerConfig
from cardtable.server.connection import Connection
from cardtable.server.limits import AddressBuckets, AddressCounts
from cardtable.server.liveness import WATCH_SECONDS, Liveness, libpq_url
from cardtable.server.names import Who
from cardtable.server.protocol import Code, Hello
from cardtable.server.refusal import RoomError
from cardtable.server.rejoin import rejoin
from cardtable.server.relay import Relay, Remote
from cardtable.server.replay import ReplayError, replay_kept
from cardtable.server.sealed import Seal, room_key
from cardtable.server.seats import BOT_SEED_BITS, HUMAN, levels_for, seat_who
from cardtable.server.store import (
    CLOSED,
    FINISHED,
    OPEN,
    RUNNING,
    STATUSES,
    AsyncStore,
    Clock,
    Fence,
    StoredHand,
    StoredSeat,
    StoredTable,
    Summary,
    now,
    token_hash,
)
from cardtable.server.table import LiveTable, Rematch
from cardtable.server.workers import Workers

EXPIRED = "The match ended long ago; its seat links have expired"
MAX_PACE = 5.0  # seconds a table's computer players may be asked to wait before each move
log = logging.getLogger("cardtable.server")

RECORD_CACHE = 64
FINISHED_KEPT = 32  # finished tables nobody is at, kept built (their replay done once)
TAKE_AT_ONCE = 4  # a dead node's tables taken over side by side (``_take_from``)


class WrongToken(Exception):
    """A seat token no seat of the table holds (checked in the store, before any loading)."""


no_table = host.no_table
not_a_persons_seat = host.not_a_persons_seat


def expired() -> RoomError:
    """A finished match's seat links, long after it ended (``token_expired``)."""
    return RoomError(403, EXPIRED, "token_expired", key="room.error.expired")


@dataclass(frozen=True, slots=True)
class Kind:
    """What counts against a client's table limits."""

    address: str
    person: bool  # a person sits at it (else computers only)
    search: bool  # a search-level computer sits at it


class Room:
    def __init__(self, config: ServerConfig, clock: Clock = now) -> None:
        if config.takeover_level not in LEVELS:
            raise ValueError(f"takeover_level must be one of {', '.join(LEVELS)}")
        self.config = config
        self.clock = clock
        self._store: AsyncStore | None = None
        self.tables: dict[str, LiveTable] = {}
        # Finished tables nobody is at, least recently used first: a hello, a record or a
        # pace at one costs no replay while it is here; not counted as live tables.
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()
        self._records: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.workers = Workers(
            config.bot_workers,
            config.search_workers,
            config.hint_workers,
            config.max_queued_hints,
            processes=config.worker_processes,
        )
        self.sockets = AddressCounts(config.max_sockets_per_client)
        self._creations = AddressBuckets(config.create_per_minute / 60, config.create_burst)
        self._pending: list[Kind] = []  # tables being stored, counted against the limits
        self._sweeper: asyncio.Task[None] | None = None
        # This node's name among the room's nodes (docs/deploy.md): the tables it serves hold
        # a lease in its name; the bus carries other nodes' clients' messages to it.
        self.node = config.node or f"{socket.gethostname()}:{os.getpid()}"
        self.bus: Bus | None = None
        self.relay: Relay | None = None
        self._keeper: asyncio.Task[None] | None = None
        # On PostgreSQL: this node's liveness lock, and the look-out for the others' deaths
        self.liveness: Liveness | None = None
        self._watcher: asyncio.Task[None] | None = None
        # the nodes reached at their own addresses (``--public-url``), by name
        self.addresses: dict[str, str] = {}
        self.connect_sources = ""  # their origins, for the pages' connect-src
        self._taking: dict[str, asyncio.Future[LiveTable | leases.Holder | None]] = {}

    @property
    def store(self) -> AsyncStore:
        if self._store is None:
            raise RuntimeError("the room has not started")
        return self._store

    async def start(self) -> None:
        """Open the store, join the other nodes on the bus, and rebuild every unfinished table
        that no other node serves."""
        self._store = AsyncStore(self.config.db_url, self.clock)
        self.bus = make_bus(self.config.bus, self.config.db_url)
        if self.bus is not None:
            self.relay = Relay(self.bus, self.node, self._served, self._settled)
            self.relay.rejoin = self._rejoin
            key = await self.store.run(room_key, self.store.store.engine)
            await self.bus.start(self.node, self.relay.deliver, Seal(key))
        url = libpq_url(self.config.db_url)
        if url is not None:  # before any table is served here: the others see it alive
            self.liveness = Liveness(url, self.node)
            await self.liveness.start()
            self._watcher = asyncio.create_task(self._watch_nodes(), name="liveness")
        if self.relay is not None:
            engine = self.store.store.engine
            await self.store.run(addresses.publish, engine, self.node, self.config.public_url)
            await self._read_addresses()
        for table_id in await self.store.unfinished_ids():
            await self._adopt(table_id)
        await self.expire_unjoined()
        self._sweeper = asyncio.create_task(self._sweep(), name="expire-tables")
        self._keeper = asyncio.create_task(self._keep_leases(), name="leases")

    async def stop(self) -> None:
        """Stop serving; the tables' leases are let go so other nodes take them at once."""
        for task in (self._sweeper, self._keeper, self._watcher):
            if task is not None:
                task.cancel()
        for table in [*self.tables.values(), *self.finished.values()]:
            table.stop()
        self.tables.clear()
        self.finished.clear()
        self.workers.close()
        if self.bus is not None:
            await self.bus.close()
        if self._store is not None:
            with contextlib.suppress(Exception):
                await self._leases(leases.release_all, self.node)
            self._store.close()
            self._store = None
        if self.liveness is not None:
            await self.liveness.close()

    # -- leases: which node serves which table --------------------------------------------
    async def _leases(self, fn: Any, *args: Any) -> Any:
        return await self.store.run(fn, self.store.store.engine, *args)

    def _served(self, table_id: str) -> LiveTable | None:
        table = self.tables.get(table_id)
        return None if table is None or table.lost else table

    async def _settled(self, table_id: str) -> LiveTable | None:
        """The table served here once a take of it under way here is done (it may be being
        loaded after a take-over)."""
        pending = self._taking.get(table_id)
        if pending is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(pending)
        return self._served(table_id)

    async def _adopt(self, table_id: str) -> LiveTable | None:
        """Serve an unfinished table unless another node does (rebuilt from its log)."""
        try:
            taken = await self._take(table_id)
        except Exception:
            log.exception("table %s could not be rebuilt from the store", table_id)
            return None
        return taken if isinstance(taken, LiveTable) else None

    async def _take(self, table_id: str) -> LiveTable | leases.Holder | None:
        """Take an unfinished table's lease and rebuild it from the log that lease fences, or
        the other node that holds it. One take at a time per table on this node: a hello and
        the look-out for orphans arriving together must not take two epochs, the table
        serving under the older one."""
        served = self._served(table_id)
        if served is not None:
            return served
        return await self._once(table_id, lambda: self._take_now(table_id))

    async def _once(
        self, table_id: str, work: Callable[[], Awaitable[LiveTable | leases.Holder | None]]
    ) -> LiveTable | leases.Holder | None:
        """``work`` for a table, once at a time: whoever asks meanwhile waits for the same
        answer (a table is taken, or a finished one rebuilt, once however many ask at once)."""
        pending = self._taking.get(table_id)
        if pending is None:
            pending = asyncio.ensure_future(work())
            self._taking[table_id] = pending
            pending.add_done_callback(lambda _: self._taking.pop(table_id, None))
        taken: LiveTable | leases.Holder | None = await asyncio.shield(pending)
        return taken

    async def _take_now(self, table_id: str) -> LiveTable | leases.Holder | None:
        held = await self._acquire(table_id)
        if held.node != self.node and await self._died(held.node):
            held = await self._acquire(table_id)  # its node died: take it now
        if held.node != self.node:
            return held
        return await self._load(table_id, restored=True, fence=Fence(self.node, held.epoch))

    async def _acquire(self, table_id: str) -> leases.Holder:
        dead = set() if self.liveness is None else set(self.liveness.gone)
        held: leases.Holder = await self._leases(
            leases.acquire, table_id, self.node, self.config.lease_seconds, dead
        )
        return held

    async def _died(self, node: str) -> bool:
        """Whether another node that holds a table died (its liveness lock is gone), asked
        of the database now: a client that reconnects right after a kill is not relayed to
        the dead node while the look-out has yet to notice."""
        if self.liveness is None or not node:
            return False
        if node in self.liveness.gone:
            return True
        try:
            return bool(await self.liveness.dead([node]))
        except Exception:
            return False

    async def _watch_nodes(self) -> None:
        """A few times a second: has a node died? Its tables are taken over at once, not
        when their leases run out, and the clients relayed to it join again."""
        failing = False
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            try:
                await self._watch_round()
                failing = False
            except Exception:
                if not failing:  # said once, not four times a second
                    log.warning("the other nodes' liveness could not be read", exc_info=True)
                failing = True

    async def _watch_round(self) -> None:
        assert self.liveness is not None
        before = set(self.liveness.gone)
        peers = await self.liveness.leasing()
        if self.relay is not None:
            peers |= self.relay.peers()
        for node in await self.liveness.dead(peers) - before:
            log.warning("node %s died (its liveness lock is gone); taking its tables", node)
            if self.relay is not None:
                self.relay.gone(node)
            task = asyncio.get_running_loop().create_task(self._take_from(node))
            _background.add(task)
            task.add_done_callback(_background.discard)

    async def _take_from(self, node: str) -> None:
        """Take a dead node's unfinished tables, in an order of this node's own, so that the
        nodes left share them (each take is one conditional update: one node wins each)."""
        began = asyncio.get_running_loop().time()
        table_ids: list[str] = await self._leases(leases.tables_of, node)
        random.shuffle(table_ids)
        # A few at once: while one table's log is read on the store's thread, another's
        # match is rebuilt (Match.from_record) beside it; the last table is served sooner.
        at_once = asyncio.Semaphore(TAKE_AT_ONCE)

        async def adopt(table_id: str) -> None:
            async with at_once:
                await self._adopt(table_id)

        await asyncio.gather(*(adopt(table_id) for table_id in table_ids))
        log.warning(  # how long a failover's take-over took, beside the death's line
            "node %s's tables taken over: %d of %d here, in %.2f s",
            node,
            sum(1 for t in table_ids if self._served(t) is not None),
            len(table_ids),
            asyncio.get_running_loop().time() - began,
        )

    def _rejoin(self, conn: Connection, hello: Hello, dead: Remote) -> None:
        """A client relayed here to a node that died is seated again where its table is
        served next, its socket left open (``rejoin``)."""
        task = asyncio.get_running_loop().create_task(rejoin(self, conn, hello, dead))
        _background.add(task)
        task.add_done_callback(_background.discard)

    async def _keep_leases(self) -> None:
        every = self.config.lease_seconds / 3
        while True:
            await asyncio.sleep(every)
            try:
                await self._lease_round()
            except Exception:
                log.exception("the tables' leases could not be renewed")

    async def _lease_round(self) -> None:
        """Renew this node's leases, let go of tables another node took, tell clients
        relayed to a node that went away, and take over the tables nobody serves."""
        live = {
            t.id: t.fence.epoch
            for t in self.tables.values()
            if t.status != FINISHED and not t.lost and t.fence is not None
        }
        held = await self._leases(leases.renew, self.node, live, self.config.lease_seconds)
        for table_id in live:
            if table_id not in held and table_id in self.tables:
                self._lose(self.tables[table_id])
        # seat links as stored: a new link given at another node counts here within a round,
        # whether or not the bus carried the news
        stored = await self.store.run(self.store.store.seat_tokens, sorted(held))
        for table_id, hashes in stored.items():
            table = self._served(table_id)
            if table is not None:
                table.apply_tokens(hashes)
        if self.relay is not None:
            await self._read_addresses()  # a node started since is sent clients to
            self.relay.tick(self.config.lease_seconds)
            remotes = list(self.relay.remotes.values())
            held_by = await self._leases(leases.holders, [r.id for r in remotes])
            at = now()
            for remote in remotes:
                holder = held_by.get(remote.id)
                if holder is None or holder.node != remote.node or not holder.live(at):
                    self.relay.rehome(remote)  # seen here before the node's death, if it died
        for table_id in await self._leases(leases.orphans):
            if table_id not in self.tables:
                await self._adopt(table_id)

    async def _read_addresses(self) -> None:
        self.addresses = await self.store.run(addresses.known, self.store.store.engine)
        self.connect_sources = addresses.connect_sources(self.addresses.values())

    def direct(self, node: str) -> str | None:
        """The WebSocket address a client of ``node``'s tables is sent to, where that node is
        reached at its own address; None: relayed to it."""
        url = self.addresses.get(node)
        return None if url is None or node == self.node else addresses.socket_url(url)

    def _lose(self, table: LiveTable) -> None:
        """Another node serves ``table`` now (it took the lease, or stored an action first):
        this copy leaves memory and its clients join again wherever it is served; if the
        lease is still this node's, the table is rebuilt here from the log at once."""
        log.warning("table %s: served by another node now; let go here", table.id)
        table.lost = True
        table.stop()
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        if self.relay is not None:
            self.relay.drop(table)
        for conn in list(table.connections):  # relayed ones too: their doors are told
            conn.move()
        table.connections.clear()
        task = asyncio.get_running_loop().create_task(self._adopt(table.id))
        _background.add(task)
        task.add_done_callback(_background.discard)

    # -- tables ---------------------------------------------------------------------------
    async def create(
        self,
        game: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[str] | None,
        address: str = "local",
        owner_hash: str | None = None,
        club: str | None = None,
        seated: dict[int, tuple[str, str]] | None = None,
        *,
        stand_ins: str = host.PRESENT,
    ) -> tuple[LiveTable, dict[int, str], str]:
        """A new table, the secret token of each human seat, and the creator's key (which
        may ask for new seat links); with ``owner_hash`` (a rematch), the earlier table's key
        is the new one's too (the key returned is then empty: the creator has it). A club's
        table (``club``) seats its members by name (``seated``: seat → (player id, name)):
        their seats have no token, a member opens the table signed in."""
        if self.live_count() + len(self._pending) >= self.config.max_live_tables:
            raise RoomError(503, "The card room is full; try again later", key="room.error.full")
        # The limits first, before any work (every attempt counts); the default seats are a
        # person and computers. From the check to the count below there is no await.
        given = seats if seats is not None else [HUMAN]
        slow = any(k != HUMAN and k not in QUICK_LEVELS for k in given)
        counted = Kind(address, HUMAN in given, slow)
        self._check_limits(counted)
        if not self._creations.allow(address):
            raise RoomError(
                429,
                f"Too many new tables: at most {self.config.create_per_minute:g} a minute",
                "rate_limited",
                key="room.error.create_rate",
                params={"n": f"{self.config.create_per_minute:g}"},
            )
        try:
            cls = rules_class(game)
            known = {spec.name for spec in cls.option_specs}
            unknown = sorted(set(options) - known)
            if unknown:  # checked here too: options must never reach Match's own keywords
                raise cls.no_option(unknown[0], ", ".join(sorted(known)) or "none")
            match = Match(game, players=players, seed=OS, **options)  # no seed to find
        except CardtableError as e:  # keyed: the lobby says it in the page's language
            raise RoomError(400, str(e), key=e.key, params=e.params) from None
        kinds = seats if seats is not None else [HUMAN] + ["random"] * (match.players - 1)
        if len(kinds) != match.players:
            raise RoomError(
                400,
                f"Give one seat kind for each of the {match.players} players",
                key="room.error.seat_count",
                params={"n": match.players},
            )
        levels = levels_for(match.game_id, self.config.installed_bots)
        for kind in kinds:
            if kind != HUMAN and kind not in levels:
                allowed = ", ".join((HUMAN, *levels))
                raise RoomError(
                    400,
                    f"Seat kind {kind!r} is not one of {allowed} for {match.rules.title}",
                    key="room.error.seat_kind",
                    params={"kind": repr(kind), "allowed": allowed, "game": match.game_id},
                )
        self._pending.append(counted)
        try:
            return await self._create(
                match, kinds, address, owner_hash, club, seated or {}, stand_ins
            )
        finally:
            self._pending.remove(counted)

    def live_count(self) -> int:
        """Tables in play in memory (what ``max_live_tables`` bounds): finished ones people
        watch are kept apart from them, and the others in the bounded ``finished`` cache."""
        return sum(1 for t in self.tables.values() if t.status != FINISHED)

    def _check_limits(self, kind: Kind) -> None:
        """Refuse a table that would put its creator over a limit (``table_limit``)."""
        c = self.config
        mine = [
            Kind(kind.address, t.has_person, t.has_search)
            for t in self.tables.values()
            if t.creator == kind.address and t.status != FINISHED
        ] + [k for k in self._pending if k.address == kind.address]
        held = Counter((k.person, k.search) for k in mine)
        bots = sum(n for (person, _), n in held.items() if not person)
        search = sum(n for (_, s), n in held.items() if s)
        if len(mine) >= c.max_tables_per_client:
            why, n, key = "unfinished tables", c.max_tables_per_client, "unfinished"
        elif not kind.person and bots >= c.max_bot_tables_per_client:
            why, n, key = "tables of computers only", c.max_bot_tables_per_client, "computers"
        elif kind.search and search >= c.max_search_tables_per_client:
            why, n, key = "tables with search players", c.max_search_tables_per_client, "search"
        else:
            return
        raise RoomError(
            429,
            f"Too many tables: at most {n} {why} per player; finish one first",
            "table_limit",
            key=f"room.error.limit_{key}",
            params={"n": n},
        )

    async def _create(
        self,
        match: Match,
        kinds: list[str],
        address: str,
        owner_hash: str | None = None,
        club: str | None = None,
        seated: dict[int, tuple[str, str]] | None = None,
        stand_ins: str = host.PRESENT,
    ) -> tuple[LiveTable, dict[int, str], str]:
        seated = seated or {}
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        owner = "" if owner_hash is not None else secrets.token_urlsafe(18)
        tokens = {
            i: secrets.token_urlsafe(18)
            for i, kind in enumerate(kinds)
            if kind == HUMAN and i not in seated
        }
        people = bool(tokens or seated)
        first = match.hands[0]
        stored = StoredTable(
            id=table_id,
            game=match.game_id,
            players=match.players,
            options=dict(match.rules.options),
            seed=secrets.randbits(BOT_SEED_BITS),  # the computer players', unrelated to decks
            first_dealer=match.first_dealer,
            summary=Summary(OPEN if people else RUNNING, 0, 1, match.scores, None),
            created_at=self.clock(),
            seats=[
                StoredSeat(
                    i,
                    kind,
                    token_hash(tokens[i]) if i in tokens else None,
                    False,
                    seated[i][1] if i in seated else None,
                    seated[i][0] if i in seated else None,
                )
                for i, kind in enumerate(kinds)
            ],
            club=club,
            hands=[StoredHand(1, first.dealer, cards_str(first.deck, sort=False))],
            owner_hash=owner_hash if owner_hash is not None else token_hash(owner),
        )
        await self.store.create_table(stored, self.node, self.config.lease_seconds)
        table = self._live(stored, match)
        table.fence = Fence(self.node, 1)  # a new lease row starts at epoch 1
        if stand_ins != host.PRESENT:  # the away policy, when not the default: an event
            table.hosting = host.Hosting([await host.policy_event(self, table_id, stand_ins)])
        table.creator = address
        table.start(restored=False)
        log.info("table %s: %s for %d created", table_id, match.game_id, match.players)
        return table, tokens, owner

    def _live(self, stored: StoredTable, match: Match) -> LiveTable:
        table = LiveTable(
            stored, match, self.store, self.config, self._evict, self.workers, self.clock
        )
        table.on_lost = self._lose
        table.on_finished = self._finished
        table.on_capped = self._capped
        self.tables[stored.id] = table
        return table

    async def rematch(
        self, table_id: str, token: str | None, address: str, who: Who | None = None
    ) -> tuple[str, int, str | None]:
        """The next match of a finished table, asked for by one of its players with their seat
        token, or (no token) by a club member signed in at their own seat: the first to ask
        creates it (same game, options and seats, so the limits of ``create`` apply; a club's
        table is the club's again, its members in the same seats), every later ask gets the
        same table. Every client at the old table is offered it live (``rematch``); returns
        the new table's id, the asker's seat and their token for it (None for a member)."""
        refused = "Only a player at this table may ask for a rematch"
        if token is None:
            club = await self.club_of(table_id)
            if club is None or not await self.is_member(club, who):
                raise RoomError(403, refused, "forbidden", key="room.error.rematch_player")
        try:
            table = await self.table(table_id, token)
        except WrongToken:
            raise RoomError(403, refused, "forbidden", key="room.error.rematch_player") from None
        if table is None:
            raise no_table(table_id)
        if token is not None:
            seat = next((s for s in table.seats if s.holds(token_hash(token))), None)
        else:
            assert who is not None
            seat = next((s for s in table.seats if s.player == who.player), None)
        if seat is None:
            self.let_go(table)
            raise RoomError(403, refused, "forbidden", key="room.error.rematch_player")
        try:
            if table.status != FINISHED:
                raise RoomError(409, "The match is not over yet", key="room.error.not_over")
            if table.token_expired():
                raise expired()
            async with table.rematch_lock:  # two players pressing at once: one new table
                if table.rematch is None:
                    m = table.match
                    kinds = [s.kind for s in table.seats]
                    owner = await self.store.owner_hash(table_id)  # the creator's key goes on
                    club = table.club  # loaded with the table (asked above only to refuse)
                    seated = await self._members_seated(club, table) if club else {}
                    left = [s for s in table.seats if s.player and s.number not in seated]
                    if left:  # nobody could hold that seat: its player may not open the table
                        raise RoomError(
                            409,
                            f"{left[0].name} has left the club; make the next table on the "
                            "club's page",
                            key="room.error.rematch_left",
                            params={"name": left[0].name or ""},
                        )
                    new, tokens, _ = await self.create(
                        m.game_id,
                        m.players,
                        dict(m.rules.options),
                        kinds,
                        address,
                        owner,
                        club,
                        seated,
                        stand_ins=table.hosting.policy,
                    )
                    offer = Rematch(new.id, tokens, seat.number, frozenset(seated))
                    table.offer_rematch(offer)
        finally:
            self.let_go(table)
        assert table.rematch is not None
        if token is None:
            return table.rematch.table, seat.number, None
        return table.rematch.table, seat.number, table.rematch.tokens[seat.number]

    async def _members_seated(self, club: str, table: LiveTable) -> dict[int, tuple[str, str]]:
        """A club table's members who are members still, each in their seat, by their name now
        (one who left the club is not among them: the rematch is refused)."""
        roster = await self.store.run(clubs.members, self.store.store.engine, club)
        names = {m["id"]: m["name"] for m in roster}
        held = {s.number: s.player for s in table.seats if s.player is not None}
        return {n: (p, names[p]) for n, p in held.items() if p in names}

    async def set_pace(self, table_id: str, token: str, seconds: float) -> None:
        """A player sets how long the computer players wait before each move (0 to 5 s)."""
        if not 0 <= seconds <= MAX_PACE:
            raise RoomError(
                400,
                f"The pace is from 0 to {MAX_PACE:g} seconds",
                key="room.error.pace",
                params={"max": f"{MAX_PACE:g}"},
            )
        refused = "Only a player at this table may set its pace"
        try:  # the token is checked in the store first: a wrong one loads nothing
            found = await self.route(table_id, token)
        except WrongToken:
            raise RoomError(403, refused, "forbidden", key="room.error.pace_player") from None
        if found is None:
            raise no_table(table_id)
        if isinstance(found, Remote):
            self._tell(found, {"op": "pace", "seconds": seconds})
            return
        try:
            if not any(s.holds(token_hash(token)) for s in found.seats):
                raise RoomError(403, refused, "forbidden", key="room.error.pace_player")
            if found.token_expired():
                raise expired()
            found.set_pace(seconds)
        finally:
            self.let_go(found)

    def _tell(self, remote: Remote, command: dict[str, Any]) -> None:
        """A host's request for a table another node serves, sent to that node."""
        assert self.bus is not None
        self.bus.send(remote.node, {**command, "table": remote.id})

    async def new_link(self, table_id: str, seat: int, owner: str) -> str:
        """A new token for a person's seat, asked for with the creator's key; the old link
        stops working at once (and its page says it was replaced: a ``link`` event)."""
        if not await host.is_host(self, table_id, owner):
            raise RoomError(
                403,
                "Only the table's creator may give a seat a new link",
                "forbidden",
                key="room.error.link_creator",
            )
        found = await self.route(table_id)
        if found is None:
            raise no_table(table_id)
        if isinstance(found, Remote):  # unfinished, served elsewhere: stored here, told there
            stored = await self.store.load(table_id, with_log=False)
            kinds = [] if stored is None else [s.kind for s in stored.seats]
            if not 0 <= seat < len(kinds) or kinds[seat] != HUMAN:
                raise not_a_persons_seat(seat)
            token = secrets.token_urlsafe(18)
            await host.replace_link(self, table_id, seat, token)
            return token
        table = found
        if not 0 <= seat < len(table.seats) or not table.seats[seat].is_human:
            raise not_a_persons_seat(seat)
        if table.token_expired():
            raise RoomError(409, EXPIRED, key="room.error.expired")
        token = secrets.token_urlsafe(18)
        await host.replace_link(self, table_id, seat, token)
        self.let_go(table)
        return token

    def let_go(self, table: LiveTable) -> None:
        """A finished table nobody is at leaves the live tables (for the bounded cache of
        finished ones: one loaded only to refuse a join, set a pace or make a rematch)."""
        if table.status == FINISHED and not table.connections:
            self._evict(table)

    async def expire_unjoined(self) -> None:
        """Remove the tables whose seats nobody joined within ``open_table_seconds``."""
        limit = self.clock() - timedelta(seconds=self.config.open_table_seconds)
        for table in [t for t in self.tables.values() if t.unjoined and t.created_at < limit]:
            try:
                await self.store.delete_table(table.id)
            except Exception:
                log.exception("table %s: could not remove it", table.id)
                continue
            if self.tables.get(table.id) is table:
                del self.tables[table.id]
            table.stop()
            table.detach_all(Code.TABLE_EXPIRED, "Nobody joined this table in time; it was removed")
            log.info("table %s: nobody joined it; removed", table.id)

    def _capped(self, table: LiveTable) -> None:
        """A table of computers only played ``max_bot_actions``: closed, its log kept."""
        task = asyncio.get_running_loop().create_task(self._close_capped(table))
        _background.add(task)
        task.add_done_callback(_background.discard)

    async def _close_capped(self, table: LiveTable) -> None:
        try:
            await self.store.run(self.store.store.close_table, table.id)
        except Exception:
            log.exception("table %s: could not close it", table.id)
            return
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        table.stop()
        limit = self.config.max_bot_actions
        table.detach_all(
            Code.TABLE_CLOSED, f"A table of computers only plays {limit} actions; it was closed"
        )
        log.info("table %s: computers only, %d actions; closed", table.id, table.version)

    async def _sweep(self) -> None:
        every = min(60.0, max(1.0, self.config.open_table_seconds / 4))
        while True:
            await asyncio.sleep(every)
            with contextlib.suppress(Exception):
                await self.expire_unjoined()

    async def table(self, table_id: str, token: str | None = None) -> LiveTable | None:
        """The live table, loading it from the store if it is finished or not yet loaded;
        None if there is no such table or another node serves it. With a seat ``token`` that
        no seat holds, ``WrongToken`` before anything is loaded."""
        found = await self.route(table_id, token)
        return found if not isinstance(found, Remote) else None

    async def route(self, table_id: str, token: str | None = None) -> LiveTable | Remote | None:
        """Where a client reaches a table: here (served here, or finished: any node shows a
        finished table), or relayed to the node that serves it. A ``token`` is checked against
        the stored seats before a table is loaded or a hello relayed (``WrongToken``): a
        wrong one costs one small query, and a revoked one is refused even if the bus lost
        the news."""
        found = self._served(table_id)
        if found is not None:
            return found
        kept = self.finished.pop(table_id, None)
        if kept is not None:  # built already: back among the tables people are at
            self.tables[table_id] = kept
            return kept
        stored = await self.store.load(table_id, with_log=False)
        if stored is None or stored.summary.status == CLOSED:
            return None
        if token is not None and not any(s.token_hash == token_hash(token) for s in stored.seats):
            raise WrongToken(table_id)
        if stored.summary.status == FINISHED:
            built = await self._once(table_id, lambda: self._load(table_id, restored=True))
            return built if isinstance(built, LiveTable) else None
        held = await self._take(table_id)
        if not isinstance(held, leases.Holder):
            return held
        if self.relay is None:
            raise RoomError(  # one node without a bus: another process's lease runs out
                503,
                "Another server is serving this table; try again in a few seconds",
                key="room.error.elsewhere",
            )
        return self.relay.remote(table_id, held.node)

    async def _load(
        self, table_id: str, *, restored: bool, fence: Fence | None = None
    ) -> LiveTable | None:
        """The table rebuilt from its stored log, served under ``fence`` (None: a finished
        table, which takes no action). Loaded after the lease was taken, so the log read here
        holds every action any earlier holder stored."""
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
        table = self._live(stored, match)
        table.fence = fence
        table.hosting = host.Hosting(
            await self.store.run(events.load, self.store.store.engine, table_id)
        )
        table.talk = talk.Talk(await self.store.run(talk.load, self.store.store.engine, table_id))
        table.start(restored=restored)
        return table

    def _finished(self, table: LiveTable) -> None:
        """A match ended here: a club's table has its result stored and its club's ratings
        updated (in the background; ``cardtable ratings rebuild`` makes up for a failure)."""
        result = ratings.result_of_match(
            table.id,
            table.match,
            [(s.kind, s.player) for s in table.seats],
            table.finished_at or self.clock(),
        )

        async def rate() -> None:
            try:
                await self.store.run(clubs.record_finished, self.store.store.engine, result)
            except Exception:
                log.exception("table %s: its club's ratings could not be updated", table.id)

        task = asyncio.get_running_loop().create_task(rate())
        _background.add(task)
        task.add_done_callback(_background.discard)

    def rename_seats(self, player: str, name: str) -> None:
        """A player's new name at the unfinished tables served here (stored already)."""
        for table in self.tables.values():
            if table.status != FINISHED:
                table.rename_player(player, name)

    def forget_seats(self, player: str) -> None:
        """A deleted player's seats read "former player" at the tables served here."""
        for table in self.tables.values():
            table.forget_player(player)

    async def club_of(self, table_id: str) -> str | None:
        return await self.store.run(clubs.club_of, self.store.store.engine, table_id)

    async def is_member(self, club_id: str, who: Who | None) -> bool:
        if who is None:
            return False
        role = await self.store.run(clubs.role, self.store.store.engine, club_id, who.player)
        return role is not None

    async def check_club(self, table_id: str, who: Who | None) -> None:
        """403 unless the table is public or ``who`` is a member of its club."""
        club = await self.club_of(table_id)
        if club is not None and not await self.is_member(club, who):
            raise RoomError(
                403,
                "Only the club's members may see this table",
                "forbidden",
                key="room.error.club_only",
            )

    async def public_only(self, listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The lobby's tables without any club's."""
        ids = [t["id"] for t in listed]
        private = await self.store.run(clubs.club_tables, self.store.store.engine, ids)
        return [t for t in listed if t["id"] not in private]

    def _evict(self, table: LiveTable) -> None:
        """A finished table nobody watches leaves the live tables for the bounded cache of
        finished ones (its replay and move log done once); the store keeps it."""
        if self.tables.get(table.id) is table:
            table.stop()
            del self.tables[table.id]
            if table.status == FINISHED and not table.lost:
                self.finished[table.id] = table
                self.finished.move_to_end(table.id)
                while len(self.finished) > FINISHED_KEPT:
                    self.finished.popitem(last=False)

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
        live = self.tables.get(table_id) or self.finished.get(table_id)
        if live is not None:
            return await live.locked_summary()
        stored = await self.store.load(table_id, with_log=False)
        if stored is None:
            raise no_table(table_id)
        return stored_summary(stored)

    async def replay(self, table_id: str, step: int, address: str) -> dict[str, Any]:
        """A finished match after ``step`` actions, played forward in the replay worker from
        the nearest position it keeps; one address's steps wait their turn behind others'."""
        record = await self.record(table_id)
        try:
            found: dict[str, Any] = await self.workers.replays.run(
                address, replay_kept, table_id, record, step
            )
        except ReplayError as e:
            raise RoomError(400, str(e), key="room.error.step", params={"last": e.last}) from None
        return found

    async def record(self, table_id: str) -> dict[str, Any]:
        """The finished match's full record (decks included), replayed and checked; refused
        while the match is played, since it would show every hidden card."""
        cached = self._records.get(table_id)
        if cached is not None:
            self._records.move_to_end(table_id)
            seats = await self.store.load(table_id, with_log=False)  # names change: read anew
            names = [] if seats is None else seats.seat_names()
            return {**cached, "seat_names": names, **await self._events_of(table_id)}
        stored = await self.store.load(table_id)
        if stored is None:
            raise no_table(table_id)
        if stored.summary.status == CLOSED:
            raise RoomError(410, "The room's host closed this table", key="room.error.closed")
        if stored.summary.status != FINISHED:
            raise RoomError(
                409,
                "The match is still being played; its record is available when it ends",
                key="room.error.still_played",
            )
        try:
            record = (await asyncio.to_thread(Match.from_record, stored.record())).record()
        except CardtableError as e:
            raise RoomError(500, f"Table {table_id} cannot be replayed: {e}") from None
        self._records[table_id] = record
        if len(self._records) > RECORD_CACHE:
            self._records.popitem(last=False)
        return {**record, "seat_names": stored.seat_names(), **await self._events_of(table_id)}

    async def _events_of(self, table_id: str) -> dict[str, Any]:
        """The record's ``events`` (pauses, seat changes, new links: events.py), when any."""
        found = await self.store.run(events.load, self.store.store.engine, table_id)
        return {"events": [e.public() for e in found]} if found else {}


_background: set[asyncio.Task[Any]] = set()


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
                "takeover_in": None,
                **seat_who(seat),
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
