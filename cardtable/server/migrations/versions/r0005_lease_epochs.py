"""Fencing epochs: each lease carries a number that grows on every take-over, and an action is
stored only while its writer's epoch is current (``leases.py``, ``store.Fence``). Leases held
before start at epoch 1.

A database made by ``create_all`` with this column already in the models is stamped at 0001
and then upgraded, so the column may be there already.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("card_leases")}
    if "epoch" in columns:
        return
    op.add_column(
        "card_leases", sa.Column("epoch", sa.BigInteger(), nullable=False, server_default="1")
    )


def downgrade() -> None:
    with op.batch_alter_table("card_leases") as batch:
        batch.drop_column("epoch")
