"""Searching bots get a thinking-time budget at web tables; other levels are unchanged."""

from __future__ import annotations

from dicehall.web.hall import interactive_level


def test_searching_levels_get_a_time_budget() -> None:
    assert interactive_level("mcts", "paradice") == "mcts:1s"
    assert interactive_level("expert", "jelly") == "expert:3s"  # jelly's expert is a bigger MCTS


def test_other_levels_and_given_budgets_are_kept() -> None:
    assert interactive_level("greedy", "paradice") == "greedy"
    assert interactive_level("expert", "purrramid") == "expert"  # an exact solver of its own
    assert interactive_level("mcts:50", "puru") == "mcts:50"
