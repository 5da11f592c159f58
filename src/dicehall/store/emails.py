"""`Emails`: an account's e-mail address and whether it wants "your turn" e-mails.

Kept apart from the account so that an account without one is as before; deleting the
account deletes its address (`Accounts.delete`). docs/play-together.md, *E-mail alerts*.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, delete, insert, select, update

from dicehall.store.models import account_emails
from dicehall.store.repository import Store, now_text


@dataclass(frozen=True)
class Email:
    address: str
    alerts: bool


class Emails:
    """Accounts' e-mail addresses over the `Store`'s engine."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def get(self, account_id: str) -> Email | None:
        query = select(account_emails).where(account_emails.c.account_id == account_id)
        with self.store.engine.connect() as conn:
            row = conn.execute(query).first()
        return Email(row.address, bool(row.alerts)) if row is not None else None

    def put(self, account_id: str, email: Email | None) -> None:
        """Keep `email` for the account (None: forget its address)."""
        mine = account_emails.c.account_id == account_id
        with self.store._writing() as conn:
            if email is None:
                conn.execute(delete(account_emails).where(mine))
                return
            values = {"address": email.address, "alerts": email.alerts, "updated": now_text()}
            if not conn.execute(update(account_emails).where(mine).values(**values)).rowcount:
                conn.execute(insert(account_emails).values(account_id=account_id, **values))


def forget(conn: Connection, account_id: str) -> None:
    """Delete an account's address (the account is being deleted)."""
    conn.execute(delete(account_emails).where(account_emails.c.account_id == account_id))
