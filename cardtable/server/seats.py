"""Who sits where: a human held by a secret token, or a computer player of some level.

A human seat that has been away longer than the take-over time gets a computer stand-in,
which plays until the human comes back with the token.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from cardtable.bots import LEVELS, QUICK_LEVELS, Bot, RandomBot, make_bot
from cardtable.bots.plugins import installed
from cardtable.core.errors import OptionError
from cardtable.core.game import Rules
from cardtable.core.registry import rules_class

HUMAN = "human"
SEARCHING = frozenset(LEVELS) - QUICK_LEVELS  # the built-in levels that sample worlds
log = logging.getLogger("cardtable.server")


def installed_levels() -> tuple[str, ...]:
    """The names of the computer players installed packages offer (``cardtable bots``)."""
    return tuple(sorted(installed()))


@cache
def levels_for(game: str, installed_bots: bool = False) -> tuple[str, ...]:
    """The computer levels that can play ``game``: not every level knows every game, and the
    search levels need a game that can sample the hidden cards (``Rules.determinize``). With
    ``installed_bots`` (the operator's ``ServerConfig.installed_bots``), also the bots that
    installed packages offer and that make a player for ``game``; never a bot by import path,
    which would let a client import any module. Read once per process: a package installed
    later is offered after a restart."""
    samples = rules_class(game).determinize is not Rules.determinize
    found = []
    for level in (*LEVELS, *(installed_levels() if installed_bots else ())):
        if level in SEARCHING and not samples:
            continue
        try:
            make_bot(game, level, 0)
        except OptionError:
            continue
        except Exception:  # an installed bot that fails to make a player is not offered
            log.warning("the installed bot %s cannot play %s", level, game, exc_info=True)
            continue
        found.append(level)
    return tuple(found)


BOT_SEED_BITS = 63  # the table's seed: drawn from the OS, and fits a signed 64-bit column


def bot_seed(table_seed: int, seat: int, purpose: str) -> int:
    """A bot's seed, reproducible from the table's seed (so a restart rebuilds the same
    players) and unrelated to any deck: the room deals every hand from the OS, not a seed."""
    digest = hashlib.sha256(f"{table_seed}:{seat}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Named(Protocol):
    """A seat, live or stored."""

    @property
    def kind(self) -> str: ...
    @property
    def name(self) -> str | None: ...
    @property
    def player(self) -> str | None: ...
    @property
    def former(self) -> bool: ...


def seat_who(seat: Named) -> dict[str, Any]:
    """Who sits at a seat, as anyone may read it: a person's name and public player id (a
    computer has neither: clients name it by its level), and whether that player was deleted
    since (then neither is kept, and the seat reads "former player")."""
    person = seat.kind == HUMAN and not seat.former
    return {
        "name": seat.name if person else None,
        "player": seat.player if person else None,
        "former": seat.former,
    }


@dataclass(slots=True)
class Seat:
    number: int
    kind: str  # HUMAN or a bot level
    token_hash: str | None
    claimed: bool  # a human has joined it at least once
    bot: Bot | None = None  # the computer player of a bot seat
    stand_in: Bot | None = None  # the computer playing for an away human
    stand_in_level: str | None = None
    connections: int = 0
    away_timer: asyncio.TimerHandle | None = None
    takeover_at: float | None = None  # the loop's clock when a stand-in takes the seat
    name: str | None = None  # the person's display name, or the guest's chosen one
    player: str | None = None  # the public id of the player who sits here (never the key)
    former: bool = False  # the player who sat here was deleted: "former player"

    @classmethod
    def create(
        cls,
        number: int,
        kind: str,
        token_hash: str | None,
        claimed: bool,
        game: str,
        seed: int,
        name: str | None = None,
        player: str | None = None,
        former: bool = False,
    ) -> Seat:
        seat = cls(number, kind, token_hash, claimed, name=name, player=player, former=former)
        if kind != HUMAN:
            try:
                seat.bot = make_bot(game, kind, bot_seed(seed, number, "seat"))
            except OptionError:  # a stored table whose level is gone: keep it playable
                log.warning(
                    "no %s player for %s any more; a random one plays seat %d", kind, game, number
                )
                seat.bot = RandomBot(bot_seed(seed, number, "seat"))
        return seat

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def holds(self, hashed: str) -> bool:
        return self.token_hash is not None and hmac.compare_digest(self.token_hash, hashed)

    def acting_bot(self) -> Bot | None:
        """The computer that plays this seat now, if any."""
        return self.bot if self.bot is not None else self.stand_in

    def acting_level(self) -> str:
        return self.kind if not self.is_human else (self.stand_in_level or HUMAN)

    def cancel_timer(self) -> None:
        if self.away_timer is not None:
            self.away_timer.cancel()
            self.away_timer = None
        self.takeover_at = None

    def public(self) -> dict[str, Any]:
        """What anyone may know about the seat (never the token); an away person's seat says
        in how many seconds a computer stands in (so everyone can see it coming). A computer
        seat has no name: clients name it by its level."""
        takeover_in = None
        if self.takeover_at is not None and self.stand_in is None:
            try:
                left = self.takeover_at - asyncio.get_running_loop().time()
            except RuntimeError:  # read outside the room's loop: no clock to count from
                left = 0.0
            takeover_in = round(max(0.0, left), 1)
        return {
            "seat": self.number,
            "kind": self.kind,
            "claimed": self.claimed,
            "connected": self.connections > 0,
            "stand_in": self.stand_in_level if self.stand_in is not None else None,
            "takeover_in": takeover_in,
            **seat_who(self),
        }
