"""Test-wide settings: Hypothesis profiles ('ci' by default; DICEHALL_FUZZ=nightly for more);
greedy bots decide in the server process (hundreds of test servers would each start a greedy
worker process; tests/web/test_workers.py and test_lifecycle.py test the workers); search
workers keep a normal CPU priority (idle-priority ones would wait behind the other tests on a
busy machine; test_workers.py tests that they are idle-priority by default); no background
solve of the expert's tables in the halls tests start in their own process."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "nightly", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("DICEHALL_FUZZ", "ci"))
os.environ.setdefault("DICEHALL_QUICK_WORKERS", "0")
os.environ.setdefault("DICEHALL_SEARCH_IDLE", "0")
# in-process halls never start the expert's 3.4 GB background solve (tests/web/test_prepare.py
# turns it on where it is tested; test servers get the same from tests/web/helpers.py)
os.environ.setdefault("DICEHALL_PREPARE_SOLVERS", "0")
