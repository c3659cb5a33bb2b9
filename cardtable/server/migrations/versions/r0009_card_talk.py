"""Table talk: what the people at a table said, and the host's talk settings (``TalkRow`` in
``store.py``, ``talk.py``; docs/protocol.md "Talk"). Deleted with its table; never part of a
match's record.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("card_talk"):  # made by create_all, stamped
        return
    op.create_table(
        "card_talk",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("card_tables.id"), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("hand", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_card_talk_table_id", "card_talk", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_card_talk_table_id", table_name="card_talk")
    op.drop_table("card_talk")
