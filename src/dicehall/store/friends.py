"""`Friends`: accounts that asked each other to be friends, in the match store's database.

One row per pair: the account that asked (`requester`) and the one asked (`addressee`), pending
until the addressee accepts. Declining or removing a friend deletes the row, so either may ask
again. Asking someone who has already asked you accepts their request. docs/play-together.md,
*Friends*.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sqlalchemy import Connection, and_, delete, func, insert, or_, select, update
from sqlalchemy.sql import ColumnElement

from dicehall.core.errors import DicehallError
from dicehall.store.models import accounts, friendships
from dicehall.store.repository import Store, now_text

PENDING, ACCEPTED = "pending", "accepted"
Relation = Literal["friend", "incoming", "outgoing"]


class TooMany(DicehallError):
    """An account's friends, or its requests waiting for an answer, are at their limit."""


@dataclass(frozen=True)
class Friend:
    """Another account as one account sees it: a friend, or a request either way."""

    account_id: str
    name: str
    relation: Relation


def _pair(a: str, b: str) -> ColumnElement[bool]:
    return or_(
        and_(friendships.c.requester == a, friendships.c.addressee == b),
        and_(friendships.c.requester == b, friendships.c.addressee == a),
    )


class Friends:
    """Friend requests and friendships over the `Store`'s engine."""

    def __init__(self, store: Store, max_friends: int, max_requests: int) -> None:
        self.store = store
        self.max_friends, self.max_requests = max_friends, max_requests

    def ask(self, me: str, other: str) -> Literal["requested", "friends", "pending"]:
        """`me` asks `other`: a new request, or `friends` when `other` had asked `me` (or they
        were friends already), `pending` when `me` had asked already. Raises `TooMany`."""
        with self.store._writing() as conn:
            row = conn.execute(select(friendships).where(_pair(me, other))).first()
            if row is not None and row.status == ACCEPTED:
                return "friends"
            if row is not None and row.requester == me:
                return "pending"
            if self._count(conn, me, ACCEPTED) >= self.max_friends:
                raise TooMany(f"you have {self.max_friends} friends, the most an account has")
            if row is not None:  # they asked me first: asking back accepts
                if self._count(conn, other, ACCEPTED) >= self.max_friends:
                    raise TooMany("they have as many friends as an account may have")
                conn.execute(
                    update(friendships)
                    .where(friendships.c.requester == other, friendships.c.addressee == me)
                    .values(status=ACCEPTED)
                )
                return "friends"
            if self._count(conn, me, PENDING, asked=True) >= self.max_requests:
                raise TooMany(
                    f"{self.max_requests} of your requests wait for an answer: wait for some first"
                )
            conn.execute(
                insert(friendships).values(
                    requester=me, addressee=other, status=PENDING, created=now_text()
                )
            )
            return "requested"

    def answer(self, me: str, requester: str, accept: bool) -> bool:
        """Accept or decline `requester`'s request to `me`; False if there is none."""
        mine = and_(
            friendships.c.requester == requester,
            friendships.c.addressee == me,
            friendships.c.status == PENDING,
        )
        with self.store._writing() as conn:
            if accept and self._count(conn, me, ACCEPTED) >= self.max_friends:
                raise TooMany(f"you have {self.max_friends} friends, the most an account has")
            if accept:
                done = conn.execute(update(friendships).where(mine).values(status=ACCEPTED))
            else:
                done = conn.execute(delete(friendships).where(mine))
            return bool(done.rowcount)

    def remove(self, me: str, other: str) -> bool:
        """End a friendship, or withdraw a request either way; False if there was none."""
        with self.store._writing() as conn:
            return bool(conn.execute(delete(friendships).where(_pair(me, other))).rowcount)

    def are_friends(self, a: str, b: str) -> bool:
        query = select(friendships.c.status).where(_pair(a, b))
        with self.store.engine.connect() as conn:
            return conn.execute(query).scalar() == ACCEPTED

    def of(self, me: str) -> list[Friend]:
        """`me`'s friends and requests either way, by name."""
        asked = (
            select(accounts.c.id, accounts.c.name, friendships.c.status)
            .join(friendships, friendships.c.addressee == accounts.c.id)
            .where(friendships.c.requester == me)
        )
        asking = (
            select(accounts.c.id, accounts.c.name, friendships.c.status)
            .join(friendships, friendships.c.requester == accounts.c.id)
            .where(friendships.c.addressee == me)
        )
        out = []
        with self.store.engine.connect() as conn:
            for row in conn.execute(asked):
                out.append(Friend(row.id, row.name, _relation(row.status, "outgoing")))
            for row in conn.execute(asking):
                out.append(Friend(row.id, row.name, _relation(row.status, "incoming")))
        return sorted(out, key=lambda f: f.name.casefold())

    @staticmethod
    def _count(conn: Connection, account: str, status: str, asked: bool = False) -> int:
        side = friendships.c.requester == account
        if not asked:
            side = or_(side, friendships.c.addressee == account)
        query = (
            select(func.count())
            .select_from(friendships)
            .where(side, friendships.c.status == status)
        )
        return int(conn.execute(query).scalar() or 0)


def _relation(status: str, way: Relation) -> Relation:
    return "friend" if status == ACCEPTED else way


def forget(conn: Connection, account_id: str) -> None:
    """Delete an account's friendships and requests (the account is being deleted)."""
    query = delete(friendships).where(
        or_(friendships.c.requester == account_id, friendships.c.addressee == account_id)
    )
    conn.execute(query)
