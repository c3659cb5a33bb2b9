"""The store's rows for people (revision 0006): players, their sign-in links and passkeys,
clubs, members, invites, the tables made in a club, the results of its matches and the
ratings made from them (docs/clubs.md says what is kept about a player and how it goes).

Only hashes of secrets are kept: a player's key, a sign-in code, an invite code.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Float, ForeignKey, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from cardtable.server.store import Base


class PlayerRow(Base):
    __tablename__ = "card_players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # public: seats show it
    name: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class KeyRow(Base):
    """The hash of one device's player key (the cookie); a player may have several."""

    __tablename__ = "card_player_keys"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("card_players.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SigninRow(Base):
    """A one-time sign-in code for another device: single use, expires in minutes."""

    __tablename__ = "card_signins"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("card_players.id"), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChallengeRow(Base):
    """A passkey ceremony's challenge (hashed): single use, expires in minutes."""

    __tablename__ = "card_challenges"

    challenge_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str | None] = mapped_column(String(32))
    purpose: Mapped[str] = mapped_column(String(16))  # "register" or "signin"
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PasskeyRow(Base):
    __tablename__ = "card_passkeys"

    credential_id: Mapped[str] = mapped_column(String(512), primary_key=True)  # base64url
    player_id: Mapped[str] = mapped_column(ForeignKey("card_players.id"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ClubRow(Base):
    __tablename__ = "card_clubs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(96))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MemberRow(Base):
    __tablename__ = "card_members"

    club_id: Mapped[str] = mapped_column(ForeignKey("card_clubs.id"), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("card_players.id"), primary_key=True)
    role: Mapped[str] = mapped_column(String(16))  # "owner" or "member"
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class InviteRow(Base):
    __tablename__ = "card_invites"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # public: to revoke it by
    club_id: Mapped[str] = mapped_column(ForeignKey("card_clubs.id"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_by: Mapped[str | None] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    revoked: Mapped[bool] = mapped_column(default=False)


class ClubTableRow(Base):
    """A table made in a club: only its members see it."""

    __tablename__ = "card_club_tables"

    table_id: Mapped[str] = mapped_column(ForeignKey("card_tables.id"), primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("card_clubs.id"), index=True)


class ResultRow(Base):
    """A club match's result as the ratings read it: who played on which side (a player's id,
    ``computer:LEVEL``, or null for a guest), each side's final score and place (1: the
    winner; the others by score, in the game's direction), and when it ended."""

    __tablename__ = "card_results"

    table_id: Mapped[str] = mapped_column(ForeignKey("card_tables.id"), primary_key=True)
    club_id: Mapped[str] = mapped_column(ForeignKey("card_clubs.id"), index=True)
    game: Mapped[str] = mapped_column(String(64))
    teams: Mapped[list[Any]] = mapped_column(JSON)  # [[entrant, ...] per side]
    scores: Mapped[list[int]] = mapped_column(JSON)  # per side, as the game counts them
    ranks: Mapped[list[int]] = mapped_column(JSON)  # per side: 1 for the winner
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    __tablename__ = "card_ratings"

    club_id: Mapped[str] = mapped_column(ForeignKey("card_clubs.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    entrant: Mapped[str] = mapped_column(String(48), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    played: Mapped[int]
    won: Mapped[int]
