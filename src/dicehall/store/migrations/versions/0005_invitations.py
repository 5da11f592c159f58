"""Invitations by user name: a table's host invites a signed-in player to a seat.

Only adds a table (docs/play-together.md, *Invitations*), so an existing database keeps
every match and works as before.

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
    op.create_table(
        "invitations",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("match_id", sa.String(64), sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("host", sa.String(64), nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("accepted", sa.Boolean, nullable=False),
    )
    op.create_index("ix_invitations_match_id", "invitations", ["match_id"])
    op.create_index("ix_invitations_account_id", "invitations", ["account_id"])


def downgrade() -> None:
    op.drop_table("invitations")
