"""Leases: which node of the room serves each live table, and until when
(``LeaseRow`` in ``leases.py``; docs/deploy.md).

A database made by ``create_all`` with this table already in the models is stamped at 0001
and then upgraded, so the table may be there already.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("card_leases"):
        return
    op.create_table(
        "card_leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("card_tables.id"), primary_key=True),
        sa.Column("node", sa.String(128), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_card_leases_node", "card_leases", ["node"])


def downgrade() -> None:
    op.drop_index("ix_card_leases_node", table_name="card_leases")
    op.drop_table("card_leases")
