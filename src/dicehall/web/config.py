"""Server settings, with environment overrides for deployments and tests."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from dicehall.web.protection.limits import Limits


def _env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw else default


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return int(raw) if raw else default


def _relay_host() -> str:
    raw = os.environ.get("DICEHALL_RELAY_HOST", "127.0.0.1").strip()
    return "" if raw == "off" else raw


def _quick_workers_default() -> int:
    """One greedy worker where the server has a second core for it, none on a single core."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return 1 if (cores or 1) >= 2 else 0


@dataclass(frozen=True)
class Settings:
    """Tunable behaviour of the web app.

    bot_delay: seconds a bot waits before a turn-based move, so people can follow it.
    realtime_delay: (low, high) seconds a bot takes per action in real-time games (human-like).
    grace: seconds a disconnected person keeps their seat before a bot plays for them.
    round_pause: seconds a table holds where its game pauses (a round's scoring)
    before going on, unless everyone present skips (web/tables/pauses.py).
    quick_workers / search_workers: bot worker processes for greedy bots / for mcts and expert.
    Greedy decides in a millisecond, but a hundred greedy tables make that a third of the
    event loop's time, which people's moves wait behind: one worker where there is a second
    core (0: greedy decides in the server process, as on a single core).
    unload_after: seconds a table with nobody connected stays in memory (it stays in the store
    and is loaded again on its next visit).
    expire_after: seconds after which a live table nobody has joined or moved at expires (its
    record stays; it can be watched but no longer played).
    listed_idle: seconds a live table nobody is at stays in the lobby's "Open tables" after it
    was made or last moved (a table nobody joined leaves the list; its links still work).
    turn_seconds_min: the shortest time per move a turn-based table may have (1 hour; tests
    set seconds through `DICEHALL_TURN_SECONDS_MIN`, which no deployment should set).
    prepare_solvers: at start, solve the expert's missing tables in a background process.
    gil_switch: seconds a thread holds Python's lock before another may take it: the store
    writer hands each finished write back to the event loop, which should not wait Python's
    default 5 ms behind the writer's next one (nor the writer behind a bot's move).
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
    round_pause: float = field(default_factory=lambda: _env_float("DICEHALL_ROUND_PAUSE", 6.0))
    quick_workers: int = field(
        default_factory=lambda: _env_int("DICEHALL_QUICK_WORKERS", _quick_workers_default())
    )
    search_workers: int = field(default_factory=lambda: _env_int("DICEHALL_SEARCH_WORKERS", 2))
    unload_after: float = field(default_factory=lambda: _env_float("DICEHALL_UNLOAD_AFTER", 120))
    expire_after: float = field(
        default_factory=lambda: _env_float("DICEHALL_EXPIRE_AFTER", 6 * 3600.0)
    )
    listed_idle: float = field(
        default_factory=lambda: _env_float("DICEHALL_LISTED_IDLE", 15 * 60.0)
    )
    turn_seconds_min: float = field(
        default_factory=lambda: _env_float("DICEHALL_TURN_SECONDS_MIN", 3600.0)
    )
    sweep_every: float = field(default_factory=lambda: _env_float("DICEHALL_SWEEP_EVERY", 30))
    prepare_solvers: bool = field(
        default_factory=lambda: os.environ.get("DICEHALL_PREPARE_SOLVERS", "1") != "0"
    )
    gil_switch: float = field(
        default_factory=lambda: _env_float("DICEHALL_GIL_SWITCH_MS", 1.0) / 1000
    )
    max_message: int = 16 * 1024
    max_upload: int = 8 * 1024 * 1024
    rate_per_s: float = 20.0
    rate_burst: float = 40.0
    hello_timeout: float = 10.0
    queue_limit: int = 256
    limits: Limits = field(default_factory=Limits)
    # replays (web/records/replays.py); the signing key is never logged
    record_key: str | None = field(default_factory=lambda: os.environ.get("DICEHALL_RECORD_KEY"))
    max_record_actions: int = field(
        default_factory=lambda: int(_env_float("DICEHALL_MAX_RECORD_ACTIONS", 20_000))
    )
    replay_workers: int = 2
    # reviews (web/records/reviews.py): one job at a time, a few waiting, finished ones kept
    review_queue: int = 4
    review_cache_bytes: int = field(
        default_factory=lambda: int(_env_float("DICEHALL_REVIEW_CACHE_MB", 16) * 2**20)
    )
    review_rollouts: int = field(
        default_factory=lambda: max(2, _env_int("DICEHALL_REVIEW_ROLLOUTS", 24))
    )
    replay_queue: int = 8
    replay_cache_bytes: int = field(
        default_factory=lambda: int(_env_float("DICEHALL_REPLAY_CACHE_MB", 64) * 2**20)
    )
    # deployment (docs/hosting.md): the reverse proxies whose X-Forwarded-For and
    # X-Forwarded-Proto are believed (addresses or networks, comma-separated; none by default,
    # so that a client connecting directly cannot pick its address), and who may read /metrics
    trusted_proxies: str = field(
        default_factory=lambda: os.environ.get("DICEHALL_TRUSTED_PROXIES", "")
    )
    metrics_allow: str = field(
        default_factory=lambda: os.environ.get("DICEHALL_METRICS_ALLOW", "127.0.0.1,::1")
    )
    # several processes on one PostgreSQL (web/cluster/node.py): the address and port this
    # process's relay listens on for the others ("" or "off": no relay, they follow the store
    # instead); a machine's private address where processes run on several machines, and a
    # fixed port (0: any free one, as `--workers N` on one machine needs) for its firewall
    relay_host: str = field(default_factory=lambda: _relay_host())
    relay_port: int = field(default_factory=lambda: _env_int("DICEHALL_RELAY_PORT", 0))
    # rated games a player needs in a game before its leaderboard shows them (docs/accounts.md)
    leaderboard_min_games: int = field(
        default_factory=lambda: max(1, _env_int("DICEHALL_LEADERBOARD_MIN_GAMES", 5))
    )
    # e-mail alerts (web/accounts/mail_alerts.py): off unless an SMTP host is set; the
    # password is never logged (nor shown in the settings' repr)
    smtp_host: str = field(default_factory=lambda: os.environ.get("DICEHALL_SMTP_HOST", ""))
    smtp_port: int = field(default_factory=lambda: _env_int("DICEHALL_SMTP_PORT", 587))
    smtp_from: str = field(
        default_factory=lambda: os.environ.get("DICEHALL_SMTP_FROM", "dicehall@localhost")
    )
    smtp_tls: bool = field(default_factory=lambda: os.environ.get("DICEHALL_SMTP_TLS") == "1")
    smtp_user: str = field(default_factory=lambda: os.environ.get("DICEHALL_SMTP_USER", ""))
    smtp_password: str = field(
        default_factory=lambda: os.environ.get("DICEHALL_SMTP_PASSWORD", ""), repr=False
    )
    public_url: str = field(
        default_factory=lambda: os.environ.get("DICEHALL_PUBLIC_URL", "http://localhost:8000")
    )
    # ... against at least this many distinct opponents (each person, each bot level)
    leaderboard_min_opponents: int = field(
        default_factory=lambda: max(1, _env_int("DICEHALL_LEADERBOARD_MIN_OPPONENTS", 3))
    )
    # the API's documentation pages (/docs, /redoc) and /openapi.json: off unless turned on
    api_docs: bool = field(default_factory=lambda: os.environ.get("DICEHALL_API_DOCS") == "1")
