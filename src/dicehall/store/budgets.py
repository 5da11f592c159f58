"""Token buckets kept in PostgreSQL, so that every server process spends from the same ones.

`SharedBuckets` holds one row per (budget, key) in the `budgets` table: its level (tokens
left) and when it was last spent. A spend is one atomic statement,
`INSERT … ON CONFLICT DO UPDATE … RETURNING`: PostgreSQL locks the row, so of two processes
spending the last token at once exactly one gets it. Calls are synchronous on purpose: the
web server spends before it awaits anything (a reservation), so no other request of the same
process can slip between the check and the spend (docs/security.md, *Resource limits*).

`hold` and `release` count what each process holds open per key (websockets per address) in
rows of its own (`budget` = `held/<process>`); a hold is refused once every process's rows
for the key add up to the cap. A process that dies holds nothing: its rows are deleted once
its connection is gone from `pg_stat_activity` (its `application_name` names the process).

Each process has one connection (autocommit, a short statement timeout) used under a lock. A
database that cannot be reached makes every call answer None, and the caller falls back on its
own process's buckets; it tries again `RETRY_S` later.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
import uuid
from typing import Any

from sqlalchemy.engine import make_url

log = logging.getLogger("dicehall.store")
RETRY_S = 5.0  # after a failed connection, the process's own buckets serve this long
PRUNE_EVERY_S = 60.0  # full buckets (the same as no row) are deleted this often per budget
MAX_KEY = 128  # longer keys are stored as their SHA-256

_NOW = "extract(epoch from clock_timestamp())::float8"
_LEVEL = f"LEAST(%(burst)s, b.level + GREATEST(0, {_NOW} - b.at) * %(rate)s)"
SPEND = f"""
INSERT INTO budgets AS b (budget, key, level, at, granted)
VALUES (%(budget)s, %(key)s, %(first)s, {_NOW}, %(first_granted)s)
ON CONFLICT (budget, key) DO UPDATE SET (level, granted, at) = (
    SELECT CASE WHEN x.level >= 1 THEN x.level - 1 ELSE x.level END, x.level >= 1, x.now
    FROM (SELECT {_LEVEL} AS level, {_NOW} AS now) AS x
)
RETURNING granted
"""
REFUND = """
UPDATE budgets SET level = LEAST(%(burst)s, level + 1)
WHERE budget = %(budget)s AND key = %(key)s
"""
LEVEL = f"SELECT {_LEVEL} FROM budgets AS b WHERE budget = %(budget)s AND key = %(key)s"
PRUNE = f"DELETE FROM budgets AS b WHERE budget = %(budget)s AND {_LEVEL} >= %(burst)s"


HELD = "held/"
HOLD_LOCK = "SELECT pg_advisory_xact_lock(hashtext('dicehall-held/' || %(key)s))"
HELD_SUM = (
    f"SELECT COALESCE(sum(level), 0) FROM budgets WHERE key = %(key)s AND budget LIKE '{HELD}%%'"
)
HOLD = f"""
INSERT INTO budgets AS b (budget, key, level, at, granted)
VALUES (%(budget)s, %(key)s, 1, {_NOW}, true)
ON CONFLICT (budget, key) DO UPDATE SET level = b.level + 1, at = {_NOW}
"""
RELEASE = "UPDATE budgets SET level = level - 1 WHERE budget = %(budget)s AND key = %(key)s"
RELEASED = "DELETE FROM budgets WHERE budget = %(budget)s AND key = %(key)s AND level <= 0"
APP = "dicehall-"
FORGET_DEAD = f"""
DELETE FROM budgets WHERE budget LIKE '{HELD}%%' AND substr(budget, {len(HELD) + 1}) NOT IN (
    SELECT substr(application_name, {len(APP) + 1}) FROM pg_stat_activity
    WHERE application_name LIKE '{APP}%%'
)
"""


def conninfo(url: str) -> str:
    """psycopg's connection string for a SQLAlchemy PostgreSQL URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def stored_key(key: str) -> str:
    return key if len(key) <= MAX_KEY else hashlib.sha256(key.encode()).hexdigest()


class SharedBuckets:
    """The `budgets` table of one PostgreSQL database, through this process's connection."""

    def __init__(self, url: str, statement_timeout_ms: int = 2000) -> None:
        self.conninfo = conninfo(url)
        self.timeout_ms = statement_timeout_ms
        self.lock = threading.Lock()
        self.conn: Any = None  # psycopg.Connection, made on first use
        self.down_until = 0.0
        self.pruned: dict[str, float] = {}
        self.process = uuid.uuid4().hex[:16]  # this process's `held/` rows

    def _connection(self) -> Any:
        if self.conn is None or self.conn.closed:
            import psycopg

            self.conn = psycopg.connect(
                self.conninfo,
                autocommit=True,
                connect_timeout=2,
                options=f"-c statement_timeout={self.timeout_ms}",
                application_name=f"{APP}{self.process}",
            )
        return self.conn

    def _run(self, sql: str, params: dict[str, Any]) -> tuple[Any, ...] | bool | None:
        """The statement's first row (or True when it returns none); False: unreachable."""
        import psycopg

        if time.monotonic() < self.down_until:
            return False
        with self.lock:
            try:
                cursor = self._connection().execute(sql, params)
                row = cursor.fetchone() if cursor.description else None
            except psycopg.Error as exc:
                log.warning("shared budgets unavailable (%s): this process's own for now", exc)
                self.down_until = time.monotonic() + RETRY_S
                self.close()
                return False
        return row if cursor.description else True

    def hold(self, key: str, most: int) -> bool | None:
        """Count one more thing held open for `key` unless every process's count adds up to
        `most` already (False); None when the database cannot be reached."""
        import psycopg

        self._prune(HELD, 0.0, 0.0)
        if time.monotonic() < self.down_until:
            return None
        params = {"budget": f"{HELD}{self.process}", "key": stored_key(key)}
        with self.lock:
            try:
                conn = self._connection()
                with conn.transaction():  # one key's holds are counted one process at a time
                    conn.execute(HOLD_LOCK, params)
                    row = conn.execute(HELD_SUM, params).fetchone()
                    if row is not None and row[0] >= most:
                        return False
                    conn.execute(HOLD, params)
                return True
            except psycopg.Error as exc:
                log.warning("shared budgets unavailable (%s): this process's own for now", exc)
                self.down_until = time.monotonic() + RETRY_S
                self.close()
                return None

    def release(self, key: str) -> bool:
        """One thing `hold` counted for `key` is closed; False when the database cannot be
        reached (the row is forgotten with this process)."""
        params = {"budget": f"{HELD}{self.process}", "key": stored_key(key)}
        released = self._run(RELEASE, params) is not False
        return released and self._run(RELEASED, params) is not False

    def _params(self, budget: str, key: str, rate: float, burst: float) -> dict[str, Any]:
        return {"budget": budget, "key": stored_key(key), "rate": rate, "burst": burst}

    def spend(self, budget: str, key: str, rate: float, burst: float) -> bool | None:
        """Take a token from `key`'s bucket of `budget`: True, False (empty: nothing taken),
        or None when the database cannot be reached."""
        params = self._params(budget, key, rate, burst)
        params |= {"first": burst - 1 if burst >= 1 else burst, "first_granted": burst >= 1}
        row = self._run(SPEND, params)
        self._prune(budget, rate, burst)
        return bool(row[0]) if isinstance(row, tuple) else None

    def refund(self, budget: str, key: str, rate: float, burst: float) -> bool:
        """Give back a token `spend` took; False when the database cannot be reached."""
        return self._run(REFUND, self._params(budget, key, rate, burst)) is not False

    def level(self, budget: str, key: str, rate: float, burst: float) -> float | None:
        """Tokens in `key`'s bucket now (a key never spent has a full one); None: unreachable."""
        row = self._run(LEVEL, self._params(budget, key, rate, burst))
        if row is False:
            return None
        return float(row[0]) if isinstance(row, tuple) else float(burst)

    def _prune(self, budget: str, rate: float, burst: float) -> None:
        """A full bucket is the same as none: their rows go, so the table stays small."""
        now = time.monotonic()
        if now - self.pruned.get(budget, 0.0) >= PRUNE_EVERY_S:
            self.pruned[budget] = now
            if budget == HELD:  # the holds of processes that are gone
                self._run(FORGET_DEAD, {})
            else:
                self._run(PRUNE, self._params(budget, "", rate, burst))

    def close(self) -> None:
        if self.conn is not None:
            try:
                self.conn.close()
            finally:
                self.conn = None
