"""Review jobs that every server process sees (`store/review_jobs.py`).

`review_jobs` holds one row per review being made or just ended: which process makes it, its
progress, whether its uploader asked to cancel it, and an upload's finished review. Only adds,
so an existing database keeps working.

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
    op.create_table(
        "review_jobs",
        sa.Column("key", sa.String(80), primary_key=True),
        sa.Column("lane", sa.String(8), nullable=False),
        sa.Column("owner", sa.String(40), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("why", sa.Text, nullable=False),
        sa.Column("cancel", sa.String(64), nullable=False),
        sa.Column("cancel_asked", sa.Boolean, nullable=False),
        sa.Column("body", sa.Text, nullable=True),
        sa.Column("beat", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("review_jobs")
