"""How much each decision of a bot gives away in 2-player Basic Puru Puru, by the exact duel table.

At the decisions of greedy-vs-greedy games (every reroll, resolve, keep or give with a choice),
the bot under test picks a move; its regret is the exact value of the best choice less that of
its pick (`bots.solvers.puru_duel.values`), the greedy bot's regret at the same decisions is
printed beside it. `--exact-leaf` gives MCTS the exact table as its evaluation after the turn
(instead of the fitted model): it separates what the value costs from what the search costs.

Run: `python -m tests.bots.puru_duel_regret LEVEL [--decisions N] [--seed S] [--exact-leaf]`,
e.g. `mcts:1500` (solves the table first unless it is cached).
"""

from __future__ import annotations

import argparse
import random

from dicehall import games
from dicehall.bots import make_bot
from dicehall.core import CHANCE, sample
from dicehall.games.puru.bots import determinize as puru_search
from dicehall.games.puru.bots import solve_duel as puru_duel


def regret(level: str, decisions: int, seed: int, exact_leaf: bool) -> tuple[float, float, float]:
    """(the bot's mean regret, greedy's mean regret, share of decisions where they differ)."""
    game = games.make("puru", players=2)
    sol = puru_duel.load_or_solve()
    if exact_leaf:  # MCTS reads the evaluation's `win_probability` at call time
        puru_search.win_probability = lambda mover, other: sol.value(*mover, *other)
    rng = random.Random(seed)
    bots = [make_bot(level, game, s) for s in range(2)]
    greedy = [make_bot("greedy", game, s) for s in range(2)]
    total = total_greedy = 0.0
    seen = differ = 0
    while seen < decisions:
        state = game.initial_state()
        while not game.is_terminal(state):
            if game.actors(state) == (CHANCE,):
                state = game.apply(state, CHANCE, sample(game, state, rng))
                continue
            seat = game.actors(state)[0]
            legal = game.legal_actions(state, seat)
            view = game.observe(state, seat)
            played = greedy[seat].act(view, legal, rng)
            if len(legal) > 1 and seen < decisions:
                exact = puru_duel.values(sol, view)
                best = max(exact.values())
                pick = bots[seat].act(view, legal, random.Random(seen))
                total += best - exact[pick]
                total_greedy += best - exact[played]
                differ += pick != played
                seen += 1
            state = game.apply(state, seat, played)
    return total / seen, total_greedy / seen, differ / seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level")
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--exact-leaf", action="store_true")
    args = parser.parse_args()
    mine, greedy, differ = regret(args.level, args.decisions, args.seed, args.exact_leaf)
    leaf = " (exact leaf)" if args.exact_leaf else ""
    print(f"{args.level}{leaf}: {args.decisions} decisions; mean regret {mine:.4f}; "
          f"greedy's {greedy:.4f}; differs from greedy {differ:.0%}")  # fmt: skip


if __name__ == "__main__":
    main()
