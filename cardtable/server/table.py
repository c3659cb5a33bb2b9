"""One table in play: its ``Match``, its seats, the clients watching it, its computer players.

The table is authoritative: every action is checked by ``Match`` (rules and turn), committed
to the store, and only then acknowledged and pushed to every client as that client's own view
(``Match.view(seat)``, spectators ``view(None)``). Actions at one table run one at a time
under its lock; computer players choose on the room's bounded worker threads and lose their
move if anything changed meanwhile.

Nothing is seen before it is stored: while an action is being committed the match already
holds it, so everything that reads the match (pushes, ``sync``, hints, summaries, computer
players) does so under the lock, or from the progress saved at the last commit.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError

from cardtable.bots import QUICK_LEVELS, RandomBot, make_bot
from cardtable.core.cards import cards_str
from cardtable.core.errors import IllegalActionError, NotationError
from cardtable.core.game import Action
from cardtable.core.match import Match
from cardtable.core.views import View
from cardtable.server import host, movelog, talk
from cardtable.server import protocol as p
from cardtable.server.config import ServerConfig
from cardtable.server.connection import Connection
from cardtable.server.hints import HintDesk, Stale
from cardtable.server.names import BadName, clean_name
from cardtable.server.seats import HUMAN, Seat, bot_seed, levels_for
from cardtable.server.store import (
    FINISHED,
    OPEN,
    RUNNING,
    AsyncStore,
    Clock,
    Fence,
    Fenced,
    StoredAction,
    StoredHand,
    StoredTable,
    Summary,
    now,
    token_hash,
)
from cardtable.server.workers import Busy, Workers

log = logging.getLogger("cardtable.server")

NOT_STORED = "The table moved to another server before this move was saved; it was not played"


@dataclass(frozen=True, slots=True)
class Rematch:
    """The next match of a finished table: its id, each person's seat token, who asked, and
    the seats a club's members hold there by who they are (no token)."""

    table: str
    tokens: dict[int, str]
    by: int
    members: frozenset[int] = frozenset()


class LiveTable:
    """A table being served: joins and leaves, players' actions, computer moves, pushes."""

    def __init__(
        self,
        stored: StoredTable,
        match: Match,
        store: AsyncStore,
        config: ServerConfig,
        on_idle: Callable[[LiveTable], None],
        workers: Workers,
        clock: Clock = now,
    ) -> None:
        self.id = stored.id
        self.clock = clock
        self.match = match
        self.store = store
        self.config = config
        self.status = stored.summary.status
        self.created_at = stored.created_at
        self.finished_at: datetime | None = stored.updated_at if self.status == FINISHED else None
        self.creator: str | None = None  # the client address that created it (this run only)
        self.version = len(stored.actions)
        self.seed = stored.seed
        self.club = stored.club  # its club's id: a new table is made on the club's page
        self.seats = [
            Seat.create(
                s.seat,
                s.kind,
                s.token_hash,
                s.claimed,
                match.game_id,
                stored.seed,
                s.name,
                s.player,
                s.former,
            )
            for s in stored.seats
        ]
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self._bot_task: asyncio.Task[None] | None = None
        self._on_idle = on_idle
        self.workers = workers
        self.hints = HintDesk(workers)
        self._progress = self._now_progress()  # as of the last commit
        self.rematch: Rematch | None = None  # this run only: the next match, once asked for
        self.pace = config.bot_delay  # seconds before each computer move, set per table
        self.rematch_lock = asyncio.Lock()
        self._log: list[StoredAction] = list(stored.actions)  # every action, for the move log
        self._finished_log: dict[int | None, list[str]] = {}  # viewer -> pages, once over
        # Another node stored an action here first (it took the table over): this copy is
        # stale, stops playing, and the room lets it go (``on_lost``).
        self.lost = False
        self.on_lost: Callable[[LiveTable], None] | None = None
        # The lease this copy serves under: its actions are stored only while it is current.
        self.fence: Fence | None = None
        self.on_finished: Callable[[LiveTable], None] | None = None  # the match just ended
        # Called once a table of computers only has played ``max_bot_actions``: the room
        # closes it (nobody would watch a match that long; it only costs the room).
        self.on_capped: Callable[[LiveTable], None] | None = None
        self.hosting = host.Hosting([])  # pauses, seat changes, the away policy (host.py)
        self.talk = talk.Talk([])  # what the people here said, the host's talk settings

    # -- lifecycle ------------------------------------------------------------------------
    def start(self, *, restored: bool) -> None:
        """Begin serving: after a restart every human is away until they reconnect."""
        if restored:
            for seat in self.seats:
                if seat.is_human and seat.claimed:
                    self._start_away_timer(seat)
        self._kick_bots()

    def stop(self) -> None:
        if self._bot_task is not None and self._bot_task is not asyncio.current_task():
            self._bot_task.cancel()
        for seat in self.seats:
            seat.cancel_timer()
        if self.hosting.pause_task is not None:
            self.hosting.pause_task.cancel()
        self.hints.new_version(-1)

    def detach_all(self, code: p.Code, message: str) -> None:
        """Send every client an error and let go of them (they may ``hello`` elsewhere)."""
        for conn in list(self.connections):
            self.detach(conn, code, message)

    def detach(self, conn: Connection, code: p.Code, message: str) -> None:
        self.leave(conn)
        conn.table, conn.seat, conn.token_hash = None, None, None
        conn.push(p.error(code, message))
        conn.detached()

    # -- what clients see -----------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """Public facts for the lobby: no cards, no tokens, no seed; the match's progress as
        of the last commit (an action being stored is not shown)."""
        m = self.match
        hand_number, scores, winner = self._progress
        return {
            "id": self.id,
            "game": m.game_id,
            "title": m.rules.title,
            "players": m.players,
            "options": dict(m.rules.options),
            "status": self.status,
            "seats": [s.public() for s in self.seats],
            "version": self.version,
            "hand_number": hand_number,
            "scores": list(scores),
            "winner": winner,
            "created_at": self.created_at.isoformat(),
            "pace": self.pace,
            "club": self.club,
            **self.hosting.public(),
        }

    async def locked_summary(self) -> dict[str, Any]:
        async with self.lock:
            return self.summary()

    def _now_progress(self) -> tuple[int, list[int], int | None]:
        return self.match.hand_number, self.match.scores, self.match.winner

    @property
    def has_person(self) -> bool:
        return any(s.is_human for s in self.seats)

    @property
    def has_search(self) -> bool:
        return any(not s.is_human and s.kind not in QUICK_LEVELS for s in self.seats)

    @property
    def capped(self) -> bool:
        """Computers only, and as long as such a table may play (``max_bot_actions``)."""
        return not self.has_person and self.version >= self.config.max_bot_actions

    @property
    def unjoined(self) -> bool:
        """Open, and no person has joined any seat yet."""
        return self.status == OPEN and not any(s.claimed for s in self.seats)

    def state_message(self, viewer: int | None) -> dict[str, Any]:
        return {
            "type": "state",
            "table": self.id,
            "version": self.version,
            "status": self.status,
            "seats": [s.public() for s in self.seats],
            "paused": self.hosting.public()["paused"],
            "last": self._last_for(viewer),
            "view": self.match.view(viewer),
        }

    def _last_for(self, viewer: int | None) -> dict[str, Any] | None:
        """The latest action as ``viewer`` may read it: the move log's last entry."""
        return movelog.entry(self.match.rules, self._log[-1], viewer) if self._log else None

    def broadcast(self) -> None:
        """Push the new state to every client, each as its own view (built once per seat)."""
        texts: dict[int | None, str] = {}
        for conn in list(self.connections):
            if conn.seat not in texts:
                texts[conn.seat] = p.encode(self.state_message(conn.seat))
            conn.push(texts[conn.seat])

    def push_seats(self, but: Connection | None = None) -> None:
        """Tell every client (but one, who already knows) who is at the table now."""
        message = p.encode(
            {"type": "seats", "table": self.id, "seats": [s.public() for s in self.seats]}
        )
        for conn in list(self.connections):
            if conn is not but:
                conn.push(message)

    # -- joining and leaving --------------------------------------------------------------
    async def join(self, conn: Connection, hello: p.Hello, hashed: str | None = None) -> None:
        """Attach a client as the seat its token holds (taking it back from a stand-in), or as
        a spectator. A relayed hello carries the token's hash (``hashed``), never the token.
        The seats' tokens are read from the store first: the database, not the bus, says
        which link a seat has."""
        seat: Seat | None = None
        if hashed is None and hello.token is not None:
            hashed = token_hash(hello.token)
        if hashed is not None:
            await self.sync_tokens()
            seat = next((s for s in self.seats if s.holds(hashed)), None)
            if seat is None:
                await host.known_retired(self, hashed, hello.seq)
                raise p.ProtocolError(
                    p.Code.BAD_TOKEN,
                    "This link's seat token is not valid for this table",
                    hello.seq,
                )
            if self.token_expired():
                raise p.ProtocolError(
                    p.Code.TOKEN_EXPIRED,
                    f"Seat links stop working {self.config.token_days:g} days after the match "
                    "ends; you may watch the table without one",
                    hello.seq,
                )
        elif conn.player is not None:  # a signed-in player takes their own seat, no link
            seat = next(
                (s for s in self.seats if s.is_human and s.player == conn.player.player), None
            )
        name, player = (None, None) if seat is None else self._who(seat, conn, hello)
        async with self.lock:
            started = self.status
            if seat is not None and not seat.claimed:
                claimed = [s.claimed or s is seat for s in self.seats if s.is_human]
                # a match under way stays so when a seat the host gave to a person is joined
                status = (
                    self.status
                    if self.status in (FINISHED, RUNNING)
                    else (RUNNING if all(claimed) else OPEN)
                )
                try:
                    await self.store.claim_seat(self.id, seat.number, status, name, player)
                except Exception:
                    log.exception("table %s: could not store seat %d", self.id, seat.number)
                    raise p.ProtocolError(
                        p.Code.SERVER_ERROR, "The seat could not be saved; try again", hello.seq
                    ) from None
                seat.claimed = True
                self.status = status
                seat.name, seat.player = name or seat.name, player or seat.player
            elif seat is not None and (name, player) != (None, None):
                try:
                    await self.store.name_seat(
                        self.id, seat.number, name or seat.name, player or seat.player
                    )
                except Exception:
                    log.exception("table %s: could not store seat %d's name", self.id, seat.number)
                else:
                    seat.name, seat.player = name or seat.name, player or seat.player
            conn.table = self
            conn.seat = None if seat is None else seat.number
            conn.token_hash = hashed
            self.connections.add(conn)
            if seat is not None:
                seat.connections += 1
                seat.cancel_timer()
                if seat.stand_in is not None:  # the human is back: the stand-in leaves
                    seat.stand_in = None
                    seat.stand_in_level = None
            conn.push(
                {
                    "type": "welcome",
                    "seq": hello.seq,
                    "table": self.summary(),
                    "seat": conn.seat,
                    "version": self.version,
                }
            )
            if self.status != started:  # the last seat arrived: everyone learns the match began
                self.broadcast()
            else:
                conn.push(self.state_message(conn.seat))
                if seat is not None:
                    self.push_seats(but=conn)
            for page in self._log_pages(conn.seat):
                conn.push(page)
            if self.hosting.events:
                conn.push(self.hosting.message(self.id))
            if self.talk.worth_sending:
                conn.push(self.talk.message(self.id))
            if seat is not None:
                await host.arrived(self, conn, seat)
            offer = self.rematch_message(conn.seat)
            if offer is not None:
                conn.push(offer)
        self._kick_bots()

    def _who(self, seat: Seat, conn: Connection, hello: p.Hello) -> tuple[str | None, str | None]:
        """The name and player a join gives its seat, if they change it: a signed-in player's
        own (unless another player's seat), else a guest's chosen name (unless a player's
        seat, which keeps its player's name)."""
        who = conn.player
        if who is not None and seat.player in (None, who.player) and not seat.former:
            if (seat.name, seat.player) != (who.name, who.player):
                return who.name, who.player
            return None, None
        if hello.name is None or seat.player is not None or seat.former:
            return None, None
        try:
            name = clean_name(hello.name)
        except BadName as e:
            raise p.ProtocolError(
                p.Code.BAD_NAME, e.message, hello.seq, key=e.key, params=e.params
            ) from None
        return (name, None) if name != seat.name else (None, None)

    def _log_pages(self, viewer: int | None) -> list[str]:
        """The move log for ``viewer``, encoded; a finished match's is built once per viewer
        (it never changes), so watching a long finished match again costs no rebuilding."""
        if self.status == FINISHED and viewer in self._finished_log:
            return self._finished_log[viewer]
        pages = [p.encode(m) for m in movelog.pages(self.id, self.match.rules, self._log, viewer)]
        if self.status == FINISHED:
            self._finished_log[viewer] = pages
        return pages

    def rename_player(self, player: str, name: str) -> None:
        if any(s.player == player for s in self.seats):
            for seat in self.seats:
                if seat.player == player:
                    seat.name = name
            self.push_seats()

    def forget_player(self, player: str) -> None:
        if any(s.player == player for s in self.seats):
            for seat in self.seats:
                if seat.player == player:
                    seat.name, seat.player, seat.former = None, None, True
            self.push_seats()

    def rematch_message(self, viewer: int | None) -> dict[str, Any] | None:
        """The next match, offered to a client: a seat's own token for it, nobody else's."""
        r = self.rematch
        if r is None:
            return None
        token = r.tokens.get(viewer) if viewer is not None else None
        member = viewer in r.members  # a club member's seat there: theirs, signed in
        return {
            "type": "rematch",
            "table": self.id,
            "next": r.table,
            "by": r.by,
            "token": token,
            "member": member,
        }

    def set_pace(self, seconds: float) -> None:
        """The computer players' pace at this table, told to everyone at it."""
        self.pace = seconds
        message = p.encode({"type": "pace", "table": self.id, "seconds": seconds})
        for conn in list(self.connections):
            conn.push(message)

    def offer_rematch(self, rematch: Rematch) -> None:
        self.rematch = rematch
        for conn in list(self.connections):
            offer = self.rematch_message(conn.seat)
            if offer is not None:
                conn.push(offer)

    def token_expired(self) -> bool:
        ended = self.finished_at
        return ended is not None and self.clock() > ended + timedelta(days=self.config.token_days)

    async def new_token(self, number: int, token: str) -> None:
        """Replace seat ``number``'s token: the old link stops working, and connections that
        joined with it are let go."""
        async with self.lock:
            hashed = token_hash(token)
            await self.store.set_token(self.id, number, hashed)
            self._revoke(number, hashed)

    async def reload_token(self, number: int, hashed: str) -> None:
        """Seat ``number`` was given a new token at another node (already stored)."""
        async with self.lock:
            self._revoke(number, hashed)

    def revoke(self, number: int, hashed: str) -> None:
        """Seat ``number``'s token is ``hashed`` now; whoever joined with the old one leaves."""
        self._revoke(number, hashed)

    async def sync_tokens(self) -> None:
        """Take the seats' tokens as stored (a new link given at another node counts here at
        once, even if the bus lost the news); a failure leaves them as they were."""
        try:
            stored = await self.store.load(self.id, with_log=False)
        except Exception:
            log.warning("table %s: could not read its seats' tokens", self.id)
            return
        if stored is not None:
            self.apply_tokens({s.seat: s.token_hash for s in stored.seats})

    def apply_tokens(self, hashes: dict[int, str | None]) -> None:
        """Revoke every person's seat whose stored token is not the one held here."""
        for number, hashed in hashes.items():
            if not 0 <= number < len(self.seats) or hashed is None:
                continue
            if self.seats[number].is_human and self.seats[number].token_hash != hashed:
                self._revoke(number, hashed)

    def _revoke(self, number: int, hashed: str) -> None:
        self.seats[number].token_hash = hashed
        for conn in list(self.connections):
            if conn.seat == number:
                self.detach(conn, p.Code.TOKEN_REVOKED, "This seat was given a new link")
        self.push_seats()

    def leave(self, conn: Connection) -> None:
        if conn not in self.connections:
            return
        self.connections.discard(conn)
        if conn.seat is not None:
            seat = self.seats[conn.seat]
            seat.connections -= 1
            if seat.connections == 0:
                self.hints.seat_left(seat.number)
                host.went_away(self, seat)
                self._start_away_timer(seat)
                self.push_seats()
                host.departed(self)
        if self.status == FINISHED and not self.connections:
            self._on_idle(self)

    def away(self, seat: Seat) -> None:
        """A person's seat with nobody at it: a stand-in comes after the take-over time."""
        self._start_away_timer(seat)

    def _start_away_timer(self, seat: Seat) -> None:
        if self.config.takeover_seconds <= 0 or self.status == FINISHED:
            return
        seat.cancel_timer()
        loop = asyncio.get_running_loop()
        seat.away_timer = loop.call_later(
            self.config.takeover_seconds, self._take_over, seat.number
        )
        seat.takeover_at = loop.time() + self.config.takeover_seconds

    def _take_over(self, number: int) -> None:
        """A human has been away too long: a computer plays the seat until they return."""
        seat = self.seats[number]
        seat.away_timer = None
        seat.takeover_at = None
        if seat.connections or seat.stand_in is not None or self.status == FINISHED:
            return
        level = self.config.takeover_level
        if level not in levels_for(self.match.game_id, self.config.installed_bots):
            log.warning(
                "table %s: no %s player for this game; a random one stands in", self.id, level
            )
            level = "random"
        seat.stand_in = make_bot(self.match.game_id, level, bot_seed(self.seed, number, "stand-in"))
        seat.stand_in_level = level
        log.info("table %s: a %s computer player stands in for seat %d", self.id, level, number)
        self.push_seats()
        host.departed(self)  # nobody here: the away policy pauses the match instead
        self._kick_bots()

    # -- talking --------------------------------------------------------------------------
    async def say(self, conn: Connection, msg: p.Say | p.React) -> None:
        """Table talk (talk.py): never under the table's lock, so never in a move's way."""
        await talk.say(self, conn, msg)

    # -- playing --------------------------------------------------------------------------
    async def resend(self, conn: Connection) -> None:
        async with self.lock:
            conn.push(self.state_message(conn.seat))

    async def hint(self, conn: Connection, msg: p.HintRequest) -> asyncio.Task[None]:
        """The search bot's advice for the seat to move, from that seat's view only (so a hint
        never knows more than the player), computed in the background on the hint workers:
        the connection keeps reading meanwhile, and the answer is pushed when ready."""
        if conn.seat is None:
            raise p.ProtocolError(p.Code.SPECTATOR, "Spectators get no hints", msg.seq)
        async with self.lock:
            if self.match.is_over or self.match.to_move != conn.seat:
                raise p.ProtocolError(p.Code.NOT_YOUR_TURN, "Hints are for your turn", msg.seq)
            view, version = self.match.view(conn.seat), self.version
            return asyncio.create_task(self._answer_hint(conn, msg.seq, conn.seat, version, view))

    async def _answer_hint(
        self, conn: Connection, seq: int, seat: int, version: int, view: View
    ) -> None:
        try:
            advice = await self.hints.get(seat, version, view)
        except NotImplementedError as e:
            conn.push(p.error(p.Code.NO_HINT, str(e), seq))
            return
        except Busy:
            conn.push(p.error(p.Code.BUSY, "Every hint helper is busy; ask again shortly", seq))
            return
        except (asyncio.CancelledError, Stale):
            conn.push(
                p.error(p.Code.STALE_VERSION, "The table moved on before the hint was ready", seq)
            )
            return
        conn.push(
            {
                "type": "hint",
                "seq": seq,
                "version": version,
                "action": advice.action,
                "reason": advice.reason,
                "key": advice.key,  # the reason as a catalogue key, for the page to translate
                "params": advice.params,
                "top": advice.top,
            }
        )

    async def play(self, conn: Connection, msg: p.Play) -> None:
        """A human's action: refused with a reason unless it is theirs to make and legal now."""
        if conn.seat is None:
            raise p.ProtocolError(p.Code.SPECTATOR, "Spectators cannot play", msg.seq)
        if msg.token is not None and token_hash(msg.token) != conn.token_hash:
            raise p.ProtocolError(
                p.Code.FORGED, "That token is not the one this connection joined with", msg.seq
            )
        if msg.seat is not None and msg.seat != conn.seat:
            raise p.ProtocolError(
                p.Code.FORGED,
                f"This connection plays for seat {conn.seat}, not {msg.seat}",
                msg.seq,
            )
        async with self.lock:
            m = self.match
            if self.status == OPEN:
                raise p.ProtocolError(
                    p.Code.NOT_STARTED, "The match starts when every seat has joined", msg.seq
                )
            host.refuse_if_paused(self, msg.seq)
            if m.is_over:
                raise p.ProtocolError(p.Code.ILLEGAL, "The match is over", msg.seq, rule="C-4")
            if msg.version != self.version:
                raise p.ProtocolError(
                    p.Code.STALE_VERSION,
                    f"The table has moved on (version {self.version}, not {msg.version})",
                    msg.seq,
                )
            if m.to_move != conn.seat:
                raise p.ProtocolError(  # the page counts the seat from 1 (shownParams)
                    p.Code.NOT_YOUR_TURN,
                    f"It is seat {m.to_move}'s turn",
                    msg.seq,
                    rule="C-5",
                    key="error.turn_of",
                    params={"seat": m.to_move},
                )
            try:
                action = m.check(msg.action)
            except NotationError as e:
                raise p.ProtocolError(  # keyed: the page says it in its language
                    p.Code.NOTATION,
                    str(e),
                    msg.seq,
                    position=e.position,
                    key=e.key,
                    params=e.params,
                ) from None
            except IllegalActionError as e:
                # an engine that keys its reasons (key, params) has them passed on as they are
                raise p.ProtocolError(
                    p.Code.ILLEGAL,
                    e.reason,
                    msg.seq,
                    rule=e.rule,
                    key=e.key,
                    params=e.params,
                ) from None
            await self._commit(conn.seat, action, HUMAN, msg.seq)
            conn.push({"type": "ack", "seq": msg.seq, "version": self.version})
            self.broadcast()
        self._after_action()

    async def _commit(self, seat: int, action: Action, by: str, seq: int | None) -> None:
        """Apply a checked action and store it; on a storage failure undo it and refuse."""
        m = self.match
        hand = m.hand_number
        m.play(action)
        version = self.version + 1
        new_hand = None
        if m.hand_number > hand:
            h = m.hands[-1]
            new_hand = StoredHand(m.hand_number, h.dealer, cards_str(h.deck, sort=False))
        status = FINISHED if m.is_over else self.status
        summary = Summary(status, version, m.hand_number, m.scores, m.winner)
        text = str(action)
        stored = StoredAction(version, hand, seat, text, by)
        try:
            await self.store.append(self.id, stored, new_hand, summary, self.fence)
        except (Fenced, IntegrityError):  # the lease was taken over (or, unfenced, the log's
            # key: another node stored action ``version`` first): nothing was stored
            log.warning("table %s: another server plays it now; letting it go", self.id)
            self._undo_last(dealt=new_hand is not None)
            self.lost = True
            if self.on_lost is not None:
                self.on_lost(self)
            raise p.ProtocolError(p.Code.TABLE_MOVED, NOT_STORED, seq) from None
        except Exception:
            log.exception("table %s: could not store action %d", self.id, version)
            self._undo_last(dealt=new_hand is not None)
            raise p.ProtocolError(
                p.Code.SERVER_ERROR, "The action could not be saved, so it was not played", seq
            ) from None
        self._log.append(stored)
        self.version = version
        self.status = status
        self._progress = self._now_progress()
        self.hints.new_version(version)
        if status == FINISHED:
            self.finished_at = self.clock()

    def _undo_last(self, *, dealt: bool) -> None:
        """Take back the action just played (not stored): replay the record without it."""
        record = self.match.record()
        if dealt:
            record["hands"].pop()
        record["hands"][-1]["actions"].pop()
        for key in ("scores", "winner"):
            record.pop(key, None)
        for hand in record["hands"]:
            hand["scores"] = None
        self.match = Match.from_record(record)

    def _after_action(self) -> None:
        if self.status == FINISHED:
            if self.on_finished is not None:
                self.on_finished(self)
            self.stop()
            if not self.connections:
                self._on_idle(self)
        else:
            self._kick_bots()

    # -- computer players -----------------------------------------------------------------
    def _bot_to_move(self) -> Seat | None:
        if self.status != RUNNING or self.lost or self.capped or host.holds(self):
            return None
        to_move = self.match.to_move
        if to_move is None:
            return None
        seat = self.seats[to_move]
        return seat if seat.acting_bot() is not None else None

    @property
    def log_entries(self) -> list[StoredAction]:
        """Every action stored so far, oldest first."""
        return self._log

    def log_entry(self, action: StoredAction, viewer: int | None) -> dict[str, Any]:
        return movelog.entry(self.match.rules, action, viewer)

    def kick(self) -> None:
        """Computers to move (after a resume, a seat change): they move now."""
        self._kick_bots()

    def _kick_bots(self) -> None:
        if self._bot_to_move() is None:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.create_task(self._run_bots(), name=f"bots-{self.id}")

    async def _run_bots(self) -> None:
        """Play computer seats one move at a time while one is to move."""
        while (seat := self._bot_to_move()) is not None:
            if self.pace > 0:
                await asyncio.sleep(self.pace)
            async with self.lock:  # never a state still being stored
                bot = seat.acting_bot()
                if self._bot_to_move() is not seat or bot is None:
                    continue
                version = self.version
                view = self.match.view(seat.number)
                legal = self.match.legal_actions()
            try:
                action = await self.workers.bot(
                    seat.acting_level(), bot, view, legal, self.creator or self.id
                )
            except Exception:
                log.exception("table %s: computer player failed; a random move", self.id)
                action = RandomBot(version).choose(view, legal)
            if action not in legal:
                log.error("table %s: computer player chose %s, not legal", self.id, action)
                action = RandomBot(version).choose(view, legal)
            async with self.lock:
                if self.version != version or seat.acting_bot() is not bot:
                    continue  # someone came back or the table moved on: choose again
                try:
                    await self._commit(seat.number, action, seat.acting_level(), None)
                except p.ProtocolError:
                    await asyncio.sleep(1.0)  # storage trouble: try again shortly
                    continue
                self.broadcast()
            if self.status == FINISHED:
                self._after_action()
                return
            if not self.has_person and self.version >= self.config.max_bot_actions:
                if self.on_capped is not None:
                    self.on_capped(self)
                return
