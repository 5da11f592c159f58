"""Reviews: a finished match's review, kept with its record (docs/review.md, *On the web*).

Only adds a table, so an existing database keeps every match and works as before.

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
    op.create_table(
        "reviews",
        sa.Column("match_id", sa.String(64), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("method", sa.String(64), primary_key=True),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("made", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
