"""What a server configuration will do, and the configurations refused as unsafe.

`dicehall check-config` (and the systemd unit's `ExecStartPre`, docs/deploy/) reads the same
settings `dicehall serve` would: its options and the `DICEHALL_*` environment. It says where
the data goes, which key signs the records, whose forwarding headers are believed, which
cookies are Secure, who may read /metrics and the limits in force, and refuses:

- a setting that does not parse (a number, an address list, a record key under 32 chars);
- several processes on SQLite, or without `DICEHALL_RECORD_KEY` (each machine would make a
  key of its own, and records signed by one would be "another server's" to the others);
- a public `https://` address (`DICEHALL_PUBLIC_URL`) with secure cookies off, or with
  `auto` cookies and no trusted proxy: the server then sees plain HTTP from its TLS proxy
  and sends session cookies without `Secure`;
- trusting every address (`*`) on a server that listens beyond loopback: any client could
  name its own address to every per-address limit;
- a database it cannot reach (unless asked not to connect).
"""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from urllib.parse import urlsplit

from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from dicehall.core.errors import DicehallError
from dicehall.engine.signing import key_id
from dicehall.store import default_url
from dicehall.web.accounts.sessions import AccountLimits
from dicehall.web.app import STATIC
from dicehall.web.config import Settings
from dicehall.web.protection.limits import Limits
from dicehall.web.proxies import EVERYONE, trusted
from dicehall.web.records.record_key import ENV_KEY, MIN_KEY_CHARS, key_file

PUBLIC_URL = "DICEHALL_PUBLIC_URL"
SECURE_COOKIES = "DICEHALL_SECURE_COOKIES"
CONNECT_TIMEOUT_S = 5


@dataclass
class Examination:
    """The lines that say what the configuration does, and what is wrong with it."""

    facts: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    limits: list[tuple[str, str, str]] = field(default_factory=list)  # env, value, origin

    @property
    def safe(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class Plan:
    """`serve`'s options."""

    host: str = "127.0.0.1"
    port: int = 8000
    db_url: str | None = None
    workers: int = 1
    trusted_proxies: str | None = None  # None: DICEHALL_TRUSTED_PROXIES


def examine(plan: Plan, *, connect: bool = True) -> Examination:
    """What `dicehall serve` with `plan` and this environment would do."""
    out = Examination()
    settings = _settings(out)
    url = _database(out, plan, connect)
    out.facts.append(("processes", f"{plan.workers} serving http://{plan.host}:{plan.port}"))
    _budgets(out, url)
    _record_key(out, plan, url, settings)
    proxies = _proxies(out, plan, settings)
    _cookies(out, plan, proxies)
    out.facts.append(("static files", f"{STATIC} (the proxy's /static/ folder)"))
    if settings is not None:
        _metrics(out, settings)
        _limits(out)
    return out


# --- each part -------------------------------------------------------------------------
def _settings(out: Examination) -> Settings | None:
    bad = [env for env in _numeric_envs() if os.environ.get(env) and not _number(os.environ[env])]
    for env in bad:
        out.problems.append(f"{env} must be a number, not {os.environ[env]!r}")
    try:
        return Settings()
    except ValueError as exc:
        if not bad:
            out.problems.append(f"a DICEHALL_* setting is not a number: {exc}")
        return None


def _numeric_envs() -> list[str]:
    return [f.metadata["env"] for f in fields(Limits)] + [
        env for _, env in _account_fields() if env != SECURE_COOKIES
    ]


def _number(raw: str) -> bool:
    try:
        float(raw)
    except ValueError:
        return False
    return True


def _database(out: Examination, plan: Plan, connect: bool) -> URL | None:
    raw = plan.db_url or default_url()
    try:
        url = make_url(raw)
    except ArgumentError:
        out.problems.append("the database URL is not a URL (e.g. postgresql+psycopg://u@host/db)")
        return None
    shown = url.render_as_string(hide_password=True)
    kind = url.get_backend_name()
    if kind not in ("sqlite", "postgresql"):
        out.problems.append(f"the database must be SQLite or PostgreSQL, not {kind}")
        return url
    if plan.workers > 1 and kind == "sqlite":
        out.problems.append(
            f"--workers {plan.workers} needs PostgreSQL: SQLite serves one process (--db URL)"
        )
    state = _reach(url, out) if connect else "not connected to (--offline)"
    out.facts.append(("database", f"{shown} ({state})"))
    return url


def _budgets(out: Examination, url: URL | None) -> None:
    """Where the budgets live (`web/protection/budgets.py`)."""
    if url is not None and url.get_backend_name() == "postgresql":
        said = "shared by every process, in the database (chat, resync: per connection)"
    else:
        said = "in the process's memory (one process)"
    out.facts.append(("budgets", said))


def _reach(url: URL, out: Examination) -> str:
    if url.get_backend_name() == "sqlite":
        path = Path(url.database or "")
        if not url.database or url.database == ":memory:":
            return "in memory: nothing is kept after the server stops"
        if not path.exists():
            if not os.access(path.parent if path.parent.exists() else Path("."), os.W_OK):
                out.problems.append(f"the database folder {path.parent} is not writable")
            return "made at first start"
    args = {"connect_timeout": CONNECT_TIMEOUT_S} if url.get_backend_name() != "sqlite" else {}
    engine = create_engine(url, connect_args=args)
    try:
        with engine.connect() as conn:
            if "alembic_version" not in inspect(conn).get_table_names():
                return "reachable; its tables are made at first start"
            version = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
            return f"reachable; schema revision {version}, brought up to date at start"
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        out.problems.append(f"the database cannot be reached: {reason}")
        return "unreachable"
    finally:
        engine.dispose()


def _record_key(out: Examination, plan: Plan, url: URL | None, settings: Settings | None) -> None:
    configured = settings.record_key if settings is not None else os.environ.get(ENV_KEY)
    if configured:
        if len(configured) < MIN_KEY_CHARS:
            out.problems.append(f"{ENV_KEY} must have at least {MIN_KEY_CHARS} characters")
            return
        out.facts.append(("record key", f"{ENV_KEY} (key id {key_id(configured.encode())})"))
        return
    if plan.workers > 1:
        out.problems.append(
            f"--workers {plan.workers} needs {ENV_KEY} (the same on every process and machine): "
            "without it each machine makes a key of its own and records one signs are another "
            "server's to the rest (make one: python -c 'import secrets; "
            "print(secrets.token_hex(32))')"
        )
    path = key_file(url.render_as_string(hide_password=False)) if url is not None else None
    if path is None:
        out.facts.append(("record key", "a new one for each start (in-memory database)"))
    elif path.is_file():
        text_ = path.read_text(encoding="ascii", errors="replace").strip()
        out.facts.append(("record key", f"the key file {path} (key id {key_id(text_.encode())})"))
    else:
        out.facts.append(("record key", f"made at first start in {path}: back it up"))


def _proxies(out: Examination, plan: Plan, settings: Settings | None) -> list[str]:
    raw = plan.trusted_proxies
    if raw is None:
        raw = settings.trusted_proxies if settings is not None else ""
    try:
        entries = trusted(raw)
    except DicehallError as exc:
        out.problems.append(str(exc))
        return []
    if not entries:
        out.facts.append((
            "proxy trust",
            "none: X-Forwarded-For is ignored, each client is the address it connects from",
        ))  # fmt: skip
        return []
    listed = ", ".join(entries)
    out.facts.append((
        "proxy trust",
        f"X-Forwarded-For and X-Forwarded-Proto believed from {listed} only",
    ))  # fmt: skip
    if EVERYONE in entries:
        if _loopback(plan.host):
            out.warnings.append(
                "every address is a trusted proxy: any local process can name its own address"
            )
        else:
            out.problems.append(
                f"every address is a trusted proxy (*) while the server listens on {plan.host}: "
                "any client could name its own address to every per-address limit; name the "
                "proxy's address"
            )
    elif not _loopback(plan.host):
        out.warnings.append(
            f"the server listens on {plan.host}: clients that reach it without the proxy are "
            "seen as themselves (bind it to the proxy's side, e.g. --host 127.0.0.1)"
        )
    return entries


def _cookies(out: Examination, plan: Plan, proxies: list[str]) -> None:
    mode = os.environ.get(SECURE_COOKIES, "auto")
    public = os.environ.get(PUBLIC_URL, "").strip()
    scheme = urlsplit(public).scheme if public else ""
    if mode not in ("auto", "0", "1"):
        out.problems.append(f"{SECURE_COOKIES} must be auto, 0 or 1, not {mode!r}")
        return
    said = {
        "1": "always Secure",
        "0": "never Secure (plain-HTTP servers only)",
        "auto": "Secure when the request came over HTTPS",
    }[mode]
    out.facts.append(("public address", public or f"not set ({PUBLIC_URL})"))
    out.facts.append(("cookies", said))
    if public and scheme not in ("http", "https"):
        out.problems.append(f"{PUBLIC_URL} must start with https:// or http://, not {public!r}")
    if scheme == "https" and mode == "0":
        out.problems.append(
            f"secure cookies are off ({SECURE_COOKIES}=0) behind TLS ({PUBLIC_URL}={public}): "
            "session cookies would also travel over plain HTTP; set it to auto or 1"
        )
    if scheme == "https" and mode == "auto" and not proxies:
        out.problems.append(
            f"behind TLS ({PUBLIC_URL}={public}) no proxy is trusted: the server sees plain "
            "HTTP from its TLS proxy, so session cookies would lose Secure and every client "
            "would be the proxy's address; set DICEHALL_TRUSTED_PROXIES to the proxy's address"
        )
    if scheme == "http" and not _loopback(urlsplit(public).hostname or ""):
        out.warnings.append(
            f"{PUBLIC_URL} is plain HTTP: passwords and session cookies cross the network "
            "in the clear"
        )


def _metrics(out: Examination, settings: Settings) -> None:
    allowed = settings.metrics_allow.strip()
    try:
        entries = trusted(allowed)
    except DicehallError as exc:
        out.problems.append(f"DICEHALL_METRICS_ALLOW: {exc}")
        return
    out.facts.append(("metrics", f"/metrics from {', '.join(entries)}" if entries else "off"))


def _limits(out: Examination) -> None:
    rows = [(env, value) for _, env, value in Limits.settings()]
    rows += [
        (env, getattr(AccountLimits(), name))
        for name, env in _account_fields()
        if env != SECURE_COOKIES
    ]
    for env, value in rows:
        origin = "set" if os.environ.get(env) else "default"
        out.limits.append((env, f"{value:g}" if isinstance(value, float) else str(value), origin))


def _account_fields() -> list[tuple[str, str]]:
    return [(f.name, f.metadata["env"]) for f in fields(AccountLimits)]


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
