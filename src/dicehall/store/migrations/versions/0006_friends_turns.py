"""Friends (one row per pair of accounts, pending until the other accepts), turn-based
tables' clocks (whose move it is and until when) and accounts' e-mail addresses for alerts.

Only adds tables (docs/play-together.md, *Friends*, *Turn-based tables* and *E-mail
alerts*), so an existing database keeps every match and account and works as before.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friendships",
        sa.Column("requester", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("addressee", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
    )
    op.create_index("ix_friendships_addressee", "friendships", ["addressee"])
    op.create_table(
        "turn_clocks",
        sa.Column("match_id", sa.String(64), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("out", sa.JSON, nullable=False),
    )
    op.create_table(
        "account_emails",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("alerts", sa.Boolean, nullable=False),
        sa.Column("updated", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("account_emails")
    op.drop_table("turn_clocks")
    op.drop_table("friendships")
