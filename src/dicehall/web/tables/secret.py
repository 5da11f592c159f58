"""A private table's secret: what its links carry besides its id (docs/security.md, *Private
tables*).

A private table is made with a random secret (`secrets.token_urlsafe(16)`, 128 bits) whose
SHA-256 digest is kept in its options (`store.SECRET_OPTION`, never shown); the secret itself
travels only in the fragment of the links the creator is given (`#secret=...`), which browsers
never send. Watching the table (a websocket hello without seat tokens), reading its details
(`GET /api/tables/{id}`) and claiming its open seat need the secret: with the id alone a
stranger is answered as for a table that does not exist. A seat's right token admits its
holder without the secret (the token says more than the secret does). Private tables made
before secrets existed have none and stay open to their id, as they were.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any

from dicehall.store import SECRET_OPTION, MatchRow, token_digest

MAX_SECRET = 64


def new_secret(options: dict[str, Any]) -> str:
    """A fresh secret for a private table (its digest put in `options`), "" for a public one."""
    options.pop(SECRET_OPTION, None)  # a rematch's options are copied: never the old secret
    if not options.get("private"):
        return ""
    secret = secrets.token_urlsafe(16)
    options[SECRET_OPTION] = token_digest(secret)
    return secret


def needs_secret(row: MatchRow) -> bool:
    return bool(row.options.get(SECRET_OPTION))


def admits(row: MatchRow, secret: Any) -> bool:
    """Whether `secret` opens the table (always, for a table without one)."""
    digest = row.options.get(SECRET_OPTION)
    if not digest:
        return True
    if not isinstance(secret, str) or not 0 < len(secret) <= MAX_SECRET:
        return False
    return hmac.compare_digest(token_digest(secret), str(digest))


def with_secret(link: str, secret: str) -> str:
    """`link` (a path with or without a fragment) carrying the table's secret in its fragment."""
    if not secret:
        return link
    path, _, fragment = link.partition("#")
    return f"{path}#secret={secret}" + (f"&{fragment}" if fragment else "")
