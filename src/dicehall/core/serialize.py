"""Canonical JSON and digests of states and content."""

from __future__ import annotations

import hashlib


def digest_text(text: str | bytes) -> str:
    raw = text.encode() if isinstance(text, str) else text
    return hashlib.sha256(raw).hexdigest()
