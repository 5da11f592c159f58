"""A review's cost, estimated from its record before it is made (review/cost.py)."""

from __future__ import annotations

import json

from dicehall.engine.record import Record
from dicehall.review.cost import review_cost
from tests.web.attacks_costly import holding_record


def test_the_estimate_counts_every_playout_of_the_record() -> None:
    """Every decision of the holding Pig record has two legal moves (roll, hold), each played
    out `rollouts` times, and nothing else happens in it: playouts = rollouts x 2 x decisions;
    twice the record, twice the playouts."""
    costs = {}
    for horizon in (200, 400):
        record = Record.from_json(json.loads(holding_record(horizon)))
        cost = review_cost(record, estimate={"rollouts": 4})
        assert (cost.decisions, cost.other_steps) == (horizon, 0)
        assert cost.playouts == 4 * 2 * horizon
        assert cost.per_playout > 0 and cost.cpu_seconds == cost.playouts * cost.per_playout
        costs[horizon] = cost
    assert costs[400].playouts == 2 * costs[200].playouts
