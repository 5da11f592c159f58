"""`Invitations`: a table's host invites a signed-in player, by user name, to one seat.

An invitation names the table, the seat, the invited account and who invited (as shown at
the table). Accepting it gives the seat a fresh token in the same transaction that marks the
invitation accepted, and only while nobody has taken the seat: of two people taking it at
once, exactly one gets it. A seat has at most one invitation waiting: a new one replaces it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, delete, insert, select, update

from dicehall.store.models import invitations, matches, seat_tokens
from dicehall.store.repository import LIVE, Store, now_text


@dataclass(frozen=True)
class Invitation:
    """One invitation, with its table's game."""

    id: str
    match_id: str
    game: str
    seat: int
    host: str
    created: str


class Invitations:
    """The invitations kept in the match store's database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def invite(self, match_id: str, seat: int, account_id: str, host: str) -> str:
        """Invite the account to the seat (replacing the seat's waiting invitation); its id."""
        made = secrets.token_urlsafe(12)
        with self.store._writing() as conn:
            conn.execute(
                delete(invitations).where(
                    invitations.c.match_id == match_id,
                    invitations.c.seat == seat,
                    invitations.c.accepted.is_(False),
                )
            )
            conn.execute(
                insert(invitations).values(
                    id=made, match_id=match_id, seat=seat, account_id=account_id, host=host,
                    created=now_text(), accepted=False,
                )
            )  # fmt: skip
        return made

    def _waiting(self) -> Select[Any]:
        """Invitations not accepted, to seats nobody took, at tables still being played."""
        taken = (
            select(seat_tokens.c.seat)
            .where(
                seat_tokens.c.match_id == invitations.c.match_id,
                seat_tokens.c.seat == invitations.c.seat,
                seat_tokens.c.claimed.is_(False),
            )
            .exists()
        )
        return (
            select(invitations, matches.c.game)
            .join(matches, matches.c.id == invitations.c.match_id)
            .where(invitations.c.accepted.is_(False), matches.c.status == LIVE, taken)
        )

    def for_account(self, account_id: str, limit: int = 20) -> list[Invitation]:
        """The account's invitations still open, newest first."""
        query = (
            self._waiting()
            .where(invitations.c.account_id == account_id)
            .order_by(invitations.c.created.desc())
            .limit(limit)
        )
        with self.store.engine.connect() as conn:
            return [_invitation(r) for r in conn.execute(query)]

    def for_table(self, match_id: str) -> dict[int, str]:
        """Seat -> the invited account's id, for the table's invitations still open."""
        query = self._waiting().where(invitations.c.match_id == match_id)
        with self.store.engine.connect() as conn:
            return {r.seat: r.account_id for r in conn.execute(query)}

    def find(self, invitation_id: str, account_id: str) -> Invitation | None:
        """The account's own open invitation of that id (another's is not found)."""
        query = self._waiting().where(
            invitations.c.id == invitation_id, invitations.c.account_id == account_id
        )
        with self.store.engine.connect() as conn:
            row = conn.execute(query).first()
        return _invitation(row) if row is not None else None

    def accept(self, found: Invitation, digest: str) -> bool:
        """Take the seat with the token `digest` and mark the invitation accepted, in one
        transaction; False if someone took the seat first."""
        with self.store._writing() as conn:
            done = conn.execute(
                update(seat_tokens)
                .where(
                    seat_tokens.c.match_id == found.match_id,
                    seat_tokens.c.seat == found.seat,
                    seat_tokens.c.claimed.is_(False),
                )
                .values(token_hash=digest, claimed=True)
            )
            if done.rowcount != 1:
                return False
            conn.execute(
                update(invitations).where(invitations.c.id == found.id).values(accepted=True)
            )
        return True


def _invitation(row: object) -> Invitation:
    m = row._mapping  # type: ignore[attr-defined]
    return Invitation(m["id"], m["match_id"], m["game"], m["seat"], m["host"], m["created"])
