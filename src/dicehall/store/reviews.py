"""`Reviews`: finished matches' reviews, kept in the match store's database with the record.

A finished match never changes, so neither does its review, as long as it is made the same
way: each is kept under its `method` (the review format's version and the server's playouts
per position), and a review made another way is made again rather than shown. Only reviews of
matches stored here are kept (an uploaded record's review stays in memory: anyone may upload).
"""

from __future__ import annotations

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from dicehall.store.models import reviews
from dicehall.store.repository import Store, now_text


def method_key(review_format: int, rollouts: int) -> str:
    """How a review was made: the format's version and the estimate's playouts."""
    return f"format {review_format}, {rollouts} playouts"


class KeptReviews:
    """Reviews over the `Store`'s engine (its writes fail the same clear way)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def get(self, match_id: str, method: str) -> bytes | None:
        query = select(reviews.c.body).where(
            (reviews.c.match_id == match_id) & (reviews.c.method == method)
        )
        with self.store.engine.connect() as conn:
            found = conn.execute(query).scalar()
        return found.encode() if found is not None else None

    def keep(self, match_id: str, method: str, body: bytes) -> None:
        """Keep a review (one already kept, by another server too, stays as it is)."""
        row = {"match_id": match_id, "method": method, "body": body.decode(), "made": now_text()}
        try:
            with self.store._writing() as conn:
                conn.execute(insert(reviews).values(**row))
        except IntegrityError:  # made meanwhile by another server: the same review
            pass
