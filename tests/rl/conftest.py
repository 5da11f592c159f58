"""The RL tests need the `rl` extras (numpy, gymnasium, pettingzoo, open-spiel)."""

from __future__ import annotations

import importlib.util

EXTRAS = ("numpy", "gymnasium", "pettingzoo", "pyspiel")
collect_ignore_glob = (
    ["test_*.py"] if any(importlib.util.find_spec(m) is None for m in EXTRAS) else []
)
