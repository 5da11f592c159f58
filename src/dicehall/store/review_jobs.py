"""Review jobs that every server process sees: one queue, one job per review, any process
answers its progress and takes its cancellation.

Each process makes the reviews it accepted (`web/records/reviews.py`), but the job is a row
of `review_jobs`: a review asked of two processes is claimed once (the row's key is the
review's), the lanes' queue limits count every process's jobs, a poll on any process reads
the row's progress, and a cancel on any process marks the row, which its owner reads at its
next progress beat (`BEAT_S`). An owner keeps its rows alive every `ALIVE_S`; a row not kept
alive for `STALE_S` belongs to a process that died, and the next ask claims it afresh. An
upload's finished review is kept in its row (a table's in `reviews`) for `ENDED_KEPT_S`.

Used on PostgreSQL, where several processes serve one database; on SQLite the one process's
memory is enough.
"""

from __future__ import annotations

import hashlib
import os
import time
import uuid
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import Connection, and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from dicehall.store.models import review_jobs
from dicehall.store.repository import Store

BEAT_S = 1.0  # a running job writes its progress (and reads a cancel) at most this often
ALIVE_S = 5.0  # an owner refreshes its rows this often
STALE_S = 30.0  # a row not refreshed for this long is a dead process's
ENDED_KEPT_S = 3600.0  # ended rows (an upload's finished review, why one stopped) kept so long
OPEN = ("waiting", "running")
CANCELLED = "cancelled by whoever started it"


def digest(token: str) -> str:
    """What a row keeps of an upload's cancel token."""
    return hashlib.sha256(token.encode()).hexdigest() if token else ""


@dataclass(frozen=True)
class JobRow:
    key: str
    lane: str
    owner: str
    state: str
    done: int
    total: int
    why: str
    body: bytes | None
    beat: float

    @property
    def alive(self) -> bool:
        """Open and kept alive by its owner: being made, or waiting its turn."""
        return self.state in OPEN and self.beat > time.time() - STALE_S


Claimed = Literal["mine", "full"] | JobRow


class SharedReviewJobs:
    """The `review_jobs` rows of one process (`owner`), over the `Store`'s engine."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.owner = f"{os.getpid()}-{uuid.uuid4().hex[:12]}"

    def claim(self, key: str, lane: str, cancel_token: str, most_open: int) -> Claimed:
        """Take the job of `key` for this process ("mine"), or the row of the process that
        makes it or made it, or "full" when `lane` already has `most_open` jobs open."""
        now = time.time()
        try:
            with self.store._writing() as conn:
                row = self._row(conn, key, lock=True)
                if row is not None and (row.alive or row.state == "done"):
                    return row
                open_jobs = conn.execute(
                    select(func.count()).where(
                        and_(
                            review_jobs.c.lane == lane,
                            review_jobs.c.state.in_(OPEN),
                            review_jobs.c.beat > now - STALE_S,
                        )
                    )
                ).scalar_one()
                if open_jobs >= most_open:
                    return "full"
                values = {
                    "lane": lane, "owner": self.owner, "state": "waiting", "done": 0,
                    "total": 0, "why": "", "cancel": digest(cancel_token),
                    "cancel_asked": False, "body": None, "beat": now,
                }  # fmt: skip
                if row is None:
                    conn.execute(insert(review_jobs).values(key=key, **values))
                else:  # stopped, failed, or its owner died: made afresh here
                    conn.execute(update(review_jobs).where(review_jobs.c.key == key).values(values))
        except IntegrityError:  # another process claimed it between the read and the insert
            found = self.get(key)
            return found if found is not None else "full"
        return "mine"

    def get(self, key: str) -> JobRow | None:
        with self.store.engine.connect() as conn:
            return self._row(conn, key)

    def start(self, key: str) -> bool:
        """Mark this process's waiting job running; False when it was cancelled meanwhile."""
        mine = (review_jobs.c.key == key) & (review_jobs.c.owner == self.owner)
        with self.store._writing() as conn:
            changed = conn.execute(
                update(review_jobs)
                .where(mine & (review_jobs.c.state == "waiting") & ~review_jobs.c.cancel_asked)
                .values(state="running", beat=time.time())
            ).rowcount
        return bool(changed)

    def beat(self, key: str, done: int, total: int) -> bool:
        """Write a running job's progress; whether its uploader asked to cancel it."""
        mine = (review_jobs.c.key == key) & (review_jobs.c.owner == self.owner)
        with self.store._writing() as conn:
            conn.execute(
                update(review_jobs).where(mine).values(done=done, total=total, beat=time.time())
            )
            asked = conn.execute(select(review_jobs.c.cancel_asked).where(mine)).scalar()
        return bool(asked)

    def end(self, key: str, state: str, why: str = "", body: bytes | None = None) -> None:
        """This process's job ended: done (an upload's review in `body`), stopped or failed."""
        mine = (review_jobs.c.key == key) & (review_jobs.c.owner == self.owner)
        text = body.decode() if body is not None else None
        with self.store._writing() as conn:
            conn.execute(
                update(review_jobs)
                .where(mine)
                .values(state=state, why=why, body=text, beat=time.time())
            )

    def forget(self, key: str) -> None:
        with self.store._writing() as conn:
            conn.execute(delete(review_jobs).where(review_jobs.c.key == key))

    def ask_cancel(self, key: str, cancel_token: str) -> Literal["unknown", "not_yours", "ok"]:
        """Cancel an open job for whoever holds its token: a waiting one stops now, a running
        one at its owner's next beat."""
        with self.store._writing() as conn:
            row = conn.execute(
                select(review_jobs.c.cancel, review_jobs.c.state, review_jobs.c.beat)
                .where(review_jobs.c.key == key)
                .with_for_update()
            ).first()
            if row is None or row.state not in OPEN or row.beat <= time.time() - STALE_S:
                return "unknown"
            if not row.cancel or row.cancel != digest(cancel_token):
                return "not_yours"
            values: dict[str, Any] = {"cancel_asked": True}
            if row.state == "waiting":
                values.update(state="stopped", why=CANCELLED)
            conn.execute(update(review_jobs).where(review_jobs.c.key == key).values(values))
        return "ok"

    def keep_alive(self) -> None:
        """Refresh this process's open rows, and delete ended rows past `ENDED_KEPT_S`."""
        now = time.time()
        with self.store._writing() as conn:
            conn.execute(
                update(review_jobs)
                .where((review_jobs.c.owner == self.owner) & review_jobs.c.state.in_(OPEN))
                .values(beat=now)
            )
            conn.execute(
                delete(review_jobs).where(
                    ~review_jobs.c.state.in_(OPEN) & (review_jobs.c.beat < now - ENDED_KEPT_S)
                )
            )

    @staticmethod
    def _row(conn: Connection, key: str, lock: bool = False) -> JobRow | None:
        query = select(review_jobs).where(review_jobs.c.key == key)
        found = conn.execute(query.with_for_update() if lock else query).first()
        if found is None:
            return None
        body = found.body.encode() if found.body is not None else None
        return JobRow(
            found.key, found.lane, found.owner, found.state, found.done, found.total,
            found.why, body, found.beat,
        )  # fmt: skip
