"""Clubs: a family's or a club's own room. A player creates one and names it, invites others
by revocable links (optionally expiring), and an owner may remove a member. The club page
lists its live tables, its finished matches and its standings; only members may read any of
it (everything else is 403, on every node: the pages read the database).

Every function is one transaction on the store's engine (run on the store's thread).
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, delete, func, select
from sqlalchemy.orm import Session

from cardtable.core.match import Match
from cardtable.server import ratings
from cardtable.server.people_rows import (
    ClubRow,
    ClubTableRow,
    InviteRow,
    MemberRow,
    PlayerRow,
    RatingRow,
    ResultRow,
)
from cardtable.server.players import seat_facts
from cardtable.server.store import FINISHED, SeatRow, Store, TableRow, token_hash

OWNER, MEMBER = "owner", "member"
MAX_CLUBS_PER_PLAYER = 20
MAX_MEMBERS = 200
MAX_OPEN_INVITES = 20  # unrevoked, unexpired invites per club
CODE_BYTES = 18


class ClubError(Exception):
    """A club request refused: an HTTP status, a code and a catalogue key."""

    def __init__(self, status: int, message: str, key: str) -> None:
        super().__init__(message)
        self.status, self.message, self.key = status, message, key


@dataclass(frozen=True, slots=True)
class Invite:
    id: str
    code: str  # shown once, to the owner who made it


def _utc(at: datetime | None) -> datetime | None:
    return at if at is None or at.tzinfo is not None else at.replace(tzinfo=UTC)


def create(engine: Engine, owner: str, name: str, at: datetime) -> str:
    with Session(engine) as s, s.begin():
        count = s.scalar(select(func.count()).where(MemberRow.player_id == owner)) or 0
        if count >= MAX_CLUBS_PER_PLAYER:
            raise ClubError(
                429, f"At most {MAX_CLUBS_PER_PLAYER} clubs per player", "club.too_many"
            )
        club = ClubRow(id=secrets.token_urlsafe(9), name=name, created_at=at)
        s.add(club)
        s.flush()
        s.add(MemberRow(club_id=club.id, player_id=owner, role=OWNER, joined_at=at))
        return club.id


def role(engine: Engine, club_id: str, player_id: str | None) -> str | None:
    """The player's role in the club; None for a non-member (or no player, or no club)."""
    if player_id is None:
        return None
    with Session(engine) as s:
        row = s.get(MemberRow, (club_id, player_id))
        return None if row is None else row.role


def club_of(engine: Engine, table_id: str) -> str | None:
    with Session(engine) as s:
        row = s.get(ClubTableRow, table_id)
        return None if row is None else row.club_id


def club_tables(engine: Engine, table_ids: list[str]) -> set[str]:
    """Which of these tables belong to a club (kept out of the public lobby)."""
    if not table_ids:
        return set()
    with Session(engine) as s:
        found = s.scalars(select(ClubTableRow.table_id).where(ClubTableRow.table_id.in_(table_ids)))
        return set(found)


def mine(engine: Engine, player_id: str) -> list[dict[str, Any]]:
    with Session(engine) as s:
        rows = s.execute(
            select(ClubRow.id, ClubRow.name, MemberRow.role)
            .join(MemberRow, MemberRow.club_id == ClubRow.id)
            .where(MemberRow.player_id == player_id)
            .order_by(ClubRow.created_at)
        )
        return [{"id": cid, "name": name, "role": r} for cid, name, r in rows]


def members(engine: Engine, club_id: str) -> list[dict[str, Any]]:
    with Session(engine) as s:
        rows = s.execute(
            select(PlayerRow.id, PlayerRow.name, MemberRow.role)
            .join(MemberRow, MemberRow.player_id == PlayerRow.id)
            .where(MemberRow.club_id == club_id)
            .order_by(MemberRow.joined_at, PlayerRow.id)
        )
        return [{"id": pid, "name": name, "role": r} for pid, name, r in rows]


def page(engine: Engine, club_id: str) -> dict[str, Any]:
    """What a member sees: the club, its members, its tables (live and finished, newest first,
    with their seats' names), and its standings per game."""
    with Session(engine) as s:
        club = s.get(ClubRow, club_id)
        if club is None:
            raise ClubError(404, "No such club", "club.unknown")
        tables = list(
            s.scalars(
                select(TableRow)
                .join(ClubTableRow, ClubTableRow.table_id == TableRow.id)
                .where(ClubTableRow.club_id == club_id)
                .order_by(TableRow.created_at.desc())
                .limit(200)
            )
        )
        seats: dict[str, list[dict[str, Any]]] = defaultdict(list)
        if tables:
            for r in s.scalars(
                select(SeatRow)
                .where(SeatRow.table_id.in_([t.id for t in tables]))
                .order_by(SeatRow.table_id, SeatRow.seat)
            ):
                seats[r.table_id].append(seat_facts(r))
        listed = [
            {
                "id": t.id,
                "game": t.game,
                "players": t.players,
                "status": t.status,
                "scores": list(t.scores),
                "winner": t.winner,
                "seats": seats[t.id],
                "created_at": _iso(t.created_at),
                "updated_at": _iso(t.updated_at),
            }
            for t in tables
        ]
        name = club.name
    return {
        "club": {"id": club_id, "name": name},
        "members": members(engine, club_id),
        "live": [t for t in listed if t["status"] != FINISHED and t["status"] != "closed"],
        "finished": [t for t in listed if t["status"] == FINISHED],
        "standings": standings(engine, club_id),
    }


def _iso(at: datetime) -> str:
    found = _utc(at)
    assert found is not None
    return found.isoformat()


# -- invites ---------------------------------------------------------------------------------
def new_invite(
    engine: Engine, club_id: str, by: str, at: datetime, expires_at: datetime | None
) -> Invite:
    code = secrets.token_urlsafe(CODE_BYTES)
    with Session(engine) as s, s.begin():
        open_ = s.scalar(
            select(func.count()).where(
                InviteRow.club_id == club_id,
                InviteRow.revoked.is_(False),
                (InviteRow.expires_at.is_(None)) | (InviteRow.expires_at > at),
            )
        )
        if (open_ or 0) >= MAX_OPEN_INVITES:
            raise ClubError(
                429,
                f"At most {MAX_OPEN_INVITES} open invites per club; revoke one first",
                "club.too_many_invites",
            )
        row = InviteRow(
            id=secrets.token_urlsafe(9),
            club_id=club_id,
            code_hash=token_hash(code),
            created_by=by,
            created_at=at,
            expires_at=expires_at,
            revoked=False,
        )
        s.add(row)
        return Invite(row.id, code)


def invites(engine: Engine, club_id: str) -> list[dict[str, Any]]:
    with Session(engine) as s:
        rows = s.scalars(
            select(InviteRow).where(InviteRow.club_id == club_id).order_by(InviteRow.created_at)
        )
        return [
            {
                "id": r.id,
                "created_at": _iso(r.created_at),
                "expires_at": None if r.expires_at is None else _iso(r.expires_at),
                "revoked": r.revoked,
            }
            for r in rows
        ]


def revoke(engine: Engine, club_id: str, invite_id: str) -> None:
    with Session(engine) as s, s.begin():
        row = s.get(InviteRow, invite_id)
        if row is None or row.club_id != club_id:
            raise ClubError(404, "No such invite", "club.no_invite")
        row.revoked = True


def accept(engine: Engine, code: str, player_id: str, at: datetime) -> str:
    """Join the club an invite code is for; the club's id. Revoked, expired or unknown codes
    are refused alike (410), so a code says nothing about a club it does not open."""
    with Session(engine) as s, s.begin():
        row = s.scalar(select(InviteRow).where(InviteRow.code_hash == token_hash(code)))
        expires = None if row is None else _utc(row.expires_at)
        if row is None or row.revoked or (expires is not None and expires <= at):
            raise ClubError(410, "This invite is no longer valid", "club.invite_gone")
        if s.get(MemberRow, (row.club_id, player_id)) is None:
            count = s.scalar(select(func.count()).where(MemberRow.club_id == row.club_id)) or 0
            if count >= MAX_MEMBERS:
                raise ClubError(429, f"A club has at most {MAX_MEMBERS} members", "club.full")
            s.add(MemberRow(club_id=row.club_id, player_id=player_id, role=MEMBER, joined_at=at))
        return row.club_id


def remove_member(engine: Engine, club_id: str, player_id: str) -> None:
    """An owner removes a member (an owner is not removed: the club would have none)."""
    with Session(engine) as s, s.begin():
        row = s.get(MemberRow, (club_id, player_id))
        if row is None:
            raise ClubError(404, "Not a member of this club", "club.no_member")
        if row.role == OWNER:
            raise ClubError(409, "The club's owner cannot be removed", "club.owner_stays")
        s.delete(row)


# -- results and standings ----------------------------------------------------------------
def add_result(engine: Engine, result: ratings.Result, club_id: str) -> None:
    """Store a club match's result (once) and rate the club's games again from its results."""
    with Session(engine) as s, s.begin():
        if s.get(ResultRow, result.table_id) is None:
            s.add(
                ResultRow(
                    table_id=result.table_id,
                    club_id=club_id,
                    game=result.game,
                    teams=result.teams,
                    scores=result.scores,
                    ranks=result.ranks,
                    finished_at=result.finished_at,
                )
            )
            s.flush()
        _rerate(s, club_id, result.game)


def record_finished(engine: Engine, result: ratings.Result) -> bool:
    """A finished table's result, if it is a club's table: stored and rated (True)."""
    club_id = club_of(engine, result.table_id)
    if club_id is None:
        return False
    add_result(engine, result, club_id)
    return True


def results(engine: Engine, club_id: str | None = None) -> list[tuple[str, ratings.Result]]:
    """The stored results (of one club, or all), each with its club's id."""
    with Session(engine) as s:
        query = select(ResultRow)
        if club_id is not None:
            query = query.where(ResultRow.club_id == club_id)
        return [
            (
                r.club_id,
                _result(r),
            )
            for r in s.scalars(query)
        ]


def _result(r: ResultRow) -> ratings.Result:
    at = _utc(r.finished_at)
    assert at is not None
    return ratings.Result(r.table_id, r.game, r.teams, list(r.scores), list(r.ranks), at)


def _rerate(s: Session, club_id: str, game: str) -> None:
    rows = s.scalars(select(ResultRow).where(ResultRow.club_id == club_id, ResultRow.game == game))
    folded = ratings.fold(_result(r) for r in rows)
    s.execute(delete(RatingRow).where(RatingRow.club_id == club_id, RatingRow.game == game))
    for (g, entrant), st in sorted(folded.items()):
        s.add(
            RatingRow(
                club_id=club_id,
                game=g,
                entrant=entrant,
                mu=st.mu,
                sigma=st.sigma,
                played=st.played,
                won=st.won,
            )
        )


def rebuild(engine: Engine) -> int:
    """Rate every club's games again from the stored results; how many ratings were written."""
    with Session(engine) as s, s.begin():
        pairs = sorted({(c, g) for c, g in s.execute(select(ResultRow.club_id, ResultRow.game))})
        s.execute(delete(RatingRow))
        for club_id, game in pairs:
            _rerate(s, club_id, game)
        s.flush()
        return s.scalar(select(func.count()).select_from(RatingRow)) or 0


def stored_ratings(engine: Engine) -> dict[tuple[str, str, str], tuple[float, float, int, int]]:
    """Every stored rating: (club, game, entrant) → (μ, σ, played, won)."""
    with Session(engine) as s:
        return {
            (r.club_id, r.game, r.entrant): (r.mu, r.sigma, r.played, r.won)
            for r in s.scalars(select(RatingRow))
        }


def standings(engine: Engine, club_id: str) -> dict[str, list[dict[str, Any]]]:
    """Per game, best conservative rating first: each entrant's name (a member's, or None for a
    computer or former player), matches played and won, μ, σ and μ − 3σ."""
    with Session(engine) as s:
        rows = list(s.scalars(select(RatingRow).where(RatingRow.club_id == club_id)))
        named = {
            pid: name
            for pid, name in s.execute(
                select(PlayerRow.id, PlayerRow.name).where(
                    PlayerRow.id.in_([r.entrant for r in rows])
                )
            )
        }
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        standing = ratings.Standing(r.mu, r.sigma, r.played, r.won)
        out[r.game].append(
            {
                "entrant": r.entrant,
                "name": named.get(r.entrant),
                "computer": r.entrant.removeprefix(ratings.COMPUTER)
                if r.entrant.startswith(ratings.COMPUTER)
                else None,
                "former": r.entrant.startswith("former:"),
                "played": r.played,
                "won": r.won,
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "rating": round(standing.ordinal, 3),
            }
        )
    for rows_ in out.values():
        rows_.sort(key=lambda e: (-e["rating"], e["entrant"]))
    return dict(out)


def head_to_head(engine: Engine, club_id: str, a: str, b: str) -> dict[str, Any]:
    """Two members' record in the club's matches they both played: matches, how often each
    finished ahead of the other, ties, and matches they played as partners."""
    counts = {"matches": 0, "a_ahead": 0, "b_ahead": 0, "even": 0, "partners": 0}
    for _, result in results(engine, club_id):
        side_a = next((i for i, side in enumerate(result.teams) if a in side), None)
        side_b = next((i for i, side in enumerate(result.teams) if b in side), None)
        if side_a is None or side_b is None:
            continue
        counts["matches"] += 1
        place = result.ranks
        if side_a == side_b:
            counts["partners"] += 1
        elif place[side_a] < place[side_b]:
            counts["a_ahead"] += 1
        elif place[side_b] < place[side_a]:
            counts["b_ahead"] += 1
        else:
            counts["even"] += 1
    return counts


def backfill(store: Store) -> int:
    """Store the result of every finished club table that has none (a node stopped before
    rating it), replayed from its log; how many."""
    with Session(store.engine) as s:
        missing = list(
            s.scalars(
                select(ClubTableRow.table_id)
                .join(TableRow, TableRow.id == ClubTableRow.table_id)
                .where(TableRow.status == FINISHED)
                .where(ClubTableRow.table_id.not_in(select(ResultRow.table_id)))
            )
        )
    for table_id in missing:
        stored = store.load(table_id)
        assert stored is not None
        result = ratings.result_of_match(
            table_id,
            Match.from_record(stored.record()),
            [(seat.kind, seat.player) for seat in stored.seats],
            stored.updated_at or stored.created_at,
        )
        record_finished(store.engine, result)
    return len(missing)
