"""Budgets shared by the server's processes, and the operators' administration.

`budgets`: the token buckets every process of a PostgreSQL server spends from
(`store/budgets.py`; unused on SQLite). `accounts.operator` marks who may use /admin,
`accounts.suspended` when an account was suspended (it can neither sign in nor play), and
`admin_actions` keeps every operator's action. Only adds, so an existing database keeps
working.

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
    op.create_table(
        "budgets",
        sa.Column("budget", sa.String(32), primary_key=True),
        sa.Column("key", sa.String(128), primary_key=True),
        sa.Column("level", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("granted", sa.Boolean, nullable=False),
    )
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(
            sa.Column("operator", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("suspended", sa.String(32), nullable=True))
    op.create_table(
        "admin_actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("made", sa.String(32), nullable=False),
        sa.Column("operator", sa.String(24), nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("target", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("admin_actions")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("suspended")
        batch.drop_column("operator")
    op.drop_table("budgets")
