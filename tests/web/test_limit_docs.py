"""docs/security.md names every resource limit of the server with its environment variable."""

from __future__ import annotations

from pathlib import Path

from dicehall.web.protection.limits import Limits

DOC = Path(__file__).resolve().parents[2] / "docs" / "security.md"


def test_every_limit_is_documented_with_its_variable() -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = [env for _, env, _ in Limits.settings() if f"`{env}`" not in text]
    assert missing == []
