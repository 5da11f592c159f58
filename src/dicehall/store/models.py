"""The schema: matches, their seats' token digests and the append-only action log.

The Alembic migrations in `store/migrations/` create exactly these tables; a test checks that
the migrated database matches this metadata.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
)

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("game_version", Integer, nullable=False),
    Column("params", JSON, nullable=False),
    Column("content_hash", String(128), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("options", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("result", JSON, nullable=True),
    Column("num_actions", Integer, nullable=False),
    Column("created", String(32), nullable=False),
    Column("updated", String(32), nullable=False),
)

seat_tokens = Table(
    "seat_tokens",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False),
    Column("claimed", Boolean, nullable=False),
)

actions = Table(
    "actions",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("t", Float, nullable=True),
)
