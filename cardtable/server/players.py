"""Players: a display name and a long random key the browser keeps in an HttpOnly cookie
(only its hash is stored); no passwords, no e-mail. A player moves to another device with a
one-time sign-in code (minutes, single use) or signs in with a passkey (``passkeys.py``).

Deleting a player removes their row, key, codes, passkeys, memberships and ratings; the seats
they sat at keep their place in every record but read "former player" (``former``), and the
club results that rated them keep the match with that entrant removed.

Every function here is one transaction on the store's engine; the app runs them on the
store's thread (``AsyncStore.run``).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, delete, select, update
from sqlalchemy.orm import Session

from cardtable.server.people_rows import (
    ClubRow,
    ClubTableRow,
    KeyRow,
    MemberRow,
    PasskeyRow,
    PlayerRow,
    RatingRow,
    ResultRow,
    SigninRow,
)
from cardtable.server.seats import seat_who
from cardtable.server.store import FINISHED, SeatRow, TableRow, token_hash

KEY_BYTES = 32  # the player key: 256 random bits, base64url
CODE_BYTES = 24  # a sign-in code
SIGNIN_MINUTES = 10
COOKIE = "cardtable_player"
FORMER = "former:"  # a deleted player's entrant in club results and ratings


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str
    created_at: datetime

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name}


def _player(row: PlayerRow) -> Player:
    return Player(row.id, row.name, row.created_at)


def create(engine: Engine, name: str, at: datetime) -> tuple[Player, str]:
    """A new player named ``name`` (already cleaned) and their key (shown once: the cookie)."""
    row = PlayerRow(id=secrets.token_urlsafe(12), name=name, created_at=at)
    with Session(engine) as s, s.begin():
        s.add(row)
        s.flush()
        return _player(row), add_key(s, row.id, at)


def by_key(engine: Engine, key: str | None) -> Player | None:
    if not key or len(key) > 128:
        return None
    with Session(engine) as s:
        found = s.get(KeyRow, key_hash(key))
        row = None if found is None else s.get(PlayerRow, found.player_id)
        return None if row is None else _player(row)


def by_id(engine: Engine, player_id: str) -> Player | None:
    with Session(engine) as s:
        row = s.get(PlayerRow, player_id)
        return None if row is None else _player(row)


def names(engine: Engine, ids: list[str]) -> dict[str, str]:
    with Session(engine) as s:
        rows = s.execute(select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_(ids)))
        return {pid: name for pid, name in rows}


def rename(engine: Engine, player_id: str, name: str) -> None:
    """A new display name: shown from now on, and at the player's unfinished tables' seats
    (finished matches keep the name they were played under)."""
    with Session(engine) as s, s.begin():
        s.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(name=name))
        unfinished = select(TableRow.id).where(TableRow.status != FINISHED)
        s.execute(
            update(SeatRow)
            .where(SeatRow.player == player_id, SeatRow.table_id.in_(unfinished))
            .values(name=name)
        )


def seat_facts(r: SeatRow) -> dict[str, Any]:
    """A stored seat as the pages list it: its kind, whether taken, and who sits there."""
    return {"seat": r.seat, "kind": r.kind, "claimed": r.claimed, **seat_who(r)}


def matches(engine: Engine, player_id: str, limit: int = 200) -> list[dict[str, Any]]:
    """The player's tables, newest first (club tables and guest tables alike): each with its
    seats' names, the player's own seat, and its club if it has one."""
    with Session(engine) as s:
        mine = {
            tid: seat
            for tid, seat in s.execute(
                select(SeatRow.table_id, SeatRow.seat).where(SeatRow.player == player_id)
            )
        }
        if not mine:
            return []
        tables = list(
            s.scalars(
                select(TableRow)
                .where(TableRow.id.in_(list(mine)))
                .order_by(TableRow.created_at.desc())
                .limit(limit)
            )
        )
        ids = [t.id for t in tables]
        seats: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
        for r in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)):
            seats[r.table_id].append(seat_facts(r))
        club_rows = s.execute(
            select(ClubTableRow.table_id, ClubRow.id, ClubRow.name)
            .join(ClubRow, ClubRow.id == ClubTableRow.club_id)
            .where(ClubTableRow.table_id.in_(ids))
        )
        clubs = {tid: {"id": cid, "name": name} for tid, cid, name in club_rows}
        return [
            {
                "id": t.id,
                "game": t.game,
                "players": t.players,
                "status": t.status,
                "scores": list(t.scores),
                "winner": t.winner,
                "seat": mine[t.id],
                "seats": seats[t.id],
                "club": clubs.get(t.id),
                "created_at": _utc(t.created_at).isoformat(),
                "updated_at": _utc(t.updated_at).isoformat(),
            }
            for t in tables
        ]


def export(engine: Engine, player_id: str) -> dict[str, Any]:
    """Everything stored about the player, as JSON (keys and codes only as the dates they were
    made: their hashes are not the player's to carry around)."""
    with Session(engine) as s:
        row = s.get(PlayerRow, player_id)
        if row is None:
            return {}
        devices = [_utc(at).isoformat() for at in s.scalars(
            select(KeyRow.created_at).where(KeyRow.player_id == player_id))]  # fmt: skip
        passkeys = [_utc(at).isoformat() for at in s.scalars(
            select(PasskeyRow.created_at).where(PasskeyRow.player_id == player_id))]  # fmt: skip
        memberships = [
            {"club": cid, "name": name, "role": role, "joined_at": _utc(at).isoformat()}
            for cid, name, role, at in s.execute(
                select(ClubRow.id, ClubRow.name, MemberRow.role, MemberRow.joined_at)
                .join(MemberRow, MemberRow.club_id == ClubRow.id)
                .where(MemberRow.player_id == player_id)
            )
        ]
        rated = [
            {
                "club": r.club_id,
                "game": r.game,
                "mu": r.mu,
                "sigma": r.sigma,
                "played": r.played,
                "won": r.won,
            }
            for r in s.scalars(select(RatingRow).where(RatingRow.entrant == player_id))
        ]
        me = {"id": row.id, "name": row.name, "created_at": _utc(row.created_at).isoformat()}
    return {
        "format": "cardtable-player",
        "player": me,
        "devices_signed_in": devices,
        "passkeys_added": passkeys,
        "clubs": memberships,
        "ratings": rated,
        "matches": matches(engine, player_id, limit=10_000),
    }


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False)


def new_signin(engine: Engine, player_id: str, at: datetime) -> str:
    """A one-time code that signs this player in on another device within minutes."""
    code = secrets.token_urlsafe(CODE_BYTES)
    with Session(engine) as s, s.begin():
        s.execute(delete(SigninRow).where(SigninRow.expires_at < at))
        s.add(
            SigninRow(
                code_hash=token_hash(code),
                player_id=player_id,
                expires_at=at + timedelta(minutes=SIGNIN_MINUTES),
            )
        )
    return code


def use_signin(engine: Engine, code: str, at: datetime) -> tuple[Player, str] | None:
    """Spend a sign-in code (single use, also when it has expired): the player and a new key
    for the new device; the devices signed in before keep theirs."""
    with Session(engine) as s, s.begin():
        row = s.get(SigninRow, token_hash(code))
        if row is None:
            return None
        s.delete(row)
        if _utc(row.expires_at) < at:
            return None
        player = s.get(PlayerRow, row.player_id)
        if player is None:
            return None
        return _player(player), add_key(s, player.id, at)


def add_key(s: Session, player_id: str, at: datetime) -> str:
    """A key for one more device of a player (each device holds its own; only hashes kept)."""
    key = new_key()
    s.add(KeyRow(key_hash=key_hash(key), player_id=player_id, created_at=at))
    return key


def delete_player(engine: Engine, player_id: str) -> None:
    """Forget a player (see the module's docstring). In club results and ratings the player
    becomes an unnamed "former player" entrant, so nobody else's rating changes and a rebuild
    still gives the stored numbers."""
    former = FORMER + secrets.token_urlsafe(12)
    with Session(engine) as s, s.begin():
        s.execute(
            update(SeatRow)
            .where(SeatRow.player == player_id)
            .values(name=None, player=None, former=True)
        )
        for row in (KeyRow, SigninRow, PasskeyRow, MemberRow):
            s.execute(delete(row).where(row.player_id == player_id))
        s.execute(update(RatingRow).where(RatingRow.entrant == player_id).values(entrant=former))
        for result in s.scalars(select(ResultRow)):
            teams = [[former if e == player_id else e for e in side] for side in result.teams]
            if teams != result.teams:
                result.teams = teams
        s.execute(delete(PlayerRow).where(PlayerRow.id == player_id))


def _utc(at: datetime) -> datetime:
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)
