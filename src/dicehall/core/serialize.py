"""Canonical JSON and digests of states and content."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(data: Any) -> str:
    """JSON with sorted keys and no spaces: equal data gives equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest_text(text: str | bytes) -> str:
    raw = text.encode() if isinstance(text, str) else text
    return hashlib.sha256(raw).hexdigest()


def state_digest(state: Any) -> str:
    """A stable digest of a state (frozen dataclasses of ints, enums and tuples repr stably)."""
    return digest_text(repr(state))[:16]
