"""Every answer tells the browser what to trust: a strict CSP, no framing, no sniffing, the
referrer kept home, powerful features off, HSTS over HTTPS; the API docs are off.

The attack: none of the 14 pages sent any of these headers, and /docs, /redoc and
/openapi.json were open to all. docs/security.md, *Headers*.
"""

from __future__ import annotations

import asyncio

import httpx
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from dicehall.web.protection.headers import SecurityHeaders
from tests.web.helpers import Server

EXPECTED = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}


def test_pages_api_answers_and_refusals_carry_the_headers(server: Server) -> None:
    answers = [
        httpx.get(f"{server.url}/"),
        httpx.get(f"{server.url}/account"),
        httpx.get(f"{server.url}/api/tables"),
        httpx.get(f"{server.url}/api/tables/no-such-table"),
        httpx.post(f"{server.url}/api/tables", content=b"x" * 70_000),  # the guard's 413
    ]
    assert [a.status_code for a in answers] == [200, 200, 200, 404, 413]
    for answer in answers:
        csp = answer.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
        for name, value in EXPECTED.items():
            assert answer.headers[name] == value
        assert "camera=()" in answer.headers["permissions-policy"]
        assert "strict-transport-security" not in answer.headers  # plain HTTP: no HSTS
    for path in ("/docs", "/redoc", "/openapi.json"):
        assert httpx.get(f"{server.url}{path}").status_code == 404


def test_hsts_only_over_https() -> None:
    app = SecurityHeaders(Starlette(routes=[Route("/", lambda _: PlainTextResponse("hi"))]))

    async def hsts(base: str) -> str | None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url=base) as client:
            return (await client.get("/")).headers.get("strict-transport-security")

    assert asyncio.run(hsts("https://dicehall.test")) == "max-age=31536000"
    assert asyncio.run(hsts("http://dicehall.test")) is None
