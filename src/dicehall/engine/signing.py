"""Record signatures: an HMAC-SHA256 over the whole record with a server's secret key.

A server signs every record it hands out, so that an upload can be checked for any edit the
seed cannot reveal (names, seat kinds, bot labels, dates). The MAC covers the record's JSON in
canonical form (sorted keys, no spaces), every field but `signature` itself. Per-field MACs
ride along so that a refused record can say *which* fields were changed; the whole-record MAC
alone decides. The key id (a hash of the key) tells this server's signatures from others'.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from enum import StrEnum
from typing import Any

from dicehall.core.errors import CorruptRecordError

FIELD = "signature"
ALGORITHM = "HMAC-SHA256"


class Seal(StrEnum):
    """Who vouches for an uploaded record's names, seats and dates."""

    OURS = "signed by this server"
    FOREIGN = "signed by another server (not checked here)"
    UNSIGNED = "unsigned"


def _canonical(value: Any) -> bytes:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


def _mac(key: bytes, value: Any) -> str:
    return hmac.new(key, _canonical(value), hashlib.sha256).hexdigest()


def key_id(key: bytes) -> str:
    """A public name for a key (it reveals nothing of the key)."""
    return hashlib.sha256(b"dicehall record key\0" + key).hexdigest()[:16]


def _fields(key: bytes, body: dict[str, Any]) -> dict[str, str]:
    return {name: _mac(key, [name, value])[:16] for name, value in sorted(body.items())}


def sign(data: dict[str, Any], key: bytes) -> dict[str, Any]:
    """`data` with a `signature` over all its other fields."""
    body = {k: v for k, v in data.items() if k != FIELD}
    seal = {
        "algorithm": ALGORITHM,
        "key_id": key_id(key),
        "mac": _mac(key, body),
        "fields": _fields(key, body),
    }
    return {**body, FIELD: seal}


def seal_of(data: dict[str, Any], key: bytes) -> Seal:
    """Whose signature `data` carries; `CorruptRecordError` naming the changed fields when
    it carries this key's signature but was edited after signing."""
    seal = data.get(FIELD)
    if seal is None:
        return Seal.UNSIGNED
    if not isinstance(seal, dict) or not isinstance(seal.get("mac"), str):
        raise CorruptRecordError("the signature is malformed")
    if seal.get("key_id") != key_id(key):
        return Seal.FOREIGN
    body = {k: v for k, v in data.items() if k != FIELD}
    if hmac.compare_digest(seal["mac"], _mac(key, body)):
        return Seal.OURS
    raise CorruptRecordError(
        f"the record was changed after this server signed it ({_changed(seal, key, body)})"
    )


def _changed(seal: dict[str, Any], key: bytes, body: dict[str, Any]) -> str:
    signed = seal.get("fields")
    if not isinstance(signed, dict):
        return "the signature lists no fields"
    now = _fields(key, body)
    changed = [
        n for n in sorted(now) if n in signed and not hmac.compare_digest(str(signed[n]), now[n])
    ]
    added = [n for n in sorted(now) if n not in signed]
    removed = [str(n) for n in sorted(signed, key=str) if n not in now]
    parts = []
    if changed:
        parts.append("changed: " + ", ".join(changed))
    if added:
        parts.append("added: " + ", ".join(added))
    if removed:
        parts.append("removed: " + ", ".join(removed))
    return "; ".join(parts) or "the signature itself was changed"
