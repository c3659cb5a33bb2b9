"""The first schema: tables, seats, every hand's deck and every action (``store.py``).

A database made before migrations existed (``create_all``) has exactly these tables; it is
stamped at this revision rather than migrated (``schema.upgrade``).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _key_in_table(name: str) -> tuple[sa.Column[str], sa.Column[int]]:
    """The key of a row that belongs to a table: the table's id and the row's number in it."""
    return (
        sa.Column("table_id", sa.String(32), sa.ForeignKey("card_tables.id"), primary_key=True),
        sa.Column(name, sa.Integer(), primary_key=True),
    )


def upgrade() -> None:
    op.create_table(
        "card_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("winner", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_card_tables_status", "card_tables", ["status"])
    op.create_table(
        "card_seats",
        *_key_in_table("seat"),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("claimed", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "card_hands",
        *_key_in_table("number"),
        sa.Column("dealer", sa.Integer(), nullable=False),
        sa.Column("deck", sa.Text(), nullable=False),
    )
    op.create_table(
        "card_actions",
        *_key_in_table("number"),
        sa.Column("hand", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("by", sa.String(32), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("card_actions")
    op.drop_table("card_hands")
    op.drop_table("card_seats")
    op.drop_index("ix_card_tables_status", table_name="card_tables")
    op.drop_table("card_tables")
