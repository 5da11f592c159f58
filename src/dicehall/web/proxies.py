"""Which reverse proxies the server believes about a client's address and scheme.

Uvicorn takes a request's client address from `X-Forwarded-For` (and its scheme from
`X-Forwarded-Proto`) when the connection comes from an address it trusts, and by default it
trusts 127.0.0.1. Behind a local proxy that is right; without one, any local process can name
itself any address, and a proxy that passes the header on unchanged lets every client pick
its own. dicehall trusts nobody unless told (`DICEHALL_TRUSTED_PROXIES` or `serve
--forwarded-allow-ips`): each connection is then the address it comes from. Per-address
limits (web/protection/limits.py) and secure cookies (`DICEHALL_SECURE_COOKIES=auto`) follow.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from dicehall.core.errors import DicehallError

EVERYONE = "*"
MAX_ENTRIES = 64


def trusted(text: str) -> list[str]:
    """The addresses and networks in a comma-separated list (`*`: every address); raises
    `DicehallError` naming an entry that is neither."""
    entries = [e.strip() for e in text.split(",") if e.strip()]
    if len(entries) > MAX_ENTRIES:
        raise DicehallError(f"at most {MAX_ENTRIES} trusted proxies, not {len(entries)}")
    for entry in entries:
        if entry == EVERYONE:
            continue
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            raise DicehallError(
                f"trusted proxy {entry!r} is not an IP address or network (e.g. 127.0.0.1, "
                "10.0.0.0/8)"
            ) from None
    return entries


def proxy_trust(text: str) -> dict[str, Any]:
    """Uvicorn's settings for the trusted proxies in `text` (none: no header is believed)."""
    entries = trusted(text)
    return {"proxy_headers": bool(entries), "forwarded_allow_ips": ",".join(entries)}
