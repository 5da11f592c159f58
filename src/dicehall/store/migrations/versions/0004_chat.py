"""Table chat: the messages written at a table and the reports of them.

Only adds tables (docs/play-together.md, *Chat*), so an existing database keeps every match
and works as before.

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
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(64), sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("author", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("sent", sa.String(32), nullable=False),
    )
    op.create_index("ix_chat_messages_match_id", "chat_messages", ["match_id"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("message_id", sa.Integer, sa.ForeignKey("chat_messages.id"), nullable=False),
        sa.Column("match_id", sa.String(64), sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("reporter", sa.String(64), nullable=False),
        sa.Column("made", sa.String(32), nullable=False),
    )
    op.create_index("ix_chat_reports_message_id", "chat_reports", ["message_id"])


def downgrade() -> None:
    op.drop_table("chat_reports")
    op.drop_table("chat_messages")
