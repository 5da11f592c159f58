"""Resource limits of the web server, each with its default and its environment variable.

docs/security.md lists every one of them with the attack it answers. `Throttle` is the token
bucket per key (a client address, a table) that the rate limits share. A budget is spent
before the work it pays for is awaited (a reservation, refunded where the rules do not charge):
checking first and spending after would let concurrent requests all pass the check.
"""

from __future__ import annotations

import os
import time
from collections import OrderedDict
from dataclasses import dataclass, field, fields


def _env(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw else default


def _setting(env: str, default: float) -> float:
    """A dataclass field read from `env` when the settings are made (default otherwise)."""
    return field(default_factory=lambda: _env(env, default), metadata={"env": env})


@dataclass(frozen=True)
class Limits:
    """What one request, one client and the whole server may use.

    Sizes are bytes, times seconds, rates per second with a burst (a bucket's size).
    """

    # request bodies and the HTTP transport
    max_body: float = _setting("DICEHALL_MAX_BODY", 64 * 1024)
    body_timeout: float = _setting("DICEHALL_BODY_TIMEOUT", 30.0)
    header_timeout: float = _setting("DICEHALL_HEADER_TIMEOUT", 10.0)
    max_url: float = _setting("DICEHALL_MAX_URL", 8 * 1024)
    max_headers: float = _setting("DICEHALL_MAX_HEADERS", 32 * 1024)
    max_pending_per_client: float = _setting("DICEHALL_MAX_PENDING_PER_CLIENT", 64)
    # tables
    create_rate: float = _setting("DICEHALL_CREATE_RATE", 0.2)
    create_burst: float = _setting("DICEHALL_CREATE_BURST", 10)
    max_live_tables: float = _setting("DICEHALL_MAX_TABLES", 500)
    upload_rate: float = _setting("DICEHALL_UPLOAD_RATE", 0.5)
    upload_burst: float = _setting("DICEHALL_UPLOAD_BURST", 4)
    # seat tokens: wrong ones are counted per client address and per table
    bad_token_rate: float = _setting("DICEHALL_BAD_TOKEN_RATE", 0.5)
    bad_token_burst: float = _setting("DICEHALL_BAD_TOKEN_BURST", 10)
    table_bad_token_rate: float = _setting("DICEHALL_TABLE_BAD_TOKEN_RATE", 2.0)
    table_bad_token_burst: float = _setting("DICEHALL_TABLE_BAD_TOKEN_BURST", 30)
    # the coach: advice per client address and per seat, and its own threads
    coach_rate: float = _setting("DICEHALL_COACH_RATE", 0.5)
    coach_burst: float = _setting("DICEHALL_COACH_BURST", 6)
    coach_seat_rate: float = _setting("DICEHALL_COACH_SEAT_RATE", 0.2)
    coach_seat_burst: float = _setting("DICEHALL_COACH_SEAT_BURST", 4)
    coach_threads: float = _setting("DICEHALL_COACH_THREADS", 2)
    # reviews (web/records/reviews.py): CPU seconds a review may cost, estimated before it is
    # accepted (review/cost.py); per job, per address and hour of uploads, and a deadline
    review_job_cpu: float = _setting("DICEHALL_REVIEW_JOB_CPU", 600)
    review_cpu_per_hour: float = _setting("DICEHALL_REVIEW_CPU_PER_HOUR", 1800)
    review_deadline: float = _setting("DICEHALL_REVIEW_DEADLINE", 1800)
    # websockets
    max_sockets_per_client: float = _setting("DICEHALL_MAX_SOCKETS_PER_CLIENT", 128)
    resync_rate: float = _setting("DICEHALL_RESYNC_RATE", 0.5)
    resync_burst: float = _setting("DICEHALL_RESYNC_BURST", 3)
    # table chat (web/tables/chat.py): per websocket; reports spend the same budget
    chat_max_chars: float = _setting("DICEHALL_CHAT_MAX_CHARS", 300)
    chat_rate: float = _setting("DICEHALL_CHAT_RATE", 0.5)
    chat_burst: float = _setting("DICEHALL_CHAT_BURST", 5)
    chat_history: float = _setting("DICEHALL_CHAT_HISTORY", 100)
    # friends (web/accounts/friends.py): requests per account, friends and waiting requests
    friend_request_rate: float = _setting("DICEHALL_FRIEND_REQUEST_RATE", 0.1)
    friend_request_burst: float = _setting("DICEHALL_FRIEND_REQUEST_BURST", 10)
    max_friends: float = _setting("DICEHALL_MAX_FRIENDS", 200)
    max_friend_requests: float = _setting("DICEHALL_MAX_FRIEND_REQUESTS", 50)
    # e-mail alerts per account (web/accounts/mail_alerts.py): past the budget none is sent
    email_rate: float = _setting("DICEHALL_EMAIL_RATE", 1 / 600)
    email_burst: float = _setting("DICEHALL_EMAIL_BURST", 10)

    @classmethod
    def settings(cls) -> list[tuple[str, str, float]]:
        """(field, environment variable, default) of every limit (docs/security.md lists them)."""
        made = cls()
        return [(f.name, f.metadata["env"], getattr(made, f.name)) for f in fields(cls)]


class Throttle:
    """Token buckets by key: `rate` tokens a second up to `burst`; the least recently used
    keys are forgotten beyond `keys` (a forgotten key starts again with a full bucket)."""

    def __init__(self, rate: float, burst: float, keys: int = 10_000) -> None:
        self.rate, self.burst, self.keys = rate, burst, keys
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def _level(self, key: str, now: float) -> float:
        level, then = self.buckets.get(key, (self.burst, now))
        return min(self.burst, level + (now - then) * self.rate)

    def spend(self, key: str) -> bool:
        """Take a token for `key`; False (and nothing taken) when its bucket is empty."""
        now = time.monotonic()
        level = self._level(key, now)
        allowed = level >= 1
        self.buckets[key] = (level - 1 if allowed else level, now)
        self.buckets.move_to_end(key)
        while len(self.buckets) > self.keys:
            self.buckets.popitem(last=False)
        return allowed

    def refund(self, key: str) -> None:
        """Give back a token `spend` took (a reservation the rules do not charge for)."""
        level, then = self.buckets.get(key, (self.burst, time.monotonic()))
        self.buckets[key] = (min(self.burst, level + 1), then)

    def retry_after(self, key: str) -> int:
        """Whole seconds until `key` has a token again."""
        missing = 1 - self._level(key, time.monotonic())
        return max(1, int(missing / self.rate + 0.999)) if self.rate > 0 else 60
