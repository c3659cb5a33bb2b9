"""Players, clubs and standings (``people_rows.py``; docs/clubs.md): players and the hashes
of their keys, one-time sign-in codes, passkeys, clubs, members, invites, the tables made in
a club, club matches' results and the ratings made from them. No existing table changes.

A database made by ``create_all`` with these tables already in the models is stamped at 0001
and then upgraded, so they may be there already.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def _at(name: str, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _ref(name: str, target: str, primary: bool = False) -> sa.Column[str]:
    return sa.Column(name, sa.String(32), sa.ForeignKey(target), primary_key=primary,
                     nullable=False)  # fmt: skip


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("card_players"):  # made by create_all, stamped
        return
    op.create_table(
        "card_players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        _at("created_at"),
    )
    op.create_table(
        "card_player_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        _ref("player_id", "card_players.id"),
        _at("created_at"),
    )
    op.create_index("ix_card_player_keys_player_id", "card_player_keys", ["player_id"])
    op.create_table(
        "card_signins",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        _ref("player_id", "card_players.id"),
        _at("expires_at"),
    )
    op.create_index("ix_card_signins_player_id", "card_signins", ["player_id"])
    op.create_table(
        "card_passkeys",
        sa.Column("credential_id", sa.String(512), primary_key=True),
        _ref("player_id", "card_players.id"),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.Integer(), nullable=False),
        _at("created_at"),
    )
    op.create_index("ix_card_passkeys_player_id", "card_passkeys", ["player_id"])
    op.create_table(
        "card_clubs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(96), nullable=False),
        _at("created_at"),
    )
    op.create_table(
        "card_members",
        _ref("club_id", "card_clubs.id", primary=True),
        _ref("player_id", "card_players.id", primary=True),
        sa.Column("role", sa.String(16), nullable=False),
        _at("joined_at"),
    )
    op.create_table(
        "card_invites",
        sa.Column("id", sa.String(32), primary_key=True),
        _ref("club_id", "card_clubs.id"),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_by", sa.String(32), nullable=True),
        _at("created_at"),
        _at("expires_at", nullable=True),
        sa.Column("revoked", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_card_invites_club_id", "card_invites", ["club_id"])
    op.create_table(
        "card_club_tables",
        _ref("table_id", "card_tables.id", primary=True),
        _ref("club_id", "card_clubs.id"),
    )
    op.create_index("ix_card_club_tables_club_id", "card_club_tables", ["club_id"])
    op.create_table(
        "card_results",
        _ref("table_id", "card_tables.id", primary=True),
        _ref("club_id", "card_clubs.id"),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("teams", sa.JSON(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("ranks", sa.JSON(), nullable=False),
        _at("finished_at"),
    )
    op.create_index("ix_card_results_club_id", "card_results", ["club_id"])
    op.create_table(
        "card_ratings",
        _ref("club_id", "card_clubs.id", primary=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("entrant", sa.String(48), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("won", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    for name in ("card_ratings", "card_results", "card_club_tables", "card_invites",
                 "card_members", "card_clubs", "card_passkeys", "card_signins", "card_player_keys",
                 "card_players"):  # fmt: skip
        op.drop_table(name)
