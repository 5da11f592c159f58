"""Which budgets a server's processes share, and the `Throttle` that shares them.

On PostgreSQL (where `serve --workers N` and several servers run on one database) the budgets
that protect accounts and the server are `SharedThrottle`s: token buckets in the database's
`budgets` table (`store/budgets.py`), spent in one atomic statement before anything is
awaited, so an address or an account name has the same budget however many processes serve
it. On SQLite (one process) every budget is a plain `Throttle` in memory.

The open sockets per address are counted in the database too (`Guards.open_socket`,
`SharedBuckets.hold`). Budgets spent on every message of a connection (chat, resyncs) stay
with the connection: a database round-trip per message would cost more than the message
(docs/security.md, *Resource limits*, says which budget is which).
"""

from __future__ import annotations

from sqlalchemy.engine import make_url

from dicehall.store.budgets import SharedBuckets
from dicehall.web.protection.limits import Throttle


class SharedThrottle(Throttle):
    """`Throttle`'s API over the shared buckets of budget `name`; while the database cannot
    be reached, this process's own buckets (the inherited ones) answer."""

    def __init__(self, buckets: SharedBuckets, name: str, rate: float, burst: float) -> None:
        super().__init__(rate, burst)
        self.shared, self.name = buckets, name

    def spend(self, key: str) -> bool:
        granted = self.shared.spend(self.name, key, self.rate, self.burst)
        return super().spend(key) if granted is None else granted

    def refund(self, key: str) -> None:
        if not self.shared.refund(self.name, key, self.rate, self.burst):
            super().refund(key)

    def retry_after(self, key: str) -> int:
        level = self.shared.level(self.name, key, self.rate, self.burst)
        if level is None:
            return super().retry_after(key)
        missing = 1 - level
        return max(1, int(missing / self.rate + 0.999)) if self.rate > 0 else 60


class Budgets:
    """Makes the server's budgets: shared ones on a PostgreSQL store, else in memory."""

    def __init__(self, db_url: str | None = None) -> None:
        postgres = db_url is not None and make_url(db_url).get_backend_name() == "postgresql"
        self.buckets = SharedBuckets(db_url) if postgres and db_url else None
        self.names: set[str] = set()

    @property
    def shared(self) -> bool:
        return self.buckets is not None

    def throttle(self, name: str, rate: float, burst: float) -> Throttle:
        """The budget `name` (unique: it is the budget's key in the database)."""
        if name in self.names:
            raise ValueError(f"two budgets are named {name!r}")
        self.names.add(name)
        if self.buckets is None:
            return Throttle(rate, burst)
        return SharedThrottle(self.buckets, name, rate, burst)

    def close(self) -> None:
        if self.buckets is not None:
            self.buckets.close()
