"""Alembic environment: migrates the connection handed over by `dicehall.store.migrate`."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from dicehall.store.models import metadata

config = context.config


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:  # `alembic -x url=...` from a shell
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    with create_engine(str(url)).begin() as conn:
        _run(conn)
