"""What the browser is told to trust: the security headers of every HTTP answer.

A strict Content-Security-Policy (scripts, styles, images and connections from this server
only: no inline script, no inline style attribute, no `eval`), no framing by any site
(`frame-ancestors 'none'` and `X-Frame-Options: DENY`), no content sniffing, the referrer
kept to this site, the browser's powerful features off, and HSTS when the request came over
HTTPS (uvicorn sets the scheme from a trusted proxy's `X-Forwarded-Proto`). docs/security.md,
*Headers*.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "content-security-policy": CSP,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "cross-origin-opener-policy": "same-origin",
}
HSTS = "max-age=31536000"


class SecurityHeaders:
    """ASGI middleware adding `HEADERS` (and HSTS over HTTPS) to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        https = scope.get("scheme") == "https"

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers.setdefault(name, value)
                if https:
                    headers.setdefault("strict-transport-security", HSTS)
            await send(message)

        await self.app(scope, receive, send_with_headers)
