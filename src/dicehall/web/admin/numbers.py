"""The live numbers /admin shows: what /metrics knows (`web/metrics.py`), as a small JSON.

Gauges and counters are given as they are (summed over the server's processes); a histogram
as its count and mean; labelled series by label (`moves` by who moved, `refusals` by limit).
"""

from __future__ import annotations

from typing import Any

from dicehall.web import metrics

PREFIX = "dicehall_"


def numbers(state: Any) -> dict[str, Any]:
    """{name: value, or {label: value}, or {"count", "mean_ms"}} for every dicehall metric."""
    out: dict[str, Any] = {}
    for metric in metrics.current(state):
        if not metric.name.startswith(PREFIX):
            continue
        name = metric.name[len(PREFIX) :]
        if metric.type == "histogram":
            total: dict[str, float] = {}
            for s in metric.samples:  # every label's together (bot levels)
                suffix = s.name[len(metric.name) :]
                total[suffix] = total.get(suffix, 0.0) + s.value
            count = total.get("_count", 0.0)
            mean = total.get("_sum", 0.0) / count * 1000 if count else None
            out[name] = {"count": count, "mean_ms": mean}
            continue
        samples = [s for s in metric.samples if not s.name.endswith("_created")]
        labelled = {next(iter(s.labels.values())): s.value for s in samples if s.labels}
        if labelled:
            out[name] = labelled
        elif samples:
            out[name] = sum(s.value for s in samples)
    return out
