"""`dicehall check-config`: what a configuration does, and the unsafe ones it refuses.

docs/deploy/dicehall.env and dicehall.service are the documented deployment: the unit runs
check-config with serve's own arguments before every start, and the example environment file
is refused as shipped (it has no record key for its two processes) and accepted once one is set.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from dicehall.cli.main import app
from tests.cli.helpers import WIDE

DEPLOY = Path(__file__).parents[2] / "docs" / "deploy"
KEY = "0123456789abcdef" * 4
SETTINGS = (
    "DICEHALL_DATABASE_URL", "DICEHALL_RECORD_KEY", "DICEHALL_PUBLIC_URL",
    "DICEHALL_TRUSTED_PROXIES", "DICEHALL_SECURE_COOKIES", "DICEHALL_METRICS_ALLOW",
    "DICEHALL_MAX_BODY", "DICEHALL_CREATE_BURST",
)  # fmt: skip


def check(args: list[str], env: dict[str, str]) -> Result:
    """check-config with exactly `env` among dicehall's deployment settings."""
    clean: dict[str, str | None] = dict.fromkeys(SETTINGS)
    return CliRunner(env={**WIDE, **clean, **env}).invoke(app, ["check-config", *args])


def text(result: Result) -> str:
    return " ".join(result.output.split())


def example_env() -> dict[str, str]:
    pairs = (line.split("=", 1) for line in (DEPLOY / "dicehall.env").read_text().splitlines())
    return {k: v for k, v in (p for p in pairs if len(p) == 2) if not k.startswith("#")}


@pytest.fixture
def sqlite(tmp_path: Path) -> dict[str, str]:
    return {"DICEHALL_DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite'}"}


def test_the_default_configuration_is_safe_and_says_what_it_does(
    sqlite: dict[str, str],
) -> None:
    result = check([], sqlite)
    assert result.exit_code == 0, result.output
    said = text(result)
    assert "database: sqlite:///" in said and "made at first start" in said
    assert "proxy trust: none: X-Forwarded-For is ignored" in said
    assert "record key: made at first start in" in said
    assert "metrics: /metrics from 127.0.0.1, ::1" in said
    assert "budgets: in the process's memory" in said
    assert "DICEHALL_CREATE_BURST │ 10 │ default" in said


def test_the_example_environment_needs_its_record_key_and_then_passes() -> None:
    env = example_env()
    args = [*env["DICEHALL_SERVE_ARGS"].split(), "--offline"]  # no PostgreSQL here
    shipped = check(args, env)
    assert shipped.exit_code == 2
    assert "refused: --workers 2 needs DICEHALL_RECORD_KEY" in text(shipped)
    ready = check(args, {**env, "DICEHALL_RECORD_KEY": KEY})
    assert ready.exit_code == 0, ready.output
    said = text(ready)
    assert "believed from 127.0.0.1 only" in said and "public address: https://" in said
    assert "budgets: shared by every process, in the database" in said
    assert "DICEHALL_CREATE_BURST │ 10 │ set" in said


def test_the_unit_checks_the_configuration_it_serves() -> None:
    unit = (DEPLOY / "dicehall.service").read_text()
    pre = re.search(r"^ExecStartPre=(\S+) check-config (.*)$", unit, re.M)
    start = re.search(r"^ExecStart=(\S+) serve (.*)$", unit, re.M)
    assert pre and start and pre.groups() == start.groups()
    assert "EnvironmentFile=/etc/dicehall/dicehall.env" in unit


@pytest.mark.parametrize(
    ("args", "env", "reason"),
    [
        (["--workers", "2"], {"DICEHALL_RECORD_KEY": KEY}, "--workers 2 needs PostgreSQL"),
        (["--workers", "2", "--db", "postgresql+psycopg://u@127.0.0.1:1/x", "--offline"], {},
         "--workers 2 needs DICEHALL_RECORD_KEY"),
        ([], {"DICEHALL_RECORD_KEY": "short"}, "at least 32 characters"),
        ([], {"DICEHALL_PUBLIC_URL": "https://d.example", "DICEHALL_SECURE_COOKIES": "0",
              "DICEHALL_TRUSTED_PROXIES": "127.0.0.1"}, "secure cookies are off"),
        ([], {"DICEHALL_PUBLIC_URL": "https://d.example"}, "no proxy is trusted"),
        (["--host", "0.0.0.0", "--forwarded-allow-ips", "*"], {}, "every address is a trusted"),
        (["--forwarded-allow-ips", "127.0.0.1,nginx"], {}, "'nginx' is not an IP address"),
        ([], {"DICEHALL_SECURE_COOKIES": "yes"}, "must be auto, 0 or 1"),
        ([], {"DICEHALL_MAX_BODY": "lots"}, "DICEHALL_MAX_BODY must be a number"),
        ([], {"DICEHALL_METRICS_ALLOW": "anyone"}, "DICEHALL_METRICS_ALLOW"),
        (["--db", "postgresql+psycopg://nobody@127.0.0.1:1/none"], {}, "cannot be reached"),
    ],
)  # fmt: skip
def test_an_unsafe_configuration_is_refused_with_its_reason(
    sqlite: dict[str, str], args: list[str], env: dict[str, str], reason: str
) -> None:
    result = check(args, {**sqlite, **env})
    assert result.exit_code == 2, result.output
    assert reason in text(result)
    assert "this configuration is refused" in text(result)
    assert "Traceback" not in result.output


def test_a_trusted_proxy_behind_tls_with_auto_cookies_is_safe(sqlite: dict[str, str]) -> None:
    env = {"DICEHALL_PUBLIC_URL": "https://d.example", "DICEHALL_TRUSTED_PROXIES": "127.0.0.1"}
    result = check([], {**sqlite, **env})
    assert result.exit_code == 0, result.output
