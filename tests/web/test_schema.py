"""Schemathesis against the served OpenAPI schema: generated requests for every operation, on a
real server process; no answer may be a 5xx and every documented answer must match its schema.

Bounded for `make test` (a few examples per operation); DICEHALL_FUZZ=nightly runs many more.
"""

from __future__ import annotations

import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from dicehall.web.app import create_app
from tests.web.helpers import Server

NIGHTLY = os.environ.get("DICEHALL_FUZZ") == "nightly"


# the app's schema as the server serves it (test_api checks it is served); building the app
# runs nothing. (`schemathesis.pytest.from_fixture` needs a pytest private that 9.x dropped.)
schema = schemathesis.openapi.from_dict(create_app("sqlite://").openapi())


@schema.parametrize()
@settings(
    max_examples=300 if NIGHTLY else 8,
    deadline=None,
    derandomize=not NIGHTLY,  # the same requests every run of `make test`
    suppress_health_check=list(HealthCheck),
)
def test_generated_requests_get_no_server_error_and_match_the_schema(
    server: Server, case: schemathesis.Case
) -> None:
    case.call_and_validate(
        base_url=server.url,
        checks=[not_a_server_error, response_schema_conformance],
        timeout=30,
    )
