"""The creators' keys: the hash of the key a table's creator got, which asks for a new seat
link (``OwnerRow`` in ``store.py``; docs/security.md, "Seat tokens").

A database made by ``create_all`` with this table already in the models is stamped at 0001
and then upgraded, so the table may be there already.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("card_owners"):
        return
    op.create_table(
        "card_owners",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("card_tables.id"), primary_key=True),
        sa.Column("key_hash", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("card_owners")
