"""Server settings, with environment overrides for deployments and tests."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from dicehall.web.limits import Limits


def _env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw else default


@dataclass(frozen=True)
class Settings:
    """Tunable behaviour of the web app.

    bot_delay: seconds a bot waits before a turn-based move, so people can follow it.
    realtime_delay: (low, high) seconds a bot takes per action in real-time games (human-like).
    grace: seconds a disconnected person keeps their seat before a bot plays for them.
    """

    db_url: str | None = None
    bot_delay: float = field(default_factory=lambda: _env_float("DICEHALL_BOT_DELAY", 0.7))
    realtime_delay: tuple[float, float] = field(
        default_factory=lambda: (
            _env_float("DICEHALL_REALTIME_MIN", 1.2),
            _env_float("DICEHALL_REALTIME_MAX", 3.0),
        )
    )
    grace: float = field(default_factory=lambda: _env_float("DICEHALL_GRACE", 30.0))
    max_message: int = 16 * 1024
    max_upload: int = 8 * 1024 * 1024
    rate_per_s: float = 20.0
    rate_burst: float = 40.0
    hello_timeout: float = 10.0
    queue_limit: int = 256
    limits: Limits = field(default_factory=Limits)
    # replays (web/replays.py); the signing key is never logged
    record_key: str | None = field(default_factory=lambda: os.environ.get("DICEHALL_RECORD_KEY"))
    max_record_actions: int = field(
        default_factory=lambda: int(_env_float("DICEHALL_MAX_RECORD_ACTIONS", 20_000))
    )
    replay_workers: int = 2
    replay_queue: int = 8
    replay_cache_bytes: int = field(
        default_factory=lambda: int(_env_float("DICEHALL_REPLAY_CACHE_MB", 64) * 2**20)
    )
