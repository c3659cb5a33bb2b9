"""Secrets the room's nodes share (``SecretRow`` in ``sealed.py``): the bus's key, made by the
first node that starts.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("card_secrets"):  # made by create_all, stamped
        return
    op.create_table(
        "card_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.LargeBinary(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("card_secrets")
