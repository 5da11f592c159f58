"""`dicehall admin grant NAME`, `revoke NAME` and `list`: who may use the server's /admin page.

Works on the server's database (`--db URL`, else `DICEHALL_DATABASE_URL`, else the server's
default SQLite file) while the server runs or not: operators are read at every request.
docs/hosting.md, *Administration*.
"""

from __future__ import annotations

from typing import Annotated

import typer

from dicehall.cli.common import fail, guard
from dicehall.cli.keep import DbOpt
from dicehall.store import Store, default_url
from dicehall.store.admin import Administration

admin_app = typer.Typer(help="Operators: the accounts that may use the server's /admin page.")
NameArg = Annotated[str, typer.Argument(help="The account's name.")]
MAX_NAME = 24  # an account name's length (web/accounts/routes.py)


def _set(name: str, operator: bool, db: str | None) -> None:
    if len(name) > MAX_NAME:
        fail(f"an account name has at most {MAX_NAME} characters")
    with guard():
        store = Store(db or default_url())
        try:
            found = Administration(store).set_operator(name, operator)
        finally:
            store.close()
    if not found:
        fail(f"there is no account named {name!r}")
    typer.echo(f"{name} is {'now' if operator else 'no longer'} an operator")


@admin_app.command("grant")
def grant(name: NameArg, db: DbOpt = None) -> None:
    """Make the account NAME an operator (it may use /admin)."""
    _set(name, True, db)


@admin_app.command("revoke")
def revoke(name: NameArg, db: DbOpt = None) -> None:
    """The account NAME is no longer an operator."""
    _set(name, False, db)


@admin_app.command("list")
def list_operators(db: DbOpt = None) -> None:
    """The operators' names, one a line."""
    with guard():
        store = Store(db or default_url())
        try:
            names = Administration(store).operators()
        finally:
            store.close()
    for name in names:
        typer.echo(name)
