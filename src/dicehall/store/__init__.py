"""Match storage: event-sourced records in SQLite (default) or PostgreSQL, Alembic migrations."""

from dicehall.store.repository import (
    ENV_URL,
    EXPIRED,
    FINISHED,
    LIVE,
    SECRET_OPTION,
    MatchRow,
    Store,
    StoreUnavailable,
    default_url,
    migrate,
    now_text,
    token_digest,
)

__all__ = [
    "ENV_URL",
    "EXPIRED",
    "FINISHED",
    "LIVE",
    "SECRET_OPTION",
    "MatchRow",
    "Store",
    "StoreUnavailable",
    "default_url",
    "migrate",
    "now_text",
    "token_digest",
]
