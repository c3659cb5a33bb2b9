"""A table's events besides its actions: pauses, seats given to a computer or back to a
person, new seat links (``EventRow`` in ``store.py``, ``events.py``; docs/protocol.md).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("card_events"):  # made by create_all (see 0003)
        return
    op.create_table(
        "card_events",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("card_tables.id"), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("hand", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("by", sa.String(32), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.Column("retired", sa.String(64), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_card_events_retired", "card_events", ["retired"])


def downgrade() -> None:
    op.drop_index("ix_card_events_retired", table_name="card_events")
    op.drop_table("card_events")
