"""Running the `dicehall` app in-process for tests."""

from __future__ import annotations

from collections.abc import Sequence

from typer.testing import CliRunner, Result

from dicehall.cli.main import app

WIDE = {"COLUMNS": "160", "NO_COLOR": "1", "TERM": "dumb"}


def run(args: Sequence[str], input: str | None = None) -> Result:
    """Invoke `dicehall ARGS` with `input` on stdin; exceptions are test failures."""
    result = CliRunner(env=WIDE).invoke(app, list(args), input=input, catch_exceptions=False)
    return result
