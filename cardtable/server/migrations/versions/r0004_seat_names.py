"""Names at the seats: the display name a person sat down with, the public id of their player
(``SeatRow`` in ``store.py``; docs/clubs.md), and whether that player was deleted since
("former player"). Every existing seat keeps its row and reads as before: no name.

A database made by ``create_all`` with these columns already in the models is stamped at
0001 and then upgraded, so the columns may be there already.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    there = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("card_seats")}
    if "name" in there:  # made by create_all with these columns, stamped at 0001
        return
    with op.batch_alter_table("card_seats") as batch:
        batch.add_column(sa.Column("name", sa.String(64), nullable=True))
        batch.add_column(sa.Column("player", sa.String(32), nullable=True))
        batch.add_column(
            sa.Column("former", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.create_index("ix_card_seats_player", "card_seats", ["player"])


def downgrade() -> None:
    op.drop_index("ix_card_seats_player", table_name="card_seats")
    with op.batch_alter_table("card_seats") as batch:
        batch.drop_column("former")
        batch.drop_column("player")
        batch.drop_column("name")
