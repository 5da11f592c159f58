"""The duel expert against GreedyBot in real games (2-player Basic Puru Puru), seats alternated.

Run: `python -m tests.bots.puru_duel_match SECONDS` (the solved table from the disk cache, or
solved first). Prints the expert's wins alone, shared wins and losses with Wilson 95% intervals.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from dicehall import games
from dicehall.engine.match import Match
from dicehall.games.puru.bots.greedy import GreedyBot
from dicehall.games.puru.bots.solve_duel import DuelSolution, best_action, load_or_solve
from dicehall.sim.stats import wilson


class DuelExpert:
    level = "expert"

    def __init__(self, sol: DuelSolution) -> None:
        self.sol = sol

    def act(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return best_action(self.sol, view, legal_actions)


def play(seconds: float, seed: int = 0) -> dict[int, list[int]]:
    """Per expert seat: [won alone, shared, lost] counts, games until `seconds` have passed."""
    sol = load_or_solve()
    game = games.make("puru", players=2)
    tally = {0: [0, 0, 0], 1: [0, 0, 0]}
    end, n = time.time() + seconds, 0
    while time.time() < end:
        seat = n % 2
        bots = {seat: DuelExpert(sol), 1 - seat: GreedyBot(game, 1 - seat)}
        match = Match(game, seed + n, bots=bots)  # type: ignore[arg-type]
        match.run_bots()
        winners = game.result(match.state).winners
        tally[seat][0 if winners == (seat,) else 1 if seat in winners else 2] += 1
        n += 1
    return tally


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 600.0
    tally = play(seconds)
    both = [a + b for a, b in zip(tally[0], tally[1], strict=True)]
    for name, (won, shared, lost) in [("first", tally[0]), ("second", tally[1]), ("all", both)]:
        n = won + shared + lost
        lo, hi = wilson(won, n)
        slo, shi = wilson(won + shared, n)
        score = (won + shared / 2) / n
        print(f"expert {name:6} n={n}: won alone {won / n:.4f} [{lo:.4f}, {hi:.4f}], "
              f"won or shared {(won + shared) / n:.4f} [{slo:.4f}, {shi:.4f}], "
              f"shared {shared}, lost {lost}, score {score:.4f}")  # fmt: skip


if __name__ == "__main__":
    main()
