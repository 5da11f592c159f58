"""`Accounts`: players' accounts and their sign-in sessions, in the match store's database.

Passwords arrive here already hashed (Argon2id, `dicehall.accounts.passwords`) and session
cookies only as SHA-256 digests, so the database never holds a password or a session id.
Deleting an account keeps its matches: their seats lose the link and the name (anonymised).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from dicehall.core.errors import DicehallError
from dicehall.store.emails import forget as forget_email
from dicehall.store.friends import forget as forget_friends
from dicehall.store.models import (
    accounts,
    achievements,
    invitations,
    match_players,
    matches,
    rating_opponents,
    ratings,
    sessions,
)
from dicehall.store.repository import Store, now_text

FORMER_PLAYER = "Former player"
"""The seat name of a deleted account's past matches."""


class NameTaken(DicehallError):
    """Another account has that name (names are compared case-insensitively)."""


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    created: str
    operator: bool = False  # may use /admin (`dicehall admin grant NAME`)
    suspended: str | None = None  # when an operator suspended it: no sign-in, no play


def _account(row: Any) -> Account:
    return Account(row.id, row.name, row.created, bool(row.operator), row.suspended)


def name_key(name: str) -> str:
    return name.strip().casefold()


class Accounts:
    """Accounts and sessions over the `Store`'s engine (its writes fail the same clear way)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # --- accounts ---------------------------------------------------------------------
    def create(self, name: str, password_hash: str) -> Account:
        account = Account(secrets.token_urlsafe(12), name.strip(), now_text())
        try:
            with self.store._writing() as conn:
                conn.execute(
                    insert(accounts).values(
                        id=account.id,
                        name=account.name,
                        name_key=name_key(name),
                        password_hash=password_hash,
                        created=account.created,
                    )
                )
        except IntegrityError:
            raise NameTaken(f"the name {account.name!r} is taken") from None
        return account

    def by_name(self, name: str) -> tuple[Account, str] | None:
        """The account with this name and its password hash; None if none."""
        query = select(accounts).where(accounts.c.name_key == name_key(name))
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        if row is None:
            return None
        return _account(row), row.password_hash

    def get(self, account_id: str) -> Account | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(accounts).where(accounts.c.id == account_id)).first()
        return _account(row) if row else None

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        """A stronger hash of the same password (Argon2 parameters raised since)."""
        with self.store._writing() as conn:
            conn.execute(
                update(accounts)
                .where(accounts.c.id == account_id)
                .values(password_hash=password_hash)
            )

    # --- sessions ---------------------------------------------------------------------
    def open_session(self, account_id: str, digest: str, csrf_digest: str, expires: str) -> None:
        with self.store._writing() as conn:
            conn.execute(
                insert(sessions).values(
                    digest=digest,
                    account_id=account_id,
                    csrf_digest=csrf_digest,
                    created=now_text(),
                    expires=expires,
                )
            )

    def session(self, digest: str) -> tuple[Account, str] | None:
        """The signed-in account and the session's CSRF digest; None if unknown or expired,
        or if its account is suspended."""
        query = (
            select(accounts, sessions.c.csrf_digest)
            .join(accounts, accounts.c.id == sessions.c.account_id)
            .where(sessions.c.digest == digest, sessions.c.expires > now_text())
            .where(accounts.c.suspended.is_(None))
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        if row is None:
            return None
        return _account(row), row.csrf_digest

    def close_session(self, digest: str) -> None:
        with self.store._writing() as conn:
            conn.execute(delete(sessions).where(sessions.c.digest == digest))

    def session_times(self, digest: str) -> tuple[str, str] | None:
        """(created, expires) of a session, if it exists."""
        query = select(sessions.c.created, sessions.c.expires).where(sessions.c.digest == digest)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return (row.created, row.expires) if row else None

    def extend_session(self, digest: str, expires: str) -> None:
        """Move a session's end (its idle deadline, never past its whole lifetime)."""
        with self.store._writing() as conn:
            conn.execute(
                update(sessions).where(sessions.c.digest == digest).values(expires=expires)
            )

    def sessions_of(self, account_id: str) -> list[dict[str, str]]:
        """The account's live sessions, newest first: digest, created, expires."""
        query = (
            select(sessions.c.digest, sessions.c.created, sessions.c.expires)
            .where(sessions.c.account_id == account_id, sessions.c.expires > now_text())
            .order_by(sessions.c.created.desc())
        )
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(query)]

    def close_sessions(self, account_id: str, keep: str | None = None) -> int:
        """Close every session of the account but `keep` (a digest); how many were closed."""
        query = delete(sessions).where(sessions.c.account_id == account_id)
        if keep is not None:
            query = query.where(sessions.c.digest != keep)
        with self.store._writing() as conn:
            return int(conn.execute(query).rowcount or 0)

    def close_session_of(self, account_id: str, digest: str) -> bool:
        """Close one of the account's own sessions; False if it has none with that digest."""
        query = delete(sessions).where(
            sessions.c.account_id == account_id, sessions.c.digest == digest
        )
        with self.store._writing() as conn:
            return bool(conn.execute(query).rowcount)

    def close_expired(self) -> None:
        with self.store._writing() as conn:
            conn.execute(delete(sessions).where(sessions.c.expires <= now_text()))

    # --- privacy ----------------------------------------------------------------------
    def delete(self, account_id: str) -> list[tuple[str, int]]:
        """Remove the account, its sessions, ratings, achievements, friends, address and the
        invitations made to it; its matches stay, their seats unlinked and renamed
        `FORMER_PLAYER`. Returns those (match id, seat)s."""
        with self.store._writing() as conn:
            played = conn.execute(
                select(match_players.c.match_id, match_players.c.seat).where(
                    match_players.c.account_id == account_id
                )
            ).all()
            for match_id, seat in played:
                _anonymise_seat(conn, match_id, seat)
            conn.execute(
                update(match_players)
                .where(match_players.c.account_id == account_id)
                .values(account_id=None)
            )
            for table in (sessions, ratings, rating_opponents, achievements, invitations):
                conn.execute(delete(table).where(table.c.account_id == account_id))
            forget_friends(conn, account_id)
            forget_email(conn, account_id)
            conn.execute(delete(accounts).where(accounts.c.id == account_id))
        return [(match_id, seat) for match_id, seat in played]


def _anonymise_seat(conn: Any, match_id: str, seat: int) -> None:
    row = conn.execute(select(matches.c.seats).where(matches.c.id == match_id)).first()
    if row is None:
        return
    seats = [dict(s) for s in row.seats]
    if 0 <= seat < len(seats):
        seats[seat].pop("account", None)
        seats[seat]["name"] = FORMER_PLAYER
        conn.execute(update(matches).where(matches.c.id == match_id).values(seats=seats))
