"""Which answers are a limit's refusal (web/observe.py) and who may read /metrics
(web/metrics.py): the rules on their own."""

from __future__ import annotations

import pytest

from dicehall.web.metrics import allowed
from dicehall.web.observe import limit_of


@pytest.mark.parametrize(
    ("path", "status", "code", "limit"),
    [
        ("/api/tables", 429, "rate_limited", "create"),
        ("/api/tables", 503, "server_full", "max_tables"),
        ("/api/tables", 503, "store_unavailable", None),  # the database, not a limit
        ("/api/replays", 429, "rate_limited", "upload"),
        ("/api/reviews", 429, "rate_limited", "upload"),
        ("/api/account/signin", 429, "rate_limited", "login"),
        ("/api/reviews", 503, "busy", "reviews_busy"),
        ("/api/tables/abc/coach", 503, "busy", "coach_busy"),
        ("/api/tables", 413, "too_large", "body_size"),
        ("/api/tables", 408, "too_slow", "body_time"),
        ("/api/tables", 408, None, "request_time"),
        ("/api/tables/x", 404, "not_found", None),
    ],
)
def test_a_refusal_is_named_by_its_limit(
    path: str, status: int, code: str | None, limit: str | None
) -> None:
    assert limit_of(path, status, code) == limit


def test_metrics_are_for_the_allowed_addresses_only() -> None:
    assert allowed("127.0.0.1", "127.0.0.1,::1")
    assert allowed("::1", "127.0.0.1,::1")
    assert allowed("10.1.2.3", "10.0.0.0/8")
    assert not allowed("127.0.0.2", "127.0.0.1,::1")
    assert not allowed("127.0.0.1", "")  # empty: nobody
    assert not allowed("unknown", "127.0.0.1")
    assert allowed("192.0.2.1", "*")
