"""Passkey ceremonies' challenges (``ChallengeRow`` in ``people_rows.py``; docs/clubs.md):
stored hashed, single use, for minutes, so any node finishes what another began.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("card_challenges"):  # made by create_all, stamped
        return
    op.create_table(
        "card_challenges",
        sa.Column("challenge_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("card_challenges")
