"""Searching bots get a thinking-time budget at web tables; other levels are unchanged."""

from __future__ import annotations

from dicehall import games
from dicehall.bots import Seated
from dicehall.web.hall import Hall, interactive_level


def test_searching_levels_get_a_time_budget() -> None:
    assert interactive_level("mcts", "paradice") == "mcts:1s"
    assert interactive_level("expert", "jelly") == "expert:3s"  # jelly's expert is a bigger MCTS


def test_other_levels_and_given_budgets_are_kept() -> None:
    assert interactive_level("greedy", "paradice") == "greedy"
    assert interactive_level("expert", "purrramid") == "expert"  # an exact solver of its own
    assert interactive_level("mcts:50", "puru") == "mcts:50"


def test_the_server_builds_no_bot_it_never_asks_to_move() -> None:
    """Bots think in the workers (`web.workers`); the match only knows a seat is a bot's."""
    game = games.make("jelly", players=3, mode="tick")
    seats = [
        {"seat": 0, "kind": "human"},
        {"seat": 1, "kind": "bot", "bot": "expert"},
        {"seat": 2, "kind": "bot", "bot": "mcts:50"},
    ]
    made = Hall._bots(game, seats)
    assert all(isinstance(bot, Seated) for bot in made.values())
    assert {seat: bot.level for seat, bot in made.items()} == {1: "expert", 2: "mcts"}
