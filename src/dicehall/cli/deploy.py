"""`dicehall check-config`: what `dicehall serve` would do with these options and environment,
and a refusal (exit 2, each reason on a line) for an unsafe configuration (web/deploy_check.py).

The systemd unit (docs/deploy/dicehall.service) runs it before every start with the same
arguments as `serve`, so an unsafe configuration never starts.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer
from rich.table import Table

from dicehall.cli.common import EXIT_ERROR, console, error_console, fail, guard

TrustedProxiesOpt = Annotated[
    str | None,
    typer.Option(
        "--forwarded-allow-ips",
        metavar="ADDRESSES",
        help="Reverse proxies whose X-Forwarded-For/-Proto are believed, comma-separated "
        "(addresses or networks; default DICEHALL_TRUSTED_PROXIES, else none).",
    ),
]


# settings whose values are words, not numbers
WORDS = {
    "DICEHALL_DATABASE_URL", "DICEHALL_RECORD_KEY", "DICEHALL_SECURE_COOKIES",
    "DICEHALL_TRUSTED_PROXIES", "DICEHALL_METRICS_ALLOW", "DICEHALL_PUBLIC_URL",
    "DICEHALL_SERVE_ARGS", "DICEHALL_FUZZ", "DICEHALL_LOG_FORMAT",
}  # fmt: skip


def _not_numbers() -> list[str]:
    """The DICEHALL_* variables that hold a value that is not a number."""
    found = []
    for name, value in sorted(os.environ.items()):
        if name.startswith("DICEHALL_") and name not in WORDS:
            try:
                float(value)
            except ValueError:
                found.append(f"{name} must be a number, not {value!r}")
    return found


def check_config(
    host: Annotated[str, typer.Option("--host")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="Database URL (default SQLite).")] = None,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Server processes.")] = 1,
    forwarded_allow_ips: TrustedProxiesOpt = None,
    offline: Annotated[
        bool, typer.Option("--offline", help="Do not connect to the database.")
    ] = False,
) -> None:
    """Say what `dicehall serve` would do here; refuse an unsafe configuration (exit 2).

    Takes `serve`'s options and reads the same environment; covers the database, the
    record key, proxy trust, cookies, /metrics and the limits. Each refusal gives its reason.
    """
    with guard():
        try:
            from dicehall.web.deploy_check import Plan, examine
        except ValueError as exc:  # the web app reads its numeric settings as it loads
            reasons = "; ".join(_not_numbers()) or f"a DICEHALL_* setting is not a number: {exc}"
            fail(f"{reasons}: this configuration is refused")
        plan = Plan(host, port, db, workers, forwarded_allow_ips)
        found = examine(plan, connect=not offline)
    out = console()
    for name, value in found.facts:
        out.print(f"{name + ':':16} {value}", markup=False, soft_wrap=True)
    if found.limits:
        table = Table("limit", "value", "", title="limits", title_justify="left")
        for env, value, origin in found.limits:
            table.add_row(env, value, origin)
        out.print(table)
    err = error_console()
    for line in found.warnings:
        err.print(f"warning: {line}", style="yellow", markup=False, soft_wrap=True)
    for line in found.problems:
        err.print(f"refused: {line}", style="red", markup=False, soft_wrap=True)
    if not found.safe:
        err.print(f"{len(found.problems)} problem(s): this configuration is refused", style="red")
        raise typer.Exit(EXIT_ERROR)
    out.print("this configuration is safe to serve", markup=False)
