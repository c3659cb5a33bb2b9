"""The room's nodes and the addresses clients reach them at directly (``NodeRow`` in
``store.py``; ``addresses.py``), so a client can be sent to its table's node instead of being
relayed to it.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("card_nodes"):  # made by create_all, stamped
        return
    op.create_table(
        "card_nodes",
        sa.Column("node", sa.String(128), primary_key=True),
        sa.Column("url", sa.String(512), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("card_nodes")
